"""Oracle skill for ``position dimension the_nether``: light an obsidian portal frame with
flint and steel and stand in the portal; with no frame near, build one from given obsidian.

The frame it builds stands in a pit so that a player on the ground can reach every block: the
bottom two blocks two below the feet, the sides three high from the ground block up, the top
row one above head height, laid against its two corners, placed jumping (12 obsidian). The
player works leaning over the pit's rim (sneaking keeps it from falling in).
"""

from __future__ import annotations

import math

from odyssey.episode.protocol import Hold, Wait
from odyssey.mcu.oracle.core import (
    Ctx,
    OracleStuckError,
    Pos,
    Script,
    aim_block,
    approach,
    skill,
    walk_to,
)
from odyssey.mcu.oracle.families_use import (
    bare,
    find_blocks,
    full,
    is_soft,
    put_tool_away,
    top_face,
    use_item_on,
)
from odyssey.mcu.oracle.families_use_build import place_beside, place_on_top
from odyssey.mcu.rules import BlockRule, PositionRule

FRAME_OBSIDIAN = 12
AIRS = ("air", "cave_air")


def _portal(ctx: Ctx) -> Pos | None:
    found = find_blocks(ctx, ("nether_portal",), radius=10)
    return found[0] if found else None


def _frame_floor(ctx: Ctx) -> Pos | None:
    """An obsidian block with air above and obsidian 4-5 above (a frame's bottom)."""
    for p in find_blocks(ctx, ("obsidian",), radius=10):
        above = (p[0], p[1] + 1, p[2])
        if ctx.name_at(above) in AIRS and any(
            ctx.name_at((p[0], p[1] + k, p[2])) == "obsidian" for k in range(4, 6)
        ):
            return p
    return None


def dig(ctx: Ctx, pos: Pos, limit: int = 200) -> Script:
    """Break ``pos`` from where the player stands (no walking after drops: it is a pit)."""
    if ctx.name_at(pos) in AIRS:
        return
    yield from approach(ctx, (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5))
    yield from put_tool_away(ctx)
    open_top = is_soft(ctx, (pos[0], pos[1] + 1, pos[2]))  # at its top face's middle, so
    yield from aim_block(ctx, pos, point=top_face(pos) if open_top else None)  # the ray misses
    # the pit's rim
    for _ in range(0, limit, 5):
        yield Hold(("attack",), ticks=5)
        if ctx.name_at(pos) in AIRS:
            return
    raise OracleStuckError(f"could not dig {ctx.name_at(pos)} at {pos}")


def _site(ctx: Ctx) -> tuple[Pos, int, int] | None:
    """(x-1 ground corner, dx, dz): a flat ground row of four, three blocks from the feet,
    along x or z, with room above."""
    fx, fy, fz = ctx.feet()
    for ox, oz, dx, dz in ((0, 3, 1, 0), (0, -3, 1, 0), (3, 0, 0, 1), (-3, 0, 0, 1)):
        start = (fx + ox - dx, fy - 1, fz + oz - dz)
        row = [(start[0] + dx * i, start[1], start[2] + dz * i) for i in range(4)]
        if all(full(ctx, p) for p in row) and all(
            is_soft(ctx, (p[0], p[1] + k, p[2])) for p in row for k in (1, 2, 3, 4)
        ):
            return start, dx, dz
    return None


def _to_rim(ctx: Ctx, mid: tuple[float, float], toward: tuple[int, int]) -> Script:
    """Stand at the pit's rim, leaning over it: walk up, then sneak on (the sneak guard stops
    the player at the edge, its eyes over the pit)."""
    ex, ez = toward
    yield from walk_to(ctx, mid[0] - ex * 1.2, mid[1] - ez * 1.2, within=0.2)
    yaw = math.degrees(math.atan2(-ex, ez))
    yield Hold(("forward", "sneak"), ticks=15, yaw=yaw, pitch=60.0)


