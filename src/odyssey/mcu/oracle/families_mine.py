"""Mining: ``stat mined X`` (break the nearest X, making a tool that harvests it first when
none is had) and ``stat picked_up X`` (walk over an X lying about, or mine or kill what drops
it). Breaking copes with blocks buried below (a shaft dug beside them), behind a wall (walked
round), and with a current pushing the player off (leaning into it)."""

from __future__ import annotations

import math
from dataclasses import replace

from odyssey.episode.protocol import Hold, Wait
from odyssey.mcu.oracle.core import (
    REACH,
    Ctx,
    OracleStuckError,
    Pos,
    Script,
    aim_block,
    angles_to,
    approach,
    collect_drops,
    face_point,
    flat_distance,
    select_item,
    skill,
    walk_to,
)
from odyssey.mcu.oracle.families_gather import (
    SEARCH_RADIUS,
    best_tool,
    find_blocks,
    forbidden,
    harvest_tools,
    nearest_item_entity,
    solid,
)
from odyssey.mcu.rules import StatRule
from odyssey.sim.mining import Miner, can_harvest, destroy_progress, ticks_to_break
from odyssey.sim.reach import crosshair_block

HAND_LIMIT = 2000  # ticks: a block that takes longer is out of reach in a 120 s task
DANGER = ("lava", "water")  # never dig down into these


