"""What the world map and the minimap share: explored area, per-chunk colours, map symbols.

Xaero's World Map draws only what the client has loaded, so ``ExploredArea`` remembers the
chunks the server would have sent around each position the player visited. ``MapTiles`` keeps
each chunk's top-down colours (vanilla map colours with vanilla's height shading, computed by
``odyssey.world.topdown``) in one atlas array, so a whole screen of map is a single numpy
gather, and refreshes only the chunks the world says have changed. The map symbols (player
arrow, waypoint flag and badge) are drawn in screen pixels, procedurally, after Xaero's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import cache, lru_cache

import numpy as np
from PIL import ImageDraw

from odyssey.render.fonts import font
from odyssey.render.gui import Color, Sprite, font_size, solid_rgba, text_coverage, text_width
from odyssey.render.markers import BOX_SIZE, XAERO_COLORS, added_frame
from odyssey.render.view import Waypoint
from odyssey.world.storage import World
from odyssey.world.topdown import shade

CHUNK = 16
BACKGROUND_RGB = (0, 0, 0)  # Xaero clears the map to black where nothing has been mapped
BACKGROUND_SLOT = 0  # atlas slot that holds the background colour
ChunkPos = tuple[int, int]
Include = Callable[[int, int], bool]

ARROW_RGB: Color = (224, 32, 32)  # Xaero's default arrow colour is red; the exact shade is ours
ARROW_EDGE_RGB: Color = (96, 0, 0)
SHADOW_RGB: Color = (0, 0, 0)
TEXT_RGB: Color = (255, 255, 255)
FLAG_HEIGHT, FLAG_POINT = 43, 9  # Xaero's flag is 43 px tall; the point's height is ours
FLAG_WIDTHS = (30, 43)  # Xaero: one-character and longer symbols
FAR_ARROW_WIDTH, FAR_ARROW_DEPTH = 54, 13  # Xaero's far-arrow sprite


# -- explored area ----------------------------------------------------------------------------


@cache
def tracking_offsets(radius_chunks: int) -> np.ndarray:
    """Chunk offsets (dx, dz) the server sends around the player's chunk, as an (n, 2) array.

    Vanilla 1.21 ``ChunkTrackingView``: a chunk is sent when, with each axis distance reduced
    by 2 (the neighbours kept for lighting), dx² + dz² < r². That is a rounded square reaching
    r + 1 chunks along the axes, not a plain square (the shape changed in 1.20.2).
    """
    reach = radius_chunks + 1
    d = np.arange(-reach, reach + 1)
    dx, dz = np.meshgrid(d, d, indexing="xy")
    ax = np.maximum(0, np.abs(dx) - 2)
    az = np.maximum(0, np.abs(dz) - 2)
    inside = ax * ax + az * az < radius_chunks * radius_chunks
    return np.stack([dx[inside], dz[inside]], axis=1)


class ExploredArea:
    """Chunks the player has been near: what Xaero's World Map could have mapped."""

    def __init__(self, radius_chunks: int = 12) -> None:
        if not 2 <= radius_chunks <= 32:
            raise ValueError(
                f"radius_chunks must be 2..32 (Minecraft's range), got {radius_chunks}"
            )
        self.radius_chunks = radius_chunks
        self._chunks: set[ChunkPos] = set()
        self._frozen: frozenset[ChunkPos] | None = frozenset()
        self._last_centre: ChunkPos | None = None
        self.version = 0  # bumped when the area grows, so cached pictures know to refresh

    def visit(self, x: float, z: float) -> None:
        """Mark the chunks the client would have loaded with the player at block (x, z)."""
        centre = (int(np.floor(x)) >> 4, int(np.floor(z)) >> 4)
        if centre == self._last_centre:
            return  # same chunk as last time: nothing new (visit runs every tick)
        self._last_centre = centre
        before = len(self._chunks)
        cx, cz = centre
        self._chunks.update(
            (cx + int(dx), cz + int(dz)) for dx, dz in tracking_offsets(self.radius_chunks)
        )
        if len(self._chunks) != before:
            self._frozen = None
            self.version += 1

    def __contains__(self, chunk: object) -> bool:
        return chunk in self._chunks

    def __len__(self) -> int:
        return len(self._chunks)

    def chunks(self) -> frozenset[ChunkPos]:
        """Every explored chunk (cx, cz)."""
        if self._frozen is None:
            self._frozen = frozenset(self._chunks)
        return self._frozen

    def includes(self, cx: int, cz: int) -> bool:
        """Whether chunk (cx, cz) is explored (the ``include`` callable for ``MapTiles``)."""
        return (cx, cz) in self._chunks


