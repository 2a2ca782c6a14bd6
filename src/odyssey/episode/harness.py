"""The episode as a language-model agent sees it: the :class:`Harness` over the game's clock,
the control server, the sandboxed command runner and the verifier.

Commands run in the sandbox under a lease: the control server's current action is the running
command, so its keys are released when it ends or is stopped; a paused clock lets time flow while
a command runs and freezes it while the model thinks. Claims go to the verifier, which answers on
its own state; evaluator events are handed over verbatim.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from odyssey.episode.harness_api import ClaimAnswer, CommandResult
from odyssey.sim.game import TICKS_PER_SECOND

POLL_S = 0.05  # wall time between looks at a running command


def command_result(status: Any) -> CommandResult:
    """The runner's CommandStatus as the loop's CommandResult."""
    return CommandResult(
        action_id=status.task_id,
        command=status.command,
        status=status.status,
        exit_code=status.exit_code,
        stdout=status.stdout,
        stderr=status.stderr,
        elapsed=status.elapsed,
    )


class EpisodeHarness:
    """Implements ``odyssey.episode.harness_api.Harness`` for one running episode."""

    def __init__(self, episode: Any, runner: Any) -> None:
        self.episode = episode  # odyssey.episode.runner._Episode: game, clock, verifier, screen
        self.runner = runner  # odyssey.bridge.commands.CommandRunner
        self.clock_kind = episode.clock.kind
        self._delivered = 0

    def screenshot(self) -> bytes:
        return self.episode.screen.jpeg()

    def start_command(self, command: str) -> CommandResult:
        return command_result(self.runner.start(command))

    def poll_command(self, action_id: str) -> CommandResult:
        return command_result(self.runner.poll(action_id))

    def stop_command(self, action_id: str) -> CommandResult:
        return command_result(self.runner.stop(action_id))

    def wait(self, seconds: float, until: Callable[[], bool] | None = None) -> None:
        clock, game = self.episode.clock, self.episode.game
        if until is None:
            # nothing to wait for but time itself (a skip): every clock lets it pass; lockstep
            # advances the game, paused lets it flow for that long, realtime just waits
            clock.advance(round(seconds * TICKS_PER_SECOND))
            return
        if self.clock_kind == "lockstep":
            # game time moves only through the command's own presses and waits; a command that
            # neither ends nor moves time (a shell sleep) is observed after ``seconds`` of wall
            # time, whichever comes first
            target = game.tick_count + round(seconds * TICKS_PER_SECOND)
            deadline = time.monotonic() + seconds
            while not until() and game.tick_count < target and time.monotonic() < deadline:
                if self.terminal():
                    return
                time.sleep(POLL_S)
            return
        deadline = time.monotonic() + seconds
        while not until() and time.monotonic() < deadline and not self.terminal():
            time.sleep(POLL_S)

    def claim_done(self) -> ClaimAnswer:
        episode = self.episode
        with episode.game.lock:
            result = episode.claim()
        return ClaimAnswer(
            accepted=result.accepted,
            terminal=result.terminal,
            reason=result.reason,
            message=result.message,
        )

    def evaluator_messages(self) -> list[str]:
        episode = self.episode
        with episode.game.lock:
            events, episode.pending = list(episode.pending), []
        return [e.message for e in events]

    def terminal(self) -> bool:
        return self.episode.verifier.terminal

    def thinking(self, active: bool) -> None:
        if active:  # a model request starts: a turn; where the player stands (for local stays)
            game = self.episode.game
            with game.lock:
                position, tick = game.player.pos, game.tick_count
            self.episode.turn_rows.append(
                {
                    "turn": len(self.episode.turn_rows) + 1,
                    "tick": tick,
                    "position": [round(float(v), 6) for v in position],
                }
            )
        self.episode.clock.thinking(active)
