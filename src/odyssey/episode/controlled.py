"""Episodes driven through the control protocol: language-model and scripted agents act only by
running shell commands (``mcapi``, ``xdo``) in the sandbox, as in Mine Odyssey.

For the episode's length a control server listens on a private Unix socket, the command runner
starts each command in a bubblewrap sandbox that sees only that socket (bound inside at
``/run/odyssey/control.sock``), and the agent's loop talks to the :class:`EpisodeHarness`. Before
the agent starts, the sandbox is probed (workspace empty, project and data invisible, no
capabilities, no network); a failed probe is an infrastructure failure. Without bubblewrap, an
agent runs only when the caller says ``unsafe_no_sandbox``.

The agent's stop reason maps to the verifier's terminal reason as Mine Odyssey's supervisor
does (notes §1, "Supervision").
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Protocol

from odyssey.episode import events as ev
from odyssey.episode.harness import EpisodeHarness
from odyssey.episode.results import utc_now
from odyssey.errors import OdysseyError

SANDBOX_CHECK_FAILED = "infrastructure_sandbox_check_failed"
CONTROL_FAILED = "infrastructure_control_failed"
STOP_REASONS = {
    "max_llm_request_successes": ev.STEP_LIMIT,
    "max_llm_request_failures": ev.STEP_LIMIT,
    "max_consecutive_llm_failures": ev.LLM_FAILURE_LIMIT,
    "watchdog": ev.WALL_CLOCK_WATCHDOG,
}
VERIFIER_DECIDED = {"claim_done_accepted", "claim_attempts_exhausted", "verifier_terminal"}


class SandboxUnavailableError(OdysseyError):
    """No bubblewrap, and the caller did not allow running without a sandbox."""


class ControlledAgent(Protocol):
    """An agent that plays through the harness (the language-model loop, a script)."""

    name: str
    privileged: bool

    def drive(self, harness: EpisodeHarness, task_prompt: str, record: Any) -> Any:
        """Plays until done; returns a LoopResult-like object (status, stop_reason, counts)."""


def terminal_reason_for(stop_reason: str) -> str | None:
    """The verifier's terminal reason for an agent's stop reason (None: already decided)."""
    if stop_reason in VERIFIER_DECIDED:
        return None
    if stop_reason.startswith("exception:"):
        return ev.AGENT_CRASH
    return STOP_REASONS.get(stop_reason, ev.AGENT_STOPPED)


def forbidden_paths(map_dir: Path, out_dir: Path) -> list[Path]:
    """What a sandboxed command must not see: the project, its Python packages, the maps and
    caches, $HOME, the results."""
    from odyssey.bridge.sandbox import default_forbidden

    paths = [*default_forbidden(), map_dir.resolve(), out_dir.resolve()]
    return list(dict.fromkeys(p for p in paths if p != Path("/")))


def drive_episode(
    episode: Any,
    agent: ControlledAgent,
    map_dir: Path,
    out_dir: Path,
    *,
    unsafe_no_sandbox: bool = False,
) -> dict[str, Any]:
    """Runs ``agent`` on the set-up ``episode`` through the control server and the sandbox;
    returns the agent status record (``agent-status.json``)."""
    from odyssey.bridge.commands import CommandRunner
    from odyssey.bridge.sandbox import bwrap_available, check_sandbox, prepare_sandbox
    from odyssey.bridge.server import ControlServer

    if bwrap_available() is None and not unsafe_no_sandbox:
        raise SandboxUnavailableError(
            "bubblewrap (bwrap) is not installed: language-model agents run only in its sandbox "
            "(apt-get install bubblewrap), or pass --unsafe-no-sandbox to run them without one"
        )
    private = Path(tempfile.mkdtemp(prefix="odyssey-episode-"))
    os.chmod(private, 0o700)
    game, clock, verifier = episode.game, episode.clock, episode.verifier
    socket_path = private / "control.sock"
    server = ControlServer(game, clock, episode.screen, socket_path)
    runner = None
    status: dict[str, Any] = {"schema_version": 1, "status": "not_started", "stop_reason": None}
    try:
        server.start()  # the socket must exist before a sandbox binds it
        spec = prepare_sandbox(private / "sandbox", socket_path)
        if not unsafe_no_sandbox:
            check = check_sandbox(spec, forbidden_paths(map_dir, out_dir))
            status["sandbox_check"] = _jsonable(check)
            if not check.ok:
                episode.error = "sandbox check failed: " + "; ".join(check.problems)
                with game.lock:
                    verifier.terminate(SANDBOX_CHECK_FAILED, time_s=episode.game_time())
                return status

        def on_start(lease: str) -> None:
            server.begin_action(lease)
            clock.command_started()

        def on_end(result: Any) -> None:
            server.end_action(result.lease)
            clock.command_finished()

        runner = CommandRunner(
            spec,
            sandbox=not unsafe_no_sandbox,
            timeout_s=episode.settings.agent.bash_timeout_sec,
            on_start=on_start,
            on_end=on_end,
        )
        harness = EpisodeHarness(episode, runner)
        episode.agent_started, episode.agent_status = True, "running"
        clock.start()
        result = agent.drive(harness, episode.task.prompt, episode.record)
        status.update(_loop_status(result))
        episode.frame_filter = getattr(result, "frame_filter", None)
        episode.decisions = int(status.get("llm_request_success", 0))
        episode.agent_status = status["status"]
        reason = terminal_reason_for(str(status["stop_reason"]))
        with game.lock:
            if reason is not None and not verifier.terminal:
                verifier.terminate(reason, time_s=episode.game_time())
    except Exception as e:  # the control server or the runner failed: not the agent's doing
        episode._crash(CONTROL_FAILED, e)
        status.update(status="crashed", stop_reason=f"exception:{type(e).__name__}")
    finally:
        if runner is not None:
            runner.close()
        server.close()
        shutil.rmtree(private, ignore_errors=True)
    status["recorded_at_utc"] = utc_now()
    return status


def _loop_status(result: Any) -> dict[str, Any]:
    keys = ("status", "stop_reason", "llm_request_total", "llm_request_success",
            "llm_request_failed", "consecutive_llm_failures", "decisions", "summaries",
            "cost_usd")  # fmt: skip
    out = {k: getattr(result, k) for k in keys if hasattr(result, k)}
    usage = getattr(result, "usage", None)
    if usage is not None:
        out["usage"] = usage.to_json() if hasattr(usage, "to_json") else usage
    return out


def _jsonable(value: Any) -> Any:
    """A dataclass-ish probe report as plain JSON data."""
    try:
        from dataclasses import asdict, is_dataclass

        if is_dataclass(value):
            return json.loads(json.dumps(asdict(value), default=str))
    except TypeError:
        pass
    return str(value)
