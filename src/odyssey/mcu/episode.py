"""One MCU episode: a task configuration set up in a fresh survival game on the MCU world, played
by an agent, judged by its rule, recorded; its files written into a folder.

```
EPISODE/
  task.yaml      the configuration as played
  setup.json       each set-up command: what ran, whether it worked, the game's message
  actions.jsonl    the agent's actions with their game tick
  frames.webm      the agent's screen at ``frame_fps`` per game second (with frames.jsonl)
  result.json      the outcome (below); completion.json, the same, is written last
```

A set-up command that fails (and would not fail in 1.16.5 either) is an infrastructure failure:
recorded, never scored. So are crashes of the agent and of the game. The world: the seeded
overworld of ``mcu.setup`` (generated once per process per seed, copied into each game).
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

from odyssey.atomic import write_text_atomic
from odyssey.episode.results import utc_now, write_json, write_jsonl
from odyssey.mcu.config import TaskConfig, dump_config
from odyssey.mcu.play import AGENT_CRASH, SERVER_CRASH, Play, PlayResult
from odyssey.mcu.rules import describe
from odyssey.mcu.setup import WORLD_SEED, CommandOutcome, SharedChunks, new_game, run_one
from odyssey.sim.game import TICKS_PER_SECOND
from odyssey.world.storage import World

SETUP_FAILED = "infrastructure_setup_failed"
INFRASTRUCTURE = (SETUP_FAILED, AGENT_CRASH, SERVER_CRASH, "infrastructure_screenshot_failed")
_CHUNKS: dict[int, SharedChunks] = {}


def mcu_world(seed: int) -> SharedChunks:
    """The MCU world of ``seed`` (generated once per process, copied into each game)."""
    if seed not in _CHUNKS:
        _CHUNKS[seed] = SharedChunks(seed)
    return _CHUNKS[seed]


def task_game(config: TaskConfig, seed: int = 0, natural_spawning: bool = False):
    """A fresh survival game at the spawn of the task's world; ``seed`` drives the game's own
    randomness (drops, mobs, weather). Natural mob spawning is off unless asked for: MCU's
    configurations summon the mobs a task needs (a deliberate difference from MineStudio's
    worlds, where mobs also spawn by themselves; it keeps lockstep runs reproducible)."""
    from odyssey.world.gen.generator import OVERWORLD

    chunks = mcu_world(config.world_seed if config.world_seed is not None else WORLD_SEED)
    world = World(OVERWORLD, chunks.info, source=chunks)
    sx, sy, sz = world.info.spawn
    game = new_game(world, (sx + 0.5, float(sy), sz + 0.5), seed)
    game.survival.rules["do_mob_spawning"] = natural_spawning
    return game


def run_setup(game, config: TaskConfig) -> list[CommandOutcome]:
    """Every set-up command, in order, as the player (in the config's dialect)."""
    return [run_one(game, line, config.dialect) for line in config.custom_init_commands]


def run_mcu_episode(
    config: TaskConfig,
    agent: Any,
    out_dir: Path | str,
    seed: int = 0,
    record: bool = True,
    frame_fps: float = 4.0,
    size: tuple[int, int] = (640, 360),
    max_decisions: int = 5000,
    natural_spawning: bool = False,
    live: bool = False,
) -> dict[str, Any]:
    """Plays ``config`` with ``agent``; writes the episode's files into ``out_dir`` and returns
    the result (the content of ``result.json``). ``live``: keep ``live.json`` and
    ``live-frame.jpg`` up to date while it runs (``mcu.live``)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    started, started_utc = time.perf_counter(), utc_now()
    write_text_atomic(out / "task.yaml", dump_config(config))
    screen = writer = live_files = play = None
    setup: list[CommandOutcome] = []
    result: PlayResult | None = None
    error = None
    try:
        game = task_game(config, seed, natural_spawning)
        setup = run_setup(game, config)
        failed = [o for o in setup if not o.accepted]
        if failed:
            error = "; ".join(f"{o.command} -> {o.message}" for o in failed)
        else:
            on_tick, screenshot = None, None
            if record:
                screen, writer, on_tick = _recorder(game, out, size, frame_fps)
                screenshot = screen.frame
            elif getattr(agent, "needs_screen", False):
                from odyssey.mcu.screen import McuScreen

                screen = McuScreen(game, *size)
                screenshot = screen.frame
            if live:
                live_files, on_tick = _live(game, out, config, agent, size, screen, on_tick)
                screen = live_files.screen
            play = Play(game, config, agent, max_decisions, screenshot, on_tick)
            if live_files is not None:
                live_files.play = play
                live_files.update(play)
            result = play.run()
    except Exception as e:  # the world or the game could not be set up: not the agent's fault
        error = f"{type(e).__name__}: {e}"
    finally:
        if live_files is not None:
            reason = result.terminal_reason if result is not None else SETUP_FAILED
            with contextlib.suppress(OSError):  # the episode's result matters more
                live_files.update(play, "finished", reason)
        if writer is not None:
            writer.close()
        if screen is not None:
            screen.close()
    summary = _summary(config, agent, seed, result, error, setup)
    summary |= {"started_utc": started_utc, "ended_utc": utc_now(),
                "wall_seconds": round(time.perf_counter() - started, 3)}  # fmt: skip
    write_json(out / "setup.json", [_outcome(o) for o in setup])
    write_jsonl(out / "actions.jsonl", result.actions if result else [])
    write_json(out / "result.json", summary)
    write_json(out / "completion.json", summary)  # last: marks a finished episode
    return summary


def _live(game, out: Path, config: TaskConfig, agent: Any, size: tuple[int, int], screen: Any,
          recorded: Any):  # fmt: skip
    """The live files' writer (with the screen, made here when nothing else draws one) and an
    on_tick that writes them after the recorder's work."""
    from odyssey.mcu.live import McuLive
    from odyssey.mcu.screen import McuScreen

    name = getattr(agent, "name", type(agent).__name__)
    files = McuLive(out, config, name, screen if screen is not None else McuScreen(game, *size))

    def on_tick(g) -> None:
        if recorded is not None:
            recorded(g)
        files.ticked()

    return files, on_tick


def _recorder(game, out: Path, size: tuple[int, int], fps: float):
    from odyssey.episode.framestream import FrameWriter
    from odyssey.mcu.screen import McuScreen

    screen = McuScreen(game, *size)
    writer = FrameWriter(out, size[0], size[1], fps=fps)
    every = max(1, round(TICKS_PER_SECOND / fps))
    start = game.tick_count

    def on_tick(g) -> None:
        if (g.tick_count - start) % every == 0:
            writer.add(screen.frame(), g.tick_count - start)

    writer.add(screen.frame(), 0)
    return screen, writer, on_tick


def _summary(config, agent, seed, result, error, setup) -> dict[str, Any]:
    infra = result is None or result.terminal_reason in INFRASTRUCTURE
    reason = SETUP_FAILED if result is None else result.terminal_reason
    verdict = result.verdict if result is not None else None
    return {
        "task_id": config.id,
        "text": config.text,
        "category": config.category,
        "subcategory": config.subcategory,
        "difficulty": config.difficulty,
        "programmatic": config.programmatic,
        "judge": config.judge,
        "rule": describe(config.success) if config.success is not None else None,
        "parts": list(config.parts),
        "agent": getattr(agent, "name", type(agent).__name__),
        "seed": seed,
        "success": bool(result is not None and result.success and config.programmatic),
        "terminal_reason": reason,
        "progress": round(verdict.progress, 4) if verdict is not None else 0.0,
        "detail": verdict.detail if verdict is not None else "",
        "infrastructure_error": infra,
        "scored": not infra,
        "error": error or (result.error if result is not None else None),
        "decisions": result.decisions if result else 0,
        "game_seconds": (result.ticks / TICKS_PER_SECOND) if result else 0.0,
        "setup_commands": len(setup),
        "setup_failures": sum(not o.accepted for o in setup),
        "agent_notes": list(getattr(agent, "notes", []) or []),
        "usage": agent.usage.to_json() if hasattr(agent, "usage") else None,
        "cost_usd": getattr(agent, "cost_usd", None),
    }


def _outcome(o: CommandOutcome) -> dict[str, Any]:
    return {"command": o.command, "translated": o.translated, "ok": o.ok,
            "message": o.message, "known": o.known}  # fmt: skip


def read_result(folder: Path | str) -> dict[str, Any] | None:
    """A finished episode's result (None when it never finished)."""
    path = Path(folder) / "completion.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
