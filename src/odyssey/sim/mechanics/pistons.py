"""Pistons and sticky pistons, as vanilla 1.21.11's PistonBaseBlock, PistonHeadBlock and
PistonMovingBlockEntity.

A piston looks for power on every neighbour update (``getNeighborSignal``): from every side but
its front, and from the sides of the block above it (quasi-connectivity). When that changes it
queues a block event (extend, contract, or "drop" for a pulse so short that the push has not
passed half way), run at the end of the tick (vanilla's ``runBlockEvents``). Extending moves
what ``piston_moves.resolve`` finds (12 blocks at most, slime and honey dragging their
neighbours, ``DESTROY`` blocks broken with their drops) and puts a ``moving_piston`` at every
destination and at the head's place; retracting turns the base itself into a
``moving_piston`` (the head slides back into it) and a sticky piston pulls the block two in
front (not immovable or ``DESTROY`` blocks: those stay). Sounds ``block.piston.extend`` /
``block.piston.contract``.

Moving blocks (for the renderer): ``game.survival.mechanics["pistons"].moving`` maps each
``moving_piston`` position to a ``Moving`` with ``state`` (the block that lands there),
``start`` (where it is drawn at progress 0) and ``end`` (its position, where it lands),
``progress_before`` and ``progress`` (0 → 0.5 → 1 in the two ticks after the event, as
vanilla; draw at ``start + (end - start) * lerp(progress_before, progress, partial)``), and
``source`` (the piston's own head). A retracting piston's ``source`` entry holds the base
(``state`` = the unextended base): draw the base extended at ``end`` unmoved and a
``piston_head`` (``head_state``) at the interpolated place. A moving block lands the tick
after its progress reached 1 (three ticks including the event's).

Entities: each tick a moving block's collision boxes sweep half a block; the player and mobs
whose box is in the swept area are moved along by the overlap (at most 0.5) + 0.01, with
collisions, and a moving slime block sets their speed along the push to 1 (bounce), as
``moveCollidedEntities``. Deliberate differences: ``moving_piston`` has no collision box
of its own here (vanilla's block entity gives it the moving block's), honey blocks do not carry
entities standing on them (``moveStuckEntities``), and a block event runs once per tick in the
order queued.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.sim import blockupdates
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.piston_motion import push_entities, unstick
from odyssey.sim.mechanics.piston_moves import (
    DIRECTIONS,
    INDEX,
    NORMAL,
    OPPOSITE,
    STEPS,
    is_pushable,
    push_tables,
    resolve,
    step,
)
from odyssey.sim.mechanics.power import signalled_known
from odyssey.sim.player import PlayerState
from odyssey.sim.redstone import prop, state_with, with_props

Pos = tuple[int, int, int]
EXTEND, CONTRACT, DROP = 0, 1, 2  # vanilla's TRIGGER_EXTEND, TRIGGER_CONTRACT, TRIGGER_DROP
BASES = ("piston", "sticky_piston")
STEP_PER_TICK = 0.5


@dataclass
class Moving:
    """A ``moving_piston`` block (PistonMovingBlockEntity)."""

    end: Pos
    state: int  # the moved block (movedState)
    facing: int  # the piston's facing (direction index)
    extending: bool
    source: bool  # the piston's own head (or, retracting, its base)
    head_state: int = 0  # retracting source: the piston_head to draw moving
    progress: float = 0.0
    progress_before: float = 0.0
    ticked: int = -1

    @property
    def start(self) -> Pos:
        """Where the block was (is drawn at progress 0)."""
        sign = -1 if self.extending else 1
        return step(self.end, self.facing, sign)

    def offset(self, progress: float) -> tuple[float, float, float]:
        """Where the block is drawn relative to ``end`` (getXOff/getYOff/getZOff)."""
        amount = progress - 1.0 if self.extending else 1.0 - progress
        dx, dy, dz = STEPS[self.facing]
        return (dx * amount, dy * amount, dz * amount)


@dataclass
class PistonState:
    """Moving blocks by position, and block events waiting for the end of the tick."""

    moving: dict[Pos, Moving] = field(default_factory=dict)
    events: list[tuple[Pos, str, int]] = field(default_factory=list)  # pos, block, type


def state_of(game) -> PistonState:
    found = game.survival.mechanics.get("pistons")
    if found is None:
        found = game.survival.mechanics["pistons"] = PistonState()
    return found


# -- power -------------------------------------------------------------------------------------


def neighbour_signal(world, pos: Pos, facing: int) -> bool:
    """PistonBaseBlock.getNeighborSignal: power from any side but the front, or into the block
    above from any of its sides (quasi-connectivity)."""
    return signalled_known(world, pos, facing) or signalled_known(world, step(pos, 1), 0)


def _facing(reg, state: int) -> int:
    return INDEX[prop(reg, state, "facing")]


@hooks.on_placed(*BASES)
@hooks.on_neighbour(*BASES)
def check_if_extend(game, pos: Pos, state: int, *_: object) -> None:
    """PistonBaseBlock.checkIfExtend: queue the move that the power now asks for."""
    world = game.world
    reg = world.registry
    facing = INDEX[prop(reg, state, "facing")]
    powered = neighbour_signal(world, pos, facing)
    extended = prop(reg, state, "extended") == "true"
    if powered and not extended:
        if resolve(world, pos, facing, True) is not None:
            _queue(game, pos, reg.block_of(state).name, EXTEND)
    elif not powered and extended:
        kind = CONTRACT
        ahead = step(pos, facing, 2)
        m = state_of(game).moving.get(ahead)
        if (m is not None and m.facing == facing and m.extending
                and (m.progress < 0.5 or m.ticked == game.tick_count)):  # fmt: skip
            kind = DROP
        _queue(game, pos, reg.block_of(state).name, kind)


def _queue(game, pos: Pos, block: str, kind: int) -> None:
    events = state_of(game).events
    if (pos, block, kind) not in events:  # vanilla's block events are a set
        events.append((pos, block, kind))


# -- the tick ----------------------------------------------------------------------------------


@hooks.on_player_tick
def tick(game, before: PlayerState) -> None:
    """End of the tick: block events, then every moving block's tick."""
    st = game.survival.mechanics.get("pistons")
    if st is None:
        return
    events, st.events = st.events, []
    for pos, block, kind in events:
        state = game.world.get_block(*pos)
        if game.world.registry.block_of(state).name == block:
            trigger(game, pos, state, kind)
    for m in list(st.moving.values()):
        if st.moving.get(m.end) is m:
            _tick_moving(game, st, m)


