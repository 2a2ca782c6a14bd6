"""Chest loot tables in the spirit of vanilla's, rolled at generation time.

Each table has pools: a roll count range and weighted entries (item, weight, count range). The
items are rolled when the structure is built, from a seed of (world seed, chest position), and
stored in the chest's block entity in vanilla's 1.21 layout (``Items: [{Slot, id, count}]``),
so a saved world carries its loot and any reader sees the same items.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from odyssey.errors import WorldError
from odyssey.world.gen.noise import mix_seed
from odyssey.world.nbt import COMPOUND, Byte, Int, NBTList

CHEST_SLOTS = 27


@dataclass(frozen=True)
class Entry:
    item: str
    weight: int
    low: int = 1
    high: int = 1


@dataclass(frozen=True)
class Pool:
    rolls: tuple[int, int]
    entries: tuple[Entry, ...]


def _pool(rolls: tuple[int, int], *entries: tuple) -> Pool:
    return Pool(rolls, tuple(Entry(*e) for e in entries))


# Abridged from vanilla's chests/*.json (weights and counts as there).
TABLES: dict[str, tuple[Pool, ...]] = {
    "village_house": (
        _pool((3, 8), ("wheat", 20, 1, 7), ("bread", 10, 1, 4), ("apple", 10, 1, 5),
              ("potato", 10, 1, 7), ("carrot", 10, 1, 7), ("emerald", 1, 1, 1),
              ("oak_sapling", 5, 1, 2), ("dandelion", 5, 1, 1), ("poppy", 2, 1, 1),
              ("iron_ingot", 2, 1, 3)),
    ),
    "village_weaponsmith": (
        _pool((3, 8), ("diamond", 3, 1, 3), ("iron_ingot", 10, 1, 5), ("gold_ingot", 5, 1, 3),
              ("bread", 15, 1, 3), ("apple", 15, 1, 3), ("iron_pickaxe", 5), ("iron_sword", 5),
              ("iron_chestplate", 5), ("iron_helmet", 5), ("iron_leggings", 5),
              ("iron_boots", 5), ("obsidian", 5, 3, 7), ("oak_sapling", 5, 3, 7),
              ("saddle", 3), ("iron_horse_armor", 1), ("golden_horse_armor", 1),
              ("diamond_horse_armor", 1)),
    ),
    "desert_pyramid": (
        _pool((2, 4), ("diamond", 5, 1, 3), ("iron_ingot", 15, 1, 5), ("gold_ingot", 15, 2, 7),
              ("emerald", 15, 1, 3), ("bone", 25, 4, 6), ("spider_eye", 25, 1, 3),
              ("rotten_flesh", 25, 3, 7), ("saddle", 20), ("iron_horse_armor", 15),
              ("golden_horse_armor", 10), ("diamond_horse_armor", 5),
              ("enchanted_book", 20), ("golden_apple", 20), ("enchanted_golden_apple", 2)),
        _pool((4, 4), ("bone", 10, 1, 8), ("gunpowder", 10, 1, 8), ("rotten_flesh", 10, 1, 8),
              ("string", 10, 1, 8), ("sand", 10, 1, 8)),
    ),
    "simple_dungeon": (
        _pool((1, 3), ("saddle", 20), ("golden_apple", 15), ("enchanted_golden_apple", 2),
              ("music_disc_otherside", 2), ("music_disc_13", 15), ("music_disc_cat", 15),
              ("name_tag", 20), ("golden_horse_armor", 10), ("iron_horse_armor", 15),
              ("diamond_horse_armor", 5), ("enchanted_book", 10)),
        _pool((1, 4), ("iron_ingot", 10, 1, 4), ("gold_ingot", 5, 1, 4), ("bread", 20),
              ("wheat", 20, 1, 4), ("bucket", 10), ("redstone", 15, 1, 4), ("coal", 15, 1, 4),
              ("melon_seeds", 10, 2, 4), ("pumpkin_seeds", 10, 2, 4),
              ("beetroot_seeds", 10, 2, 4)),
        _pool((3, 3), ("bone", 10, 1, 8), ("gunpowder", 10, 1, 8), ("rotten_flesh", 10, 1, 8),
              ("string", 10, 1, 8)),
    ),
    "ruined_portal": (
        _pool((4, 8), ("obsidian", 40, 1, 2), ("flint", 40, 1, 4), ("iron_nugget", 40, 9, 18),
              ("flint_and_steel", 40), ("fire_charge", 40), ("golden_apple", 15),
              ("gold_nugget", 15, 4, 24), ("golden_sword", 15), ("golden_axe", 15),
              ("golden_hoe", 15), ("golden_shovel", 15), ("golden_pickaxe", 15),
              ("golden_boots", 15), ("golden_chestplate", 15), ("golden_helmet", 15),
              ("golden_leggings", 15), ("glistering_melon_slice", 5, 4, 12),
              ("golden_horse_armor", 5), ("light_weighted_pressure_plate", 5),
              ("golden_carrot", 5, 4, 12), ("clock", 5), ("gold_ingot", 5, 2, 8),
              ("bell", 1), ("enchanted_golden_apple", 1), ("gold_block", 1, 1, 2)),
    ),
}  # fmt: skip


def roll(table: str, rng: np.random.Generator) -> list[tuple[int, str, int]]:
    """(slot, item id, count) of one chest: each pool's rolls, in random distinct slots."""
    pools = TABLES.get(table)
    if pools is None:
        raise WorldError(f"loot table {table!r}: unknown (expected one of {sorted(TABLES)})")
    stacks: list[tuple[str, int]] = []
    for pool in pools:
        weights = np.array([e.weight for e in pool.entries], dtype=np.float64)
        for _ in range(int(rng.integers(pool.rolls[0], pool.rolls[1] + 1))):
            e = pool.entries[int(rng.choice(len(pool.entries), p=weights / weights.sum()))]
            stacks.append((f"minecraft:{e.item}", int(rng.integers(e.low, e.high + 1))))
    slots = rng.permutation(CHEST_SLOTS)[: len(stacks)]
    return sorted((int(s), item, n) for s, (item, n) in zip(slots, stacks, strict=False))


def chest_entity(seed: int, table: str, pos: tuple[int, int, int]) -> dict[str, Any]:
    """A chest block entity (vanilla 1.21 NBT layout) filled from ``table``."""
    rng = np.random.default_rng(mix_seed(seed, "loot", table, *pos))
    items = NBTList(
        [{"Slot": Byte(s), "id": item, "count": Int(n)} for s, item, n in roll(table, rng)],
        COMPOUND,
    )
    x, y, z = pos
    return {"id": "minecraft:chest", "Items": items, "x": x, "y": y, "z": z}


def chest_items(entity: dict[str, Any]) -> list[tuple[int, str, int]]:
    """(slot, item id, count) of a chest block entity as saved (for tests and the oracle)."""
    return [(int(i["Slot"]), str(i["id"]), int(i["count"])) for i in entity.get("Items", [])]
