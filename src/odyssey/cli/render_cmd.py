"""``odyssey render``: one screenshot of a world from a position, as an agent would see it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer

from odyssey.cli.errors import fail, friendly_errors
from odyssey.cli.worlds import load_world
from odyssey.render.view import MAX_SIDE, Hotbar, ViewSettings, Waypoint
from odyssey.sim.player import PlayerState

FORMATS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg"}


def parse_size(text: str) -> tuple[int, int]:
    """'854x480' -> (854, 480), with a clear message for anything else."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise fail(f"--size {text}: expected WIDTHxHEIGHT in pixels, e.g. 854x480")
    width, height = int(parts[0]), int(parts[1])
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise fail(f"--size {text}: each side must be 1..{MAX_SIDE} pixels")
    return width, height


def parse_waypoint(text: str) -> Waypoint:
    """'NAME,X,Y,Z[,INITIALS[,COLOUR]]' -> Waypoint."""
    parts = [p.strip() for p in text.split(",")]
    try:
        name, x, y, z = parts[0], float(parts[1]), float(parts[2]), float(parts[3])
        initials = parts[4] if len(parts) > 4 else ""
        color = int(parts[5]) if len(parts) > 5 else 0
    except (IndexError, ValueError):
        raise fail(f"--waypoint {text}: expected NAME,X,Y,Z[,INITIALS[,COLOUR 0-15]]") from None
    if not 0 <= color <= 15:
        raise fail(f"--waypoint {text}: colour must be 0..15 (Minecraft's chat colours)")
    return Waypoint(name, initials, (x, y, z), color)


@friendly_errors
def render(
    world: Annotated[str, typer.Argument(help="World folder or built-in world id (demo).")],
    at: Annotated[tuple[float, float, float], typer.Option(help="The player's feet: X Y Z.")],
    out: Annotated[Path, typer.Option(help="Image file: .png, .jpg or .jpeg.")],
    yaw: Annotated[
        float, typer.Option(help="Yaw in vanilla degrees (0 = south, 90 = west).")
    ] = 0.0,
    pitch: Annotated[float, typer.Option(help="Pitch in vanilla degrees (+ = down).")] = 0.0,
    size: Annotated[str, typer.Option(help="WIDTHxHEIGHT in pixels.")] = "854x480",
    view: Annotated[
        str, typer.Option(help="first, third or six (the six-view composite).")
    ] = "first",
    fov: Annotated[float, typer.Option(help="Vertical FOV setting (benchmark: 100).")] = 70.0,
    map_screen: Annotated[bool, typer.Option("--map", help="Show the world-map screen.")] = False,
    time: Annotated[str, typer.Option(help="noon or midnight.")] = "noon",
    rain: Annotated[bool, typer.Option("--rain", help="It is raining.")] = False,
    torch: Annotated[bool, typer.Option("--torch", help="Hold the torch (hotbar slot 2).")] = False,
    hud: Annotated[bool, typer.Option("--hud", help="Show position and facing.")] = False,
    minimap: Annotated[bool, typer.Option("--minimap", help="Show the minimap.")] = False,
    reveal_map: Annotated[
        bool, typer.Option("--reveal-map", help="The map shows every chunk, not only explored.")
    ] = False,
    render_distance: Annotated[int, typer.Option(help="Render distance in chunks.")] = 12,
    waypoint: Annotated[
        list[str] | None,
        typer.Option(help="A waypoint to mark: NAME,X,Y,Z[,INITIALS[,COLOUR]] (repeatable)."),
    ] = None,
    quality: Annotated[int, typer.Option(help="JPEG quality.")] = 75,
) -> None:
    """Render what a player at --at sees (first person, third person, six views or the map)."""
    from odyssey.render.screen import GameView, encode_jpeg, encode_png

    kind = FORMATS.get(out.suffix.lower())
    if kind is None:
        raise fail(f"--out {out}: the file name must end in .png, .jpg or .jpeg")
    if not out.parent.exists():
        raise fail(f"--out {out}: folder {out.parent} does not exist")
    width, height = parse_size(size)
    try:
        settings = ViewSettings(
            width=width,
            height=height,
            fov=fov,
            view=view,  # type: ignore[arg-type]
            time=time,  # type: ignore[arg-type]
            rain=rain,
            render_distance=render_distance,
            hud=hud,
            minimap=minimap,
            reveal_map=reveal_map,
            jpeg_quality=quality,
        )
    except ValueError as e:
        raise fail(str(e)) from None
    waypoints = [parse_waypoint(w) for w in waypoint or []]
    loaded = load_world(world, option="WORLD")
    x, y, z = at
    if loaded.chunk(math.floor(x) >> 4, math.floor(z) >> 4) is None:
        positions = loaded.chunk_positions()
        hint = ""
        if positions:
            xs = [p[0] for p in positions]
            zs = [p[1] for p in positions]
            hint = (
                f"; its chunks cover x {min(xs) * 16}..{max(xs) * 16 + 15},"
                f" z {min(zs) * 16}..{max(zs) * 16 + 15}"
            )
        raise fail(f"--at {x:g} {y:g} {z:g}: the world {world} has no chunk there{hint}")
    hotbar = Hotbar.benchmark()
    if torch:
        hotbar = hotbar.select(1)
    player = PlayerState(pos=(x, y, z), yaw=yaw, pitch=pitch)
    game_view = GameView(loaded, settings, waypoints, hotbar)
    if map_screen:
        game_view.key("m")
    frame = game_view.frame(player)
    data = encode_png(frame) if kind == "png" else encode_jpeg(frame, quality)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(out)
    typer.echo(f"wrote {out} ({width}x{height}, {view} view{', map' if map_screen else ''})")
