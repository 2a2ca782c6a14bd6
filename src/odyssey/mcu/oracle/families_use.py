"""Oracle skills for using items: ``stat used X`` (eat, drink, throw, shoot, shear, fill or
empty a bucket, light a fire, till, bone meal, wear a tool, place). Shared helpers for the
other ``families_use_*`` modules live here too: finding ground, blocks and mobs near the
player and right-clicking them with an item in hand.
"""

from __future__ import annotations

import math

import numpy as np

from odyssey.episode.protocol import Hold, Look, Wait
from odyssey.mcu.actions import Select
from odyssey.mcu.oracle.core import (
    Ctx,
    OracleStuckError,
    Pos,
    Script,
    aim_block,
    approach,
    select_item,
    skill,
    use_on_entity,
)
from odyssey.mcu.rules import StatRule
from odyssey.world.items import items

SEARCH = 10  # how far (a cube's half side) the skills look for targets
THROWN = ("snowball", "egg", "ender_pearl", "splash_potion", "lingering_potion",
          "experience_bottle", "wind_charge")  # fmt: skip
DRUNK = ("potion", "milk_bucket", "ominous_bottle")  # a honey bottle is food: hunger needed
SHOT = {"bow": 25, "trident": 15}  # draw ticks before release
SOFT = ("air", "cave_air", "short_grass", "tall_grass", "grass", "fern", "large_fern",
        "dandelion", "poppy", "snow")  # fmt: skip
TILLABLE = ("grass_block", "dirt", "dirt_path", "coarse_dirt", "rooted_dirt")
GROWABLE = ("oak_sapling", "birch_sapling", "spruce_sapling", "jungle_sapling", "acacia_sapling",
            "dark_oak_sapling", "cherry_sapling", "wheat", "carrots", "potatoes", "beetroots",
            "grass_block", "moss_block")  # fmt: skip


def bare(name: str) -> str:
    return name.removeprefix("minecraft:")


# -- finding things --------------------------------------------------------------------------


def find_blocks(ctx: Ctx, names: tuple[str, ...] | list[str], radius: int = SEARCH) -> list[Pos]:
    """Positions of blocks named ``names`` in a cube round the feet, nearest first."""
    reg, world = ctx.game.world.registry, ctx.game.world
    x, y, z = ctx.feet()
    y0, y1 = max(y - radius, world.dimension.min_y), min(y + radius + 1, world.dimension.max_y)
    box = world.get_box((x - radius, y0, z - radius), (x + radius + 1, y1, z + radius + 1))
    mask = np.zeros(box.shape, dtype=bool)
    for name in names:
        b = reg.block(bare(name))
        mask |= (box >= b.min_state) & (box <= b.max_state)
    found = [(x - radius + int(i), y0 + int(j), z - radius + int(k))
             for j, k, i in zip(*np.nonzero(mask), strict=True)]  # box is [y][z][x]  # fmt: skip
    eye = ctx.eye
    return sorted(found, key=lambda p: math.dist(eye, (p[0] + 0.5, p[1] + 0.5, p[2] + 0.5)))


def is_soft(ctx: Ctx, pos: Pos) -> bool:
    return ctx.name_at(pos) in SOFT


def solid(ctx: Ctx, pos: Pos) -> bool:
    world = ctx.game.world
    return len(world.registry.collision_boxes(world.get_block(*pos))) > 0


def full(ctx: Ctx, pos: Pos) -> bool:
    """A full cube (things placed on a fence or a slab land oddly)."""
    world = ctx.game.world
    boxes = world.registry.collision_boxes(world.get_block(*pos))
    return len(boxes) == 1 and [float(v) for v in boxes[0]] == [0, 0, 0, 1, 1, 1]


