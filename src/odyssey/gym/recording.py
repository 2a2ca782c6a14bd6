"""Recording gym episodes: ``RecordCallback`` writes one folder per episode with the agent's
screen as a browser-playable video (``episode.framestream``: VP9/WebM + ``frames.jsonl``) and a
JSON-lines sidecar of every step (action, reward, state, events); ``read_recording`` reads it
back as ``(frame, action, info)``; ``to_episode_record`` turns it into the MCU episode folder
that ``odyssey mcu report`` and ``odyssey mcu judge`` read.

```
FOLDER/episode-0000/
  recording.json   how the episode was made (task, seed, env options) and, at the end, its outcome
  task.yaml        the task configuration as played
  steps.jsonl      line 0: the reset; then one line per step
                   {"step", "tick", "action", "reward", "terminated", "truncated", "state", "info"}
  frames.webm      the screen, one frame per ``every`` ticks (with frames.jsonl: {"step": n})
```

Files are flushed as written and closed at the next reset and at ``close()``, so an episode cut
short by a crash keeps every step it wrote.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import numpy as np

from odyssey.atomic import write_text_atomic
from odyssey.gym.callbacks import Callback
from odyssey.mcu.needs import McuError
from odyssey.sim.game import TICKS_PER_SECOND

STEPS, META = "steps.jsonl", "recording.json"
ACTION_KEY_CAMERA = "camera"


class RecordingError(McuError):
    """A recording folder that cannot be read or converted."""


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON types (numpy scalars and arrays, tuples, dataclass-free objects)."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _state(env: Any) -> dict[str, Any]:
    """The player's state after a step (what the replay test compares); food, selected slot and
    inventory only in survival games (navigation runs in adventure mode without them)."""
    game = env.game
    p = game.player
    state: dict[str, Any] = {"pos": [float(v) for v in p.pos], "yaw": float(p.yaw),
                             "pitch": float(p.pitch), "health": float(p.health)}  # fmt: skip
    survival = getattr(game, "survival", None)
    if survival is not None:
        state["food"] = int(survival.food.food_level)
        state["selected"] = int(survival.inventory.selected)
        state["inventory"] = [[i, st.item, st.count] for i, st in
                              enumerate(survival.inventory.slots) if st is not None]  # fmt: skip
    return state


def _image(env: Any, obs: Any) -> np.ndarray:
    """The frame of this step: the observation's image when it has one (already drawn)."""
    if isinstance(obs, Mapping) and "image" in obs:
        return np.asarray(obs["image"], dtype=np.uint8)
    if isinstance(obs, np.ndarray) and obs.ndim == 3:
        return obs.astype(np.uint8, copy=False)
    controls = getattr(env, "controls", None)  # OdysseyEnv's: the pointer over a screen
    pointer = controls.pointer if controls is not None else None
    return np.asarray(env.screen.frame(pointer), dtype=np.uint8)


def _env_options(env: Any) -> dict[str, Any]:
    """What a replay needs to make the same environment again (read defensively: the names
    are the env's public attributes where it has them)."""
    spec = getattr(env, "spec", None)
    options = {
        "env_id": getattr(spec, "id", None),
        "size": [getattr(env, "width", None), getattr(env, "height", None)],
        "actions": getattr(env, "actions", None),
        "obs_dict": getattr(env, "obs_dict", None),
        "max_steps": getattr(env, "max_steps", None),
        "difficulty": getattr(env.config, "difficulty", None),
        "map_id": getattr(env, "map_id", None),
    }
    return jsonable({k: v for k, v in options.items() if not callable(v)})


