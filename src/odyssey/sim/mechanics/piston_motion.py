"""Moving boxes through blocks with vanilla's collisions (``Entity.move``), for what the block
mechanics move outside the entity tick: the player and mobs a piston pushes
(PistonMovingBlockEntity.moveCollidedEntities), and primed TNT.

The block window is the entity simulation's ``EntityWindow`` (one per world, kept here), so
collisions are exactly those of mobs and items.
"""

from __future__ import annotations

import numpy as np

from odyssey.attached import attached
from odyssey.sim import layout as k
from odyssey.sim.collision import collide
from odyssey.sim.entities import motion as m
from odyssey.sim.mechanics.piston_moves import AXIS, OPPOSITE, STEPS
from odyssey.sim.player import PlayerState
from odyssey.world.storage import World


def window(world: World, lo: tuple[float, ...], hi: tuple[float, ...]) -> m.EntityWindow:
    """The world's block window, covering lo..hi and up to date."""
    w = attached(world, "_piston_window", m.EntityWindow)
    w.cover((lo[0], lo[1], lo[2]), (hi[0], hi[1], hi[2]))
    return w


def clip_move(world: World, box: tuple[float, ...], d: tuple[float, float, float]
              ) -> tuple[float, float, float]:  # fmt: skip
    """How far a box can move by ``d`` before blocks stop it (no stepping up)."""
    w = window(world, box[:3], box[3:])
    ctx = np.array([(box[0] + box[3]) / 2, box[1], (box[2] + box[5]) / 2, 0.0])
    moved = collide(w.states, w.origin, w.tables, np.array(box, dtype=np.float64), d[0], d[1],
                    d[2], False, 0.0, ctx, False, w.scratch)  # fmt: skip
    return float(moved[0]), float(moved[1]), float(moved[2])


def move_row(world: World, pos: tuple[float, float, float], vel: tuple[float, float, float],
             size: float, on_ground: bool) -> tuple[np.ndarray, bool, bool]:  # fmt: skip
    """``Entity.move`` of a ``size``-wide cube at ``pos`` (feet) by ``vel``: the row after it
    (position, velocity with blocked axes zeroed), whether it landed and whether it is in
    water."""
    w = window(world, (pos[0] - 1, pos[1] - 1, pos[2] - 1), (pos[0] + 1, pos[1] + 2, pos[2] + 1))
    row = np.zeros(m.ROW)
    row[m.M_X], row[m.M_Y], row[m.M_Z] = pos
    row[m.M_VX], row[m.M_VY], row[m.M_VZ] = vel
    row[m.M_W] = row[m.M_H] = size
    row[m.M_GROUND] = 1.0 if on_ground else 0.0
    row[m.M_MODE] = m.MODE_ITEM
    m.move(w.states, w.origin, w.tables, row, vel[0], vel[1], vel[2], w.scratch)
    water = m.fluid_in_box(w.states, w.origin, w.tables, m.box_of(row), 1)
    return row, bool(row[m.M_GROUND] != 0.0), bool(water)


# -- pushing entities --------------------------------------------------------------------------


def _boxes(game, m) -> list[tuple[float, ...]]:
    """The moving block's collision boxes at its current progress, in world coordinates."""
    reg = game.world.registry
    state = m.head_state if (m.source and not m.extending) else m.state
    ox, oy, oz = m.offset(m.progress)
    x, y, z = m.end
    return [(x + ox + b[0], y + oy + b[1], z + oz + b[2], x + ox + b[3], y + oy + b[4],
             z + oz + b[5]) for b in reg.collision_boxes(state).tolist()]  # fmt: skip


def _reach(m, registry, amount: float) -> tuple[float, ...]:
    """A box holding every area the moving block sweeps in a tick: its collision boxes (within
    the registry's extent of all boxes) at most one block from its cell (``Moving.offset``),
    swept by ``amount``, and 0.01 more against rounding."""
    lo, hi = _extent(registry)
    grow = 1.01 + abs(amount)
    x, y, z = m.end
    return (x + lo[0] - grow, y + lo[1] - grow, z + lo[2] - grow, x + hi[0] + grow,
            y + hi[1] + grow, z + hi[2] + grow)  # fmt: skip


_EXTENTS: dict[int, tuple[object, tuple[float, ...], tuple[float, ...]]] = {}


