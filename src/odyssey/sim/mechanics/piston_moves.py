"""Which blocks a piston moves: vanilla 1.21.11's ``PistonStructureResolver`` and
``PistonBaseBlock.isPushable``, over per-state tables of each block's push reaction.

A push moves at most ``PUSH_LIMIT`` (12) blocks; slime and honey blocks drag the movable
blocks beside them along (not each other: slime and honey do not stick together). Blocks that
cannot move stop the push: obsidian, crying obsidian, respawn anchors, reinforced deepslate,
unbreakable blocks (bedrock, end portal frames, barriers), extended pistons, ``BLOCK``
reactions (piston heads, portals, grindstones) and any block with a block entity (chests,
furnaces, barrels, hoppers, signs, ...). ``DESTROY`` blocks (plants, torches, dust, buttons,
doors, beds, water and lava, ...) are broken in front of the line and drop their loot;
``PUSH_ONLY`` blocks (glazed terracotta) are pushed but never pulled.

Deliberate difference: vanilla declares each block's push reaction in its block properties,
which the block table does not carry; here it is: every block without a collision box is
``DESTROY`` (but air, rails, signs, banners, portals and light blocks), plus the named
collision-having ``DESTROY`` blocks below. Block entities are known by name (``BLOCK_ENTITIES``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from odyssey.world.blocks import BlockRegistry
from odyssey.world.storage import World

Pos = tuple[int, int, int]
# vanilla Direction order: DOWN, UP, NORTH, SOUTH, WEST, EAST
DIRECTIONS = ("down", "up", "north", "south", "west", "east")
STEPS: tuple[Pos, ...] = ((0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1), (-1, 0, 0), (1, 0, 0))
INDEX = {name: i for i, name in enumerate(DIRECTIONS)}
OPPOSITE = (1, 0, 3, 2, 5, 4)
AXIS = (1, 1, 2, 2, 0, 0)
PUSH_LIMIT = 12

NORMAL, DESTROY, BLOCK, PUSH_ONLY = 0, 1, 2, 3
NOT_STICKY, SLIME, HONEY = 0, 1, 2

NEVER_PUSHED = ("obsidian", "crying_obsidian", "respawn_anchor", "reinforced_deepslate")
AIR_BLOCKS = ("air", "cave_air", "void_air")
# no collision box, yet not destroyed by a push
NO_BOX_KEPT = ("air", "cave_air", "void_air", "rail", "powered_rail", "detector_rail",
               "activator_rail", "moving_piston", "nether_portal", "end_portal", "end_gateway",
               "light", "powder_snow")  # fmt: skip
DESTROY_NAMES = frozenset((
    "cactus", "bamboo", "pumpkin", "melon", "carved_pumpkin", "jack_o_lantern", "cocoa",
    "dragon_egg", "sea_pickle", "lantern", "soul_lantern", "flower_pot", "cake", "turtle_egg",
    "sniffer_egg", "chorus_plant", "chorus_flower", "scaffolding", "pointed_dripstone",
    "small_amethyst_bud", "medium_amethyst_bud", "large_amethyst_bud", "amethyst_cluster",
    "budding_amethyst", "lily_pad", "azalea", "flowering_azalea", "moss_carpet",
    "pale_moss_carpet", "snow", "bell", "decorated_pot", "big_dripleaf", "pitcher_crop",
    "comparator", "repeater", "ladder", "mangrove_propagule", "suspicious_sand",
    "suspicious_gravel",
))  # fmt: skip
DESTROY_SUFFIXES = ("_bed", "_door", "_head", "_skull", "_wall_head", "_wall_skull", "candle",
                    "_candle_cake", "shulker_box", "_lantern")  # fmt: skip
BLOCK_NAMES = frozenset(("piston_head", "moving_piston", "nether_portal", "grindstone",
                         "barrier", "light", "end_portal", "end_gateway"))  # fmt: skip
PUSH_ONLY_SUFFIXES = ("_glazed_terracotta",)
BLOCK_ENTITIES = frozenset((
    "chest", "trapped_chest", "ender_chest", "barrel", "furnace", "smoker", "blast_furnace",
    "hopper", "dispenser", "dropper", "brewing_stand", "beacon", "enchanting_table", "spawner",
    "jukebox", "lectern", "campfire", "soul_campfire", "conduit", "daylight_detector",
    "beehive", "bee_nest", "chiseled_bookshelf", "sculk_sensor", "calibrated_sculk_sensor",
    "sculk_shrieker", "sculk_catalyst", "crafter", "trial_spawner", "vault", "creaking_heart",
    "end_portal", "end_gateway", "structure_block", "jigsaw", "command_block",
    "chain_command_block", "repeating_command_block", "moving_piston", "comparator",
    "bell", "decorated_pot", "suspicious_sand", "suspicious_gravel", "test_block",
    "test_instance_block",
))  # fmt: skip
BLOCK_ENTITY_SUFFIXES = ("_sign", "_banner", "_bed", "_head", "_skull", "shulker_box", "_shelf",
                         "copper_golem_statue")  # fmt: skip


@dataclass(frozen=True)
class PushTables:
    """Per-state facts the resolver reads (arrays indexed by state id)."""

    reaction: np.ndarray  # NORMAL / DESTROY / BLOCK / PUSH_ONLY
    block_entity: np.ndarray  # bool
    never: np.ndarray  # bool: obsidian and the like, and unbreakable blocks
    air: np.ndarray  # bool
    sticky: np.ndarray  # NOT_STICKY / SLIME / HONEY
    piston: np.ndarray  # 0: not a piston base; 1: retracted; 2: extended


_TABLES: dict[int, PushTables] = {}


def push_tables(reg: BlockRegistry) -> PushTables:
    """The registry's push tables (built once)."""
    found = _TABLES.get(id(reg))
    if found is None:
        found = _TABLES[id(reg)] = _build(reg)
    return found


