"""Storage containers' contents: chests (single and double), trapped chests, barrels, shulker
boxes, hoppers' slots and the ender chest (screens: ``container_screens``; breaking:
``container_drops``; placing: ``container_place``; hoppers: ``hoppers``).

Contents live in the block entity as vanilla saves it (``Items: [{Slot, id, count,
components}]``, ``LootTable``/``LootTableSeed``, ``CustomName``), so saved worlds keep them. The
authoritative copy while a game runs is ``game.survival.mechanics["containers"]`` (copied with
the game's snapshots): a container's entity is read from the world the first time it is touched
and written back to the world on every change. The block entities as they were before the
first touch are kept on the game (``container_originals``), so a snapshot restored to before
that touch reads them again. The first access by a player or a hopper (or breaking) fills a
chest from its loot table (``container_loot``).

Deliberate differences: the ender chest's contents belong to the one player (kept in the game
state, not in the player's file); items unknown to the registry are left out when read.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from odyssey.sim import redstone
from odyssey.sim.inventory import ItemStack, Stack
from odyssey.sim.mechanics import container_loot
from odyssey.world.nbt import COMPOUND, Byte, Int, NBTList

Pos = tuple[int, int, int]
Key = tuple[str, int, int, int]  # dimension, x, y, z
COLOURS = ("white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
           "light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black")  # fmt: skip
SHULKER_BOXES = ("shulker_box", *(f"{c}_shulker_box" for c in COLOURS))
CHESTS = ("chest", "trapped_chest")
STORAGE = (*CHESTS, "barrel", *SHULKER_BOXES, "hopper")  # blocks whose entity holds items
SIZES = {"hopper": 5}  # every other container: 27
CLOCKWISE = {"north": "east", "east": "south", "south": "west", "west": "north"}
COUNTER = {v: k for k, v in CLOCKWISE.items()}
STEP = {"north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0), "east": (1, 0, 0),
        "up": (0, 1, 0), "down": (0, -1, 0)}  # fmt: skip
OPPOSITE_FACE = {"north": "south", "south": "north", "west": "east", "east": "west", "up": "down",
                 "down": "up"}  # fmt: skip


def entity_type(block: str) -> str:
    """The block entity type of a container block (every shulker box colour: shulker_box)."""
    return "shulker_box" if block in SHULKER_BOXES else block


@dataclass
class Box:
    """One container's block entity while the game runs."""

    block: str  # its block entity type: chest, trapped_chest, barrel, shulker_box, hopper
    items: list[Stack]
    loot_table: str | None = None
    loot_seed: int = 0
    custom_name: str | None = None
    cooldown: int = -1  # hoppers: TransferCooldown
    ticked: int = 0  # hoppers: tickedGameTime (not saved)
    extra: dict[str, Any] = field(default_factory=dict)  # other keys, kept as they were

    def get(self, index: int) -> Stack:
        return self.items[index]

    def is_empty(self) -> bool:
        return all(s is None for s in self.items)

    def entity(self) -> dict[str, Any]:
        """The block entity in vanilla's 1.21 layout."""
        out: dict[str, Any] = dict(self.extra)
        out["id"] = f"minecraft:{self.block}"
        out["Items"] = NBTList([_item_nbt(i, s) for i, s in enumerate(self.items) if s],
                               COMPOUND)  # fmt: skip
        if self.loot_table:
            out["LootTable"] = self.loot_table
            if self.loot_seed:
                out["LootTableSeed"] = self.loot_seed
        if self.custom_name:
            out["CustomName"] = self.custom_name
        if self.block == "hopper":
            out["TransferCooldown"] = Int(max(self.cooldown, -1))
        return out


@dataclass
class ContainersState:
    """The containers of one game (``game.survival.mechanics["containers"]``)."""

    boxes: dict[Key, Box | None] = field(default_factory=dict)  # None: removed since
    hoppers: set[Key] = field(default_factory=set)  # hoppers that tick
    scanned: set[tuple[str, int, int]] = field(default_factory=set)  # chunks searched for them
    revisions: dict[str, tuple[int, int]] = field(default_factory=dict)  # world id, revision
    scan_key: tuple = ()  # dimension, player chunk, chunks in memory at the last full search
    ender: list[Stack] = field(default_factory=lambda: [None] * 27)  # the player's ender chest
    open_at: Key | None = None  # the container whose screen is open (one viewer: the player)
    # shulker boxes broken this tick: block, tick, container component, custom name
    drops: dict[Key, tuple[str, int, list, str | None]] = field(default_factory=dict)


