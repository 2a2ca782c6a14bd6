"""What the verifier tells the world: terminal reasons (Mine Odyssey notes §5.2), which of them are
infrastructure failures, and the evaluator events with their exact texts (§3.2, §5.1)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from odyssey.errors import OdysseyError

# Terminal reasons (notes §5.2): scored ones are the agent's outcome.
CLAIM_DONE_ARRIVED = "claim_done_arrived"
CLAIM_ATTEMPTS_EXHAUSTED = "claim_attempts_exhausted"
DEATH = "death"
OUT_OF_BOUNDS = "out_of_bounds"
PLAYER_LEFT_GAME = "player_left_game"
STEP_LIMIT = "step_limit"
AGENT_STOPPED = "agent_stopped_without_completion"
CLIENT_EXIT = "client_exit"
WALL_CLOCK_WATCHDOG = "wall_clock_watchdog"
LLM_FAILURE_LIMIT = "llm_failure_limit"
AGENT_CRASH = "agent_crash"
SERVER_CRASH = "server_crash"
STATE_UNAVAILABLE = "agentbridge_state_unavailable"
EXTERNAL_STOP = "external_stop"
EXTERNAL_INTERRUPT = "external_interrupt"

SCORED_REASONS = frozenset(
    {
        CLAIM_DONE_ARRIVED,
        CLAIM_ATTEMPTS_EXHAUSTED,
        DEATH,
        OUT_OF_BOUNDS,
        PLAYER_LEFT_GAME,
        STEP_LIMIT,
        AGENT_STOPPED,
        CLIENT_EXIT,
        EXTERNAL_INTERRUPT,  # the notes' table marks it not-infrastructure
    }
)
INFRASTRUCTURE_REASONS = frozenset(
    {WALL_CLOCK_WATCHDOG, LLM_FAILURE_LIMIT, AGENT_CRASH, SERVER_CRASH, STATE_UNAVAILABLE}
    | {EXTERNAL_STOP}
)
_INFRA_PATTERN = re.compile(r"infrastructure_[a-z0-9_]+_failed|signal_[0-9]+")

REQUIRED_RECORDED = "required_waypoint_recorded"
FINAL_RECORDED = "final_destination_recorded"
OUT_OF_BOUNDS_EVENT = "out_of_bounds"


class VerifierError(OdysseyError):
    """The verifier was set up or driven inconsistently (a bug in the caller, not the agent)."""


def is_infrastructure(reason: str) -> bool:
    """Whether a terminal reason is an infrastructure failure (never scored against the agent)."""
    if reason in INFRASTRUCTURE_REASONS or _INFRA_PATTERN.fullmatch(reason):
        return True
    if reason in SCORED_REASONS:
        return False
    raise VerifierError(f"terminal_reason {reason!r} is not a Mine Odyssey reason (notes §5.2)")


@dataclass(frozen=True)
class Event:
    """An evaluator event for the agent; ``message`` is injected verbatim."""

    kind: str
    waypoint_id: str | None
    message: str
    time_s: float

    def record(self, created_at_utc: str | None = None) -> dict[str, Any]:
        """A line of ``evaluator-events.jsonl`` (the runner supplies the wall-clock stamp)."""
        return {
            "created_at_utc": created_at_utc,
            "kind": self.kind,
            "waypoint_id": self.waypoint_id,
            "message": self.message,
        }


def required_message(name: str) -> str:
    return (
        f'[Navigation evaluator] Confirmed that required waypoint "{name}" has been visited '
        "and recorded."
    )


def final_message(name: str) -> str:
    return (
        f'[Navigation evaluator] Confirmed that final destination "{name}" has been reached and '
        "recorded. Submit claim_done to complete the task."
    )


def out_of_bounds_message(at_or_below_y: float, duration_sec: float) -> str:
    # The notes name the event kind but not its text; this wording is ours.
    return (
        f"[Navigation evaluator] The player stayed at or below y={at_or_below_y:g} for "
        f"{duration_sec:g} seconds and is out of bounds; the task has ended."
    )