def _build(reg: BlockRegistry) -> PushTables:
    n = reg.state_count
    reaction = np.zeros(n, np.uint8)
    block_entity = np.zeros(n, bool)
    never = np.zeros(n, bool)
    air = np.zeros(n, bool)
    sticky = np.zeros(n, np.uint8)
    piston = np.zeros(n, np.uint8)
    boxes = reg.shape_box_count[reg.state_shape]
    for b in reg.blocks:
        span = slice(b.min_state, b.max_state + 1)
        name = b.name
        if name in BLOCK_NAMES:
            reaction[span] = BLOCK
        elif name.endswith(PUSH_ONLY_SUFFIXES):
            reaction[span] = PUSH_ONLY
        elif name != "sea_lantern" and (
            name in DESTROY_NAMES
            or name.endswith(DESTROY_SUFFIXES)
            or (not boxes[span].any() and name not in NO_BOX_KEPT and not name.endswith(
                ("_sign", "_banner")))
        ):  # fmt: skip
            reaction[span] = DESTROY
        block_entity[span] = name in BLOCK_ENTITIES or name.endswith(BLOCK_ENTITY_SUFFIXES)
        never[span] = name in NEVER_PUSHED or b.hardness is None or b.hardness < 0
        air[span] = name in AIR_BLOCKS
        sticky[span] = SLIME if name == "slime_block" else HONEY if name == "honey_block" else 0
        if name in ("piston", "sticky_piston"):
            for s in range(b.min_state, b.max_state + 1):
                piston[s] = 2 if reg.properties(s)["extended"] == "true" else 1
    return PushTables(reaction, block_entity, never, air, sticky, piston)


def step(pos: Pos, d: int, times: int = 1) -> Pos:
    dx, dy, dz = STEPS[d]
    return (pos[0] + dx * times, pos[1] + dy * times, pos[2] + dz * times)


def is_pushable(
    world: World, t: PushTables, pos: Pos, state: int, direction: int, allow_destroy: bool,
    piston_facing: int,
) -> bool:  # fmt: skip
    """PistonBaseBlock.isPushable: whether the block at ``pos`` may move in ``direction``."""
    dim = world.dimension
    if not dim.min_y <= pos[1] < dim.max_y:
        return False
    if t.air[state]:
        return True
    if (direction == 0 and pos[1] == dim.min_y) or (direction == 1 and pos[1] == dim.max_y - 1):
        return False
    if t.piston[state]:
        if t.piston[state] == 2:
            return False
    else:
        if t.never[state]:
            return False
        reaction = t.reaction[state]
        if reaction == BLOCK:
            return False
        if reaction == DESTROY:
            return allow_destroy
        if reaction == PUSH_ONLY:
            return direction == piston_facing
    return not t.block_entity[state]


