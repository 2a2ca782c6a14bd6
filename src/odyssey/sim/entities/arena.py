"""A flat grass arena for entity tests and benchmarks: dirt under grass, ground top at y = 64."""

from __future__ import annotations

from odyssey.world.storage import World

GROUND = 64  # feet height of anything standing on the arena


def flat_arena(radius: int = 48) -> World:
    """Grass from −radius to radius in x and z, three dirt layers and stone below it."""
    world = World()
    lo, hi = -radius, radius
    world.fill((lo, 56, lo), (hi, 60, hi), "stone")
    world.fill((lo, 60, lo), (hi, 63, hi), "dirt")
    world.fill((lo, 63, lo), (hi, 64, hi), "grass_block")
    return world


def roof(world: World, lo: tuple[int, int], hi: tuple[int, int], y: int = 70) -> None:
    """A stone slab roof (one block thick) over lo..hi (inclusive) at height ``y``."""
    world.fill((lo[0], y, lo[1]), (hi[0] + 1, y + 1, hi[1] + 1), "stone")