def build_frame(ctx: Ctx) -> Script:
    if ctx.count("obsidian") < FRAME_OBSIDIAN:
        raise OracleStuckError(f"building a portal frame takes {FRAME_OBSIDIAN} obsidian")
    site = _site(ctx)
    if site is None:
        raise OracleStuckError("no flat ground near to build a portal frame on")
    (x0, y, z0), dx, dz = site

    def at(i: int, dy: int) -> Pos:  # column i (0: left side, 1-2: inside, 3: right side)
        return (x0 + dx * i, y + dy, z0 + dz * i)

    px, _, pz = ctx.player.pos  # from the row towards the player, across it
    toward = (0, 1 if z0 + 0.5 > pz else -1) if dx else (1 if x0 + 0.5 > px else -1, 0)
    edge = (x0 + 2 * dx + (0.5 - 0.5 * toward[0]) * dz + 0.0,
            z0 + 2 * dz + (0.5 - 0.5 * toward[1]) * dx + 0.0)  # fmt: skip
    for i in (1, 2):
        yield from dig(ctx, at(i, 0))
    yield from _to_rim(ctx, edge, toward)
    for i in (1, 2):
        yield from dig(ctx, at(i, -1))
    for i in (0, 3):  # the sides stand on the dirt under the ground block
        yield from dig(ctx, at(i, 0))
    for i in (1, 2):  # the bottom, two under the feet
        yield from place_on_top(ctx, "obsidian", at(i, -2), reach=4.4)
    for i in (0, 3):  # the sides, three high from the ground block up
        for dy in (0, 1, 2):
            yield from place_on_top(ctx, "obsidian", at(i, dy - 1), reach=4.4)
    for i in (0, 3):  # the top corners, jumping
        yield from place_on_top(ctx, "obsidian", at(i, 2), reach=4.4)
    yield from place_beside(ctx, "obsidian", at(0, 3), dx, dz, reach=4.4)
    yield from place_beside(ctx, "obsidian", at(3, 3), -dx, -dz, reach=4.4)
    frame = [at(1, -1), at(2, -1), *(at(i, dy) for i in (0, 3) for dy in (0, 1, 2)),
             at(1, 3), at(2, 3)]  # fmt: skip
    missing = [p for p in frame if ctx.name_at(p) != "obsidian"]
    if missing:
        raise OracleStuckError(f"the portal frame is missing obsidian at {missing}")


def light_portal(ctx: Ctx) -> Script:
    """Build the frame if there is none (from given obsidian) and light it."""
    if _portal(ctx) is None:
        floor = _frame_floor(ctx)
        if floor is None:
            yield from build_frame(ctx)
            floor = _frame_floor(ctx)
        lighter = next((i for i in ("flint_and_steel", "fire_charge") if ctx.count(i)), None)
        if lighter is None or floor is None:
            raise OracleStuckError("lighting a portal needs a frame and flint and steel")
        yield from use_item_on(ctx, lighter, floor, point=top_face(floor))
        yield Wait(5)
        if _portal(ctx) is None:
            raise OracleStuckError(f"the frame over {floor} did not light")


@skill("block", when=lambda ctx, rule: set(map(bare, rule.blocks)) == {"nether_portal"})
def portal_block(ctx: Ctx, rule: BlockRule) -> Script:
    """A lit Nether portal near the player (``build a Nether portal``)."""
    yield from light_portal(ctx)


@skill("position", when=lambda ctx, rule: rule.dimension is not None
       and bare(rule.dimension) == "the_nether")  # fmt: skip
def to_the_nether(ctx: Ctx, rule: PositionRule) -> Script:
    yield from light_portal(ctx)
    portal = _portal(ctx)
    for _ in range(24):  # standing in the portal for 80 ticks takes the player over
        if ctx.game.survival.dimension == bare(rule.dimension):
            return
        if math.dist(ctx.player.pos, (portal[0] + 0.5, ctx.player.pos[1], portal[2] + 0.5)) > 0.5:
            yield from walk_to(ctx, portal[0] + 0.5, portal[2] + 0.5, within=0.3)
        yield Wait(10)