def can_stick(t: PushTables, a: int, b: int) -> bool:
    """PistonStructureResolver.canStickToEachOther (slime and honey do not stick together)."""
    sa, sb = t.sticky[a], t.sticky[b]
    if sa and sb and sa != sb:
        return False
    return bool(sa or sb)


@dataclass
class Structure:
    """What a push or pull moves (in vanilla's order) and what it breaks."""

    to_push: list[Pos] = field(default_factory=list)
    to_destroy: list[Pos] = field(default_factory=list)


class _Resolver:
    def __init__(self, world: World, piston: Pos, facing: int, extending: bool) -> None:
        self.world = world
        self.t = push_tables(world.registry)
        self.piston = piston
        self.facing = facing
        self.push = facing if extending else OPPOSITE[facing]
        self.start = step(piston, facing, 1 if extending else 2)
        self.extending = extending
        self.out = Structure()

    def state(self, pos: Pos) -> int:
        return self.world.get_block(*pos)

    def resolve(self) -> bool:
        s = self.state(self.start)
        if not is_pushable(self.world, self.t, self.start, s, self.push, False, self.facing):
            if self.extending and self.t.reaction[s] == DESTROY and not self.t.piston[s]:
                self.out.to_destroy.append(self.start)
                return True
            return False
        if not self.add_line(self.start, self.push):
            return False
        i = 0
        while i < len(self.out.to_push):
            p = self.out.to_push[i]
            if self.t.sticky[self.state(p)] and not self.add_branches(p):
                return False
            i += 1
        return True

    def add_line(self, origin: Pos, direction: int) -> bool:
        t, push, to_push = self.t, self.push, self.out.to_push
        s = self.state(origin)
        if t.air[s]:
            return True
        if not is_pushable(self.world, t, origin, s, push, False, direction):
            return True
        if origin == self.piston or origin in to_push:
            return True
        i = 1
        if i + len(to_push) > PUSH_LIMIT:
            return False
        while t.sticky[s]:  # the sticky blocks behind drag along
            p = step(origin, OPPOSITE[push], i)
            before, s = s, self.state(p)
            if (
                t.air[s]
                or not can_stick(t, before, s)
                or p == self.piston
                or not is_pushable(self.world, t, p, s, push, False, OPPOSITE[push])
            ):
                break  # fmt: skip
            i += 1
            if i + len(to_push) > PUSH_LIMIT:
                return False
        j = 0
        for k in range(i - 1, -1, -1):
            to_push.append(step(origin, OPPOSITE[push], k))
            j += 1
        k = 1
        while True:
            p = step(origin, push, k)
            if p in to_push:
                at = to_push.index(p)
                self.reorder(j, at)
                for m in range(at + j + 1):
                    q = to_push[m]
                    if t.sticky[self.state(q)] and not self.add_branches(q):
                        return False
                return True
            s = self.state(p)
            if t.air[s]:
                return True
            if not is_pushable(self.world, t, p, s, push, True, push) or p == self.piston:
                return False
            if t.reaction[s] == DESTROY and not t.piston[s]:
                self.out.to_destroy.append(p)
                return True
            if len(to_push) >= PUSH_LIMIT:
                return False
            to_push.append(p)
            j += 1
            k += 1

    def reorder(self, a: int, b: int) -> None:
        """reorderListAtCollision: the new line goes before the one it ran into."""
        lst = self.out.to_push
        n = len(lst)
        lst[:] = lst[:b] + lst[n - a :] + lst[b : n - a]

    def add_branches(self, origin: Pos) -> bool:
        t = self.t
        s = self.state(origin)
        for d in range(6):
            if AXIS[d] == AXIS[self.push]:
                continue
            p = step(origin, d)
            if can_stick(t, self.state(p), s) and not self.add_line(p, d):
                return False
        return True


def resolve(world: World, piston: Pos, facing: int, extending: bool) -> Structure | None:
    """The blocks a piston at ``piston`` facing ``facing`` moves when extending (pushing) or
    retracting (pulling, sticky pistons), or None when the move is blocked."""
    r = _Resolver(world, piston, facing, extending)
    return r.out if r.resolve() else None
