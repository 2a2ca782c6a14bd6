"""Per-type facts of the entities we simulate (vanilla 1.21.11 attribute values) as data.

Sizes and health come from the item/loot registry (``odyssey.world.items``, minecraft-data) when
it lists the type, loot and stack sizes always; the table below holds the AI's values (speed,
attack, follow range, foods that tempt) for every type we simulate. Other vanilla types are
known by their box and health only and stand without behaviour.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from odyssey.sim.entities.state import Dice, Entity, EntityError
from odyssey.world.items import ItemError, items

SHEEP_FOOD = frozenset({"wheat"})
PIG_FOOD = frozenset({"carrot", "potato", "beetroot"})
CHICKEN_FOOD = frozenset({"wheat_seeds", "melon_seeds", "pumpkin_seeds", "beetroot_seeds",
                          "torchflower_seeds", "pitcher_pod"})  # fmt: skip
HORSE_TEMPT = frozenset({"golden_carrot", "golden_apple", "enchanted_golden_apple"})
CAT_FOOD = frozenset({"cod", "salmon"})


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
    # Drowned: a zombie of the water (Drowned extends Zombie); here it walks and fights as one
    Kind("drowned", 0.6, 1.95, 1.74, 20.0, 0.23, "monster", 3.0, 35.0, burns_in_day=True),
    Kind("skeleton", 0.6, 1.99, 1.74, 20.0, 0.25, "monster", 2.0, 16.0, burns_in_day=True),
    Kind("spider", 1.4, 0.9, 0.65, 16.0, 0.3, "monster", 2.0, 16.0),
    Kind("creeper", 0.6, 1.7, 1.445, 20.0, 0.25, "monster", 0.0, 16.0),
    Kind("enderman", 0.6, 2.9, 2.55, 40.0, 0.3, "monster", 7.0, 64.0),
    Kind("wolf", 0.6, 0.85, 0.68, 8.0, 0.3, attack=4.0),  # animals and vehicles (issue 14)
    Kind("cat", 0.6, 0.7, 0.35, 10.0, 0.3, tempt=CAT_FOOD, tempt_speed=0.6),
    Kind("parrot", 0.5, 0.9, 0.54, 6.0, 0.2, fall_immune=True),
    Kind("goat", 0.9, 1.3, 1.105, 10.0, 0.2, tempt=SHEEP_FOOD, tempt_speed=1.25),
    Kind("phantom", 0.9, 0.5, 0.175, 20.0, 0.7, "monster", 2.0, 64.0, burns_in_day=True,
         fall_immune=True),
    Kind("witch", 0.6, 1.95, 1.62, 26.0, 0.25, "monster", 0.0, 16.0),
    Kind("slime", 0.52, 0.52, 0.325, 16.0, 0.3, "monster", 0.0, 16.0),
    Kind("blaze", 0.6, 1.8, 1.53, 20.0, 0.23, "monster", 6.0, 48.0, fall_immune=True),
    Kind("piglin", 0.6, 1.95, 1.79, 16.0, 0.35, "monster", 5.0, 16.0),
    Kind("villager", 0.6, 1.95, 1.62, 20.0, 0.5),  # villagers and golems (issue 14)
    Kind("iron_golem", 1.4, 2.7, 2.295, 100.0, 0.25, "misc", 15.0, 16.0, 1.0, fall_immune=True,
         step=1.0),
    Kind("snow_golem", 0.7, 1.9, 1.7, 4.0, 0.2, "misc", 0.0, 16.0),
    *(Kind(v, 1.375, 0.5625, 0.5625, 1000.0, 0.0, "misc", step=0.0, simulated=False)
      for v in ("oak_boat", "spruce_boat", "birch_boat", "jungle_boat", "acacia_boat",
                "dark_oak_boat", "mangrove_boat", "cherry_boat", "pale_oak_boat", "bamboo_raft")),
    Kind("minecart", 0.98, 0.7, 0.595, 1000.0, 0.0, "misc", step=0.0, simulated=False),
    Kind("leash_knot", 0.375, 0.5, 0.0625, 1000.0, 0.0, "misc", step=0.0, simulated=False),
    Kind("item", 0.25, 0.25, 0.2125, 5.0, 0.0, "misc", step=0.0, living=False),
    Kind("arrow", 0.5, 0.5, 0.13, 1.0, 0.0, "misc", step=0.0, living=False),
    Kind("trident", 0.5, 0.5, 0.13, 1.0, 0.0, "misc", step=0.0, living=False),
    Kind("snowball", 0.25, 0.25, 0.0, 1.0, 0.0, "misc", step=0.0, living=False),
    Kind("egg", 0.25, 0.25, 0.0, 1.0, 0.0, "misc", step=0.0, living=False),
    Kind("ender_pearl", 0.25, 0.25, 0.0, 1.0, 0.0, "misc", step=0.0, living=False),
    Kind("experience_bottle", 0.25, 0.25, 0.0, 1.0, 0.0, "misc", step=0.0, living=False),
    Kind("experience_orb", 0.5, 0.5, 0.425, 5.0, 0.0, "misc", step=0.0, living=False),
)}  # fmt: skip

SHEEP_COLOURS = (("white", 0.81836), ("black", 0.05), ("gray", 0.05), ("light_gray", 0.05),
                 ("brown", 0.03), ("pink", 0.00164))  # fmt: skip


@cache
def kind(name: str) -> Kind:
    """The facts of an entity type (the registry's box and health win over the table's)."""
    base = KINDS.get(name)
    try:
        info = items().entity_info(name)
    except ItemError:  # not a vanilla type the registry lists
        info = None
    if base is None:
        if info is None:
            raise EntityError(f"unknown entity type {name!r}")
        height = float(info.height)  # a vanilla type with no behaviour here: it stands still
        return Kind(name, float(info.width), height, height * 0.85,
                    float(info.max_health or 20.0), 0.0, "misc", simulated=False)  # fmt: skip
    if info is None or not base.living:
        return base
    return replace(base, width=float(info.width), height=float(info.height),
                   max_health=float(info.max_health or base.max_health))  # fmt: skip


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
    """The entity's drops from the registry (``entity_drops``). The sheep's wool is not among
    them: it depends on the sheep (colour, sheared)."""
    drops = [d for d in items().entity_drops(name)
             if not (name == "sheep" and d.item.endswith("_wool"))]  # fmt: skip
    return [LootRoll(d.item, int(d.min_count), int(d.max_count), float(d.chance),
                     bool(d.player_kill), bool(d.cooks), int(d.group)) for d in drops]  # fmt: skip


def stack_size(item: str) -> int:
    """Max stack size of an item (64 for a name the registry does not know)."""
    reg = items()
    return int(reg.item(item).stack_size) if reg.has(item) else 64


def weapon_stats(item: str | None) -> tuple[float, float]:
    """(attack damage, attack speed) of a held item for a player: fist = (1, 4)."""
    reg = items()
    if item and reg.has(item):
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
