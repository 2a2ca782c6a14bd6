"""A small seeded demo world: rolling grass, a pond, two streets, houses with doors and signs.

It is the project's end-to-end demonstration until the map builders exist: deterministic for a
seed, in the dimension Odyssey's generated maps use (-64..448, ground near y = 64, sea level 63).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.world.leveldat import LevelInfo
from odyssey.world.nbt import Byte
from odyssey.world.storage import Dimension, World

GENERATED_DIMENSION = Dimension(min_y=-64, height=512)
GROUND_Y, SEA_LEVEL = 64, 63
HOUSE_NAMES = ("Bakery", "Library", "Post Office", "Café", "Museum", "Pharmacy", "School", "Inn")


@dataclass(frozen=True)
class House:
    """A generated house: its footprint corner, size and the name on its sign."""

    x: int
    z: int
    width: int
    depth: int
    floor_y: int
    name: str


def terrain_heights(rng: np.random.Generator, size: int) -> np.ndarray:
    """Ground height per (z, x): a few seeded smooth waves around GROUND_Y."""
    zz, xx = np.mgrid[0:size, 0:size].astype(np.float64)
    height = np.zeros((size, size))
    for wavelength, amplitude in ((96.0, 2.5), (48.0, 1.2), (24.0, 0.6)):
        phase_x, phase_z, angle = rng.uniform(0, 2 * np.pi, 3)
        u = xx * np.cos(angle) + zz * np.sin(angle)
        v = -xx * np.sin(angle) + zz * np.cos(angle)
        height += amplitude * np.sin(2 * np.pi * u / wavelength + phase_x)
        height += amplitude * np.sin(2 * np.pi * v / wavelength + phase_z)
    return np.round(GROUND_Y + 2 + height).astype(np.int64)


def generate_demo_world(seed: int = 0, size: int = 128) -> World:
    """Generate the demo world: a ``size`` x ``size`` square of land centred on (0, 0)."""
    terrain_rng, house_rng, tree_rng = (
        np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(3)
    )
    world = World(
        GENERATED_DIMENSION, LevelInfo(level_name=f"Odyssey demo (seed {seed})", seed=seed)
    )
    x0 = z0 = -size // 2
    heights = terrain_heights(terrain_rng, size)
    heights = flatten_streets(heights, size)
    build_terrain(world, heights, x0, z0)
    for house in place_houses(house_rng, heights, x0, z0, size):
        build_house(world, house)
    plant_trees(world, tree_rng, heights, x0, z0, size)
    spawn_y = int(heights[size // 2, size // 2 + 3]) + 1
    world.info = LevelInfo(
        level_name=world.info.level_name, seed=seed, spawn=(3, spawn_y, 0), game_type=2
    )
    return world


def flatten_streets(heights: np.ndarray, size: int) -> np.ndarray:
    """Level two crossing streets (5 wide) through the centre at the ground height."""
    out = heights.copy()
    mid = size // 2
    out[mid - 2 : mid + 3, :] = GROUND_Y
    out[:, mid - 2 : mid + 3] = GROUND_Y
    return out


def build_terrain(world: World, heights: np.ndarray, x0: int, z0: int) -> None:
    """Bedrock, stone, dirt, grass (or sand and water below sea level), streets of path."""
    blocks = world.registry
    size = heights.shape[0]
    bottom = world.dimension.min_y
    top = int(max(heights.max(), SEA_LEVEL)) + 1
    y = np.arange(bottom, top)[:, None, None]
    h = heights[None, :, :]
    ids = {
        n: blocks.state(n)
        for n in ("stone", "dirt", "grass_block", "sand", "water", "bedrock", "dirt_path")
    }
    column = np.zeros((top - bottom, size, size), dtype=np.uint16)
    column[y < h - 3] = ids["stone"]
    column[(y >= h - 3) & (y < h)] = ids["dirt"]
    underwater = h < SEA_LEVEL
    column[(y == h) & ~underwater] = ids["grass_block"]
    column[(y == h) & underwater] = ids["sand"]
    column[(y > h) & (y <= SEA_LEVEL)] = ids["water"]
    column[0] = ids["bedrock"]
    mid = size // 2
    street = np.zeros((size, size), dtype=bool)
    street[mid - 2 : mid + 3, :] = True
    street[:, mid - 2 : mid + 3] = True
    column[GROUND_Y - bottom][street] = ids["dirt_path"]
    world.set_box((x0, bottom, z0), column)


def place_houses(
    rng: np.random.Generator, heights: np.ndarray, x0: int, z0: int, size: int
) -> list[House]:
    """One house on each side of each street arm, facing the street, on levelled ground."""
    mid = size // 2
    houses: list[House] = []
    names = list(rng.permutation(HOUSE_NAMES))
    for arm in range(4):
        for side in (-1, 1):
            width, depth = int(rng.integers(7, 10)), int(rng.integers(6, 9))
            along = int(rng.integers(10, mid - 14))
            if arm % 2 == 0:  # arms along x: houses north/south of the street
                hx = mid + (along if arm == 0 else -along - width)
                hz = mid + 4 if side > 0 else mid - 3 - depth
            else:  # arms along z
                hz = mid + (along if arm == 1 else -along - depth)
                hx = mid + 4 if side > 0 else mid - 3 - width
            floor = int(np.max(heights[hz : hz + depth, hx : hx + width]))
            houses.append(House(x0 + hx, z0 + hz, width, depth, floor, names.pop()))
    return houses


def build_house(world: World, house: House) -> None:
    """Walls of planks with log corners, a door facing the street, windows, a slab roof, a sign."""
    x, z, w, d, y = house.x, house.z, house.width, house.depth, house.floor_y
    world.fill((x, y - 8, z), (x + w, y + 1, z + d), "cobblestone")  # foundation
    world.fill((x, y + 1, z), (x + w, y + 5, z + d), "oak_planks")
    world.fill((x + 1, y + 1, z + 1), (x + w - 1, y + 5, z + d - 1), "air")
    for cx, cz in ((x, z), (x + w - 1, z), (x, z + d - 1), (x + w - 1, z + d - 1)):
        world.fill((cx, y + 1, cz), (cx + 1, y + 5, cz + 1), "oak_log")
    world.fill((x, y + 5, z), (x + w, y + 6, z + d), "oak_slab[type=bottom]")
    door_x, door_z, facing = _door_position(house)
    world.set_block(door_x, y + 1, door_z, f"oak_door[facing={facing},half=lower]")
    world.set_block(door_x, y + 2, door_z, f"oak_door[facing={facing},half=upper]")
    for wx in range(x + 2, x + w - 2, 3):
        for wz in (z, z + d - 1):
            if (wx, wz) != (door_x, door_z):
                world.set_block(wx, y + 3, wz, "glass_pane")
    world.set_block(x + 1, y + 1, z + 1, "torch")
    sign_x, sign_z = _in_front(door_x, door_z, facing, 2)
    sign_x += 1 if facing in ("north", "south") else 0
    sign_z += 1 if facing in ("east", "west") else 0
    world.set_block(sign_x, y + 1, sign_z, f"oak_sign[rotation={_SIGN_ROTATION[facing]}]")
    world.set_block_entity(sign_x, y + 1, sign_z, sign_entity(house.name))


_SIGN_ROTATION = {"south": 0, "west": 4, "north": 8, "east": 12}


def _door_position(house: House) -> tuple[int, int, str]:
    """The door sits in the middle of the wall nearest the world's centre streets."""
    x, z, w, d = house.x, house.z, house.width, house.depth
    centre_x, centre_z = x + w // 2, z + d // 2
    if abs(centre_z) < abs(centre_x):  # along an x street: the door faces z toward it
        return (centre_x, z + d - 1, "south") if centre_z < 0 else (centre_x, z, "north")
    return (x + w - 1, centre_z, "east") if centre_x < 0 else (x, centre_z, "west")


