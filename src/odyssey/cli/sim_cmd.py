"""``odyssey sim ...``: run scripted player movement and write traces."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import friendly_errors
from odyssey.cli.worlds import load_world
from odyssey.sim.player import PlayerState
from odyssey.sim.trace import load_inputs, run_trace

sim_app = typer.Typer(help="Simulate the player: movement traces.", no_args_is_help=True)


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
