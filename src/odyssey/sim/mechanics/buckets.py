"""Buckets, as vanilla 1.21.11's BucketItem, MobBucketItem, BucketPickup and milk.

- An empty ``bucket`` picks up the first fluid source or block on the look ray (ClipContext's
  SOURCE_ONLY: flowing fluid is looked through): a water or lava source, a waterlogged block
  (it stays, dry), a bubble column or powder snow, giving ``water_bucket``, ``lava_bucket`` or
  ``powder_snow_bucket`` (ItemUtils.createFilledResult: a stack of buckets keeps the rest).
- A full bucket empties into the block beside the clicked face (or the clicked block itself when
  it is waterloggable and the bucket holds water: it becomes waterlogged), replacing what is not
  solid (with its drops); water evaporates in the Nether. Fish, axolotl and tadpole buckets pour
  water and release their mob; a water bucket used on one of them scoops it up.
- ``milk_bucket``: held use drinks it in 32 ticks, clearing all effects; a bucket is left.

Deliberate difference: a released fish is a plain entity of its type (fish have no behaviour in
``sim.entities`` yet; their bucket's variant data is not kept).
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.entities.items import drop_from_player
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import fluidblocks, hooks
from odyssey.sim.mechanics.fluidstate import (
    LAVA,
    REFUSES,
    WATER,
    WATERLOGGABLE,
    is_source,
    kind_of,
    source_code,
    tables,
)
from odyssey.sim.reach import (
    BLOCK_INTERACTION_RANGE,
    BlockHit,
    crosshair_block,
    outline_boxes,
)
from odyssey.world.blocks import AIR, BlockFlag

Pos = tuple[int, int, int]
FACE_OFFSETS = {"down": (0, -1, 0), "up": (0, 1, 0), "north": (0, 0, -1), "south": (0, 0, 1),
                "west": (-1, 0, 0), "east": (1, 0, 0)}  # fmt: skip
# MobBucketItem: the mob each bucket holds, and its empty sound
MOB_BUCKETS = {
    "cod_bucket": ("cod", "item.bucket.empty_fish"),
    "salmon_bucket": ("salmon", "item.bucket.empty_fish"),
    "tropical_fish_bucket": ("tropical_fish", "item.bucket.empty_fish"),
    "pufferfish_bucket": ("pufferfish", "item.bucket.empty_fish"),
    "axolotl_bucket": ("axolotl", "item.bucket.empty_axolotl"),
    "tadpole_bucket": ("tadpole", "item.bucket.empty_tadpole"),
}
BUCKET_OF_MOB = {mob: bucket for bucket, (mob, _) in MOB_BUCKETS.items()}
FILL_SOUNDS = {"water_bucket": "item.bucket.fill", "lava_bucket": "item.bucket.fill_lava",
               "powder_snow_bucket": "item.bucket.fill_powder_snow"}  # fmt: skip
DRINK_TICKS = 32  # milk_bucket's consumable: 1.6 s
ENTITY_REACH = 3.0


# -- items in the hand -------------------------------------------------------------------------


def _store(game) -> EntityStore:
    s = game.survival
    if s.entities is None:
        s.entities = EntityStore(s.seed)
    return s.entities


def give_back(game, stack: ItemStack) -> None:
    """Add to the inventory; what does not fit is dropped at the player's feet."""
    from odyssey.sim.actions import player_view

    s = game.survival
    left = s.inventory.add(stack)
    if left is not None:
        drop_from_player(_store(game), left.item, left.count, player_view(game),
                         dict(left.components))  # fmt: skip


def fill_hand(game, held: ItemStack, filled: ItemStack) -> None:
    """ItemUtils.createFilledResult: one of the held stack becomes ``filled`` (creative keeps
    the stack and gets one ``filled`` unless it has one already)."""
    s = game.survival
    inv = s.inventory
    if s.gamemode == "creative":
        if not any(st is not None and st.same_item_same_components(filled) for st in inv.slots):
            give_back(game, filled)
        return
    if held.count <= 1:
        inv.set(inv.selected, filled)
        return
    inv.set(inv.selected, held.with_count(held.count - 1))
    give_back(game, filled)


