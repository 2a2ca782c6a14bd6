"""One episode: a task on its map, the game, the independent verifier and an agent, in lockstep.

The world is opened from the map package into memory; block changes (doors, buttons) live only
there, so the map on disk never changes. The verifier samples the true player state every
``sample_interval_sec`` of game time on its own path — never from what the agent is told — and
its events reach the agent at the next decision. An exception in the agent is ``agent_crash``, one
in the game or setup ``server_crash`` / ``infrastructure_setup_failed``: recorded, never scored.
"""

from __future__ import annotations

import hashlib
import time
import traceback
from pathlib import Path
from typing import Any

from odyssey.episode import events as ev
from odyssey.episode.protocol import (
    Agent,
    ClaimDone,
    Hold,
    Look,
    Observation,
    PrivilegedInfo,
    Use,
    Wait,
    check_action,
)
from odyssey.episode.results import utc_now, write_results
from odyssey.episode.settings import Settings, SettingsError, eval_setting_for
from odyssey.episode.verifier import ArrivalPolicy, OutOfBoundsPolicy, Sample, Verifier
from odyssey.maps.catalog import resolve_map
from odyssey.maps.package import load_package
from odyssey.sim.game import TICKS_PER_SECOND, Game, GameRules
from odyssey.sim.player import InputState, PlayerAttributes, PlayerState, SimError
from odyssey.tasks.resolve import ResolvedTask

CLOCKS = ("lockstep", "paused", "realtime")
TIME_OF_DAY = {
    "sunrise": 0,
    "morning": 1000,
    "noon": 6000,
    "sunset": 12000,
    "night": 13000,
    "midnight": 18000,
}
SETUP_FAILED = "infrastructure_setup_failed"


class EpisodeError(SettingsError):
    """The episode cannot be set up as asked (bad clock, bad eval setting)."""