def trigger(game, pos: Pos, state: int, kind: int) -> bool:
    """PistonBaseBlock.triggerEvent."""
    world = game.world
    reg = world.registry
    facing = _facing(reg, state)
    sticky = reg.block_of(state).name == "sticky_piston"
    powered = neighbour_signal(world, pos, facing)
    if powered and kind in (CONTRACT, DROP):
        game.set_block(pos, with_props(reg, state, extended="true"), update=False)
        return False
    if not powered and kind == EXTEND:
        return False
    st = state_of(game)
    if kind == EXTEND:
        if not move_blocks(game, pos, facing, True, sticky):
            return False
        game.set_block(pos, with_props(reg, state, extended="true"))
        hooks.sound(game, "block.piston.extend", pos)
        game.emit("piston_extend", 0.0, pos)
        return True
    head = step(pos, facing)
    if head in st.moving:
        final_tick(game, st.moving[head])
    facing_name = DIRECTIONS[facing]
    moving = state_with(reg, "moving_piston", facing=facing_name,
                        type="sticky" if sticky else "normal")  # fmt: skip
    old = world.get_block(*pos)
    game.set_block(pos, moving, update=False)
    base = with_props(reg, state, extended="false")
    head_state = state_with(reg, "piston_head", facing=facing_name,
                            type="sticky" if sticky else "normal", short="false")  # fmt: skip
    st.moving[pos] = Moving(pos, base, facing, False, True, head_state)
    blockupdates.block_changed(game, pos, old, moving)
    pulled = False
    if sticky:
        ahead = step(pos, facing, 2)
        m = st.moving.get(ahead)
        if m is not None and m.facing == facing and m.extending:
            final_tick(game, m)  # a short pulse: the pushed block stays where it went
        else:
            s = world.get_block(*ahead)
            t = push_tables(reg)
            pullable = (kind == CONTRACT and not t.air[s]
                        and is_pushable(world, t, ahead, s, OPPOSITE[facing], False, facing)
                        and (t.reaction[s] == NORMAL or t.piston[s]))  # fmt: skip
            pulled = pullable and move_blocks(game, pos, facing, False, sticky)
    if not pulled and reg.block_of(world.get_block(*head)).name == "piston_head":
        game.set_block(head, 0)
    hooks.sound(game, "block.piston.contract", pos)
    game.emit("piston_contract", 0.0, pos)
    return True


