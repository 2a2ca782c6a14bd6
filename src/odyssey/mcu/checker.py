"""Evaluating a success rule (``mcu.rules``) against a running survival game.

``RuleChecker(rule, game)`` takes its baseline when made (statistics, start position, the
world's change revision) — make it after the set-up commands. ``check(game)`` then returns a
:class:`Verdict`; call it often enough that ``then`` sees its parts in order and ``placed``
blocks are seen (the runner checks every few ticks and at the end). Reading only: the checker
never changes the game.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field

import numpy as np

from odyssey.mcu.rules import (
    NIGHT,
    AllRule,
    AnyRule,
    BlockRule,
    Constrained,
    EffectRule,
    EntityRule,
    ItemRule,
    PositionRule,
    RidingRule,
    Rule,
    StatRule,
    ThenRule,
    leaves,
)
from odyssey.sim.game import TICKS_PER_SECOND, Game

WATERY = {"water", "bubble_column", "kelp", "kelp_plant", "seagrass", "tall_seagrass"}
MAX_TRACKED_BOX = 4096  # a bigger change (a /fill) is not a player's placing: not tracked


@dataclass(frozen=True)
class Verdict:
    """Where a rule stands: ``done`` (success reached), ``failed`` (a constraint broken: it can
    no longer succeed), ``progress`` in 0..1 and a short reason."""

    done: bool
    progress: float
    failed: bool = False
    detail: str = ""


@dataclass
class _Baseline:
    tick: int
    stats: dict[str, dict[str, int]]
    pos: tuple[float, float, float]
    revision: int
    touched: set[tuple[int, int, int]] = field(default_factory=set)


class RuleChecker:
    """One rule's evaluation over one episode (holds the baseline and latched state)."""

    def __init__(self, rule: Rule, game: Game) -> None:
        self.rule = rule
        self.base = _Baseline(
            tick=game.tick_count,
            stats=_stats_now(game),
            pos=game.player.pos,
            revision=game.world.revision,
        )
        self.world = game.world
        # only ``placed`` block rules need the changed positions collected at every check
        self.tracks = any(isinstance(r, BlockRule) and r.placed for r in leaves(rule))
        self.latched: dict[int, int] = {}  # id(then node) -> parts done
        # statistics when a ``then`` moved on to a part: that part counts from there
        self.step_stats: dict[tuple[int, int], dict[str, dict[str, int]]] = {}
        self.broken: dict[int, str] = {}  # id(constrained node) -> why it failed
        self.done_parts: dict[int, Verdict] = {}  # id(part of an ``all``) -> its verdict
        self.final: Verdict | None = None

    def check(self, game: Game) -> Verdict:
        """The rule's verdict now; once done or failed it stays so."""
        if self.final is not None:
            return self.final
        if self.tracks:
            self._track(game)
        verdict = self._eval(self.rule, game, self.base.stats)
        if verdict.done or verdict.failed:
            self.final = verdict
        return verdict

    # -- tracking ---------------------------------------------------------------------------

    def _track(self, game: Game) -> None:
        """Collect positions changed since the last check (for ``placed``)."""
        if game.world is not self.world:  # another dimension: its changes are not ours
            return
        boxes = game.world.changes_since(self.base.revision) or []
        self.base.revision = game.world.revision
        for x0, y0, z0, x1, y1, z1 in boxes:
            if (x1 - x0) * (y1 - y0) * (z1 - z0) <= MAX_TRACKED_BOX:
                self.base.touched.update((x, y, z) for x in range(x0, x1)
                                         for y in range(y0, y1) for z in range(z0, z1))  # fmt: skip

    # -- evaluation ---------------------------------------------------------------------------

    def _eval(self, rule: Rule, game: Game, stats: dict) -> Verdict:
        match rule:
            case StatRule():
                return self._stat(rule, game, stats)
            case ItemRule():
                return _counted(_items(rule, game), rule.count, rule.item)
            case BlockRule():
                return _counted(self._blocks(rule, game), rule.count, "/".join(rule.blocks))
            case EntityRule():
                return _counted(_entities(rule, game), rule.count, rule.entity)
            case PositionRule():
                return self._position(rule, game)
            case EffectRule(effect=e):
                has = e.removeprefix("minecraft:") in game.survival.effects
                return Verdict(has, float(has), detail=f"effect {e}")
            case RidingRule(vehicle=v):
                kind = _vehicle(game)
                ok = kind is not None and (v is None or kind == v)
                return Verdict(ok, float(ok), detail=f"riding {kind}")
            case AllRule(rules=rs):
                parts = [self._part(r, game, stats) for r in rs]
                mean = sum(p.progress for p in parts) / len(parts)
                return Verdict(all(p.done for p in parts), mean, any(p.failed for p in parts),
                               _join(parts))  # fmt: skip
            case AnyRule(rules=rs):
                parts = [self._eval(r, game, stats) for r in rs]
                return Verdict(any(p.done for p in parts), max(p.progress for p in parts),
                               all(p.failed for p in parts), _join(parts))  # fmt: skip
            case ThenRule():
                return self._then(rule, game, stats)
            case Constrained():
                return self._constrained(rule, game, stats)
        raise TypeError(f"not a rule: {rule!r}")

    def _part(self, rule: Rule, game: Game, stats: dict) -> Verdict:
        """A part of ``all``: once done it stays done (MCU's "A and B": each done at some
        point of the episode, in any order, not necessarily at the same moment)."""
        key = id(rule)
        if key in self.done_parts:
            return self.done_parts[key]
        verdict = self._eval(rule, game, stats)
        if verdict.done:
            self.done_parts[key] = verdict
        return verdict

    def _stat(self, rule: StatRule, game: Game, stats: dict) -> Verdict:
        key = rule.key.removeprefix("minecraft:")
        now = game.survival.stats.get(rule.category, key)
        gained = now - stats.get(rule.category, {}).get(key, 0)
        return _counted(gained, rule.at_least, f"{rule.category} {key}")

    def _blocks(self, rule: BlockRule, game: Game) -> int:
        x, y, z = (math.floor(v) for v in game.player.pos)
        w, reg = rule.within, game.world.registry
        ranges = [(b.min_state, b.max_state) for b in map(reg.block, rule.blocks)]
        if rule.placed:
            near = [p for p in self.base.touched
                    if max(abs(p[0] - x), abs(p[1] - y), abs(p[2] - z)) <= w]  # fmt: skip
            states = [game.world.get_block(*p) for p in near]
            return sum(any(lo <= s <= hi for lo, hi in ranges) for s in states)
        dim = game.world.dimension
        y0, y1 = max(y - w, dim.min_y), min(y + w + 1, dim.max_y)
        if y0 >= y1:
            return 0
        box = game.world.get_box((x - w, y0, z - w), (x + w + 1, y1, z + w + 1))
        return int(sum(np.count_nonzero((box >= lo) & (box <= hi)) for lo, hi in ranges))

    def _position(self, rule: PositionRule, game: Game) -> Verdict:
        (x, y, z), (bx, by, bz) = game.player.pos, self.base.pos
        checks: list[tuple[bool, float]] = []
        if rule.rise is not None:
            checks.append((y - by >= rule.rise, min(1.0, max(0.0, (y - by) / rule.rise))))
        if rule.descend is not None:
            checks.append((by - y >= rule.descend, min(1.0, max(0.0, (by - y) / rule.descend))))
        if rule.travel is not None:
            d = math.hypot(x - bx, z - bz)
            checks.append((d >= rule.travel, min(1.0, d / rule.travel)))
        if rule.eyes_in is not None:
            ok = _eyes_in(game) == rule.eyes_in
            checks.append((ok, float(ok)))
        if rule.dimension is not None:
            ok = game.survival.dimension == rule.dimension
            checks.append((ok, float(ok)))
        if not checks:
            return Verdict(True, 1.0, detail="position: no condition")
        return Verdict(all(c for c, _ in checks), sum(p for _, p in checks) / len(checks),
                       detail=f"at ({x:.1f}, {y:.1f}, {z:.1f})")  # fmt: skip

    def _then(self, rule: ThenRule, game: Game, stats: dict) -> Verdict:
        key, rs = id(rule), rule.rules
        done = self.latched.get(key, 0)
        while done < len(rs):
            v = self._eval(rs[done], game, self.step_stats.get((key, done), stats))
            if v.failed:
                return Verdict(False, (done + v.progress) / len(rs), True, v.detail)
            if not v.done:
                return Verdict(False, (done + v.progress) / len(rs), detail=f"step {done + 1}: "
                               f"{v.detail}")  # fmt: skip
            done += 1
            self.latched[key] = done
            self.step_stats[(key, done)] = _stats_now(game)
        return Verdict(True, 1.0, detail=f"all {len(rs)} steps in order")

    def _constrained(self, rule: Constrained, game: Game, stats: dict) -> Verdict:
        key = id(rule)
        if key not in self.broken:
            held = game.survival.inventory.mainhand
            if held is not None and held.item in {i.removeprefix("minecraft:")
                                                  for i in rule.without}:  # fmt: skip
                self.broken[key] = f"held {held.item}, which the task forbids"
            elapsed = (game.tick_count - self.base.tick) / TICKS_PER_SECOND
            if rule.within_seconds is not None and elapsed > rule.within_seconds:
                self.broken[key] = f"over the time limit of {rule.within_seconds:g} s"
        inner = self._eval(rule.rule, game, stats)
        if key in self.broken:
            return Verdict(False, inner.progress, True, self.broken[key])
        night = NIGHT[0] <= game.time_of_day % 24000 <= NIGHT[1]
        ok = (not rule.at_night or night) and (not rule.in_rain or _raining(game))
        detail = inner.detail if ok else f"{inner.detail}; waiting for night/rain"
        return Verdict(inner.done and ok, inner.progress, False, detail)