# -- per-chunk colours ------------------------------------------------------------------------


class MapTiles:
    """Top-down colours per chunk of a world, computed on first use and kept until it changes.

    Colours live in an atlas of (slots, 16, 16) packed RGBX words, slot 0 being the background,
    so drawing a map is one ``np.take``. A chunk's shading compares its first row with the
    last row of the chunk to its north, so a change also refreshes the chunk to the south.
    """

    def __init__(self, world: World) -> None:
        self.world = world
        reg = world.registry
        self._mask = reg.state_map_color != 0
        self._palette = reg.map_color_rgb
        self._revision = world.revision
        self._surfaces: dict[ChunkPos, tuple[np.ndarray, np.ndarray] | None] = {}
        self._slots: dict[ChunkPos, int] = {}
        self._free: list[int] = []
        self._atlas = np.zeros((64, CHUNK * CHUNK), dtype=np.uint32)
        self._atlas[BACKGROUND_SLOT] = pack_rgb(np.array(BACKGROUND_RGB, np.uint8))
        self._used = 1
        self._positions: set[ChunkPos] | None = None
        self._position_array: np.ndarray | None = None

    # -- public -------------------------------------------------------------------------------

    def chunk_rgb(self, cx: int, cz: int) -> np.ndarray | None:
        """(16, 16, 3) uint8 colours of chunk (cx, cz), rows z north→south, columns x west→east;
        None when the world has no such chunk."""
        self.refresh()
        slot = self._slot(cx, cz)
        if slot is None:
            return None
        return unpack_rgb(self._atlas[slot]).reshape(CHUNK, CHUNK, 3)

    def area_rgb(
        self,
        x0: int,
        z0: int,
        width: int,
        depth: int,
        blocks_per_pixel: int = 1,
        include: Include | None = None,
    ) -> np.ndarray:
        """The region x0 <= x < x0 + width, z0 <= z < z0 + depth, one pixel per
        ``blocks_per_pixel`` blocks (the block at each pixel's north-west corner), as
        (rows, cols, 3) uint8. Chunks that are missing or for which ``include(cx, cz)`` is
        false are background black."""
        if blocks_per_pixel < 1:
            raise ValueError(f"blocks_per_pixel must be at least 1, got {blocks_per_pixel}")
        xs = np.arange(x0, x0 + width, blocks_per_pixel, dtype=np.int64)
        zs = np.arange(z0, z0 + depth, blocks_per_pixel, dtype=np.int64)
        return self.sample(xs, zs, include)

    def sample(self, xs: np.ndarray, zs: np.ndarray, include: Include | None = None) -> np.ndarray:
        """Colours of the blocks on the grid zs × xs (block coordinates), (len(zs), len(xs), 3)."""
        return unpack_rgb(self.sample_packed(xs, zs, include))

    def sample_packed(
        self, xs: np.ndarray, zs: np.ndarray, include: Include | None = None
    ) -> np.ndarray:
        """Like ``sample`` but packed RGBX uint32 words, the form the screens draw from."""
        self.refresh()
        xs, zs = np.asarray(xs, np.int64), np.asarray(zs, np.int64)
        ucx, ix = np.unique(xs >> 4, return_inverse=True)
        ucz, iz = np.unique(zs >> 4, return_inverse=True)
        grid = self._slot_grid(ucx, ucz, include)
        flat = grid[iz][:, ix] * (CHUNK * CHUNK)
        flat += ((zs & 15) * CHUNK)[:, None]
        flat += (xs & 15)[None, :]
        return np.take(self._atlas.reshape(-1), flat)

    def refresh(self) -> None:
        """Forget the colours of chunks the world changed since the last look."""
        revision = self.world.revision
        if revision == self._revision:
            return
        changes_since = getattr(self.world, "changes_since", None)
        boxes = changes_since(self._revision) if changes_since is not None else None
        self._revision = revision
        if boxes is None:
            self._forget_all()  # the change log does not reach back far enough
            return
        for box in boxes:
            self._forget_box(box)

    # -- slots --------------------------------------------------------------------------------

    def _slot_grid(self, ucx: np.ndarray, ucz: np.ndarray, include: Include | None) -> np.ndarray:
        """Atlas slot per chunk of the (sorted, unique) chunk rows ucz × columns ucx."""
        grid = np.zeros((len(ucz), len(ucx)), dtype=np.int64)
        for cx, cz, i, j in self._present(ucx, ucz):
            if include is not None and not include(cx, cz):
                continue
            slot = self._slot(cx, cz)
            if slot is not None:
                grid[i, j] = slot
        return grid

    def _present(self, ucx: np.ndarray, ucz: np.ndarray) -> Iterable[tuple[int, int, int, int]]:
        """World chunks among ucz × ucx with their grid indices, looking up whichever is
        smaller: the grid or the world's chunk list (a zoomed-out view of a small world)."""
        positions = self._known_positions()
        if len(ucx) * len(ucz) <= len(positions):
            for i, cz in enumerate(ucz.tolist()):
                for j, cx in enumerate(ucx.tolist()):
                    if (cx, cz) in positions:
                        yield cx, cz, i, j
            return
        known = self._known_array()
        j = np.searchsorted(ucx, known[:, 0])
        i = np.searchsorted(ucz, known[:, 1])
        ok = (j < len(ucx)) & (i < len(ucz))
        ok[ok] &= (ucx[j[ok]] == known[ok, 0]) & (ucz[i[ok]] == known[ok, 1])
        for (cx, cz), ii, jj in zip(
            known[ok].tolist(), i[ok].tolist(), j[ok].tolist(), strict=True
        ):
            yield cx, cz, ii, jj

    def _known_positions(self) -> set[ChunkPos]:
        if self._positions is None:
            self._positions = set(self.world.chunk_positions())
            self._position_array = None
        return self._positions

    def _known_array(self) -> np.ndarray:
        if self._position_array is None:
            pos = sorted(self._known_positions())
            self._position_array = np.array(pos, dtype=np.int64).reshape(-1, 2)
        return self._position_array

    def _slot(self, cx: int, cz: int) -> int | None:
        """The atlas slot holding chunk (cx, cz), filling it on first use."""
        key = (cx, cz)
        slot = self._slots.get(key)
        if slot is not None:
            return slot
        surface = self._surface(cx, cz)
        if surface is None:
            return None
        slot = self._free.pop() if self._free else self._grow()
        self._atlas[slot] = pack_rgb(self._shaded(cx, cz, surface).reshape(-1, 3))
        self._slots[key] = slot
        return slot

    def _grow(self) -> int:
        if self._used == len(self._atlas):
            bigger = np.zeros((2 * len(self._atlas), CHUNK * CHUNK), dtype=np.uint32)
            bigger[: self._used] = self._atlas
            self._atlas = bigger
        self._used += 1
        return self._used - 1

    # -- colours ------------------------------------------------------------------------------

    def _surface(self, cx: int, cz: int) -> tuple[np.ndarray, np.ndarray] | None:
        """Per column of chunk (cx, cz): height of the top block with a map colour, and that
        colour's id; None for a chunk the world does not have. Read without caching the chunk
        in the world, so mapping a large world does not evict the chunks being played in."""
        key = (cx, cz)
        if key in self._surfaces:
            return self._surfaces[key]
        chunk = next(iter(self.world.chunks([key])), None)
        surface = None
        if chunk is not None:
            tops, states = chunk.surface(self._mask, self.world.dimension.min_y)
            surface = (tops.astype(np.int16), self.world.registry.state_map_color[states])
        self._surfaces[key] = surface
        return surface

    def _shaded(self, cx: int, cz: int, surface: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """Shaded (16, 16, 3) colours; the northern chunk's last row gives the first row's
        shade, as on a vanilla map drawn across chunk borders."""
        tops, colors = surface
        north = self._surface(cx, cz - 1)
        north_row = north[0][-1:] if north is not None else tops[:1]
        heights = np.vstack([north_row, tops])
        present = np.vstack([np.zeros((1, CHUNK), bool), colors != 0])
        base = self._palette[np.vstack([np.zeros((1, CHUNK), np.uint8), colors])]
        return shade(base, heights, present)[1:]

    # -- invalidation -------------------------------------------------------------------------

    def _forget_all(self) -> None:
        self._surfaces.clear()
        self._free.extend(self._slots.values())
        self._slots.clear()
        self._positions = None

    def _forget_box(self, box: tuple[int, int, int, int, int, int]) -> None:
        x0, _, z0, x1, _, z1 = box
        if x1 <= x0 or z1 <= z0:
            return
        for cz in range(z0 >> 4, ((z1 - 1) >> 4) + 2):  # +1 row: the southern neighbour's shade
            for cx in range(x0 >> 4, ((x1 - 1) >> 4) + 1):
                key = (cx, cz)
                if cz <= (z1 - 1) >> 4:
                    self._surfaces.pop(key, None)
                    if self._positions is not None and key not in self._positions:
                        self._positions = None  # a chunk may have been created
                slot = self._slots.pop(key, None)
                if slot is not None:
                    self._free.append(slot)


def block_under(coords: np.ndarray) -> np.ndarray:
    """Block coordinates of world coordinates, a millionth of a block forgiving: a pixel centre
    that lands on a block border after rounding errors still picks the same block wherever
    the map was dragged from."""
    return np.floor(coords + 1e-6).astype(np.int64)


# -- packing ----------------------------------------------------------------------------------


def pack_rgb(rgb: np.ndarray) -> np.ndarray:
    """(..., 3) uint8 colours as (...) uint32 words holding R, G, B, 0 in memory order."""
    rgb = np.asarray(rgb, np.uint8)
    out = np.zeros((*rgb.shape[:-1], 4), np.uint8)
    out[..., :3] = rgb
    return out.view(np.uint32)[..., 0]


def unpack_rgb(words: np.ndarray) -> np.ndarray:
    """The inverse of ``pack_rgb``: (...) uint32 → (..., 3) uint8 (a copy, C-contiguous)."""
    words = np.ascontiguousarray(words, np.uint32)
    return np.ascontiguousarray(words[..., None].view(np.uint8)[..., :3])


# -- map symbols ------------------------------------------------------------------------------


def chat_color(index: int) -> Color:
    """Minecraft's chat colour for a Xaero colour index (wrapped into 0..15)."""
    return XAERO_COLORS[index % len(XAERO_COLORS)]


def luma(color: Color) -> float:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]


