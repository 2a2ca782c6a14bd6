"""What breaking a block gives: its loot (silk touch, shears, Fortune, chances), the wear on the
tool, the statistics and the food exhaustion, as vanilla 1.21.11's
ServerPlayerGameMode.destroyBlock, ItemStack.mineBlock and Block.playerDestroy do.

All chances draw from a numpy Generator the caller passes, so a seed gives the same drops.
Explosion decay does not apply (players break blocks here). The loot entries come from the item
registry (``odyssey.world.items``); the rules for reading them live here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from odyssey.sim.mining import Miner, can_harvest
from odyssey.sim.redstone import with_props
from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry
from odyssey.world.items import Drop, ItemRegistry, items
from odyssey.world.storage import World

Pos = tuple[int, int, int]
Stat = tuple[str, str, int]  # (category, key, amount) for Stats.add
MINE_EXHAUSTION = 0.005  # Block.playerDestroy: causeFoodExhaustion(0.005F)
BINOMIAL_P = 0.5714286  # crops: ApplyBonusCount.addBonusBinomialDistributionCount
# ApplyBonusCount.addBonusBySurvivalChance tables (Fortune 0, I, II, III, IV+), by base chance.
LEAVES_CHANCES = {
    0.05: (0.05, 0.0625, 0.083333336, 0.1),  # saplings
    0.025: (0.025, 0.027777778, 0.03125, 0.041666668, 0.1),  # jungle saplings
    0.02: (0.02, 0.022222223, 0.025, 0.033333335, 0.1),  # sticks
    0.005: (0.005, 0.0055555557, 0.00625, 0.008333334, 0.025),  # apples
}
FLINT_CHANCES = (0.1, 0.14285715, 0.25, 1.0)  # gravel's flint, gilded blackstone's nuggets
UNIFORM_MULTIPLIER = {"wheat_seeds": 2}  # uniform_bonus_count bonusMultiplier (others 1)
COUNT_LIMIT = {"glowstone_dust": 4, "melon_slice": 9, "prismarine_crystals": 5}  # limit_count
# Tool component damagePerBlock: swords, maces and tridents 2, tools and shears 1. (Spears of
# 1.21.11 are left out: their tool rules are not in the registry.)
DAMAGE_PER_BLOCK = {"pickaxe": 1, "axe": 1, "shovel": 1, "hoe": 1, "shears": 1, "sword": 2,
                    "mace": 2, "trident": 2}  # fmt: skip
NO_CREATIVE_BREAK = ("sword", "mace", "trident")  # canDestroyBlocksInCreative false
SILK_OR_SHEARS = ("cobweb",)  # with leaves: their shears branch takes silk touch too


@dataclass(frozen=True)
class ItemDrop:
    """An item stack the broken block leaves (the caller spawns it as an item entity)."""

    item: str
    count: int


@dataclass(frozen=True)
class ToolWear:
    """The held tool after breaking a block: its new damage, and whether it broke."""

    item: str
    damage: int
    broken: bool


@dataclass(frozen=True)
class BreakResult:
    """Everything a finished break changes: blocks, drops, the tool, stats and exhaustion."""

    changes: tuple[tuple[Pos, int], ...]
    drops: tuple[ItemDrop, ...] = ()
    tool: ToolWear | None = None
    stats: tuple[Stat, ...] = ()
    exhaustion: float = 0.0
    harvested: bool = False


@dataclass(frozen=True)
class LootContext:
    """What loot conditions look at: the held item, its enchantments and the block's state."""

    item: str | None
    enchantments: Mapping[str, int] = field(default_factory=dict)
    properties: Mapping[str, str] = field(default_factory=dict)

    def level(self, enchantment: str) -> int:
        return int(self.enchantments.get(enchantment, self.enchantments.get(
            "minecraft:" + enchantment, 0)))  # fmt: skip


# -- loot --------------------------------------------------------------------------------------


def roll_drops(
    block: str, ctx: LootContext, rng: np.random.Generator, reg: ItemRegistry | None = None
) -> list[ItemDrop]:
    """The items a block's loot table gives for one break (grouped entries are alternatives:
    the first that applies and wins its chance roll is the only one of its group)."""
    block = block.removeprefix("minecraft:")
    out: list[ItemDrop] = []
    done_groups: set[int] = set()
    for drop in (reg or items()).block_drops(block):
        if drop.group and drop.group in done_groups:
            continue
        if not _applies(drop, block, ctx) or rng.random() >= _chance(drop, ctx):
            continue
        if drop.group:
            done_groups.add(drop.group)
        count = _count(drop, ctx, rng)
        if count > 0:
            out.append(ItemDrop(drop.item, count))
    return out