def _in_front(x: int, z: int, facing: str, steps: int) -> tuple[int, int]:
    dx, dz = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}[facing]
    return x + dx * steps, z + dz * steps


def sign_entity(text: str) -> dict:
    """A 1.21.11 sign block entity with ``text`` on the first line of its front."""
    lines = [text, "", "", ""]
    return {
        "id": "minecraft:sign",
        "is_waxed": Byte(0),
        "front_text": {"messages": lines, "color": "black", "has_glowing_text": Byte(0)},
        "back_text": {"messages": ["", "", "", ""], "color": "black", "has_glowing_text": Byte(0)},
    }


def plant_trees(
    world: World, rng: np.random.Generator, heights: np.ndarray, x0: int, z0: int, size: int
) -> None:
    """Oak trees on open grass away from streets and houses."""
    mid = size // 2
    planted = 0
    for _ in range(400):
        if planted >= size // 6:
            break
        tx, tz = (int(v) for v in rng.integers(3, size - 3, 2))
        if abs(tx - mid) < 8 or abs(tz - mid) < 8:
            continue
        ground = int(heights[tz, tx])
        x, z = x0 + tx, z0 + tz
        if ground < SEA_LEVEL or world.get_block(x, ground, z) != world.registry.state(
            "grass_block[snowy=false]"
        ):
            continue
        if (
            world.get_block(x, ground + 1, z) != 0
            or world.get_box((x - 2, ground + 1, z - 2), (x + 3, ground + 8, z + 3)).any()
        ):
            continue
        trunk = int(rng.integers(4, 6))
        world.fill(
            (x - 2, ground + trunk - 1, z - 2),
            (x + 3, ground + trunk + 1, z + 3),
            "oak_leaves[persistent=true]",
        )
        world.fill(
            (x - 1, ground + trunk + 1, z - 1),
            (x + 2, ground + trunk + 2, z + 2),
            "oak_leaves[persistent=true]",
        )
        world.fill((x, ground + 1, z), (x + 1, ground + trunk + 1, z + 1), "oak_log")
        world.set_block(x, ground, z, "dirt")
        planted += 1