def ground_spots(ctx: Ctx, radius: int = 3, names: tuple[str, ...] = ()) -> list[Pos]:
    """Solid full blocks with soft blocks (air, grass) above, near the player but not under
    it, nearest first; only blocks named ``names`` when given."""
    fx, fy, fz = ctx.feet()
    spots: list[Pos] = []
    for dx in range(-radius, radius + 1):
        for dz in range(-radius, radius + 1):
            if abs(dx) <= 1 and abs(dz) <= 1:
                continue  # not where the player stands (a block placed there would collide)
            for dy in (-1, 0, -2, 1):
                p = (fx + dx, fy + dy, fz + dz)
                above = (p[0], p[1] + 1, p[2])
                if solid(ctx, p) and is_soft(ctx, above) and is_soft(ctx, (p[0], p[1] + 2, p[2])):
                    if full(ctx, p) and (not names or ctx.name_at(p) in names):
                        spots.append(p)
                    break

    def order(p: Pos) -> tuple:  # bare ground first: no plant to punch away (with a tool)
        clear = ctx.name_at((p[0], p[1] + 1, p[2])) in ("air", "cave_air")
        return (not clear, abs(p[0] - fx) + abs(p[2] - fz), abs(p[1] - fy + 1))

    return sorted(spots, key=order)


def top_face(pos: Pos) -> tuple[float, float, float]:
    return (pos[0] + 0.5, pos[1] + 0.999, pos[2] + 0.5)


def use_item_on(ctx: Ctx, item: str, pos: Pos, point=None, ticks: int = 1) -> Script:
    """Hold ``item`` and right-click block ``pos`` (its top face unless ``point``)."""
    point = point or top_face(pos)
    yield from approach(ctx, point)
    yield from put_tool_away(ctx)  # punching plants in the way with a tool would use it
    yield from aim_block(ctx, pos, point=point)
    yield from select_item(ctx, item)
    yield Hold(("use",), ticks=ticks)
    yield Wait(5)


def put_tool_away(ctx: Ctx) -> Script:
    """Hold an empty hotbar slot (if there is one) instead of a tool."""
    inv = ctx.game.survival.inventory
    held = inv.mainhand
    if held is None or not held.is_damageable():
        return
    free = next((i for i in range(9) if inv.slots[i] is None), None)
    if free is not None:
        yield Select(free)


def use_in_air(ctx: Ctx, item: str, ticks: int = 1, pitch: float = -30.0) -> Script:
    """Hold ``item`` and press use looking up into the air (throw, drink, eat, draw)."""
    yield from select_item(ctx, item)
    yield Look(ctx.player.yaw, pitch)
    yield Hold(("use",), ticks=ticks, pitch=pitch)
    yield Wait(5)


def stat_rose(ctx: Ctx, category: str, key: str, before: int) -> bool:
    return ctx.game.survival.stats.get(category, key) > before


def mob(ctx: Ctx, kind: str, tags: tuple[str, ...] = (), exclude: tuple[str, ...] = ()):
    """The nearest living ``kind`` carrying ``tags`` and none of ``exclude`` (adults only)."""
    store = ctx.game.survival.entities
    found = [e for e in store.near(ctx.player.pos, 32.0)
             if e.type == kind and not e.dead and set(tags) <= e.tags
             and not set(exclude) & e.tags and not getattr(e, "baby", False)]  # fmt: skip
    return min(found, key=lambda e: math.dist(e.pos, ctx.player.pos)) if found else None


def repeat(ctx: Ctx, rule: StatRule, one: callable, limit: int = 40) -> Script:
    """Play ``one(ctx)`` until the statistic rose by ``rule.at_least`` (or ``limit`` tries)."""
    key = bare(rule.key)
    start = ctx.game.survival.stats.get(rule.category, key)
    for _ in range(limit):
        if ctx.game.survival.stats.get(rule.category, key) - start >= rule.at_least:
            return
        yield from one(ctx)
    raise OracleStuckError(f"{rule.category} {key} did not reach {rule.at_least}")


# -- stat used X -----------------------------------------------------------------------------


def _needs(ctx: Ctx, item: str) -> None:
    if ctx.count(item) == 0:
        raise OracleStuckError(f"no {item} in the inventory (the config must give it)")


