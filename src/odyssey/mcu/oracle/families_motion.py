"""Motion: find a block (``block``, not placed) or a mob (``entity``, no tags) by walking to it;
``position`` rules — rise (pillar up), descend (dig down, never into lava), travel (walk), eyes
in water; ``stat custom jump``; dropping items (``stat dropped X``, ``stat custom drop``).

Leaving for another dimension needs a portal: the ``use`` families' job, not these skills."""

from __future__ import annotations

import math
from collections import Counter

from odyssey.episode.protocol import Hold, Wait
from odyssey.mcu.actions import Drop
from odyssey.mcu.oracle.core import (
    Ctx,
    OracleStuckError,
    Pos,
    Script,
    flat_distance,
    nearest_entity,
    select_item,
    skill,
    walk_to,
)
from odyssey.mcu.oracle.families_gather import find_blocks, inventory_counts, solid
from odyssey.mcu.oracle.families_mine import DANGER, dig_under_feet
from odyssey.mcu.rules import BlockRule, EntityRule, PositionRule, StatRule
from odyssey.world.items import items

FAR = 32  # how far the oracle looks for a block or mob to walk to


# -- finding things ---------------------------------------------------------------------------


def _cube(ctx: Ctx, pos: Pos) -> int:
    return max(abs(a - b) for a, b in zip(pos, ctx.feet(), strict=True))


def _findable_block(ctx: Ctx, rule) -> bool:
    """Blocks to walk to (none around: another family may make them)."""
    if not isinstance(rule, BlockRule) or rule.placed:
        return False
    return bool(find_blocks(ctx, rule.blocks, radius=FAR, dy=min(FAR, rule.within + 8)))


def _findable_mob(ctx: Ctx, rule) -> bool:
    """Mobs to walk to (none around: another family may make one, a golem say)."""
    if not isinstance(rule, EntityRule) or rule.tags:
        return False
    return nearest_entity(ctx, rule.entity.removeprefix("minecraft:"), 4 * FAR) is not None


@skill("block", when=_findable_block)
def find_block_skill(ctx: Ctx, rule: BlockRule) -> Script:
    """Walk towards the nearest of the blocks until ``count`` are within ``within`` (a cube
    around the feet); blocks only underground (stone under the grass) are dug down to."""
    for _ in range(rule.count + 8):
        found = find_blocks(ctx, rule.blocks, radius=FAR, dy=min(FAR, rule.within + 8))
        close = [p for p in found if _cube(ctx, p) <= rule.within]
        if len(close) >= rule.count:
            return
        y = ctx.feet()[1]
        level = [p for p in found if p not in close and abs(p[1] - y) <= rule.within]
        if level:
            p = min(level, key=lambda p: math.dist(p, ctx.feet()))
            yield from walk_to(ctx, p[0] + 0.5, p[2] + 0.5,
                               within=max(0.8, rule.within - 1.0), limit=800)  # fmt: skip
        elif any(p[1] < y for p in found):
            yield from dig_under_feet(ctx)
        else:
            break
    raise OracleStuckError(f"too few {'/'.join(rule.blocks)} within {rule.within} to be reached")


@skill("entity", when=_findable_mob)
def find_entity_skill(ctx: Ctx, rule: EntityRule) -> Script:
    """Walk towards the nearest mobs of the kind until ``count`` are within ``within``."""
    kind = rule.entity.removeprefix("minecraft:")
    store = ctx.game.survival.entities
    for _ in range(40):
        near = [e for e in store.near(ctx.player.pos, rule.within)
                if e.type == kind and not e.dead]  # fmt: skip
        if len(near) >= rule.count:
            return
        e = nearest_entity(ctx, kind, radius=4 * FAR)
        if e is None:
            raise OracleStuckError(f"no {kind} anywhere near")
        target = max(0.8, rule.within - 1.5)
        yield from walk_to(ctx, e.x, e.z, within=target, limit=60)
    raise OracleStuckError(f"could not get {rule.count} {kind} within {rule.within:g}")