def time_of_day(task_id: str, value: Any) -> int:
    """The eval setting ``time`` as a tick of the day (names or 0..23999)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 24000:
        return value
    if isinstance(value, str) and value in TIME_OF_DAY:
        return TIME_OF_DAY[value]
    raise EpisodeError(
        f"task {task_id}: eval_setting.time: {value!r} is not one of {sorted(TIME_OF_DAY)} "
        "or a tick 0..23999"
    )


class _Episode:
    """The lockstep loop's state; ``run_episode`` is the public entry point."""

    def __init__(self, task: ResolvedTask, agent: Agent, settings: Settings, verifier: Verifier):
        self.task, self.agent, self.settings, self.verifier = task, agent, settings, verifier
        self.game: Game | None = None
        self.sample_ticks = max(1, round(settings.arrival.sample_interval_sec * TICKS_PER_SECOND))
        self.stamps: list[str] = []  # wall-clock stamp per verifier row
        self.event_rows: list[dict[str, Any]] = []
        self.claim_rows: list[dict[str, Any]] = []
        self.pending: list[ev.Event] = []
        self.decisions = 0
        self.ignored_uses = 0
        self.agent_started = False
        self.agent_status = "not_started"
        self.error: str | None = None
        self.first_observation_s: float | None = None

    # -- the true state, on the verifier's own path --------------------------------------------

    def sample(self) -> None:
        game = self.game
        before = len(self.verifier.positions)
        player = game.player
        events = self.verifier.observe(
            Sample(
                time_s=game.tick_count / TICKS_PER_SECOND,
                position=player.pos,
                health=0.0 if player.dead else player.health,
            )
        )
        stamp = utc_now()
        self.stamps += [stamp] * (len(self.verifier.positions) - before)
        self.event_rows += [e.record(stamp) for e in events]
        self.pending += events

    def advance(self, ticks: int) -> None:
        for _ in range(ticks):
            if self.verifier.terminal:
                return
            self.game.tick()
            if self.game.tick_count % self.sample_ticks == 0:
                self.sample()

    # -- decisions ------------------------------------------------------------------------------

    def observation(self, claim=None) -> Observation:
        game, task = self.game, self.task
        events, self.pending = tuple(self.pending), []
        messages = [e.message for e in events]
        if claim is not None and claim.message:
            messages.append(claim.message)
        privileged = None
        if getattr(self.agent, "privileged", False):
            privileged = PrivilegedInfo(
                stops=(task.start.position, *(s.position for s in task.stops)),
                stop_names=(task.start.name, *(s.name for s in task.stops)),
                world=game.world,
            )
        return Observation(
            task.id,
            task.prompt,
            game.tick_count,
            game.tick_count / TICKS_PER_SECOND,
            game.player,
            events,
            claim,
            privileged,
            tuple(messages),
        )

    def apply(self, action) -> Any:
        """Carries out one action; returns the claim result for a claim, else None."""
        game = self.game
        if isinstance(action, ClaimDone):
            n = self.verifier.claim_count + 1
            claim_id = hashlib.sha256(f"{self.task.id}:{n}".encode()).hexdigest()[:32]
            request = {
                "schema_version": 1,
                "claim_id": claim_id,
                "action": "claim_done",
                "elapsed_sec": game.tick_count / TICKS_PER_SECOND,
            }
            result = self.verifier.claim(game.tick_count / TICKS_PER_SECOND, claim_id)
            self.claim_rows.append(
                {"received_at_utc": utc_now(), "request": request, "response": result.response()}
            )
            return result
        if isinstance(action, Look):
            game.look(action.yaw, action.pitch)
        elif isinstance(action, Use):
            self.use(action.pos)
        elif isinstance(action, Wait):
            game.hold(InputState())
            self.advance(action.ticks)
        elif isinstance(action, Hold):
            if action.yaw is not None or action.pitch is not None:
                p = game.player
                game.look(
                    p.yaw if action.yaw is None else action.yaw,
                    p.pitch if action.pitch is None else action.pitch,
                )
            for pos in action.use:
                self.use(tuple(pos))
            game.hold(InputState.of(list(action.keys)))
            self.advance(action.ticks)
        return None

    def use(self, pos) -> None:
        """Right-click; a block out of reach is ignored, as a server ignores it."""
        try:
            self.game.use(pos)
        except SimError:
            self.ignored_uses += 1

    def loop(self, max_decisions: int, started: float) -> None:
        first = self.observation()
        self.first_observation_s = time.perf_counter() - started
        if self._agent_call(lambda: self.agent.start(first) or True) is None:
            return
        self.agent_started, self.agent_status = True, "running"
        claim = None
        while not self.verifier.terminal:
            if self.decisions >= max_decisions:
                self.verifier.terminate(ev.STEP_LIMIT, time_s=self.game_time())
                break
            obs = self.observation(claim)
            action = self._agent_call(lambda o=obs: check_action(self.agent.act(o)))
            if action is None:
                return
            self.decisions += 1
            try:
                claim = self.apply(action)
            except Exception as e:  # the game failed under a valid action
                self._crash(ev.SERVER_CRASH, e)
                return
        self.agent_status = "finished"

    def _agent_call(self, call) -> Any:
        """``call()``'s result, or None after recording the agent's crash."""
        try:
            return call()
        except Exception as e:  # any agent failure is infrastructure, never the agent's score
            self.agent_status = "crashed"
            self._crash(ev.AGENT_CRASH, e)
            return None

    def _crash(self, reason: str, error: BaseException) -> None:
        self.error = "".join(traceback.format_exception_only(type(error), error)).strip()
        self.verifier.terminate(reason, time_s=self.game_time())

    def game_time(self) -> float:
        return 0.0 if self.game is None else self.game.tick_count / TICKS_PER_SECOND


