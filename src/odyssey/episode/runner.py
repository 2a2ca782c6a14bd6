"""One episode: a task on its map, the game, the independent verifier and an agent.

The world is opened from the map package into memory; block changes (doors, buttons) live only
there, so the map on disk never changes (fingerprinted before and after: the snapshot check).
A clock decides when game time passes (``lockstep``, ``paused`` or ``realtime``,
``odyssey.sim.clock``); after every tick it lets the verifier sample the true player state every
``sample_interval_sec`` of game time, on its own path, never from what the agent is told. The
verifier's events reach the agent at its next decision. An exception in the agent is
``agent_crash``, one in the game or setup ``server_crash`` / ``infrastructure_setup_failed``:
recorded, never scored.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from odyssey.bridge.server import ControlServer
from odyssey.episode import events as ev
from odyssey.episode.acting import ControlActions
from odyssey.episode.files import RunFacts, result_files
from odyssey.episode.live import LiveState
from odyssey.episode.protocol import (
    Agent,
    Observation,
    PrivilegedInfo,
    check_action,
)
from odyssey.episode.record import AgentRecord
from odyssey.episode.results import utc_now, write_json, write_jsonl, write_results
from odyssey.episode.settings import Settings, SettingsError, eval_setting_for
from odyssey.episode.snapshot import fingerprint, snapshot_check
from odyssey.episode.verifier import ArrivalPolicy, OutOfBoundsPolicy, Sample, Verifier
from odyssey.episode.view import EpisodeScreen, check_eval_setting, tick_of_day
from odyssey.maps.catalog import resolve_map
from odyssey.maps.package import load_package
from odyssey.sim.clock import CLOCK_KINDS, Clock, make_clock
from odyssey.sim.game import TICKS_PER_SECOND, Game, GameRules
from odyssey.sim.player import PlayerAttributes, PlayerState
from odyssey.tasks.resolve import ResolvedTask

CLOCKS = ("lockstep", "paused", "realtime")
SETUP_FAILED = "infrastructure_setup_failed"
SCREEN_FAILED = "infrastructure_screenshot_failed"
INITIAL_SHOT = "initial trajectory snapshot"
EVENT_SHOT = "evaluator event snapshot"
FINAL_SHOT = "final snapshot"


class EpisodeError(SettingsError):
    """The episode cannot be set up as asked (bad clock, bad eval setting)."""


class _Episode(ControlActions):
    """The running episode's state; ``run_episode`` is the public entry point."""

    def __init__(self, task: ResolvedTask, agent: Agent, settings: Settings, verifier: Verifier):
        self.task, self.agent, self.settings, self.verifier = task, agent, settings, verifier
        self.game: Game | None = None
        self.clock: Clock | None = None
        self.screen: EpisodeScreen | None = None
        self.record = AgentRecord()
        self.record_screens = False
        self.sample_ticks = max(1, round(settings.arrival.sample_interval_sec * TICKS_PER_SECOND))
        self.stamps: list[str] = []  # wall-clock stamp per verifier row
        self.event_rows: list[dict[str, Any]] = []
        self.claim_rows: list[dict[str, Any]] = []
        self.turn_rows: list[dict[str, Any]] = []  # loop agents: the feet at each model request
        self.live: LiveState | None = None
        self.pending: list[ev.Event] = []
        self.decisions = 0
        self.ignored_uses = 0
        self.refused = 0  # control requests refused (4xx)
        self.control: Any = None  # the ControlServer the actions go through
        self.held: set[str] = set()
        self.agent_started = False
        self.agent_status = "not_started"
        self.error: str | None = None
        self.first_observation_s: float | None = None

    # -- the true state, on the verifier's own path (the clock's thread, under the game lock) ---

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
        if self.live is not None:
            self.live.update(self)

    def on_tick(self) -> bool:
        """After each tick: sample on the sampling ticks; False once the episode is over."""
        if self.game.tick_count % self.sample_ticks == 0:
            self.sample()
        return not self.verifier.terminal

    # -- decisions (the agent's thread) ---------------------------------------------------------

    def observation(self, claim=None) -> Observation:
        game, task = self.game, self.task
        with game.lock:
            events, self.pending = tuple(self.pending), []
            player, tick = game.player, game.tick_count
        messages = [e.message for e in events]
        if claim is not None and claim.message:
            messages.append(claim.message)
        for text in messages:
            self.record.user_text(text)
        if events and self.record_screens:
            self.shoot(EVENT_SHOT)
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
            tick,
            tick / TICKS_PER_SECOND,
            player,
            events,
            claim,
            privileged,
            tuple(messages),
            screenshot=self.screen.frame if self.screen is not None else None,
        )

    def shoot(self, label: str) -> None:
        """A screenshot into the agent's record."""
        self.record.screenshot(self.screen.jpeg(), label)

    def claim(self) -> Any:
        game = self.game
        n = self.verifier.claim_count + 1
        claim_id = hashlib.sha256(f"{self.task.id}:{n}".encode()).hexdigest()[:32]
        now = game.tick_count / TICKS_PER_SECOND
        request = {
            "schema_version": 1,
            "claim_id": claim_id,
            "action": "claim_done",
            "elapsed_sec": now,
        }
        result = self.verifier.claim(now, claim_id)
        self.claim_rows.append(
            {"received_at_utc": utc_now(), "request": request, "response": result.response()}
        )
        return result

    def loop(self, max_decisions: int, started: float) -> None:
        self.record.user_text(self.task.prompt + "\n")
        if self.record_screens:
            try:
                self.shoot(INITIAL_SHOT)
            except Exception as e:  # no OpenGL, say: the harness failed, not the agent
                self._crash(SCREEN_FAILED, e)
                return
        first = self.observation()
        self.first_observation_s = time.perf_counter() - started
        if self._agent_call(lambda: self.agent.start(first) or True) is None:
            return
        self.agent_started, self.agent_status = True, "running"
        self.clock.start()  # realtime: the world moves from the agent's start on
        claim = None
        while not self.verifier.terminal:
            if self.decisions >= max_decisions:
                with self.game.lock:
                    self.verifier.terminate(ev.STEP_LIMIT, time_s=self.game_time())
                break
            obs = self.observation(claim)
            action = self._agent_call(lambda o=obs: check_action(self.agent.act(o)))
            if action is None:
                return
            self.decisions += 1
            try:
                claim = self.apply(action)
                if self.live is not None and self.live.frame_due():
                    self.live.frame(self.screen.jpeg())
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
        lock = self.game.lock if self.game is not None else None
        if lock is None:
            self.verifier.terminate(reason, time_s=self.game_time())
            return
        with lock:
            self.verifier.terminate(reason, time_s=self.game_time())

    def game_time(self) -> float:
        return 0.0 if self.game is None else self.game.tick_count / TICKS_PER_SECOND


