"""``odyssey report RUN [RUN…] --out DIR``: the static HTML report over evaluation runs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import friendly_errors

report_app = typer.Typer(help="Static HTML reports over evaluation runs.", no_args_is_help=True)


@report_app.command("report")
@friendly_errors
def report(
    runs: Annotated[
        list[Path], typer.Argument(help="Run folders (each with run.json).", metavar="RUN...")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write the report into.")],
) -> None:
    """Write tables, plots, and one page per episode (path on the map, screenshots)."""
    from odyssey.bench.report import build_report

    index = build_report(runs, out)
    print(f"wrote {index}")