def empty_hand(game, held: ItemStack) -> None:
    """BucketItem.getEmptySuccessItem: a bucket unless the player has infinite materials."""
    if game.survival.gamemode != "creative":
        fill_hand(game, held, ItemStack("bucket"))


# -- the look ray that sees fluid sources ----------------------------------------------------


def fluid_source_hit(game, reach: float = BLOCK_INTERACTION_RANGE) -> BlockHit | None:
    """The look ray's first hit on a block's outline or a fluid source's surface
    (ClipContext.Fluid.SOURCE_ONLY), cells walked in order."""
    t = tables(game.world.registry)

    def shapes(world, cell, state):
        boxes = [list(b) for b in outline_boxes(world, state)]
        c = t.fluid[state]
        if c and is_source(c):  # the fluid's own shape: full under the same fluid, else 8/9
            above = world.get_block(cell[0], cell[1] + 1, cell[2])
            top = 1.0 if kind_of(t.fluid[above]) == kind_of(c) else 8.0 / 9.0
            boxes.append([0.0, 0.0, 0.0, 1.0, top, 1.0])
        return boxes

    return crosshair_block(game.world, game.player, reach, shapes)


# -- picking up (BucketItem.use with an empty bucket, BucketPickup.pickupBlock) --------------


@hooks.on_use_item("bucket")
def _use_bucket(game, hit: BlockHit | None, held: ItemStack) -> bool:
    s = game.survival
    found = fluid_source_hit(game)
    if found is None or not s.builds:
        return False
    filled = pick_up(game, found.pos)
    if filled is None:
        return False
    s.stats.add("used", "bucket")
    hooks.sound(game, FILL_SOUNDS[filled], found.pos)
    fill_hand(game, held, ItemStack(filled))
    return True


def pick_up(game, pos: Pos) -> str | None:
    """BucketPickup.pickupBlock: take the fluid (or powder snow) at ``pos``; the bucket item
    it makes, None when nothing can be taken."""
    world = game.world
    reg = world.registry
    t = tables(reg)
    state = world.get_block(*pos)
    c = t.fluid[state]
    if t.container[state] == WATERLOGGABLE:
        if not c:
            return None
        game.set_block(pos, t.toggled[state])
        return "water_bucket"
    name = reg.block_of(state).name
    if name == "powder_snow":
        game.set_block(pos, AIR)
        return "powder_snow_bucket"
    if name == "bubble_column" or (t.liquid_block[state] and is_source(c)):
        game.set_block(pos, AIR)
        return "lava_bucket" if kind_of(c) == LAVA else "water_bucket"
    return None


# -- emptying (BucketItem.use with a full bucket, emptyContents) ------------------------------


@hooks.on_use_item("water_bucket", "lava_bucket", *MOB_BUCKETS)
def _use_full_bucket(game, hit: BlockHit | None, held: ItemStack) -> bool:
    s = game.survival
    if held.item == "water_bucket" and _scoop_mob(game, held):
        return True
    if hit is None or not s.builds:
        return False
    kind = LAVA if held.item == "lava_bucket" else WATER
    t = tables(game.world.registry)
    clicked = game.world.get_block(*hit.pos)
    # a waterloggable block clicked with water takes it itself; else the block beside the face
    target = hit.pos if t.container[clicked] and kind == WATER else _beside(hit.pos, hit.face)
    if not empty_into(game, kind, target, hit, held.item):
        return False
    s.stats.add("used", held.item)
    if held.item in MOB_BUCKETS:
        mob, _ = MOB_BUCKETS[held.item]
        _store(game).add(mob, (target[0] + 0.5, float(target[1]), target[2] + 0.5))
    empty_hand(game, held)
    return True


def _beside(pos: Pos, face: str) -> Pos:
    dx, dy, dz = FACE_OFFSETS[face]
    return (pos[0] + dx, pos[1] + dy, pos[2] + dz)


