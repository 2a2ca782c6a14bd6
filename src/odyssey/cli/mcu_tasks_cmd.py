"""``odyssey mcu tasks ...``: the MCU atomic task library (list, show one, counts).

Errors (an unknown id, a selector that selects nothing, an unknown category) are one line on
stderr with exit code 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import friendly_errors
from odyssey.mcu import taxonomy
from odyssey.mcu.library import build_library
from odyssey.mcu.library.report import how_checked, stats_markdown, task_json, task_text

tasks_app = typer.Typer(help="MCU atomic tasks: list, show, counts.", no_args_is_help=True)


@tasks_app.command("list")
@friendly_errors
def list_cmd(
    select: Annotated[
        str | None,
        typer.Option(
            help="Ids, globs (craft_to_*), category:<id>, subcategory:<id>, verb:<v>; "
            "comma-separated."
        ),
    ] = None,
    category: Annotated[str | None, typer.Option(help="Only this category (e.g. mine).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the tasks as JSON.")] = False,
) -> None:
    """The library's tasks, one a line: id, category/sub-category, how checked, text."""
    library = build_library()
    tasks = library.select(select) if select else library.tasks
    if category is not None:
        taxonomy.check(category, where="--category")
        tasks = tuple(t for t in tasks if t.category == category)
    if as_json:
        print(json.dumps([task_json(t) for t in tasks], ensure_ascii=False, indent=1))
        return
    width = max((len(t.id) for t in tasks), default=0)
    for t in tasks:
        where = f"{t.category}/{t.subcategory}"
        print(f"{t.id:<{width}}  {where:<32}  {how_checked(t):<10}  {t.text}")
    print(f"{len(tasks)} tasks")


@tasks_app.command("show")
@friendly_errors
def show(
    task_id: Annotated[str, typer.Argument(help="A task id, e.g. craft_to_stick.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the task as JSON.")] = False,
) -> None:
    """One task: text, category, success rule (in words and as JSON), judge, note."""
    task = build_library().get(task_id)
    if as_json:
        print(json.dumps(task_json(task), ensure_ascii=False, indent=2))
    else:
        print(task_text(task))


@tasks_app.command("stats")
@friendly_errors
def stats(
    as_json: Annotated[bool, typer.Option("--json", help="Print the counts as JSON.")] = False,
    markdown: Annotated[
        Path | None, typer.Option(help="Also write the counts as a Markdown table here.")
    ] = None,
) -> None:
    """Counts per category and sub-category, and rejected candidates per reason."""
    library = build_library()
    text = stats_markdown(library)
    if markdown is not None:
        markdown.parent.mkdir(parents=True, exist_ok=True)
        markdown.write_text(text, encoding="utf-8")
    if as_json:
        print(json.dumps(library.stats(), indent=2))
    else:
        print(text, end="")
