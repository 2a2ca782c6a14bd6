"""Block behaviour: doors, trapdoors and fence gates by hand; buttons, levers and pressure plates
powering the doors, trapdoors and gates next to them, as vanilla 1.21.11 does.

Pure functions over a world: each returns the block changes to make (position -> new state) and
what happened, and the game applies them. Redstone is the part navigation needs: a powered
button, lever or plate powers its neighbours weakly and the block it is attached to strongly, and
a strongly powered conductor powers its own neighbours. No redstone dust, repeaters or torches.

Survival games run the full redstone model instead (``sim.mechanics.power`` and the mechanics
beside it: dust, torches, repeaters, comparators, doors answering any signal by block updates),
so ``respond_to_power`` leaves their worlds alone; navigation games keep this model exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim.mechanics.power import SURVIVAL_WORLDS
from odyssey.world.blocks import BlockFlag, BlockRegistry
from odyssey.world.storage import World

Pos = tuple[int, int, int]
NEIGHBOURS = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
FACING_STEP = {"north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0), "east": (1, 0, 0)}
BUTTON_TICKS = {"stone": 20, "polished_blackstone": 20}  # every wooden button: 30
WOOD_BUTTON_TICKS = 30
PLATE_CHECK_TICKS = 20  # a pressed plate looks for entities again after this many ticks


@dataclass(frozen=True)
class Change:
    """One block change and the event it means (e.g. 'door_opened')."""

    pos: Pos
    state: int
    event: str = ""


def add(pos: Pos, step: tuple[int, int, int]) -> Pos:
    return (pos[0] + step[0], pos[1] + step[1], pos[2] + step[2])


def props(blocks: BlockRegistry, state: int) -> dict[str, str]:
    return blocks.properties(state)


def prop(blocks: BlockRegistry, state: int, key: str) -> str | None:
    """One property value of a state (None: the block has no such property), remembered per
    state: the hot paths' cheap ``blocks.properties(state).get(key)``."""
    mine = _KNOWN.get(id(blocks))  # _known(blocks) without the call (the hot path)
    known = mine[1] if mine is not None and mine[0] is blocks else _known(blocks)[0]
    found = known.get(state)
    if found is None:  # kept here only, never handed out (so never changed)
        found = known[state] = blocks.properties(state)
    return found.get(key)


def with_props(blocks: BlockRegistry, state: int, **values: str) -> int:
    """The state with some property values changed, remembered per state and values."""
    mine = _KNOWN.get(id(blocks))  # _known(blocks) without the call (the hot path)
    known = mine[2] if mine is not None and mine[0] is blocks else _known(blocks)[1]
    key = (state, *values.items())
    found = known.get(key)
    if found is None:
        block = blocks.block_of(state)
        found = known[key] = blocks.state_of(block.name, {**blocks.properties(state), **values})
    return found


def state_with(blocks: BlockRegistry, name: str, **values: str) -> int:
    """``blocks.state_of(name, values)``, remembered per name and values."""
    known = _known(blocks)[1]
    key = (name, *values.items())
    found = known.get(key)
    if found is None:
        found = known[key] = blocks.state_of(name, values)
    return found


# per registry (kept with it, so a new one never meets another's answers): the properties of
# states, and ``with_props`` and ``state_with`` answers (keyed by a state id or a name)
_KNOWN: dict[int, tuple[BlockRegistry, dict[int, dict[str, str]], dict[tuple, int]]] = {}


def _known(blocks: BlockRegistry) -> tuple[dict[int, dict[str, str]], dict[tuple, int]]:
    found = _KNOWN.get(id(blocks))
    if found is None or found[0] is not blocks:
        found = _KNOWN[id(blocks)] = (blocks, {}, {})
    return found[1], found[2]


def is_emitter(blocks: BlockRegistry, state: int) -> bool:
    flags = BlockFlag(int(blocks.state_flags[state]))
    return bool(flags & (BlockFlag.BUTTON | BlockFlag.LEVER | BlockFlag.PRESSURE_PLATE))


def emits(blocks: BlockRegistry, state: int) -> bool:
    """Whether a button, lever or pressure plate is giving a signal now."""
    if not is_emitter(blocks, state):
        return False
    p = props(blocks, state)
    return p.get("powered") == "true" or int(p.get("power", "0")) > 0


def attached_to(blocks: BlockRegistry, pos: Pos, state: int) -> Pos:
    """The block a button or lever sits on (plates: the block below)."""
    p = props(blocks, state)
    face = p.get("face", "floor")
    if face == "floor":
        return add(pos, (0, -1, 0))
    if face == "ceiling":
        return add(pos, (0, 1, 0))
    dx, dy, dz = FACING_STEP[p["facing"]]
    return add(pos, (-dx, -dy, -dz))


def is_conductor(blocks: BlockRegistry, state: int) -> bool:
    """Redstone conductor: a full solid cube (stone, planks, ...), not glass or leaves."""
    flags = BlockFlag(int(blocks.state_flags[state]))
    return bool(flags & BlockFlag.FULL_CUBE) and not flags & BlockFlag.TRANSPARENT


