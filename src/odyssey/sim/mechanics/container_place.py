"""Placing containers and keeping double chests whole.

Barrels, hoppers and shulker boxes take a facing the general placement (``sim.placing``) does
not give them, so their items are placed here (``on_use_item``, before the general placement):
a barrel faces away from the player's nearest looking direction (BarrelBlock), a hopper
towards the clicked block, down when the top or bottom face was clicked (HopperBlock), a
shulker box out of the clicked face (ShulkerBoxBlock). A shulker box item's ``container`` and
``custom_name`` components go into the placed box's block entity (BlockItem's
updateCustomBlockEntityTag).

A chest half whose partner is gone becomes single again, and a single chest beside a double
half pointing at it joins it (ChestBlock.updateShape).
"""

from __future__ import annotations

import math

from odyssey.sim import redstone
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.container_drops import stacks_of_component
from odyssey.sim.mechanics.containers import (
    CHESTS,
    COUNTER,
    OPPOSITE_FACE,
    SHULKER_BOXES,
    box_at,
    connected,
    step,
    write,
)
from odyssey.sim.placing import click_of, place_block

Pos = tuple[int, int, int]


def nearest_looking(yaw: float, pitch: float) -> str:
    """Direction.orderedByNearest(entity)[0]: the direction the view points most along."""
    f, g = math.radians(pitch), math.radians(-yaw)
    h, i, j, k = math.sin(f), math.cos(f), math.sin(g), math.cos(g)
    east, up, south = j > 0.0, h < 0.0, k > 0.0
    lx, ly, lz = (j if east else -j), (-h if up else h), (k if south else -k)
    ox, oz = lx * i, lz * i
    dx, dy, dz = ("east" if east else "west"), ("up" if up else "down"), ("south" if south
                                                                          else "north")  # fmt: skip
    if lx > lz:
        return dy if ly > ox else dx
    return dy if ly > oz else dz


def _facing(block: str, face: str, yaw: float, pitch: float) -> str:
    if block == "barrel":
        return OPPOSITE_FACE[nearest_looking(yaw, pitch)]
    if block == "hopper":
        return "down" if face in ("up", "down") else OPPOSITE_FACE[face]
    return face  # shulker boxes


@hooks.on_use_item("barrel", "hopper", *SHULKER_BOXES)
def place(game, hit, held: ItemStack) -> bool:
    """Place the held barrel, hopper or shulker box with its facing (as actions would place
    any block: stats ``used``, one item used up outside creative, ``block_placed``)."""
    s = game.survival
    if hit is None or not s.builds:
        return False
    click = click_of(game.player, hit)
    x, y, z = game.player.pos
    placed = place_block(game.world, held.item, click, mode=s.gamemode,
                         boxes=[(x - 0.3, y, z - 0.3, x + 0.3, y + 1.8, z + 0.3)])  # fmt: skip
    if placed is None:
        return False
    reg = game.world.registry
    (pos, new), *rest = placed.changes
    new = redstone.with_props(reg, new, facing=_facing(held.item, click.face, game.player.yaw,
                                                       game.player.pitch))  # fmt: skip
    for at, st in ((pos, new), *rest):
        game.set_block(at, st)
    for category, key, n in placed.stats:
        s.stats.add(category, key, n)
    if placed.consumed:
        s.inventory.set(s.inventory.selected, held.with_count(held.count - 1))
    _item_data(game, pos, held)
    game.emit("block_placed", 0.0, pos)
    return True


def _item_data(game, pos: Pos, held: ItemStack) -> None:
    """The placed item's contents and name into the new block entity."""
    contents, name = held.component("container"), held.component("custom_name")
    if contents is None and name is None:
        return
    box = box_at(game, pos, unpack=False)
    if box is None:
        return
    if contents is not None:
        box.items = stacks_of_component(contents, len(box.items))
    if name is not None:
        box.custom_name = str(name)
    write(game, pos, box)


@hooks.on_neighbour(*CHESTS)
def chest_shape(game, pos: Pos, state: int, source: Pos) -> None:
    """ChestBlock.updateShape towards the changed side: split or join."""
    if source == pos or source[1] != pos[1]:
        return
    reg = game.world.registry
    p = reg.properties(state)
    other = game.world.get_block(*source)
    same = reg.block_of(other).name == reg.block_of(state).name
    q = reg.properties(other) if same else {}
    side = _side(pos, source)
    if p["type"] == "single":
        pointing = same and q["type"] != "single" and q["facing"] == p["facing"]
        if pointing and connected(q) == OPPOSITE_FACE[side]:
            new_type = "left" if q["type"] == "right" else "right"
            game.set_block(pos, redstone.with_props(reg, state, type=new_type))
    elif connected(p) == side:
        joined = same and q["type"] not in ("single", p["type"]) and q["facing"] == p["facing"]
        if not joined:
            game.set_block(pos, redstone.with_props(reg, state, type="single"))


def _side(pos: Pos, other: Pos) -> str:
    return next(name for name in COUNTER if step(pos, name) == other)
