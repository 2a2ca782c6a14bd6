"""Entity state, the entity store, the random stream, and what a tick reports.

An ``Entity`` is a mutable slotted dataclass (the hot loops read and write its fields); the
``EntityStore`` owns every entity, hands out increasing integer ids, iterates in id order and
owns the seeded random stream, so a store restored from a snapshot replays bit for bit.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from odyssey.errors import OdysseyError

DIFFICULTIES = ("peaceful", "easy", "normal", "hard")


class EntityError(OdysseyError):
    """Bad entity input: an unknown entity type, a missing id, a bad difficulty."""


def difficulty_id(difficulty: int | str) -> int:
    """0 peaceful, 1 easy, 2 normal, 3 hard (vanilla Difficulty ids) from a name or an id."""
    if isinstance(difficulty, str):
        if difficulty not in DIFFICULTIES:
            raise EntityError(f"difficulty {difficulty!r}: expected one of {DIFFICULTIES}")
        return DIFFICULTIES.index(difficulty)
    if not 0 <= int(difficulty) <= 3:
        raise EntityError(f"difficulty {difficulty}: expected 0..3 ({', '.join(DIFFICULTIES)})")
    return int(difficulty)


class Dice:
    """A seeded random stream served from pre-drawn blocks (cheap per draw, reproducible).

    Every random choice of the entity simulation comes from here, in a fixed order, so the
    same seed and the same calls give the same results.
    """

    BLOCK = 4096

    def __init__(self, seed: int | np.random.Generator = 0) -> None:
        self.gen = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        self.buf = self.gen.random(self.BLOCK)
        self.i = 0

    def random(self) -> float:
        """A float in [0, 1) (Random.nextFloat / nextDouble)."""
        if self.i >= self.BLOCK:
            self.buf = self.gen.random(self.BLOCK)
            self.i = 0
        v = self.buf[self.i]
        self.i += 1
        return float(v)

    def integers(self, n: int) -> int:
        """An int in [0, n) (Random.nextInt(n)); 0 when n <= 0."""
        return max(0, min(int(self.random() * n), n - 1))

    def triangle(self, centre: float, spread: float) -> float:
        """RandomSource.triangle: centre + spread × (random − random)."""
        return centre + spread * (self.random() - self.random())

    def gaussian(self) -> float:
        """A standard normal value (Box–Muller on two draws)."""
        u = max(self.random(), 1e-300)
        return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * self.random())

    def state(self) -> tuple:
        return (copy.deepcopy(self.gen.bit_generator.state), self.buf.copy(), self.i)

    def set_state(self, saved: tuple) -> None:
        self.gen.bit_generator.state = copy.deepcopy(saved[0])
        self.buf, self.i = saved[1].copy(), saved[2]


@dataclass(slots=True)
class Entity:
    """One mob, item or projectile. Position = feet (box bottom centre); yaw 0 = +Z."""

    id: int
    type: str
    x: float
    y: float
    z: float
    vx: float = 0.0
    vy: float = 0.0
    vz: float = 0.0
    yaw: float = 0.0
    pitch: float = 0.0
    on_ground: bool = False
    health: float = 20.0
    max_health: float = 20.0
    hurt_time: int = 0  # red flash ticks (10 after a hit)
    invulnerable_time: int = 0  # vanilla invulnerableTime (20 after a new hit)
    last_hurt: float = 0.0  # vanilla lastHurt: the amount of the hit that started the window
    age: int = 0
    fire_ticks: int = 0
    fall_distance: float = 0.0
    custom_name: str | None = None
    tags: set[str] = field(default_factory=set)
    no_ai: bool = False
    persistent: bool = False
    baby: bool = False
    dead: bool = False
    # -- movement inputs set by the AI, read by the physics --------------------------------
    forward: float = 0.0  # zza: MoveControl speed (blocks/tick scale) or 0
    strafe: float = 0.0
    jump: bool = False
    jump_delay: int = 0
    collided_h: bool = False
    in_water: bool = False
    in_lava: bool = False
    landed_fall: float = 0.0  # fall distance of a landing this tick (fall damage)
    moved_block: bool = False  # crossed a block boundary this tick (item merge cadence)
    # -- AI state ------------------------------------------------------------------------------
    nav: tuple[float, float, float] | None = None  # straight-line steering goal
    nav_speed: float = 1.0
    path: list[tuple[int, int, int]] | None = None  # A* cells toward the navigation goal
    path_i: int = 0
    path_goal: tuple[int, int, int] = (0, 0, 0)
    repath: int = 0  # ticks until the path is planned again
    stuck_ticks: int = 0
    detour_ticks: int = 0
    detour_yaw: float = 0.0
    target: int = -1  # index of the targeted player, -1 none
    attack_cooldown: int = 0
    see_time: int = 0
    panic_ticks: int = 0
    look_ticks: int = 0
    hurt_by_player: int = -1  # player index of the last player hit, for loot and anger
    hurt_by_player_ticks: int = 0
    # -- per-type data -------------------------------------------------------------------------
    color: str = "white"  # sheep wool colour
    sheared: bool = False
    eat_ticks: int = 0  # sheep eating grass animation
    egg_time: int = 0  # chicken ticks to the next egg
    swell: int = 0  # creeper fuse, 0..30
    swell_dir: int = -1
    angry: bool = False  # enderman
    stare_ticks: int = 0
    dodge: bool = False  # enderman: teleport away on its next tick
    bow_ticks: int = 0  # skeleton: ticks the bow has been drawn
    strafe_time: int = -1
    strafe_clockwise: bool = False
    strafe_back: bool = False
    speed: float = 0.0  # movement_speed attribute (per-entity: horses roll theirs)
    # -- item entities ----------------------------------------------------------------------
    item: str = ""
    count: int = 0
    components: dict = field(default_factory=dict)
    pickup_delay: int = 0
    # -- projectiles --------------------------------------------------------------------------
    owner: int = -1  # entity id of the shooter
    base_damage: float = 2.0
    crit: bool = False
    in_ground: bool = False

    @property
    def pos(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z)

    @property
    def velocity(self) -> tuple[float, float, float]:
        return (self.vx, self.vy, self.vz)


@dataclass(frozen=True)
class PlayerView:
    """What the entity simulation needs to know about a player (given by the caller each tick).

    ``pickup(item_name, count, components) -> taken`` puts picked-up items into the player's
    inventory; None means this player picks nothing up.
    """

    pos: tuple[float, float, float]
    eye_height: float = 1.62
    yaw: float = 0.0
    pitch: float = 0.0
    health: float = 20.0
    dead: bool = False
    gamemode: str = "survival"
    held_item: str | None = None
    is_sprinting: bool = False
    width: float = 0.6
    height: float = 1.8
    wearing_pumpkin: bool = False
    pickup: Callable[[str, int, dict], int] | None = None
    visibility: float = 1.0  # getVisibilityPercent's invisibility factor (0.07 when invisible)

    @property
    def targetable(self) -> bool:
        """Mobs attack survival and adventure players that are alive."""
        return not self.dead and self.gamemode in ("survival", "adventure")


@dataclass(frozen=True)
class EntityEvent:
    """Something an entity did this tick.

    Kinds: ``player_damage`` (to ``player``: ``amount`` before armour, ``source`` such as
    mob_attack / arrow / explosion, ``knockback`` = (strength, x, z) for vanilla
    LivingEntity.knockback or None, ``impulse`` = velocity to add or None), ``entity_hurt``,
    ``entity_death``, ``item_spawned``, ``item_picked_up`` (``player``, ``item``, ``count``),
    ``explosion`` (``pos``, ``amount`` = power), ``block_changed`` (``block``, ``state``;
    already applied through ``set_block``), ``player_ignited`` (``amount`` = seconds of fire),
    ``egg_laid``, ``arrow_shot``, ``teleport`` (``pos`` = where it left), ``spawned``,
    ``despawned``.
    """

    kind: str
    entity: int = -1
    player: int = -1
    amount: float = 0.0
    source: str = ""
    pos: tuple[float, float, float] | None = None
    knockback: tuple[float, float, float] | None = None
    impulse: tuple[float, float, float] | None = None
    item: str = ""
    count: int = 0
    block: tuple[int, int, int] | None = None
    state: int = 0


@dataclass
class StoreSnapshot:
    """A deep copy of a store's entities, next id and random stream."""

    entities: dict[int, Entity]
    next_id: int
    dice: tuple
    tick: int


