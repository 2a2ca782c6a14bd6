"""Success rules of programmatic MCU tasks: predicates over the player's statistics, inventory,
effects and position, blocks and mobs near the player, combined with ``all``/``any``/``then``
and constraints (``without`` a tool, ``within_seconds``, ``at_night``, ``in_rain``).

A rule is data (pydantic models with a ``kind`` field, stored in task configurations as YAML or
JSON); :class:`RuleChecker` evaluates one against a running game. Statistics count from the
moment the checker starts (after the set-up commands), so giving an item never counts as
crafting it; inventory, blocks, mobs and effects are read as they are now.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from odyssey.mcu.needs import McuError
from odyssey.sim.stats import CATEGORIES

NIGHT = (13000, 23000)  # vanilla: monsters spawn, beds work (Level.isNight: 13000..23000)


class _Rule(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StatRule(_Rule):
    """A statistic rose by ``at_least`` since the start: ``mined stone``, ``custom jump``."""

    kind: Literal["stat"] = "stat"
    category: Literal[CATEGORIES]  # type: ignore[valid-type]
    key: str
    at_least: int = Field(1, ge=1)


class ItemRule(_Rule):
    """The inventory holds ``count`` of ``item`` now (any slot, armour and off hand included);
    ``named``: only stacks with that custom name count."""

    kind: Literal["item"] = "item"
    item: str
    count: int = Field(1, ge=1)
    named: str | None = None


class BlockRule(_Rule):
    """``count`` blocks among ``blocks`` within ``within`` blocks of the player's feet (a cube);
    ``placed``: only positions that changed since the start."""

    kind: Literal["block"] = "block"
    blocks: tuple[str, ...] = Field(min_length=1)
    within: int = Field(6, ge=0, le=32)
    count: int = Field(1, ge=1)
    placed: bool = False


class EntityRule(_Rule):
    """``count`` living mobs of ``entity`` within ``within`` blocks, each carrying ``tags``
    (e.g. ``tamed``, ``leashed``)."""

    kind: Literal["entity"] = "entity"
    entity: str
    within: float = Field(16.0, gt=0)
    count: int = Field(1, ge=1)
    tags: tuple[str, ...] = ()


class PositionRule(_Rule):
    """Where the player is against where it started: ``rise`` blocks higher, ``descend`` lower,
    ``travel`` blocks away horizontally, eyes in ``eyes_in`` (a fluid), in ``dimension``."""

    kind: Literal["position"] = "position"
    rise: float | None = None
    descend: float | None = None
    travel: float | None = None
    eyes_in: Literal["water", "lava"] | None = None
    dimension: str | None = None


class EffectRule(_Rule):
    """The player has the status effect now."""

    kind: Literal["effect"] = "effect"
    effect: str


class RidingRule(_Rule):
    """The player rides a ``vehicle`` (boat, minecart, horse, pig...)."""

    kind: Literal["riding"] = "riding"
    vehicle: str | None = None


class AllRule(_Rule):
    """Every part done at some point of the episode (a part once done stays done)."""

    kind: Literal["all"] = "all"
    rules: tuple[Rule, ...] = Field(min_length=1)


class AnyRule(_Rule):
    kind: Literal["any"] = "any"
    rules: tuple[Rule, ...] = Field(min_length=1)


class ThenRule(_Rule):
    """Parts done in order: each counts only once the parts before it were done."""

    kind: Literal["then"] = "then"
    rules: tuple[Rule, ...] = Field(min_length=1)


class Constrained(_Rule):
    """``rule`` under constraints. Breaking ``without`` (holding one of the items in the main
    hand) or ``within_seconds`` fails the task for good; ``at_night``/``in_rain`` only allow the
    success to be reached at night / in rain or thunder."""

    kind: Literal["constrained"] = "constrained"
    rule: Rule
    without: tuple[str, ...] = ()
    within_seconds: float | None = Field(None, gt=0)
    at_night: bool = False
    in_rain: bool = False


Rule = Annotated[
    StatRule | ItemRule | BlockRule | EntityRule | PositionRule | EffectRule | RidingRule
    | AllRule | AnyRule | ThenRule | Constrained,
    Field(discriminator="kind"),
]  # fmt: skip
for _model in (AllRule, AnyRule, ThenRule, Constrained):
    _model.model_rebuild()


class _Holder(BaseModel):
    rule: Rule


def parse_rule(data: object, where: str = "rule") -> Rule:
    """A rule from its JSON/YAML form; McuError naming ``where`` and the bad field otherwise."""
    try:
        return _Holder.model_validate({"rule": data}).rule
    except ValidationError as e:
        first = e.errors()[0]
        loc = ".".join(str(p) for p in first["loc"][1:])
        raise McuError(f"{where}{'.' + loc if loc else ''}: {first['msg']}") from e


def rule_json(rule: Rule) -> dict:
    """The rule as JSON data: defaults left out, every ``kind`` kept (nested rules need it)."""
    out: dict = {"kind": rule.kind}
    for name, info in type(rule).model_fields.items():
        value = getattr(rule, name)
        if name == "kind" or value == info.default:
            continue
        if isinstance(value, _Rule):
            value = rule_json(value)
        elif isinstance(value, tuple):
            value = [rule_json(v) if isinstance(v, _Rule) else v for v in value]
        out[name] = value
    return out


def describe(rule: Rule) -> str:
    """A short English reading of the rule, for reports and task lists."""
    match rule:
        case StatRule(category=c, key=k, at_least=n):
            return f"{c} {k} ×{n}"
        case ItemRule(item=i, count=n, named=name):
            return f"have {n} {i}" + (f" named {name!r}" if name else "")
        case BlockRule(blocks=b, count=n, within=w, placed=p):
            return f"{n} {'placed ' if p else ''}{'/'.join(b)} within {w}"
        case EntityRule(entity=e, count=n, within=w, tags=t):
            return f"{n} {' '.join(t)}{' ' if t else ''}{e} within {w:g}"
        case PositionRule():
            parts = [f"{k} {v}" for k, v in rule.model_dump(exclude={"kind"}).items() if v]
            return "position " + ", ".join(parts)
        case EffectRule(effect=e):
            return f"effect {e}"
        case RidingRule(vehicle=v):
            return f"riding {v or 'anything'}"
        case AllRule(rules=rs) | AnyRule(rules=rs) | ThenRule(rules=rs):
            joiner = {"all": " AND ", "any": " OR ", "then": " THEN "}[rule.kind]
            return "(" + joiner.join(describe(r) for r in rs) + ")"
        case Constrained(rule=inner):
            extra = [f"without {'/'.join(rule.without)}"] if rule.without else []
            extra += [f"within {rule.within_seconds:g} s"] if rule.within_seconds else []
            extra += ["at night"] * rule.at_night + ["in rain"] * rule.in_rain
            return f"{describe(inner)} [{', '.join(extra)}]"
    raise McuError(f"unknown rule {rule!r}")


def leaves(rule: Rule) -> list[Rule]:
    """The atomic rules inside ``rule``, in order."""
    match rule:
        case AllRule(rules=rs) | AnyRule(rules=rs) | ThenRule(rules=rs):
            return [leaf for r in rs for leaf in leaves(r)]
        case Constrained(rule=inner):
            return leaves(inner)
    return [rule]
