"""``odyssey sim ...``: run scripted player movement and write traces."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import fail, friendly_errors
from odyssey.sim.player import PlayerState
from odyssey.sim.trace import load_inputs, run_trace
from odyssey.world import World, open_world
from odyssey.world.anvil import is_world_folder
from odyssey.world.generate import generate_demo_world

sim_app = typer.Typer(help="Simulate the player: movement traces.", no_args_is_help=True)
BUILT_IN_WORLDS = {"demo": lambda: generate_demo_world(seed=0)}


def load_world(spec: str) -> World:
    """A world folder, or a built-in world id."""
    if spec in BUILT_IN_WORLDS and not Path(spec).exists():
        return BUILT_IN_WORLDS[spec]()
    path = Path(spec)
    if not path.exists() and not is_world_folder(path):
        known = ", ".join(sorted(BUILT_IN_WORLDS))
        raise fail(f"--world {spec}: no such world folder or built-in world (built-in: {known})")
    return open_world(path)


@sim_app.command("trace")
@friendly_errors
def trace(
    world: Annotated[str, typer.Option(help="World folder or built-in world id (demo).")],
    start: Annotated[
        tuple[float, float, float], typer.Option(help="Start position of the feet: X Y Z.")
    ],
    inputs: Annotated[Path, typer.Option(help="JSON list of input segments or ticks.")],
    out: Annotated[
        Path | None, typer.Option(help="JSON-lines trace file (default stdout).")
    ] = None,
    yaw: Annotated[float, typer.Option(help="Start yaw, vanilla degrees (0 = +Z).")] = 0.0,
    pitch: Annotated[float, typer.Option(help="Start pitch, vanilla degrees (+ = down).")] = 0.0,
) -> None:
    """Run a scripted input sequence and write one JSON line per tick (tick 0 = start)."""
    segments = load_inputs(inputs)
    player = PlayerState(pos=start, yaw=yaw, pitch=pitch, on_ground=False)
    lines = (json.dumps(line) + "\n" for _, line in run_trace(load_world(world), player, segments))
    if out is None:
        sys.stdout.writelines(lines)
        return
    tmp = out.with_name(out.name + ".tmp")
    with tmp.open("w") as handle:
        handle.writelines(lines)
    tmp.replace(out)
