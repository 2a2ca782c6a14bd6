"""``odyssey nav ...``: plan reference paths through a world and walk them in the simulation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from odyssey.cli.errors import fail, friendly_errors
from odyssey.cli.worlds import load_world
from odyssey.nav import NavGraph, PathFollower, plan_route
from odyssey.nav.profile import PROFILES, profile
from odyssey.sim.game import Game
from odyssey.sim.player import PlayerState

nav_app = typer.Typer(help="Navigation: reference paths and path following.", no_args_is_help=True)
console = Console(highlight=False, soft_wrap=True)
Point = tuple[float, float, float]


@nav_app.command("path")
@friendly_errors
def path(
    world: Annotated[str, typer.Argument(help="World folder or built-in world id (demo, city).")],
    start: Annotated[Point, typer.Option("--from", help="Start (the feet): X Y Z.")],
    target: Annotated[Point, typer.Option("--to", help="Target: X Y Z.")],
    via: Annotated[
        list[str] | None,
        typer.Option(help="A stop on the way, 'X Y Z' or X,Y,Z; repeat in order."),
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Write the route as JSON here.")] = None,
    follow: Annotated[
        bool, typer.Option("--follow", help="Also walk the route in the physics simulation.")
    ] = False,
    movement: Annotated[
        str, typer.Option("--profile", help=f"Movement profile: {', '.join(PROFILES)}.")
    ] = "odyssey",
    radius: Annotated[float, typer.Option(help="Arrival distance (3-D, blocks).")] = 3.5,
    radius_y: Annotated[float, typer.Option(help="Arrival height tolerance (blocks).")] = 1.5,
    max_ticks: Annotated[int, typer.Option(help="Tick limit for --follow (20 per second).")] = 0,
) -> None:
    """Plan start -> stops -> target; print status, length, node expansions and time."""
    prof = profile(movement)
    stops = [start, *(_point(v) for v in via or []), target]
    graph = NavGraph(load_world(world), prof)
    route = plan_route(graph, stops, prof, radius=radius, radius_y=radius_y)
    console.print(
        f"status {route.status}  length {route.length:.2f} blocks  "
        f"expansions {route.expansions:,}  time {route.seconds * 1000:.1f} ms  "
        f"steps {len(route.steps)}  profile {prof.name}"
    )
    for i, (status, length) in enumerate(
        zip(route.segment_status, route.segment_lengths, strict=True), 1
    ):
        console.print(f"  segment {i}: {status}, {length:.2f} blocks")
    actions = [s for s in route.steps if s.action in ("open_door", "press_button")]
    for s in actions:
        console.print(f"  {s.action.replace('_', ' ')} at {list(s.target or ())}")
    if route.fall_damage:
        console.print(f"  fall damage on the way: {route.fall_damage:g}")
    if route.message:
        console.print(f"  {route.message}")
    data = route.to_json()
    reached_all = True
    if follow and route.reachable:
        ticks = max_ticks or int(20 * (60 + route.length))
        game = Game(graph.world, PlayerState(pos=route.steps[0].pos, on_ground=True))
        result = PathFollower(game, route, graph).run(ticks)
        data["follow"] = result.to_json()
        for i, ok in enumerate(result.reached, 1):
            console.print(f"  stop {i}: {'reached' if ok else 'NOT reached'}")
        console.print(
            f"followed in {result.ticks} ticks ({result.ticks / 20:.1f} s of game time), "
            f"{result.replans} replans, health {result.final.health:g}"
        )
        reached_all = all(result.reached)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=1))
        console.print(f"wrote {out}")
    if not route.reachable or not reached_all:
        raise typer.Exit(1)


def _point(text: str) -> Point:
    parts = text.replace(",", " ").split()
    try:
        x, y, z = (float(p) for p in parts)
    except ValueError:
        raise fail(f"--via {text!r}: expected three numbers X Y Z") from None
    return (x, y, z)
