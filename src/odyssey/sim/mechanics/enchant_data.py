"""Vanilla 1.21.11's enchantments as data: levels, weights, costs, what they apply to and which
exclude each other (``data/minecraft/enchantment/*.json`` and the enchantment/item tags), and
the ``enchantable`` value of items (ToolMaterial / ArmorMaterial enchantment values).

Costs are vanilla's ``Enchantment.dynamicCost(base, per_level_above_first)``:
``base + per * (level - 1)``. Item groups are vanilla's ``#enchantable/*`` item tags, decided
from the item's name and kind (1.21.11: ``melee_weapon`` is swords and spears, ``sweeping``
swords only, ``lunge`` spears). ``TABLE_ORDER`` is the order of ``#in_enchanting_table``
(``#non_treasure``), which is the order offers are drawn from.

Deliberate difference: ``#enchantable/durability`` is approximated by "has durability".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from odyssey.world.items import items


@dataclass(frozen=True)
class Enchantment:
    name: str
    max_level: int
    weight: int
    min_base: int
    min_per: int
    max_base: int
    max_per: int
    anvil_cost: int
    supported: str  # an item group (below)
    primary: str | None = None  # the group offered at the table (None: ``supported``)
    exclusive: str | None = None  # the exclusive set it belongs to / excludes
    treasure: bool = False
    curse: bool = False

    def min_cost(self, level: int) -> int:
        return self.min_base + self.min_per * (level - 1)

    def max_cost(self, level: int) -> int:
        return self.max_base + self.max_per * (level - 1)


def _e(name: str, max_level: int, weight: int, min_cost: tuple[int, int],
       max_cost: tuple[int, int], anvil: int, supported: str, primary: str | None = None,
       exclusive: str | None = None, treasure: bool = False, curse: bool = False
       ) -> Enchantment:  # fmt: skip
    return Enchantment(name, max_level, weight, *min_cost, *max_cost, anvil, supported, primary,
                       exclusive, treasure, curse)  # fmt: skip


_ALL = (
    _e("protection", 4, 10, (1, 11), (12, 11), 1, "armor", exclusive="armor"),
    _e("fire_protection", 4, 5, (10, 8), (18, 8), 2, "armor", exclusive="armor"),
    _e("feather_falling", 4, 5, (5, 6), (11, 6), 2, "foot_armor"),
    _e("blast_protection", 4, 2, (5, 8), (13, 8), 4, "armor", exclusive="armor"),
    _e("projectile_protection", 4, 5, (3, 6), (9, 6), 2, "armor", exclusive="armor"),
    _e("respiration", 3, 2, (10, 10), (40, 10), 4, "head_armor"),
    _e("aqua_affinity", 1, 2, (1, 0), (41, 0), 4, "head_armor"),
    _e("thorns", 3, 1, (10, 20), (60, 20), 8, "armor", primary="chest_armor"),
    _e("depth_strider", 3, 2, (10, 10), (25, 10), 4, "foot_armor", exclusive="boots"),
    _e("sharpness", 5, 10, (1, 11), (21, 11), 1, "sharp_weapon", "melee_weapon", "damage"),
    _e("smite", 5, 5, (5, 8), (25, 8), 2, "weapon", "melee_weapon", "damage"),
    _e("bane_of_arthropods", 5, 5, (5, 8), (25, 8), 2, "weapon", "melee_weapon", "damage"),
    _e("knockback", 2, 5, (5, 20), (55, 20), 2, "melee_weapon"),
    _e("fire_aspect", 2, 2, (10, 20), (60, 20), 4, "fire_aspect", "melee_weapon"),
    _e("looting", 3, 2, (15, 9), (65, 9), 4, "melee_weapon"),
    _e("sweeping_edge", 3, 2, (5, 9), (20, 9), 4, "sweeping"),
    _e("efficiency", 5, 10, (1, 10), (51, 10), 1, "mining"),
    _e("silk_touch", 1, 1, (15, 0), (65, 0), 8, "mining_loot", exclusive="mining"),
    _e("unbreaking", 3, 5, (5, 8), (55, 8), 2, "durability"),
    _e("fortune", 3, 2, (15, 9), (65, 9), 4, "mining_loot", exclusive="mining"),
    _e("power", 5, 10, (1, 10), (16, 10), 1, "bow"),
    _e("punch", 2, 2, (12, 20), (37, 20), 4, "bow"),
    _e("flame", 1, 2, (20, 0), (50, 0), 4, "bow"),
    _e("infinity", 1, 1, (20, 0), (50, 0), 8, "bow", exclusive="bow"),
    _e("luck_of_the_sea", 3, 2, (15, 9), (65, 9), 4, "fishing"),
    _e("lure", 3, 2, (15, 9), (65, 9), 4, "fishing"),
    _e("loyalty", 3, 5, (12, 7), (50, 0), 2, "trident", exclusive="riptide"),
    _e("impaling", 5, 2, (1, 8), (21, 8), 4, "trident", exclusive="damage"),
    _e("riptide", 3, 2, (17, 7), (50, 0), 4, "trident", exclusive="riptide"),
    _e("channeling", 1, 1, (25, 0), (50, 0), 8, "trident", exclusive="riptide"),
    _e("multishot", 1, 2, (20, 0), (50, 0), 4, "crossbow", exclusive="crossbow"),
    _e("quick_charge", 3, 5, (12, 20), (50, 0), 2, "crossbow"),
    _e("piercing", 4, 10, (1, 10), (50, 0), 1, "crossbow", exclusive="crossbow"),
    _e("density", 5, 5, (5, 8), (25, 8), 2, "mace", exclusive="damage"),
    _e("breach", 4, 2, (15, 9), (65, 9), 4, "mace", exclusive="damage"),
    _e("lunge", 3, 5, (5, 8), (25, 8), 2, "lunge"),
    # treasure: never offered by the table (chests, trades, fishing)
    _e("frost_walker", 2, 2, (10, 10), (25, 10), 4, "foot_armor", "foot_armor", "boots", True),
    _e("soul_speed", 3, 1, (10, 10), (25, 10), 8, "foot_armor", treasure=True),
    _e("swift_sneak", 3, 1, (25, 25), (75, 25), 8, "leg_armor", treasure=True),
    _e("wind_burst", 3, 2, (15, 9), (65, 9), 4, "mace", treasure=True),
    _e("mending", 1, 2, (25, 25), (75, 25), 4, "durability", exclusive="bow", treasure=True),
    _e("binding_curse", 1, 1, (25, 0), (50, 0), 8, "equippable", treasure=True, curse=True),
    _e("vanishing_curse", 1, 1, (25, 0), (50, 0), 8, "vanishing", treasure=True, curse=True),
)
ENCHANTMENTS: dict[str, Enchantment] = {e.name: e for e in _ALL}
TABLE_ORDER: tuple[Enchantment, ...] = tuple(e for e in _ALL if not e.treasure)

# Exclusive sets (#exclusive_set/*): riptide excludes loyalty and channeling, which only
# exclude riptide; the others exclude each other within the set.
_SETS = {e.exclusive for e in _ALL if e.exclusive}
_MEMBERS = {s: frozenset(e.name for e in _ALL if e.exclusive == s) for s in _SETS}


def _excludes(a: str, b: str) -> bool:
    ea = ENCHANTMENTS.get(a)
    if ea is None or ea.exclusive is None:
        return False
    if ea.exclusive == "riptide":
        return (a == "riptide") != (b == "riptide") and b in _MEMBERS["riptide"]
    return b in _MEMBERS[ea.exclusive]


def compatible(a: str, b: str) -> bool:
    """Enchantment.areCompatible: different and neither's exclusive set holds the other."""
    a, b = bare(a), bare(b)
    return a != b and not _excludes(a, b) and not _excludes(b, a)