def mine_block(ctx: Ctx, pos: Pos, avoid: tuple[str, ...] = (), tool: str | None = None) -> Script:
    """Break the block at ``pos`` with the best tool held and collect what it drops (a block
    deep below is reached down a shaft dug beside it)."""
    centre = (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
    if pos[1] < ctx.feet()[1] - 1 and math.dist(ctx.eye, centre) > REACH:
        yield from shaft_beside(ctx, pos, avoid)
    name = ctx.name_at(pos)
    avoid = forbidden(ctx, avoid)
    tool = tool or best_tool(ctx, name, avoid)  # ``tool``: held for its drops (shears)
    held = ctx.game.survival.inventory.mainhand
    if tool is not None:
        yield from select_item(ctx, tool)
    elif held is not None and held.item in avoid:
        yield from _empty_hand(ctx)
    ticks = ticks_to_break(destroy_progress(name, Miner(item=tool))) or HAND_LIMIT
    yield from break_steadily(ctx, pos, limit=max(1200, ticks + 100))
    yield from collect_drops(ctx, (pos[0] + 0.5, pos[1], pos[2] + 0.5))


def _walled_off(ctx: Ctx, pos: Pos) -> bool:
    """A solid block slow to break stands between the eyes and ``pos`` (a banner on the far
    side of a stone wall and only an axe at hand); quick ones (dirt) are dug through."""
    yaw, pitch = angles_to(ctx, face_point(ctx, pos))
    hit = crosshair_block(ctx.game.world, replace(ctx.player, yaw=yaw, pitch=pitch))
    if hit is None or hit.pos == pos or not solid(ctx, hit.pos):
        return False
    name = ctx.name_at(hit.pos)
    ticks = ticks_to_break(destroy_progress(name, Miner(item=best_tool(ctx, name))))
    return ticks is None or ticks > 40


def _go_round(ctx: Ctx, pos: Pos) -> Script:
    """Walk into an open cell beside ``pos`` (over or round what is in the way)."""
    x, y, z = pos
    cells = [(x + dx, y + dy, z + dz) for dy in (0, -1) for dx, dz in
             ((1, 0), (-1, 0), (0, 1), (0, -1))]  # fmt: skip
    open_cells = [c for c in cells if not solid(ctx, c) and not solid(ctx, (c[0], c[1] + 1, c[2]))
                  and solid(ctx, (c[0], c[1] - 1, c[2]))]  # fmt: skip
    if not open_cells:
        return
    px, _, pz = ctx.player.pos
    c = min(open_cells, key=lambda c: math.hypot(c[0] + 0.5 - px, c[2] + 0.5 - pz))
    yield from walk_to(ctx, c[0] + 0.5, c[2] + 0.5, within=0.3, limit=200)


def break_steadily(ctx: Ctx, pos: Pos, limit: int) -> Script:
    """Hold attack on ``pos`` in short spells, walking back in reach and aiming again between
    them: flowing water (a waterlogged block's) or a mob may push the player off it."""
    centre = (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
    before = ctx.game.world.get_block(*pos)
    for _ in range(0, limit, 10):
        yield from approach(ctx, centre)
        if _walled_off(ctx, pos):
            yield from _go_round(ctx, pos)
        yield from aim_block(ctx, pos)
        for _ in range(2):  # leaning into a current that pushes the player off
            yaw, pitch = angles_to(ctx, face_point(ctx, pos))
            far = flat_distance(ctx, centre[0], centre[2]) > 2.0
            yield Hold(("attack", "forward") if far else ("attack",), ticks=5, yaw=yaw,
                       pitch=pitch)  # fmt: skip
        if ctx.game.world.get_block(*pos) != before:
            return
    raise OracleStuckError(f"{ctx.name_at(pos)} at {pos} did not break in {limit} ticks")


def shaft_beside(ctx: Ctx, pos: Pos, avoid: tuple[str, ...] = ()) -> Script:
    """Stand in a column next to ``pos`` and dig straight down until it is in reach."""
    px, _, pz = ctx.player.pos
    sides = [(pos[0] + dx, pos[2] + dz) for dx, dz in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    x, z = min(sides, key=lambda c: math.hypot(c[0] + 0.5 - px, c[1] + 0.5 - pz))
    yield from walk_to(ctx, x + 0.5, z + 0.5, within=0.2, limit=200)
    for _ in range(24):  # down to the block's level: then it is straight ahead, in sight
        if ctx.feet()[1] <= pos[1]:
            return
        yield from dig_under_feet(ctx, avoid)


def dig_under_feet(ctx: Ctx, avoid: tuple[str, ...] = (), limit: int = 1200) -> Script:
    """Break the block under the feet looking straight down (never with lava or water under
    it) and drop into the hole."""
    x, y, z = ctx.feet()
    below = (x, y - 1, z)
    if ctx.name_at((x, y - 2, z)) in DANGER or ctx.name_at(below) in DANGER:
        raise OracleStuckError(f"{ctx.name_at((x, y - 2, z))} under {below}: not digging")
    tool = best_tool(ctx, ctx.name_at(below), avoid)
    if tool is not None:
        yield from select_item(ctx, tool)
    before = ctx.game.world.get_block(*below)
    for _ in range(0, limit, 5):
        yield Hold(("attack",), ticks=5, pitch=90.0)
        if ctx.game.world.get_block(*below) != before:
            break
    yield Wait(10)  # fall into the hole (and pick up what the block dropped)


def _empty_hand(ctx: Ctx) -> Script:
    from odyssey.mcu.actions import Select

    inv = ctx.game.survival.inventory
    free = next((i for i in range(9) if inv.get(i) is None), None)
    if free is None:
        raise OracleStuckError("no empty hotbar slot to hold nothing forbidden")
    yield Select(free)


# -- skills -------------------------------------------------------------------------------------


def _is_stat(category: str):
    return lambda ctx, rule: isinstance(rule, StatRule) and rule.category == category


def _minable(ctx: Ctx, rule) -> bool:
    return _is_stat("mined")(ctx, rule) and bool(find_blocks(ctx, [rule.key.removeprefix(
        "minecraft:")]))  # fmt: skip


def _pickable(ctx: Ctx, rule) -> bool:
    from odyssey.mcu.oracle.families_craft import Planner

    if not _is_stat("picked_up")(ctx, rule):
        return False
    item = rule.key.removeprefix("minecraft:")
    return nearest_item_entity(ctx, item) is not None or Planner(ctx).produce(
        item, rule.at_least, ("mine", "kill"))  # fmt: skip


@skill("stat", when=_minable)
def mine_skill(ctx: Ctx, rule: StatRule) -> Script:
    """Break the nearest ``rule.key`` blocks (``at_least`` of them)."""
    name = rule.key.removeprefix("minecraft:")
    start = ctx.game.survival.stats.get("mined", name)
    for _ in range(rule.at_least + 3):  # a block may go by itself (a cactus beside another)
        if ctx.game.survival.stats.get("mined", name) - start >= rule.at_least:
            return
        found = find_blocks(ctx, [name])
        if not found:
            raise OracleStuckError(f"no {name} left within {SEARCH_RADIUS} blocks")
        yield from tool_for(ctx, name)
        yield from mine_block(ctx, found[0])
    raise OracleStuckError(f"{name} broke without counting as mined")


def tool_for(ctx: Ctx, block: str) -> Script:
    """Make a tool that harvests ``block`` when none is had: a block broken without one drops
    nothing and does not count as ``mined`` (vanilla awards the stat in playerDestroy, which
    runs only for a harvest)."""
    tool = best_tool(ctx, block)
    if can_harvest(block, tool):
        ticks = ticks_to_break(destroy_progress(block, Miner(item=tool)))
        if ticks is None or ticks > HAND_LIMIT:
            raise OracleStuckError(f"{block} takes {ticks} ticks to break with {tool}")
        return
    from odyssey.mcu.oracle.families_craft import Planner, obtain

    for tool in harvest_tools(block)[:3]:
        if Planner(ctx).need(tool, 1):
            yield from obtain(ctx, tool, 1)
            return
    raise OracleStuckError(f"{block} needs one of {harvest_tools(block)[:3]}: none can be had")


@skill("stat", when=_pickable)
def pick_up_skill(ctx: Ctx, rule: StatRule) -> Script:
    """Get ``rule.key`` into the inventory from the world: items lying about, blocks that drop
    it, mobs that drop it."""
    from odyssey.mcu.oracle.families_craft import gather_from_world

    item = rule.key.removeprefix("minecraft:")
    start = ctx.game.survival.stats.get("picked_up", item)
    for _ in range(rule.at_least * 3):
        got = ctx.game.survival.stats.get("picked_up", item) - start
        if got >= rule.at_least:
            return
        lying = nearest_item_entity(ctx, item)
        if lying is not None:
            yield from walk_to(ctx, lying.x, lying.z, within=0.3, limit=200)
            yield from collect_drops(ctx, lying.pos)
            continue
        yield from gather_from_world(ctx, item, rule.at_least - got)
    raise OracleStuckError(f"picked up too few {item}")
