"""Block updates of a survival game: neighbour updates, scheduled block ticks and random ticks,
dispatched to the handlers in ``sim.mechanics.hooks``.

As vanilla's ``Level``: changing a block tells its six neighbours (``neighborChanged``), in the
order the changes happened (a queue, not recursion); mechanics schedule ticks for later
(fluids flowing, repeaters, fire); and every tick ``randomTickSpeed`` (3) random positions in
every 16³ section near the player get a random tick (crops, saplings, sugar cane, farmland).
Random ticks only visit sections that hold a block with a random-tick handler, which is what
vanilla's ``isRandomlyTicking`` check does too. Deliberate difference: sections within
``RANDOM_TICK_CHUNKS`` chunks of the player tick (vanilla: the simulation distance, 10-12), and
only chunks already in memory (random ticks never generate terrain). Scheduled ticks belong to
the dimension they were scheduled in and wait while the player is elsewhere, as vanilla's
ticks wait in chunks that no player keeps loaded.
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from odyssey.sim.mechanics import hooks, load
from odyssey.sim.mechanics.neighbours import around

if TYPE_CHECKING:
    from odyssey.sim.game import Game

Pos = tuple[int, int, int]
NEIGHBOURS = ((-1, 0, 0), (1, 0, 0), (0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1))  # vanilla's
RANDOM_TICK_CHUNKS = 4
NEIGHBOURS_ONLY = -1  # a queued update that tells only the neighbours (update_neighbours)
MAX_UPDATES_PER_FLUSH = 200_000  # a runaway chain stops here instead of hanging the game


@dataclass
class BlockUpdates:
    """Pending block updates of one game (kept in ``Survival``; copied with its snapshots)."""

    # due tick, sequence, position, kind, dimension
    scheduled: list[tuple[int, int, Pos, str, str]] = field(default_factory=list)
    pending: set[tuple[str, Pos, str]] = field(default_factory=set)  # dimension, pos, kind
    waiting: list[tuple[int, int, Pos, str, str]] = field(default_factory=list)  # elsewhere
    sequence: int = 0
    queue: deque[tuple[Pos, int, int]] = field(default_factory=deque)  # pos, old, new
    flushing: bool = False
    # random ticks: (cx, sy, cz) of sections holding random-ticking blocks, per loaded chunk
    ticking_sections: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    world_revision: int = -1
    world_id: int = 0
    area: list[tuple[int, int, int]] = field(default_factory=list)  # ticking sections near
    area_unloaded: list[tuple[int, int]] = field(default_factory=list)
    area_key: tuple[int, int] | None = None  # the player's chunk when ``area`` was made
    area_chunks: int = -1  # chunks in memory when ``area`` was made
    # (cx, sy, cz) -> index in the section of a random-ticking block seen there (a hint only)
    witness: dict[tuple[int, int, int], int] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict) -> BlockUpdates:
        return BlockUpdates(list(self.scheduled), set(self.pending), list(self.waiting),
                            self.sequence)  # fmt: skip


def schedule(game: Game, pos: Pos, delay: int, kind: str) -> None:
    """Run the ``kind`` handler at ``pos`` after ``delay`` ticks (at least 1). A tick of the
    same kind already pending there is kept (vanilla's ``hasScheduledTick`` check)."""
    u = _updates(game)
    key = (game.survival.dimension, pos, kind)
    if key in u.pending:
        return
    u.pending.add(key)
    u.sequence += 1
    heapq.heappush(u.scheduled, (game.tick_count + max(1, delay), u.sequence, pos, kind, key[0]))


def is_scheduled(game: Game, pos: Pos, kind: str) -> bool:
    return (game.survival.dimension, pos, kind) in _updates(game).pending


def block_changed(game: Game, pos: Pos, old: int, new: int) -> None:
    """Queue the updates a block change causes, and run them unless already running."""
    u = game.survival.block_updates  # _updates, on the hottest path
    u.queue.append((pos, old, new))
    if not u.flushing:
        flush(game)


def update_neighbours(game: Game, pos: Pos) -> None:
    """Vanilla's ``Level.updateNeighborsAt``: the six neighbours of ``pos`` get a neighbour
    update from ``pos`` though ``pos`` itself did not change (queued like every update)."""
    u = game.survival.block_updates  # _updates, on the hottest path
    u.queue.append((pos, NEIGHBOURS_ONLY, NEIGHBOURS_ONLY))
    if not u.flushing:
        flush(game)


def flush(game: Game) -> None:
    """Run queued updates: removed/placed handlers of the block, then its neighbours'."""
    u = game.survival.block_updates  # _updates, on the hottest path
    queue = u.queue
    if not queue:
        return
    load()
    u.flushing = True
    world = game.world
    names = world.registry
    by_state = _neighbour_handlers(names)  # hooks.NEIGHBOUR by state
    name_of = _names(names)
    removed, placed = hooks.REMOVED, hooks.PLACED
    popleft = queue.popleft
    done = 0
    try:
        while queue and done < MAX_UPDATES_PER_FLUSH:
            pos, old, new = popleft()
            done += 1
            x, y, z = pos
            if new != NEIGHBOURS_ONLY:
                old_name, new_name = name_of[old], name_of[new]
                if old_name != new_name:
                    for fn in removed.get(old_name, ()):
                        fn(game, pos, old, new)
                    for fn in placed.get(new_name, ()):
                        fn(game, pos, new, old)
                handlers = by_state[new]
                if _get(world, x, y, z) == new:
                    for fn in handlers:
                        fn(game, pos, new, pos)
            # the six read at once, read again after a handler changed the world (every
            # change bumps its revision): each as it is when its turn comes, as vanilla
            states = around(world, x, y, z)
            revision = world.revision
            for i in _SIX:
                state = states[i]
                handlers = by_state[state]  # NOT_LOADED (-1): the table's last entry, a marker
                if handlers:
                    if state < 0:  # in a chunk not in memory: read (and load) it now
                        dx, dy, dz = NEIGHBOURS[i]
                        state = world.peek_block(x + dx, y + dy, z + dz)
                        handlers = by_state[state]
                        if not handlers:
                            continue
                    dx, dy, dz = NEIGHBOURS[i]
                    other = (x + dx, y + dy, z + dz)
                    for fn in handlers:
                        fn(game, other, state, pos)
                    if world.revision != revision:
                        states = around(world, x, y, z)
                        revision = world.revision
        if queue:
            queue.clear()
            game.emit("update_limit", float(MAX_UPDATES_PER_FLUSH))
    finally:
        u.flushing = False


_SIX = range(6)


def tick(game: Game, before) -> None:
    """One tick of block updates: due scheduled ticks, random ticks, then player-tick hooks."""
    load()
    u = _updates(game)
    here = game.survival.dimension
    if u.waiting and any(entry[4] == here for entry in u.waiting):  # back in that dimension
        for entry in [e for e in u.waiting if e[4] == here]:
            heapq.heappush(u.scheduled, entry)
        u.waiting = [e for e in u.waiting if e[4] != here]
    while u.scheduled and u.scheduled[0][0] <= game.tick_count:
        entry = heapq.heappop(u.scheduled)
        _, _, pos, kind, dimension = entry
        if dimension != here:
            u.waiting.append(entry)
            continue
        u.pending.discard((dimension, pos, kind))
        handler = hooks.SCHEDULED.get(kind)
        if handler is not None:
            handler(game, pos, game.world.get_block(*pos))
    flush(game)
    _random_ticks(game)
    for fn in hooks.PLAYER_TICK:
        fn(game, before)
    flush(game)


def _random_ticks(game: Game) -> None:
    speed = int(game.survival.rules.get("random_tick_speed", 3))
    if speed <= 0:
        return
    u = _updates(game)
    world = game.world
    _refresh_sections(game, u)
    px, _, pz = game.player.pos
    area = _ticking_area(world, u, math.floor(px) >> 4, math.floor(pz) >> 4)  # np.floor's
    if not area:
        return
    rng = game.survival.rng
    # one flat draw: the same numbers, in the same order, as a (sections, speed) array
    draws = rng.integers(0, 4096, len(area) * speed).tolist()
    by_state = _random_handlers(world.registry)
    chunk_at = world.chunk
    in_memory = world.in_memory
    recent = in_memory.move_to_end
    end = 0
    for cx, sy, cz in area:
        start, end = end, end + speed
        # the section read once for its draws (``_get``'s look-up), again after a handler
        # changed the world (which may have put a new section array in its place)
        key = (cx, cz)
        chunk = in_memory.get(key)
        if chunk is None:
            chunk = chunk_at(cx, cz)  # (may load it)
        else:
            recent(key)  # what chunk_at does with a chunk in memory, without the call
        section = None if chunk is None else chunk.sections.get(sy)
        if section is None:
            if not by_state[0]:
                continue  # all air here: no draw finds a handler
            item = _air
        else:
            item = section.item
        revision = world.revision
        for i in draws[start:end]:
            if world.revision != revision:
                chunk = chunk_at(cx, cz)
                section = None if chunk is None else chunk.sections.get(sy)
                item = _air if section is None else section.item
                revision = world.revision
            # i is the flat [y][z][x] index in the section
            state = item(i)
            handlers = by_state[state]
            if handlers:
                pos = ((cx << 4) | (i & 15), (sy << 4) | (i >> 8), (cz << 4) | ((i >> 4) & 15))
                for fn in handlers:
                    fn(game, pos, state, rng)
    flush(game)


def _air(i: int) -> int:
    """The state at index ``i`` of a section not stored (all air)."""
    return 0


def _ticking_area(world, u: BlockUpdates, pcx: int, pcz: int) -> list[tuple[int, int, int]]:
    """(cx, sy, cz) of the ticking sections around the player's chunk, kept until the player
    changes chunk, a chunk in the area changes or one of its chunks comes into memory."""
    if u.area_key == (pcx, pcz):
        if world.source is None and world.loaded_chunk_count() == u.area_chunks:
            return u.area  # no source: chunks only ever come, and none came
        loaded = world.loaded_chunk
        if not any(loaded(cx, cz) for cx, cz in u.area_unloaded):
            return u.area
    r = RANDOM_TICK_CHUNKS
    u.area, u.area_unloaded, u.area_key = [], [], (pcx, pcz)
    u.area_chunks = world.loaded_chunk_count()
    for cx in range(pcx - r, pcx + r + 1):
        for cz in range(pcz - r, pcz + r + 1):
            found = u.ticking_sections.get((cx, cz))
            if found is None:
                chunk = world.loaded_chunk(cx, cz)
                if chunk is None:  # not in memory (yet): looked at again when it is
                    u.area_unloaded.append((cx, cz))
                    continue
                found = _ticking_sections(world.registry, chunk)
                u.ticking_sections[(cx, cz)] = found
            u.area.extend((cx, sy, cz) for sy in found)
    return u.area


def _ticking_sections(registry, chunk) -> tuple[int, ...]:
    mask = _random_mask(registry)
    return tuple(sorted(sy for sy, sec in chunk.sections.items() if mask[np.asarray(sec)].any()))


def _refresh_sections(game: Game, u: BlockUpdates) -> None:
    """Forget the cached sections of chunks changed since the last tick."""
    world = game.world
    if u.world_id != id(world):
        u.world_id, u.world_revision = id(world), world.revision
        u.ticking_sections.clear()
        u.area_key = None
        return
    if world.revision == u.world_revision:
        return
    changes = world.changes_since(u.world_revision)
    u.world_revision = world.revision
    if changes is None:
        u.area_key = None
        u.ticking_sections.clear()
        return
    sections = u.ticking_sections
    mask = _random_mask(world.registry)
    ticking = _random_list(world.registry)
    in_memory, witness = world.in_memory, u.witness
    for x0, y0, z0, x1, y1, z1 in changes:
        if x1 - x0 == 1 and y1 - y0 == 1 and z1 - z0 == 1:
            key = (x0 >> 4, z0 >> 4)
            found = sections.get(key)
            if found is None:
                continue  # not cached: found afresh when needed (_one_changed's first answer)
            if _settled(in_memory.get(key), found, witness, ticking, key, x0, y0, z0):
                continue
            if _one_changed(world, sections, witness, mask, x0, y0, z0):
                u.area_key = None
            continue
        u.area_key = None
        for cx in range(x0 >> 4, ((x1 - 1) >> 4) + 1):
            for cz in range(z0 >> 4, ((z1 - 1) >> 4) + 1):
                sections.pop((cx, cz), None)


def _settled(chunk, found: tuple[int, ...], witness: dict, ticking: list[bool],
             key: tuple[int, int], x: int, y: int, z: int) -> bool:  # fmt: skip
    """Whether ``_one_changed`` would find the cached sections ``found`` of the chunk right
    as they are after a change of the block at (x, y, z) without looking further than that
    block and the section's witness (its usual cases, told cheaply): the block ticks where its
    section is listed, or it does not where its section is not listed or where the witness
    still ticks. False: ask ``_one_changed``."""
    if chunk is None:
        return False
    sy = y >> 4
    section = chunk.sections.get(sy)
    if section is None:
        return sy not in found
    here = (y & 15) << 8 | (z & 15) << 4 | (x & 15)
    if ticking[section.item(here)]:
        return sy in found
    if sy not in found:
        return True
    seen = witness.get((key[0], sy, key[1]))
    return seen is not None and seen != here and ticking[section.item(seen)]


def _one_changed(world, sections: dict, witness: dict, mask: np.ndarray, x: int, y: int,
                 z: int) -> bool:  # fmt: skip
    """Bring the cached ticking sections of the chunk up to date after a change of the block
    at (x, y, z) (or of its block entity), looking at that block and, only where it may have
    been the last ticking block of its section, at another ticking block seen there before
    (``witness``) or else the whole section; whether they changed. The result is what
    ``_ticking_sections`` would find again."""
    key = (x >> 4, z >> 4)
    found = sections.get(key)
    if found is None:
        return False  # not cached: found afresh when needed
    chunk = world.loaded_chunk(*key)
    if chunk is None:
        del sections[key]
        return True
    sy = y >> 4
    section = chunk.sections.get(sy)
    here = (y & 15) << 8 | (z & 15) << 4 | (x & 15)
    if section is not None and mask[section.item(here)]:
        if sy in found:
            return False
        sections[key] = tuple(sorted((*found, sy)))
        return True
    if sy not in found:
        return False
    if section is not None:
        where = (key[0], sy, key[1])
        seen = witness.get(where)
        if seen is not None and seen != here and mask[section.item(seen)]:
            return False  # another ticking block is still there
        ticking = np.flatnonzero(mask[np.asarray(section)])
        if len(ticking):
            witness[where] = int(ticking[0])
            return False
    sections[key] = tuple(s for s in found if s != sy)
    return True


_HANDLERS: dict[int, list[tuple]] = {}


def _neighbour_handlers(registry) -> list[tuple]:
    """Each state's neighbour-update handlers (empty for most), built once per registry."""
    found = _HANDLERS.get(id(registry))
    if found is None:
        found = [tuple(hooks.NEIGHBOUR.get(_name(registry, s), ())) for s in range(len(
            registry.state_flags))]  # fmt: skip
        # one entry more, never a state's: what ``NOT_LOADED`` (-1) finds, non-empty so that
        # the one test of a neighbour's entry also catches those (read then one by one)
        found.append((_not_loaded,))
        _HANDLERS[id(registry)] = found
    return found


def _not_loaded(*_: object) -> None:
    """The marker entry of ``_neighbour_handlers`` (never called)."""
    raise AssertionError("a neighbour not in memory is read before its handlers run")


_RANDOM: dict[int, tuple[np.ndarray, list[tuple]]] = {}


def _random_handlers(registry) -> list[tuple]:
    """Each state's random-tick handlers (empty for most: all states the mask leaves out),
    built with the registry's random mask (and again whenever that is: clearing ``_MASKS``
    clears these too)."""
    mask = _random_mask(registry)
    found = _RANDOM.get(id(registry))
    if found is None or found[0] is not mask:
        found = (mask, [tuple(hooks.RANDOM.get(_name(registry, s), ())) if mask[s] else ()
                        for s in range(len(registry.state_flags))])  # fmt: skip
        _RANDOM[id(registry)] = found
    return found[1]


_LISTS: dict[int, tuple[np.ndarray, list[bool]]] = {}


def _random_list(registry) -> list[bool]:
    """``_random_mask`` as a list (cheaper to index one state at a time), made again whenever
    the mask is."""
    mask = _random_mask(registry)
    found = _LISTS.get(id(registry))
    if found is None or found[0] is not mask:
        found = _LISTS[id(registry)] = (mask, mask.tolist())
    return found[1]


_MASKS: dict[int, np.ndarray] = {}
_NAMES: dict[int, list[str]] = {}


def _random_mask(registry) -> np.ndarray:
    """Which states take random ticks (vanilla's ``isRandomlyTicking``): those of blocks with a
    random-tick handler that the block's ``when`` condition, if any, lets through."""
    key = id(registry)
    if key not in _MASKS:
        load()
        _MASKS[key] = np.array([_ticks(registry, s) for s in range(len(registry.state_flags))],
                               dtype=bool)  # fmt: skip
    return _MASKS[key]


def _ticks(registry, state: int) -> bool:
    name = _name(registry, state)
    when = hooks.RANDOM_WHEN.get(name)
    return name in hooks.RANDOM and (when is None or when(registry, state))


def _name(registry, state: int) -> str:
    return _names(registry)[state]


def _names(registry) -> list[str]:
    """Each state's block name, built once per registry."""
    names = _NAMES.get(id(registry))
    if names is None:
        names = [registry.block_of(s).name for s in range(len(registry.state_flags))]
        _NAMES[id(registry)] = names
    return names


def _get(world, x: int, y: int, z: int) -> int:
    """``World.get_block`` (the same chunk look-up, loading and cache recency) with a cheaper
    read of the section."""
    chunk = world.chunk(x >> 4, z >> 4)
    if chunk is None:
        return 0  # air
    section = chunk.sections.get(y >> 4)
    return 0 if section is None else section.item((y & 15) << 8 | (z & 15) << 4 | (x & 15))


def _updates(game: Game) -> BlockUpdates:
    return game.survival.block_updates
