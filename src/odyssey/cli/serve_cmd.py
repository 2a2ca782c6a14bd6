"""``odyssey serve``: the local dashboard over a runs folder (live episodes, replays)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import fail, friendly_errors

LOOPBACK = ("127.0.0.1", "::1", "localhost")


@friendly_errors
def serve(
    runs: Annotated[Path, typer.Option(help="Folder of evaluation and MCU runs.")] = Path("runs"),
    port: Annotated[int, typer.Option(help="TCP port (0: any free port).")] = 8765,
    host: Annotated[
        str, typer.Option(help="Address to listen on; loopback unless you mean to share it.")
    ] = "127.0.0.1",
) -> None:
    """Serve the dashboard: runs (evaluations and MCU runs), live episodes, step-by-step
    replays."""
    try:
        import uvicorn

        from odyssey.mcu.dashboard import McuRunKind
        from odyssey.web import create_app
    except ImportError as e:
        hint = "pip install fastapi uvicorn"
        raise fail(f"the dashboard needs fastapi and uvicorn ({e}): {hint}") from None
    if not runs.is_dir():
        raise fail(f"--runs {runs}: no such folder")
    if host not in LOOPBACK:
        typer.echo(f"warning: serving on {host}: anyone who reaches it can read the runs", err=True)
    typer.echo(f"dashboard for {runs.resolve()} on http://{host}:{port}/ (Ctrl-C stops)")
    app = create_app(runs, kinds=(McuRunKind(),))
    uvicorn.run(app, host=host, port=port, log_level="warning")


serve_app = typer.Typer(help="The local web dashboard.", invoke_without_command=True)
serve_app.callback()(serve)