def bare(name: str) -> str:
    return name.removeprefix("minecraft:")


def is_curse(name: str) -> bool:
    e = ENCHANTMENTS.get(bare(name))
    return e is not None and e.curse


# -- items -----------------------------------------------------------------------------------

TOOL_VALUE = {"wooden": 15, "stone": 5, "copper": 13, "iron": 14, "golden": 22, "diamond": 10,
              "netherite": 15}  # fmt: skip
ARMOR_VALUE = {"leather": 15, "chainmail": 12, "copper": 8, "iron": 9, "golden": 25,
               "diamond": 10, "netherite": 15, "turtle": 9}  # fmt: skip
OTHER_VALUE = {"book": 1, "bow": 1, "crossbow": 1, "trident": 1, "fishing_rod": 1, "mace": 15}
ARMOR_PIECES = {"helmet": "head_armor", "chestplate": "chest_armor", "leggings": "leg_armor",
                "boots": "foot_armor"}  # fmt: skip
MINING_KINDS = ("pickaxe", "axe", "shovel", "hoe")


def _armor_piece(item: str) -> tuple[str, str] | None:
    material, _, piece = item.rpartition("_")
    if piece in ARMOR_PIECES and material in ARMOR_VALUE:
        return material, ARMOR_PIECES[piece]
    return None


def enchantability(item: str) -> int:
    """The item's ``enchantable`` component (0: cannot be enchanted at a table)."""
    item = bare(item)
    if item in OTHER_VALUE:
        return OTHER_VALUE[item]
    armor = _armor_piece(item)
    if armor is not None:
        return ARMOR_VALUE[armor[0]]
    t = items().item(item)
    if t.tool_tier in TOOL_VALUE and t.tool_kind in (*MINING_KINDS, "sword", "spear"):
        return TOOL_VALUE[t.tool_tier]
    return 0


@cache
def groups(item: str) -> frozenset[str]:
    """The ``#enchantable/*`` item tags that hold ``item``."""
    item = bare(item)
    t = items().item(item)
    out: set[str] = set()
    armor = _armor_piece(item)
    if armor is not None:
        out |= {"armor", armor[1], "equippable"}
    kind = t.tool_kind
    if kind in ("sword", "spear"):
        out |= {"melee_weapon", "sharp_weapon", "weapon", "fire_aspect"}
        out.add("sweeping" if kind == "sword" else "lunge")
    if kind == "axe":
        out |= {"sharp_weapon", "weapon"}
    if kind in MINING_KINDS:
        out |= {"mining", "mining_loot"}
    if item == "shears":
        out.add("mining")
    if kind == "mace":
        out |= {"mace", "weapon", "fire_aspect"}
    if item in ("bow", "crossbow", "trident"):
        out.add(item)
    if item == "fishing_rod":
        out.add("fishing")
    if item in ("elytra", "carved_pumpkin") or item.endswith(("_head", "_skull")):
        out.add("equippable")
    if t.max_damage > 0:
        out.add("durability")
    if "durability" in out or "equippable" in out or item in ("compass", "recovery_compass"):
        out.add("vanishing")
    return frozenset(out)


def can_enchant(name: str, item: str) -> bool:
    """Enchantment.canEnchant: the item is in the enchantment's supported items."""
    e = ENCHANTMENTS.get(bare(name))
    return e is not None and e.supported in groups(item)


def is_primary(e: Enchantment, item: str) -> bool:
    """Enchantment.isPrimaryItem: supported, and in the primary items where it has them (what
    the enchanting table offers it for)."""
    g = groups(item)
    return e.supported in g and (e.primary is None or e.primary in g)
