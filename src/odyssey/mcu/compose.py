"""Composing MCU task configurations: AND, OR and THEN (ordered) over tasks, under constraints
(without a given tool, within N seconds, at night, in rain). See docs/mcu/composition.md.

``compose(op, parts, constraints)`` gives one ``TaskConfig``:

- commands: the parts' commands in order, identical ``/time`` and ``/weather`` lines once, then
  what the constraints need (``/time set night``, ``/weather rain``) unless a part sets it;
- success: ``AllRule``/``AnyRule``/``ThenRule`` over the parts' rules, wrapped in ``Constrained``
  when there are constraints; AND/OR with an open-ended part are judged by AutoEval (no rule);
- text ``A and B`` / ``A or B`` / ``A, then B`` (+ ``, without using an iron pickaxe``, ...);
- id ``a__and__b`` / ``a__or__b`` / ``a__then__b`` + ``__without_<item>``, ``__within_<N>s``,
  ``__at_night``, ``__in_rain``; a part that is itself composed is wrapped in ``(...)``;
- category, sub-category: the first part's; time limit: the sum of the parts' (or the
  ``within`` constraint's); ``parts``: the component ids; source ``composed``.

Refused (McuError): fewer than two parts or a repeated one; THEN or constraints over an
open-ended part; parts that set the time or the weather differently, or touch the same blocks
with different commands; parts of different dialects or worlds; a constraint against a part's
commands (night against ``/time set day``); and a ``without`` tool a part needs (see
``_check_without``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from odyssey.mcu import cmdinfo
from odyssey.mcu.config import TaskConfig
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import NIGHT, AllRule, AnyRule, Constrained, Rule, ThenRule, leaves
from odyssey.world.items import items, strip_namespace

Op = Literal["and", "or", "then"]
OPS: tuple[Op, ...] = ("and", "or", "then")
RULES = {"and": AllRule, "or": AnyRule, "then": ThenRule}


@dataclass(frozen=True)
class Constraints:
    """Conditions on a whole composition (``rules.Constrained``): never hold one of ``without``
    in the main hand, succeed within ``within_seconds`` game seconds, at night, in rain."""

    without: tuple[str, ...] = ()
    within_seconds: float | None = None
    at_night: bool = False
    in_rain: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "without", tuple(strip_namespace(i) for i in self.without))
        reg = items()
        for item in self.without:
            if not reg.has(item):
                raise McuError(f"constraint without: unknown item {item!r}")
        if self.within_seconds is not None and self.within_seconds <= 0:
            raise McuError(f"constraint within_seconds: expected > 0, got {self.within_seconds}")

    def __bool__(self) -> bool:
        return bool(self.without or self.within_seconds or self.at_night or self.in_rain)


NONE = Constraints()


def compose(op: str, parts: list[TaskConfig], constraints: Constraints = NONE) -> TaskConfig:
    """The composition of ``parts`` by ``op`` (``and``, ``or``, ``then``) under ``constraints``;
    McuError saying why when it cannot be done (module docstring)."""
    if op not in OPS:
        raise McuError(f"compose: unknown operator {op!r}: expected one of {', '.join(OPS)}")
    _check_parts(op, parts, constraints)
    commands = _commands(parts, constraints)
    rule = _rule(op, parts, constraints)
    first = parts[0]
    time_limit = constraints.within_seconds or sum(p.time_limit_s for p in parts)
    return TaskConfig(
        id=composed_id(op, parts, constraints),
        text=composed_text(op, parts, constraints),
        custom_init_commands=commands,
        category=first.category,
        subcategory=first.subcategory if first.category else None,
        difficulty="hard" if any(p.difficulty == "hard" for p in parts) else "simple",
        success=rule,
        judge="autoeval" if rule is None or any(p.judge for p in parts) else None,
        dialect=first.dialect,
        time_limit_s=time_limit,
        world_seed=first.world_seed,
        source="composed",
        parts=tuple(p.id for p in parts),
    )


# -- checks -----------------------------------------------------------------------------------


def _check_parts(op: str, parts: list[TaskConfig], constraints: Constraints) -> None:
    ids = [p.id for p in parts]
    if len(parts) < 2:
        raise McuError(f"compose {op}: expected at least two parts, got {ids}")
    if len(set(ids)) < len(ids):
        raise McuError(f"compose {op}: a part is repeated in {ids}")
    open_ended = [p.id for p in parts if p.success is None]
    if open_ended and op == "then":
        raise McuError(f"compose then: {', '.join(open_ended)} is open-ended (judge only): "
                       "the order of its completion cannot be checked")  # fmt: skip
    if open_ended and constraints:
        raise McuError(f"compose {op}: constraints need a success rule, and "
                       f"{', '.join(open_ended)} is open-ended (judge only)")  # fmt: skip
    for name in ("dialect", "world_seed"):
        values = {getattr(p, name) for p in parts}
        if len(values) > 1:
            found = sorted(map(str, values))
            raise McuError(f"compose {op}: the parts have different {name}s: {found}")
    why = commands_conflict(parts)
    if why:
        raise McuError(f"compose {op}: {why}")
    _check_environment(parts, constraints)
    for part in parts:
        _check_without(part, constraints.without)


def commands_conflict(parts: list[TaskConfig]) -> str | None:
    """Why the parts' commands cannot run together (different times or weathers; the same
    blocks changed by different commands), or None."""
    times = {t for p in parts for t in cmdinfo.time_set(p.custom_init_commands)}
    if len(times) > 1:
        return f"the parts set the time differently ({sorted(times)})"
    weathers = {w for p in parts for w in cmdinfo.weather_set(p.custom_init_commands)}
    if len(weathers) > 1:
        return f"the parts set the weather differently ({', '.join(sorted(weathers))})"
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            why = cmdinfo.position_conflict(a.custom_init_commands, b.custom_init_commands)
            if why:
                return f"{a.id} and {b.id}: {why}"
    return None


def _check_environment(parts: list[TaskConfig], constraints: Constraints) -> None:
    commands = [c for p in parts for c in p.custom_init_commands]
    if constraints.at_night:
        day = [t for t in cmdinfo.time_set(commands) if not NIGHT[0] <= t % 24000 <= NIGHT[1]]
        if day:
            raise McuError(f"constraint at_night: a part sets the time to {day[0]} (day)")
    if constraints.in_rain:
        dry = [w for w in cmdinfo.weather_set(commands) if w not in cmdinfo.RAINY]
        if dry:
            raise McuError(f"constraint in_rain: a part sets the weather to {dry[0]}")


def _check_without(part: TaskConfig, forbidden: tuple[str, ...]) -> None:
    """Refuse a ``without`` tool the part needs. Kept simple: a tool the part's commands give is
    taken as needed unless they also give another tool of the same kind (``pickaxe``...; untiered
    items are their own kind) that is not forbidden and harvests at least as much. So
    ``mine_iron_ore`` given an iron pickaxe cannot be asked without it; given a wooden one too,
    still not (wood harvests less); tools the part is not given are always allowed."""
    given = {item for item, _ in cmdinfo.given_items(part.custom_init_commands)}
    for tool in sorted(given & set(forbidden)):
        need = cmdinfo.tool_use(tool)
        others = [cmdinfo.tool_use(i) for i in sorted(given - set(forbidden))]
        if not any(o.kind == need.kind and o.rank >= need.rank for o in others):
            raise McuError(f"constraint without {tool}: {part.id} is given it by its set-up "
                           f"commands and no other {need.kind} as good: it needs it")  # fmt: skip


# -- building ---------------------------------------------------------------------------------


def _commands(parts: list[TaskConfig], constraints: Constraints) -> tuple[str, ...]:
    out: list[str] = []
    for line in (c for p in parts for c in p.custom_init_commands):
        if not (cmdinfo.is_time_or_weather(line) and line in out):
            out.append(line)
    if constraints.at_night and not cmdinfo.time_set(out):
        out.append("/time set night")
    if constraints.in_rain and not cmdinfo.weather_set(out):
        out.append("/weather rain")
    return tuple(out)


def _rule(op: str, parts: list[TaskConfig], constraints: Constraints) -> Rule | None:
    if any(p.success is None for p in parts):
        return None  # open-ended AND/OR: AutoEval judges the whole
    rule = RULES[op](rules=tuple(p.success for p in parts))
    if not constraints:
        return rule
    return Constrained(rule=rule, without=constraints.without,
                       within_seconds=constraints.within_seconds, at_night=constraints.at_night,
                       in_rain=constraints.in_rain)  # fmt: skip


def composed_id(op: str, parts: list[TaskConfig], constraints: Constraints = NONE) -> str:
    """``a__and__b``, ``a__or__b``, ``a__then__b``; composed parts in ``(...)``; constraints as
    ``__without_<item>``, ``__within_<N>s``, ``__at_night``, ``__in_rain``."""
    names = [f"({p.id})" if p.parts else p.id for p in parts]
    out = f"__{op}__".join(names)
    out += "".join(f"__without_{i}" for i in constraints.without)
    if constraints.within_seconds:
        out += f"__within_{constraints.within_seconds:g}s"
    out += "__at_night" * constraints.at_night + "__in_rain" * constraints.in_rain
    return out


def composed_text(op: str, parts: list[TaskConfig], constraints: Constraints = NONE) -> str:
    """``A and B``, ``A, B and C``, ``A or B``, ``A, then B`` + the constraints' phrases."""
    texts = [_clause(p, first=i == 0) for i, p in enumerate(parts)]
    joined = ", ".join(texts[:-1]) + f" {op} " + texts[-1]
    out = ", then ".join(texts) if op == "then" else joined
    if constraints.without:
        out += ", without using " + " or ".join(_article(i) for i in constraints.without)
    if constraints.within_seconds:
        out += f", within {constraints.within_seconds:g} seconds"
    out += ", at night" * constraints.at_night + ", in the rain" * constraints.in_rain
    return out