def run_episode(
    task: ResolvedTask,
    map_dir: Path | str,
    agent: Agent,
    out_dir: Path | str,
    settings: Settings | None = None,
    clock: str = "lockstep",
    max_decisions: int | None = None,
    reference_length: float | None = None,
) -> dict[str, Any]:
    """Plays ``task`` on the map package ``map_dir`` (a folder or a built-in map id) with
    ``agent``; writes the result files into ``out_dir`` and returns a summary.

    ``max_decisions``: the step limit; default the agent's own ``max_decisions`` attribute (the
    oracle acts every tick) or the settings' ``limits.max_assistant_steps``.
    """
    started = time.perf_counter()
    started_utc = utc_now()
    if clock not in CLOCKS:
        raise EpisodeError(f"clock {clock!r} is not one of {', '.join(CLOCKS)}")
    if clock != "lockstep":
        raise EpisodeError(f"clock {clock!r} is not available yet; use --clock lockstep")
    settings = settings or Settings()
    eval_setting = eval_setting_for(settings, dict(task.eval_setting))
    tick_of_day = time_of_day(task.id, eval_setting.get("time"))
    if max_decisions is None:
        max_decisions = getattr(agent, "max_decisions", None) or settings.limits.max_assistant_steps
    map_path = (
        resolve_map(map_dir)
        if isinstance(map_dir, str) and not Path(map_dir).exists()
        else Path(map_dir)
    )
    package = load_package(map_path)
    floor = package.manifest.out_of_bounds
    verifier = Verifier.for_task(
        task,
        out_of_bounds=None
        if floor is None
        else OutOfBoundsPolicy(floor.at_or_below_y, floor.duration_sec),
        reference_length=reference_length,
        policy=ArrivalPolicy(
            settings.arrival.radius_3d,
            settings.arrival.radius_y,
            settings.arrival.sample_interval_sec,
        ),
        claim_attempt_limit=settings.completion.claim_attempt_limit,
        watchdog_sec=settings.limits.watchdog_timeout_sec,
    )
    episode = _Episode(task, agent, settings, verifier)
    try:
        world = package.open_world()  # in memory: the game's block changes never reach the disk
        player = PlayerState(
            pos=task.start.position,
            attributes=PlayerAttributes(scale=float(eval_setting.get("player_scale", 1.0))),
        ).with_look(task.start.yaw, task.start.pitch)
        episode.game = Game(world, player, GameRules(time_of_day=tick_of_day))
        episode.sample()  # the first sample is the start, at game time 0
    except Exception as e:  # the map or the game could not be set up: not the agent's failure
        episode._crash(SETUP_FAILED, e)
    if not verifier.terminal:
        episode.loop(max_decisions, started)
    ended_utc = utc_now()
    duration = episode.game_time()
    wall_s = time.perf_counter() - started
    files = _result_files(
        episode,
        package,
        map_path,
        clock,
        eval_setting,
        tick_of_day,
        started_utc,
        ended_utc,
        duration,
        max_decisions,
    )
    write_results(Path(out_dir), files)
    completion = files["completion.json"]
    return {
        "task_id": task.id,
        "map_id": task.map_id,
        "agent": getattr(agent, "name", type(agent).__name__),
        "success": completion["success"],
        "terminal_reason": completion["terminal_reason"],
        "infrastructure_error": completion["infrastructure_error"],
        "scored": completion["scored"],
        "decision_count": episode.decisions,
        "game_seconds": duration,
        "wall_seconds": round(wall_s, 6),
        "first_observation_s": episode.first_observation_s,
        "error": episode.error,
        "out_dir": str(out_dir),
    }


def _result_files(
    e: _Episode,
    package,
    map_path: Path,
    clock: str,
    eval_setting: dict[str, Any],
    tick_of_day: int,
    started_utc: str,
    ended_utc: str,
    duration: float,
    max_decisions: int,
) -> dict[str, Any]:
    v, task = e.verifier, e.task
    completion = v.completion(duration_sec=duration, ended_at_utc=ended_utc)
    agent_name = getattr(e.agent, "name", type(e.agent).__name__)
    runtime = e.settings.runtime
    run = {
        "schema_version": 1,
        "task_id": task.id,
        "map_id": task.map_id,
        "task_digest": task.digest,
        "task": task.to_json(),
        "agent": {
            "name": agent_name,
            "privileged": bool(getattr(e.agent, "privileged", False)),
            "seed": getattr(e.agent, "seed", None),
        },
        "clock": clock,
        "mode": v.mode,
        "map": {
            "dir": str(map_path),
            "environment": package.manifest.environment,
            "world_copy": "in-memory (never written back)",
        },
        "settings": e.settings.to_json(),
        "eval_setting": eval_setting,
        "game": {
            "gamemode": runtime.gamemode,
            "difficulty": runtime.difficulty,
            "time_of_day": tick_of_day,
            "time_frozen": True,
            "weather": eval_setting.get("weather", "clear"),
            "weather_frozen": True,
            "player_scale": eval_setting.get("player_scale", 1.0),
            "hotbar": {"2": "minecraft:torch"},  # a render concern: the held torch's light
            "ticks_per_second": TICKS_PER_SECOND,
        },
        "limits": {
            "max_decisions": max_decisions,
            "watchdog_timeout_sec": e.settings.limits.watchdog_timeout_sec,
        },
        "started_at_utc": started_utc,
        "ended_at_utc": ended_utc,
    }
    positions = [
        {"sampled_at_utc": stamp, **row} for stamp, row in zip(e.stamps, v.positions, strict=True)
    ]
    supervisor = {
        k: completion[k]
        for k in ("task_id", "terminal_reason", "infrastructure_error", "success", "ended_at_utc")
    }
    agent_result = {
        "schema_version": 1,
        "mode": v.mode,
        "agent": agent_name,
        "agent_started": e.agent_started,
        "decision_count": e.decisions,
        "ignored_uses": e.ignored_uses,
        "agent_status": e.agent_status,
        "error": e.error,
        "first_observation_s": e.first_observation_s,
        "recorded_at_utc": ended_utc,
    }
    return {
        "run.json": run,
        "positions.jsonl": positions,
        "claims.jsonl": e.claim_rows,
        "evaluator-events.jsonl": e.event_rows,
        "completion.json": completion,
        "metrics.json": v.metrics_json(duration),
        "supervisor.json": {"schema_version": 1, **supervisor},
        "agent-result.json": agent_result,
    }
