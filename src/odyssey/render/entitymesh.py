"""Entities and the block-breaking cracks as vertices in the mesher's format, lit like blocks.

Mobs are their ``mobmodels`` boxes scaled to the entity's height (half for babies), turned by
its yaw, tinted red while hurt (vanilla mixes 30 % red over a hurt mob). Item entities bob and
spin as vanilla's ``ItemEntityRenderer`` (bob = sin(age / 10 + offset) · 0.1 + 0.1 blocks, one
turn per 20π ticks): block items as a 1/4-block cube of the block's own tiles, other items as
their icon's pixels standing flat, half a block wide. Arrows are thin sticks along their flight.
Every quad carries the light level of the cell around the entity (``LightProbe``), so the same
lightmap, fog and held light as the terrain's apply. All geometry is one CUTOUT batch.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from odyssey.render.atlas import Atlas
from odyssey.render.entitylight import LightProbe
from odyssey.render.geometry import box_faces
from odyssey.render.itemicons import IconBook
from odyssey.render.mesher import FACE_NORMAL, NO_TINT, pack_positions
from odyssey.render.mobmodels import Part, entity_size, model, model_height

CORNER_REACH = 1000.0  # blocks: entities farther from the eye than this are not drawn
UV_BIAS = 16384  # texel offset keeping stored texture coordinates positive (as the mesher's)
HURT_RED = 0.3
FLAT_SHADE = 6  # the shader's "no directional shade"
ITEM_CUBE = 0.25  # blocks: vanilla draws ground block items at 1/4 scale
ITEM_SPRITE = 0.5  # blocks: and flat items at 1/2
UNIT_FACES = box_faces(np.zeros(3), np.ones(3))  # (6, 4, 3) in face order down..east
FACE_AXES = tuple(tuple(i for i in range(3) if FACE_NORMAL[f][i] == 0) for f in range(6))


@dataclass
class QuadBatch:
    """Quads before packing: corners relative to the batch's corner, texels, tile, light,
    shade (face index or FLAT_SHADE) and RGB565 tint per quad."""

    corners: list[np.ndarray]
    uv: list[np.ndarray]
    tile: list[np.ndarray]
    light: list[np.ndarray]
    shade: list[np.ndarray]
    tint: list[np.ndarray]

    @classmethod
    def empty(cls) -> QuadBatch:
        return cls([], [], [], [], [], [])

    def add(
        self, corners: np.ndarray, uv: np.ndarray, tile: object, light: object, shade: object,
        tint: object,
    ) -> None:  # fmt: skip
        """Quads (n, 4, 3) with texels (n, 4, 2); the rest per quad or one for all."""
        n = len(corners)
        self.corners.append(corners)
        self.uv.append(uv)
        for out, v in ((self.tile, tile), (self.light, light), (self.shade, shade),
                       (self.tint, tint)):  # fmt: skip
            out.append(np.broadcast_to(np.asarray(v, np.int64), (n,)))

    def vertices(self) -> np.ndarray:
        """(4 n, 8) uint16 vertices in the mesher's layout."""
        if not self.corners:
            return np.zeros((0, 8), np.uint16)
        corners = np.concatenate(self.corners)
        n = len(corners)
        out = np.zeros((n, 4, 8), np.uint16)
        out[..., 0:3] = pack_positions(corners)
        out[..., 3:5] = np.clip(np.round(np.concatenate(self.uv)) + UV_BIAS, 0, 65535)
        out[..., 5] = np.concatenate(self.tile)[:, None]
        light = np.concatenate(self.light) | (np.concatenate(self.shade) << 8)
        out[..., 6] = light[:, None]
        out[..., 7] = np.concatenate(self.tint)[:, None]
        return out.reshape(n * 4, 8)


def yaw_pitch_matrix(yaw: float, pitch: float = 0.0) -> np.ndarray:
    """Model +Z turned to look along vanilla's (yaw, pitch): yaw 0 = +Z, 90 = -X; pitch > 0
    looks down."""
    y, p = math.radians(yaw), math.radians(pitch)
    turn = np.array([[math.cos(y), 0, -math.sin(y)], [0, 1, 0], [math.sin(y), 0, math.cos(y)]])
    tilt = np.array([[1, 0, 0], [0, math.cos(p), -math.sin(p)], [0, math.sin(p), math.cos(p)]])
    return turn @ tilt


