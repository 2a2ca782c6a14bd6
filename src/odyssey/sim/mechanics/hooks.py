"""Where survival mechanics plug into the game: handlers registered by block or item name.

Each mechanic module in ``sim.mechanics`` registers plain functions with the decorators below
when it is imported (``sim.mechanics.load`` imports them all). The game calls them:

- ``on_placed(*blocks)``: ``fn(game, pos, state, old)`` when a block becomes one of ``blocks``.
- ``on_removed(*blocks)``: ``fn(game, pos, old, state)`` when one of ``blocks`` is replaced.
- ``on_neighbour(*blocks)``: ``fn(game, pos, state, source)`` when the block beside ``pos``
  at ``source`` changed (vanilla's ``neighborChanged``); also called with ``source == pos`` right
  after the block itself was placed.
- ``on_scheduled(kind)``: ``fn(game, pos, state)`` when a tick scheduled with
  ``blockupdates.schedule(game, pos, delay, kind)`` comes due (vanilla's scheduled block ticks).
- ``on_random(*blocks, when=None)``: ``fn(game, pos, state, rng)`` for a random tick
  (randomTickSpeed positions per 16³ section per tick, vanilla's rule); with ``when``
  (``when(registry, state) -> bool``, vanilla's ``isRandomlyTicking``) only those states of the
  blocks take random ticks.
- ``on_use_block(*blocks)``: ``fn(game, hit, held) -> bool`` right-click on a block (not when
  crouching with an item in hand); True when it did something (nothing else happens then).
- ``on_use_item(*items)``: ``fn(game, hit, held) -> bool`` right-click with the item, after the
  block's own use; ``hit`` is the block under the crosshair or None.
- ``on_use_entity(*types)``: ``fn(game, entity_id, held) -> bool`` right-click on an entity of
  one of ``types`` (``held`` may be None: an empty hand trades, mounts, ...); True when it did
  something.
- ``on_player_tick``: ``fn(game, before)`` once per survival tick, after the player's actions
  (``before`` is the player before this tick's physics step).

Names are registry names without ``minecraft:``. Handlers change blocks with
``game.set_block`` (which queues the updates of the neighbours) and report with
``game.emit(kind, value, pos, detail)``; sounds are events of kind ``"sound"`` whose detail is
vanilla's sound id (``sound(game, "block.fire.ambient", pos)``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

Handler = Callable[..., Any]

PLACED: dict[str, list[Handler]] = defaultdict(list)
REMOVED: dict[str, list[Handler]] = defaultdict(list)
NEIGHBOUR: dict[str, list[Handler]] = defaultdict(list)
SCHEDULED: dict[str, Handler] = {}
RANDOM: dict[str, list[Handler]] = defaultdict(list)
RANDOM_WHEN: dict[str, Callable[[Any, int], bool]] = {}  # block -> which states tick
USE_BLOCK: dict[str, list[Handler]] = defaultdict(list)
USE_ITEM: dict[str, list[Handler]] = defaultdict(list)
USE_ENTITY: dict[str, list[Handler]] = defaultdict(list)
PLAYER_TICK: list[Handler] = []


def _by_name(
    table: dict[str, list[Handler]], names: tuple[str, ...]
) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for name in names:
            if fn not in table[name]:
                table[name].append(fn)
        return fn

    return register


def on_placed(*blocks: str) -> Callable[[Handler], Handler]:
    return _by_name(PLACED, blocks)


def on_removed(*blocks: str) -> Callable[[Handler], Handler]:
    return _by_name(REMOVED, blocks)


def on_neighbour(*blocks: str) -> Callable[[Handler], Handler]:
    return _by_name(NEIGHBOUR, blocks)


def on_random(
    *blocks: str, when: Callable[[Any, int], bool] | None = None
) -> Callable[[Handler], Handler]:
    if when is not None:
        RANDOM_WHEN.update(dict.fromkeys(blocks, when))
    return _by_name(RANDOM, blocks)


def on_use_block(*blocks: str) -> Callable[[Handler], Handler]:
    return _by_name(USE_BLOCK, blocks)


def on_use_item(*items: str) -> Callable[[Handler], Handler]:
    return _by_name(USE_ITEM, items)


def on_use_entity(*types: str) -> Callable[[Handler], Handler]:
    return _by_name(USE_ENTITY, types)


def on_scheduled(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        if SCHEDULED.get(kind, fn) is not fn:
            raise ValueError(f"scheduled tick kind {kind!r} has a handler already")
        SCHEDULED[kind] = fn
        return fn

    return register


def on_player_tick(fn: Handler) -> Handler:
    if fn not in PLAYER_TICK:
        PLAYER_TICK.append(fn)
    return fn


def sound(game: Any, sound_id: str, pos: tuple[int, int, int] | None = None) -> None:
    """Record a sound as an event (kind ``"sound"``, detail ``sound_id``)."""
    game.emit("sound", 0.0, pos, sound_id)
