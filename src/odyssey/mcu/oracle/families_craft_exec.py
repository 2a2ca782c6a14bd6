"""Playing a :class:`~odyssey.mcu.oracle.families_craft.Planner`'s steps through actions: the
recipe book (at a crafting table for 3×3 recipes), a furnace's slots, placing a workstation on
the ground beside the player, mining and killing for drops."""

from __future__ import annotations

from odyssey.episode.protocol import Wait
from odyssey.mcu.actions import Click, CloseScreen, Craft
from odyssey.mcu.oracle.core import (
    GONE,
    Ctx,
    OracleStuckError,
    Pos,
    Script,
    place_against,
    use_block,
)
from odyssey.mcu.oracle.families_gather import find_blocks, solid
from odyssey.mcu.oracle.families_mine import mine_block
from odyssey.sim.furnace import FUEL, INPUT, RESULT

NEAR = 6  # a workstation this close (a cube around the feet) is used rather than a new one
# right-clicking these opens them instead of placing against them
WORKSTATIONS = ("crafting_table", "furnace", "smoker", "blast_furnace", "chest", "barrel")
SOFT = ("short_grass", "tall_grass", "fern", "dandelion", "poppy", "snow")


def play_steps(ctx: Ctx, steps) -> Script:
    for step in steps:
        match step.how:
            case "craft":
                yield from craft_step(ctx, step)
            case "place":
                yield from place_workstation(ctx, step.item)
            case "smelt":
                yield from smelt_step(ctx, step)
            case "mine":
                yield from mine_step(ctx, step)
            case "kill":
                from odyssey.mcu.oracle.families_combat import kill_for_drops

                yield from kill_for_drops(ctx, step.source, step.times)


def _close(ctx: Ctx) -> Script:
    if ctx.game.survival.menu is not None:
        yield CloseScreen()


def craft_step(ctx: Ctx, step) -> Script:
    before = ctx.count(step.item)
    yield from _close(ctx)
    if step.table:
        yield from open_block(ctx, "crafting_table")
    yield Craft(step.item, step.times)
    yield from _close(ctx)
    if ctx.count(step.item) <= before:
        raise OracleStuckError(f"crafting {step.item} failed")


def open_block(ctx: Ctx, block: str) -> Script:
    """Walk to the nearest ``block`` and open its screen."""
    found = find_blocks(ctx, [block], radius=NEAR + 4, dy=8)
    if not found:
        raise OracleStuckError(f"no {block} nearby")
    if found[0][1] > ctx.feet()[1] + 1:  # down a hole dug for stone: climb out first
        from odyssey.mcu.oracle.families_motion import rise

        yield from rise(ctx, found[0][1] - ctx.feet()[1])
    yield from use_block(ctx, found[0])
    if ctx.game.survival.menu_kind != block:
        raise OracleStuckError(f"the {block} at {found[0]} did not open")


# -- placing ----------------------------------------------------------------------------------


def place_spot(ctx: Ctx) -> Pos:
    """An empty spot two blocks from the feet with solid ground under it and room above."""
    x, y, z = ctx.feet()
    for dx, dz in ((2, 0), (0, 2), (-2, 0), (0, -2), (2, 2), (-2, 2), (2, -2), (-2, -2)):
        for dy in (0, -1, 1):
            p = (x + dx, y + dy, z + dz)
            free = ctx.name_at(p) in GONE + SOFT and ctx.name_at(p) != "water"
            free = free and ctx.name_at((p[0], p[1] - 1, p[2])) not in WORKSTATIONS
            if free and solid(ctx, (p[0], p[1] - 1, p[2])) and not solid(ctx, (p[0], p[1] + 1,
                                                                                p[2])):  # fmt: skip
                return p
    raise OracleStuckError(f"no free spot to place a block near {ctx.feet()}")


def place_workstation(ctx: Ctx, item: str) -> Script:
    """Put a crafting table or furnace from the inventory on the ground nearby."""
    p = place_spot(ctx)
    support = (p[0], p[1] - 1, p[2])
    yield from place_against(ctx, item, support, (p[0] + 0.5, p[1] - 0.02, p[2] + 0.5))
    if ctx.name_at(p) != item:
        raise OracleStuckError(f"placing {item} at {p} failed ({ctx.name_at(p)} there)")


# -- furnaces ---------------------------------------------------------------------------------


def menu_slot(index: int) -> int:
    """A furnace screen's slot for inventory slot ``index`` (main 9-35 → 3-29, hotbar → 30-38)."""
    return index - 6 if index >= 9 else 30 + index


def put_items(ctx: Ctx, item: str, target: int, n: int) -> Script:
    """Move exactly ``n`` of ``item`` into slot ``target`` of the open screen (pick the stack up,
    right-click one at a time, put the rest back)."""
    menu = ctx.game.survival.menu
    here = menu.slots[target].item()
    if here is not None and here.item != item:
        yield Click(target, 0, 1)  # clear out something else first
    moved = 0
    while moved < n:
        index = ctx.slot_of(item)
        if index < 0:
            raise OracleStuckError(f"ran out of {item} ({moved}/{n} moved)")
        source = menu_slot(index)
        count = ctx.game.survival.inventory.get(index).count
        yield Click(source, 0, 0)
        if count <= n - moved:
            yield Click(target, 0, 0)
            moved += count
        else:
            for _ in range(n - moved):
                yield Click(target, 1, 0)
            moved = n
            yield Click(source, 0, 0)
        if menu.carried is not None:  # a stack still carried goes back where it was
            yield Click(source, 0, 0)


def smelt_step(ctx: Ctx, step) -> Script:
    yield from _close(ctx)
    yield from open_block(ctx, step.kind)
    yield from put_items(ctx, step.source, INPUT, step.times)
    yield from put_items(ctx, step.fuel, FUEL, step.fuel_count)
    furnace = ctx.game.survival.menu.furnace
    start = ctx.count(step.item)
    for _ in range(200):
        out = furnace.items[RESULT]
        if out is not None and out.count >= step.times:
            break
        if furnace.items[INPUT] is None and not furnace.lit:
            break
        yield Wait(20)
    yield Click(RESULT, 0, 1)
    yield from _close(ctx)
    if ctx.count(step.item) <= start:
        raise OracleStuckError(f"smelting {step.source} into {step.item} failed")


# -- mining -----------------------------------------------------------------------------------


def mine_step(ctx: Ctx, step) -> Script:
    for _ in range(step.times):
        found = find_blocks(ctx, [step.source])
        if not found:
            raise OracleStuckError(f"no {step.source} left nearby")
        yield from mine_block(ctx, found[0], tool=step.kind or None)