# -- position -------------------------------------------------------------------------------


NOT_FOR_PILLARS = ("crafting_table", "furnace", "smoker", "blast_furnace", "chest", "barrel",
                   "sand", "red_sand", "gravel", "tnt")  # they open, fall or blow up  # fmt: skip


def _building_blocks(ctx: Ctx) -> Counter[str]:
    """Full solid blocks the inventory holds that a pillar can be built of."""
    reg, world = items(), ctx.game.world
    out: Counter[str] = Counter()
    for item, n in inventory_counts(ctx).items():
        block = reg.item(item).block
        if block is None or item in NOT_FOR_PILLARS:
            continue
        boxes = world.registry.collision_boxes(world.registry.block(block).min_state)
        if len(boxes) == 1 and tuple(boxes[0]) == (0, 0, 0, 1, 1, 1):
            out[item] = n
    return out


def _building_block(ctx: Ctx) -> str | None:
    """The building block the inventory holds most of."""
    blocks = _building_blocks(ctx)
    return blocks.most_common(1)[0][0] if blocks else None


WALL_YAW = {"south": 180.0, "north": 0.0, "east": 90.0, "west": -90.0}  # facing → towards wall


def climb_ladder(ctx: Ctx, height: float) -> Script:
    """Walk into the nearest ladder column and climb it, pressing towards its wall."""
    found = find_blocks(ctx, ["ladder"], radius=12, dy=4)
    if not found:
        raise OracleStuckError("no ladder nearby")
    x, y, z = min(found, key=lambda p: (abs(p[1] - ctx.feet()[1]), math.dist(p, ctx.feet())))
    facing = ctx.game.world.registry.properties(ctx.game.world.get_block(x, y, z))["facing"]
    yield from walk_to(ctx, x + 0.5, z + 0.5, within=0.3, limit=200)
    y0 = ctx.player.pos[1]
    for _ in range(math.ceil(height) * 4 + 8):
        if ctx.player.pos[1] - y0 >= height:
            return
        yield Hold(("forward",), ticks=4, yaw=WALL_YAW[facing], pitch=0.0)
    raise OracleStuckError(f"climbed only {ctx.player.pos[1] - y0:.1f} of {height}")


def rise(ctx: Ctx, height: float) -> Script:
    """Climb a ladder nearby, else pillar up: look down, jump and place a block under the
    feet, ``height`` blocks."""
    ladders = find_blocks(ctx, ["ladder"], radius=12, dy=4)
    if len(ladders) >= height:
        yield from climb_ladder(ctx, height)
        return
    top = ctx.player.pos[1] + height  # from here, even if digging for blocks goes lower
    short = math.ceil(height) + 3 - sum(_building_blocks(ctx).values())
    if short > 0:  # dig dirt (grass by hand) to build with
        from odyssey.mcu.oracle.families_craft import obtain

        yield from obtain(ctx, "dirt", ctx.count("dirt") + short)
    block = _building_block(ctx)
    if block is None:
        raise OracleStuckError("no block in the inventory to pillar up with")
    yield from _centre(ctx)
    # room for starting again: an arrow or a mob may knock the player off the pillar
    for _ in range(math.ceil(top - ctx.player.pos[1]) * 10):
        if ctx.player.pos[1] >= top:
            return
        x, _, z = ctx.player.pos
        if ctx.player.on_ground and max(abs(x % 1 - 0.5), abs(z % 1 - 0.5)) > 0.3:
            yield from _centre(ctx)  # knocked aside: a new pillar from here
        if ctx.count(block) == 0:
            block = _building_block(ctx)
            if block is None:
                raise OracleStuckError("ran out of blocks to pillar up with")
        yield from select_item(ctx, block)
        yield Hold(("jump", "use"), ticks=6, pitch=90.0)
        yield Wait(8)
    raise OracleStuckError(f"pillared only to {ctx.player.pos[1]:.1f}, not {top:.1f}")


