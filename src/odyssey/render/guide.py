"""Route guidance drawn on the ground: a path as a bright ribbon, in the mesher's vertex format.

Mods such as Baritone draw the path to walk on the ground; Mine Odyssey's optional
``guideline`` setting does the same. A path is a polyline of feet positions (float64 world
coordinates). Each segment becomes a ribbon GUIDE_WIDTH wide, lifted GUIDE_LIFT above the feet
so that it does not z-fight with the floor: flat (lying along the segment) where the segment
climbs gently, upright and turned towards the eye where it is steep (ladders, falls), since a
flat ribbon along a vertical segment has no width to see. A small square at every point fills
the notches where segments meet at an angle.

Only the part of the path within ``radius_blocks`` horizontally of the eye is drawn (segments
are clipped to that circle), so a long route costs little per frame, and every vertex stays
within the range ``pack_positions`` can store relative to the returned corner.
"""

from __future__ import annotations

import numpy as np

from odyssey.render.geometry import rgb565
from odyssey.render.mesher import POS_BIAS, POS_UNITS, pack_positions

GUIDE_COLOR = (0, 220, 255)  # saturated cyan: no block in the world has this colour
GUIDE_WIDTH = 0.25  # blocks
GUIDE_LIFT = 0.03  # blocks above the feet: clear of the floor's depth, too thin to see
STEEP = 1.0  # rise over run above which a segment is drawn upright (steeper than 45 degrees)
Y_REACH = 400.0  # blocks above and below the eye kept: more than a world's height (384)
SHADE_ANY = 6  # the mesher's "facing any other way" shade group: unshaded (factor 1.0)
UV_MIDDLE = 8  # texture pixels: the middle of the (uniform) tile
CORNER_MARGIN = 4.0  # blocks between the corner and the nearest possible vertex
# the largest position pack_positions can store, in blocks relative to the corner
PACK_LIMIT = np.iinfo(np.uint16).max / POS_UNITS - POS_BIAS
MAX_RADIUS = (PACK_LIMIT - 2 * CORNER_MARGIN) / 2  # radii beyond this do not fit the range
MIN_LENGTH = 1e-6  # blocks: shorter segments are dropped (repeated points)


def guide_corner(eye: np.ndarray, radius_blocks: float) -> np.ndarray:
    """The float64 corner guide vertices are stored relative to: below and west/north of
    everything within ``radius_blocks`` horizontally and Y_REACH vertically of the eye."""
    reach = np.array([radius_blocks, Y_REACH, radius_blocks]) + CORNER_MARGIN
    return np.floor(np.asarray(eye, np.float64)) - reach


def guide_vertices(
    points: np.ndarray,
    eye: np.ndarray,
    radius_blocks: float,
    tile: int,
    light: int,
    color: tuple[int, int, int] = GUIDE_COLOR,
) -> tuple[np.ndarray, np.ndarray]:
    """The ribbon of the path ``points`` (N, 3) near ``eye``: (vertices (4k, 8) uint16 in the
    mesher's format, the float64 corner they are relative to). Every quad is emitted in both
    windings, because the renderer culls back faces and a ribbon is seen from both sides."""
    if not 0.0 < radius_blocks <= MAX_RADIUS:
        raise ValueError(f"radius_blocks must be in (0, {MAX_RADIUS:.0f}], got {radius_blocks}")
    pts = np.asarray(points, np.float64).reshape(-1, 3)
    eye = np.asarray(eye, np.float64)
    corner = guide_corner(eye, radius_blocks)
    lift = np.array([0.0, GUIDE_LIFT, 0.0])
    quads = np.concatenate(
        [_segment_quads(pts, eye, radius_blocks) + lift, _joint_quads(pts, eye, radius_blocks)]
    )
    if len(quads) == 0:
        return np.zeros((0, 8), np.uint16), corner
    quads = np.concatenate([quads, quads[:, ::-1]])  # the back of each quad
    rel = quads.reshape(-1, 3) - corner
    assert rel.min() >= -POS_BIAS and rel.max() <= PACK_LIMIT, "guide vertex out of pack range"
    out = np.zeros((len(rel), 8), np.uint16)
    out[:, 0:3] = pack_positions(rel)
    out[:, 3:5] = UV_MIDDLE
    out[:, 5] = tile
    out[:, 6] = light | (SHADE_ANY << 8)
    out[:, 7] = rgb565(color)
    return out, corner


