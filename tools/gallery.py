"""Render the gallery: a fixed set of scenes of the showcase town, the benchmark city and the
survival mechanics' blocks (``odyssey.render.mechscene``).

    python tools/gallery.py [--out docs/gallery] [--size 854x480] [--only mechanics]

Writes one JPEG (quality 85) per scene and an ``index.md`` listing them with captions. The
scenes, positions, ticks and inputs are fixed, so a run on the same machine writes the same
bytes every time. Town scenes share one ``GameView`` and run in order: the map scenes rely on
the screen state (zoom, search field) the scene before left, as a player's session would.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from odyssey.render.mechscene import MECH_VIEWS, mechanics_world
from odyssey.render.screen import GameView, encode_jpeg
from odyssey.render.view import Hotbar, ViewSettings, Waypoint
from odyssey.sim.player import PlayerState
from odyssey.world.city import city_world
from odyssey.world.showcase import (
    FEET,
    SHOWCASE_VIEWS,
    SHOWCASE_WAYPOINTS,
    ShowcaseView,
    showcase_world,
)

QUALITY = 85
RENDER_DISTANCE = 4  # chunks: the whole 64 x 64 town and a rim of empty land
RAIN_TICK = 37  # a fixed game tick, so the rain streaks fall in the same place every run
# A walk along the streets for the map: south to north on the main street, then west.
WALK = [(0.5, FEET, z) for z in (24.5, 12.5, 0.5)] + [(x, FEET, 0.5) for x in (-12.5, -24.5)]
MAP_DRAG = 0.15  # of the screen width: drags the map from the walk's end to the town's centre
CITY_VIEW = ShowcaseView((-10.5, 64.0, -9.5), -160.0, 0.0, "The benchmark city")

Render = Callable[[GameView, ViewSettings], np.ndarray]


@dataclass(frozen=True)
class Scene:
    """One town image: its file name, caption and how to render it with the shared view."""

    file: str
    caption: str
    render: Render


def player(view: ShowcaseView) -> PlayerState:
    return PlayerState(pos=view.pos, yaw=view.yaw, pitch=view.pitch, on_ground=True)


def waypoints() -> list[Waypoint]:
    return [Waypoint(name, initials, pos, c) for name, initials, pos, c in SHOWCASE_WAYPOINTS]


def shot(name: str, **changes: object) -> Render:
    """A frame from the named viewpoint with some settings changed from the gallery's base."""

    def render(game: GameView, base: ViewSettings) -> np.ndarray:
        game.settings = replace(base, **changes)
        return game.frame(player(SHOWCASE_VIEWS[name]), tick=RAIN_TICK)

    return render


def torch_shot(game: GameView, base: ViewSettings) -> np.ndarray:
    """Midnight with the torch in hand: key 2 selects the benchmark's torch slot."""
    game.key("2")
    try:
        return shot("night", time="midnight")(game, base)
    finally:
        game.key("1")


def walk_and_open_map(game: GameView, base: ViewSettings) -> PlayerState:
    """Walk the streets (marking chunks explored) and press m where the walk ends."""
    game.settings = base
    for pos in WALK:
        game.observe(PlayerState(pos=pos))
    game.key("m")
    return walk_end()


def walk_end() -> PlayerState:
    return PlayerState(pos=WALK[-1], yaw=270.0)


def map_shot(game: GameView, base: ViewSettings) -> np.ndarray:
    """The map zoomed in three wheel steps (Xaero keeps the zoom for later openings) and
    dragged so the town is in the middle."""
    at = walk_and_open_map(game, base)
    try:
        game.scroll(3)
        game.drag(-MAP_DRAG * base.width, 0.0)
        return game.frame(at)
    finally:
        game.key("Escape")


def map_typing_shot(game: GameView, base: ViewSettings) -> np.ndarray:
    """The waypoint search open (ctrl+f) with part of a name typed: the matches are listed."""
    at = walk_and_open_map(game, base)
    game.key("ctrl+f")
    game.type("Pa")
    return game.frame(at)


def map_found_shot(game: GameView, base: ViewSettings) -> np.ndarray:
    """Finish typing the name and press Return: the map centres on the match."""
    try:
        game.type("vilion")
        game.key("Return")
        return game.frame(walk_end())
    finally:
        game.key("Escape")


