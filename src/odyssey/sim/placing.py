"""Placing a block item as vanilla 1.21.11's BlockItem.place does: where the block goes (the
clicked block if it can be replaced, else the one against the clicked face), the state it takes
(``odyssey.sim.placement_states``), the checks (room, support, nobody in the way, game mode)
and the neighbours that react (fence, pane and wall connections, stair corners, chest halves).

Pure: returns the block changes for the caller to apply. Falling blocks (sand, gravel) are
placed but do not fall here; block entities (sign text, chest contents) are the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from odyssey.sim import placement_states as ps
from odyssey.sim.leaf_distance import distance_here
from odyssey.sim.placement_states import OPPOSITE, PlaceContext, name_of, neighbour, state
from odyssey.sim.player import PlayerState
from odyssey.sim.reach import BlockHit, eye_position, look_vector
from odyssey.world import connections
from odyssey.world.blocks import BlockFlag, BlockRegistry
from odyssey.world.items import ItemRegistry, items
from odyssey.world.storage import World

Pos = tuple[int, int, int]
Box = tuple[float, float, float, float, float, float]  # min x, y, z, max x, y, z
BUILD_MODES = ("survival", "creative")


@dataclass(frozen=True)
class Click:
    """A right-click on a block face: the clicked block, the face, the exact point hit."""

    pos: Pos
    face: str
    hit: tuple[float, float, float]
    yaw: float = 0.0
    pitch: float = 0.0
    sneaking: bool = False


@dataclass(frozen=True)
class Placement:
    """What placing did: block changes, items used up (0 in creative) and stats."""

    changes: tuple[tuple[Pos, int], ...]
    consumed: int
    stats: tuple[tuple[str, str, int], ...]


def click_of(player: PlayerState, hit: BlockHit) -> Click:
    """The click a crosshair hit (``reach.crosshair_block``) makes, with the point hit."""
    ex, ey, ez = eye_position(player)
    lx, ly, lz = look_vector(player.yaw, player.pitch)
    point = (ex + lx * hit.distance, ey + ly * hit.distance, ez + lz * hit.distance)
    return Click(hit.pos, hit.face, point, player.yaw, player.pitch, player.crouching)


def place_block(
    world: World,
    item: str,
    click: Click,
    *,
    mode: str = "survival",
    boxes: Sequence[Box] = (),
    reg: ItemRegistry | None = None,
) -> Placement | None:
    """Place ``item`` against a clicked face; None when nothing is placed (not a block item,
    adventure/spectator, no room, nothing to stand on, or a box in ``boxes`` (the player's and
    other entities') in the way of the new block's collision shape)."""
    reg = reg or items()
    item = item.removeprefix("minecraft:")
    block = reg.block_for_item(item)
    if block is None or mode not in BUILD_MODES:
        return None
    ctx = _context(world, click, item, block)
    if ctx is None or not _in_height(world, ctx.pos):
        return None
    placed = _state_for(world, ctx, item, block, reg)
    if placed is None:
        return None
    new, extra = placed
    if not ps.can_survive(world, ctx.pos, new) or _obstructed(world, ctx.pos, new, boxes):
        return None
    changes = [(ctx.pos, new), *extra]
    changes += _neighbour_updates(world, changes)
    consumed = 0 if mode == "creative" else 1
    return Placement(tuple(changes), consumed, (("used", item, 1),))


def replaceable(world: World, pos: Pos, block: str, ctx: PlaceContext | None = None) -> bool:
    """BlockState.canBeReplaced for an item placing ``block``: air, water, grass and other
    replaceable blocks; a single snow layer; a slab the same slab can double."""
    blocks = world.registry
    s = world.get_block(*pos)
    name = name_of(blocks, s)
    if name == "snow":
        return blocks.properties(s)["layers"] == "1"
    if blocks.has_flag(s, BlockFlag.SLAB) and name == block:
        return _slab_doubles(blocks, s, ctx)
    return blocks.has_flag(s, BlockFlag.REPLACEABLE)


def _slab_doubles(blocks: BlockRegistry, s: int, ctx: PlaceContext | None) -> bool:
    """SlabBlock.canBeReplaced: a single slab takes a second one from the face it lacks."""
    kind = blocks.properties(s)["type"]
    if kind == "double":
        return False
    if ctx is None or not ctx.replacing:
        return True
    side = ctx.face not in ("up", "down")
    if kind == "bottom":
        return ctx.face == "up" or (ctx.hit_y > 0.5 and side)
    return ctx.face == "down" or (ctx.hit_y <= 0.5 and side)


def _context(world: World, click: Click, item: str, block: str) -> PlaceContext | None:
    """BlockPlaceContext: replace the clicked block if it can be, else use the next one."""
    here = PlaceContext(click.pos, click.face, click.hit, click.yaw, click.pitch, True,
                        click.sneaking)  # fmt: skip
    if replaceable(world, click.pos, block, here):
        return here
    target = neighbour(click.pos, click.face)
    ctx = PlaceContext(target, click.face, click.hit, click.yaw, click.pitch, False,
                       click.sneaking)  # fmt: skip
    return ctx if replaceable(world, target, block, ctx) else None


def _in_height(world: World, pos: Pos) -> bool:
    return world.dimension.min_y <= pos[1] < world.dimension.min_y + world.dimension.height


SIX_WAY_FACING = ("piston", "sticky_piston", "dispenser", "dropper", "observer", "command_block",
                  "chain_command_block", "repeating_command_block")  # fmt: skip


def _state_for(
    world: World, ctx: PlaceContext, item: str, block: str, reg: ItemRegistry
) -> tuple[int, list[tuple[Pos, int]]] | None:
    """The placed state and any second block (door top, bed head, chest partner)."""
    blocks = world.registry
    flags = BlockFlag(int(blocks.state_flags[blocks.default_state(block)]))
    water = str(ps.water_at(world, ctx.pos)).lower()
    p = dict(blocks.block(block).properties)
    if flags & BlockFlag.SLAB:
        return ps.slab_state(world, ctx, block), []
    if flags & BlockFlag.STAIRS:
        return ps.stairs_state(world, ctx, block), []
    if flags & BlockFlag.DOOR:
        return _door(world, ctx, block)
    if flags & BlockFlag.BED:
        return _bed(world, ctx, block)
    if flags & (BlockFlag.BUTTON | BlockFlag.LEVER):
        return _one(ps.attached_state(world, ctx, block))
    if flags & BlockFlag.TRAPDOOR:
        return ps.trapdoor_state(world, ctx, block), []
    if flags & BlockFlag.FENCE_GATE:
        return state(blocks, block, facing=ctx.horizontal), []
    if block == "ladder":
        return _one(ps.wall_state(world, ctx, block, waterlogged=water))
    wall_block = reg.wall_block_for_item(item)
    if block.endswith("torch") or flags & BlockFlag.SIGN:
        standing = state(blocks, block, rotation=ps.sign_rotation(ctx.yaw), waterlogged=water)
        return _one(ps.standing_or_wall(world, ctx, standing, wall_block))
    if block.endswith("chest") and "type" in p:
        new, partner = ps.chest_state(world, ctx, block)
        return new, [partner] if partner else []
    if "axis" in p:  # logs, pillars, basalt, chains
        return state(blocks, block, axis=ps.AXIS[ctx.face], waterlogged=water), []
    if flags & BlockFlag.LEAVES:
        return state(blocks, block, persistent="true", distance=str(distance_here(world, ctx.pos)),
                     waterlogged=water), []  # fmt: skip
    if "facing" in p and len(p["facing"]) == 6 and block in SIX_WAY_FACING:
        look = ps.nearest_directions(ctx.yaw, ctx.pitch)[0]  # getNearestLookingDirection
        facing = look if block == "observer" else OPPOSITE[look]  # the rest face the player
        return state(blocks, block, facing=facing), []
    if "facing" in p and len(p["facing"]) == 4:  # furnaces, pumpkins, ...: face the player
        facing = OPPOSITE[ctx.horizontal]
        if block.endswith("anvil"):
            facing = ps.CLOCKWISE[ctx.horizontal]
        return state(blocks, block, facing=facing, waterlogged=water), []
    return state(blocks, block, waterlogged=water), []


def _one(s: int | None) -> tuple[int, list] | None:
    return None if s is None else (s, [])


def _door(world: World, ctx: PlaceContext, block: str) -> tuple[int, list] | None:
    """DoorBlock + DoubleHighBlockItem: the lower half here, the upper above (needs room)."""
    blocks = world.registry
    above = neighbour(ctx.pos, "up")
    if not _in_height(world, above) or not replaceable(world, above, block):
        return None
    props = {"facing": ctx.horizontal, "hinge": ps.door_hinge(world, ctx), "open": "false",
             "powered": "false"}  # fmt: skip
    lower = state(blocks, block, half="lower", **props)
    return lower, [(above, state(blocks, block, half="upper", **props))]


def _bed(world: World, ctx: PlaceContext, block: str) -> tuple[int, list] | None:
    """BedBlock: the foot here, the head one block the way the player faces (needs room)."""
    blocks = world.registry
    head = neighbour(ctx.pos, ctx.horizontal)
    if not _in_height(world, head) or not replaceable(world, head, block):
        return None
    foot = state(blocks, block, facing=ctx.horizontal, part="foot")
    return foot, [(head, state(blocks, block, facing=ctx.horizontal, part="head"))]


def _obstructed(world: World, pos: Pos, s: int, boxes: Sequence[Box]) -> bool:
    """Level.isUnobstructed: the new block's collision boxes meet none of the entity boxes."""
    shape = world.registry.collision_boxes(s)
    for b in shape:
        lo = np.asarray(b[:3], dtype=np.float64) + pos
        hi = np.asarray(b[3:], dtype=np.float64) + pos
        for e in boxes:
            if all(lo[a] < e[a + 3] and e[a] < hi[a] for a in range(3)):
                return True
    return False


# -- neighbours --------------------------------------------------------------------------------


class _After:
    """The world as it will be after some changes (read-only), for neighbour updates."""

    def __init__(self, world: World, changes: Sequence[tuple[Pos, int]]) -> None:
        self.world, self.registry, self.dimension = world, world.registry, world.dimension
        self.changed = dict(changes)

    def get_block(self, x: int, y: int, z: int) -> int:
        return self.changed.get((x, y, z), self.world.get_block(x, y, z))


def _neighbour_updates(world: World, changes: list[tuple[Pos, int]]) -> list[tuple[Pos, int]]:
    """updateShape of the new blocks and their neighbours: fence/pane/wall connections and
    gates' in_wall (world.connections), and stair corners."""
    after = _After(world, changes)
    out: dict[Pos, int] = {}
    cells = {pos for pos, _ in changes}
    for pos, _ in changes:
        cells |= {neighbour(pos, d) for d in ps.STEP}
    for pos in sorted(cells):
        s = after.get_block(*pos)
        new = _reshaped(after, pos, s)
        if new != s:
            out[pos] = new
            after.changed[pos] = new
    return [(pos, s) for pos, s in out.items()]


def _reshaped(after: _After, pos: Pos, s: int) -> int:
    blocks = after.registry
    kinds = connections.connection_kinds(blocks)
    if kinds[s]:
        near = np.array([[[after.get_block(pos[0] + dx, pos[1] + dy, pos[2] + dz)
                           for dx in (-1, 0, 1)] for dz in (-1, 0, 1)] for dy in (-1, 0, 1)],
                        dtype=np.int64)  # fmt: skip
        return connections.connected_state(blocks, s, kinds, near)
    if blocks.has_flag(s, BlockFlag.STAIRS):
        shape = ps.stairs_shape(after, pos, s)  # type: ignore[arg-type]
        return state(blocks, name_of(blocks, s), **{**blocks.properties(s), "shape": shape})
    return s
