"""Per-type facts of the entities we simulate (vanilla 1.21.11 attribute values) as data.

Sizes, health, speed and attack come from the item/loot registry (``odyssey.world.items``) when
it knows the type; the table below holds vanilla's values for every type we simulate, so the
simulation works (and is tested) without it. Loot tables likewise fall back to ``LOOT``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.sim.entities.state import Dice, Entity, EntityError

SHEEP_FOOD = frozenset({"wheat"})
PIG_FOOD = frozenset({"carrot", "potato", "beetroot"})
CHICKEN_FOOD = frozenset({"wheat_seeds", "melon_seeds", "pumpkin_seeds", "beetroot_seeds",
                          "torchflower_seeds", "pitcher_pod"})  # fmt: skip
HORSE_TEMPT = frozenset({"golden_carrot", "golden_apple", "enchanted_golden_apple"})


@dataclass(frozen=True)
class Kind:
    """One entity type: box, health, the movement_speed attribute, AI parameters."""

    name: str
    width: float
    height: float
    eye: float
    max_health: float = 20.0
    speed: float = 0.25
    category: str = "creature"  # creature | monster | misc
    attack: float = 0.0
    follow_range: float = 16.0
    knockback_resistance: float = 0.0
    burns_in_day: bool = False
    tempt: frozenset[str] = frozenset()
    tempt_speed: float = 1.0
    panic_speed: float = 1.25
    fall_immune: bool = False
    step: float = 0.6
    living: bool = True
    simulated: bool = True  # False: a vanilla type without behaviour here (it only falls)

    @property
    def hostile(self) -> bool:
        return self.category == "monster"


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("cow", 0.9, 1.4, 1.3, 10.0, 0.2, tempt=SHEEP_FOOD, tempt_speed=1.25, panic_speed=2.0),
    Kind("pig", 0.9, 0.9, 0.765, 10.0, 0.25, tempt=PIG_FOOD, tempt_speed=1.2),
    Kind("sheep", 0.9, 1.3, 1.235, 8.0, 0.23, tempt=SHEEP_FOOD, tempt_speed=1.1),
    Kind("chicken", 0.4, 0.7, 0.644, 4.0, 0.25, tempt=CHICKEN_FOOD, panic_speed=1.4,
         fall_immune=True),
    Kind("horse", 1.3964844, 1.6, 1.52, 22.0, 0.225, tempt=HORSE_TEMPT, tempt_speed=1.25,
         panic_speed=1.2, step=1.0),
    Kind("zombie", 0.6, 1.95, 1.74, 20.0, 0.23, "monster", 3.0, 35.0, burns_in_day=True),
    Kind("skeleton", 0.6, 1.99, 1.74, 20.0, 0.25, "monster", 2.0, 16.0, burns_in_day=True),
    Kind("spider", 1.4, 0.9, 0.65, 16.0, 0.3, "monster", 2.0, 16.0),
    Kind("creeper", 0.6, 1.7, 1.445, 20.0, 0.25, "monster", 0.0, 16.0),
    Kind("enderman", 0.6, 2.9, 2.55, 40.0, 0.3, "monster", 7.0, 64.0),
    Kind("item", 0.25, 0.25, 0.2125, 5.0, 0.0, "misc", step=0.0, living=False),
    Kind("arrow", 0.5, 0.5, 0.13, 1.0, 0.0, "misc", step=0.0, living=False),
)}  # fmt: skip

# Vanilla loot (entities/*.json) for when the item registry is absent: (item, min, max, chance,
# killed_by_player_only); meats drop cooked from a burning mob.
LOOT: dict[str, tuple[tuple[str, int, int, float, bool], ...]] = {
    "cow": (("leather", 0, 2, 1.0, False), ("beef", 1, 3, 1.0, False)),
    "pig": (("porkchop", 1, 3, 1.0, False),),
    "sheep": (("mutton", 1, 2, 1.0, False),),  # + 1 wool of its colour unless sheared
    "chicken": (("feather", 0, 2, 1.0, False), ("chicken", 1, 1, 1.0, False)),
    "horse": (("leather", 0, 2, 1.0, False),),
    "zombie": (("rotten_flesh", 0, 2, 1.0, False),),
    "skeleton": (("arrow", 0, 2, 1.0, False), ("bone", 0, 2, 1.0, False)),
    "spider": (("string", 0, 2, 1.0, False), ("spider_eye", 0, 1, 1.0, True)),
    "creeper": (("gunpowder", 0, 2, 1.0, False),),
    "enderman": (("ender_pearl", 0, 1, 1.0, False),),
}
STACK_16 = frozenset({"egg", "ender_pearl", "snowball", "bucket", "oak_sign", "white_banner"})
SHEEP_COLOURS = (("white", 0.81836), ("black", 0.05), ("gray", 0.05), ("light_gray", 0.05),
                 ("brown", 0.03), ("pink", 0.00164))  # fmt: skip


def _registry():
    """The item/loot registry if it exists yet, else None."""
    try:
        from odyssey.world.items import items  # type: ignore[import-not-found]
    except ImportError:
        return None
    return items()


@cache
def kind(name: str) -> Kind:
    """The facts of an entity type (the registry's box and health win over the table's)."""
    base = KINDS.get(name)
    reg = _registry()
    if base is None:
        return _unsimulated(name, reg)
    info = None
    if reg is not None and base.living:
        from odyssey.world.items import ItemError  # type: ignore[import-not-found]

        try:
            info = reg.entity_info(name)
        except ItemError:  # the registry does not list it: keep vanilla's table values
            info = None
    if info is None:
        return base
    from dataclasses import replace

    return replace(base, width=float(info.width), height=float(info.height),
                   max_health=float(info.max_health or base.max_health))  # fmt: skip


def _unsimulated(name: str, reg) -> Kind:
    """A vanilla entity type with no behaviour here: its box and health, standing still."""
    from odyssey.world.items import ItemError  # type: ignore[import-not-found]

    try:
        info = reg.entity_info(name) if reg is not None else None
    except ItemError:
        info = None
    if info is None:
        raise EntityError(f"unknown entity type {name!r}")
    height = float(info.height)
    return Kind(name, float(info.width), height, height * 0.85, float(info.max_health or 20.0),
                0.0, "misc", simulated=False)  # fmt: skip


@dataclass(frozen=True)
class LootRoll:
    """One loot entry: item and count range, chance, whether a player kill is required,
    whether it drops cooked when the mob burns, its alternative group (0: none)."""

    item: str
    min_count: int
    max_count: int
    chance: float = 1.0
    player_only: bool = False
    cooks: bool = False
    group: int = 0


COOKED = {"beef": "cooked_beef", "porkchop": "cooked_porkchop", "mutton": "cooked_mutton",
          "chicken": "cooked_chicken"}  # fmt: skip


def loot_of(name: str) -> list[LootRoll]:
    """The entity's drops from the registry (``entity_drops``), else from ``LOOT``. The sheep's
    wool is not among them: it depends on the sheep (colour, sheared)."""
    reg = _registry()
    if reg is not None:
        from odyssey.world.items import ItemError  # type: ignore[import-not-found]

        try:
            drops = reg.entity_drops(name)
        except ItemError:
            drops = None
        if drops is not None:
            kept = [d for d in drops if not (name == "sheep" and d.item.endswith("_wool"))]
            return [LootRoll(d.item, int(d.min_count), int(d.max_count), float(d.chance),
                             bool(d.player_kill), bool(d.cooks), int(d.group))
                    for d in kept]  # fmt: skip
    return [LootRoll(*entry, cooks=entry[0] in COOKED) for entry in LOOT.get(name, ())]


def stack_size(item: str) -> int:
    """Max stack size of an item (registry first; 64 unless known to be 16)."""
    reg = _registry()
    if reg is not None and reg.has(item):
        return int(reg.item(item).stack_size)
    return 16 if item in STACK_16 else 64


def weapon_stats(item: str | None) -> tuple[float, float]:
    """(attack damage, attack speed) of a held item for a player: fist = (1, 4)."""
    reg = _registry()
    if item and reg is not None and reg.has(item):
        it = reg.item(item)
        return float(it.attack_damage), float(it.attack_speed)
    return 1.0, 4.0


def random_sheep_colour(dice: Dice) -> str:
    """Sheep.getRandomSheepColor: mostly white, some black/grays, brown, rare pink."""
    r, acc = dice.random(), 0.0
    for colour, p in SHEEP_COLOURS:
        acc += p
        if r < acc:
            return colour
    return "white"


def init_entity(e: Entity, dice: Dice) -> None:
    """Fill in a new entity's type defaults (health, speed, rolled per-type data)."""
    k = kind(e.type)
    e.max_health = e.health = k.max_health
    e.speed = k.speed
    if e.type == "sheep":
        e.color = random_sheep_colour(dice)
    elif e.type == "chicken":
        e.egg_time = dice.integers(6000) + 6000
    elif e.type == "horse":  # AbstractHorse.generateSpeed / generateMaxHealth
        e.speed = float(np.float32((0.45 + dice.random() * 0.3 + dice.random() * 0.3
                                    + dice.random() * 0.3) * 0.25))  # fmt: skip
        e.max_health = e.health = float(15 + dice.integers(8) + dice.integers(9))
    elif e.type == "item":
        e.pickup_delay = 10
    elif e.type == "enderman":
        e.persistent = False
    if k.category == "creature":
        e.persistent = True  # animals never despawn (vanilla: they are spawned persistent)