def outline_for(color: Color) -> Color:
    """A border that stands out from ``color`` and from the black background."""
    return (200, 200, 200) if luma(color) < 64 else (0, 0, 0)


def text_for(color: Color) -> Color:
    """Initials colour on a ``color`` box: Xaero always writes white; we write black on the
    light colours (yellow, white, aqua, ...) so the initials stay readable."""
    return (0, 0, 0) if luma(color) > 150 else TEXT_RGB


def arrow_points(
    centre: tuple[float, float], yaw: float, length: float
) -> list[tuple[float, float]]:
    """A notched arrowhead around ``centre`` pointing where Minecraft yaw ``yaw`` faces:
    yaw 0 = south = screen down, 90 = west = screen left."""
    rad = math.radians(yaw)
    fx, fy = -math.sin(rad), math.cos(rad)  # forward on screen (x right, y down)
    px, py = math.cos(rad), math.sin(rad)  # sideways
    shape = ((0.5, 0.0), (-0.5, 0.42), (-0.25, 0.0), (-0.5, -0.42))  # (forward, side) × length
    x, y = centre
    return [(x + length * (u * fx + v * px), y + length * (u * fy + v * py)) for u, v in shape]


def draw_arrow(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], yaw: float, length: float
) -> None:
    """The player arrow, with Xaero's black shadow 2 pixels below it."""
    draw.polygon(arrow_points((centre[0], centre[1] + 2), yaw, length), fill=SHADOW_RGB)
    draw.polygon(arrow_points(centre, yaw, length), fill=ARROW_RGB, outline=ARROW_EDGE_RGB)