def empty_into(game, kind: int, pos: Pos, hit: BlockHit | None, item: str) -> bool:
    """BucketItem.emptyContents: pour a source at ``pos`` (or beside the clicked face when
    ``pos`` cannot take it); False when nothing was poured."""
    world = game.world
    reg = world.registry
    t = tables(reg)
    if not world.dimension.min_y <= pos[1] < world.dimension.max_y:
        return False
    state = world.get_block(*pos)
    flags = int(reg.state_flags[state])
    replaceable = bool(flags & BlockFlag.REPLACEABLE) or not t.solid[state]
    takes_water = t.container[state] and t.container[state] != REFUSES and kind == WATER
    if not (state == AIR or replaceable or takes_water):
        return hit is not None and empty_into(game, kind, _beside(hit.pos, hit.face), None, item)
    sound = _empty_sound(item)
    if kind == WATER and fluidblocks.in_nether(game):
        hooks.sound(game, "block.fire.extinguish", pos)  # water evaporates
        return True
    if t.container[state] and kind == WATER:
        if t.container[state] == WATERLOGGABLE and not t.fluid[state]:
            game.set_block(pos, t.toggled[state])
            fluidblocks.schedule(game, pos, WATER)
        hooks.sound(game, sound, pos)
        return True
    if replaceable and not t.fluid[state] and state != AIR:
        fluidblocks.wash_away(game, pos, state)
    new = t.block_of(source_code(kind))
    if state != new:  # pouring onto the same source changes nothing but still empties
        game.set_block(pos, new)
    hooks.sound(game, sound, pos)
    return True


def _empty_sound(item: str) -> str:
    if item in MOB_BUCKETS:
        return MOB_BUCKETS[item][1]
    return "item.bucket.empty_lava" if item == "lava_bucket" else "item.bucket.empty"


def _scoop_mob(game, held: ItemStack) -> bool:
    """Bucketable.bucketMobPickup: a water bucket used on a fish, axolotl or tadpole."""
    from odyssey.sim.actions import entity_in_crosshair

    s = game.survival
    target = entity_in_crosshair(game, ENTITY_REACH)
    if target is None:
        return False
    e = s.entities.entities[target]
    bucket = BUCKET_OF_MOB.get(e.type)
    if bucket is None or e.dead:
        return False
    s.entities.remove(target)
    s.stats.add("used", "water_bucket")
    hooks.sound(game, "item.bucket.fill_fish" if e.type != "axolotl" else
                "item.bucket.fill_axolotl", None)  # fmt: skip
    fill_hand(game, held, ItemStack(bucket))
    return True


# -- milk ------------------------------------------------------------------------------------


@dataclass
class Drinking:
    """The milk being drunk: ticks so far (0: none) and the tick it started."""

    ticks: int = 0
    started: int = -1


def _drinking(game) -> Drinking:
    found = game.survival.mechanics.get("buckets")
    if found is None:
        found = game.survival.mechanics["buckets"] = Drinking()
    return found


@hooks.on_use_item("milk_bucket")
def _use_milk(game, hit: BlockHit | None, held: ItemStack) -> bool:
    d = _drinking(game)
    if d.ticks == 0:
        d.ticks, d.started = 1, game.tick_count
    return True


@hooks.on_player_tick
def _drink(game, before) -> None:
    d = game.survival.mechanics.get("buckets")
    if d is None:
        return
    d.ticks, held = drink_step(game, d.ticks, d.started, "milk_bucket")
    if held is not None:
        game.survival.effects = {}
        finish_drink(game, held, "bucket")


def drink_step(game, ticks: int, started: int, item: str) -> tuple[int, ItemStack | None]:
    """One tick of drinking ``item`` with the use key held (32 ticks, vanilla's consumable):
    the ticks now (0: stopped or done) and the stack when it was drunk this tick."""
    if ticks == 0 or started == game.tick_count:
        return ticks, None
    held = game.survival.inventory.mainhand
    if not game.inputs.use or held is None or held.item != item or game.player.dead:
        return 0, None
    if ticks + 1 < DRINK_TICKS:
        return ticks + 1, None
    return 0, held


def finish_drink(game, held: ItemStack, leftover: str) -> None:
    """A drink finished: the statistic, the sound, and what is left in the hand."""
    s = game.survival
    s.stats.add("used", held.item)
    hooks.sound(game, "entity.generic.drink", None)
    game.emit("drank", 0.0, None, held.item)
    if s.gamemode != "creative":
        fill_hand(game, held, ItemStack(leftover))
