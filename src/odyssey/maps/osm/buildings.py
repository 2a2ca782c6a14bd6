"""Buildings as plans: footprint on the grid, height, floors and materials, read from tags.

Heights follow ``height`` (metres = blocks), else ``building:levels`` x 3.5 m, else a default
for the building type (taller where buildings stand close together). Floors are spread evenly
between the ground and the roof, 3 to 5 blocks apart, so the stairs between them stay short.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from odyssey.maps.osm.ground import DENSE_FRACTION, ProjectedArea
from odyssey.maps.osm.parts import Footprint, group_parts, is_part, unit_footprints
from odyssey.maps.osm.raster import Grid, Patch, fill_rings
from odyssey.maps.osm.tags import (
    DEFAULT_LEVELS,
    DEFAULT_LEVELS_OTHER,
    MAX_STOREY,
    METRES_PER_LEVEL,
    MIN_STOREY,
    NOT_BUILDINGS,
    parse_levels,
    parse_metres,
)

# blocks: a door and headroom; the tallest towers (Central Park Tower, 290 m, on ground at y 64
# needs the heights datapack the Anvil writer adds above y 320)
MIN_HEIGHT, MAX_HEIGHT = 3, 300
CANOPIES = ("roof", "carport")
SHED_BLOCKS = 40  # a roof on posts, open underneath


FACADES = ("white_terracotta", "smooth_sandstone", "light_gray_concrete", "bricks",
           "yellow_terracotta", "stone_bricks", "white_concrete", "orange_terracotta",
           "light_blue_terracotta", "light_gray_terracotta", "polished_diorite")  # fmt: skip
HOUSE_FACADES = ("red_terracotta", "yellow_terracotta", "white_concrete", "spruce_planks",
                 "birch_planks", "light_blue_terracotta", "brown_terracotta")  # fmt: skip
WORK_FACADES = ("light_gray_concrete", "gray_concrete", "cyan_terracotta", "bricks")
CHURCH_FACADES = ("bricks", "stone_bricks", "white_concrete", "smooth_sandstone")
ROOFS = ("gray_concrete", "light_gray_concrete", "weathered_copper", "oxidized_copper",
         "deepslate_tiles", "red_terracotta", "brown_terracotta")  # fmt: skip
FLOORS = ("oak_planks", "spruce_planks", "polished_andesite", "smooth_stone", "birch_planks")
DOORS = ("oak_door", "spruce_door", "dark_oak_door", "birch_door")
STAIRS = ("oak_stairs", "spruce_stairs", "stone_brick_stairs")
MATERIAL_TAGS = {"brick": "bricks", "wood": "spruce_planks", "concrete": "light_gray_concrete",
                 "stone": "stone_bricks", "glass": "light_blue_stained_glass",
                 "plaster": "white_terracotta", "metal": "iron_block",
                 "sandstone": "smooth_sandstone", "timber_framing": "spruce_planks"}  # fmt: skip
HOUSE_KINDS = ("house", "detached", "semidetached_house", "terrace", "bungalow", "cabin", "farm",
               "garage", "garages", "shed", "hut")  # fmt: skip
WORK_KINDS = ("industrial", "warehouse", "retail", "supermarket", "service", "transportation")
CHURCH_KINDS = ("church", "cathedral", "chapel", "mosque", "temple", "synagogue")


@dataclass
class Materials:
    wall: str
    roof: str
    floor: str
    door: str
    stairs: str


@dataclass
class Building:
    """One building to build: where, how tall, which floors, of what."""

    index: int
    ref: str
    tags: dict[str, str]
    rings: tuple[np.ndarray, ...]
    patch: Patch  # footprint blocks (only those this building won over overlapping ones)
    height: int  # blocks: the roof's top is at GROUND_Y + base + height
    floors: tuple[int, ...]  # floor offsets above the ground floor (0 first)
    height_source: str  # "height", "levels" or "default"
    materials: Materials
    canopy: bool = False
    doors: list = field(default_factory=list)  # doors.Door
    stairs: object | None = None  # stairs.Stairwell
    stand: dict[int, np.ndarray] = field(default_factory=dict)  # floor -> standing blocks
    base: int = 0  # blocks above GROUND_Y of the ground floor (the terrain's level at its door)

    @property
    def name(self) -> str | None:
        return self.tags.get("name")

    @property
    def kind(self) -> str:
        return self.tags.get("building", "yes")


def is_building(tags: dict[str, str]) -> bool:
    return "building" in tags and tags["building"] not in NOT_BUILDINGS


def building_height(tags: dict[str, str], dense: bool, blocks: int = 1000) -> tuple[int, int, str]:
    """Height in blocks, storeys and where the height came from (a small untagged building,
    of fewer than SHED_BLOCKS blocks, is a one-storey shed or garage)."""
    kind = tags.get("building", "yes")
    levels = parse_levels(tags.get("building:levels"))
    metres = parse_metres(tags.get("height"))
    if metres is not None and metres > 0:
        height, source = math.floor(metres + 0.5), "height"
    elif levels is not None:
        height, source = math.floor(levels * METRES_PER_LEVEL + 0.5), "levels"
    else:
        sparse_levels, dense_levels = DEFAULT_LEVELS.get(kind, DEFAULT_LEVELS_OTHER)
        levels = 1 if blocks < SHED_BLOCKS else dense_levels if dense else sparse_levels
        height, source = math.floor(levels * METRES_PER_LEVEL + 0.5), "default"
    if levels is None:
        levels = 1 if kind in CHURCH_KINDS else max(1, round(height / METRES_PER_LEVEL))
    return min(max(height, MIN_HEIGHT), MAX_HEIGHT), levels, source


def floor_offsets(height: int, levels: int) -> tuple[int, ...]:
    """Offsets of the floors above the ground floor: MIN_STOREY..MAX_STOREY apart (one tall
    hall when the tags say one level), with room to stand under the roof."""
    count = min(levels, height // MIN_STOREY)
    if count >= 2:
        count = max(count, math.ceil(height / MAX_STOREY))
    count = max(1, min(count, height // MIN_STOREY))
    return tuple(k * height // count for k in range(count))


def pick_materials(tags: dict[str, str], rng: np.random.Generator, dense: bool) -> Materials:
    kind = tags.get("building", "yes")
    if kind in CHURCH_KINDS:
        facades = CHURCH_FACADES
    elif kind in WORK_KINDS:
        facades = WORK_FACADES
    elif kind in HOUSE_KINDS or (not dense and kind in ("yes", "residential")):
        facades = HOUSE_FACADES
    else:
        facades = FACADES
    wall = MATERIAL_TAGS.get(tags.get("building:material", ""))
    wall = wall or facades[int(rng.integers(len(facades)))]
    return Materials(
        wall=wall,
        roof=ROOFS[int(rng.integers(len(ROOFS)))],
        floor=FLOORS[int(rng.integers(len(FLOORS)))],
        door=DOORS[int(rng.integers(len(DOORS)))],
        stairs=STAIRS[int(rng.integers(len(STAIRS)))],
    )


def rasterise_footprints(
    grid: Grid, areas: list[ProjectedArea], skipped: list[str]
) -> tuple[list[Footprint], np.ndarray]:
    """Every building's footprint and the grid of which footprint owns each block (-1: none).
    Larger footprints are drawn first, so a building inside another's outline keeps its own.
    An outline with building parts is drawn as pieces of the parts' heights (``parts``)."""
    owner = np.full(grid.shape, -1, dtype=np.int32)
    outlines = [a for a in areas if is_building(a.tags)]
    parts = [a for a in areas if is_part(a.tags) and not is_building(a.tags)]
    units = group_parts(grid, outlines, parts)
    units.sort(key=lambda u: (-u.first.area_m2, u.first.ref))
    drawn: list[Footprint] = []
    for unit in units:
        if unit.patch is None and unit.outline is not None and not unit.parts:
            area = unit.outline
            if fill_rings(grid, area.rings) is not None or _inside_grid(grid, area):
                skipped.append(f"building {area.ref}: footprint smaller than a block; skipped")
            continue
        for fp in unit_footprints(unit):
            fp.patch.of(owner)[fp.patch.data] = len(drawn)
            drawn.append(fp)
    return drawn, owner