def _segment_quads(pts: np.ndarray, eye: np.ndarray, radius: float) -> np.ndarray:
    """One quad (k, 4, 3) per segment part within reach (either winding)."""
    if len(pts) < 2:
        return np.zeros((0, 4, 3))
    a, b = pts[:-1], pts[1:]
    t0, t1 = _clip_segments(a, b, eye, radius)
    d = b - a
    keep = (t0 < t1) & (np.linalg.norm(d, axis=1) > MIN_LENGTH)
    a, d, t0, t1 = a[keep], d[keep], t0[keep, None], t1[keep, None]
    start, end = a + d * t0, a + d * t1
    run = np.hypot(d[:, 0], d[:, 2])
    flat = np.abs(d[:, 1]) <= STEEP * np.maximum(run, MIN_LENGTH)
    # flat: across the segment, horizontally; upright: across the line of sight
    across = np.where(flat[:, None], d, (start + end) / 2 - eye)
    side = np.stack([across[:, 2], np.zeros(len(across)), -across[:, 0]], axis=1)
    length = np.hypot(side[:, 0], side[:, 2])
    side = np.where(
        length[:, None] > MIN_LENGTH,
        side / np.maximum(length, MIN_LENGTH)[:, None],
        [1.0, 0.0, 0.0],  # an upright segment right above or below the eye: any side will do
    )
    side *= GUIDE_WIDTH / 2
    return np.stack([start + side, end + side, end - side, start - side], axis=1)


def _joint_quads(pts: np.ndarray, eye: np.ndarray, radius: float) -> np.ndarray:
    """A flat square GUIDE_WIDTH wide at each point within reach (either winding): it covers
    the notches between the ribbons of segments meeting at an angle."""
    rel = pts - eye
    near = (np.hypot(rel[:, 0], rel[:, 2]) <= radius) & (np.abs(rel[:, 1]) <= Y_REACH)
    centres = pts[near & np.isfinite(pts).all(axis=1)] + [0.0, GUIDE_LIFT, 0.0]
    h = GUIDE_WIDTH / 2
    square = np.array([[-h, 0.0, -h], [-h, 0.0, h], [h, 0.0, h], [h, 0.0, -h]])
    return centres[:, None, :] + square[None, :, :]


def _clip_segments(
    a: np.ndarray, b: np.ndarray, eye: np.ndarray, radius: float
) -> tuple[np.ndarray, np.ndarray]:
    """For segments a→b, the parameter range [t0, t1] within ``radius`` horizontally and
    Y_REACH vertically of ``eye`` (t0 >= t1: none of it). Non-finite segments get none."""
    d, rel = b - a, a - eye
    lo, hi = np.zeros(len(a)), np.ones(len(a))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        # the horizontal circle: |rel + t d|^2 <= r^2 in x and z
        qa = d[:, 0] ** 2 + d[:, 2] ** 2
        qb = rel[:, 0] * d[:, 0] + rel[:, 2] * d[:, 2]
        qc = rel[:, 0] ** 2 + rel[:, 2] ** 2 - radius * radius
        moving = qa > MIN_LENGTH * MIN_LENGTH
        root = np.sqrt(np.maximum(qb * qb - qa * qc, 0.0))
        crosses = qb * qb - qa * qc >= 0  # the line meets the circle
        c_lo = np.where(
            moving, np.where(crosses, (-qb - root) / qa, np.inf), np.where(qc <= 0, 0, 1)
        )
        c_hi = np.where(
            moving, np.where(crosses, (-qb + root) / qa, -np.inf), np.where(qc <= 0, 1, 0)
        )
        # the horizontal slab |rel_y + t d_y| <= Y_REACH
        y0, y1 = (-Y_REACH - rel[:, 1]) / d[:, 1], (Y_REACH - rel[:, 1]) / d[:, 1]
        level = d[:, 1] == 0
        y_in = np.abs(rel[:, 1]) <= Y_REACH
        s_lo = np.where(level, np.where(y_in, 0.0, 1.0), np.minimum(y0, y1))
        s_hi = np.where(level, np.where(y_in, 1.0, 0.0), np.maximum(y0, y1))
    t0 = np.maximum.reduce([lo, c_lo, s_lo])
    t1 = np.minimum.reduce([hi, c_hi, s_hi])
    finite = np.isfinite(a).all(axis=1) & np.isfinite(b).all(axis=1)
    return np.where(finite, t0, 1.0), np.where(finite, t1, 0.0)


def path_points(points: object) -> np.ndarray:
    """A guide path as an (N, 3) float64 array; ValueError naming the expected shape."""
    arr = np.asarray(points, np.float64)
    if arr.size == 0:
        return np.zeros((0, 3))
    if arr.ndim != 2 or arr.shape[1] != 3:
        raise ValueError(f"guide must be (x, y, z) points, an (N, 3) array; got shape {arr.shape}")
    return arr
