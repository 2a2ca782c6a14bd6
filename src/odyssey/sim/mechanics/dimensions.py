"""The dimensions a survival game can travel between: the overworld (the game's starting
world), the Nether and the End, generated lazily from the world's seed by this repo's own
generators, and the move of the player from one to another.

The worlds are kept on the game (``game.dimension_worlds``: name -> World, made the first time a
portal asks), never in ``Survival``, which snapshots deep-copy. ``Survival.dimension`` says where
the player is. Each dimension keeps its own entities: the store of the dimension left is kept in
this mechanic's state and comes back on return.

Vanilla numbers: the Nether's coordinate scale is 8 (``DimensionType.coordinateScale``), its
logical height 128; the world border is at ±29,999,984.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from odyssey.sim import layout as k
from odyssey.sim.player import PlayerState, SimError
from odyssey.world.storage import World

Pos = tuple[int, int, int]
Vec = tuple[float, float, float]
MECHANIC = "dimensions"
SCALE = {"overworld": 1.0, "the_nether": 8.0, "the_end": 1.0}
LOGICAL_HEIGHT = {"the_nether": 128}
BORDER = 29_999_984  # WorldBorder.MAX_SIZE / 2
KEPT = (k.S_HEALTH, k.S_FIRE, k.S_AIR, k.S_INVULNERABLE, k.S_LAST_HURT)  # carried across


@dataclass
class DimensionState:
    """Entity stores of the dimensions the player is not in (by name)."""

    stores: dict[str, Any] = field(default_factory=dict)


def state(game) -> DimensionState:
    found = game.survival.mechanics.get(MECHANIC)
    if not isinstance(found, DimensionState):
        found = game.survival.mechanics[MECHANIC] = DimensionState()
    return found


def worlds(game) -> dict[str, World]:
    """``game.dimension_worlds``, made on first use with the current world in it."""
    found = getattr(game, "dimension_worlds", None)
    if found is None:
        found = {game.survival.dimension: game.world}
        setattr(game, "dimension_worlds", found)  # noqa: B010 (not a Game field: kept off it)
    return found


def seed_of(game) -> int:
    """The world's seed (level.dat), else the survival game's."""
    for world in worlds(game).values():
        seed = getattr(getattr(world, "info", None), "seed", None)
        if seed:
            return int(seed)
    return int(game.survival.seed)


def world_of(game, dimension: str) -> World:
    """The world of a dimension, generated lazily from the seed the first time."""
    known = worlds(game)
    if dimension not in known:
        seed = seed_of(game)
        if dimension == "the_nether":
            from odyssey.world.gen.nether import lazy_nether

            known[dimension] = lazy_nether(seed)
        elif dimension == "the_end":
            from odyssey.world.gen.end import lazy_end

            known[dimension] = lazy_end(seed)
        elif dimension == "overworld":
            from odyssey.world.gen.overworld import lazy_world

            known[dimension] = lazy_world(seed)
        else:
            raise SimError(f"unknown dimension {dimension!r}: expected overworld, the_nether or"
                           " the_end")  # fmt: skip
    return known[dimension]


def scale(source: str, target: str) -> float:
    """DimensionType.getTeleportationScale."""
    return SCALE.get(source, 1.0) / SCALE.get(target, 1.0)


def top_y(world: World, dimension: str) -> int:
    """The highest block y a portal may use: min(max y, min y + logical height − 1)."""
    height = LOGICAL_HEIGHT.get(dimension, world.dimension.height)
    return min(world.dimension.max_y - 1, world.dimension.min_y + height - 1)


def clamp_border(v: float) -> float:
    return max(-BORDER + 1.0, min(BORDER - 1.0, v))


def arrive(
    game, dimension: str, build: Callable[[Any], tuple[Vec, float]], pitch: float,
    near: tuple[float, float],
) -> None:  # fmt: skip
    """Move the player into ``dimension``. ``build(game)`` runs there first (the blocks it sets
    go through the game, recorded for snapshots) and returns the feet position and yaw. Health,
    air, fire and the hurt timer stay as they were; the fall distance and speed do not."""
    s = game.survival
    world = world_of(game, dimension)
    before = game.player
    old = s.dimension
    if old != dimension:
        kept = state(game).stores
        kept[old] = s.entities
        if dimension in kept:
            s.entities = kept.pop(dimension)
        elif s.entities is not None:
            from odyssey.sim.entities.state import EntityStore

            s.entities = EntityStore(s.seed + len(SCALE) + len(kept))
    s.dimension = dimension
    # stand above the build height while building (change_world checks the start is free)
    x, z = near
    game.change_world(world, (x, float(world.dimension.max_y + 1), z), before.yaw, pitch)
    pos, yaw = build(game)
    _place(game, pos, yaw, pitch)
    st = game.player.to_array()
    old_st = before.to_array()
    for i in KEPT:
        st[i] = old_st[i]
    game.player = PlayerState.from_array(st, before.attributes)
    game.emit("dimension_changed", 0.0, tuple(int(v // 1) for v in pos), dimension)


def _place(game, pos: Vec, yaw: float, pitch: float) -> None:
    """Teleport to ``pos``, or the nearest free spot above it (PortalShape's collision-free
    search, simplified)."""
    x, y, z = pos
    for dy in range(0, 24):
        try:
            game.teleport((x, y + dy, z), yaw, pitch)
            return
        except SimError:
            continue
    game.teleport((x, float(game.world.dimension.max_y + 1), z), yaw, pitch)