def draw_far_arrow(
    draw: ImageDraw.ImageDraw, tip: tuple[float, float], angle_deg: float, size: float = 1.0
) -> None:
    """Xaero's arrow for a player outside the view: a flat wedge 54 px wide and 13 deep whose
    tip is at ``tip`` and points along screen angle ``angle_deg`` (0 = right, 90 = down)."""
    rad = math.radians(angle_deg)
    dx, dy = math.cos(rad), math.sin(rad)
    depth, half = FAR_ARROW_DEPTH * size, FAR_ARROW_WIDTH / 2 * size
    x, y = tip
    bx, by = x - depth * dx, y - depth * dy
    points = [(x, y), (bx - half * dy, by + half * dx), (bx + half * dy, by - half * dx)]
    draw.polygon([(px, py + 2) for px, py in points], fill=SHADOW_RGB)
    draw.polygon(points, fill=ARROW_RGB, outline=ARROW_EDGE_RGB)


def draw_flag(
    draw: ImageDraw.ImageDraw, tip: tuple[float, float], waypoint: Waypoint, size: float = 1.0
) -> None:
    """Xaero's world-map waypoint: a 43 px tall flag in the waypoint's colour, 30 px wide for
    one character and 43 for more (wider still if the text needs it), its point on the
    waypoint, holding the initials at three times the GUI font's size."""
    color = chat_color(waypoint.color)
    face = font(round(font_size(3) * size))
    caption = waypoint.caption
    base = FLAG_WIDTHS[0] if len(caption) <= 1 else FLAG_WIDTHS[1]
    half = max(base * size, draw.textlength(caption, font=face) + 8 * size) / 2
    x, y = round(tip[0]), round(tip[1])
    top, bottom = y - round((FLAG_HEIGHT - 1) * size), y - round(FLAG_POINT * size)
    notch = 6 * size
    body = [(x - half, top), (x + half, top), (x + half, bottom), (x + notch, bottom), (x, y)]
    body += [(x - notch, bottom), (x - half, bottom)]
    draw.polygon(body, fill=color, outline=outline_for(color))
    draw.text((x, (top + bottom) / 2), caption, fill=text_for(color), font=face, anchor="mm")