def game_rules(settings: Settings, day_tick: int) -> GameRules:
    """The game's rules from the settings' ``runtime`` section (notes §4.6)."""
    runtime = settings.runtime
    if runtime.gamemode != "adventure" or runtime.difficulty != "peaceful":
        raise EpisodeError(
            f"settings: runtime.gamemode {runtime.gamemode!r} / runtime.difficulty "
            f"{runtime.difficulty!r}: navigation episodes run in adventure mode on peaceful "
            "(survival mechanics are not in the engine yet)"
        )
    return GameRules(
        adventure=True,
        peaceful=True,
        advance_time=not runtime.time.freeze,
        advance_weather=not runtime.weather.freeze,
        time_of_day=day_tick,
    )


def run_episode(
    task: ResolvedTask,
    map_dir: Path | str,
    agent: Agent,
    out_dir: Path | str,
    settings: Settings | None = None,
    clock: str = "lockstep",
    max_decisions: int | None = None,
    reference_length: float | None = None,
    screenshots: bool = False,
    unsafe_no_sandbox: bool = False,
    live: bool = False,
) -> dict[str, Any]:
    """Plays ``task`` on the map package ``map_dir`` (a folder or a built-in map id) with
    ``agent``; writes the result files into ``out_dir`` and returns a summary.

    ``max_decisions``: the step limit; default the agent's own ``max_decisions`` attribute (the
    oracle acts every tick) or the settings' ``limits.max_assistant_steps``. ``screenshots``:
    put screenshots (start, evaluator events, end) into the agent's record.

    An agent with a ``drive`` method (the language-model agent, ``script:``) plays through the
    control server and the sandboxed command runner (``odyssey.episode.controlled``);
    ``unsafe_no_sandbox`` lets it run without bubblewrap. ``live``: keep ``live.json`` and
    ``live-frame.jpg`` in ``out_dir`` up to date while it runs (``odyssey.episode.live``).
    """
    started = time.perf_counter()
    started_utc = utc_now()
    if clock not in CLOCK_KINDS:
        raise EpisodeError(f"clock {clock!r} is not one of {', '.join(CLOCKS)}")
    settings = settings or Settings()
    eval_setting = eval_setting_for(settings, dict(task.eval_setting))
    check_eval_setting(task.id, eval_setting, settings)
    day_tick = tick_of_day(task.id, eval_setting.get("time", "noon"))
    rules = game_rules(settings, day_tick)
    if max_decisions is None:
        max_decisions = getattr(agent, "max_decisions", None) or settings.limits.max_assistant_steps
    map_path = (
        resolve_map(map_dir)
        if isinstance(map_dir, str) and not Path(map_dir).exists()
        else Path(map_dir)
    )
    package = load_package(map_path)
    expected_fingerprint = fingerprint(map_path)
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
    episode.record_screens = screenshots
    if live:
        episode.live = LiveState(Path(out_dir), task, getattr(agent, "name", type(agent).__name__))
        episode.record.live = episode.live
        episode.record.live_messages = Path(out_dir) / "agent-record" / "messages.live.jsonl"
    try:
        world = package.open_world()  # in memory: the game's block changes never reach the disk
        player = PlayerState(
            pos=task.start.position,
            attributes=PlayerAttributes(scale=float(eval_setting.get("player_scale", 1.0))),
        ).with_look(task.start.yaw, task.start.pitch)
        episode.game = Game(world, player, rules)
        episode.clock = make_clock(clock, episode.game, episode.on_tick)
        episode.screen = EpisodeScreen(episode.game, task, eval_setting)
        # in-process agents act through the control socket, as mcapi does
        private = Path(tempfile.mkdtemp(prefix="odyssey-control-"))
        episode.control = ControlServer(
            episode.game, episode.clock, episode.screen, private / "control.sock"
        )
        episode.sample()  # the first sample is the start, at game time 0
    except Exception as e:  # the map or the game could not be set up: not the agent's failure
        episode._crash(SETUP_FAILED, e)
    agent_status = None
    try:
        if not verifier.terminal and hasattr(agent, "drive"):
            from odyssey.episode.controlled import drive_episode

            episode.first_observation_s = time.perf_counter() - started
            agent_status = drive_episode(
                episode, agent, map_path, Path(out_dir), unsafe_no_sandbox=unsafe_no_sandbox
            )
        elif not verifier.terminal:
            episode.control.start()
            episode.loop(max_decisions, started)
    finally:
        if episode.clock is not None:
            episode.clock.stop()
        if episode.control is not None:
            episode.control.close()
            shutil.rmtree(episode.control.socket_path.parent, ignore_errors=True)
    if screenshots and episode.screen is not None and episode.game is not None:
        try:
            episode.shoot(FINAL_SHOT)
        except Exception as e:  # a failed last frame costs the frame, never the results
            episode.error = episode.error or f"final screenshot: {e}"
    if episode.screen is not None:
        episode.screen.close()
    ended_utc = utc_now()
    duration = episode.game_time()
    facts = RunFacts(
        map_dir=map_path,
        environment=package.manifest.environment,
        clock=episode.clock.stats() if episode.clock is not None else {"kind": clock},
        eval_setting=eval_setting,
        tick_of_day=day_tick,
        started_utc=started_utc,
        ended_utc=ended_utc,
        duration=duration,
        max_decisions=max_decisions,
        screenshots=screenshots,
    )
    if episode.live is not None and episode.game is not None:
        with episode.game.lock:
            episode.live.update(episode, status="finished")
    files = result_files(episode, facts)
    out = Path(out_dir)
    completion = files.pop("completion.json")
    write_results(out, files)
    episode.record.write(out)
    if agent_status is not None:
        write_json(out / "agent-status.json", agent_status)
        write_jsonl(out / "turns.jsonl", episode.turn_rows)
    if getattr(episode, "frame_filter", None):
        write_json(out / "agent-record" / "frame_filter_summary.json", episode.frame_filter)
    write_json(out / "snapshot-after-run.json", snapshot_check(expected_fingerprint, map_path,
                                                                utc_now()))  # fmt: skip
    # completion.json marks a finished episode (the run store resumes by it): written last
    write_json(out / "completion.json", completion)
    return {
        "task_id": task.id,
        "map_id": task.map_id,
        "agent": getattr(agent, "name", type(agent).__name__),
        "clock": clock,
        "success": completion["success"],
        "terminal_reason": completion["terminal_reason"],
        "infrastructure_error": completion["infrastructure_error"],
        "scored": completion["scored"],
        "decision_count": episode.decisions,
        "game_seconds": duration,
        "wall_seconds": round(time.perf_counter() - started, 6),
        "first_observation_s": episode.first_observation_s,
        "error": episode.error,
        "out_dir": str(out_dir),
    }