def plan_buildings(
    drawn: list[Footprint],
    owner: np.ndarray,
    density: np.ndarray,
    seed: int,
    skipped: list[str],
) -> tuple[list[Building], np.ndarray]:
    """Plans of the buildings that kept some footprint, and the owner grid renumbered."""
    buildings: list[Building] = []
    remap = np.full(len(drawn) + 1, -1, dtype=np.int32)
    for i, fp in enumerate(drawn):
        area, patch = fp.area, fp.patch
        mine = patch.of(owner) == i
        if not mine.any():
            skipped.append(f"building {area.ref}: hidden by buildings drawn over it; skipped")
            continue
        dense = bool(patch.of(density)[mine].mean() > DENSE_FRACTION)
        blocks = int(mine.sum()) if fp.blocks is None else fp.blocks
        height, levels, source = building_height(area.tags, dense, blocks)
        kind, number = (fp.style or area.ref).split("/")  # a building's pieces look alike
        rng = np.random.default_rng([seed, int(number), int(kind == "relation")])
        remap[i] = len(buildings)
        buildings.append(
            Building(
                index=len(buildings),
                ref=area.ref,
                tags=area.tags,
                rings=area.rings,
                patch=Patch(patch.r0, patch.c0, mine),
                height=height,
                floors=floor_offsets(height, levels),
                height_source=source,
                materials=pick_materials(area.tags, rng, dense),
                canopy=area.tags.get("building") in CANOPIES,
            )
        )
    return buildings, remap[owner]  # -1 maps to the last entry, -1


def _inside_grid(grid: Grid, area: ProjectedArea) -> bool:
    pts = np.concatenate(area.rings)
    return bool(
        (pts[:, 0] >= grid.x0).all()
        and (pts[:, 0] < grid.x0 + grid.nx).all()
        and (pts[:, 1] >= grid.z0).all()
        and (pts[:, 1] < grid.z0 + grid.nz).all()
    )