def _stats_now(game: Game) -> dict[str, dict[str, int]]:
    return copy.deepcopy({k: dict(v) for k, v in game.survival.stats.values.items()})


def _counted(have: int, need: int, what: str) -> Verdict:
    return Verdict(have >= need, min(1.0, max(0, have) / need), detail=f"{what}: {have}/{need}")


def _join(parts: list[Verdict]) -> str:
    return "; ".join(p.detail for p in parts)


def _items(rule: ItemRule, game: Game) -> int:
    name = rule.item.removeprefix("minecraft:")
    stacks = [s for s in game.survival.inventory.slots if s is not None and s.item == name]
    if rule.named is not None:
        stacks = [s for s in stacks if s.component("custom_name") == rule.named]
    return sum(s.count for s in stacks)


def _entities(rule: EntityRule, game: Game) -> int:
    store = game.survival.entities
    if store is None:
        return 0
    kind = rule.entity.removeprefix("minecraft:")
    return sum(1 for e in store.near(game.player.pos, rule.within)
               if e.type == kind and not e.dead and set(rule.tags) <= e.tags)  # fmt: skip


def _vehicle(game: Game) -> str | None:
    riding = game.survival.mechanics.get("riding")
    vid = getattr(riding, "vehicle", None)
    store = game.survival.entities
    if vid is None or store is None or vid not in store:
        return None
    return store.get(vid).type


def _eyes_in(game: Game) -> str | None:
    x, y, z = game.player.pos
    eye = game.world.get_block(math.floor(x), math.floor(y + game.player.eye_height), math.floor(z))
    name = game.world.registry.block_of(eye).name
    if name == "lava":
        return "lava"
    watery = name in WATERY or game.world.registry.properties(eye).get("waterlogged") == "true"
    return "water" if watery else None


def _raining(game: Game) -> bool:
    return game.survival.weather in ("rain", "thunder")
