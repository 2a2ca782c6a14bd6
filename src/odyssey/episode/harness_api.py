"""What an agent that plays through commands (the language-model loop) needs from the episode.

The episode layer defines this interface (agents sit above it and import it).

The episode runner implements :class:`Harness` over the game, the clock, the control server, the
sandboxed command runner and the verifier; tests implement it with fakes. The loop never touches
the game directly: it sees screenshots, command results, evaluator events and claim answers, as
Mine Odyssey's agent does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class CommandResult:
    """A command's state as the loop sees it (Mine Odyssey's Remote Bash task status)."""

    action_id: str
    command: str
    status: str  # running | completed | failed | stopped | timed_out | rejected
    exit_code: int | None
    stdout: str
    stderr: str
    elapsed: float


@dataclass(frozen=True)
class ClaimAnswer:
    """The verifier's answer to ``claim_done`` (notes §5.3)."""

    accepted: bool
    terminal: bool
    reason: str  # arrived | not_arrived | claim_attempts_exhausted | already_terminal
    message: str | None  # the text injected into the conversation, None when accepted


class Harness(Protocol):
    clock_kind: str  # lockstep | paused | realtime

    def screenshot(self) -> bytes:
        """A JPEG of the agent's screen now."""

    def start_command(self, command: str) -> CommandResult:
        """Starts ``command`` in the sandbox (status running, or rejected at once)."""

    def poll_command(self, action_id: str) -> CommandResult: ...

    def stop_command(self, action_id: str) -> CommandResult:
        """Stops a running command (SIGTERM to its group, SIGKILL after 2 s)."""

    def wait(self, seconds: float, until: Callable[[], bool] | None = None) -> None:
        """Lets ``seconds`` pass on the episode's clock, returning early once ``until()`` is true
        (polled every 50 ms of wall time). Lockstep: game time is advanced by the harness only
        when nothing else advances it (a skip's wait); realtime/paused: wall time."""

    def claim_done(self) -> ClaimAnswer: ...

    def evaluator_messages(self) -> list[str]:
        """Evaluator event texts (notes §5.1) not yet delivered, oldest first."""

    def terminal(self) -> bool:
        """Whether the verifier has ended the episode (the loop then stops)."""

    def thinking(self, active: bool) -> None:
        """The model request starts (True) or ends (False): a paused clock freezes meanwhile."""
