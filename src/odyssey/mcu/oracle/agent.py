"""The oracle agent: reads the task's success rule and plays the skill for each part.

``all`` and ``then`` rules are played part by part in order; ``any`` plays the first part that
has a skill; ``constrained`` plays its rule (the skills never hold a forbidden tool: they pick
tools from the rule's ``without`` list last). When its script ends before the game says the
task is done, the oracle waits (a crop growing, a furnace smelting) and finally claims done.

A part already done is skipped: each part has its own checker made at the start (so a
statistic counts from the start, as the task's checker counts it). A monster that targets the
player within ``DEFEND_RADIUS`` blocks (hard mode's decoys at night) is fought first, armed as
well as the oracle can be; then the plan starts again from the parts not yet done (the fight
moved the player, so a skill cannot go on where it stopped).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import ClassVar

from odyssey.episode.protocol import ClaimDone, Wait
from odyssey.mcu.actions import McuAction, Select
from odyssey.mcu.oracle.core import Ctx, OracleStuckError, Script, skill_for
from odyssey.mcu.play import McuObservation
from odyssey.mcu.rules import AllRule, AnyRule, Constrained, ThenRule

DEFEND_RADIUS = 5.0
CHASE_LIMIT = 8.0  # an enemy further than this from the player is left alone
# Shooters keep their distance: chasing one costs more than the task, so it is not fought.
RANGED = frozenset({"skeleton", "stray", "bogged", "witch", "blaze", "pillager", "ghast",
                    "drowned", "piglin"})  # fmt: skip


def bare(name: str) -> str:
    return name.removeprefix("minecraft:")


def _load_families() -> None:
    """Import every ``families_*`` module (each registers its skills)."""
    import odyssey.mcu.oracle as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("families_"):
            importlib.import_module(f"{package.__name__}.{info.name}")


def plan(ctx: Ctx, rule, done=lambda rule: False) -> Script:
    """The whole task's script from its rule; ``done(part)`` says a part needs no more play."""
    match rule:
        case AllRule(rules=rs) | ThenRule(rules=rs):
            for part in rs:
                if done(part):
                    continue
                yield from plan(ctx, part, done)
        case AnyRule(rules=rs):
            for part in rs:
                try:
                    skill_for(ctx, part)
                except OracleStuckError:
                    continue
                yield from plan(ctx, part, done)
                return
            raise OracleStuckError(f"no part of {rule!r} has a skill")
        case Constrained(rule=inner):
            before = ctx.avoid
            ctx.avoid = tuple(dict.fromkeys((*before, *(bare(i) for i in rule.without))))
            held = ctx.game.survival.inventory.mainhand
            if held is not None and held.item in ctx.avoid:  # put a forbidden tool away first
                free = [i for i in range(9) if ctx.game.survival.inventory.get(i) is None
                        or ctx.game.survival.inventory.get(i).item not in ctx.avoid]  # fmt: skip
                if free:
                    yield Select(free[0])
            try:
                yield from plan(ctx, inner, done)
            finally:
                ctx.avoid = before
        case _:
            yield from skill_for(ctx, rule)(ctx, rule)


def _nodes(rule) -> list:
    """Every rule in ``rule``, itself included."""
    inner = getattr(rule, "rules", None) or ([rule.rule] if isinstance(rule, Constrained) else [])
    return [rule, *(n for r in inner for n in _nodes(r))]


def threat(ctx: Ctx):
    """The nearest living monster within ``DEFEND_RADIUS`` that targets the player."""
    from odyssey.sim.entities.kinds import kind

    store = ctx.game.survival.entities
    found = [e for e in store.near(ctx.player.pos, DEFEND_RADIUS)
             if not e.dead and e.target >= 0 and kind(e.type).hostile
             and e.type not in RANGED]  # fmt: skip
    return min(found, key=lambda e: (e.x - ctx.player.pos[0]) ** 2
               + (e.z - ctx.player.pos[2]) ** 2) if found else None  # fmt: skip


def defend(ctx: Ctx, enemy) -> Script:
    """Fight ``enemy`` while it stays within ``CHASE_LIMIT`` (a fleeing one is let go)."""
    import math

    from odyssey.mcu.oracle.families_combat import fight

    for action in fight(ctx, enemy, ctx.avoid):
        if math.dist(enemy.pos, ctx.player.pos) > CHASE_LIMIT:
            return
        yield action


class Oracle:
    """Privileged: gets the live game and the task's rule (``McuObservation.privileged``)."""

    name: ClassVar[str] = "oracle"
    privileged: ClassVar[bool] = True

    def __init__(self, patience_ticks: int = 1200) -> None:
        self.patience = patience_ticks  # how long to wait for the game after the script
        self.ctx: Ctx | None = None
        self.script: Script | None = None
        self.defence: Script | None = None
        self.rule = None
        self.home = (0.0, 0.0, 0.0)
        self.checkers: dict = {}
        self.waited = 0

    @property
    def notes(self) -> list[str]:
        return [] if self.ctx is None else self.ctx.notes

    def start(self, observation: McuObservation) -> None:
        if observation.privileged is None:
            raise OracleStuckError("the oracle needs privileged observations")
        _load_families()
        from odyssey.mcu.checker import RuleChecker

        config = observation.privileged.config
        game = observation.privileged.game
        self.ctx = Ctx(game)
        self.rule = config.success
        self.home = game.player.pos
        if config.success is None:
            self.ctx.notes.append("open-ended task: the oracle has nothing to do")
            self.script = iter(())
        else:
            self.checkers = {id(n): RuleChecker(n, game) for n in _nodes(config.success)}
            self.script = self._plan()

    def _done(self, part) -> bool:
        checker = self.checkers.get(id(part))
        return checker is not None and checker.check(self.ctx.game).done

    def _plan(self) -> Script:
        return plan(self.ctx, self.rule, self._done)

    def _home_then_plan(self) -> Script:
        """Back to where the task started (a fight may have led far off), then the plan."""
        from odyssey.mcu.oracle.core import walk_to

        x, _, z = self.home
        try:
            yield from walk_to(self.ctx, x, z, within=1.0)
        except OracleStuckError as e:
            self.ctx.notes.append(f"after a fight: {e}")
        yield from self._plan()

    def act(self, observation: McuObservation) -> McuAction:
        free = self.ctx.game.survival.menu is None  # no fighting from inside a screen
        if self.defence is None and free and (enemy := threat(self.ctx)) is not None:
            self.defence = defend(self.ctx, enemy)
        if self.defence is not None:
            try:
                return next(self.defence)
            except StopIteration:
                self.defence = None
            except OracleStuckError as e:
                self.ctx.notes.append(f"defence: {e}")
                self.defence = None
            if self.script is not None:
                self.script = self._home_then_plan()  # again from what is not done yet
        if self.script is not None:
            try:
                return next(self.script)
            except StopIteration:
                self.script = None
            except OracleStuckError as e:
                self.ctx.notes.append(f"stuck: {e}")
                self.script = None
                return ClaimDone()
        if self.waited < self.patience:
            self.waited += 20
            return Wait(20)
        return ClaimDone()