@lru_cache(maxsize=256)
def badge_sprite(caption: str, color_index: int, scale: int) -> Sprite:
    """Xaero's small waypoint icon (minimap, waypoint menu), laid out as the in-world marker's
    box: 9 GUI px tall, widened for wide initials, the initials in the GUI font. Opaque, with
    a one-pixel border (ours) so a black waypoint shows on unmapped black."""
    color = chat_color(color_index)
    initials = text_width(caption, scale)
    box_w = BOX_SIZE + 2 * added_frame(initials)
    rgba = solid_rgba(box_w * scale, BOX_SIZE * scale, color, 255)
    rgba[[0, -1], :, :3] = outline_for(color)
    rgba[:, [0, -1], :3] = outline_for(color)
    coverage = text_coverage(caption, scale)[: BOX_SIZE * scale].astype(np.uint16)[..., None]
    x = (box_w - initials) // 2 * scale
    coverage = coverage[:, : rgba.shape[1] - x]
    region = rgba[: coverage.shape[0], x : x + coverage.shape[1], :3].astype(np.uint16)
    ink = np.array(text_for(color), np.uint16)
    mixed = (ink * coverage + region * (255 - coverage) + 127) // 255
    rgba[: coverage.shape[0], x : x + coverage.shape[1], :3] = mixed
    return Sprite.from_rgba(rgba)
