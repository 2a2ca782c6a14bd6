"""Oracle skills for building: ``block`` rules with ``placed`` (place or plant enough of the
blocks near the player: seeds on farmland it tills first, torches, a pillar, a wall), golems
(``entity snow_golem`` / ``iron_golem``: the pattern, carved pumpkin last). The nether portal
is ``families_use_portal``.
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
    angles_to,
    approach,
    break_block,
    select_item,
    skill,
    walk_to,
)
from odyssey.mcu.oracle.families_use import (
    TILLABLE,
    bare,
    find_blocks,
    ground_spots,
    is_soft,
    solid,
    top_face,
    use_item_on,
)
from odyssey.mcu.rules import BlockRule, EntityRule
from odyssey.world.items import items

CROPS = ("wheat", "carrots", "potatoes", "beetroots", "melon_stem", "pumpkin_stem")
HOES = ("netherite_hoe", "diamond_hoe", "iron_hoe", "golden_hoe", "stone_hoe", "wooden_hoe",
        "copper_hoe")  # fmt: skip
HEADS = ("carved_pumpkin", "jack_o_lantern")
POURED = {"water": "water_bucket", "lava": "lava_bucket", "fire": "flint_and_steel",
          "powder_snow": "powder_snow_bucket"}  # blocks no item places as itself  # fmt: skip


def held_item_for(ctx: Ctx, blocks: tuple[str, ...]) -> tuple[str, str]:
    """(block, item): the first of ``blocks`` whose item the player has."""
    reg = items()
    for b in map(bare, blocks):
        item = POURED.get(b) or reg.item_for_block(b)
        if item is not None and ctx.count(item) > 0:
            return b, item
    raise OracleStuckError(f"none of {', '.join(blocks)} can be placed from the inventory")


def place_on_top(ctx: Ctx, item: str, support: Pos, reach: float = 3.2) -> Script:
    """Place ``item`` on the top face of ``support`` (jumping when the face is above the
    eyes)."""
    point = top_face(support)
    yield from select_item(ctx, item)
    yield from approach(ctx, point, reach=reach)
    if point[1] < ctx.eye[1] - 0.1:
        yield from aim_block(ctx, support, point=point)
        yield Hold(("use",), ticks=1)
    else:  # jump, then look down at the face from the top of the jump
        yield Hold(("jump",), ticks=6)
        yaw, pitch = angles_to(ctx, point)
        yield Hold(("use",), ticks=1, yaw=yaw, pitch=pitch)
        yield Wait(12)
    yield Wait(4)


def place_beside(ctx: Ctx, item: str, support: Pos, dx: int, dz: int, reach: float = 3.2) -> Script:
    """Place ``item`` against the side of ``support`` facing (dx, dz)."""
    point = (support[0] + 0.5 + 0.499 * dx, support[1] + 0.5, support[2] + 0.5 + 0.499 * dz)
    yield from select_item(ctx, item)
    yield from approach(ctx, point, reach=reach)
    yield from aim_block(ctx, support, point=point)
    yield Hold(("use",), ticks=1)
    yield Wait(4)


def clear(ctx: Ctx, pos: Pos) -> Script:
    """Punch away a plant at ``pos`` (vanilla's patterns want air, not grass)."""
    if ctx.name_at(pos) not in ("air", "cave_air"):
        yield from break_block(ctx, pos, limit=60)


# -- block rules with placed -------------------------------------------------------------------


def _farmland(ctx: Ctx) -> tuple[Pos, str | None]:
    """Farmland with air above near the player, or ground to till and the hoe to till it."""
    free = [p for p in find_blocks(ctx, ("farmland",), radius=6)
            if ctx.name_at((p[0], p[1] + 1, p[2])) in ("air", "cave_air")]  # fmt: skip
    if free:
        return free[0], None
    hoe = next((h for h in HOES if ctx.count(h)), None)
    if hoe is None:
        raise OracleStuckError("planting needs farmland or a hoe (the config must give one)")
    spots = ground_spots(ctx, names=TILLABLE)
    if not spots:
        raise OracleStuckError("no grass or dirt near to till")
    return spots[0], hoe


def plant_one(ctx: Ctx, item: str) -> Script:
    spot, hoe = _farmland(ctx)
    if hoe is not None:
        yield from clear(ctx, (spot[0], spot[1] + 1, spot[2]))
        yield from use_item_on(ctx, hoe, spot)
        if ctx.name_at(spot) != "farmland":
            raise OracleStuckError(f"tilling {spot} left {ctx.name_at(spot)}")
    yield from use_item_on(ctx, item, spot)


def place_one(ctx: Ctx, block: str, item: str) -> Script:
    if block in CROPS:
        yield from plant_one(ctx, item)
        return
    spots = ground_spots(ctx, radius=3)
    if not spots:
        raise OracleStuckError(f"no room near to place {item}")
    yield from place_on_top(ctx, item, spots[0])


@skill("block", when=lambda ctx, rule: rule.placed)
def place_blocks(ctx: Ctx, rule: BlockRule) -> Script:
    block, item = held_item_for(ctx, rule.blocks)
    start = len(find_blocks(ctx, rule.blocks, radius=rule.within))
    for _ in range(rule.count * 2 + 4):
        if len(find_blocks(ctx, rule.blocks, radius=rule.within)) - start >= rule.count:
            return
        if ctx.count(item) == 0:
            block, item = held_item_for(ctx, rule.blocks)
        yield from place_one(ctx, block, item)
    raise OracleStuckError(f"could not place {rule.count} {'/'.join(rule.blocks)}")


# -- golems ------------------------------------------------------------------------------------


def _site(ctx: Ctx) -> Pos:
    """A ground block two steps from the player with room around and above it."""
    for p in ground_spots(ctx, radius=3):
        fx, _, fz = ctx.feet()
        if max(abs(p[0] - fx), abs(p[2] - fz)) < 2:
            continue
        around = [(p[0] + dx, p[1] + dy, p[2] + dz) for dx in (-1, 0, 1) for dz in (-1, 0, 1)
                  for dy in (1, 2, 3)]  # fmt: skip
        if all(is_soft(ctx, q) for q in around) and all(
            solid(ctx, (p[0] + dx, p[1], p[2])) for dx in (-1, 1)
        ):
            return p
    raise OracleStuckError("no free 3×3 ground near to build on")


def build_snow_golem(ctx: Ctx) -> Script:
    head = next((h for h in HEADS if ctx.count(h)), None)
    if ctx.count("snow_block") < 2 or head is None:
        raise OracleStuckError("a snow golem needs 2 snow blocks and a carved pumpkin")
    g = _site(ctx)
    yield from place_on_top(ctx, "snow_block", g)
    yield from place_on_top(ctx, "snow_block", (g[0], g[1] + 1, g[2]))
    yield from place_on_top(ctx, head, (g[0], g[1] + 2, g[2]))


def build_iron_golem(ctx: Ctx) -> Script:
    head = next((h for h in HEADS if ctx.count(h)), None)
    if ctx.count("iron_block") < 4 or head is None:
        raise OracleStuckError("an iron golem needs 4 iron blocks and a carved pumpkin")
    g = _site(ctx)
    fx, _, fz = ctx.feet()
    # arms across the line to the player, so the player faces the body's sides' neighbours
    ax, az = (0, 1) if abs(g[0] - fx) >= abs(g[2] - fz) else (1, 0)
    for s in (1, -1):
        yield from clear(ctx, (g[0] + ax * s, g[1] + 1, g[2] + az * s))
    yield from place_on_top(ctx, "iron_block", g)
    body = (g[0], g[1] + 2, g[2])
    yield from place_on_top(ctx, "iron_block", (g[0], g[1] + 1, g[2]))
    # the player's side of the pattern: the way round it from one arm's stand to the other's
    bx, bz = (math.copysign(1, fx - g[0]), 0) if az else (0, math.copysign(1, fz - g[2]))
    for s in (1, -1):  # each arm from a stand out on its side, so its face is in view
        yield from walk_to(ctx, g[0] + 0.5 + bx * 2.6, g[2] + 0.5 + bz * 2.6, within=0.5)
        yield from walk_to(ctx, g[0] + 0.5 + ax * s * 2.6, g[2] + 0.5 + az * s * 2.6, within=0.4)
        yield from place_beside(ctx, "iron_block", body, ax * s, az * s)
    yield from place_on_top(ctx, head, body)


@skill("entity", when=lambda ctx, rule: bare(rule.entity) in ("snow_golem", "iron_golem")
       and not rule.tags)  # fmt: skip
def golem(ctx: Ctx, rule: EntityRule) -> Script:
    from odyssey.mcu.oracle.families_use import mob

    for _ in range(rule.count):
        if bare(rule.entity) == "snow_golem":
            yield from build_snow_golem(ctx)
        else:
            yield from build_iron_golem(ctx)
        yield Wait(10)
    if mob(ctx, bare(rule.entity)) is None:
        raise OracleStuckError(f"building did not make a {rule.entity}")
