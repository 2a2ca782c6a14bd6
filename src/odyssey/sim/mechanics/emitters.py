"""Levers, buttons and pressure plates in survival games, and the doors, trapdoors and fence
gates that answer any redstone signal (vanilla 1.21.11).

Switching a lever, pressing a button or a plate (``sim.game`` does that, with the timings of
``sim.redstone``) changes the block; here its change also reaches the neighbours of the block
it strongly powers (vanilla's ``updateNeighbours`` of the attached block), so dust, lamps and
pistons beside that block see it. A door, trapdoor or gate opens while it has a neighbour signal
(``hasNeighborSignal``; a door asks for both halves) and closes when it goes, with vanilla's
``powered`` property and sound, whatever gives the signal: dust, torches, repeaters, buttons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.sim import placement_states, redstone
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.power import (
    INDEX,
    OPPOSITE,
    STEPS,
    Pos,
    get_state,
    is_powered,
    mark_survival,
    notify_neighbours,
)
from odyssey.world.blocks import BlockFlag, registry

_REG = registry()
_SOURCES = BlockFlag.LEVER | BlockFlag.BUTTON | BlockFlag.PRESSURE_PLATE
_DOORS = BlockFlag.DOOR | BlockFlag.TRAPDOOR | BlockFlag.FENCE_GATE
EMITTERS = tuple(b.name for b in _REG.blocks if b.flags & _SOURCES)
OPENABLE = tuple(b.name for b in _REG.blocks if b.flags & _DOORS)


def _strongly_powered(blocks, pos: Pos, state: int) -> Pos:
    """The block a lever or button is attached to; the block under a plate."""
    if BlockFlag(int(blocks.state_flags[state])) & BlockFlag.PRESSURE_PLATE:
        return (pos[0], pos[1] - 1, pos[2])
    return redstone.attached_to(blocks, pos, state)


HANGING = (*EMITTERS, "redstone_torch", "redstone_wall_torch", "repeater", "comparator")
DROPS = {"redstone_wall_torch": "redstone_torch"}


def support_of(blocks, pos: Pos, state: int) -> Pos:
    """The block a lever, button, torch, plate, repeater or comparator needs."""
    name = blocks.block_of(state).name
    if name == "redstone_wall_torch":
        d = OPPOSITE[INDEX[blocks.properties(state)["facing"]]]
        return (pos[0] + STEPS[d][0], pos[1], pos[2] + STEPS[d][2])
    if BlockFlag(int(blocks.state_flags[state])) & (BlockFlag.LEVER | BlockFlag.BUTTON):
        return redstone.attached_to(blocks, pos, state)
    return (pos[0], pos[1] - 1, pos[2])


@hooks.on_neighbour(*HANGING)
def support_changed(game, pos: Pos, state: int, source: Pos) -> None:
    """``canSurvive`` after the supporting block changed: without support the block breaks and
    drops itself (repeaters and comparators need a sturdy top, ``canSupportRigidBlock``)."""
    world = game.world
    blocks = world.registry
    if source == pos or source != support_of(blocks, pos, state):
        return
    if blocks.block_of(state).name in ("repeater", "comparator"):
        ok = placement_states.sturdy(world, source, "up")
    else:
        ok = placement_states.can_survive(world, pos, state)
    if ok:
        return
    game.set_block(pos, 0)
    store = game.survival.entities
    if store is not None and game.survival.rules.get("do_tile_drops", True):
        from odyssey.sim.entities.items import drop_from_block

        name = blocks.block_of(state).name
        drop_from_block(store, DROPS.get(name, name), 1, pos)


@dataclass
class EmitterState:
    """Whether each lever, button and plate seen was on (its click sounds on a change)."""

    on: dict[Pos, bool] = field(default_factory=dict)


def _emitters(game) -> EmitterState:
    found = game.survival.mechanics.get("emitters")
    if found is None:
        found = game.survival.mechanics["emitters"] = EmitterState()
    return found


@hooks.on_neighbour(*EMITTERS)
def emitter_changed(game, pos: Pos, state: int, source: Pos) -> None:
    if get_state(game.world, *pos) != state:
        return  # changed by an earlier handler of this update
    mark_survival(game.world)
    if source != pos:
        return
    # the lever, button or plate itself changed: the block it strongly powers tells its own
    # neighbours, and a switch on or off clicks
    blocks = game.world.registry
    notify_neighbours(game, _strongly_powered(blocks, pos, state))
    on = redstone.emits(blocks, state)
    if _emitters(game).on.get(pos, not on) != on:
        sound_id, pitch = click_sound(blocks.block_of(state).name, on)
        game.emit("sound", pitch, pos, sound_id)
    _emitters(game).on[pos] = on


@hooks.on_placed(*EMITTERS)
def emitter_placed(game, pos: Pos, state: int, old: int) -> None:
    _emitters(game).on[pos] = redstone.emits(game.world.registry, state)


@hooks.on_removed(*EMITTERS)
def emitter_removed(game, pos: Pos, old: int, state: int) -> None:
    _emitters(game).on.pop(pos, None)
    if redstone.emits(game.world.registry, old):
        notify_neighbours(game, _strongly_powered(game.world.registry, pos, old))


def click_sound(name: str, on: bool) -> tuple[str, float]:
    """Vanilla's click of a lever (pitch 0.6 on, 0.5 off), button or plate (BlockSetType)."""
    if name == "lever":
        return "block.lever.click", 0.6 if on else 0.5
    action = "click_on" if on else "click_off"
    kind = "button" if name.endswith("button") else "pressure_plate"
    if name.startswith(("stone", "polished_blackstone")):
        material = "stone"
    elif name.startswith(("light_weighted", "heavy_weighted")):
        material = "metal"
    elif name.startswith(("bamboo", "cherry")):
        material = name.split("_")[0] + "_wood"
    elif name.startswith(("crimson", "warped")):
        material = "nether_wood"
    else:
        material = "wooden"
    return f"block.{material}_{kind}.{action}", 1.0