def move_blocks(game, pos: Pos, facing: int, extending: bool, sticky: bool) -> bool:
    """PistonBaseBlock.moveBlocks: turn what moves into moving_piston blocks (their new
    places), break what is destroyed, then update the neighbours as vanilla does."""
    world = game.world
    reg = world.registry
    head = step(pos, facing)

    before: dict[Pos, int] = {}

    def put(p: Pos, new: int) -> None:
        before.setdefault(p, world.get_block(*p))
        game.set_block(p, new, update=False)

    if not extending and reg.block_of(world.get_block(*head)).name == "piston_head":
        put(head, 0)  # vanilla removes the head first, even when the pull then fails
    found = resolve(world, pos, facing, extending)
    if found is None:
        return False
    st = state_of(game)
    moved = {p: world.get_block(*p) for p in found.to_push}
    left = dict(moved)
    direction = facing if extending else OPPOSITE[facing]
    for p in reversed(found.to_destroy):
        _break(game, p)
        put(p, 0)
    kind = {"facing": DIRECTIONS[facing]}
    for p in reversed(found.to_push):
        dest = step(p, direction)
        left.pop(dest, None)
        mp = state_with(reg, "moving_piston", **kind, type="normal")
        put(dest, mp)
        st.moving[dest] = Moving(dest, moved[p], facing, extending, False)
    if extending:
        kind_name = "sticky" if sticky else "normal"
        left.pop(head, None)
        put(head, state_with(reg, "moving_piston", **kind, type=kind_name))
        head_state = state_with(reg, "piston_head", **kind, type=kind_name, short="false")
        st.moving[head] = Moving(head, head_state, facing, True, True)
    for p in left:
        put(p, 0)
    order = list(reversed(found.to_destroy)) + list(reversed(found.to_push))
    if extending:
        order.append(head)
    for p in order:
        now = world.get_block(*p)
        blockupdates.block_changed(game, p, before.get(p, now), now)
    return True


def _break(game, pos: Pos) -> None:
    """Block.dropResources of a block a piston destroys (its loot, as if broken by hand)."""
    from odyssey.sim.entities.items import drop_from_block
    from odyssey.sim.entities.state import EntityStore
    from odyssey.sim.loot import LootContext, roll_drops

    s = game.survival
    reg = game.world.registry
    state = game.world.get_block(*pos)
    if not s.rules.get("do_tile_drops", True):
        return
    drops = roll_drops(reg.block_of(state).name, LootContext(None, {}, reg.properties(state)),
                       s.rng)  # fmt: skip
    if drops and s.entities is None:
        s.entities = EntityStore(s.seed)
    for d in drops:
        drop_from_block(s.entities, d.item, d.count, pos)


def _tick_moving(game, st: PistonState, m: Moving) -> None:
    """PistonMovingBlockEntity.tick: half a block a tick, landing the tick after 1."""
    m.ticked = game.tick_count
    m.progress_before = m.progress
    if m.progress_before >= 1.0:
        _land(game, st, m)
        return
    f = m.progress + STEP_PER_TICK
    push_entities(game, m, f - m.progress)
    m.progress = min(f, 1.0)


def final_tick(game, m: Moving) -> None:
    """PistonMovingBlockEntity.finalTick: land now (a piston's own head vanishes)."""
    st = state_of(game)
    m.progress_before = m.progress = 1.0
    if m.source:
        m.state = 0
    _land(game, st, m)


def _land(game, st: PistonState, m: Moving) -> None:
    st.moving.pop(m.end, None)
    world = game.world
    reg = world.registry
    if reg.block_of(world.get_block(*m.end)).name != "moving_piston":
        return
    new = m.state
    if prop(reg, new, "waterlogged") == "true":
        new = with_props(reg, new, waterlogged="false")
    game.set_block(m.end, new)
    unstick(game, m)


# -- the head ----------------------------------------------------------------------------------


def _fitting_base(reg, head: int, base: int) -> bool:
    """PistonHeadBlock.isFittingBase."""
    hp = reg.properties(head)
    want = "sticky_piston" if hp["type"] == "sticky" else "piston"
    if reg.block_of(base).name != want:
        return False
    bp = reg.properties(base)
    return bp["extended"] == "true" and bp["facing"] == hp["facing"]


@hooks.on_neighbour("piston_head")
def head_survives(game, pos: Pos, state: int, source: Pos) -> None:
    """PistonHeadBlock.canSurvive: a head without its extended base (or a moving piston of
    its facing) behind it disappears."""
    reg = game.world.registry
    facing = _facing(reg, state)
    behind = step(pos, OPPOSITE[facing])
    base = game.world.get_block(*behind)
    if _fitting_base(reg, state, base):
        return
    if reg.block_of(base).name == "moving_piston" and _facing(reg, base) == facing:
        return
    game.set_block(pos, 0)


@hooks.on_removed("piston_head")
def head_removed(game, pos: Pos, old: int, new: int) -> None:
    """PistonHeadBlock.onRemove: breaking the head breaks its base too (which drops)."""
    reg = game.world.registry
    behind = step(pos, OPPOSITE[_facing(reg, old)])
    base = game.world.get_block(*behind)
    if _fitting_base(reg, old, base):
        _break(game, behind)
        game.set_block(behind, 0)
