"""Filling a container from its loot table the first time it is opened (or a hopper pulls from
it): vanilla's RandomizableContainer.unpackLootTable + LootTable.fill.

A generated chest may carry ``LootTable`` ("minecraft:chests/nether_bridge") and
``LootTableSeed`` in its block entity instead of items. Unpacking rolls the table's pools with a
generator seeded by that seed (seed 0: the game's random stream, as vanilla draws a new seed),
then spreads the stacks as LootTable.fill does: the container's empty slots in random order,
stacks of more than one split into halves while there are spare slots, the list shuffled.

The tables are ``world.gen.structures.loot.TABLES`` (the overworld structures') and the ones
below, abridged from vanilla's ``chests/*.json`` (weights and counts as there; enchantment,
potion and stew functions are left out, their items come plain). Deliberate difference: the
numbers come from a numpy generator, not vanilla's Xoroshiro, so a seed gives other items than
vanilla's for the same seed (but always the same ones here).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from odyssey.errors import WorldError
from odyssey.sim.inventory import ItemStack, Stack
from odyssey.world.gen.structures.loot import TABLES as STRUCTURE_TABLES
from odyssey.world.gen.structures.loot import Entry, Pool

EMPTY = ""  # an entry that gives nothing (vanilla's "minecraft:empty")


def _pool(rolls: tuple[int, int], *entries: tuple) -> Pool:
    return Pool(rolls, tuple(Entry(*e) for e in entries))


EXTRA_TABLES: dict[str, tuple[Pool, ...]] = {
    "buried_treasure": (
        _pool((1, 1), ("heart_of_the_sea", 1)),
        _pool((5, 8), ("iron_ingot", 20, 1, 4), ("gold_ingot", 10, 1, 4), ("tnt", 5, 1, 2)),
        _pool((1, 3), ("emerald", 5, 4, 8), ("diamond", 5, 1, 2),
              ("prismarine_crystals", 5, 1, 5)),
        _pool((0, 1), ("leather_chestplate", 1), ("iron_sword", 1)),
        _pool((2, 2), ("cooked_cod", 1, 2, 4), ("cooked_salmon", 1, 2, 4)),
    ),
    "nether_bridge": (
        _pool((2, 4), ("diamond", 5, 1, 3), ("iron_ingot", 5, 1, 5), ("gold_ingot", 15, 1, 3),
              ("golden_sword", 5), ("golden_chestplate", 5), ("flint_and_steel", 5),
              ("nether_wart", 5, 3, 7), ("saddle", 10), ("golden_horse_armor", 8),
              ("iron_horse_armor", 5), ("diamond_horse_armor", 3), ("obsidian", 2, 2, 4)),
        _pool((1, 1), (EMPTY, 14), ("rib_armor_trim_smithing_template", 1)),
    ),
    "bastion_treasure": (
        _pool((3, 3), ("netherite_ingot", 15), ("ancient_debris", 10), ("netherite_scrap", 8),
              ("ancient_debris", 4, 2, 2), ("diamond_sword", 6), ("diamond_chestplate", 6),
              ("diamond_helmet", 6), ("diamond_leggings", 6), ("diamond_boots", 6),
              ("diamond", 5, 2, 6), ("enchanted_golden_apple", 2)),
        _pool((3, 4), ("spectral_arrow", 1, 12, 25), ("gold_block", 1, 2, 5),
              ("iron_block", 1, 2, 5), ("gold_ingot", 1, 3, 9), ("iron_ingot", 1, 3, 9),
              ("crying_obsidian", 1, 3, 5), ("quartz", 1, 8, 23),
              ("gilded_blackstone", 1, 5, 15), ("magma_cream", 1, 3, 8)),
        _pool((1, 1), ("netherite_upgrade_smithing_template", 1)),
        _pool((1, 1), (EMPTY, 11), ("snout_armor_trim_smithing_template", 1)),
    ),
}  # fmt: skip


def table_name(loot_table: str) -> str:
    """``minecraft:chests/simple_dungeon`` -> ``simple_dungeon``."""
    return loot_table.removeprefix("minecraft:").removeprefix("chests/")


def known(loot_table: str) -> bool:
    name = table_name(loot_table)
    return name in STRUCTURE_TABLES or name in EXTRA_TABLES


def pools(loot_table: str) -> tuple[Pool, ...]:
    name = table_name(loot_table)
    found = EXTRA_TABLES.get(name) or STRUCTURE_TABLES.get(name)
    if found is None:
        raise WorldError(f"loot table {loot_table!r}: unknown (expected one of "
                         f"{sorted({*STRUCTURE_TABLES, *EXTRA_TABLES})})")  # fmt: skip
    return found


def random_items(loot_table: str, rng: np.random.Generator) -> list[ItemStack]:
    """LootTable.getRandomItems: each pool's rolls of weighted entries (counts above a stack's
    limit come as several stacks)."""
    out: list[ItemStack] = []
    for pool in pools(loot_table):
        weights = np.array([e.weight for e in pool.entries], dtype=np.float64)
        for _ in range(int(rng.integers(pool.rolls[0], pool.rolls[1] + 1))):
            e = pool.entries[int(rng.choice(len(pool.entries), p=weights / weights.sum()))]
            count = int(rng.integers(e.low, e.high + 1))
            if e.item == EMPTY or count <= 0:
                continue
            limit = ItemStack(e.item).max_stack_size
            while count > 0:
                out.append(ItemStack(e.item, min(count, limit)))
                count -= limit
    return out


def fill(items: Sequence[Stack], loot_table: str, rng: np.random.Generator) -> list[Stack]:
    """LootTable.fill: the container's stacks after the table's items are spread into its empty
    slots (what does not fit is lost, as vanilla logs and drops it)."""
    out = list(items)
    stacks = random_items(loot_table, rng)
    empty = [i for i, s in enumerate(out) if s is None]
    slots = [empty[int(i)] for i in rng.permutation(len(empty))]
    stacks = _shuffle_and_split(stacks, len(slots), rng)
    for stack in stacks:
        if not slots:
            break
        out[slots.pop()] = stack
    return out


def _shuffle_and_split(stacks: list[ItemStack], room: int, rng: np.random.Generator
                       ) -> list[ItemStack]:  # fmt: skip
    """LootTable.shuffleAndSplitItems: split stacks while there are spare slots, then shuffle."""
    singles = [s for s in stacks if s.count == 1]
    many = [s for s in stacks if s.count > 1]
    while room - len(singles) - len(many) > 0 and many:
        stack = many.pop(int(rng.integers(0, len(many))))
        part = int(rng.integers(1, stack.count // 2 + 1))
        rest = stack.with_count(stack.count - part)
        split = stack.with_count(part)
        for piece in (rest, split):
            if piece is None:
                continue
            if piece.count > 1 and rng.random() < 0.5:
                many.append(piece)
            else:
                singles.append(piece)
    joined = singles + many
    return [joined[int(i)] for i in rng.permutation(len(joined))]