def box_quads(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Faces of boxes (n, 3) as (n·6, 4, 3) corners and (n·6, 4, 2) texels (1 texel per unit)."""
    size = hi - lo
    corners = lo[:, None, None, :] + UNIT_FACES[None] * size[:, None, None, :]
    uv = np.stack([UNIT_FACES[f][:, list(FACE_AXES[f])] for f in range(6)])  # (6, 4, 2)
    extent = np.stack([size[:, list(FACE_AXES[f])] for f in range(6)], axis=1)  # (n, 6, 2)
    return corners.reshape(-1, 4, 3), (uv[None] * extent[:, :, None, :]).reshape(-1, 4, 2)


@dataclass(frozen=True)
class ModelQuads:
    """A model's faces in model pixels with their tile names and colours."""

    corners: np.ndarray  # (n, 4, 3)
    uv: np.ndarray  # (n, 4, 2) texels
    face: np.ndarray  # (n,) 0..5
    tiles: tuple[str, ...]  # per quad
    colors: np.ndarray  # (n, 3) float
    height: float  # model pixels


@cache
def model_quads(parts: tuple[Part, ...]) -> ModelQuads:
    lo = np.array([p.lo for p in parts], float)
    hi = np.array([p.hi for p in parts], float)
    corners, uv = box_quads(lo, hi)
    tiles = tuple(p.tile or ("white_wool" if p.fur else "white") for p in parts for _ in range(6))
    colors = np.repeat(np.array([p.color for p in parts], float), 6, axis=0)
    face = np.tile(np.arange(6), len(parts))
    return ModelQuads(corners, uv, face, tiles, colors, model_height(parts))


def tints(colors: np.ndarray) -> np.ndarray:
    c = np.clip(np.round(colors), 0, 255).astype(np.int64)
    return ((c[:, 0] >> 3) << 11) | ((c[:, 1] >> 2) << 5) | (c[:, 2] >> 3)


class EntityMesher:
    """Builds one frame's entity geometry for a world (its atlas, icons and light)."""

    def __init__(self, atlas: Atlas, book: IconBook, probe: LightProbe) -> None:
        self.atlas, self.book, self.probe = atlas, book, probe
        self._tile_ids: dict[str, int] = {}
        self._sprites: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def tile(self, name: str) -> int:
        found = self._tile_ids.get(name)
        if found is None:
            try:
                found = self.atlas.tile(name)
            except KeyError:
                found = self.atlas.tile("white_wool")
            self._tile_ids[name] = found
        return found

    def batch(self, entities: Sequence[Any], corner: np.ndarray, tick: int) -> QuadBatch:
        """Quads of every entity within CORNER_REACH of ``corner`` + CORNER_REACH."""
        out = QuadBatch.empty()
        centre = corner + CORNER_REACH
        for e in entities:
            if getattr(e, "dead", False) and getattr(e, "type", "") == "item":
                continue
            if np.max(np.abs(np.array([e.x, e.y, e.z]) - centre)) >= CORNER_REACH - 4:
                continue
            if e.type == "item":
                self.item(out, e, corner, tick)
            elif e.type == "arrow":
                self.arrow(out, e, corner)
            else:
                self.mob(out, e, corner)
        return out

    def mob(self, out: QuadBatch, e: Any, corner: np.ndarray) -> None:
        q = model_quads(model(e.type, getattr(e, "color", "white"), getattr(e, "sheared", False)))
        height = entity_size(e.type)[1] * (0.5 if getattr(e, "baby", False) else 1.0)
        k = height / q.height  # blocks per model pixel
        pts = (q.corners * k) @ yaw_pitch_matrix(e.yaw).T + (np.array([e.x, e.y, e.z]) - corner)
        colors = q.colors
        if getattr(e, "hurt_time", 0) > 0 or getattr(e, "dead", False):
            colors = colors * (1 - HURT_RED) + np.array([255.0, 0, 0]) * HURT_RED
        light = self.probe.level(e.x, e.y + height * 0.85, e.z)
        tiles = np.array([self.tile(t) for t in q.tiles])
        out.add(pts, q.uv * (k * 16), tiles, light, q.face, tints(colors))

    def item(self, out: QuadBatch, e: Any, corner: np.ndarray, tick: int) -> None:
        offset = (e.id * 0.7853) % (2 * math.pi)  # vanilla: a random bob offset per item
        age = getattr(e, "age", tick)
        bob = math.sin(age / 10.0 + offset) * 0.1 + 0.1
        spin = math.degrees(age / 20.0 + offset)
        base = np.array([e.x, e.y + bob, e.z]) - corner
        light = self.probe.level(e.x, e.y + 0.2, e.z)
        rot = yaw_pitch_matrix(spin)
        state = self.book.block_state(e.item)
        if state is not None and self.atlas.layer[state] == 0:
            h = ITEM_CUBE / 2
            corners, uv = box_quads(np.array([[-h, 0, -h]]), np.array([[h, 2 * h, h]]))
            tiles = self.atlas.face_tiles[state]
            out.add(corners @ rot.T + base, uv * 64, tiles, light, np.arange(6), NO_TINT)
            return
        if e.item not in self._sprites:
            self._sprites[e.item] = sprite_runs(self.book.icon(e.item))
        corners, colors = self._sprites[e.item]
        if len(corners):
            pts = corners @ rot.T + base + np.array([0, 0.05, 0])
            out.add(pts, np.zeros((len(pts), 4, 2)), self.tile("white"), light, FLAT_SHADE,
                    tints(colors))  # fmt: skip

    def arrow(self, out: QuadBatch, e: Any, corner: np.ndarray) -> None:
        speed = math.hypot(e.vx, e.vz)
        if speed > 1e-6 or abs(e.vy) > 1e-6:
            yaw = math.degrees(math.atan2(-e.vx, e.vz))
            pitch = math.degrees(math.atan2(-e.vy, speed))
        else:
            yaw, pitch = e.yaw, e.pitch
        parts = [((-0.5, -0.5, -8), (0.5, 0.5, 6), (110, 80, 45)),
                 ((-1, -1, 6), (1, 1, 8), (90, 90, 90)),
                 ((-1.5, -0.5, -8), (1.5, 0.5, -5), (235, 235, 235))]  # fmt: skip
        lo = np.array([p[0] for p in parts], float) / 16
        hi = np.array([p[1] for p in parts], float) / 16
        corners, uv = box_quads(lo, hi)
        colors = np.repeat(np.array([p[2] for p in parts], float), 6, axis=0)
        pts = corners @ yaw_pitch_matrix(yaw, pitch).T + (np.array([e.x, e.y, e.z]) - corner)
        light = self.probe.level(e.x, e.y, e.z)
        out.add(pts, uv * 16, self.tile("white"), light, np.tile(np.arange(6), 3), tints(colors))


def sprite_runs(icon: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A 16 × 16 icon as double-sided quads of equal-coloured pixel runs, ITEM_SPRITE blocks
    wide, centred on x = 0 and standing on y = 0: (n, 4, 3) corners and (n, 3) colours."""
    px = ITEM_SPRITE / 16
    quads, colors = [], []
    solid = icon[..., 3] >= 128
    for row in range(16):
        col = 0
        while col < 16:
            if not solid[row, col]:
                col += 1
                continue
            end = col + 1
            while end < 16 and solid[row, end] and (icon[row, end] == icon[row, col]).all():
                end += 1
            x0, x1 = (col - 8) * px, (end - 8) * px
            y0, y1 = (15 - row) * px, (16 - row) * px
            front = [(x0, y0, 0), (x1, y0, 0), (x1, y1, 0), (x0, y1, 0)]
            quads += [front, front[::-1]]
            colors += [icon[row, col, :3]] * 2
            col = end
    return np.array(quads, float).reshape(-1, 4, 3), np.array(colors, float).reshape(-1, 3)