def _clause(part: TaskConfig, first: bool) -> str:
    text = part.text.strip().rstrip(".!")
    words = text.split(" ", 1)
    if not first and words[0][1:].islower():  # "Mine" -> "mine"; "TNT" stays
        text = words[0].lower() + (" " + words[1] if len(words) > 1 else "")
    return f"({text})" if part.parts else text


def _article(item: str) -> str:
    name = items().item(item).display_name.lower()
    return ("an " if name[0] in "aeiou" else "a ") + name


# -- sampling ---------------------------------------------------------------------------------

CONSTRAINT_KINDS = ("without", "within", "at_night", "in_rain")


def targets(config: TaskConfig) -> frozenset[str]:
    """What the task's rule acts on: items, blocks, mobs, statistic keys, vehicles, effects."""
    if config.success is None:
        return frozenset()
    out: set[str] = set()
    for leaf in leaves(config.success):
        for name in ("item", "entity", "key", "vehicle", "effect"):
            value = getattr(leaf, name, None)
            if isinstance(value, str):
                out.add(strip_namespace(value))
        out.update(strip_namespace(b) for b in getattr(leaf, "blocks", ()))
    return frozenset(out)


def sample_compositions(
    pool: list[TaskConfig],
    n: int,
    seed: int,
    ops: tuple[str, ...] = OPS,
    constraint_rate: float = 0.25,
) -> list[TaskConfig]:
    """``n`` distinct two-part compositions drawn from ``pool`` with ``random.Random(seed)``:
    the same pool (in any order) and seed give the same list. Parts have disjoint targets and
    commands that do not conflict; a drawn constraint that cannot apply is dropped. McuError
    when ``n`` cannot be reached within ``200 n + 1000`` draws."""
    for op in ops:
        if op not in OPS:
            raise McuError(f"sample_compositions: unknown operator {op!r}: expected {OPS}")
    if not 0 <= constraint_rate <= 1:
        raise McuError(f"sample_compositions: constraint_rate {constraint_rate} not in 0..1")
    tasks = sorted(pool, key=lambda c: c.id)  # the pool's order must not matter
    if len({c.id for c in tasks}) < len(tasks):
        raise McuError("sample_compositions: the pool has two tasks with the same id")
    if n > 0 and len(tasks) < 2:
        raise McuError("sample_compositions: the pool needs at least two tasks")
    rng = random.Random(seed)
    out: list[TaskConfig] = []
    seen: set[tuple] = set()
    draws = 0
    while len(out) < n and draws < 200 * n + 1000:
        draws += 1
        op = ops[rng.randrange(len(ops))]
        a, b = (tasks[i] for i in rng.sample(range(len(tasks)), 2))
        constrain = rng.random() < constraint_rate
        kind = CONSTRAINT_KINDS[rng.randrange(len(CONSTRAINT_KINDS))]
        key = (op, a.id, b.id) if op == "then" else (op, *sorted((a.id, b.id)))
        if key in seen:
            continue
        seen.add(key)
        made = _try_compose(op, a, b, _constraint(kind, [a, b], rng) if constrain else NONE)
        if made is not None:
            out.append(made)
    if len(out) < n:
        raise McuError(f"sample_compositions: found {len(out)} of {n} compositions of "
                       f"{len(tasks)} tasks in {draws} draws")  # fmt: skip
    return out


