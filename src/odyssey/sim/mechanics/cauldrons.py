"""Cauldrons, as vanilla 1.21.11's CauldronInteraction, CauldronBlock and LayeredCauldronBlock.

Any cauldron takes a water, lava or powder snow bucket (becoming full of it: ``water_cauldron``
level 3, ``lava_cauldron``, ``powder_snow_cauldron`` level 3); an empty bucket takes a full one
back; a glass bottle takes a level of water as a water bottle (``potion`` with
``potion_contents={potion: "minecraft:water"}``), a water bottle adds one. Statistics
``fill_cauldron`` / ``use_cauldron`` and ``used`` count as vanilla's. Rain fills an empty or
water cauldron under the open sky one level at a time: vanilla picks one column of a chunk on a
1/16 chance a tick and the cauldron takes it with a 0.05 chance.

Deliberate differences: rain fills only cauldrons this game has seen placed or used (vanilla
visits every loaded chunk); the sky above is "no block above" (vanilla: the motion-blocking
heightmap) and every biome rains (no snow into powder snow); dripstone does not drip into
cauldrons; washing dyed items and banners is not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.buckets import fill_hand
from odyssey.sim.reach import BlockHit
from odyssey.world.blocks import AIR

Pos = tuple[int, int, int]
CAULDRONS = ("cauldron", "water_cauldron", "lava_cauldron", "powder_snow_cauldron")
WATER_BOTTLE = {"potion": "minecraft:water"}
# bucket -> (cauldron it makes, level, sound) (CauldronInteraction.FILL_*)
FILLS = {
    "water_bucket": ("water_cauldron", "3", "item.bucket.empty"),
    "lava_bucket": ("lava_cauldron", None, "item.bucket.empty_lava"),
    "powder_snow_bucket": ("powder_snow_cauldron", "3", "item.bucket.empty_powder_snow"),
}
# full cauldron -> (bucket an empty bucket takes, sound) (CauldronInteraction.fillBucket)
TAKES = {
    "water_cauldron": ("water_bucket", "item.bucket.fill"),
    "lava_cauldron": ("lava_bucket", "item.bucket.fill_lava"),
    "powder_snow_cauldron": ("powder_snow_bucket", "item.bucket.fill_powder_snow"),
}
RAIN_FILL_CHANCE = 0.05  # CauldronBlock.RAIN_FILL_CHANCE
PRECIPITATION_CHANCE = 1 / 16 / 256  # a chunk's precipitation tick, on this block's column


@dataclass
class Cauldrons:
    """Where this game's cauldrons are (for rain)."""

    known: set[Pos] = field(default_factory=set)


def _cauldrons(game) -> Cauldrons:
    found = game.survival.mechanics.get("cauldrons")
    if found is None:
        found = game.survival.mechanics["cauldrons"] = Cauldrons()
    return found


def is_water_bottle(stack: ItemStack | None) -> bool:
    if stack is None or stack.item != "potion":
        return False
    for key in ("potion_contents", "minecraft:potion_contents"):
        contents = stack.component(key)
        if contents is not None:
            return dict(contents).get("potion") in ("minecraft:water", "water")
    return False


def water_bottle() -> ItemStack:
    return ItemStack.of("potion", potion_contents=WATER_BOTTLE)


@hooks.on_placed(*CAULDRONS)
def _placed(game, pos: Pos, state: int, old: int) -> None:
    _cauldrons(game).known.add(pos)


@hooks.on_removed(*CAULDRONS)
def _removed(game, pos: Pos, old: int, state: int) -> None:
    name = game.world.registry.block_of(state).name
    if name not in CAULDRONS:
        _cauldrons(game).known.discard(pos)


@hooks.on_use_block(*CAULDRONS)
def use_cauldron(game, hit: BlockHit, held: ItemStack | None) -> bool:
    """CauldronInteraction for the held item; False when it does nothing (vanilla's
    TRY_WITH_EMPTY_HAND)."""
    if held is None:
        return False
    reg = game.world.registry
    pos = hit.pos
    state = game.world.get_block(*pos)
    name = reg.block_of(state).name
    level = int(reg.properties(state).get("level", "3"))
    _cauldrons(game).known.add(pos)
    item = held.item
    if item in FILLS:  # every cauldron takes a full bucket
        block, fill_level, sound = FILLS[item]
        new = reg.state_of(block, {"level": fill_level} if fill_level else None)
        _change(game, pos, new, sound, "fill_cauldron", held, ItemStack("bucket"))
        return True
    if item == "bucket" and name in TAKES and level == 3:
        bucket, sound = TAKES[name]
        _change(game, pos, reg.default_state("cauldron"), sound, "use_cauldron", held,
                ItemStack(bucket))  # fmt: skip
        return True
    if item == "glass_bottle" and name == "water_cauldron":
        lower = reg.default_state("cauldron") if level == 1 else reg.state_of(
            "water_cauldron", {"level": str(level - 1)})  # fmt: skip
        _change(game, pos, lower, "item.bottle.fill", "use_cauldron", held, water_bottle())
        return True
    if is_water_bottle(held) and (name == "cauldron" or (name == "water_cauldron" and level < 3)):
        fuller = 1 if name == "cauldron" else level + 1
        new = reg.state_of("water_cauldron", {"level": str(fuller)})
        _change(game, pos, new, "item.bottle.empty", "use_cauldron", held,
                ItemStack("glass_bottle"))  # fmt: skip
        return True
    return False


def _change(game, pos: Pos, new: int, sound: str, stat: str, held: ItemStack,
            result: ItemStack) -> None:  # fmt: skip
    s = game.survival
    fill_hand(game, held, result)
    s.stats.add("custom", stat)
    s.stats.add("used", held.item)
    game.set_block(pos, new)
    hooks.sound(game, sound, pos)


@hooks.on_player_tick
def _rain(game, before) -> None:
    """ServerLevel.tickPrecipitation -> CauldronBlock/LayeredCauldronBlock.handlePrecipitation."""
    s = game.survival
    if s.weather not in ("rain", "thunder"):
        return
    known = s.mechanics.get("cauldrons")
    if known is None or not known.known:
        return
    world = game.world
    reg = world.registry
    for pos in sorted(known.known):
        if s.rng.random() >= PRECIPITATION_CHANCE * RAIN_FILL_CHANCE:
            continue
        state = world.get_block(*pos)
        name = reg.block_of(state).name
        if not _open_sky(world, pos):
            continue
        if name == "cauldron":
            game.set_block(pos, reg.state_of("water_cauldron", {"level": "1"}))
        elif name == "water_cauldron":
            level = int(reg.properties(state)["level"])
            if level < 3:
                game.set_block(pos, reg.state_of("water_cauldron", {"level": str(level + 1)}))


def _open_sky(world, pos: Pos) -> bool:
    x, y, z = pos
    return all(world.get_block(x, yy, z) == AIR for yy in range(y + 1, world.dimension.max_y))
