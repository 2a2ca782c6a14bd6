"""Simple 3D Buildings: an outline (``building=*``) and the parts (``building:part=*``) in it.

Where parts exist they describe the volume: each block of the outline that parts cover takes the
tallest covering part's height; blocks no part covers keep the outline's own. The outline is cut
into pieces, one per connected run of blocks that the same part (or the outline) wins, and each
piece is planned as a building of its own, so walls, doors and stairs need nothing new. A run
too small to be a building (a sliver where parts meet, a tier of a crown) joins the run beside
it, at its height. A part outside every outline is a building by itself. An area tagged both
``building`` and ``building:part`` is a part of the outline it lies in, else an outline itself.

Deliberate simplification: a part raised off the ground (``min_height`` or
``building:min_level`` > 0: an overhang, a bridge between towers, the tiers of a crown) is built
from the ground up like any other part, as one block grid has no room under it to walk.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from odyssey.maps.osm.gridops import label4
from odyssey.maps.osm.ground import ProjectedArea
from odyssey.maps.osm.raster import Grid, Patch, fill_rings
from odyssey.maps.osm.tags import METRES_PER_LEVEL, NOT_BUILDINGS, parse_levels, parse_metres

PART = "building:part"
# the outline's tags that a part's own replace (its height) or that name the whole building
HEIGHT_KEYS = ("height", "building:levels", "min_height", "building:min_level", "roof:height")
OWN_KEYS = ("name", "building", PART)
# A run holding no SQUARE x SQUARE block of its own has at most lone blocks inside its walls:
# no floor to walk, no room for stairs, a pillar or a wall. That is every run of under 9
# blocks and every sliver 1-2 blocks wide however long. In manhattan-columbus-circle 68 of the
# 95 runs in outlines with parts are such: 60 of 1-8 blocks where overlapping parts meet or
# crown tiers end (at most 5 x 3), the 2-wide ring of the Museum of Arts and Design's outline
# around its taller part (138 blocks), and seven ragged crown tiers and monument steps of 12-31
# blocks; every run with a square has 22 blocks or more. A count alone (< 9) would keep the ring.
SQUARE = 3


@dataclass(frozen=True)
class Footprint:
    """Blocks to plan as one building: the polygon they come from (ref, rings, the tags it is
    planned with), the blocks, the size that picks a default height (None: its own blocks;
    a piece: the whole outline's) and the ref whose seed picks materials (None: its own)."""

    area: ProjectedArea
    patch: Patch
    blocks: int | None = None
    style: str | None = None


@dataclass
class Unit:
    """An outline with the parts inside it, or a part on its own (``outline`` None)."""

    outline: ProjectedArea | None
    patch: Patch | None  # the outline's blocks (None: smaller than a block)
    parts: list[tuple[ProjectedArea, Patch]] = field(default_factory=list)

    @property
    def first(self) -> ProjectedArea:
        return self.outline if self.outline is not None else self.parts[0][0]


def is_part(tags: dict[str, str]) -> bool:
    return PART in tags and tags[PART] not in NOT_BUILDINGS


def tagged_metres(tags: dict[str, str]) -> float:
    """The height its tags give (``height``, else levels), 0 without one: ranks parts."""
    metres = parse_metres(tags.get("height"))
    if metres is not None and metres > 0:
        return metres
    levels = parse_levels(tags.get("building:levels"))
    return levels * METRES_PER_LEVEL if levels is not None else 0.0


def group_parts(
    grid: Grid, outlines: list[ProjectedArea], parts: list[ProjectedArea]
) -> list[Unit]:
    """Outlines (largest first, as footprints are drawn) with the parts that lie mostly in them,
    then the parts in no outline. Parts smaller than a block are left out: tiers of a spire."""
    units: list[Unit] = []
    inside = np.full(grid.shape, -1, dtype=np.int32)  # the smallest outline over each block
    for area in sorted(outlines, key=lambda a: (-a.area_m2, a.ref)):
        patch = fill_rings(grid, area.rings)
        filled = patch is not None and patch.data.any()
        host = _host(inside, patch) if filled and is_part(area.tags) else None
        if host is not None:
            units[host].parts.append((area, patch))
            continue
        if filled:
            patch.of(inside)[patch.data] = len(units)
        units.append(Unit(area, patch if filled else None))
    alone: list[Unit] = []
    for area in sorted(parts, key=lambda a: (-a.area_m2, a.ref)):
        patch = fill_rings(grid, area.rings)
        if patch is None or not patch.data.any():
            continue
        host = _host(inside, patch)
        if host is None:
            alone.append(Unit(None, None, [(area, patch)]))
        else:
            units[host].parts.append((area, patch))
    return units + alone


def _host(inside: np.ndarray, patch: Patch) -> int | None:
    """The outline holding at least half of a part's blocks, or None."""
    under = patch.of(inside)[patch.data]
    under = under[under >= 0]
    if 2 * len(under) < int(patch.data.sum()):
        return None
    return int(np.argmax(np.bincount(under)))


def unit_footprints(unit: Unit) -> list[Footprint]:
    """The footprints a unit is built as: the outline alone when it has no parts, else one
    piece per run of blocks won by the same part; the piece named after the outline last."""
    if not unit.parts:
        return [Footprint(unit.outline, unit.patch)] if unit.patch is not None else []
    if unit.outline is None:
        area, patch = unit.parts[0]
        kind = area.tags.get("building") or area.tags[PART]
        return [Footprint(replace(area, tags={**area.tags, "building": kind}), patch)]
    return _pieces(unit)


def _pieces(unit: Unit) -> list[Footprint]:
    outline = unit.outline
    layers = sorted(unit.parts, key=_rank)
    if unit.patch is not None and is_part(outline.tags):  # a part too: ranked with the others
        layers = sorted([*layers, (outline, unit.patch)], key=_rank)
    elif unit.patch is not None:  # under its parts: its blocks are those no part covers
        layers = [(outline, unit.patch), *layers]
    patches = [p for _, p in layers]
    r0, c0 = min(p.r0 for p in patches), min(p.c0 for p in patches)
    r1 = max(p.r0 + p.data.shape[0] for p in patches)
    c1 = max(p.c0 + p.data.shape[1] for p in patches)
    winner = np.full((r1 - r0, c1 - c0), -1, dtype=np.int32)
    for i, patch in enumerate(patches):  # the lowest first: the tallest part wins each block
        rows = slice(patch.r0 - r0, patch.r0 - r0 + patch.data.shape[0])
        cols = slice(patch.c0 - c0, patch.c0 - c0 + patch.data.shape[1])
        winner[rows, cols][patch.data] = i
    blocks = int((winner >= 0).sum())
    merge_small_runs(winner)
    pieces: list[tuple[int, Footprint]] = []
    for i, (area, _) in enumerate(layers):
        labels, count = label4(winner == i)
        for k in range(count):
            mine = labels == k
            planned = area if area is outline else _as_piece(outline, area)
            pieces.append((int(mine.sum()), Footprint(planned, _trimmed(mine, r0, c0), blocks,
                                                      outline.ref)))  # fmt: skip
    return _named_last(outline, pieces)


def merge_small_runs(winner: np.ndarray) -> None:
    """Give each run too small to build (no SQUARE x SQUARE block of its own) to the run it
    shares the most edge with, in place, until none is left: the smallest first (ties: the
    first in row-major order), to the neighbour with the most shared edge, then the largest,
    then the first. A small run with no neighbouring run stays."""
    while True:
        labels, count = label4(winner >= 0, winner, 0)  # runs: neighbours won by the same layer
        if count < 2:
            return
        sizes = np.bincount(labels[labels >= 0], minlength=count)
        small = np.ones(count, dtype=bool)
        small[_with_square(labels)] = False
        edges = _shared_edges(labels, count)
        order = sorted((int(sizes[k]), k) for k in np.flatnonzero(small & (edges.sum(1) > 0)))
        if not order:
            return
        run = order[0][1]
        into = min(np.flatnonzero(edges[run]), key=lambda k: (-edges[run, k], -sizes[k], k))
        winner[labels == run] = winner[labels == into].flat[0]


def _with_square(labels: np.ndarray) -> np.ndarray:
    """Runs holding a SQUARE x SQUARE block of their own: the labels of each such square."""
    rows, cols = labels.shape[0] - SQUARE + 1, labels.shape[1] - SQUARE + 1
    if rows < 1 or cols < 1:
        return np.zeros(0, dtype=np.int64)
    corner = labels[:rows, :cols]
    same = corner >= 0
    for dr in range(SQUARE):
        for dc in range(SQUARE):
            same &= labels[dr : dr + rows, dc : dc + cols] == corner
    return np.unique(corner[same])


def _shared_edges(labels: np.ndarray, count: int) -> np.ndarray:
    """count x count: how many block edges each pair of runs shares."""
    edges = np.zeros((count, count), dtype=np.int64)
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1], labels[1:])):
        meet = (a >= 0) & (b >= 0) & (a != b)
        np.add.at(edges, (a[meet], b[meet]), 1)
        np.add.at(edges, (b[meet], a[meet]), 1)
    return edges


