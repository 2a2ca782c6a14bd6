"""Villages: a bell on a square, houses in the biome's style, farms, and dirt paths.

Built from the start chunk alone: the houses and farms are placed around the centre on dry,
fairly flat ground (sites that would stand in water or on steep slopes are skipped), each
levelled to the average height of its footprint with a foundation below and the ground cleared
above. Houses face the centre; each has a door, windows, a two-block bed and maybe a job-site
block and a chest; paths of ``dirt_path`` run from every door and farm to the square.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.world.gen.climate import BIOMES
from odyssey.world.gen.noise import mix_seed
from odyssey.world.gen.structures.canvas import DIRS, STEP, Canvas, Ground, Layout, ground
from odyssey.world.gen.terrain import SEA_LEVEL

RADIUS = 44  # blocks from the centre that houses, farms and paths may reach
MAX_SLOPE = 5
JOB_SITES = (
    "lectern", "composter", "smoker", "blast_furnace", "cartography_table", "fletching_table",
    "brewing_stand", "barrel", "smithing_table", "stonecutter", "loom", "grindstone",
)  # fmt: skip
_FACING_JOBS = ("lectern", "smoker", "blast_furnace", "barrel", "stonecutter", "loom")
CROPS = ("wheat", "carrots", "potatoes")


@dataclass(frozen=True)
class Style:
    planks: str
    log: str
    foundation: str
    door: str
    bed: str
    snow: bool = False


STYLES = {
    "plains": Style("oak_planks", "oak_log", "cobblestone", "oak_door", "red_bed"),
    "desert": Style("sandstone", "cut_sandstone", "sandstone", "jungle_door", "green_bed"),
    "savanna": Style("acacia_planks", "acacia_log", "cobblestone", "acacia_door", "orange_bed"),
    "taiga": Style("spruce_planks", "spruce_log", "cobblestone", "spruce_door", "white_bed"),
    "snowy_plains": Style(
        "spruce_planks", "stripped_spruce_log", "cobblestone", "spruce_door", "white_bed", True
    ),
}
STYLES["meadow"] = STYLES["plains"]


@dataclass(frozen=True)
class Frame:
    """A rotated footprint: local (lx, lz) in a w x d plan whose front (door side) is local
    south, placed with its front facing ``front`` and its world corner at (x0, z0)."""

    x0: int
    z0: int
    w: int
    d: int
    front: str

    @property
    def size(self) -> tuple[int, int]:
        """World (width along x, depth along z)."""
        return (self.w, self.d) if self.front in ("south", "north") else (self.d, self.w)

    def at(self, lx: int, lz: int) -> tuple[int, int]:
        w, d = self.w, self.d
        if self.front == "south":
            return self.x0 + lx, self.z0 + lz
        if self.front == "north":
            return self.x0 + w - 1 - lx, self.z0 + d - 1 - lz
        if self.front == "west":
            return self.x0 + d - 1 - lz, self.z0 + lx
        return self.x0 + lz, self.z0 + w - 1 - lx

    def dir(self, local: str) -> str:
        """World direction of a local one (local south is the front)."""
        return DIRS[(DIRS.index(local) + DIRS.index(self.front)) % 4]


def village(seed: int, cx: int, cz: int) -> Layout:
    """The village whose start chunk is (cx, cz)."""
    rng = np.random.default_rng(mix_seed(seed, "village", cx, cz))
    centre = (cx * 16 + 8, cz * 16 + 8)
    g = ground(seed, centre[0] - RADIUS, centre[1] - RADIUS, centre[0] + RADIUS, centre[1] + RADIUS)
    style = STYLES[BIOMES[int(g.biome[centre[1] - g.z0, centre[0] - g.x0])]]
    canvas = Canvas(seed)
    taken = [(centre[0] - 4, centre[1] - 4, centre[0] + 4, centre[1] + 4)]  # the square
    farms = _sites(rng, g, centre, taken, int(rng.integers(1, 3)), ((9, 7), (7, 9)), 16, 34)
    houses = _sites(rng, g, centre, taken, int(rng.integers(4, 11)), _HOUSE_SIZES, 9, 40)
    jobs = list(rng.permutation(JOB_SITES)[: int(rng.integers(3, 7))])
    fronts = []
    for x0, z0, x1, z1 in houses:
        frame = _facing_centre(x0, z0, x1, z1, centre)
        fronts.append(_front_cell(frame))
    for x0, z0, x1, z1 in farms:
        fronts.append(((x0 + x1) // 2, z1 + 1) if z1 < centre[1] else ((x0 + x1) // 2, z0 - 1))
    for fx, fz in fronts:
        _path(canvas, g, (fx, fz), centre)
    for i, rect in enumerate(farms):
        _farm(canvas, g, rect, style, CROPS[int(rng.integers(0, len(CROPS)))], i)
    for i, (x0, z0, x1, z1) in enumerate(houses):
        job = str(jobs[i]) if i < len(jobs) else None
        frame = _facing_centre(x0, z0, x1, z1, centre)
        _house(canvas, g, frame, style, job, chest=job == "grindstone" or rng.random() < 0.35)
    bell_y = _square(canvas, g, centre, style)
    return canvas.layout("village", (centre[0], bell_y, centre[1]))


_HOUSE_SIZES = ((5, 5), (7, 5), (5, 7), (7, 7))


def _sites(
    rng: np.random.Generator,
    g: Ground,
    centre: tuple[int, int],
    taken: list[tuple[int, int, int, int]],
    count: int,
    sizes: tuple[tuple[int, int], ...],
    near: int,
    far: int,
) -> list[tuple[int, int, int, int]]:
    """Up to ``count`` free rectangles (x0, z0, x1, z1 inclusive) on dry, fairly flat ground."""
    out: list[tuple[int, int, int, int]] = []
    for _ in range(count * 12):
        if len(out) == count:
            break
        angle = rng.uniform(0, 2 * np.pi)
        dist = rng.uniform(near, far)
        w, d = sizes[int(rng.integers(0, len(sizes)))]
        x0 = round(float(centre[0] + dist * np.cos(angle))) - w // 2
        z0 = round(float(centre[1] + dist * np.sin(angle))) - d // 2
        x1, z1 = x0 + w - 1, z0 + d - 1
        if max(abs(x0 - centre[0]), abs(x1 - centre[0]), abs(z0 - centre[1]),
               abs(z1 - centre[1])) > RADIUS - 2:  # fmt: skip
            continue
        if any(x0 - 3 <= b[2] and b[0] <= x1 + 3 and z0 - 3 <= b[3] and b[1] <= z1 + 3
               for b in taken):  # fmt: skip
            continue
        h, dry = g.rect(x0 - 1, z0 - 1, x1 + 1, z1 + 1)
        if not dry.all() or h.min() < SEA_LEVEL or h.max() - h.min() > MAX_SLOPE:
            continue
        out.append((x0, z0, x1, z1))
        taken.append((x0, z0, x1, z1))
    return out


def _facing_centre(x0: int, z0: int, x1: int, z1: int, centre: tuple[int, int]) -> Frame:
    dx, dz = centre[0] - (x0 + x1) / 2, centre[1] - (z0 + z1) / 2
    across = "east" if dx > 0 else "west"
    front = across if abs(dx) > abs(dz) else ("south" if dz > 0 else "north")
    w, d = x1 - x0 + 1, z1 - z0 + 1
    if front in ("east", "west"):
        w, d = d, w
    return Frame(x0, z0, w, d, front)


def _front_cell(frame: Frame) -> tuple[int, int]:
    x, z = frame.at(frame.w // 2, frame.d - 1)
    sx, sz = STEP[frame.front]
    return x + sx, z + sz


def _level(g: Ground, x0: int, z0: int, x1: int, z1: int) -> int:
    h, _ = g.rect(x0, z0, x1, z1)
    return round(float(h.mean()))


def _platform(canvas: Canvas, g: Ground, rect: tuple[int, int, int, int], floor: int,
              foundation: str, clear: int) -> None:  # fmt: skip
    """Foundation from each column's ground up to ``floor`` - 1, air ``clear`` blocks above."""
    x0, z0, x1, z1 = rect
    for z in range(z0, z1 + 1):
        for x in range(x0, x1 + 1):
            canvas.fill((x, min(g.h(x, z), floor - 1), z), (x, floor - 1, z), foundation)
            canvas.fill((x, floor + 1, z), (x, floor + clear, z), "air")


