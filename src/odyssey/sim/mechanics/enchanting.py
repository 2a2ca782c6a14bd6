"""The enchanting table's arithmetic: vanilla's EnchantmentMenu.slotsChanged / getEnchantmentList,
EnchantmentHelper.getEnchantmentCost / selectEnchantment, with the same random numbers.

The menu seeds a ``LegacyRandomSource`` (java.util.Random's generator) with the player's
enchantment seed, so the offers are a pure function of (seed, bookshelves, item): ``offers``
below returns the three costs, the clue shown for each and the enchantments each would give.
``bookshelves`` counts vanilla's EnchantingTableBlock.BOOKSHELF_OFFSETS: the ring at distance 2
on the table's level and one above, a bookshelf counting when the block halfway towards the
table is air or another replaceable block (#enchantment_power_transmitter).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics.enchant_data import TABLE_ORDER, Enchantment, compatible, enchantability
from odyssey.sim.mechanics.enchant_data import is_primary as primary_for

F = np.float32
MASK = (1 << 48) - 1
MULT = 0x5DEECE66D

BOOKSHELF_OFFSETS = tuple((x, y, z) for x in range(-2, 3) for y in range(2) for z in range(-2, 3)
                          if abs(x) == 2 or abs(z) == 2)  # fmt: skip
# #enchantment_power_transmitter = #replaceable (the common members)
TRANSMITTERS = frozenset({"air", "cave_air", "void_air", "water", "lava", "short_grass",
                          "tall_grass", "fern", "large_fern", "snow", "dead_bush", "vine",
                          "glow_lichen", "light", "structure_void", "seagrass", "tall_seagrass",
                          "fire", "soul_fire", "bush", "short_dry_grass", "tall_dry_grass",
                          "leaf_litter", "crimson_roots", "warped_roots", "nether_sprouts",
                          "hanging_roots", "resin_clump"})  # fmt: skip
MAX_BOOKSHELVES = 15


class JavaRandom:
    """java.util.Random / LegacyRandomSource: the 48-bit linear congruential generator."""

    def __init__(self, seed: int = 0) -> None:
        self.set_seed(seed)

    def set_seed(self, seed: int) -> None:
        self.state = (seed ^ MULT) & MASK

    def next(self, bits: int) -> int:
        self.state = (self.state * MULT + 0xB) & MASK
        value = self.state >> (48 - bits)
        return value - (1 << 32) if value >= 1 << 31 else value  # (int): signed for 32 bits

    def next_int(self, bound: int | None = None) -> int:
        if bound is None:
            return self.next(32)
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        if bound & -bound == bound:
            return (bound * (self.next(31) & 0x7FFFFFFF)) >> 31
        while True:
            bits = self.next(31) & 0x7FFFFFFF
            value = bits % bound
            if bits - value + (bound - 1) < 2**31:
                return value

    def next_float(self) -> F:
        return F((self.next(24) & 0xFFFFFF) * 5.9604645e-8)


def int32(value: int) -> int:
    """Java int overflow."""
    return (value + 2**31) % 2**32 - 2**31


def enchantment_cost(rnd: JavaRandom, slot: int, bookshelves: int, stack: ItemStack) -> int:
    """EnchantmentHelper.getEnchantmentCost: the level requirement of offer ``slot``."""
    if enchantability(stack.item) <= 0:
        return 0
    shelves = min(bookshelves, MAX_BOOKSHELVES)
    j = rnd.next_int(8) + 1 + (shelves >> 1) + rnd.next_int(shelves + 1)
    if slot == 0:
        return max(j // 3, 1)
    return j * 2 // 3 + 1 if slot == 1 else max(j, shelves * 2)


def java_round(x: F) -> int:
    """Math.round(float)."""
    return int(np.floor(F(x) + F(0.5)))


def available(level: int, stack: ItemStack) -> list[tuple[Enchantment, int]]:
    """EnchantmentHelper.getAvailableEnchantmentResults: per enchantment for the item (any for
    a book), its highest level whose cost range holds ``level``."""
    book = stack.item == "book"
    out: list[tuple[Enchantment, int]] = []
    for e in TABLE_ORDER:
        if not (book or primary_for(e, stack.item)):
            continue
        for lvl in range(e.max_level, 0, -1):
            if e.min_cost(lvl) <= level <= e.max_cost(lvl):
                out.append((e, lvl))
                break
    return out


Entry = tuple[Enchantment, int]


def _weighted(rnd: JavaRandom, pool: list[Entry]) -> Entry | None:
    """WeightedRandom.getRandomItem."""
    total = sum(e.weight for e, _ in pool)
    if total <= 0:
        return None
    pick = rnd.next_int(total)
    for entry in pool:
        pick -= entry[0].weight
        if pick < 0:
            return entry
    return None


def select_enchantment(rnd: JavaRandom, stack: ItemStack, level: int) -> list[tuple[str, int]]:
    """EnchantmentHelper.selectEnchantment over the table's enchantments."""
    value = enchantability(stack.item)
    if value <= 0:
        return []
    level += 1 + rnd.next_int(value // 4 + 1) + rnd.next_int(value // 4 + 1)
    f = (rnd.next_float() + rnd.next_float() - F(1.0)) * F(0.15)
    level = max(java_round(F(level) + F(level) * f), 1)
    pool = available(level, stack)
    chosen: list[tuple[Enchantment, int]] = []
    if pool:
        first = _weighted(rnd, pool)
        if first is not None:
            chosen.append(first)
        while rnd.next_int(50) <= level:
            if chosen:
                last = chosen[-1][0].name
                pool = [p for p in pool if compatible(last, p[0].name)]
            if not pool:
                break
            picked = _weighted(rnd, pool)
            if picked is not None:
                chosen.append(picked)
            level //= 2
    return [(e.name, lvl) for e, lvl in chosen]


def enchantment_list(seed: int, stack: ItemStack, slot: int, cost: int,
                     rnd: JavaRandom | None = None) -> list[tuple[str, int]]:  # fmt: skip
    """EnchantmentMenu.getEnchantmentList: what offer ``slot`` gives (a book loses one at
    random when it would get more than one)."""
    rnd = rnd or JavaRandom()
    rnd.set_seed(int32(seed + slot))
    out = select_enchantment(rnd, stack, cost)
    if stack.item == "book" and len(out) > 1:
        out.pop(rnd.next_int(len(out)))
    return out


@dataclass(frozen=True)
class Offers:
    """The table's three buttons: level requirement (0: none), the clue shown (an enchantment
    and level, or None) and the enchantments each gives."""

    costs: tuple[int, int, int] = (0, 0, 0)
    clues: tuple[tuple[str, int] | None, ...] = (None, None, None)
    results: tuple[tuple[tuple[str, int], ...], ...] = ((), (), ())


def enchantable(stack: ItemStack | None) -> bool:
    """ItemStack.isEnchantable: has an ``enchantable`` value and no enchantments yet."""
    return stack is not None and enchantability(stack.item) > 0 and not stack.enchantments


def offers(seed: int, bookshelves: int, stack: ItemStack | None) -> Offers:
    """EnchantmentMenu.slotsChanged: the three offers for ``stack``."""
    if stack is None or not enchantable(stack):
        return Offers()
    rnd = JavaRandom(seed)
    costs = []
    for k in range(3):
        cost = enchantment_cost(rnd, k, bookshelves, stack)
        costs.append(cost if cost >= k + 1 else 0)
    clues: list[tuple[str, int] | None] = []
    results = []
    for k in range(3):
        got: list[tuple[str, int]] = []
        clue = None
        if costs[k] > 0:
            got = enchantment_list(seed, stack, k, costs[k], rnd)
            if got:
                clue = got[rnd.next_int(len(got))]
        clues.append(clue)
        results.append(tuple(got))
    return Offers(tuple(costs), tuple(clues), tuple(results))  # type: ignore[arg-type]


def count_bookshelves(world, pos: tuple[int, int, int]) -> int:
    """EnchantingTableBlock.isValidBookShelf over BOOKSHELF_OFFSETS (not capped: the cost
    caps at 15)."""
    reg = world.registry
    x, y, z = pos
    n = 0
    for dx, dy, dz in BOOKSHELF_OFFSETS:
        if reg.block_of(world.get_block(x + dx, y + dy, z + dz)).name != "bookshelf":
            continue
        between = world.get_block(x + int(dx / 2), y + dy, z + int(dz / 2))  # Java's x / 2
        if reg.block_of(between).name in TRANSMITTERS:
            n += 1
    return n