def _rank(part: tuple[ProjectedArea, Patch]) -> tuple[float, float, str]:
    """Lowest first: drawn in this order, the tallest part wins each block."""
    area = part[0]
    return tagged_metres(area.tags), area.area_m2, area.ref


def _as_piece(outline: ProjectedArea, part: ProjectedArea) -> ProjectedArea:
    """A part planned as a building: the outline's kind and materials with the part's height
    (the outline's name and address stay with the piece named after it)."""
    drop = (*HEIGHT_KEYS, *OWN_KEYS)
    keep = {k: v for k, v in outline.tags.items() if k not in drop and not k.startswith("addr:")}
    own = {k: v for k, v in part.tags.items() if k != "building"}
    return replace(part, tags={**keep, **own, "building": outline.tags["building"]})


def _named_last(outline: ProjectedArea, pieces: list[tuple[int, Footprint]]) -> list[Footprint]:
    """Pieces in order, the largest of the outline's own (else the largest of all) last and
    carrying the outline's ref, name and tags: a named place finds the building by its ref."""
    own = [i for i, (_, fp) in enumerate(pieces) if fp.area is outline]
    main = max(own or range(len(pieces)), key=lambda i: pieces[i][0])
    out = []
    for i, (_, fp) in enumerate(pieces):
        if i == main:
            continue
        if fp.area is outline:  # another run of the outline's blocks: its height, no name
            tags = {k: v for k, v in outline.tags.items()
                    if k != "name" and not k.startswith("addr:")}  # fmt: skip
            fp = replace(fp, area=replace(outline, tags=tags))
        out.append(fp)
    fp = pieces[main][1]
    if fp.area is not outline:  # the outline's name on the piece that won its blocks
        height = {k: v for k, v in fp.area.tags.items() if k in HEIGHT_KEYS}
        tags = {k: v for k, v in outline.tags.items() if k not in HEIGHT_KEYS}
        fp = replace(fp, area=replace(fp.area, ref=outline.ref, tags={**tags, **height}))
    return [*out, fp]


def _trimmed(mask: np.ndarray, r0: int, c0: int) -> Patch:
    rows, cols = np.nonzero(mask)
    ra, rb, ca, cb = rows.min(), rows.max() + 1, cols.min(), cols.max() + 1
    return Patch(r0 + int(ra), c0 + int(ca), mask[ra:rb, ca:cb].copy())