def _centre(ctx: Ctx) -> Script:
    x, _, z = ctx.feet()
    yield from walk_to(ctx, x + 0.5, z + 0.5, within=0.2, limit=20)


def _safe_column(ctx: Ctx, depth: int) -> bool:
    x, y, z = ctx.feet()
    return all(ctx.name_at((x, y - d, z)) not in DANGER for d in range(1, depth + 3))


def descend(ctx: Ctx, depth: float) -> Script:
    """Dig straight down ``depth`` blocks, in a column with no lava or water below."""
    x0, _, z0 = ctx.feet()
    need = math.ceil(depth)
    for dx, dz in ((0, 0), (2, 0), (0, 2), (-2, 0), (0, -2), (3, 3), (-3, -3)):
        yield from walk_to(ctx, x0 + dx + 0.5, z0 + dz + 0.5, within=0.2, limit=60)
        if _safe_column(ctx, need):
            break
    else:
        raise OracleStuckError("no column without lava or water to dig down")
    y0 = ctx.player.pos[1]
    for _ in range(need * 3):
        if y0 - ctx.player.pos[1] >= depth:
            return
        yield from dig_under_feet(ctx)
    raise OracleStuckError(f"dug only {y0 - ctx.player.pos[1]:.1f} of {depth}")


def _open_yaw(ctx: Ctx, distance: float) -> float:
    """The yaw of the most open of eight directions for ``distance`` blocks."""
    x, y, z = ctx.feet()
    steps = math.ceil(distance) + 2

    def openness(direction: tuple[int, int]) -> int:
        dx, dz = direction
        cells = [(x + dx * i, y + h, z + dz * i) for i in range(1, steps) for h in (0, 1)]
        return sum(not solid(ctx, c) for c in cells)

    dirs = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]
    dx, dz = max(dirs, key=openness)
    return math.degrees(math.atan2(-dx, dz))


def travel(ctx: Ctx, distance: float) -> Script:
    """Walk ``distance`` blocks from the start in the most open direction."""
    px, _, pz = ctx.player.pos
    yaw = math.radians(_open_yaw(ctx, distance))
    tx, tz = px - math.sin(yaw) * (distance + 1.0), pz + math.cos(yaw) * (distance + 1.0)
    yield from walk_to(ctx, tx, tz, within=0.5, limit=40 * (math.ceil(distance) + 2))


def eyes_in_water(ctx: Ctx) -> Script:
    """Walk into the nearest water and sink (digging the floor out if it is too shallow)."""
    from odyssey.mcu.checker import _eyes_in

    found = find_blocks(ctx, ["water"], radius=FAR, dy=8)
    if not found:
        raise OracleStuckError("no water nearby")
    deep = [p for p in found if ctx.name_at((p[0], p[1] + 1, p[2])) == "water"]
    p = (deep or found)[0]
    yield from walk_to(ctx, p[0] + 0.5, p[2] + 0.5, within=0.1, limit=600)
    for _ in range(3):
        yield Wait(30)  # off the edge and sinking
        if _eyes_in(ctx.game) == "water":
            return
        yield Hold(("sneak",), ticks=20)
        if _eyes_in(ctx.game) == "water":
            return
        yield from dig_under_feet(ctx)


def _plain_position(ctx: Ctx, rule) -> bool:
    return isinstance(rule, PositionRule) and rule.dimension is None and rule.eyes_in != "lava"


@skill("position", when=_plain_position)
def position_skill(ctx: Ctx, rule: PositionRule) -> Script:
    if rule.travel is not None:
        yield from travel(ctx, rule.travel)
    if rule.eyes_in == "water":
        yield from eyes_in_water(ctx)
    if rule.rise is not None:
        yield from rise(ctx, rule.rise)
    if rule.descend is not None:
        yield from descend(ctx, rule.descend)


# -- jumping and dropping -----------------------------------------------------------------------


