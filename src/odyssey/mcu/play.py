"""Playing one MCU task in lockstep: an agent's decisions against a set-up survival game, the
success rule checked after every tick on the checker's own path, a frame stream recorded.

The agent sees what a player sees (its state, inventory, open screen, a screenshot); an agent
marked ``privileged`` (the oracle) also gets the live game to read and the task's rule. The game
ends the episode: the rule done (success) or broken (a constraint), the time limit, the decision
limit, a claim (``ClaimDone``: open-ended tasks end when the agent says so), the player's death.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from odyssey.episode.protocol import ActionError, ClaimDone, Hold, Look, Use, Wait
from odyssey.mcu.actions import DIRECT, McuAction, apply_direct, check_mcu_action
from odyssey.mcu.checker import RuleChecker, Verdict
from odyssey.mcu.config import TaskConfig
from odyssey.sim.game import TICKS_PER_SECOND, Game
from odyssey.sim.player import InputState, PlayerState

# terminal reasons
SUCCESS, RULE_FAILED, TIME_LIMIT = "success", "rule_failed", "time_limit"
STEP_LIMIT, CLAIMED, DIED, AGENT_CRASH = "step_limit", "claimed", "died", "agent_crash"
SERVER_CRASH = "server_crash"


@dataclass(frozen=True)
class McuPrivileged:
    """What only privileged agents get: the live game (read it, never change it) and the task."""

    game: Game
    config: TaskConfig


@dataclass(frozen=True)
class McuObservation:
    task_id: str
    text: str
    tick: int
    time_s: float
    player: PlayerState
    inventory: tuple[tuple[int, str, int], ...]  # (slot, item, count) of the non-empty slots
    selected: int
    screen: str  # the open screen's kind ("" = the world)
    health: float
    food: int
    messages: tuple[str, ...] = ()  # results of the last direct actions
    privileged: McuPrivileged | None = None
    screenshot: Callable[[], Any] | None = None


@runtime_checkable
class McuAgent(Protocol):
    name: ClassVar[str]
    privileged: ClassVar[bool]

    def start(self, observation: McuObservation) -> None: ...

    def act(self, observation: McuObservation) -> McuAction: ...


@dataclass
class PlayResult:
    terminal_reason: str
    verdict: Verdict
    decisions: int
    ticks: int
    error: str | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def success(self) -> bool:
        return self.terminal_reason == SUCCESS


class Play:
    """One task played by one agent; ``run()`` returns the :class:`PlayResult`."""

    def __init__(
        self,
        game: Game,
        config: TaskConfig,
        agent: McuAgent,
        max_decisions: int = 2000,
        screenshot: Callable[[], Any] | None = None,
        on_tick: Callable[[Game], None] | None = None,
    ) -> None:
        self.game, self.config, self.agent = game, config, agent
        self.max_decisions = max_decisions
        self.screenshot, self.on_tick = screenshot, on_tick
        self.checker = RuleChecker(config.success, game) if config.success is not None else None
        self.start_tick = game.tick_count
        self.limit_ticks = round(config.time_limit_s * TICKS_PER_SECOND)
        self.verdict = Verdict(False, 0.0, detail="open-ended: judged afterwards")
        self.reason: str | None = None
        self.messages: list[str] = []
        self.decisions = 0
        self.actions: list[dict[str, Any]] = []

    # -- the checker's path -------------------------------------------------------------------

    def _after_tick(self) -> None:
        if self.on_tick is not None:
            self.on_tick(self.game)
        if self.checker is not None:
            self.verdict = self.checker.check(self.game)
            if self.verdict.done:
                self.reason = SUCCESS
            elif self.verdict.failed:
                self.reason = RULE_FAILED
        if self.reason is None and self.game.player.dead:
            self.reason = DIED
        if self.reason is None and self.game.tick_count - self.start_tick >= self.limit_ticks:
            self.reason = TIME_LIMIT

    def _ticks(self, n: int) -> None:
        for _ in range(n):
            self.game.tick()
            self._after_tick()
            if self.reason is not None:
                return

    # -- the agent's path ---------------------------------------------------------------------

    def observation(self) -> McuObservation:
        g, s = self.game, self.game.survival
        inv = tuple((i, st.item, st.count) for i, st in enumerate(s.inventory.slots)
                    if st is not None)  # fmt: skip
        messages, self.messages = tuple(self.messages), []
        privileged = McuPrivileged(g, self.config) if getattr(self.agent, "privileged",
                                                              False) else None  # fmt: skip
        return McuObservation(
            self.config.id, self.config.text, g.tick_count - self.start_tick,
            (g.tick_count - self.start_tick) / TICKS_PER_SECOND, g.player, inv,
            s.inventory.selected, s.menu_kind, g.player.health, s.food.food_level, messages,
            privileged, self.screenshot,
        )  # fmt: skip

    def apply(self, action: McuAction) -> None:
        g = self.game
        self.actions.append({"tick": g.tick_count - self.start_tick, "action": _describe(action)})
        if isinstance(action, DIRECT):
            self.messages.append(apply_direct(g, action))
            self._after_tick_checks_only()
            return
        match action:
            case ClaimDone():
                self._after_tick_checks_only()
                self.reason = self.reason or CLAIMED
            case Look(yaw=yaw, pitch=pitch):
                g.look(yaw, pitch)
            case Use(pos=pos):
                self._use(pos)
                self._after_tick_checks_only()
            case Wait(ticks=n):
                g.hold(InputState())
                self._ticks(n)
            case Hold():
                if action.yaw is not None or action.pitch is not None:
                    p = g.player
                    g.look(p.yaw if action.yaw is None else action.yaw,
                           p.pitch if action.pitch is None else action.pitch)  # fmt: skip
                for pos in action.use:
                    self._use(tuple(pos))
                g.hold(InputState(**{k: True for k in action.keys}))
                self._ticks(action.ticks)
                g.hold(InputState())

    def _use(self, pos) -> None:
        from odyssey.sim.actions import use_block_at
        from odyssey.sim.player import SimError

        try:
            if pos is None:
                self.game.use(None)
            elif not use_block_at(self.game, tuple(pos)):
                self.messages.append(f"nothing to use at {tuple(pos)}")
        except SimError as e:
            self.messages.append(f"refused: {e}")

    def _after_tick_checks_only(self) -> None:
        """A direct action changes the inventory at once: the rule may be met without a tick."""
        if self.checker is not None and self.reason is None:
            self.verdict = self.checker.check(self.game)
            self.reason = SUCCESS if self.verdict.done else self.reason

    def run(self) -> PlayResult:
        error = None
        try:
            self.agent.start(self.observation())
        except Exception as e:  # the agent's failure is infrastructure, never its score
            return self._result(AGENT_CRASH, _error(e))
        self._after_tick_checks_only()
        while self.reason is None:
            if self.decisions >= self.max_decisions:
                self.reason = STEP_LIMIT
                break
            try:
                action = check_mcu_action(self.agent.act(self.observation()))
            except (Exception, ActionError) as e:
                return self._result(AGENT_CRASH, _error(e))
            self.decisions += 1
            try:
                self.apply(action)
            except Exception as e:  # the game failed under a valid action
                return self._result(SERVER_CRASH, _error(e))
        return self._result(self.reason, error)

    def _result(self, reason: str, error: str | None) -> PlayResult:
        ticks = self.game.tick_count - self.start_tick
        return PlayResult(reason, self.verdict, self.decisions, ticks, error, self.actions)


def _error(e: BaseException) -> str:
    return "".join(traceback.format_exception_only(type(e), e)).strip()


def _describe(action: McuAction) -> dict[str, Any]:
    data = {k: getattr(action, k) for k in getattr(action, "__dataclass_fields__", {})}
    return {"type": type(action).__name__, **{k: list(v) if isinstance(v, tuple) else v
                                              for k, v in data.items()}}  # fmt: skip