# -- doors, trapdoors, fence gates ----------------------------------------------------------------


@hooks.on_neighbour(*OPENABLE)
def openable_changed(game, pos: Pos, state: int, source: Pos) -> None:
    """``neighborChanged`` of DoorBlock, TrapDoorBlock and FenceGateBlock."""
    if get_state(game.world, *pos) != state:
        return  # changed by an earlier handler of this update
    world = game.world
    mark_survival(world)
    blocks = world.registry
    flags = BlockFlag(int(blocks.state_flags[state]))
    p = blocks.properties(state)
    powered = is_powered(world, pos)
    if flags & BlockFlag.DOOR:
        other = redstone.door_other_half(blocks, pos, state)
        if source == other:
            return  # vanilla ignores updates from its own other half
        powered = powered or is_powered(world, other)
    if powered == (p["powered"] == "true"):
        return
    value = "true" if powered else "false"
    changes = redstone.set_open(world, pos, state, powered, powered=value)
    for change in changes:
        game.set_block(change.pos, change.state)
        if change.event:
            game.emit(change.event, 0.0, change.pos)
    if (p["open"] == "true") != powered:
        hooks.sound(game, open_sound(blocks.block_of(state).name, flags, powered), pos)


def open_sound(name: str, flags: BlockFlag, opening: bool) -> str:
    """Vanilla's sound of a door, trapdoor or gate of this wood or metal (BlockSetType)."""
    action = "open" if opening else "close"
    if flags & BlockFlag.FENCE_GATE:
        kind = "fence_gate"
        for wood in ("bamboo", "cherry"):
            if name.startswith(wood):
                return f"block.{wood}_wood_fence_gate.{action}"
        if name.startswith(("crimson", "warped")):
            return f"block.nether_wood_fence_gate.{action}"
        return f"block.fence_gate.{action}"
    kind = "door" if flags & BlockFlag.DOOR else "trapdoor"
    if name.startswith("iron"):
        return f"block.iron_{kind}.{action}"
    if "copper" in name:
        return f"block.copper_{kind}.{action}"
    for wood in ("bamboo", "cherry"):
        if name.startswith(wood):
            return f"block.{wood}_wood_{kind}.{action}"
    if name.startswith(("crimson", "warped")):
        return f"block.nether_wood_{kind}.{action}"
    return f"block.wooden_{kind}.{action}"