def _extent(registry) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The lowest corner and the highest of every collision box of the registry's states,
    relative to the block (built once per registry)."""
    found = _EXTENTS.get(id(registry))
    if found is None or found[0] is not registry:
        boxes = np.asarray(registry.boxes, dtype=np.float64).reshape(-1, 6)
        if len(boxes):
            lo = tuple(min(0.0, float(v)) for v in boxes[:, :3].min(axis=0))
            hi = tuple(max(1.0, float(v)) for v in boxes[:, 3:].max(axis=0))
        else:
            lo, hi = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)
        found = _EXTENTS[id(registry)] = (registry, lo, hi)
    return found[1], found[2]


def _swept(box: tuple[float, ...], d: int, amount: float) -> tuple[float, ...]:
    """PistonMath.getMovementArea: the slab in front of the box the move sweeps."""
    axis = AXIS[d]
    lo, hi = list(box[:3]), list(box[3:])
    if d in (1, 3, 5):
        lo[axis], hi[axis] = hi[axis], hi[axis] + amount
    else:
        lo[axis], hi[axis] = lo[axis] - amount, lo[axis]
    return (*lo, *hi)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(a[i] < b[i + 3] and a[i + 3] > b[i] for i in range(3))


def _movement(area: tuple[float, ...], d: int, box: tuple[float, ...]) -> float:
    """PistonMovingBlockEntity.getMovement: how far the box must go to leave the area."""
    axis = AXIS[d]
    return area[axis + 3] - box[axis] if d in (1, 3, 5) else box[axis + 3] - area[axis]


def push_entities(game, m, amount: float) -> None:
    """moveCollidedEntities for the player and the entities (mobs, items) the block sweeps."""
    store = game.survival.entities
    if (store is None or not store.entities) and not _near(
        (_reach(m, game.world.registry, amount),), game.player
    ):
        return  # nobody the move could touch: no need for its boxes
    from odyssey.sim.entities.kinds import kind

    boxes = _boxes(game, m)
    if not boxes:
        return
    d = m.facing if m.extending else OPPOSITE[m.facing]
    areas = [_swept(b, d, amount) for b in boxes]
    slime = game.world.registry.block_of(m.state).name == "slime_block"
    p = game.player
    if not p.dead and game.survival.gamemode != "spectator" and _near(areas, p):
        x, y, z = p.pos
        box = tuple(float(v) for v in k.player_box(p.to_array(), p.attributes.as_array(0), p.pose))
        push = _push_of(areas, d, box, amount)
        if push > 0.0:
            dx, dy, dz = (v * push for v in STEPS[d])
            dx, dy, dz = clip_move(game.world, box, (dx, dy, dz))
            st = p.to_array()
            st[k.S_X], st[k.S_Y], st[k.S_Z] = x + dx, y + dy, z + dz
            if slime:  # the bounce: speed 1 along the push
                st[(k.S_VX, k.S_VY, k.S_VZ)[AXIS[d]]] = float(sum(STEPS[d]))
            game.player = PlayerState.from_array(st, p.attributes)
    store = game.survival.entities
    if store is None:
        return
    for e in list(store.entities.values()):
        size = kind(e.type)
        if e.dead:
            continue
        half = size.width / 2
        box = (e.x - half, e.y, e.z - half, e.x + half, e.y + size.height, e.z + half)
        push = _push_of(areas, d, box, amount)
        if push > 0.0:
            dx, dy, dz = clip_move(game.world, box, tuple(v * push for v in STEPS[d]))
            e.x, e.y, e.z = e.x + dx, e.y + dy, e.z + dz
            if slime:
                setattr(e, ("vx", "vy", "vz")[AXIS[d]], float(sum(STEPS[d])))


def unstick(game, m) -> None:
    """After a block lands: move the player and mobs still inside it out along the move, as
    the moving block's collision box (which ``moving_piston`` lacks here) would have kept
    them there."""
    from odyssey.sim.entities.kinds import kind

    reg = game.world.registry
    x0, y0, z0 = m.end
    boxes = [(x0 + b[0], y0 + b[1], z0 + b[2], x0 + b[3], y0 + b[4], z0 + b[5])
             for b in reg.collision_boxes(game.world.get_block(*m.end)).tolist()]  # fmt: skip
    if not boxes:
        return
    d = m.facing if m.extending else OPPOSITE[m.facing]
    p = game.player
    if not p.dead and game.survival.gamemode != "spectator" and _near(boxes, p):
        box = tuple(float(v) for v in k.player_box(p.to_array(), p.attributes.as_array(0), p.pose))
        out = max((_movement(b, d, box) for b in boxes if _overlap(b, box)), default=0.0)
        if out > 0.0:
            dx, dy, dz = clip_move(game.world, box, tuple(v * out for v in STEPS[d]))
            st = p.to_array()
            st[k.S_X], st[k.S_Y], st[k.S_Z] = p.pos[0] + dx, p.pos[1] + dy, p.pos[2] + dz
            if d == 1:
                st[k.S_VY] = max(0.0, st[k.S_VY])
            game.player = PlayerState.from_array(st, p.attributes)
    store = game.survival.entities
    for e in list(store.entities.values()) if store is not None else ():
        size = kind(e.type)
        half = size.width / 2
        box = (e.x - half, e.y, e.z - half, e.x + half, e.y + size.height, e.z + half)
        out = max((_movement(b, d, box) for b in boxes if _overlap(b, box)), default=0.0)
        if out > 0.0 and not e.dead:
            dx, dy, dz = clip_move(game.world, box, tuple(v * out for v in STEPS[d]))
            e.x, e.y, e.z = e.x + dx, e.y + dy, e.z + dz


def _near(boxes: list[tuple[float, ...]], p: PlayerState) -> bool:
    """Whether the player's box may meet one of ``boxes``: a box around the feet holding the
    player's box in every pose at its scale (the cheap test before the exact one, which needs
    the player's arrays)."""
    x, y, z = p.pos
    scale = p.attributes.scale
    half = float(k.PLAYER_WIDTH) * scale / 2 + 0.01
    height = float(max(k.PLAYER_HEIGHT, k.CROUCH_HEIGHT, k.SWIM_HEIGHT)) * scale + 0.01
    bound = (x - half, y - 0.01, z - half, x + half, y + height, z + half)
    return any(_overlap(b, bound) for b in boxes)


def _push_of(areas: list[tuple[float, ...]], d: int, box: tuple[float, ...],
             amount: float) -> float:  # fmt: skip
    best = 0.0
    for area in areas:
        if _overlap(area, box):
            best = max(best, _movement(area, d, box))
            if best >= amount:
                break
    return min(best, amount) + 0.01 if best > 0.0 else 0.0
