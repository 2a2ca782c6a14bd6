"""``claim_done`` arbitration (Mine Odyssey notes §5.3) and the feedback text the agent sees (§3.3).

The verifier alone decides; a claim is only ever answered, never trusted. Attempts below the
limit get name-only feedback (which places are still missing, in order, then the target); the
last allowed attempt ends the episode without feedback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CLAIM_ATTEMPT_LIMIT = 3

# Response reasons (completion.py ``evaluate_claim``).
ARRIVED = "arrived"
NOT_ARRIVED = "not_arrived"
ATTEMPTS_EXHAUSTED = "claim_attempts_exhausted"
ALREADY_TERMINAL = "already_terminal"


@dataclass(frozen=True)
class ClaimFeedback:
    """What is still missing: names only, never positions."""

    remaining_locations: tuple[str, ...]
    remaining_attempts: int

    def record(self) -> dict[str, Any]:
        return {
            "remaining_locations": list(self.remaining_locations),
            "remaining_attempts": self.remaining_attempts,
        }


@dataclass(frozen=True)
class ClaimResult:
    """The verifier's answer to one claim, as written to the claim-response file."""

    claim_id: str
    accepted: bool
    terminal: bool
    success: bool
    reason: str
    attempt: int
    attempt_limit: int | None = None
    feedback: ClaimFeedback | None = None
    terminal_reason: str | None = None  # only on ``already_terminal``
    time_s: float = field(default=0.0, compare=False)

    def response(self) -> dict[str, Any]:
        """The response file's fields (``{schema_version:1, claim_id, accepted, ...}``)."""
        out: dict[str, Any] = {
            "schema_version": 1,
            "claim_id": self.claim_id,
            "accepted": self.accepted,
            "terminal": self.terminal,
            "success": self.success,
            "reason": self.reason,
            "attempt": self.attempt,
        }
        if self.reason == ALREADY_TERMINAL:
            out["terminal_reason"] = self.terminal_reason
        elif not self.accepted:
            out["attempt_limit"] = self.attempt_limit
            out["feedback"] = None if self.feedback is None else self.feedback.record()
        return out

    @property
    def message(self) -> str | None:
        """The text injected into the agent's context for a non-terminal rejection, else None."""
        if self.feedback is None:
            return None
        return rejection_message(self.feedback)


def rejection_message(feedback: ClaimFeedback) -> str:
    """Mine Odyssey's rejection line: names quoted, joined by `` -> ``, then attempts left."""
    names = " -> ".join(f'"{name}"' for name in feedback.remaining_locations)
    return (
        "[Navigation evaluator] claim_done rejected. The following locations have not yet been "
        f"visited and recorded in the required order: {names}. "
        f"Remaining attempts: {feedback.remaining_attempts}."
    )


def arbitrate(
    *,
    claim_id: str,
    attempt: int,
    attempt_limit: int,
    arrived: bool,
    missing: list[str],
) -> ClaimResult:
    """Decide a live claim (the episode is not terminal yet); ``attempt`` counts this one.

    ``missing``: unrecorded required names from the next index, then the target's name.
    """
    if arrived:
        return ClaimResult(claim_id, True, True, True, ARRIVED, attempt)
    if attempt >= attempt_limit:
        return ClaimResult(claim_id, False, True, False, ATTEMPTS_EXHAUSTED, attempt, attempt_limit)
    feedback = ClaimFeedback(tuple(missing), attempt_limit - attempt)
    return ClaimResult(claim_id, False, False, False, NOT_ARRIVED, attempt, attempt_limit, feedback)
