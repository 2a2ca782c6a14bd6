"""An episode's path on the top-down map: the verifier's samples, the stops and the reference.

The picture is drawn only for the route's bounding box plus a margin, one block per pixel, then
enlarged (nearest neighbour) so a block is a few pixels. Indoor maps are cut away above the
route: each column shows its highest coloured block at most ``CEILING_ABOVE`` blocks over the
route's highest point, so the floors walked on show instead of the roof (outdoor and mixed maps
are drawn whole, like ``odyssey world topdown``). Colours and height shades are those of
:mod:`odyssey.world.topdown`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from odyssey.world.storage import World
from odyssey.world.topdown import shade

Vec3 = tuple[float, float, float]
MARGIN_BLOCKS = 8
CEILING_ABOVE = 2
TARGET_SIDE_PX = 720
MAX_PX_PER_BLOCK = 18
AGENT_RGB = (230, 40, 40)
REFERENCE_RGB = (40, 110, 255)
START_RGB = (30, 200, 60)
STOP_RGB = (255, 200, 0)


@dataclass(frozen=True)
class PathPicture:
    """What the map picture needs of one episode (world coordinates)."""

    agent: list[Vec3]  # the verifier's 1 Hz feet positions
    start: Vec3
    stops: list[Vec3]  # stop 1 .. target
    stop_labels: list[str]
    reference: list[Vec3]  # the planned reference path's steps ([] when none)
    indoor: bool


@dataclass(frozen=True)
class Crop:
    """The drawn box (blocks, inclusive x0/z0) and the enlargement."""

    x0: int
    z0: int
    width: int
    depth: int
    px_per_block: int

    def to_px(self, x: float, z: float) -> tuple[float, float]:
        return ((x - self.x0) * self.px_per_block, (z - self.z0) * self.px_per_block)


def crop_for(points: list[Vec3], margin: int = MARGIN_BLOCKS) -> Crop:
    """The route's bounding box plus ``margin`` blocks, and a scale that fits TARGET_SIDE_PX."""
    xs, zs = [p[0] for p in points], [p[2] for p in points]
    x0, z0 = math.floor(min(xs)) - margin, math.floor(min(zs)) - margin
    width = math.floor(max(xs)) + margin + 1 - x0
    depth = math.floor(max(zs)) + margin + 1 - z0
    scale = max(1, min(MAX_PX_PER_BLOCK, TARGET_SIDE_PX // max(width, depth)))
    return Crop(x0, z0, width, depth, scale)


def surface_rgb(world: World, crop: Crop, ceiling_y: int | None) -> np.ndarray:
    """Map colours of the crop's columns (rows = z), the highest coloured block at or under
    ``ceiling_y`` (no ceiling: the highest of all)."""
    min_y = world.dimension.min_y
    heights = np.full((crop.depth, crop.width), min_y - 1, dtype=np.int64)
    colors = np.zeros((crop.depth, crop.width), dtype=np.uint8)
    mask = world.registry.state_map_color != 0
    cx_range = range(crop.x0 // 16, (crop.x0 + crop.width - 1) // 16 + 1)
    cz_range = range(crop.z0 // 16, (crop.z0 + crop.depth - 1) // 16 + 1)
    for chunk in world.chunks([(cx, cz) for cx in cx_range for cz in cz_range]):
        tops, states = chunk.surface(mask, min_y, ceiling_y)
        bx, bz = chunk.cx * 16, chunk.cz * 16
        xs = np.arange(max(bx, crop.x0), min(bx + 16, crop.x0 + crop.width))
        zs = np.arange(max(bz, crop.z0), min(bz + 16, crop.z0 + crop.depth))
        if len(xs) == 0 or len(zs) == 0:
            continue
        rows, cols = np.ix_(zs - crop.z0, xs - crop.x0)
        heights[rows, cols] = tops[np.ix_(zs - bz, xs - bx)]
        colors[rows, cols] = world.registry.state_map_color[states[np.ix_(zs - bz, xs - bx)]]
    return shade(world.registry.map_color_rgb[colors], heights, colors != 0)


def draw_path_picture(world: World, picture: PathPicture, out: Path) -> Crop:
    """Draw the episode's map picture as a PNG at ``out``; returns the crop drawn."""
    from PIL import Image, ImageDraw

    points = [picture.start, *picture.stops, *picture.agent, *picture.reference]
    crop = crop_for(points)
    ceiling = None
    if picture.indoor:
        ceiling = math.floor(max(p[1] for p in points)) + CEILING_ABOVE
    rgb = surface_rgb(world, crop, ceiling)
    image = Image.fromarray(rgb, "RGB")
    s = crop.px_per_block
    image = image.resize((crop.width * s, crop.depth * s), Image.Resampling.NEAREST)
    draw = ImageDraw.Draw(image)
    width = max(2, s // 2)

    def line(path: list[Vec3], color: tuple[int, int, int], w: int) -> None:
        pts = [crop.to_px(p[0], p[2]) for p in path]
        if len(pts) >= 2:
            draw.line(pts, fill=color, width=w, joint="curve")

    line(picture.reference, REFERENCE_RGB, max(2, width - 1))
    line(picture.agent, AGENT_RGB, width)
    for p in picture.agent:  # the 1 Hz samples as dots: spacing shows speed
        x, y = crop.to_px(p[0], p[2])
        r = max(1.5, s / 3)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=AGENT_RGB)
    _marker(draw, crop, picture.start, "S", START_RGB)
    for pos, label in zip(picture.stops, picture.stop_labels, strict=True):
        _marker(draw, crop, pos, label, STOP_RGB)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    image.save(out)
    return crop


def _marker(draw: Any, crop: Crop, pos: Vec3, label: str, color: tuple[int, int, int]) -> None:
    x, y = crop.to_px(pos[0], pos[2])
    r = max(6, crop.px_per_block * 1.2)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=color, outline=(0, 0, 0), width=2)
    draw.text((x, y), label, fill=(0, 0, 0), anchor="mm")


def picture_from_files(folder: Path, reference: list[Vec3], indoor: bool) -> PathPicture:
    """The episode's positions and stops from its ``positions.jsonl`` and ``run.json``."""
    run = json.loads((Path(folder) / "run.json").read_text(encoding="utf-8"))
    task = run["task"]
    agent = []
    positions = Path(folder) / "positions.jsonl"
    if positions.exists():
        for line in positions.read_text(encoding="utf-8").splitlines():
            try:
                p = json.loads(line)["position"]
            except (json.JSONDecodeError, KeyError, TypeError):
                continue  # a torn line
            agent.append((float(p["x"]), float(p["y"]), float(p["z"])))
    stops = [tuple(map(float, s["position"])) for s in task["stops"]]
    labels = [str(i) for i in range(1, len(stops))] + ["T"]
    start = tuple(map(float, task["start"]["position"]))
    return PathPicture(agent, start, stops, labels, reference, indoor)


def plan_reference(world: World, start: Vec3, stops: list[Vec3]) -> list[Vec3]:
    """The reference path's step positions ([] when the planner does not reach every stop)."""
    from odyssey.nav.path import REACHABLE
    from odyssey.nav.planner import plan_route
    from odyssey.nav.profile import NavError

    try:
        route = plan_route(world, [start, *stops])
    except NavError:  # a stop the planner cannot place: the picture goes without a reference
        return []
    if route.status != REACHABLE:
        return []
    return [tuple(map(float, step.pos)) for step in route.steps]