def get_hungry(ctx: Ctx, limit: int = 600) -> Script:
    """Sprint-jump round in a circle until the food bar drops (a full player cannot eat):
    a sprint jump tires 0.2 and sprinting 0.1 a metre, one food point per 4 after the
    saturation is gone (about 65 s from a new player's 20 food and 5 saturation: a config
    giving `/effect give @s minecraft:hunger 2 255` spares that)."""
    yaw = ctx.player.yaw
    for k in range(limit):
        if ctx.game.survival.food.needs_food():
            return
        # round a circle a few blocks across: the set-up's flat ground, no wandering off
        yield Hold(("forward", "sprint", "jump"), ticks=8, yaw=yaw + 36.0 * k, pitch=0.0)


def eat(ctx: Ctx, item: str) -> Script:
    food = items().item(item).food
    for _ in range(10):  # a hunger effect from the set-up empties the bar in a few ticks
        if ctx.game.survival.food.needs_food() or "hunger" not in ctx.game.survival.effects:
            break
        yield Wait(10)
    if not (food.always_edible or ctx.game.survival.food.needs_food()):
        yield from get_hungry(ctx)
    if not (food.always_edible or ctx.game.survival.food.needs_food()):
        raise OracleStuckError(
            f"the player is not hungry, so it cannot eat {item} (set-up "
            f"`/effect give @s minecraft:hunger 2 255` makes it hungry)"
        )
    yield from use_in_air(ctx, item, ticks=food.eat_ticks + 4, pitch=-60.0)


def drink(ctx: Ctx, item: str) -> Script:
    yield from use_in_air(ctx, item, ticks=36, pitch=-60.0)


def throw(ctx: Ctx, item: str) -> Script:
    yield from use_in_air(ctx, item, ticks=1, pitch=-20.0)
    yield Wait(20)  # an ender pearl's cooldown; the projectile lands


def shoot(ctx: Ctx, item: str) -> Script:
    if item == "bow" and not any(ctx.count(a) for a in ("arrow", "spectral_arrow",
                                                        "tipped_arrow")):  # fmt: skip
        raise OracleStuckError("a bow needs arrows (the config must give them)")
    yield from use_in_air(ctx, item, ticks=SHOT[item], pitch=-10.0)
    yield Wait(10)


def crossbow(ctx: Ctx, item: str) -> Script:
    if not any(
        ctx.count(a) for a in ("arrow", "spectral_arrow", "tipped_arrow", "firework_rocket")
    ):
        raise OracleStuckError("a crossbow needs arrows (the config must give them)")
    yield from use_in_air(ctx, item, ticks=30, pitch=-10.0)  # charge (1.25 s), release
    yield from use_in_air(ctx, item, ticks=1, pitch=-10.0)  # fire


def shears(ctx: Ctx, item: str) -> Script:
    sheep = mob(ctx, "sheep", exclude=("sheared",))
    if sheep is not None:
        yield from use_on_entity(ctx, sheep, item)
        return
    for name in ("pumpkin", "beehive", "bee_nest"):
        found = find_blocks(ctx, (name,))
        if found:
            yield from use_item_on(ctx, item, found[0], point=_side_face(ctx, found[0]))
            return
    yield from wear_on_block(ctx, item)  # shears cutting grass or leaves count too


def _side_face(ctx: Ctx, pos: Pos) -> tuple[float, float, float]:
    """The middle of the block's face turned towards the player."""
    px, _, pz = ctx.player.pos
    dx, dz = px - (pos[0] + 0.5), pz - (pos[2] + 0.5)
    if abs(dx) >= abs(dz):
        return (pos[0] + (0.999 if dx > 0 else 0.001), pos[1] + 0.5, pos[2] + 0.5)
    return (pos[0] + 0.5, pos[1] + 0.5, pos[2] + (0.999 if dz > 0 else 0.001))


def fluid_sources(ctx: Ctx, fluid: str) -> list[Pos]:
    """Source blocks (level 0) of ``fluid`` with air above, nearest first."""
    reg = ctx.game.world.registry
    out = []
    for p in find_blocks(ctx, (fluid,)):
        level = reg.properties(ctx.game.world.get_block(*p)).get("level", "0")
        if level == "0" and ctx.name_at((p[0], p[1] + 1, p[2])) in SOFT:
            out.append(p)
    return out


