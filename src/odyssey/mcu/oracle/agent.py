"""The oracle agent: reads the task's success rule and plays the skill for each part.

``all`` and ``then`` rules are played part by part in order; ``any`` plays the first part that
has a skill; ``constrained`` plays its rule (the skills never hold a forbidden tool: they pick
tools from the rule's ``without`` list last). When its script ends before the game says the
task is done, the oracle waits (a crop growing, a furnace smelting) and finally claims done.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import ClassVar

from odyssey.episode.protocol import ClaimDone, Wait
from odyssey.mcu.actions import McuAction
from odyssey.mcu.oracle.core import Ctx, OracleStuckError, Script, skill_for
from odyssey.mcu.play import McuObservation
from odyssey.mcu.rules import AllRule, AnyRule, Constrained, ThenRule


def _load_families() -> None:
    """Import every ``families_*`` module (each registers its skills)."""
    import odyssey.mcu.oracle as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("families_"):
            importlib.import_module(f"{package.__name__}.{info.name}")


def plan(ctx: Ctx, rule) -> Script:
    """The whole task's script from its rule."""
    match rule:
        case AllRule(rules=rs) | ThenRule(rules=rs):
            for part in rs:
                yield from plan(ctx, part)
        case AnyRule(rules=rs):
            for part in rs:
                try:
                    skill_for(ctx, part)
                except OracleStuckError:
                    continue
                yield from plan(ctx, part)
                return
            raise OracleStuckError(f"no part of {rule!r} has a skill")
        case Constrained(rule=inner):
            yield from plan(ctx, inner)
        case _:
            yield from skill_for(ctx, rule)(ctx, rule)


class Oracle:
    """Privileged: gets the live game and the task's rule (``McuObservation.privileged``)."""

    name: ClassVar[str] = "oracle"
    privileged: ClassVar[bool] = True

    def __init__(self, patience_ticks: int = 1200) -> None:
        self.patience = patience_ticks  # how long to wait for the game after the script
        self.ctx: Ctx | None = None
        self.script: Script | None = None
        self.waited = 0

    @property
    def notes(self) -> list[str]:
        return [] if self.ctx is None else self.ctx.notes

    def start(self, observation: McuObservation) -> None:
        if observation.privileged is None:
            raise OracleStuckError("the oracle needs privileged observations")
        _load_families()
        config = observation.privileged.config
        self.ctx = Ctx(observation.privileged.game)
        if config.success is None:
            self.ctx.notes.append("open-ended task: the oracle has nothing to do")
            self.script = iter(())
        else:
            self.script = plan(self.ctx, config.success)

    def act(self, observation: McuObservation) -> McuAction:
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
