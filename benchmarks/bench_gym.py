"""Gymnasium benchmark: environment steps per second at 64×64 for one ``OdysseyEnv`` and for an
in-process batch of 4 (``odyssey.gym.batch.OdysseyBatchEnv``).

Run: ``python benchmarks/bench_gym.py [--steps N] [--profile]``. The task is ``craft_to_stick``
(simple), the policy samples the dict action space with a fixed seed but holds the camera still
(a spinning camera forces chunk re-culling every frame, not what a trained policy does) and
never presses ``inventory`` (a random press every other step would keep a screen open half the
time), one step is one game tick plus one 64×64 frame (the game drawn for 640 × 360 and
resized: the 2-D layers are redrawn only when they change, e.g. a hotbar key). ``--profile``
prints where one env's time goes (cProfile, by cumulative time) before the metrics.
``gym_game_ticks_per_s`` and ``gym_frames_per_s_64`` split a step's cost: the game tick alone
and the 64×64 frame alone; ``gym_sps_64_async2`` is Gymnasium's AsyncVectorEnv with 2 worker
processes (steps of both together). Prints one JSON line per metric; the last two are
``gym_sps_64`` and ``gym_sps_64_vec4`` (env steps per wall-clock second; for the vector, steps
of all 4 envs together).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import time

import numpy as np

TASK = "craft_to_stick"
SIZE = (64, 64)


def emit(metric: str, value: float) -> None:
    print(json.dumps({"metric": metric, "value": round(value, 3)}), flush=True)


def _still(action):
    """The sampled action with a still camera and the inventory key up."""
    if isinstance(action, dict) and "camera" in action:
        action["camera"] = np.zeros_like(action["camera"])
        action["inventory"] = np.zeros_like(action["inventory"])
    return action


def single_sps(steps: int, profile: bool) -> float:
    from odyssey.gym.env import OdysseyEnv

    env = OdysseyEnv(TASK, size=SIZE)
    env.action_space.seed(0)
    env.reset(seed=0)
    for _ in range(20):  # warm-up: first frame meshes the chunks around the player
        env.step(_still(env.action_space.sample()))
    actions = [_still(env.action_space.sample()) for _ in range(steps)]
    profiler = cProfile.Profile() if profile else None
    done = 0
    start = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    for action in actions:
        _, _, terminated, truncated, _ = env.step(action)
        done += 1
        if terminated or truncated:
            env.reset(seed=done)
    elapsed = time.perf_counter() - start
    if profiler is not None:
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
        print(out.getvalue())
    env.close()
    return done / elapsed


def breakdown(steps: int) -> tuple[float, float]:
    """Where a step's time goes: game ticks alone (no frame) and 64×64 frames alone (no tick),
    per second, on the same task."""
    from odyssey.gym.env import OdysseyEnv

    env = OdysseyEnv(TASK, size=SIZE)
    env.reset(seed=0)
    start = time.perf_counter()
    for _ in range(steps):
        env.game.tick()
    ticks = steps / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(steps):
        env.screen.frame()
    frames = steps / (time.perf_counter() - start)
    env.close()
    return ticks, frames


def _vector_rate(envs, steps: int) -> float:
    """Steps per second of all copies of a vector env together (closed afterwards)."""
    try:
        envs.action_space.seed(0)
        envs.reset(seed=0)
        for _ in range(10):
            envs.step(_still(envs.action_space.sample()))
        actions = [_still(envs.action_space.sample()) for _ in range(steps)]
        start = time.perf_counter()
        for action in actions:
            envs.step(action)
        elapsed = time.perf_counter() - start
    finally:
        envs.close()
    return steps * envs.num_envs / elapsed


def vector_sps(steps: int, n: int = 4) -> float:
    from odyssey.gym.batch import OdysseyBatchEnv

    return _vector_rate(OdysseyBatchEnv(n, task=TASK, size=SIZE), steps)


def async_sps(steps: int, n: int = 2) -> float:
    """Gymnasium's AsyncVectorEnv: ``n`` worker processes (spawned), one env each."""
    import functools

    import gymnasium as gym

    from odyssey.gym.env import OdysseyEnv

    make = functools.partial(OdysseyEnv, TASK, size=SIZE)
    return _vector_rate(gym.vector.AsyncVectorEnv([make] * n, context="spawn"), steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="timed steps per measurement")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one env")
    args = parser.parse_args()
    ticks, frames = breakdown(args.steps)
    emit("gym_game_ticks_per_s", ticks)
    emit("gym_frames_per_s_64", frames)
    emit("gym_sps_64_async2", async_sps(max(1, args.steps // 2)))
    single = single_sps(args.steps, args.profile)
    vec = vector_sps(max(1, args.steps // 4))
    emit("gym_sps_64", single)
    emit("gym_sps_64_vec4", vec)


if __name__ == "__main__":
    main()
