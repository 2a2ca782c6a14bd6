"""Breaking containers: a chest, barrel or hopper spills its contents (Containers.dropContents:
random spots in the block, stacks of 10-30 items); a broken shulker box's item keeps them as its
``container`` component (and its name as ``custom_name``), as the shulker box loot table's
copy_components does. An unopened loot chest is filled before it spills.

The shulker box's item is dropped by the game's breaking code without components; this module
finds it among the item entities at the end of the same tick and gives it the contents.
Deliberate difference: a shulker box broken in creative drops nothing (vanilla drops it with
its contents when it is not empty).
"""

from __future__ import annotations

from typing import Any

from odyssey.sim.inventory import ItemStack, Stack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.containers import (
    SHULKER_BOXES,
    STORAGE,
    Box,
    Pos,
    delete_entity,
    entity_type,
    key_of,
    read_box,
    roll_loot,
    state,
    stored_entity,
    thaw,
)


@hooks.on_removed(*STORAGE)
def removed(game, pos: Pos, old: int, new: int) -> None:
    """The container's block is gone: a chest, barrel or hopper spills its contents, a shulker
    box's contents wait for its dropped item (``shulker_drops``)."""
    reg = game.world.registry
    name = reg.block_of(old).name
    st, key = state(game), key_of(game, pos)
    box = st.boxes.get(key)
    if box is None or box.block != entity_type(name):
        box = read_box(entity_type(name), stored_entity(game, pos))
    if box.loot_table:
        roll_loot(game, box)
    if name in SHULKER_BOXES:
        if not box.is_empty() or box.custom_name:
            st.drops[key] = (name, game.tick_count, container_component(box), box.custom_name)
    else:
        for stack in box.items:
            if stack is not None:
                drop_contents(game, pos, stack)
    st.boxes[key] = None
    st.hoppers.discard(key)
    delete_entity(game.world, pos)


def drop_contents(game, pos: Pos, stack: ItemStack) -> None:
    """Containers.dropItemStack: random spots in the block, stacks of 10-30, a small push."""
    from odyssey.sim.entities.items import spawn_item

    s = game.survival
    rng = s.rng
    width = 0.25  # EntityType.ITEM's width
    x = pos[0] + rng.random() * (1 - width) + width / 2
    y = pos[1] + rng.random() * (1 - width)
    z = pos[2] + rng.random() * (1 - width) + width / 2
    store = _store(s)
    left = stack
    while left is not None:
        n = min(left.count, int(rng.integers(10, 31)))
        e = spawn_item(store, left.item, n, (x, y, z), dict(left.components))
        e.vx, e.vy, e.vz = (rng.normal() * 0.05 * 1.1485, rng.normal() * 0.05 * 1.1485 + 0.2,
                            rng.normal() * 0.05 * 1.1485)  # fmt: skip
        left = left.with_count(left.count - n)


def _store(s):
    if s.entities is None:
        from odyssey.sim.entities.state import EntityStore

        s.entities = EntityStore(s.seed)
    return s.entities


def container_component(box: Box) -> list[dict[str, Any]]:
    """Vanilla's ``container`` item component: [{slot, item: {id, count, components}}]."""
    out = []
    for i, stack in enumerate(box.items):
        if stack is not None:
            item: dict[str, Any] = {"id": f"minecraft:{stack.item}", "count": stack.count}
            if stack.components:
                item["components"] = {k: thaw(v) for k, v in stack.components}
            out.append({"slot": i, "item": item})
    return out


def stacks_of_component(value: Any, size: int = 27) -> list[Stack]:
    """The stacks a ``container`` component holds, by slot."""
    out: list[Stack] = [None] * size
    for entry in thaw(value) or []:
        item = entry.get("item", {})
        name = str(item.get("id", "")).removeprefix("minecraft:")
        slot = int(entry.get("slot", -1))
        if name and 0 <= slot < size:
            out[slot] = ItemStack.of(name, int(item.get("count", 1)),
                                     **dict(item.get("components") or {}))  # fmt: skip
    return out


@hooks.on_player_tick
def shulker_drops(game, before) -> None:
    """A shulker box broken this tick: its dropped item takes the box's contents (the loot
    table's copy_components); none dropped (creative, /setblock): the contents are gone."""
    pending = state(game).drops
    if not pending:
        return
    store = game.survival.entities
    for key, (name, tick, component, custom_name) in list(pending.items()):
        del pending[key]
        if store is None or tick != game.tick_count or key[0] != game.survival.dimension:
            continue
        _, x, y, z = key
        near = [
            e
            for e in store.near((x + 0.5, y + 0.5, z + 0.5), 1.5)
            if e.type == "item" and e.item == name and not e.components and not e.dead
        ]
        if near:
            e = max(near, key=lambda e: e.id)
            stack = ItemStack.of(name, 1, container=component) if component else ItemStack(name)
            if custom_name:
                stack = stack.with_component("custom_name", custom_name)
            e.components = dict(stack.components)