def _stat(category: str, key: str | None = None):
    def when(ctx: Ctx, rule) -> bool:
        return (isinstance(rule, StatRule) and rule.category == category
                and (key is None or rule.key.removeprefix("minecraft:") == key))  # fmt: skip

    return when


@skill("stat", when=_stat("custom", "jump"))
def jump_skill(ctx: Ctx, rule: StatRule) -> Script:
    for _ in range(rule.at_least):
        yield Hold(("jump",), ticks=1)
        yield Wait(11)  # up and down again: a jump lasts about 12 ticks


@skill("stat", when=_stat("dropped"))
def drop_skill(ctx: Ctx, rule: StatRule) -> Script:
    item = rule.key.removeprefix("minecraft:")
    if ctx.count(item) < rule.at_least:
        from odyssey.mcu.oracle.families_craft import obtain

        yield from obtain(ctx, item, rule.at_least)
    yield from select_item(ctx, item)
    for _ in range(rule.at_least):
        yield Drop()


@skill("stat", when=_stat("custom", "drop"))
def drop_any_skill(ctx: Ctx, rule: StatRule) -> Script:
    have = inventory_counts(ctx)
    if not have:
        raise OracleStuckError("nothing in the inventory to drop")
    item, _ = have.most_common(1)[0]
    yield from select_item(ctx, item)
    for _ in range(rule.at_least):
        if ctx.game.survival.inventory.mainhand is None:
            yield from select_item(ctx, inventory_counts(ctx).most_common(1)[0][0])
        yield Drop()


MOVES = {"walk_one_cm": ("forward",), "sprint_one_cm": ("forward", "sprint"),
         "crouch_one_cm": ("forward", "sneak")}  # fmt: skip


@skill("stat", when=lambda ctx, rule: _stat("custom")(ctx, rule) and rule.key in MOVES)
def move_far_skill(ctx: Ctx, rule: StatRule) -> Script:
    """Walk, sprint or sneak ``at_least`` centimetres in the most open direction: half of it
    out and half back, so the player ends where it started (the task's other parts are there)."""
    keys = MOVES[rule.key]
    start = ctx.game.survival.stats.get("custom", rule.key)
    yaw = _open_yaw(ctx, rule.at_least / 200.0)
    for _ in range(rule.at_least // 20 + 40):
        moved = ctx.game.survival.stats.get("custom", rule.key) - start
        if moved >= rule.at_least:
            return
        back = 180.0 if moved >= rule.at_least / 2 else 0.0
        jump = ("jump",) if ctx.player.collided_horizontally else ()
        yield Hold(keys + jump, ticks=4, yaw=yaw + back, pitch=0.0)
    raise OracleStuckError(f"moved too little for {rule.key}")


@skill("stat", when=lambda ctx, rule: _stat("custom", "swim_one_cm")(ctx, rule)
       and bool(find_blocks(ctx, ["water"], radius=FAR, dy=8)))  # fmt: skip
def swim_skill(ctx: Ctx, rule: StatRule) -> Script:
    """Get into the nearest water and swim to and fro across it."""
    start = ctx.game.survival.stats.get("custom", "swim_one_cm")
    yield from eyes_in_water(ctx)
    pool = find_blocks(ctx, ["water"], radius=8, dy=3)
    for _ in range(rule.at_least // 50 + 20):
        if ctx.game.survival.stats.get("custom", "swim_one_cm") - start >= rule.at_least:
            return
        px, _, pz = ctx.player.pos
        far = max(pool, key=lambda p: math.hypot(p[0] + 0.5 - px, p[2] + 0.5 - pz))
        yaw = math.degrees(math.atan2(-(far[0] + 0.5 - px), far[2] + 0.5 - pz))
        for _ in range(10):
            if flat_distance(ctx, far[0] + 0.5, far[2] + 0.5) < 0.8:
                break
            yield Hold(("forward",), ticks=3, yaw=yaw, pitch=0.0)
    raise OracleStuckError("swam too little")
