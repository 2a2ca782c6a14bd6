"""Block updates of a survival game: neighbour updates, scheduled block ticks and random ticks,
dispatched to the handlers in ``sim.mechanics.hooks``.

As vanilla's ``Level``: changing a block tells its six neighbours (``neighborChanged``), in the
order the changes happened (a queue, not recursion); mechanics schedule ticks for later
(fluids flowing, repeaters, fire); and every tick ``randomTickSpeed`` (3) random positions in
every 16³ section near the player get a random tick (crops, saplings, sugar cane, farmland).
Random ticks only visit sections that hold a block with a random-tick handler, which is what
vanilla's ``isRandomlyTicking`` check does too. Deliberate difference: sections within
``RANDOM_TICK_CHUNKS`` chunks of the player tick (vanilla: the simulation distance, 10-12).
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from odyssey.sim.mechanics import hooks, load

if TYPE_CHECKING:
    from odyssey.sim.game import Game

Pos = tuple[int, int, int]
NEIGHBOURS = ((-1, 0, 0), (1, 0, 0), (0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1))  # vanilla's
RANDOM_TICK_CHUNKS = 4
MAX_UPDATES_PER_FLUSH = 200_000  # a runaway chain stops here instead of hanging the game


@dataclass
class BlockUpdates:
    """Pending block updates of one game (kept in ``Survival``; copied with its snapshots)."""

    scheduled: list[tuple[int, int, Pos, str]] = field(default_factory=list)  # due, seq, pos
    sequence: int = 0
    queue: deque[tuple[Pos, int, int]] = field(default_factory=deque)  # pos, old, new
    flushing: bool = False
    # random ticks: (cx, sy, cz) of sections holding random-ticking blocks, per loaded chunk
    ticking_sections: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    world_revision: int = -1
    world_id: int = 0

    def __deepcopy__(self, memo: dict) -> BlockUpdates:
        out = BlockUpdates(list(self.scheduled), self.sequence)
        return out


def schedule(game: Game, pos: Pos, delay: int, kind: str) -> None:
    """Run the ``kind`` handler at ``pos`` after ``delay`` ticks (at least 1). A tick of the
    same kind already pending there is kept (vanilla's ``hasScheduledTick`` check)."""
    u = _updates(game)
    due = game.tick_count + max(1, delay)
    if any(p == pos and k == kind for _, _, p, k in u.scheduled):
        return
    u.sequence += 1
    heapq.heappush(u.scheduled, (due, u.sequence, pos, kind))


def is_scheduled(game: Game, pos: Pos, kind: str) -> bool:
    return any(p == pos and k == kind for _, _, p, k in _updates(game).scheduled)


def block_changed(game: Game, pos: Pos, old: int, new: int) -> None:
    """Queue the updates a block change causes, and run them unless already running."""
    u = _updates(game)
    u.queue.append((pos, old, new))
    if not u.flushing:
        flush(game)


def flush(game: Game) -> None:
    """Run queued updates: removed/placed handlers of the block, then its neighbours'."""
    load()
    u = _updates(game)
    u.flushing = True
    world = game.world
    names = world.registry
    done = 0
    try:
        while u.queue and done < MAX_UPDATES_PER_FLUSH:
            pos, old, new = u.queue.popleft()
            done += 1
            old_name, new_name = _name(names, old), _name(names, new)
            if old_name != new_name:
                for fn in hooks.REMOVED.get(old_name, ()):
                    fn(game, pos, old, new)
                for fn in hooks.PLACED.get(new_name, ()):
                    fn(game, pos, new, old)
            if world.get_block(*pos) == new:
                for fn in hooks.NEIGHBOUR.get(new_name, ()):
                    fn(game, pos, new, pos)
            x, y, z = pos
            for dx, dy, dz in NEIGHBOURS:
                other = (x + dx, y + dy, z + dz)
                state = world.get_block(*other)
                for fn in hooks.NEIGHBOUR.get(_name(names, state), ()):
                    fn(game, other, state, pos)
        if u.queue:
            u.queue.clear()
            game.emit("update_limit", float(MAX_UPDATES_PER_FLUSH))
    finally:
        u.flushing = False


def tick(game: Game, before) -> None:
    """One tick of block updates: due scheduled ticks, random ticks, then player-tick hooks."""
    load()
    u = _updates(game)
    while u.scheduled and u.scheduled[0][0] <= game.tick_count:
        _, _, pos, kind = heapq.heappop(u.scheduled)
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
    pcx, pcz = int(np.floor(px)) >> 4, int(np.floor(pz)) >> 4
    rng = game.survival.rng
    names = world.registry
    r = RANDOM_TICK_CHUNKS
    for cx in range(pcx - r, pcx + r + 1):
        for cz in range(pcz - r, pcz + r + 1):
            sections = _sections_of(world, u, cx, cz)
            for sy in sections:
                for idx in rng.integers(0, 4096, speed):
                    i = int(idx)
                    pos = ((cx << 4) | (i & 15), (sy << 4) | (i >> 8), (cz << 4) | ((i >> 4) & 15))
                    state = world.get_block(*pos)
                    for fn in hooks.RANDOM.get(_name(names, state), ()):
                        fn(game, pos, state, rng)
    flush(game)


def _sections_of(world, u: BlockUpdates, cx: int, cz: int) -> tuple[int, ...]:
    found = u.ticking_sections.get((cx, cz))
    if found is None:
        chunk = world.chunk(cx, cz)
        found = () if chunk is None else _ticking_sections(world.registry, chunk)
        u.ticking_sections[(cx, cz)] = found
    return found


def _ticking_sections(registry, chunk) -> tuple[int, ...]:
    mask = _random_mask(registry)
    return tuple(sorted(sy for sy, sec in chunk.sections.items() if mask[np.asarray(sec)].any()))


def _refresh_sections(game: Game, u: BlockUpdates) -> None:
    """Forget the cached sections of chunks changed since the last tick."""
    world = game.world
    if u.world_id != id(world):
        u.world_id, u.world_revision = id(world), world.revision
        u.ticking_sections.clear()
        return
    changes = world.changes_since(u.world_revision)
    u.world_revision = world.revision
    if changes is None:
        u.ticking_sections.clear()
        return
    for x0, _, z0, x1, _, z1 in changes:
        for cx in range(x0 >> 4, ((x1 - 1) >> 4) + 1):
            for cz in range(z0 >> 4, ((z1 - 1) >> 4) + 1):
                u.ticking_sections.pop((cx, cz), None)


_MASKS: dict[int, np.ndarray] = {}
_NAMES: dict[int, list[str]] = {}


def _random_mask(registry) -> np.ndarray:
    key = id(registry)
    if key not in _MASKS:
        load()
        _MASKS[key] = np.array([_name(registry, s) in hooks.RANDOM for s in range(len(
            registry.state_flags))], dtype=bool)  # fmt: skip
    return _MASKS[key]


def _name(registry, state: int) -> str:
    names = _NAMES.get(id(registry))
    if names is None:
        names = [registry.block_of(s).name for s in range(len(registry.state_flags))]
        _NAMES[id(registry)] = names
    return names[state]


def _updates(game: Game) -> BlockUpdates:
    return game.survival.block_updates