class RecordCallback(Callback):
    """Records every episode of an env into ``folder/episode-NNNN``.

    ``fps``: frames per game second in the video (``None``: every step, i.e. 20 — a step is a
    tick); the step sidecar always has every step. Frames are timed by game tick, so the video
    plays at game speed either way."""

    def __init__(self, folder: Path | str, fps: float | None = None) -> None:
        if fps is not None and not (0 < fps <= TICKS_PER_SECOND):
            raise RecordingError(f"RecordCallback: fps must be in (0, {TICKS_PER_SECOND}], "
                                 f"got {fps!r}")  # fmt: skip
        self.folder = Path(folder)
        self.fps = float(fps) if fps is not None else float(TICKS_PER_SECOND)
        self.every = max(1, round(TICKS_PER_SECOND / self.fps))
        self.episodes: list[Path] = []
        self._writer: Any = None
        self._steps: IO[str] | None = None
        self._meta: dict[str, Any] = {}
        self._seed: int | None = None
        self._action: Any = None
        self._step = 0
        self._last_tick = 0
        self._return = 0.0

    # -- hooks ----------------------------------------------------------------------------------

    def before_reset(self, env: Any, seed: int | None) -> bool:
        self._finish()
        self._seed = seed
        return True

    def after_reset(self, env: Any, obs: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        from odyssey.episode.framestream import FrameWriter
        from odyssey.mcu.config import TaskConfig, dump_config

        out = self.folder / f"episode-{len(self.episodes):04d}"
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        self.episodes.append(out)
        self._step, self._return, self._action = 0, 0.0, None
        image = _image(env, obs)
        config = env.config
        if isinstance(config, TaskConfig):  # MCU; a navigation task has no configuration file
            write_text_atomic(out / "task.yaml", dump_config(config))
        text = getattr(config, "text", None) or getattr(config, "prompt", "")
        self._meta = {"task_id": config.id, "text": text, "seed": self._seed,
                      "fps": self.fps, "every": self.every, "env": _env_options(env),
                      "width": int(image.shape[1]), "height": int(image.shape[0])}  # fmt: skip
        self._write_meta(out)
        self._writer = FrameWriter(out, image.shape[1], image.shape[0], fps=self.fps)
        self._steps = (out / STEPS).open("w", encoding="utf-8")
        self._line({"step": 0, "tick": int(info.get("tick", 0)), "action": None, "reward": 0.0,
                    "terminated": False, "truncated": False, "state": _state(env),
                    "info": jsonable(info)})  # fmt: skip
        self._last_tick = int(info.get("tick", 0))
        self._writer.add(image, self._last_tick, step=0)
        return obs, info

    def before_step(self, env: Any, action: Any) -> Any:
        self._action = jsonable(action)
        return action

    def after_step(
        self, env: Any, obs: Any, reward: float, terminated: bool, truncated: bool,
        info: dict[str, Any],
    ) -> tuple[Any, float, bool, bool, dict[str, Any]]:  # fmt: skip
        if self._steps is None:
            return obs, reward, terminated, truncated, info
        self._step += 1
        self._return += float(reward)
        tick = int(info.get("tick", self._step))
        self._line({"step": self._step, "tick": tick, "action": self._action,
                    "reward": float(reward), "terminated": bool(terminated),
                    "truncated": bool(truncated), "state": _state(env),
                    "info": jsonable(info)})  # fmt: skip
        if (self._step % self.every == 0 or terminated or truncated) and tick > self._last_tick:
            self._writer.add(_image(env, obs), tick, step=self._step)
            self._last_tick = tick
        if terminated or truncated:
            self._meta["outcome"] = {"steps": self._step, "return": self._return,
                                     "terminated": bool(terminated),
                                     "truncated": bool(truncated),
                                     "info": jsonable(info)}  # fmt: skip
        return obs, reward, terminated, truncated, info

    def before_close(self, env: Any) -> None:
        self._finish()

    # -- files ----------------------------------------------------------------------------------

    def _line(self, record: dict[str, Any]) -> None:
        assert self._steps is not None
        self._steps.write(json.dumps(record) + "\n")
        self._steps.flush()

    def _write_meta(self, out: Path) -> None:
        write_text_atomic(out / META, json.dumps(self._meta, indent=2))

    def _finish(self) -> None:
        """Closes the current episode's files (idempotent)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        if self._steps is not None:
            self._steps.close()
            self._steps = None
            self._meta["steps"] = self._step
            self._meta["return"] = self._return
            self._write_meta(self.episodes[-1])


# -- reading ------------------------------------------------------------------------------------


def read_steps(folder: Path | str) -> list[dict[str, Any]]:
    """The step sidecar of one recorded episode: line 0 is the reset."""
    path = Path(folder) / STEPS
    if not path.is_file():
        raise RecordingError(f"{path}: no such file (expected a gym recording in {folder})")
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for n, text in enumerate(lines, 1):
        try:
            out.append(json.loads(text))
        except json.JSONDecodeError:
            if n == len(lines):
                break  # a last line cut short by a crash
            raise RecordingError(f"{path}: line {n} is not JSON") from None
    return out


def read_meta(folder: Path | str) -> dict[str, Any]:
    path = Path(folder) / META
    if not path.is_file():
        raise RecordingError(f"{path}: no such file (expected a gym recording in {folder})")
    return json.loads(path.read_text(encoding="utf-8"))


def as_action(recorded: Any) -> Any:
    """A recorded action as the env takes it: a dict action's camera as a float32 array and its
    keys as ints; a discrete action as an int."""
    if isinstance(recorded, Mapping):
        return {k: (np.asarray(v, dtype=np.float32) if k == ACTION_KEY_CAMERA else int(v))
                for k, v in recorded.items()}  # fmt: skip
    if isinstance(recorded, list):
        return np.asarray(recorded)
    return recorded if recorded is None else int(recorded)


def read_recording(folder: Path | str) -> Iterator[tuple[np.ndarray, Any, dict[str, Any]]]:
    """``(frame, action, info)`` for each recorded frame of one episode: the RGB frame, the
    action of the step that led to it (``None`` for the reset frame) and that step's record
    (``info`` with ``step``, ``tick``, ``reward``, ``terminated``, ``truncated``, ``state``)."""
    from odyssey.episode.framestream import read_frames

    steps = {s["step"]: s for s in read_steps(folder)}
    for frame in read_frames(Path(folder)):
        record = steps.get(int(frame.info.get("step", -1)))
        if record is None:
            raise RecordingError(f"{folder}: frame {frame.index} names step "
                                 f"{frame.info.get('step')!r}, not in {STEPS}")  # fmt: skip
        info = dict(record["info"]) | {k: record[k] for k in
                                       ("step", "tick", "reward", "terminated", "truncated",
                                        "state")}  # fmt: skip
        yield frame.rgb, as_action(record["action"]), info


# -- the MCU episode record ---------------------------------------------------------------------


def _terminal_reason(last: dict[str, Any]) -> str:
    info = last.get("info") or {}
    reason = info.get("terminal_reason") or info.get("reason")
    if reason:
        return str(reason)
    if last.get("truncated"):
        return "time_limit"
    return "success" if info.get("success") else "not_finished"


def to_episode_record(
    folder: Path | str, out: Path | str, agent: str = "gym", seed: int | None = None
) -> dict[str, Any]:
    """Writes recording ``folder`` as an MCU episode folder ``out`` (task.yaml, setup.json,
    actions.jsonl, frames.webm/frames.jsonl, result.json, completion.json last) and returns the
    result. Put ``out`` at ``odyssey.mcu.run.episode_folder(run, agent, seed, config)`` for
    ``odyssey mcu report RUN`` / ``judge`` to find it."""
    from odyssey.episode.results import utc_now, write_json, write_jsonl
    from odyssey.mcu.config import load_config
    from odyssey.mcu.rules import describe

    folder, out = Path(folder), Path(out)
    meta, steps = read_meta(folder), read_steps(folder)
    if not (folder / "task.yaml").is_file():
        raise RecordingError(f"{folder}: no task.yaml: not an MCU recording (navigation "
                             f"recordings have no MCU episode form)")  # fmt: skip
    if not steps:
        raise RecordingError(f"{folder / STEPS}: empty (the episode never reset)")
    config = load_config(folder / "task.yaml")
    out.mkdir(parents=True, exist_ok=True)
    for name in ("task.yaml", "frames.webm", "frames.jsonl"):
        if not (folder / name).is_file():
            raise RecordingError(f"{folder / name}: no such file (an unfinished recording?)")
        if folder.resolve() != out.resolve():
            shutil.copyfile(folder / name, out / name)
    start = int(steps[0]["tick"])
    write_json(out / "setup.json", [{"command": c, "translated": None, "ok": True,
                                     "message": "run by the gym env at reset", "known": True}
                                    for c in config.custom_init_commands])  # fmt: skip
    write_jsonl(out / "actions.jsonl", [{"tick": int(s["tick"]) - start,
                                         "action": {"type": "GymAction", "gym": s["action"]}}
                                        for s in steps[1:]])  # fmt: skip
    last = steps[-1]
    info = last.get("info") or {}
    reason = _terminal_reason(last)
    ticks = int(last["tick"]) - start
    summary = {
        "task_id": config.id, "text": config.text, "category": config.category,
        "subcategory": config.subcategory, "difficulty": config.difficulty,
        "programmatic": config.programmatic, "judge": config.judge,
        "rule": describe(config.success) if config.success is not None else None,
        "parts": list(config.parts), "agent": agent,
        "seed": meta.get("seed") if seed is None else seed,
        "success": bool(info.get("success")) and bool(config.programmatic),
        "terminal_reason": reason, "progress": round(float(info.get("progress", 0.0)), 4),
        "detail": str(info.get("detail", "")), "infrastructure_error": False, "scored": True,
        "error": None, "decisions": len(steps) - 1, "game_seconds": ticks / TICKS_PER_SECOND,
        "setup_commands": len(config.custom_init_commands), "setup_failures": 0,
        "agent_notes": [f"recorded with odyssey.gym ({meta.get('env', {}).get('actions')} "
                        f"actions, return {meta.get('return', 0.0):.3f})"],
        "usage": None, "cost_usd": None, "started_utc": None, "ended_utc": utc_now(),
        "wall_seconds": None,
    }  # fmt: skip
    write_json(out / "result.json", summary)
    write_json(out / "completion.json", summary)  # last: marks a finished episode
    return summary
