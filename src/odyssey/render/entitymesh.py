"""Entities and the block-breaking cracks as vertices in the mesher's format, lit like blocks.

Mobs are their models' boxes (``mobmodels``, ``creaturemodels``) scaled to the entity's height
(half for babies), turned by its yaw, tinted red while hurt (vanilla mixes 30 % red over a hurt
mob); boats, minecarts and leash knots (``vehiclemodels``) keep their true size. Item entities
bob and spin as vanilla's ``ItemEntityRenderer`` (bob = sin(age / 10 + offset) · 0.1 + 0.1
blocks, one turn per 20π ticks): block items as a 1/4-block cube of the block's own tiles,
other items as their icon's pixels standing flat, half a block wide. Arrows, tridents, snowballs,
eggs, thrown potions, experience orbs and leads are ``thrownmodels`` looks; primed TNT is the TNT
block, flashing white and swelling before it blows; a lingering cloud is a half see-through
disc of its potion's colour, drawn in the translucent pass (``clouds``). Every quad carries the
light level of the cell around the entity (``LightProbe``), so the same lightmap, fog and held
light as the terrain's apply; experience orbs glow at full block light.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from odyssey.render.atlas import Atlas
from odyssey.render.creaturemodels import creature
from odyssey.render.entitylight import LightProbe
from odyssey.render.geometry import box_faces
from odyssey.render.itemicons import IconBook
from odyssey.render.mesher import FACE_NORMAL, NO_TINT, pack_positions
from odyssey.render.mobmodels import Part, entity_size, model, model_height
from odyssey.render.monstermodels import monster
from odyssey.render.thrownmodels import Look, lead_looks, thrown_look
from odyssey.render.vehiclemodels import TRUE_SIZE, vehicle

CORNER_REACH = 1000.0  # blocks: entities farther from the eye than this are not drawn
UV_BIAS = 16384  # texel offset keeping stored texture coordinates positive (as the mesher's)
HURT_RED = 0.3
FLAT_SHADE = 6  # the shader's "no directional shade"
ITEM_CUBE = 0.25  # blocks: vanilla draws ground block items at 1/4 scale
ITEM_SPRITE = 0.5  # blocks: and flat items at 1/2
TNT_SIZE = 0.98  # blocks: a primed TNT's box
TNT_FLASH, TNT_RED = (255, 255, 255), (200, 40, 30)
CLOUD_TILE, CLOUD_TEXEL = "white_stained_glass", 12  # a texel of the tile's half-clear inside
CLOUD_SIDES, CLOUD_LIFT = 24, 0.03  # the disc's polygon and its height over the ground
SIZED = frozenset({"slime", "magma_cube"})
GONE_WHEN_DEAD = frozenset({"item", "arrow", "trident", "snowball", "egg", "experience_orb",
                            "splash_potion", "lingering_potion", "ender_pearl",
                            "experience_bottle"})  # fmt: skip
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


# a dropped item's quads: corners, lift, texels, tiles, shade, tint (see EntityMesher.item)
ItemQuads = tuple[np.ndarray, np.ndarray, np.ndarray, object, object, object]


class EntityMesher:
    """Builds one frame's entity geometry for a world (its atlas, icons and light)."""

    def __init__(self, atlas: Atlas, book: IconBook, probe: LightProbe) -> None:
        self.atlas, self.book, self.probe = atlas, book, probe
        self._tile_ids: dict[str, int] = {}
        self._items: dict[str, ItemQuads] = {}

    def tile(self, name: str) -> int:
        found = self._tile_ids.get(name)
        if found is None:
            try:
                found = self.atlas.tile(name)
            except KeyError:
                found = self.atlas.tile("white_wool")
            self._tile_ids[name] = found
        return found

    def batch(
        self, entities: Sequence[Any], corner: np.ndarray, tick: int,
        looks: Mapping[int, str] | None = None,
    ) -> QuadBatch:  # fmt: skip
        """Quads of every entity within CORNER_REACH of ``corner`` + CORNER_REACH (the
        translucent lingering clouds apart: ``clouds``); ``looks``: per-entity looks the
        mechanics keep (a villager's profession, a saddled horse)."""
        out = QuadBatch.empty()
        for e in self._near(entities, corner):
            if e.type == "item":
                self.item(out, e, corner, tick)
            elif e.type == "tnt":
                self.tnt(out, e, corner)
            elif e.type == "lead":
                for piece in lead_looks(e):
                    self.look(out, e, piece, corner)
            elif e.type != "area_effect_cloud":
                look = thrown_look(e, tick)
                if look is not None:
                    self.look(out, e, look, corner)
                else:
                    self.mob(out, e, corner, look_of(e, looks or {}))
        return out

    def clouds(self, entities: Sequence[Any], corner: np.ndarray) -> QuadBatch:
        """Lingering potions' clouds: flat discs of the potion's colour, half see-through,
        for the translucent pass."""
        out = QuadBatch.empty()
        glass = self.tile(CLOUD_TILE)
        for e in self._near(entities, corner):
            if e.type != "area_effect_cloud" or e.radius <= 0:
                continue
            angles = np.linspace(0.0, 2 * math.pi, CLOUD_SIDES + 1)
            ring = np.stack([np.cos(angles), np.zeros_like(angles), np.sin(angles)], axis=1)
            ring = ring * e.radius + (np.array([e.x, e.y + CLOUD_LIFT, e.z]) - corner)
            centre = np.array([e.x, e.y + CLOUD_LIFT, e.z]) - corner
            up = np.stack([np.stack([centre, ring[i + 1], ring[i], centre])
                           for i in range(CLOUD_SIDES)])  # fmt: skip
            quads = np.concatenate([up, up[:, ::-1]])  # seen from above and below
            uv = np.full((len(quads), 4, 2), CLOUD_TEXEL, float)
            light = self.probe.level(e.x, e.y + 0.5, e.z)
            out.add(quads, uv, glass, light, FLAT_SHADE, tints(np.array([e.color], float)))
        return out

    def _near(self, entities: Sequence[Any], corner: np.ndarray) -> list[Any]:
        centre = corner + CORNER_REACH
        near = []
        for e in entities:
            if getattr(e, "dead", False) and e.type in GONE_WHEN_DEAD:
                continue
            if np.max(np.abs(np.array([e.x, e.y, e.z]) - centre)) < CORNER_REACH - 4:
                near.append(e)
        return near

    def mob(self, out: QuadBatch, e: Any, corner: np.ndarray, look: str = "") -> None:
        parts = model_of(e.type, getattr(e, "color", "white"), getattr(e, "sheared", False), look)
        q = model_quads(parts)
        baby = 0.5 if getattr(e, "baby", False) else 1.0
        height = entity_size(e.type)[1] * baby
        size = getattr(e, "components", {}).get("size", 1) if e.type in SIZED else 1
        if isinstance(size, int | float) and 0 < size <= 16:  # a slime's box grows with it
            height *= size
        k = baby / 16 if e.type in TRUE_SIZE else height / q.height  # blocks per model pixel
        pts = (q.corners * k) @ yaw_pitch_matrix(e.yaw).T + (np.array([e.x, e.y, e.z]) - corner)
        colors = q.colors
        if getattr(e, "hurt_time", 0) > 0 or getattr(e, "dead", False):
            colors = colors * (1 - HURT_RED) + np.array([255.0, 0, 0]) * HURT_RED
        light = self.probe.level(e.x, e.y + height * 0.85, e.z)
        tiles = np.array([self.tile(t) for t in q.tiles])
        out.add(pts, q.uv * (k * 16), tiles, light, q.face, tints(colors))

    def look(self, out: QuadBatch, e: Any, look: Look, corner: np.ndarray) -> None:
        """A projectile's or a lead piece's boxes, turned and placed (not cached: a lead's
        pieces change length every frame)."""
        lo = np.array([p.lo for p in look.parts], float) * look.scale
        hi = np.array([p.hi for p in look.parts], float) * look.scale
        corners, uv = box_quads(lo, hi)
        colors = np.repeat(np.array([p.color for p in look.parts], float), 6, axis=0)
        base = np.array([e.x, e.y, e.z]) + np.array(look.origin) - corner
        pts = corners @ yaw_pitch_matrix(look.yaw, look.pitch).T + base
        light = self.probe.level(e.x, e.y + float(look.origin[1]), e.z)
        shade: object = np.tile(np.arange(6), len(look.parts))
        if look.glow:  # full block light, no directional shade
            light, shade = (light & 0xF0) | 0x0F, FLAT_SHADE
        out.add(pts, uv * 16, self.tile("white"), light, shade, tints(colors))

    def tnt(self, out: QuadBatch, e: Any, corner: np.ndarray) -> None:
        """Primed TNT as vanilla's TntRenderer: the block, white while ``fuse // 5`` is even,
        swelling by up to 30 % in its last 10 ticks."""
        h = TNT_SIZE / 2 * tnt_swell(e.fuse)
        lo, hi = np.array([[-h, TNT_SIZE / 2 - h, -h]]), np.array([[h, TNT_SIZE / 2 + h, h]])
        corners, _ = box_quads(lo, hi)
        uv = block_uv(corners, lo[0], hi[0])
        pts = corners + (np.array([e.x, e.y, e.z]) - corner)
        light = self.probe.level(e.x, e.y + 0.5, e.z)
        state = self.book.block_state("tnt")
        if (e.fuse // 5) % 2 == 0 or state is None:
            flash = tints(np.array([TNT_FLASH if state is not None else TNT_RED], float))
            out.add(pts, uv, self.tile("white"), light, np.arange(6), flash)
        else:
            tiles = self.atlas.face_tiles[state]
            out.add(pts, uv, tiles, light, np.arange(6), NO_TINT)

    def item(self, out: QuadBatch, e: Any, corner: np.ndarray, tick: int) -> None:
        offset = (e.id * 0.7853) % (2 * math.pi)  # vanilla: a random bob offset per item
        age = getattr(e, "age", tick)
        bob = math.sin(age / 10.0 + offset) * 0.1 + 0.1
        spin = math.degrees(age / 20.0 + offset)
        base = np.array([e.x, e.y + bob, e.z]) - corner
        light = self.probe.level(e.x, e.y + 0.2, e.z)
        corners, lift, uv, tiles, shade, tint = self._item_quads(e.item)
        if len(corners):
            pts = corners @ yaw_pitch_matrix(spin).T + base + lift
            out.add(pts, uv, tiles, light, shade, tint)

    def _item_quads(self, item: str) -> ItemQuads:
        """A dropped item's quads before turning and placing (corners, lift, texels, tiles,
        shade, tint), kept per item: a solid block's small cube, else its icon's pixel runs."""
        found = self._items.get(item)
        if found is not None:
            return found
        state = self.book.block_state(item)
        if state is not None and self.atlas.layer[state] == 0:
            h = ITEM_CUBE / 2
            lo, hi = np.array([-h, 0, -h]), np.array([h, 2 * h, h])
            corners, _ = box_quads(lo[None], hi[None])
            uv = block_uv(corners, lo, hi) / ITEM_CUBE  # the whole tile on each face
            tiles = self.atlas.face_tiles[state]
            found = (corners, np.zeros(3), uv, tiles, np.arange(6), NO_TINT)
        else:
            corners, colors = sprite_runs(self.book.icon(item))
            found = (corners, np.array([0, 0.05, 0]), np.zeros((len(corners), 4, 2)),
                     self.tile("white"), FLAT_SHADE, tints(colors))  # fmt: skip
        self._items[item] = found
        return found


def block_uv(corners: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Texels of one box's six faces (down..east, as ``box_quads``) mapped as the terrain's:
    sides upright, read left to right from outside the block."""
    x, y, z = (corners[..., i] - lo[i] for i in range(3))
    w, h, d = hi - lo
    u = (x, x, w - x, x, z, d - z)
    v = (z, z, h - y, h - y, h - y, h - y)
    return np.stack([np.stack([u[f][f], v[f][f]], -1) for f in range(6)]) * 16


def tnt_swell(fuse: int) -> float:
    """TntRenderer's scale: 1 + 0.3 f⁴ with f = 1 − (fuse + 1) / 10 in the last 10 ticks."""
    if fuse + 1 >= 10:
        return 1.0
    f = min(1.0, max(0.0, 1.0 - (fuse + 1) / 10.0))
    return 1.0 + f**4 * 0.3


def look_of(e: Any, looks: Mapping[int, str]) -> str:
    """What a model shows besides its type: a villager's profession, a tamed wolf's or cat's
    collar, a horse's saddle."""
    if e.type in ("wolf", "cat"):
        return "tamed" if "tamed" in getattr(e, "tags", ()) else ""
    if e.type in ("villager", "horse", "donkey", "mule"):
        return looks.get(e.id, "")
    return ""


@cache
def model_of(kind: str, color: str, sheared: bool, look: str) -> tuple[Part, ...]:
    """The boxes of an entity: a vehicle's, a creature's with its look, else ``mobmodels``'
    (a generic box for a type without a model)."""
    found = vehicle(kind)
    if found is None:
        found = creature(kind, look)
    if found is None:
        found = monster(kind)
    return tuple(found) if found is not None else model(kind, color, sheared)


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
