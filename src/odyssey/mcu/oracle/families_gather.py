"""What the gathering families share: finding blocks in the live world, the inventory's
counts, choosing the tool for a block (never a forbidden one), and what blocks and mobs surely
drop. No skills here (``families_mine`` mines, ``families_craft`` plans)."""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

import numpy as np

from odyssey.mcu.oracle.core import Ctx, Pos
from odyssey.sim.mining import Miner, can_harvest, destroy_progress
from odyssey.world.blocks import BlockStateError
from odyssey.world.items import ItemError, items

SEARCH_RADIUS, SEARCH_DY = 16, 8  # how far the oracle looks for blocks (a config places ~4-8)
TIERS = ("wooden", "golden", "stone", "copper", "iron", "diamond", "netherite")


# -- the world around the player ----------------------------------------------------------------


def _box(ctx: Ctx, radius: int, dy: int) -> tuple[np.ndarray, Pos]:
    world, (x, y, z) = ctx.game.world, ctx.feet()
    dim = world.dimension
    lo = (x - radius, max(y - dy, dim.min_y), z - radius)
    hi = (x + radius + 1, min(y + dy + 1, dim.max_y), z + radius + 1)
    return world.get_box(lo, hi), lo


def blocks_nearby(ctx: Ctx, radius: int = SEARCH_RADIUS, dy: int = SEARCH_DY) -> Counter[str]:
    """How many of each block there are around the player."""
    box, _ = _box(ctx, radius, dy)
    states, counts = np.unique(box, return_counts=True)
    reg = ctx.game.world.registry
    out: Counter[str] = Counter()
    for state, n in zip(states.tolist(), counts.tolist(), strict=True):
        out[reg.block_of(state).name] += n
    return out


def find_blocks(ctx: Ctx, names, radius: int = SEARCH_RADIUS, dy: int = SEARCH_DY) -> list[Pos]:
    """Positions of the named blocks around the player, best first: near the eyes and open to
    the air (a buried block needs the blocks before it broken)."""
    reg = ctx.game.world.registry
    ranges = []
    for name in names:
        try:
            b = reg.block(name.removeprefix("minecraft:"))
        except BlockStateError:  # an item name that is no block: nothing to find
            continue
        ranges.append((b.min_state, b.max_state))
    if not ranges:
        return []
    box, (x0, y0, z0) = _box(ctx, radius, dy)
    mask = np.zeros(box.shape, dtype=bool)
    for lo, hi in ranges:
        mask |= (box >= lo) & (box <= hi)
    found = [(int(x) + x0, int(y) + y0, int(z) + z0) for y, z, x in np.argwhere(mask)]
    eye, (fx, fy, fz) = ctx.eye, ctx.feet()

    def cost(p: Pos) -> float:
        under = p[0] == fx and p[2] == fz and p[1] < fy  # digging it drops the player in a hole
        centre = (p[0] + 0.5, p[1] + 0.5, p[2] + 0.5)
        return math.dist(eye, centre) + (0.0 if exposed(ctx, p) else 4.0) + 8.0 * under

    return sorted(found, key=cost)


def solid(ctx: Ctx, pos: Pos) -> bool:
    world = ctx.game.world
    return len(world.registry.collision_boxes(world.get_block(*pos))) > 0


def exposed(ctx: Ctx, pos: Pos) -> bool:
    x, y, z = pos
    around = ((x + 1, y, z), (x - 1, y, z), (x, y + 1, z), (x, y - 1, z), (x, y, z + 1),
              (x, y, z - 1))  # fmt: skip
    return any(not solid(ctx, p) for p in around)


def inventory_counts(ctx: Ctx) -> Counter[str]:
    """Items in the 36 main and hotbar slots (what crafting and the hotbar can use)."""
    return _sum(ctx.game.survival.inventory.slots[:36])


def _sum(slots) -> Counter[str]:
    out: Counter[str] = Counter()
    for s in slots:
        if s is not None:
            out[s.item] += s.count
    return out


# -- tools --------------------------------------------------------------------------------------


def tier_rank(item: str) -> int:
    tier = items().item(item).tool_tier
    return TIERS.index(tier) if tier in TIERS else len(TIERS)


def forbidden(ctx: Ctx, avoid: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Items never to hold: ``avoid`` and the task's ``without`` list when the agent notes it
    on the context as ``ctx.avoid`` (a ``constrained`` rule's skills see only the inner rule)."""
    return (*avoid, *(i.removeprefix("minecraft:") for i in getattr(ctx, "avoid", ())))


def best_tool(ctx: Ctx, block: str, avoid: tuple[str, ...] = ()) -> str | None:
    """The held-able item that breaks ``block`` fastest while still dropping it (None: the bare
    hand is as good); tools in ``avoid`` (a task's forbidden tools) are never chosen."""
    avoid = forbidden(ctx, avoid)
    have = [i for i in _sum(ctx.game.survival.inventory.slots[:36]) if i not in avoid]

    def score(item: str | None) -> tuple[bool, float]:
        return (can_harvest(block, item), destroy_progress(block, Miner(item=item)))

    best = max(have, key=score, default=None)
    if best is None or score(best) <= score(None):
        return None
    return best


def harvest_tools(block: str) -> list[str]:
    """Tools that harvest ``block``, cheapest first (empty: none needed)."""
    h = items().harvest(block)
    if not h.requires_tool:
        return []
    return sorted(h.harvest_tools, key=lambda t: (tier_rank(t), t))


# -- drops --------------------------------------------------------------------------------------


@cache
def block_drop_count(block: str, item: str, shears: bool = False) -> int:
    """How many ``item`` a break of ``block`` surely drops (no silk touch; ``shears``: broken
    with shears, else without; 0: not surely any)."""
    try:
        drops = items().block_drops(block)
    except ItemError:
        return 0
    for d in drops:
        sure = d.chance >= 0.99 and d.min_age is None and d.max_count >= 1
        if d.item == item and sure and d.silk_touch is not True and d.shears in (None, shears):
            return max(1, d.min_count)
    return 0


def mobs_dropping(item: str) -> dict[str, int]:
    """Mob kinds whose kill by the player drops ``item`` every time or nearly (the guaranteed
    count, counted as 1 when it may be 0: a cow's leather is 0-2, so more cows may be needed)."""
    reg = items()
    out = {}
    for name in reg.entity_names:
        try:
            drops = reg.entity_drops(name)
        except ItemError:
            continue
        for d in drops:
            if d.item == item and d.chance >= 0.99 and d.max_count >= 1:
                out[name] = max(1, d.min_count)
    return out


def nearest_item_entity(ctx: Ctx, item: str, radius: float = 24.0):
    store = ctx.game.survival.entities
    found = [e for e in store.near(ctx.player.pos, radius)
             if e.type == "item" and e.item == item and not e.dead]  # fmt: skip
    return min(found, key=lambda e: math.dist(e.pos, ctx.player.pos)) if found else None
