"""Redstone comparators (vanilla 1.21.11's ``ComparatorBlock``) and the analog signals they read.

Rear input: the signal from behind, or, when the block behind reads out (a container, cauldron,
composter, cake, ...), its analog signal; through one conductor, the reading block behind that.
Side input: the strongest of the two sides (a redstone block: 15, dust: its power, any other
source: its direct signal). Output: 0 without rear input or when a side is stronger; otherwise
the rear (``compare``) or rear minus side (``subtract``). The output lives in the comparator's
block entity (``OutputSignal``, as vanilla's); ``powered`` says whether it turns on
(``shouldTurnOn``). A change is a scheduled tick 2 game ticks later. Right-click toggles the mode
(``block.comparator.click``, pitch 0.55 into subtract, 0.5 back).

Containers: ``AbstractContainerMenu.getRedstoneSignalFromContainer`` over the block entity's
``Items`` (a double chest reads both halves), each stack counting ``count / min(64, max stack)``;
``floor(14 f) + (f > 0)``. A container whose contents change should call
``output_changed(game, pos)`` (vanilla's ``updateNeighbourForOutputSignal``).
"""

from __future__ import annotations

import math

from odyssey.sim import blockupdates
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.power import (
    HORIZONTAL,
    INDEX,
    Pos,
    comparator_output,
    get_state,
    mark_survival,
    tables,
)
from odyssey.sim.mechanics.repeaters import input_signal, side_signal, step, update_front
from odyssey.sim.redstone import with_props
from odyssey.world.items import items

COMPARATOR_DELAY = 2
CONTAINER_SIZES = {"chest": 27, "trapped_chest": 27, "barrel": 27, "hopper": 5, "dispenser": 9,
                   "dropper": 9, "furnace": 3, "smoker": 3, "blast_furnace": 3,
                   "brewing_stand": 5, "crafter": 9}  # fmt: skip


def container_size(name: str) -> int | None:
    if name.endswith("shulker_box"):
        return 27
    return CONTAINER_SIZES.get(name)


def analog_signal(world, pos: Pos) -> int | None:
    """``getAnalogOutputSignal`` of the block at ``pos``, or None when it has none."""
    blocks = world.registry
    state = world.get_block(*pos)
    name = blocks.block_of(state).name
    size = container_size(name)
    if size is not None:
        stacks = _items(world, pos)
        p = blocks.properties(state)
        if name in ("chest", "trapped_chest") and p.get("type", "single") != "single":
            other = step(pos, _chest_partner(p))
            if blocks.block_of(world.get_block(*other)).name == name:
                stacks += _items(world, other)
                size *= 2
        return container_signal(stacks, size)
    p = blocks.properties(state) if name in _ANALOG else {}
    if name in ("water_cauldron", "powder_snow_cauldron"):
        return int(p["level"])
    if name == "lava_cauldron":
        return 3
    if name == "cauldron":
        return 0
    if name == "composter":
        return int(p["level"])
    if name == "cake":
        return (7 - int(p["bites"])) * 2
    if name == "end_portal_frame":
        return 15 if p["eye"] == "true" else 0
    if name == "respawn_anchor":
        return math.floor(int(p["charges"]) / 4 * 15)
    if name in ("beehive", "bee_nest"):
        return int(p["honey_level"])
    return None


_ANALOG = frozenset({"water_cauldron", "powder_snow_cauldron", "composter", "cake",
                     "end_portal_frame", "respawn_anchor", "beehive", "bee_nest"})  # fmt: skip


def container_signal(stacks: list[dict], size: int) -> int:
    """``getRedstoneSignalFromContainer``: fullness 0-15 of ``size`` slots holding ``stacks``."""
    registry = items()
    fill = 0.0
    for stack in stacks:
        count = int(stack.get("count", stack.get("Count", 1)))
        if count <= 0:
            continue
        item = str(stack.get("id", "air")).removeprefix("minecraft:")
        try:
            max_stack = registry.item(item).stack_size
        except Exception:  # an unknown item counts as a full-size stack
            max_stack = 64
        fill += count / min(64, max_stack)
    fill /= size
    return math.floor(fill * 14) + (1 if fill > 0 else 0)


def _items(world, pos: Pos) -> list[dict]:
    entity = world.block_entity(*pos)
    return list(entity.get("Items", [])) if entity else []


def _chest_partner(p: dict[str, str]) -> int:
    """ChestBlock.getConnectedDirection: left -> clockwise of facing, right -> counter."""
    from odyssey.sim.mechanics.repeaters import CLOCKWISE, COUNTER

    facing = INDEX[p["facing"]]
    return CLOCKWISE[facing] if p["type"] == "left" else COUNTER[facing]


# -- the comparator -------------------------------------------------------------------------------


def rear_signal(world, pos: Pos, facing: int) -> int:
    """ComparatorBlock.getInputSignal."""
    out = input_signal(world, pos, facing)
    behind = step(pos, facing)
    analog = analog_signal(world, behind)
    if analog is not None:
        return analog
    if out < 15 and tables(world.registry).conductor[world.get_block(*behind)]:
        further = analog_signal(world, step(behind, facing))
        if further is not None:
            return further
    return out


