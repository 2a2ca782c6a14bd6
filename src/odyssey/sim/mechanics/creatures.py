"""Shared state of the animal and vehicle mechanics: per-entity data (breeding age, love,
owner, temper, saddle, leash) and who rides what, in ``game.survival.mechanics["creatures"]``.

Flags the entity AI reads are entity tags (``love``, ``tamed``, ``sitting``, ``ridden``,
``seated``, ``leashed``) so the entity tick needs no access to the game; numbers live here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.state import Entity

WOODS = ("oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "mangrove", "cherry", "pale_oak")
BOATS = (*(f"{w}_boat" for w in WOODS), "bamboo_raft")
CHEST_BOATS = tuple(b.replace("_boat", "_chest_boat").replace("_raft", "_chest_raft")
                    for b in BOATS)  # fmt: skip
MINECARTS = ("minecart",)
VEHICLES = frozenset(BOATS + CHEST_BOATS + MINECARTS)
PLAYER = -1  # passenger id standing for the player


@dataclass
class Animal:
    """AgeableMob/Animal/TamableAnimal/AbstractHorse fields vanilla keeps per mob."""

    age: int = 0  # < 0: baby (ticks to grow up); > 0: breeding cooldown
    love: int = 0  # inLove ticks left
    love_time: int = 0  # BreedGoal.loveTime with the current partner
    tamed: bool = False
    temper: int = 0  # horses
    saddled: bool = False
    leash: tuple[int, int, int] | str | None = None  # "player" or a fence position
    jump_held: int = 0  # ticks the rider has held jump (horse jump charge)
    jump_strength: float = 0.0  # horses: rolled on first ride


@dataclass
class Creatures:
    animals: dict[int, Animal] = field(default_factory=dict)
    passengers: dict[int, list[int]] = field(default_factory=dict)  # vehicle id -> riders
    vehicle_damage: dict[int, float] = field(default_factory=dict)
    deltas: dict[int, float] = field(default_factory=dict)  # boat deltaRotation
    motion: dict[int, tuple[float, float, float]] = field(default_factory=dict)  # vehicles' own
    knots: dict[tuple[int, int, int], int] = field(default_factory=dict)  # fence -> knot id
    use_held: bool = False
    used_tick: int = -1  # an item handler used the press this tick


def first(fn, items) -> None:
    """Put an entity-use handler before the other handlers of its items (whatever the import
    order): vanilla uses the item on the entity under the crosshair before any block use."""
    from odyssey.sim.mechanics import hooks

    for item in items:
        handlers = hooks.USE_ITEM[item]
        if fn in handlers:
            handlers.remove(fn)
        handlers.insert(0, fn)


def state_of(game) -> Creatures:
    m = game.survival.mechanics
    if "creatures" not in m:
        m["creatures"] = Creatures()
    return m["creatures"]  # type: ignore[return-value]


def animal(game, e: Entity) -> Animal:
    return state_of(game).animals.setdefault(e.id, Animal())


def store(game):
    from odyssey.sim.player_body import entity_store as _store

    return _store(game.survival)


def vehicle_of(game, rider: int) -> int | None:
    for v, riders in state_of(game).passengers.items():
        if rider in riders:
            return v
    return None


def distance(e: Entity, pos: tuple[float, float, float]) -> float:
    return math.dist((e.x, e.y, e.z), pos)


def consume(game, n: int = 1) -> None:
    """Use up ``n`` of the held stack (not in creative)."""
    s = game.survival
    if s.gamemode == "creative":
        return
    held = s.inventory.mainhand
    if held is not None:
        s.inventory.set(s.inventory.selected, held.with_count(held.count - n))


def pick(game, reach: float = 3.0, vehicles: bool = True) -> Entity | None:
    """The entity under the crosshair (vanilla's pick), boats, minecarts and knots included."""
    from odyssey.sim.reach import crosshair_block, eye_position, look_vector, ray_box

    s = game.survival
    if s.entities is None:
        return None
    origin = eye_position(game.player)
    d = look_vector(game.player.yaw, game.player.pitch)
    block = crosshair_block(game.world, game.player)
    reach = min(reach, block.distance) if block is not None else reach
    best, who = math.inf, None
    for e in s.entities.entities.values():
        if e.dead or e.type in ("item", "arrow") or not kind(e.type).living:
            continue
        if not vehicles and e.type in VEHICLES:
            continue
        k = kind(e.type)
        half, height = k.width / 2 + 0.1, k.height + 0.1
        hit = ray_box(origin, d, (e.x - half, e.y - 0.1, e.z - half, e.x + half, e.y + height,
                                  e.z + half))  # fmt: skip
        if hit is not None and hit[0] <= reach and hit[0] < best:
            best, who = hit[0], e
    return who