def _applies(drop: Drop, block: str, ctx: LootContext) -> bool:
    silk = ctx.level("silk_touch") > 0
    if drop.silk_touch is not None and drop.silk_touch != silk:
        return False
    if drop.shears is not None:
        sheared = ctx.item == "shears"
        if block.endswith("_leaves") or block in SILK_OR_SHEARS:
            sheared = sheared or silk
        if drop.shears != sheared:
            return False
    age = ctx.properties.get("age")
    if drop.min_age is not None and (age is None or int(age) < drop.min_age):
        return False
    return not (drop.max_age is not None and (age is None or int(age) > drop.max_age))


def _chance(drop: Drop, ctx: LootContext) -> float:
    fortune = ctx.level("fortune")
    if drop.fortune == "leaves":
        table = LEAVES_CHANCES.get(round(drop.chance, 6), (drop.chance,))
        return table[min(fortune, len(table) - 1)]
    if drop.fortune == "flint":
        return FLINT_CHANCES[min(fortune, len(FLINT_CHANCES) - 1)]
    return drop.chance


def _count(drop: Drop, ctx: LootContext, rng: np.random.Generator) -> int:
    fortune = ctx.level("fortune")
    if drop.count_property is not None:
        value = ctx.properties.get(drop.count_property, "1")
        return 2 if value == "double" else int(value) if value.isdigit() else 1
    if drop.fortune == "binomial":  # 1 + Binomial(extra + Fortune, 0.5714286)
        extra = drop.max_count - drop.min_count + fortune
        return drop.min_count + int(rng.binomial(extra, BINOMIAL_P))
    count = int(rng.integers(drop.min_count, drop.max_count + 1))
    if drop.fortune == "ore" and fortune > 0:  # ApplyBonusCount.OreDrops
        count *= max(int(rng.integers(fortune + 2)) - 1, 0) + 1
    elif drop.fortune == "uniform" and fortune > 0:  # ApplyBonusCount.UniformBonusCount
        count += int(rng.integers(fortune * UNIFORM_MULTIPLIER.get(drop.item, 1) + 1))
    return min(count, COUNT_LIMIT.get(drop.item, count))


# -- the tool ----------------------------------------------------------------------------------


def has_tool_component(item: str | None, reg: ItemRegistry | None = None) -> bool:
    """Items with vanilla's ``tool`` component: mining one counts as using it (stat ``used``)."""
    return item is not None and (reg or items()).item(item).tool_kind in DAMAGE_PER_BLOCK


def wear_tool(
    item: str | None,
    damage: int,
    hardness: float,
    enchantments: Mapping[str, int],
    rng: np.random.Generator,
    *,
    fire: bool = False,
    reg: ItemRegistry | None = None,
) -> ToolWear | None:
    """Item.mineBlock + ItemStack.hurtAndBreak: a tool loses damagePerBlock durability on a block
    with hardness > 0 (shears on any block but fire); each point is saved by Unbreaking with
    chance level / (level + 1). None when the item has no tool component."""
    reg = reg or items()
    if not has_tool_component(item, reg):
        return None
    kind = reg.item(item).tool_kind
    hurts = not fire if kind == "shears" else hardness != 0
    max_damage = reg.item(item).max_damage
    if not hurts or max_damage <= 0:
        return ToolWear(item, damage, False)
    amount = DAMAGE_PER_BLOCK[kind]
    unbreaking = int(enchantments.get("unbreaking", enchantments.get("minecraft:unbreaking", 0)))
    if unbreaking > 0:
        saved = rng.random(amount) < unbreaking / (unbreaking + 1)
        amount -= int(saved.sum())
    new = damage + amount
    return ToolWear(item, new, new >= max_damage)


# -- finishing a break -------------------------------------------------------------------------


FLUIDS = frozenset({"water", "lava", "bubble_column"})