def bucket(ctx: Ctx, item: str) -> Script:
    """An empty bucket (or a glass bottle: water only) filled from a source or a cow."""
    for fluid in ("water", "lava") if item == "bucket" else ("water",):
        found = fluid_sources(ctx, fluid)
        if found:
            pos = found[0]
            yield from select_item(ctx, item)
            point = (pos[0] + 0.5, pos[1] + 0.85, pos[2] + 0.5)
            yield from approach(ctx, point, reach=3.5)
            yield from aim_fluid(ctx, pos, point)
            yield Hold(("use",), ticks=1)
            yield Wait(5)
            return
    cow = mob(ctx, "cow") or mob(ctx, "mooshroom")
    if cow is not None and item == "bucket":
        yield from use_on_entity(ctx, cow, item)
        return
    raise OracleStuckError(f"nothing to fill a {item} from: no water, lava or cow near")


def aim_fluid(ctx: Ctx, pos: Pos, point) -> Script:
    """Look at a fluid source's surface, punching away the plants in the way."""
    from odyssey.mcu.oracle.core import look
    from odyssey.sim.mechanics.buckets import fluid_source_hit

    for _ in range(6):
        yield from look(ctx, point)
        hit = fluid_source_hit(ctx.game)
        if hit is None or hit.pos == pos or not is_soft(ctx, hit.pos):
            return
        before = ctx.game.world.get_block(*hit.pos)
        for _ in range(10):
            yield Hold(("attack",), ticks=3)
            if ctx.game.world.get_block(*hit.pos) != before:
                break


def on_ground(ctx: Ctx, item: str, names: tuple[str, ...] = ()) -> Script:
    """Right-click the top of a nearby solid block (place, light a fire, pour a bucket)."""
    spots = ground_spots(ctx, names=names)
    if not spots:
        raise OracleStuckError(f"no ground near to use {item} on")
    yield from use_item_on(ctx, item, spots[0])


def bone_meal(ctx: Ctx, item: str) -> Script:
    for p in find_blocks(ctx, GROWABLE[:-2]):
        yield from use_item_on(ctx, item, p, point=(p[0] + 0.5, p[1] + 0.3, p[2] + 0.5))
        return
    yield from on_ground(ctx, item, names=("grass_block", "moss_block"))


def till(ctx: Ctx, item: str) -> Script:
    yield from on_ground(ctx, item, names=TILLABLE)


def wear_on_block(ctx: Ctx, item: str) -> Script:
    """Break a nearby block with the tool (a tool that wears on a block counts as used)."""
    from odyssey.mcu.oracle.core import break_block

    plants = find_blocks(ctx, ("short_grass", "tall_grass", "oak_leaves", "birch_leaves"), 6)
    spots = ground_spots(ctx) if item != "shears" or not plants else plants
    if not spots:
        raise OracleStuckError(f"nothing near to use {item} on")
    yield from select_item(ctx, item)
    yield from break_block(ctx, spots[0], limit=400)


def use_one(ctx: Ctx, item: str) -> Script:
    """One use of ``item`` in the way that counts as using it."""
    _needs(ctx, item)
    kind = items().item(item)
    if item in DRUNK:
        yield from drink(ctx, item)
    elif kind.food is not None:
        yield from eat(ctx, item)
    elif item in THROWN:
        yield from throw(ctx, item)
    elif item in SHOT:
        yield from shoot(ctx, item)
    elif item == "crossbow":
        yield from crossbow(ctx, item)
    elif item == "shears":
        yield from shears(ctx, item)
    elif item in ("bucket", "glass_bottle"):
        yield from bucket(ctx, item)
    elif item == "bone_meal":
        yield from bone_meal(ctx, item)
    elif kind.tool_kind == "hoe":
        yield from till(ctx, item)
    elif kind.tool_kind is not None and kind.max_damage:  # pickaxe, axe, shovel, sword...
        yield from wear_on_block(ctx, item)
    else:  # flint and steel, fire charge, full buckets, blocks, spawn eggs...
        yield from on_ground(ctx, item)


@skill("stat", when=lambda ctx, rule: rule.category == "used")
def used(ctx: Ctx, rule: StatRule) -> Script:
    item = bare(rule.key)
    yield from repeat(ctx, rule, lambda c: use_one(c, item), limit=rule.at_least * 3 + 3)