class EntityStore:
    """All entities of a world, by id; ids only grow, iteration is always in id order."""

    def __init__(self, seed: int = 0) -> None:
        self.entities: dict[int, Entity] = {}
        self.next_id = 1
        self.dice = Dice(seed)
        self.tick_count = 0

    def __len__(self) -> int:
        return len(self.entities)

    def __iter__(self) -> Iterator[Entity]:
        """Entities in id order (a dict keeps insertion order and ids only grow)."""
        return iter(list(self.entities.values()))

    def __contains__(self, entity_id: int) -> bool:
        return entity_id in self.entities

    def get(self, entity_id: int) -> Entity:
        try:
            return self.entities[entity_id]
        except KeyError:
            raise EntityError(f"no entity with id {entity_id}") from None

    def add(self, entity_type: str, pos: tuple[float, float, float], **fields) -> Entity:
        """A new entity with the next id; ``fields`` set any Entity field."""
        from odyssey.sim.entities.kinds import init_entity

        e = Entity(self.next_id, entity_type, float(pos[0]), float(pos[1]), float(pos[2]))
        self.next_id += 1
        init_entity(e, self.dice)
        for name, value in fields.items():
            setattr(e, name, value)
        self.entities[e.id] = e
        return e

    def remove(self, entity_id: int) -> None:
        self.entities.pop(entity_id, None)

    def of_type(self, *types: str) -> list[Entity]:
        return [e for e in self.entities.values() if e.type in types]

    def in_box(
        self, lo: tuple[float, float, float], hi: tuple[float, float, float]
    ) -> list[Entity]:
        """Entities whose feet position lies in the box lo <= p <= hi."""
        return [
            e for e in self.entities.values()
            if lo[0] <= e.x <= hi[0] and lo[1] <= e.y <= hi[1] and lo[2] <= e.z <= hi[2]
        ]  # fmt: skip

    def near(self, pos: tuple[float, float, float], radius: float) -> list[Entity]:
        """Entities within ``radius`` of ``pos`` (feet), in id order."""
        r2 = radius * radius
        return [
            e for e in self.entities.values()
            if (e.x - pos[0]) ** 2 + (e.y - pos[1]) ** 2 + (e.z - pos[2]) ** 2 <= r2
        ]  # fmt: skip

    def snapshot(self) -> StoreSnapshot:
        ents = {i: copy.deepcopy(e) for i, e in self.entities.items()}
        return StoreSnapshot(ents, self.next_id, self.dice.state(), self.tick_count)

    def restore(self, snap: StoreSnapshot) -> None:
        self.entities = {i: copy.deepcopy(e) for i, e in snap.entities.items()}
        self.next_id = snap.next_id
        self.dice.set_state(snap.dice)
        self.tick_count = snap.tick