def strongly_powered(world: World, pos: Pos) -> bool:
    """A conductor with an active button, lever or plate attached to it."""
    blocks = world.registry
    if not is_conductor(blocks, world.get_block(*pos)):
        return False
    for step in NEIGHBOURS:
        other = add(pos, step)
        state = world.get_block(*other)
        if emits(blocks, state) and attached_to(blocks, other, state) == pos:
            return True
    return False


def has_neighbor_signal(world: World, pos: Pos) -> bool:
    """Level.hasNeighborSignal for the cases above."""
    blocks = world.registry
    for step in NEIGHBOURS:
        other = add(pos, step)
        state = world.get_block(*other)
        if emits(blocks, state) or strongly_powered(world, other):
            return True
    return False


def is_openable_kind(blocks: BlockRegistry, state: int) -> bool:
    flags = BlockFlag(int(blocks.state_flags[state]))
    return bool(flags & (BlockFlag.DOOR | BlockFlag.TRAPDOOR | BlockFlag.FENCE_GATE))


def door_other_half(blocks: BlockRegistry, pos: Pos, state: int) -> Pos:
    return add(pos, (0, 1, 0) if props(blocks, state)["half"] == "lower" else (0, -1, 0))


def set_open(world: World, pos: Pos, state: int, is_open: bool, **extra: str) -> list[Change]:
    """Open or close a door (both halves), trapdoor or gate."""
    blocks = world.registry
    value = "true" if is_open else "false"
    changed = props(blocks, state)["open"] != value
    event = (("opened" if is_open else "closed") + "_" + _kind(blocks, state)) if changed else ""
    changes = [Change(pos, with_props(blocks, state, open=value, **extra), event)]
    if BlockFlag(int(blocks.state_flags[state])) & BlockFlag.DOOR:
        other = door_other_half(blocks, pos, state)
        other_state = world.get_block(*other)
        if blocks.block_of(other_state).name == blocks.block_of(state).name:
            changes.append(Change(other, with_props(blocks, other_state, open=value, **extra)))
    return changes


def _kind(blocks: BlockRegistry, state: int) -> str:
    flags = BlockFlag(int(blocks.state_flags[state]))
    if flags & BlockFlag.DOOR:
        return "door"
    return "trapdoor" if flags & BlockFlag.TRAPDOOR else "fence_gate"


def use_block(world: World, pos: Pos, player_facing: str) -> list[Change]:
    """Right-click on a block: toggle wooden doors/trapdoors/gates, press buttons, flip levers."""
    blocks = world.registry
    state = world.get_block(*pos)
    flags = BlockFlag(int(blocks.state_flags[state]))
    p = props(blocks, state)
    if flags & BlockFlag.OPENABLE:
        if p["open"] == "true":
            return set_open(world, pos, state, False)
        extra = {}
        if flags & BlockFlag.FENCE_GATE and p["facing"] == _opposite(player_facing):
            extra["facing"] = player_facing  # a gate swings away from the player
        return set_open(world, pos, state, True, **extra)
    if flags & BlockFlag.BUTTON and p["powered"] == "false":
        return [Change(pos, with_props(blocks, state, powered="true"), "button_pressed")]
    if flags & BlockFlag.LEVER:
        on = "false" if p["powered"] == "true" else "true"
        return [
            Change(
                pos,
                with_props(blocks, state, powered=on),
                "lever_" + ("on" if on == "true" else "off"),
            )
        ]
    return []


def _opposite(facing: str) -> str:
    return {"north": "south", "south": "north", "west": "east", "east": "west"}[facing]


def button_delay(blocks: BlockRegistry, state: int) -> int:
    """Ticks a pressed button stays down: 20 for stone buttons, 30 for wooden ones."""
    name = blocks.block_of(state).name.removesuffix("_button")
    return BUTTON_TICKS.get(name, WOOD_BUTTON_TICKS)


def respond_to_power(
    world: World, around: Pos, radius: int = 2, survival: bool | None = None
) -> list[Change]:
    """neighborChanged for doors, trapdoors and gates near a changed emitter: open when powered.

    Nothing in a survival game's world (``survival``, or a world whose redstone the survival
    mechanics run): there doors answer every signal through their block updates."""
    if survival or (survival is None and world in SURVIVAL_WORLDS):
        return []
    blocks = world.registry
    changes: list[Change] = []
    seen: set[Pos] = set()
    x0, y0, z0 = around
    for dy in range(-radius, radius + 1):
        for dz in range(-radius, radius + 1):
            for dx in range(-radius, radius + 1):
                pos = (x0 + dx, y0 + dy, z0 + dz)
                state = world.get_block(*pos)
                if pos in seen or not is_openable_kind(blocks, state):
                    continue
                p = props(blocks, state)
                powered = has_neighbor_signal(world, pos)
                if BlockFlag(int(blocks.state_flags[state])) & BlockFlag.DOOR:
                    other = door_other_half(blocks, pos, state)
                    seen.add(other)
                    powered = powered or has_neighbor_signal(world, other)
                if powered != (p["powered"] == "true"):
                    value = "true" if powered else "false"
                    changes += set_open(world, pos, state, powered, powered=value)
                seen.add(pos)
    return changes
