"""Entry point of the ``odyssey`` command."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from odyssey import __version__
from odyssey.cli.episode_cmd import episode_app
from odyssey.cli.errors import friendly_errors
from odyssey.cli.eval_cmd import eval_app
from odyssey.cli.maps_cmd import maps_app
from odyssey.cli.mcu_cmd import mcu_app
from odyssey.cli.nav_cmd import nav_app
from odyssey.cli.render_cmd import render
from odyssey.cli.report_cmd import report
from odyssey.cli.runs_cmd import runs_app
from odyssey.cli.serve_cmd import serve_app
from odyssey.cli.sim_cmd import sim_app
from odyssey.cli.tasks_cmd import tasks_app
from odyssey.cli.world_cmd import blocks_app, console, print_summary, world_app
from odyssey.world import open_world, save_world
from odyssey.world.generate import generate_demo_world
from odyssey.world.summary import summarize_world
from odyssey.world.topdown import save_topdown

app = typer.Typer(
    help="Odyssey: measure how well AI agents act in Minecraft worlds.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(world_app, name="world")
app.add_typer(blocks_app, name="blocks")
app.add_typer(sim_app, name="sim")
app.add_typer(nav_app, name="nav")
app.add_typer(maps_app, name="maps")
app.add_typer(episode_app, name="episode")
app.add_typer(tasks_app, name="tasks")
app.command("render")(render)
app.command("report")(report)
app.add_typer(serve_app, name="serve")
app.add_typer(runs_app, name="runs")
app.add_typer(eval_app, name="eval")
app.add_typer(mcu_app, name="mcu")


def _version(value: bool) -> None:
    if value:
        print(f"odyssey {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Odyssey: measure how well AI agents act in Minecraft worlds."""


@app.command()
@friendly_errors
def demo(
    out: Annotated[Path, typer.Option(help="Folder for the demo's world and picture.")] = Path(
        "odyssey-demo"
    ),
    seed: Annotated[int, typer.Option(help="Seed of the world generator.")] = 0,
) -> None:
    """The end-to-end demonstration: generate a world, save it as Anvil, load it back, summarise.

    (Until the evaluation exists; later it runs a built-in agent on a built-in suite.)
    """
    start = time.perf_counter()
    world = generate_demo_world(seed)
    world_dir = save_world(world, out / "world")
    reloaded = open_world(world_dir)
    mismatches = _compare_blocks(world, reloaded)
    summary = summarize_world(reloaded)
    picture = out / "topdown.png"
    save_topdown(reloaded, picture)
    print_summary(summary, str(world_dir), top=8)
    verdict = "identical" if mismatches == 0 else f"{mismatches} blocks DIFFER"
    console.print(f"round trip: blocks read back from Anvil are {verdict}")
    view = out / "view.jpg"
    _demo_screenshot(reloaded, view)
    console.print(f"wrote {world_dir}, {picture} and {view} in {time.perf_counter() - start:.1f} s")
    if mismatches:
        raise typer.Exit(1)


def _demo_screenshot(world, path: Path) -> None:
    """What a player on the demo world's street sees, with markers on the named houses."""
    from odyssey.render.screen import GameView, encode_jpeg
    from odyssey.render.view import Hotbar, ViewSettings, Waypoint
    from odyssey.sim.player import PlayerState
    from odyssey.world.signs import sign_lines

    waypoints = [
        Waypoint(name, "".join(w[0] for w in name.split()), (x, y, z), 12)
        for chunk in world.chunks()
        for (x, y, z), entity in sorted(chunk.block_entities.items())
        if (name := sign_lines(entity)[0].strip())
    ]
    view = GameView(world, ViewSettings.benchmark(), waypoints, Hotbar.benchmark())
    frame = view.frame(PlayerState(pos=DEMO_VIEWPOINT[:3], yaw=DEMO_VIEWPOINT[3], pitch=8.0))
    path.write_bytes(encode_jpeg(frame, 75))
    view.close()


DEMO_VIEWPOINT = (-6.0, 65.0, 28.0, 200.0)


def _compare_blocks(original, reloaded) -> int:
    """Count blocks that differ between two worlds over the original's chunks."""
    differ = 0
    for chunk in original.chunks():
        lo = (chunk.cx * 16, original.dimension.min_y, chunk.cz * 16)
        hi = (chunk.cx * 16 + 16, original.dimension.max_y, chunk.cz * 16 + 16)
        differ += int((original.get_box(lo, hi) != reloaded.get_box(lo, hi)).sum())
    return differ


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
