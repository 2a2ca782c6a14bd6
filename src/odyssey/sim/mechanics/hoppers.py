"""Hoppers moving items, as vanilla's HopperBlockEntity.pushItemsTick.

Every tick a hopper counts its cooldown down; when it is over (and the hopper is ``enabled``:
no redstone signal beside it), it pushes one item from its first non-empty slot into the
container it faces (``facing``: down or a side), then pulls one item from the container above
(from its first slot that gives one) or, with no container above, a whole item entity lying in
its suck box (x/z 0-1, y 11/16-2 above its base; not under a full block). Moving anything sets
the cooldown to 8 ticks. A hopper that fills an empty hopper gives it a cooldown of 8 (7 when
the receiver already ticked this tick), so items travel a hopper chain at 8 ticks per hop.

Containers are chests (both halves of a double chest, blocked or not), trapped chests,
barrels, shulker boxes (never taking another shulker box), hoppers, and furnaces through their
faces (AbstractFurnaceBlockEntity's WorldlyContainer): from above into the ingredient slot,
from a side into the fuel slot (fuels, or an empty bucket when none is there), and a hopper
under a furnace pulls the result, and empty or water buckets from the fuel slot.

Hoppers tick when placed in the game or found in the chunks within ``SCAN_CHUNKS`` of the
player (searched once per chunk, and again when the chunk changed). Deliberate differences: no
minecart containers or composters; an item entity falling into the hopper waits for the
hopper's tick (vanilla's entityInside moves it at once).
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from odyssey.sim import redstone
from odyssey.sim.inventory import ItemStack, Stack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.containers import (
    OPPOSITE_FACE,
    STORAGE,
    Box,
    box_at,
    chest_halves,
    key_of,
    state,
    step,
    write,
)

Pos = tuple[int, int, int]
COOLDOWN = 8  # HopperBlockEntity.MOVE_ITEM_SPEED
SCAN_CHUNKS = 4
FURNACES = ("furnace", "smoker", "blast_furnace")
INPUT, FUEL, RESULT = 0, 1, 2


class Target:
    """A container as a hopper sees it (vanilla's Container/WorldlyContainer)."""

    hopper: Box | None = None

    def get(self, index: int) -> Stack: ...
    def set(self, index: int, stack: Stack) -> None: ...

    def slots(self, face: str | None) -> range | tuple[int, ...]: ...

    def can_place(self, index: int, stack: ItemStack, face: str | None) -> bool:
        return True

    def can_take(self, index: int, stack: ItemStack, face: str) -> bool:
        return True


class BoxTarget(Target):
    """Chests (one or both halves), barrels, shulker boxes and hoppers."""

    def __init__(self, game, parts: list[tuple[Pos, Box]]) -> None:
        self.game, self.parts = game, parts
        self.part_size = len(parts[0][1].items)
        first = parts[0][1]
        self.shulker = first.block == "shulker_box"
        self.hopper = first if first.block == "hopper" else None

    def _where(self, index: int) -> tuple[Pos, Box, int]:
        pos, box = self.parts[index // self.part_size]
        return pos, box, index % self.part_size

    def get(self, index: int) -> Stack:
        _, box, i = self._where(index)
        return box.items[i]

    def set(self, index: int, stack: Stack) -> None:
        pos, box, i = self._where(index)
        box.items[i] = stack
        write(self.game, pos, box)

    def slots(self, face: str | None) -> range:
        return range(self.part_size * len(self.parts))

    def can_place(self, index: int, stack: ItemStack, face: str | None) -> bool:
        return not (self.shulker and stack.item.endswith("shulker_box"))


class FurnaceTarget(Target):
    """A furnace, smoker or blast furnace through its faces."""

    def __init__(self, furnace) -> None:
        self.furnace = furnace

    def get(self, index: int) -> Stack:
        return self.furnace.get(index)

    def set(self, index: int, stack: Stack) -> None:
        self.furnace.set(index, stack)

    def slots(self, face: str | None) -> tuple[int, ...]:
        return {"up": (INPUT,), "down": (RESULT, FUEL)}.get(face or "", (FUEL,))

    def can_place(self, index: int, stack: ItemStack, face: str | None) -> bool:
        if index == RESULT:
            return False
        if index == FUEL:
            here = self.furnace.get(FUEL)
            bucket = stack.item == "bucket" and (here is None or here.item != "bucket")
            return self.furnace.burn_ticks(stack) > 0 or bucket
        return True

    def can_take(self, index: int, stack: ItemStack, face: str) -> bool:
        return not (face == "down" and index == FUEL) or stack.item in ("bucket", "water_bucket")


def container_at(game, pos: Pos) -> Target | None:
    """HopperBlockEntity.getContainerAt (blocks only)."""
    reg = game.world.registry
    name = reg.block_of(game.world.get_block(*pos)).name
    if name in FURNACES:
        return FurnaceTarget(game.survival.furnace_at(pos, name))
    if name not in STORAGE:
        return None
    halves = chest_halves(game, pos) if name.endswith("chest") else [pos]
    parts = [(p, box_at(game, p)) for p in halves]
    return BoxTarget(game, [(p, b) for p, b in parts if b is not None])


# -- the hopper's tick -----------------------------------------------------------------------


@hooks.on_placed("hopper")
def placed(game, pos: Pos, st: int, old: int) -> None:
    state(game).hoppers.add(key_of(game, pos))
    check_power(game, pos, st, pos)


@hooks.on_neighbour("hopper")
def check_power(game, pos: Pos, st: int, source: Pos) -> None:
    """HopperBlock.checkPoweredState: ``enabled`` is false while a signal reaches it."""
    reg = game.world.registry
    enabled = "false" if redstone.has_neighbor_signal(game.world, pos) else "true"
    if redstone.prop(reg, st, "enabled") != enabled:
        game.set_block(pos, redstone.with_props(reg, st, enabled=enabled), update=False)


@hooks.on_player_tick
def tick(game, before) -> None:
    """Every known hopper of the player's dimension, in position order."""
    st = state(game)
    _scan(game)
    dim = game.survival.dimension
    hopper = _hopper_list(game.world.registry)
    for key in sorted(k for k in st.hoppers if k[0] == dim):
        pos = key[1:]
        block = game.world.get_block(*pos)
        if not hopper[block]:  # no longer a hopper
            st.hoppers.discard(key)
            continue
        box = st.boxes.get(key)
        if box is None or box.block != "hopper" or box.loot_table:
            box = box_at(game, pos)  # read, or its loot rolled (else: what box_at gives)
        if box is not None:
            push_items_tick(game, pos, block, box)


def push_items_tick(game, pos: Pos, block: int, box: Box) -> None:
    box.cooldown -= 1
    box.ticked = game.tick_count
    if box.cooldown > 0:
        return
    box.cooldown = 0
    reg = game.world.registry
    if redstone.prop(reg, block, "enabled") != "true":
        return
    hopper = BoxTarget(game, [(pos, box)])
    moved = False
    if not box.is_empty():
        moved = _eject(game, pos, redstone.prop(reg, block, "facing"), hopper)
    if not _full(hopper, None):
        moved |= _suck(game, pos, hopper)
    if moved:
        box.cooldown = COOLDOWN
        write(game, pos, box)


def _full(c: Target, face: str | None) -> bool:
    return all((s := c.get(i)) is not None and s.count >= s.max_stack_size for i in c.slots(face))


def _eject(game, pos: Pos, facing: str, hopper: BoxTarget) -> bool:
    target = container_at(game, step(pos, facing))
    if target is None:
        return False
    face = OPPOSITE_FACE[facing]
    if _full(target, face):
        return False
    for i in hopper.slots(None):
        here = hopper.get(i)
        if here is None:
            continue
        # vanilla takes the item out first and puts it back on failure; here it is taken only
        # once it went in, so a hopper that cannot push writes nothing
        if add_item(hopper, target, here.with_count(1), face) is None:
            hopper.set(i, here.with_count(here.count - 1))
            return True
    return False


def _suck(game, pos: Pos, hopper: BoxTarget) -> bool:
    above = (pos[0], pos[1] + 1, pos[2])
    source = container_at(game, above)
    if source is not None:
        slots = source.slots("down")
        if all(source.get(i) is None for i in slots):
            return False
        for i in slots:
            here = source.get(i)
            if here is None or not source.can_take(i, here, "down"):
                continue
            if add_item(source, hopper, here.with_count(1), None) is None:
                source.set(i, here.with_count(here.count - 1))
                return True
        return False
    if _full_block(game, above):
        return False
    return any(_take_entity(game, hopper, e) for e in _items_above(game, pos))


def _full_block(game, pos: Pos) -> bool:
    boxes = game.world.registry.collision_boxes(game.world.get_block(*pos))
    return len(boxes) == 1 and np.allclose(boxes[0], (0, 0, 0, 1, 1, 1))


def _items_above(game, pos: Pos) -> list:
    """Item entities whose box meets the suck box (x/z 0..1, y 11/16..2 over the hopper)."""
    store = game.survival.entities
    if store is None:
        return []
    x, y, z = pos
    half = 0.125
    return [e for e in store.entities.values()
            if e.type == "item" and not e.dead and e.count > 0
            and x - half < e.x < x + 1 + half and z - half < e.z < z + 1 + half
            and y + 11 / 16 - 0.25 < e.y < y + 2]  # fmt: skip


def _take_entity(game, hopper: BoxTarget, e) -> bool:
    stack = ItemStack.of(e.item, e.count, **e.components)
    rest = add_item(None, hopper, stack, None)
    if rest is None:
        game.survival.entities.remove(e.id)
        return True
    e.count = rest.count
    return False


def add_item(source: Target | None, target: Target, stack: ItemStack, face: str | None) -> Stack:
    """HopperBlockEntity.addItem: into the slots the face reaches, in order; the rest."""
    rest: Stack = stack
    for i in target.slots(face):
        if rest is None:
            break
        rest = _move_in(source, target, rest, i, face)
    return rest


def _move_in(source: Target | None, target: Target, stack: ItemStack, i: int,
             face: str | None) -> Stack:  # fmt: skip
    if not target.can_place(i, stack, face):
        return stack
    here = target.get(i)
    was_empty = target.hopper is not None and target.hopper.is_empty()
    moved = False
    if here is None:
        target.set(i, stack)
        moved, rest = True, None
    elif here.same_item_same_components(stack) and here.count < here.max_stack_size:
        n = min(stack.count, stack.max_stack_size - here.count)
        target.set(i, here.with_count(here.count + n))
        moved, rest = n > 0, stack.with_count(stack.count - n)
    else:
        rest = stack
    receiver = target.hopper
    if moved and was_empty and receiver is not None and receiver.cooldown <= COOLDOWN:
        late = source is not None and source.hopper is not None and (
            receiver.ticked >= source.hopper.ticked)  # fmt: skip
        receiver.cooldown = COOLDOWN - (1 if late else 0)
    return rest


# -- finding hoppers -------------------------------------------------------------------------


def _scan(game) -> None:
    """Register the hoppers of chunks near the player not searched yet (again when they
    changed since: blocks set in the world directly)."""
    st = state(game)
    dim = game.survival.dimension
    world = game.world
    forgot = _forget_changed(st, dim, world)
    px, _, pz = game.player.pos
    pcx, pcz = math.floor(px) >> 4, math.floor(pz) >> 4  # int(np.floor(...)), cheaper
    key = (dim, id(world), pcx, pcz, world.loaded_chunk_count())
    if not forgot and st.scan_key == key:
        return  # the same chunks around, none changed in bulk, none newly in memory
    st.scan_key = key
    mask = _hopper_mask(world.registry)
    for cx in range(pcx - SCAN_CHUNKS, pcx + SCAN_CHUNKS + 1):
        for cz in range(pcz - SCAN_CHUNKS, pcz + SCAN_CHUNKS + 1):
            if (dim, cx, cz) in st.scanned:
                continue
            chunk = world.loaded_chunk(cx, cz)  # never generate terrain to look for hoppers
            if chunk is None:
                continue
            st.scanned.add((dim, cx, cz))
            for sy, section in chunk.sections.items():
                found = mask[np.asarray(section)]
                for y, z, x in zip(*np.nonzero(found), strict=True):
                    pos = (cx * 16 + int(x), sy * 16 + int(y), cz * 16 + int(z))
                    st.hoppers.add((dim, *pos))


def _forget_changed(st, dim: str, world) -> bool:
    """Look again at what changed since the last tick: a single block that is a hopper now is
    registered at once; chunks changed in bulk are searched again. Whether any chunk was."""
    seen = st.revisions.get(dim)
    st.revisions[dim] = (id(world), world.revision)
    if seen is None or (seen[1] == world.revision and seen[0] == id(world)):
        return False
    changes = world.changes_since(seen[1]) if seen[0] == id(world) else None
    if changes is None:
        st.scanned = {c for c in st.scanned if c[0] != dim}
        return True
    hopper = _hopper_list(world.registry)
    in_memory = world.in_memory
    forgot = False
    for x0, y0, z0, x1, y1, z1 in changes:
        if x1 - x0 == 1 and y1 - y0 == 1 and z1 - z0 == 1:
            # world.peek_block inlined for a chunk in memory (the usual case)
            chunk = in_memory.get((x0 >> 4, z0 >> 4))
            if chunk is None:
                state = world.peek_block(x0, y0, z0)
            else:
                section = chunk.sections.get(y0 >> 4)
                index = (y0 & 15) << 8 | (z0 & 15) << 4 | (x0 & 15)
                state = 0 if section is None else section.item(index)
            if hopper[state]:
                st.hoppers.add((dim, x0, y0, z0))
            continue
        for cx in range(x0 >> 4, ((x1 - 1) >> 4) + 1):
            for cz in range(z0 >> 4, ((z1 - 1) >> 4) + 1):
                st.scanned.discard((dim, cx, cz))
                forgot = True
    return forgot


@cache
def _hopper_list(registry) -> list[bool]:
    """``_hopper_mask`` as a list (cheaper to index one state at a time)."""
    return _hopper_mask(registry).tolist()


@cache
def _hopper_mask(registry) -> np.ndarray:
    names = [registry.block_of(s).name for s in range(registry.state_count)]
    return np.array([n == "hopper" for n in names], dtype=bool)