def state(game) -> ContainersState:
    m = game.survival.mechanics
    if "containers" not in m:  # (not setdefault: that builds a new state at every call)
        m["containers"] = ContainersState()
    return m["containers"]


def key_of(game, pos: Pos) -> Key:
    return (game.survival.dimension, *pos)


def _originals(game) -> dict[Key, dict | None]:
    """Block entities as they were before the game first touched them (outlive snapshots)."""
    found = getattr(game, "container_originals", None)
    if found is None:
        found = {}
        game.container_originals = found
    return found


def block_name(game, pos: Pos) -> str:
    reg = game.world.registry
    return reg.block_of(game.world.get_block(*pos)).name


# -- contents --------------------------------------------------------------------------------


def box_at(game, pos: Pos, unpack: bool = True) -> Box | None:
    """The container at ``pos`` (None where there is none); its loot table is rolled first
    unless ``unpack`` is False."""
    name = block_name(game, pos)
    if name not in STORAGE:
        return None
    kind = entity_type(name)
    st, key = state(game), key_of(game, pos)
    box = st.boxes.get(key)
    if box is None or box.block != kind:
        box = read_box(kind, stored_entity(game, pos))
        st.boxes[key] = box
    if unpack and box.loot_table:
        unpack_loot(game, pos, box)
    return box


def stored_entity(game, pos: Pos) -> dict | None:
    """The block entity a container not loaded in the game state starts from: the world's if
    it was removed since (whatever is there now is new), else as it was before the game first
    touched it."""
    key = key_of(game, pos)
    if key in state(game).boxes:
        return game.world.block_entity(*pos)
    originals = _originals(game)
    if key not in originals:
        originals[key] = copy.deepcopy(game.world.block_entity(*pos))
    return originals[key]


def read_box(kind: str, data: dict | None) -> Box:
    """A Box from a block entity (empty when there is none or it is another block's)."""
    items: list[Stack] = [None] * SIZES.get(kind, 27)
    if data is None or str(data.get("id", "")).removeprefix("minecraft:") != kind:
        return Box(kind, items)
    for entry in data.get("Items", ()):
        slot = int(entry.get("Slot", -1))
        stack = _stack_of(entry)
        if 0 <= slot < len(items) and stack is not None:
            items[slot] = stack
    known = {"id", "x", "y", "z", "Items", "LootTable", "LootTableSeed", "CustomName",
             "TransferCooldown", "keepPacked"}  # fmt: skip
    extra = {k: copy.deepcopy(v) for k, v in data.items() if k not in known}
    table = data.get("LootTable")
    return Box(kind, items, str(table) if table else None, int(data.get("LootTableSeed", 0)),
               data.get("CustomName"), int(data.get("TransferCooldown", -1)), 0, extra)  # fmt: skip


def _stack_of(entry: dict) -> Stack:
    """An ItemStack from an ``Items`` entry; unknown items are left out."""
    from odyssey.world.items import items

    name = str(entry.get("id", "")).removeprefix("minecraft:")
    count = int(entry.get("count", entry.get("Count", 1)))
    if not name or not items().has(name) or count < 1:
        return None
    return ItemStack.of(name, count, **dict(entry.get("components") or {}))


def _item_nbt(slot: int, stack: ItemStack) -> dict[str, Any]:
    out: dict[str, Any] = {"Slot": Byte(slot), "id": f"minecraft:{stack.item}",
                           "count": Int(stack.count)}  # fmt: skip
    if stack.components:
        out["components"] = {k: thaw(v) for k, v in stack.components}
    return out


def thaw(value: Any) -> Any:
    """A frozen component value (sorted pairs) back as dicts and lists."""
    if isinstance(value, tuple):
        if value and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)
                         for p in value):  # fmt: skip
            return {k: thaw(v) for k, v in value}
        return [thaw(v) for v in value]
    return value


def write(game, pos: Pos, box: Box) -> None:
    """Store the container's contents in the world's block entity (comparators re-read it)."""
    from odyssey.sim.mechanics.comparators import output_changed

    game.world.set_block_entity(*pos, box.entity())
    output_changed(game, pos)


def set_item(game, pos: Pos, box: Box, index: int, stack: Stack) -> None:
    box.items[index] = stack
    write(game, pos, box)


def forget(game, pos: Pos) -> None:
    """Read the container at ``pos`` from the world again (after its block entity was
    replaced from outside, e.g. ``/setblock ... chest{LootTable:...}``)."""
    state(game).boxes[key_of(game, pos)] = None