def output_signal(world, pos: Pos, facing: int, subtract: bool) -> int:
    """``calculateOutputSignal``."""
    rear = rear_signal(world, pos, facing)
    if rear == 0:
        return 0
    side = side_signal(world, pos, facing, diodes_only=False)
    if side > rear:
        return 0
    return rear - side if subtract else rear


def turns_on(world, pos: Pos, facing: int, subtract: bool) -> bool:
    """``shouldTurnOn``."""
    rear = rear_signal(world, pos, facing)
    if rear == 0:
        return False
    side = side_signal(world, pos, facing, diodes_only=False)
    return rear > side or (rear == side and not subtract)


def _facts(blocks, state: int) -> tuple[int, bool, bool]:
    p = blocks.properties(state)
    return INDEX[p["facing"]], p["mode"] == "subtract", p["powered"] == "true"


@hooks.on_neighbour("comparator")
def comparator_changed(game, pos: Pos, state: int, source: Pos) -> None:
    """``checkTickOnNeighbor``."""
    if get_state(game.world, *pos) != state:
        return  # changed by an earlier handler of this update
    world = game.world
    mark_survival(world)
    facing, subtract, powered = _facts(world.registry, state)
    if source == pos:
        update_front(game, pos, facing)
    out = output_signal(world, pos, facing, subtract)
    if out != comparator_output(world, pos) or powered != turns_on(world, pos, facing, subtract):
        blockupdates.schedule(game, pos, COMPARATOR_DELAY, "comparator")


@hooks.on_scheduled("comparator")
def comparator_tick(game, pos: Pos, state: int) -> None:
    if game.world.registry.block_of(state).name == "comparator":
        refresh(game, pos, state)


def refresh(game, pos: Pos, state: int) -> None:
    """``refreshOutputState``: store the output, switch ``powered``, tell the block in front."""
    world = game.world
    blocks = world.registry
    facing, subtract, powered = _facts(blocks, state)
    out = output_signal(world, pos, facing, subtract)
    before = comparator_output(world, pos)
    _set_output(world, pos, out)
    if before != out or not subtract:
        on = turns_on(world, pos, facing, subtract)
        if powered != on:
            game.set_block(pos, with_props(blocks, state, powered="true" if on else "false"))
        update_front(game, pos, facing)


def _set_output(world, pos: Pos, out: int) -> None:
    entity = world.block_entity(*pos)
    if entity is None or int(entity.get("OutputSignal", 0)) != out:
        world.set_block_entity(*pos, {"id": "minecraft:comparator", "OutputSignal": out})


@hooks.on_placed("comparator")
def comparator_placed(game, pos: Pos, state: int, old: int) -> None:
    """A new comparator starts at 0; on a live input it looks after one tick (``setPlacedBy``)."""
    _set_output(game.world, pos, 0)
    facing, subtract, _ = _facts(game.world.registry, state)
    if turns_on(game.world, pos, facing, subtract):
        blockupdates.schedule(game, pos, 1, "comparator")


@hooks.on_removed("comparator")
def comparator_removed(game, pos: Pos, old: int, state: int) -> None:
    chunk = game.world.chunk(pos[0] >> 4, pos[2] >> 4)
    if chunk is not None:
        chunk.block_entities.pop(pos, None)


@hooks.on_use_block("comparator")
def comparator_use(game, hit, held) -> bool:
    """Right-click toggles compare/subtract."""
    if not game.survival.builds:
        return False
    blocks = game.world.registry
    state = game.world.get_block(*hit.pos)
    subtract = blocks.properties(state)["mode"] == "compare"
    new = with_props(blocks, state, mode="subtract" if subtract else "compare")
    game.emit("sound", 0.55 if subtract else 0.5, hit.pos, "block.comparator.click")
    game.set_block(hit.pos, new)
    refresh(game, hit.pos, new)
    return True


def output_changed(game, pos: Pos) -> None:
    """``Level.updateNeighbourForOutputSignal``: comparators beside ``pos`` (or one conductor
    further) re-read it, after a container's contents or another analog reading changed."""
    world = game.world
    conductor = tables(world.registry).conductor
    comparator = _comparators(world.registry)
    for d in HORIZONTAL:
        other = step(pos, d)
        state = world.get_block(*other)
        if comparator[state]:
            comparator_changed(game, other, state, pos)
        elif conductor[state]:
            further = step(other, d)
            s2 = world.get_block(*further)
            if comparator[s2]:
                comparator_changed(game, further, s2, other)


_COMPARATORS: dict[int, tuple[object, list[bool]]] = {}


def _comparators(registry) -> list[bool]:
    """Whether each state is a comparator (the hot path's ``block_of(state).name`` test),
    built once per registry."""
    found = _COMPARATORS.get(id(registry))
    if found is None or found[0] is not registry:
        flags = [False] * registry.state_count
        for block in registry.blocks:
            if block.name == "comparator":
                flags[block.min_state : block.max_state + 1] = [True] * block.state_count
        found = _COMPARATORS[id(registry)] = (registry, flags)
    return found[1]
