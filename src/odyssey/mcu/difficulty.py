"""MCU's hard mode as a seeded transform of a simple configuration (mcu-notes.md §2.3): the
task's own commands stay first and unchanged, then come rain or thunder, night, a hindering
status effect, a look-alike block beside the target, a decoy mob 3-4 blocks away and
``/give @p`` distractor items. See docs/mcu/composition.md for the choices.

Feasibility is kept by construction: nothing is removed; the target, anything the rule names
and any tool the rule forbids are never given; the time and weather a task sets are left alone;
decoys stay off every position the task's commands use; distractors leave free inventory slots
for what the task makes; blindness is not given to tasks that must see something away from the
player, slowing effects not to timed tasks. ``harden(c, seed)`` is a function of ``c``, ``seed``
and ``level`` only.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache

from odyssey.mcu import cmdinfo
from odyssey.mcu.compose import targets
from odyssey.mcu.config import TaskConfig
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import (
    AllRule,
    AnyRule,
    BlockRule,
    Constrained,
    EntityRule,
    Rule,
    StatRule,
    ThenRule,
)
from odyssey.mcu.rules import leaves as rule_leaves
from odyssey.world.items import COOKING_KINDS, ItemError, items

INVENTORY_SLOTS = 36
FREE_SLOTS = 4  # kept free for what the task makes or picks up
EFFECT_SECONDS = 600  # at least; longer for tasks with a longer time limit


@dataclass(frozen=True)
class Level:
    """How much a level adds: MineStudio's distraction counts (``InitInventoryCallback``),
    the chances of night and of an effect, and whether a decoy mob comes too."""

    distractors: tuple[int, int]
    night: float
    effect: float
    decoy_mob: bool


LEVELS = {
    "easy": Level((3, 6), night=0.0, effect=0.0, decoy_mob=False),
    "middle": Level((7, 15), night=0.5, effect=0.5, decoy_mob=True),
    "hard": Level((16, 34), night=1.0, effect=1.0, decoy_mob=True),
}
# Not given as distractors: technical or creative-only items, and ones that end the task by
# accident (a lava bucket, fire, explosives, ender pearls and chorus fruit teleport the player).
DENIED = frozenset({
    "air", "barrier", "bedrock", "command_block", "chain_command_block",
    "repeating_command_block", "command_block_minecart", "structure_block", "structure_void",
    "jigsaw", "debug_stick", "knowledge_book", "light", "spawner", "trial_spawner", "vault",
    "end_portal_frame", "petrified_oak_slab", "test_block", "test_instance_block",
    "reinforced_deepslate", "budding_amethyst", "lava_bucket", "fire_charge", "tnt",
    "tnt_minecart", "end_crystal", "ender_pearl", "chorus_fruit", "flint_and_steel",
})  # fmt: skip
BLOCK_LOOKALIKES = {
    "stone": ("andesite", "cobblestone", "tuff"), "andesite": ("stone", "diorite", "tuff"),
    "diorite": ("calcite", "andesite"), "granite": ("andesite", "dripstone_block"),
    "cobblestone": ("mossy_cobblestone", "stone"), "dirt": ("coarse_dirt", "rooted_dirt"),
    "grass_block": ("moss_block", "podzol"), "sand": ("sandstone", "suspicious_sand"),
    "gravel": ("tuff", "cobblestone"), "coal_ore": ("stone", "iron_ore"),
    "iron_ore": ("copper_ore", "coal_ore"), "gold_ore": ("copper_ore", "iron_ore"),
    "diamond_ore": ("lapis_ore", "emerald_ore"), "redstone_ore": ("iron_ore", "copper_ore"),
    "lapis_ore": ("diamond_ore", "coal_ore"), "emerald_ore": ("diamond_ore", "copper_ore"),
    "obsidian": ("crying_obsidian", "blackstone"),
    "crafting_table": ("fletching_table", "cartography_table"),
    "furnace": ("smoker", "blast_furnace"),
}  # fmt: skip
FAMILIES = ("_log", "_planks", "_wool", "_leaves", "_ore", "_terracotta", "_concrete")
MOB_LOOKALIKES = {"sheep": "goat", "goat": "sheep", "zombie": "drowned", "drowned": "zombie",
                  "cow": "pig", "pig": "cow", "chicken": "pig"}  # fmt: skip
DECOY_MOBS = ("chicken", "cow", "pig", "sheep", "zombie", "skeleton", "spider")
NEAR_PLAYER = ((0, -1, 0), (0, 0, 0), (0, 1, 0))


def harden(config: TaskConfig, seed: int, level: str = "hard") -> TaskConfig:
    """The hard version of ``config``: same id, text and success rule, ``difficulty: hard``,
    the original commands followed by the additions (module docstring)."""
    if level not in LEVELS:
        raise McuError(f"harden {config.id}: unknown level {level!r}: expected one of "
                       f"{', '.join(LEVELS)}")  # fmt: skip
    lv = LEVELS[level]
    rng = random.Random(f"{seed}:{config.id}:{level}")  # str seeds are stable across runs
    base = config.custom_init_commands
    added: list[str] = []
    if not cmdinfo.weather_set(base):
        added.append(f"/weather {rng.choice(('rain', 'thunder'))}")
    if rng.random() < lv.night and not cmdinfo.time_set(base):
        added.append("/time set night")
    effect = rng.choice(allowed_effects(config)) if rng.random() < lv.effect else None
    if effect:
        seconds = max(EFFECT_SECONDS, math.ceil(config.time_limit_s) + 60)
        added.append(f"/effect give @s minecraft:{effect} {seconds} 0 true")
    taken = [*cmdinfo.occupied(base), *((p, p) for p in NEAR_PLAYER)]
    added += _decoy_block(config, rng, taken)
    if lv.decoy_mob:
        added += _decoy_mob(config, rng, taken)
    added += distractors(config, rng, lv.distractors)
    return config.model_copy(update={
        "custom_init_commands": (*base, *added), "difficulty": "hard",
        "extra": {**config.extra, "hardened": {"seed": seed, "level": level}},
    })  # fmt: skip


def forbidden_items(config: TaskConfig) -> frozenset[str]:
    """Never given as distractors: what the rule names (and the items of its blocks), what makes
    a named item in one step (``shortcuts``), tools the rule forbids, and what the task's
    commands give already."""
    names = set(targets(config))
    reg = items()
    for name in list(names):
        try:
            names.add(reg.item_for_block(name) or name)  # a block target's item
        except ItemError:  # not a block (an item, a mob, a statistic key)
            continue
    names |= {s for name in names for s in shortcuts(name)}
    if config.success is not None:
        names.update(i for r in _all_nodes(config.success) if isinstance(r, Constrained)
                     for i in r.without)  # fmt: skip
    names.update(item for item, _ in cmdinfo.given_items(config.custom_init_commands))
    return frozenset(names)


@cache
def shortcuts(item: str) -> frozenset[str]:
    """Items that make ``item`` in one step: a recipe's ingredients (``raw_iron_block`` for
    ``raw_iron``), what cooks into it, blocks that drop it when placed and broken."""
    reg = items()
    out: set[str] = set()
    for recipe in reg.recipes_for(item):
        out.update(i for alts in recipe.ingredients if alts for i in alts)
    for name in reg.names:
        if any((c := reg.cooking(k, name)) and c.result == item for k in COOKING_KINDS):
            out.add(name)
        block = reg.item(name).block
        if block and any(d.item == item for d in reg.block_drops(block)) and name != item:
            out.add(name)
    return frozenset(out)


def distractors(config: TaskConfig, rng: random.Random, span: tuple[int, int]) -> list[str]:
    """``/give @p`` lines of random registry items (count drawn from ``span``, capped so that
    ``FREE_SLOTS`` stay free), in draw order, each a random stack size."""
    reg = items()
    banned = forbidden_items(config)
    pool = [n for n in reg.names if n not in DENIED and n not in banned
            and not n.endswith("_spawn_egg")]  # fmt: skip
    room = INVENTORY_SLOTS - FREE_SLOTS - cmdinfo.slots_used(config.custom_init_commands)
    n = min(rng.randint(*span), max(0, room), len(pool))
    return [f"/give @p minecraft:{i} {rng.randint(1, reg.item(i).stack_size)}"
            for i in rng.sample(pool, n)]  # fmt: skip


def allowed_effects(config: TaskConfig) -> tuple[str, ...]:
    """Effects that hinder without making the task impossible: no blindness where the player
    must see something away from it (a find task, a block or mob to be near), no slowness or
    mining fatigue under a time constraint; at least ``mining_fatigue`` or ``blindness``."""
    nodes = _all_nodes(config.success) if config.success is not None else []
    seeing = config.category == "find" or any(
        isinstance(r, EntityRule) or (isinstance(r, BlockRule) and not r.placed) for r in nodes
    )
    timed = any(isinstance(r, Constrained) and r.within_seconds for r in nodes)
    out = [] if seeing else ["blindness"]
    out += [] if timed else ["slowness", "mining_fatigue"]
    return tuple(out) or ("weakness",)


def _all_nodes(rule: Rule) -> list[Rule]:
    children = rule.rules if isinstance(rule, AllRule | AnyRule | ThenRule) else ()
    children += (rule.rule,) if isinstance(rule, Constrained) else ()
    return [rule] + [node for child in children for node in _all_nodes(child)]


def _target_blocks(config: TaskConfig) -> list[str]:
    """Blocks the task is about: those its rule names or counts as mined, then those its
    commands place that drop an item the rule names (``iron_ore`` for ``have raw_iron``)."""
    if config.success is None:
        return []
    out: list[str] = []
    for leaf in rule_leaves(config.success):
        if isinstance(leaf, BlockRule):
            out += leaf.blocks
        elif isinstance(leaf, StatRule) and leaf.category == "mined":
            out.append(leaf.key)
    wanted, reg = targets(config), items()
    for _, block in cmdinfo.placed_blocks(config.custom_init_commands):
        try:
            drops = {d.item for d in reg.block_drops(block)}
        except ItemError:
            continue
        if drops & wanted:
            out.append(block)
    return [b.removeprefix("minecraft:") for b in out]


def lookalikes(block: str) -> tuple[str, ...]:
    """Blocks that look like ``block``: the hand table, else its family (other ``*_log``...)."""
    if block in BLOCK_LOOKALIKES:
        return BLOCK_LOOKALIKES[block]
    reg = items()
    for suffix in FAMILIES:
        if block.endswith(suffix):
            return tuple(n for n in reg.names if n.endswith(suffix) and n != block
                         and reg.item(n).block == n)  # fmt: skip
    return ()


def _decoy_block(config: TaskConfig, rng: random.Random, taken: list) -> list[str]:
    """A look-alike of the first target block that has one, beside where the task places the
    target (or 3-4 blocks from the player at feet level)."""
    banned = targets(config)
    for block in _target_blocks(config):
        choices = [b for b in lookalikes(block) if b not in banned]
        if not choices:
            continue
        decoy = rng.choice(choices)
        at = [p for p, b in cmdinfo.placed_blocks(config.custom_init_commands) if b == block]
        spots = _beside(at[0]) if at else _ring()
        pos = _free(spots, rng, taken)
        if pos is not None:
            taken.append((pos, pos))
            return [f"/setblock ~{pos[0]} ~{pos[1]} ~{pos[2]} minecraft:{decoy}"]
    return []


def _decoy_mob(config: TaskConfig, rng: random.Random, taken: list) -> list[str]:
    """A mob 3-4 blocks away: a look-alike of a target mob, else a random passive or hostile
    one; never a type the rule names."""
    banned = targets(config)
    alike = [MOB_LOOKALIKES[t] for t in sorted(banned) if t in MOB_LOOKALIKES]
    choices = [m for m in alike if m not in banned] or [m for m in DECOY_MOBS if m not in banned]
    mob = rng.choice(choices)
    pos = _free(_ring(), rng, taken)
    if pos is None:
        return []
    taken.append((pos, pos))
    return [f"/summon minecraft:{mob} ~{pos[0]} ~{pos[1]} ~{pos[2]}"]


def _ring() -> list[cmdinfo.Pos]:
    """Spots 3 to 4 blocks from the player (MCU's rule: everything within 4 blocks)."""
    return [(x, 0, z) for x in range(-4, 5) for z in range(-4, 5) if 9 <= x * x + z * z <= 16]


def _beside(p: cmdinfo.Pos) -> list[cmdinfo.Pos]:
    x, y, z = p
    return [(x + 1, y, z), (x - 1, y, z), (x, y, z + 1), (x, y, z - 1)]


def _free(spots: list[cmdinfo.Pos], rng: random.Random, taken: list) -> cmdinfo.Pos | None:
    spots = list(spots)
    rng.shuffle(spots)
    for p in spots:
        if not any(cmdinfo.overlaps((p, p), box) for box in taken):
            return p
    return None