def can_break(world: World, pos: Pos, miner: Miner, reg: ItemRegistry | None = None) -> bool:
    """Whether the player may break the block at all: not air, not in adventure or spectator,
    not unbreakable outside creative, and not with a sword, mace or trident in creative."""
    state = world.get_block(*pos)
    if state == AIR or world.registry.block_of(state).name in FLUIDS:
        return False  # (seagrass and kelp, flagged liquid too, break)
    if miner.mode in ("adventure", "spectator"):
        return False
    reg = reg or items()
    if miner.mode == "creative":
        kind = reg.item(miner.item).tool_kind if miner.item else None
        return kind not in NO_CREATIVE_BREAK
    return reg.harvest(world.registry.block_of(state).name).hardness is not None


def finish_break(
    world: World,
    pos: Pos,
    miner: Miner,
    rng: np.random.Generator,
    *,
    tool_damage: int = 0,
    reg: ItemRegistry | None = None,
) -> BreakResult | None:
    """A block the player finished breaking: the block changes (both halves of doors, beds and
    tall plants; water where it was waterlogged), and in survival the drops (only when the
    player can harvest it), the tool's wear, stats ``mined``/``used``/``broken`` and 0.005 food
    exhaustion. Creative removes the block only. None when it cannot be broken."""
    reg = reg or items()
    if not can_break(world, pos, miner, reg):
        return None
    blocks = world.registry
    state = world.get_block(*pos)
    block = blocks.block_of(state)
    changes = removal_changes(world, pos, state)
    if miner.mode == "creative":
        return BreakResult(changes)
    harvested = can_harvest(block.name, miner.item, reg)
    hardness = reg.harvest(block.name).hardness or 0.0
    wear = wear_tool(miner.item, tool_damage, hardness, miner.enchantments, rng,
                     fire=block.name in ("fire", "soul_fire"), reg=reg)  # fmt: skip
    stats: list[Stat] = []
    if wear is not None and miner.item is not None:
        stats.append(("used", miner.item, 1))
        if wear.broken:
            stats.append(("broken", miner.item, 1))
    if not harvested:
        return BreakResult(changes, (), wear, tuple(stats))
    ctx = LootContext(miner.item, miner.enchantments, blocks.properties(state))
    drops = roll_drops(block.name, ctx, rng, reg)  # with the tool as it was before the wear
    stats.insert(0, ("mined", block.name, 1))
    if block.name == "ice" and ctx.level("silk_touch") == 0:
        changes = _melt_ice(world, pos, changes)
    return BreakResult(changes, tuple(drops), wear, tuple(stats), MINE_EXHAUSTION, True)


def removal_changes(world: World, pos: Pos, state: int) -> tuple[tuple[Pos, int], ...]:
    """The block and its other half (door, bed, tall plant) replaced by air, or by a water
    source where waterlogged (Level.removeBlock keeps the fluid)."""
    blocks = world.registry
    out = [(pos, _left_behind(blocks, state))]
    other = other_half(blocks, pos, state)
    if other is not None:
        other_state = world.get_block(*other)
        if blocks.state_block[other_state] == blocks.state_block[state]:
            out.append((other, _left_behind(blocks, other_state)))
    return tuple(out)


def other_half(blocks: BlockRegistry, pos: Pos, state: int) -> Pos | None:
    """Where the other half of a two-block block is (None for one-block blocks)."""
    p = blocks.properties(state)
    x, y, z = pos
    if p.get("half") in ("upper", "lower"):
        return (x, y + 1, z) if p["half"] == "lower" else (x, y - 1, z)
    if blocks.has_flag(state, BlockFlag.BED):
        dx, dz = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}[p["facing"]]
        sign = 1 if p["part"] == "foot" else -1
        return (x + sign * dx, y, z + sign * dz)
    return None


def _left_behind(blocks: BlockRegistry, state: int) -> int:
    if blocks.properties(state).get("waterlogged") == "true":
        return blocks.state_of("water", {"level": "0"})
    return AIR


def _melt_ice(world: World, pos: Pos, changes: tuple) -> tuple:
    """IceBlock.playerDestroy without silk touch: water if the block below blocks motion or is
    a liquid (Overworld rules: the Nether's evaporation is not modelled)."""
    blocks = world.registry
    below = world.get_block(pos[0], pos[1] - 1, pos[2])
    flags = BlockFlag(int(blocks.state_flags[below]))
    if flags & (BlockFlag.BLOCKS_MOTION | BlockFlag.LIQUID):
        water = with_props(blocks, blocks.default_state("water"), level="0")
        return ((pos, water), *changes[1:])
    return changes