def unpack_loot(game, pos: Pos, box: Box) -> None:
    """RandomizableContainer.unpackLootTable: roll the table into the container, once."""
    roll_loot(game, box)
    write(game, pos, box)


def contents(game, pos: Pos) -> list[Stack]:
    """The stacks of the container at ``pos`` (its loot rolled), slot by slot."""
    box = box_at(game, pos)
    return list(box.items) if box is not None else []


def set_contents(game, pos: Pos, stacks: list[Stack]) -> None:
    """Replace the container's stacks (tests and commands)."""
    box = box_at(game, pos, unpack=False)
    if box is None:
        raise ValueError(f"no container at {pos}")
    box.items = (list(stacks) + [None] * len(box.items))[: len(box.items)]
    box.loot_table = None
    write(game, pos, box)


class BoxView:
    """A container as a menu sees it: reads the Box, writes every change to the world."""

    def __init__(self, world, pos: Pos, box: Box) -> None:
        self.world, self.pos, self.box = world, pos, box

    def get(self, index: int) -> Stack:
        return self.box.items[index]

    def set(self, index: int, stack: Stack) -> None:
        self.box.items[index] = stack
        self.world.set_block_entity(*self.pos, self.box.entity())


class EnderView:
    """The player's ender chest contents as a container."""

    def __init__(self, st: ContainersState) -> None:
        self.st = st

    def get(self, index: int) -> Stack:
        return self.st.ender[index]

    def set(self, index: int, stack: Stack) -> None:
        self.st.ender[index] = stack


# -- double chests ---------------------------------------------------------------------------


def connected(props: dict[str, str]) -> str:
    """ChestBlock.getConnectedDirection: where a left half's partner is (clockwise of its
    facing), or a right half's (counter-clockwise)."""
    facing = props["facing"]
    return CLOCKWISE[facing] if props["type"] == "left" else COUNTER[facing]


def step(pos: Pos, direction: str) -> Pos:
    dx, dy, dz = STEP[direction]
    return (pos[0] + dx, pos[1] + dy, pos[2] + dz)


def chest_halves(game, pos: Pos) -> list[Pos]:
    """The chest's positions, the right half first (vanilla's FIRST); one for a single chest
    or a half whose partner is missing."""
    reg = game.world.registry
    state_id = game.world.get_block(*pos)
    p = reg.properties(state_id)
    if p.get("type", "single") == "single":
        return [pos]
    other = step(pos, connected(p))
    q_state = game.world.get_block(*other)
    q = reg.properties(q_state)
    partner = (reg.block_of(q_state).name == reg.block_of(state_id).name
               and q.get("facing") == p["facing"] and q.get("type") not in (None, "single",
                                                                           p["type"]))  # fmt: skip
    if not partner:
        return [pos]
    return [pos, other] if p["type"] == "right" else [other, pos]


def blocked_chest(game, pos: Pos) -> bool:
    """ChestBlock.isBlockedChestByBlock: a redstone conductor right above."""
    reg = game.world.registry
    return redstone.is_conductor(reg, game.world.get_block(pos[0], pos[1] + 1, pos[2]))


def shulker_can_open(game, pos: Pos) -> bool:
    """ShulkerBoxBlock.canOpen: the half block the lid rises into has no collision box."""
    reg = game.world.registry
    facing = reg.properties(game.world.get_block(*pos)).get("facing", "up")
    boxes = reg.collision_boxes(game.world.get_block(*step(pos, facing)))
    axis = {"east": 0, "west": 0, "up": 1, "down": 1, "south": 2, "north": 2}[facing]
    near_low = facing in ("east", "up", "south")  # the lid enters the neighbour's low side
    for b in boxes:
        lo, hi = float(b[axis]), float(b[axis + 3])
        if (lo < 0.5 if near_low else hi > 0.5) and hi > lo:
            return False
    return True


def roll_loot(game, box: Box) -> None:
    """Fill the box from its loot table with its seed (0: a seed from the game's stream)."""
    import numpy as np

    if box.loot_table and container_loot.known(box.loot_table):
        seed = box.loot_seed or int(game.survival.rng.integers(1, 2**62))
        box.items = container_loot.fill(box.items, box.loot_table,
                                        np.random.default_rng(seed & (2**64 - 1)))  # fmt: skip
    box.loot_table, box.loot_seed = None, 0


def delete_entity(world, pos: Pos) -> None:
    chunk = world.chunk(pos[0] >> 4, pos[2] >> 4)
    if chunk is not None and chunk.block_entities.pop(tuple(pos), None) is not None:
        chunk.dirty = True