def _try_compose(op: str, a: TaskConfig, b: TaskConfig, cons: Constraints) -> TaskConfig | None:
    if targets(a) & targets(b) or (op == "then" and None in (a.success, b.success)):
        return None
    if commands_conflict([a, b]) is not None:
        return None
    for attempt in (cons, NONE) if cons else (NONE,):
        try:
            return compose(op, [a, b], attempt)
        except McuError:
            continue
    return None


def _constraint(kind: str, parts: list[TaskConfig], rng: random.Random) -> Constraints:
    """One constraint of ``kind`` fitted to the parts (NONE where it cannot be): ``within`` half
    the parts' summed time limit (10 s steps, at least 30 s); ``without`` a tool of a kind the
    parts are given that is not needed by them (``_check_without``)."""
    if kind == "within":
        total = sum(p.time_limit_s for p in parts)
        return Constraints(within_seconds=float(max(30, int(total / 2) // 10 * 10)))
    if kind == "at_night":
        return Constraints(at_night=True)
    if kind == "in_rain":
        return Constraints(in_rain=True)
    return _without(parts, rng)


def _without(parts: list[TaskConfig], rng: random.Random) -> Constraints:
    given = sorted({i for p in parts for i, _ in cmdinfo.given_items(p.custom_init_commands)})
    kinds = {cmdinfo.tool_use(i).kind for i in given if items().has(i)}
    candidates = []
    for name in items().names:
        t = items().item(name)
        if t.tool_kind in kinds:
            try:
                for part in parts:
                    _check_without(part, (name,))
            except McuError:
                continue
            candidates.append(name)
    return Constraints(without=(rng.choice(candidates),)) if candidates else NONE