SCENES = (
    Scene("01-street.jpg", "Street view of the town square (first person, FOV 70)", shot("street")),
    Scene(
        "02-benchmark.jpg",
        "Benchmark profile (FOV 100): the Town Hall and Bakery markers within 32 blocks",
        shot("square", fov=100.0, markers=True),
    ),
    Scene(
        "03-entrance.jpg",
        "Bakery: front steps (stairs), a closed and an open door, trapdoor shutters, a ladder "
        "to the fenced roof terrace",
        shot("entrance"),
    ),
    Scene(
        "04-beach.jpg",
        "Sand beach, pool, slab pier and fountain (source, flowing and falling water)",
        shot("beach"),
    ),
    Scene("05-signs.jpg", "Signs close up: a wall sign and a standing sign", shot("signs")),
    Scene(
        "06-park.jpg",
        "Park: oak tree, pavilion of eight woods, fenced flower garden with gates, the 16 "
        "concrete and wool colours, a cobblestone wall",
        shot("park"),
    ),
    Scene("07-map.jpg", "World map after a walk along the streets (m, zoom, drag)", map_shot),
    Scene("08-map-search.jpg", "World map search (ctrl+f): 'Pa' typed", map_typing_shot),
    Scene("09-map-found.jpg", "World map search: 'Pavilion', Return", map_found_shot),
    Scene("10-midnight.jpg", "Midnight without a torch", shot("night", time="midnight")),
    Scene("11-midnight-torch.jpg", "Midnight holding the torch (hotbar slot 2)", torch_shot),
    Scene("12-rain.jpg", "Rain", shot("street", rain=True)),
    Scene("13-third-person.jpg", "Third person (F5)", shot("square", view="third")),
    Scene(
        "14-six-views.jpg",
        "Six-view composite (up, feet, main / left, back, right)",
        shot("square", view="six"),
    ),
    Scene(
        "15-hud-minimap.jpg",
        "HUD (position and facing) and minimap",
        shot("square", hud=True, minimap=True, markers=True),
    ),
)
CITY = ("16-city.jpg", "The benchmark city (benchmark profile: FOV 100, render distance 12)")
# The mechanics scenes: (file, view, time of day)
MECHANICS = (
    ("17-mech-farm.jpg", "farm", "noon"),
    ("18-mech-fluids.jpg", "fluids", "noon"),
    ("19-mech-redstone.jpg", "redstone", "noon"),
    ("20-mech-redstone-midnight.jpg", "redstone", "midnight"),
    ("21-mech-pistons.jpg", "pistons", "noon"),
    ("22-mech-containers.jpg", "containers", "noon"),
)


def town_images(size: tuple[int, int]) -> list[tuple[str, str, np.ndarray]]:
    """Render every town scene with one shared GameView (the town is meshed once)."""
    base = ViewSettings(
        width=size[0], height=size[1], render_distance=RENDER_DISTANCE, markers=False
    )
    game = GameView(showcase_world(seed=0), base, waypoints(), Hotbar.benchmark())
    try:
        return [(s.file, s.caption, s.render(game, base)) for s in SCENES]
    finally:
        game.close()


def city_image(size: tuple[int, int]) -> tuple[str, str, np.ndarray]:
    """The benchmark city seen with the benchmark profile."""
    settings = replace(ViewSettings.benchmark(), width=size[0], height=size[1])
    game = GameView(city_world(), settings, hotbar=Hotbar.benchmark())
    try:
        return (*CITY, game.frame(player(CITY_VIEW)))
    finally:
        game.close()


def mechanics_images(size: tuple[int, int]) -> list[tuple[str, str, np.ndarray]]:
    """The survival mechanics' blocks: crops, fluids, portals, redstone, pistons, containers."""
    base = ViewSettings(
        width=size[0], height=size[1], render_distance=3, hotbar=False, crosshair=False
    )
    game = GameView(mechanics_world(), base)
    images = []
    try:
        for file, name, time in MECHANICS:
            view = MECH_VIEWS[name]
            game.settings = replace(base, time=time)
            at = PlayerState(pos=view.pos, yaw=view.yaw, pitch=view.pitch, on_ground=True)
            caption = view.caption + (
                " (midnight: lamps, torches and dust give light)" if time == "midnight" else ""
            )
            images.append((file, f"Mechanics: {caption}", game.frame(at)))
        return images
    finally:
        game.close()


def write_gallery(
    out: Path, images: list[tuple[str, str, np.ndarray]], size: tuple[int, int], index: bool = True
) -> int:
    """Write the JPEGs and (unless ``index`` is false) index.md; return the images' bytes."""
    out.mkdir(parents=True, exist_ok=True)
    total = 0
    lines = [
        "# Gallery",
        "",
        f"Rendered by `python tools/gallery.py` at {size[0]}x{size[1]}, JPEG quality {QUALITY}, "
        "from the showcase town (`odyssey.world.showcase`), the benchmark city "
        "(`odyssey.world.city`) and the mechanics scene (`odyssey.render.mechscene`). "
        "Everything is procedural: no Mojang assets.",
        "",
    ]
    for file, caption, rgb in images:
        data = encode_jpeg(rgb, QUALITY)
        (out / file).write_bytes(data)
        total += len(data)
        lines += [f"## {caption}", "", f"![{caption}]({file})", ""]
    if index:
        (out / "index.md").write_text("\n".join(lines))
    return total


def parse_size(text: str) -> tuple[int, int]:
    """'854x480' -> (854, 480)."""
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        message = f"expected WIDTHxHEIGHT such as 854x480, got {text!r}"
        raise argparse.ArgumentTypeError(message) from None
    return width, height


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the gallery of showcase scenes.")
    parser.add_argument("--out", type=Path, default=Path("docs/gallery"), help="output folder")
    parser.add_argument("--size", type=parse_size, default=(854, 480), help="WIDTHxHEIGHT")
    parser.add_argument(
        "--only",
        choices=("mechanics",),
        help="render only these scenes (index.md is left as it is)",
    )
    args = parser.parse_args(argv)
    if args.only == "mechanics":
        images = mechanics_images(args.size)
    else:
        images = [*town_images(args.size), city_image(args.size), *mechanics_images(args.size)]
    total = write_gallery(args.out, images, args.size, index=args.only is None)
    listed = " and index.md" if args.only is None else ""
    print(f"wrote {len(images)} images ({total / 1e6:.2f} MB){listed} to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