def _house(canvas: Canvas, g: Ground, f: Frame, style: Style, job: str | None,
           chest: bool) -> None:  # fmt: skip
    width, depth = f.size
    rect = (f.x0, f.z0, f.x0 + width - 1, f.z0 + depth - 1)
    floor = _level(g, *rect)
    _platform(canvas, g, rect, floor, style.foundation, 8)
    w, d = f.w, f.d
    for lz in range(d):
        for lx in range(w):
            x, z = f.at(lx, lz)
            edge = lx in (0, w - 1) or lz in (0, d - 1)
            corner = lx in (0, w - 1) and lz in (0, d - 1)
            canvas.set(x, floor, z, style.foundation if edge else style.planks)
            if edge:
                wall = style.log if corner else style.planks
                canvas.fill((x, floor + 1, z), (x, floor + 3, z), wall)
            canvas.set(x, floor + 4, z, style.planks)
            if style.snow:
                canvas.set(x, floor + 5, z, "snow[layers=1]")
    # windows: panes joined along their wall
    along_x = f"{f.dir('east')}=true,{f.dir('west')}=true"
    along_z = f"{f.dir('north')}=true,{f.dir('south')}=true"
    for (lx, lz), joins in (((w // 2, 0), along_x), ((0, d // 2), along_z),
                            ((w - 1, d // 2), along_z)):  # fmt: skip
        x, z = f.at(lx, lz)
        canvas.set(x, floor + 2, z, f"glass_pane[{joins}]")
    # the door, facing out of the front wall, and a clear cell before it
    x, z = f.at(w // 2, d - 1)
    door = f"{style.door}[facing={f.front},hinge=left"
    canvas.set(x, floor + 1, z, f"{door},half=lower]")
    canvas.set(x, floor + 2, z, f"{door},half=upper]")
    sx, sz = STEP[f.front]
    canvas.fill((x + sx, floor + 1, z + sz), (x + sx, floor + 3, z + sz), "air")
    # a bed against the back wall: foot towards the door, head at the wall (facing = foot->head)
    head, foot = f.at(1, 1), f.at(1, 2)
    back = f.dir("north")
    canvas.set(foot[0], floor + 1, foot[1], f"{style.bed}[part=foot,facing={back}]")
    canvas.set(head[0], floor + 1, head[1], f"{style.bed}[part=head,facing={back}]")
    x, z = f.at(w // 2, 1)
    canvas.set(x, floor + 3, z, f"wall_torch[facing={f.dir('south')}]")
    if job is not None:
        x, z = f.at(w - 2, 1)
        canvas.set(x, floor + 1, z, _job_state(job, f.dir("south")))
    if chest:
        x, z = f.at(w - 2, d - 2)
        table = "village_weaponsmith" if job == "grindstone" else "village_house"
        canvas.chest(x, floor + 1, z, f.dir("west"), table)


def _job_state(job: str, facing: str) -> str:
    if job in _FACING_JOBS:
        return f"{job}[facing={facing}]"
    if job == "grindstone":
        return f"grindstone[face=floor,facing={facing}]"
    return job


def _farm(canvas: Canvas, g: Ground, rect: tuple[int, int, int, int], style: Style, crop: str,
          index: int) -> None:  # fmt: skip
    """Farmland around a water channel along the long axis, crops on it, a log border."""
    x0, z0, x1, z1 = rect
    floor = _level(g, *rect)
    _platform(canvas, g, rect, floor, "dirt", 3)
    long_x = x1 - x0 >= z1 - z0
    mid = (z0 + z1) // 2 if long_x else (x0 + x1) // 2
    for z in range(z0, z1 + 1):
        for x in range(x0, x1 + 1):
            if x in (x0, x1) or z in (z0, z1):
                canvas.set(x, floor, z, f"{style.log}[axis=y]" if "log" in style.log else style.log)
            elif (z if long_x else x) == mid:
                canvas.set(x, floor, z, "water[level=0]")
            else:
                canvas.set(x, floor, z, "farmland[moisture=7]")
                canvas.set(x, floor + 1, z, f"{crop}[age={7 - (x + z + index) % 3}]")


def _path(canvas: Canvas, g: Ground, start: tuple[int, int], centre: tuple[int, int]) -> None:
    """A 3-wide dirt path from ``start`` along x, then along z, to the centre."""
    (sx, sz), (ex, ez) = start, centre
    cells = [(x, sz) for x in _span(sx, ex)] + [(ex, z) for z in _span(sz, ez)]
    done: set[tuple[int, int]] = set()
    for px, pz in cells:
        for z in range(pz - 1, pz + 2):
            for x in range(px - 1, px + 2):
                if (x, z) in done or not g.inside(x, z, x, z):
                    continue
                done.add((x, z))
                h, dry = g.rect(x, z, x, z)
                if not bool(dry[0, 0]) or int(h[0, 0]) < SEA_LEVEL:
                    continue
                y = int(h[0, 0])
                canvas.set(x, y, z, "dirt_path")
                canvas.fill((x, y + 1, z), (x, y + 2, z), "air")


def _span(a: int, b: int) -> range:
    return range(a, b + 1) if b >= a else range(a, b - 1, -1)


def _square(canvas: Canvas, g: Ground, centre: tuple[int, int], style: Style) -> int:
    """The meeting square: a levelled 7x7 of path and foundation with the bell in the middle."""
    x, z = centre
    rect = (x - 3, z - 3, x + 3, z + 3)
    floor = _level(g, *rect)
    _platform(canvas, g, rect, floor, style.foundation, 4)
    canvas.fill((x - 3, floor, z - 3), (x + 3, floor, z + 3), "dirt_path")
    canvas.fill((x - 1, floor, z - 1), (x + 1, floor, z + 1), style.foundation)
    canvas.entity(x, floor + 1, z, "bell[attachment=floor,facing=north]", {"id": "minecraft:bell"})
    return floor + 1
