"""A compact showcase town: every kind of block the renderer must draw, in one 64 x 64 square.

A town square of stone where two dirt-path streets cross; a brick Town Hall with a stairs roof,
slab awnings and stained-glass windows (north-east); an oak Bakery with front steps, an open and
a closed door, trapdoor shutters, a ladder to a fenced roof terrace and carpets inside
(north-west); a sand beach with a pool and a fountain of source, flowing and falling water
(south-west); a park with a row of all 16 concrete and wool colours, a cobblestone wall with a
gate, a fenced flower garden with an open and a closed gate, an oak tree and a pavilion of
eight woods (south-east). Signs, torches and lanterns everywhere. Ground at y = 64, in the
generated maps' dimension (-64..448), like the demo world.

Blocks are stored as Minecraft stores them: fences, panes, walls and gates carry the connection
states vanilla's neighbour updates would give them (``connections.connect_blocks``), leaves their
``distance``, water its ``level``. The layout is fixed; the seed only scatters grass and flowers
and shapes the tree's leaf corners, so every seed shows the same views.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from odyssey.world.connections import SIDES, connect_blocks
from odyssey.world.generate import GENERATED_DIMENSION, GROUND_Y, sign_entity
from odyssey.world.leveldat import LevelInfo
from odyssey.world.storage import World

HALF = 32  # the town spans -32 <= x, z < 32
FEET = GROUND_Y + 1  # y of a player standing on the ground
DYES = ("white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
        "light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black")  # fmt: skip
WOODS = ("oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "mangrove", "cherry")
FLOWERS = ("poppy", "dandelion", "cornflower", "oxeye_daisy", "allium", "blue_orchid",
           "azure_bluet", "red_tulip")  # fmt: skip

# Waypoints as plain data (name, initials, feet position, Xaero colour index 0..15); the render
# layer builds its Waypoint objects from these. Each stands on the ground in front of its place.
SHOWCASE_WAYPOINTS: tuple[tuple[str, str, tuple[float, float, float], int], ...] = (
    ("Town Hall", "TH", (15.0, FEET, -6.0), 12),
    ("Bakery", "B", (-15.0, FEET, -6.0), 6),
    ("Fountain", "F", (-17.0, FEET, 9.0), 9),
    ("Flower Garden", "FG", (13.0, FEET, 16.0), 10),
    ("Pavilion", "P", (25.0, FEET, 25.0), 14),
)


@dataclass(frozen=True)
class ShowcaseView:
    """A named viewpoint: feet position, yaw and pitch (Minecraft convention) and a caption."""

    pos: tuple[float, float, float]
    yaw: float
    pitch: float
    caption: str


def view_towards(
    pos: tuple[float, float, float], target: tuple[float, float, float], caption: str
) -> ShowcaseView:
    """A view from ``pos`` (feet) whose eye looks at ``target`` (yaw 0 = +z, 90 = -x)."""
    dx, dy, dz = (t - p for t, p in zip(target, (pos[0], pos[1] + 1.62, pos[2]), strict=True))
    yaw = math.degrees(math.atan2(-dx, dz))
    pitch = -math.degrees(math.atan2(dy, math.hypot(dx, dz)))
    return ShowcaseView(pos, round(yaw, 1), round(pitch, 1), caption)


SHOWCASE_VIEWS: dict[str, ShowcaseView] = {
    "street": ShowcaseView((0.5, FEET, 17.5), 180.0, 6.0, "Street view of the town square"),
    "square": ShowcaseView((0.5, FEET, 5.5), 180.0, 4.0, "From the town square, looking north"),
    "entrance": view_towards((-10.5, FEET, -2.5), (-13.0, 67.0, -9.0), "Bakery entrance"),
    "signs": view_towards((16.3, FEET, -5.5), (17.5, 66.0, -9.0), "Town Hall signs"),
    "beach": view_towards((-7.5, FEET, 7.5), (-16.5, 65.2, 17.5), "Beach and fountain"),
    "park": view_towards((7.5, FEET, 9.5), (19.0, 65.5, 24.0), "The park"),
    "night": view_towards((0.5, FEET, -26.5), (0.5, 65.5, 0.0), "The street at night"),
}


def showcase_world(seed: int = 0) -> World:
    """Build the showcase town; the same seed gives the same blocks."""
    scatter_rng, tree_rng = (
        np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(2)
    )
    info = LevelInfo(level_name=f"Odyssey showcase (seed {seed})", seed=seed, spawn=(0, FEET, 8))
    world = World(GENERATED_DIMENSION, info)
    build_ground(world)
    build_square(world)
    build_bakery(world)
    build_town_hall(world)
    build_beach(world, scatter_rng)
    build_park(world, tree_rng)
    scatter_plants(world, scatter_rng)
    connect_blocks(world, (-HALF, GROUND_Y, -HALF), (HALF, GROUND_Y + 16, HALF))
    return world


def put_sign(world: World, x: int, y: int, z: int, state: str, *lines: str) -> None:
    """A sign block with up to four lines of front text."""
    entity = sign_entity(lines[0] if lines else "")
    entity["front_text"]["messages"] = [*lines, "", "", "", ""][:4]
    world.set_block(x, y, z, state)
    world.set_block_entity(x, y, z, entity)


def put_door(world: World, x: int, y: int, z: int, kind: str, props: str) -> None:
    """Both halves of a door; ``props`` such as ``facing=north,hinge=left,open=true``."""
    world.set_block(x, y, z, f"{kind}_door[{props},half=lower]")
    world.set_block(x, y + 1, z, f"{kind}_door[{props},half=upper]")


# -- ground and square -----------------------------------------------------------------------


def build_ground(world: World) -> None:
    """Bedrock, stone, three dirt, grass at y = 64; two crossing 5-wide dirt-path streets."""
    lo, hi, bottom = -HALF, HALF, world.dimension.min_y
    world.fill((lo, bottom, lo), (hi, bottom + 1, hi), "bedrock")
    world.fill((lo, bottom + 1, lo), (hi, GROUND_Y - 3, hi), "stone")
    world.fill((lo, GROUND_Y - 3, lo), (hi, GROUND_Y, hi), "dirt")
    world.fill((lo, GROUND_Y, lo), (hi, GROUND_Y + 1, hi), "grass_block[snowy=false]")
    world.fill((lo, GROUND_Y, -2), (hi, GROUND_Y + 1, 3), "dirt_path")
    world.fill((-2, GROUND_Y, lo), (3, GROUND_Y + 1, hi), "dirt_path")
    for x0, x1, z0, z1 in ((-16, -15, -8, -2), (-13, -12, -8, -2), (14, 16, -9, -2)):
        world.fill((x0, GROUND_Y, z0), (x1, GROUND_Y + 1, z1), "dirt_path")  # paths to doors


def build_square(world: World) -> None:
    """A stone square with a stone-brick rim, lantern posts at its corners and a signpost."""
    world.fill((-6, GROUND_Y, -6), (7, GROUND_Y + 1, 7), "stone_bricks")
    world.fill((-5, GROUND_Y, -5), (6, GROUND_Y + 1, 6), "stone")
    for x in (-5, 5):
        for z in (-5, 5):
            world.fill((x, FEET, z), (x + 1, FEET + 2, z + 1), "oak_fence")
            world.set_block(x, FEET + 2, z, "lantern[hanging=false]")
    world.set_block(0, FEET, 0, "chiseled_stone_bricks")
    put_sign(world, 0, FEET + 1, 0, "oak_sign[rotation=0]", "", "Town Square", "")


# -- the Bakery: oak house, roof terrace, ladder, doors, trapdoors, carpets ------------------

BAKERY = (-21, -17, -9, -9)  # x0, z0, x1, z1: wall corners, inclusive


def build_bakery(world: World) -> None:
    """An oak-plank house with log corners on a cobblestone plinth, facing the street."""
    x0, z0, x1, z1 = BAKERY
    floor, top = FEET, FEET + 4  # plinth/floor y, last wall y
    world.fill((x0, GROUND_Y, z0), (x1 + 1, floor + 1, z1 + 1), "cobblestone")
    world.fill((x0 + 1, floor, z0 + 1), (x1, floor + 1, z1), "oak_planks")
    world.fill((x0, floor + 1, z0), (x1 + 1, top + 1, z1 + 1), "oak_planks")
    world.fill((x0 + 1, floor + 1, z0 + 1), (x1, top + 1, z1), "air")
    for x, z in ((x0, z0), (x1, z0), (x0, z1), (x1, z1)):
        world.fill((x, floor + 1, z), (x + 1, top + 1, z + 1), "oak_log[axis=y]")
    build_bakery_front(world)
    build_bakery_roof(world)
    build_bakery_inside(world)


def build_bakery_front(world: World) -> None:
    """Two doors up one step (closed and open), windows with open trapdoor shutters, signs."""
    _, _, _, z1 = BAKERY
    y = FEET + 1  # door sill
    put_door(world, -16, y, z1, "oak", "facing=north,hinge=left,open=false")
    put_door(world, -13, y, z1, "oak", "facing=north,hinge=left,open=true")
    for x in (-16, -13):
        world.set_block(x, FEET, z1 + 1, "oak_stairs[facing=north,half=bottom,shape=straight]")
    for wx in (-19, -18, -11, -10):
        world.fill((wx, y + 1, z1), (wx + 1, y + 3, z1 + 1), "glass_pane")
    shutter = "spruce_trapdoor[facing=south,open=true]"  # open, flat against the wall
    for sx in (-20, -17, -12):  # the ladder takes the fourth place
        world.fill((sx, y + 1, z1 + 1), (sx + 1, y + 3, z1 + 2), shutter)
    for z in (-15, -14, -12, -11):
        world.fill((BAKERY[0], y + 1, z), (BAKERY[0] + 1, y + 3, z + 1), "glass_pane")
    put_sign(world, -14, y + 1, z1 + 1, "spruce_wall_sign[facing=south]", "", "Bakery", "")
    world.set_block(-15, y + 1, z1 + 1, "wall_torch[facing=south]")
    put_sign(world, -7, FEET, -6, "oak_sign[rotation=0]", "Bakery", "fresh bread", "every day")


def build_bakery_roof(world: World) -> None:
    """A spruce roof terrace with an oak-fence railing, reached by a ladder up the front of a
    corner log; a closed trapdoor hatch over an inside ladder."""
    x0, z0, x1, z1 = BAKERY
    roof = FEET + 5
    world.fill((x0, roof, z0), (x1 + 1, roof + 1, z1 + 1), "spruce_planks")
    world.fill((x0, roof + 1, z0), (x1 + 1, roof + 2, z1 + 1), "oak_fence")
    world.fill((x0 + 1, roof + 1, z0 + 1), (x1, roof + 2, z1), "air")
    world.set_block(x1, roof + 1, z1, "air")  # the railing's gap at the ladder
    world.fill((x1, FEET, z1 + 1), (x1 + 1, roof + 1, z1 + 2), "ladder[facing=south]")
    world.set_block(x0, roof + 2, z1, "lantern[hanging=false]")
    world.fill((-18, FEET + 1, z0 + 1), (-17, roof, z0 + 2), "ladder[facing=south]")
    world.set_block(-18, roof, z0 + 1, "spruce_trapdoor[facing=south,half=top,open=false]")
    world.fill((-14, roof + 1, -14), (-12, roof + 1 + 1, -12), "white_carpet")


def build_bakery_inside(world: World) -> None:
    """A red rug with a white border, a counter, a hanging lantern and a wall torch."""
    y = FEET + 1
    world.fill((-19, y, -15), (-10, y + 1, -10), "white_carpet")
    world.fill((-18, y, -14), (-11, y + 1, -11), "red_carpet")
    world.set_block(-20, y, -16, "crafting_table")
    world.set_block(-20, y, -15, "smoker[facing=east,lit=false]")
    world.set_block(-20, y, -14, "barrel[facing=up,open=false]")
    world.set_block(-20, y, -11, "hay_block[axis=y]")
    world.set_block(-15, FEET + 4, -13, "lantern[hanging=true]")
    world.set_block(-10, y + 2, -13, "wall_torch[facing=west]")


# -- the Town Hall: bricks, stairs roof, slab awnings, stained glass ------------------------

TOWN_HALL = (8, -20, 21, -10)  # x0, z0, x1, z1: wall corners, inclusive


def build_town_hall(world: World) -> None:
    """A brick hall with stone-brick corners, a double door, awnings and a gable roof."""
    x0, z0, x1, z1 = TOWN_HALL
    top = FEET + 4
    world.fill((x0, GROUND_Y, z0), (x1 + 1, GROUND_Y + 1, z1 + 1), "stone_bricks")
    world.fill((x0, FEET, z0), (x1 + 1, top + 1, z1 + 1), "bricks")
    world.fill((x0 + 1, FEET, z0 + 1), (x1, top + 1, z1), "air")
    for x, z in ((x0, z0), (x1, z0), (x0, z1), (x1, z1)):
        world.fill((x, FEET, z), (x + 1, top + 1, z + 1), "stone_bricks")
    put_door(world, 14, FEET, z1, "spruce", "facing=north,hinge=left,open=false")
    put_door(world, 15, FEET, z1, "spruce", "facing=north,hinge=right,open=false")
    for wx in (10, 11, 18, 19):
        world.fill((wx, FEET + 1, z1), (wx + 1, FEET + 3, z1 + 1), "light_blue_stained_glass_pane")
    for wz in (-17, -13):
        for wx in (x0, x1):
            world.fill((wx, FEET + 1, wz), (wx + 1, FEET + 3, wz + 1), "yellow_stained_glass")
    world.fill((x0 + 1, top - 1, z1 + 1), (x1, top, z1 + 2), "spruce_slab[type=bottom]")
    for x in (13, 17):
        world.set_block(x, FEET + 2, z1 + 1, "wall_torch[facing=south]")
    put_sign(world, 16, FEET + 1, z1 + 1, "oak_wall_sign[facing=south]", "", "Town Hall", "")
    put_sign(world, 18, FEET, -8, "oak_sign[rotation=1]", "Town Hall", "open daily", "9 - 17")
    world.fill((14, GROUND_Y + 1, z0 + 1), (16, GROUND_Y + 2, z1), "blue_carpet")
    build_gable_roof(world, TOWN_HALL, top + 1)


def build_gable_roof(world: World, walls: tuple[int, int, int, int], base: int) -> None:
    """Brick stairs rising from both long walls to a slab ridge, overhanging the gable ends,
    whose triangles are filled with bricks."""
    x0, z0, x1, z1 = walls
    ridge = (z0 + z1) // 2
    for z in range(z0, z1 + 1):
        rise = min(z - z0, z1 - z)
        y = base + rise
        if z == ridge:
            world.fill((x0 - 1, y, z), (x1 + 2, y + 1, z + 1), "brick_slab[type=bottom]")
        else:
            facing = "south" if z < ridge else "north"  # the stairs' high back toward the ridge
            world.fill((x0 - 1, y, z), (x1 + 2, y + 1, z + 1), f"brick_stairs[facing={facing}]")
        for x in (x0, x1):
            world.fill((x, base, z), (x + 1, y, z + 1), "bricks")


# -- the beach: sand, a pool, a fountain of source, flowing and falling water -----------------

POOL_CENTRE, POOL_RADIUS = (-17, 18), 7.0


def build_beach(world: World, rng: np.random.Generator) -> None:
    """Sand from the street to the edge; a round pool two to three blocks deep; a fountain."""
    world.fill((-HALF, GROUND_Y - 4, 5), (-4, GROUND_Y + 1, HALF), "sand")
    cx, cz = POOL_CENTRE
    r = int(POOL_RADIUS)
    for x in range(cx - r, cx + r + 1):
        for z in range(cz - r, cz + r + 1):
            d = math.hypot(x - cx, z - cz)
            if d <= POOL_RADIUS:
                depth = 3 if d < POOL_RADIUS - 2 else 2
                world.fill((x, GROUND_Y - depth + 1, z), (x + 1, FEET, z + 1), "water[level=0]")
    build_fountain(world)
    world.fill((-13, FEET, cz), (-9, FEET + 1, cz + 2), "spruce_slab[type=bottom]")  # a pier
    for i in rng.permutation(np.arange(1, 8))[:3]:  # east (0) is the pier
        angle = i * math.tau / 8
        x, z = round(cx + 4 * math.cos(angle)), round(cz + 4 * math.sin(angle))
        world.set_block(x, FEET, z, "lily_pad")
    for x, z in ((cx + 7, cz + 2), (cx + 7, cz + 3), (cx - 3, cz + 7)):  # beside the water
        world.fill((x, FEET, z), (x + 1, FEET + 3, z + 1), "sugar_cane")
    for x in (-6, -28):
        world.set_block(x, FEET, 6, "torch")
    put_sign(world, -10, FEET, 11, "oak_sign[rotation=9]", "", "Beach", "no diving")


def build_fountain(world: World) -> None:
    """A stone-brick pillar with a water source on top. As vanilla's water settles: the source
    spreads level-1 water to its four sides on the pillar's top, which falls (level 8) into the
    pool; falling water above water and flowing water above falling water spread no further."""
    cx, cz = POOL_CENTRE
    world.fill((cx, GROUND_Y - 2, cz), (cx + 1, FEET + 1, cz + 1), "stone_bricks")
    world.set_block(cx, FEET + 1, cz, "water[level=0]")
    for dx, dz in SIDES.values():
        world.set_block(cx + dx, FEET + 1, cz + dz, "water[level=1]")
        world.set_block(cx + dx, FEET, cz + dz, "water[level=8]")


# -- the park: colours, walls, fences and gates, flowers, a tree, a pavilion ----------------


def build_park(world: World, rng: np.random.Generator) -> None:
    """The south-east quarter: colour wall, cobblestone wall, flower garden, tree, pavilion."""
    for i, dye in enumerate(DYES):  # a two-high row at the back, facing the street
        world.set_block(6 + i, FEET, 30, f"{dye}_concrete")
        world.set_block(6 + i, FEET + 1, 30, f"{dye}_wool")
    put_sign(world, 22, FEET, 29, "oak_sign[rotation=0]", "Concrete", "and", "wool")
    world.fill((4, FEET, 8), (5, FEET + 1, 29), "cobblestone_wall")
    world.set_block(4, FEET, 15, "oak_fence_gate[facing=east,open=false]")
    for z in (8, 21, 28):
        world.set_block(4, FEET + 1, z, "torch")
    build_garden(world)
    grow_oak(world, rng, 24, FEET, 14)
    build_pavilion(world)


def build_garden(world: World) -> None:
    """An oak-fence square with a closed gate north and an open gate east, full of flowers."""
    x0, z0, x1, z1 = 8, 18, 18, 27
    world.fill((x0, FEET, z0), (x1 + 1, FEET + 1, z1 + 1), "oak_fence")
    world.fill((x0 + 1, FEET, z0 + 1), (x1, FEET + 1, z1), "air")
    world.set_block(13, FEET, z0, "oak_fence_gate[facing=north,open=false]")
    world.set_block(x1, FEET, 22, "oak_fence_gate[facing=east,open=true]")
    for i, x in enumerate(range(x0 + 1, x1)):
        for z in range(z0 + 2, z1 - 1, 2):
            world.set_block(x, FEET, z, FLOWERS[(i + z) % len(FLOWERS)])
    for x, plant in ((x0 + 2, "lilac"), (x0 + 5, "rose_bush"), (x0 + 8, "tall_grass")):
        world.set_block(x, FEET, z1 - 1, f"{plant}[half=lower]")
        world.set_block(x, FEET + 1, z1 - 1, f"{plant}[half=upper]")
    world.set_block(x0 + 1, FEET, z0 + 1, "torch")


def grow_oak(world: World, rng: np.random.Generator, x: int, y: int, z: int) -> None:
    """Vanilla's oak: a straight 4-6 block trunk on dirt and a blob of leaves (radius 2 for
    the lower two layers, 1 for the upper two; corners dropped at random, always on top)."""
    height = int(rng.integers(4, 7))
    top = y + height  # the foliage's attachment point, just above the trunk
    for dy in range(-3, 1):
        radius = 1 if dy >= -1 else 2
        for dx in range(-radius, radius + 1):
            for dz in range(-radius, radius + 1):
                corner = abs(dx) == radius and abs(dz) == radius
                if corner and (dy == 0 or rng.integers(2) == 0):
                    continue
                world.set_block(x + dx, top + dy, z + dz, "oak_leaves[persistent=false]")
    world.set_block(x, y - 1, z, "dirt")
    world.fill((x, y, z), (x + 1, top, z + 1), "oak_log[axis=y]")
    set_leaf_distances(world, (x - 3, y, z - 3), (x + 4, top + 2, z + 4))


def build_pavilion(world: World) -> None:
    """Four log posts of four woods under a roof striped with eight kinds of planks; log
    benches lying along x and z and a hanging lantern."""
    x0, z0, x1, z1 = 21, 21, 28, 28
    posts = zip(((x0, z0), (x1, z0), (x0, z1), (x1, z1)), WOODS[:2] + WOODS[4:6], strict=True)
    for (x, z), wood in posts:
        world.fill((x, FEET, z), (x + 1, FEET + 3, z + 1), f"{wood}_log[axis=y]")
    for i, wood in enumerate(WOODS):
        world.fill((x0, FEET + 3, z0 + i), (x1 + 1, FEET + 4, z0 + i + 1), f"{wood}_planks")
    world.fill((23, FEET, 23), (27, FEET + 1, 24), "birch_log[axis=x]")
    world.fill((23, FEET, 26), (27, FEET + 1, 27), "jungle_log[axis=x]")
    world.fill((x1 - 1, FEET, 23), (x1, FEET + 1, 27), "cherry_log[axis=z]")
    world.set_block(24, FEET + 2, 24, "lantern[hanging=true]")


def scatter_plants(world: World, rng: np.random.Generator) -> None:
    """Short grass, ferns and flowers on free grass of the park and behind the buildings."""
    grass = world.registry.state("grass_block[snowy=false]")
    kept = [(round(p[0]), round(p[2])) for _, _, p, _ in SHOWCASE_WAYPOINTS]
    plants = ("short_grass",) * 6 + ("fern",) + FLOWERS
    for x0, z0, x1, z1 in ((5, 8, HALF, HALF), (-HALF, -HALF, HALF, -21)):
        xs = rng.integers(x0, x1, 60)
        zs = rng.integers(z0, z1, 60)
        kinds = rng.integers(len(plants), size=60)
        for x, z, k in zip(xs.tolist(), zs.tolist(), kinds.tolist(), strict=True):
            free = world.get_block(x, GROUND_Y, z) == grass and not world.get_block(x, FEET, z)
            if free and all(abs(x - kx) + abs(z - kz) > 2 for kx, kz in kept):
                world.set_block(x, FEET, z, plants[k])


# -- leaf distances, as vanilla's neighbour updates leave them --------------------------------


def set_leaf_distances(world: World, lo: tuple[int, int, int], hi: tuple[int, int, int]) -> None:
    """Leaves' ``distance``: steps to the nearest log through leaves, 1..7, as vanilla's
    neighbour updates leave it (logs outside the box are not seen)."""
    reg = world.registry
    box = world.get_box(lo, hi)
    names = np.array([reg.block_of(int(s)).name for s in box.ravel()]).reshape(box.shape)
    leaves = np.char.endswith(names, "_leaves")
    dist = np.where(np.char.endswith(names, "_log"), 0, 7)
    for _ in range(7):
        padded = np.pad(dist, 1, constant_values=7)
        near = np.min(
            [np.roll(padded, s, a)[1:-1, 1:-1, 1:-1] for a in range(3) for s in (-1, 1)], 0
        )
        dist = np.where(leaves, np.minimum(near + 1, 7), dist)
    for (y, z, x), s in zip(np.argwhere(leaves), box[leaves], strict=True):
        props = {**reg.properties(int(s)), "distance": str(dist[y, z, x])}
        world.set_block(
            lo[0] + x, lo[1] + y, lo[2] + z, reg.state_of(reg.block_of(int(s)).name, props)
        )
