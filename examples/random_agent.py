"""A random agent on ``odyssey/MCU-v1``: samples the action space, prints each episode's return.

Run: ``python examples/random_agent.py [--task craft_to_stick] [--episodes 3] [--steps 400]``.
``ODYSSEY_EXAMPLE_STEPS`` caps the steps per episode (the tests use it to keep the run short).
"""

from __future__ import annotations

import argparse
import os

import gymnasium as gym

import odyssey.gym  # noqa: F401  (registers the odyssey/ environments)


def main() -> None:
    parser = argparse.ArgumentParser(description="a random agent on odyssey/MCU-v1")
    parser.add_argument("--task", default="craft_to_stick", help="an MCU task id or selector")
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--steps", type=int, default=400, help="steps per episode at most")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    steps = int(os.environ.get("ODYSSEY_EXAMPLE_STEPS", args.steps))
    env = gym.make("odyssey/MCU-v1", task=args.task, size=(64, 64), max_steps=steps)
    env.action_space.seed(args.seed)
    for episode in range(args.episodes):
        _, info = env.reset(seed=args.seed + episode)
        total, n, done = 0.0, 0, False
        while not done:
            _, reward, terminated, truncated, info = env.step(env.action_space.sample())
            total += float(reward)
            n += 1
            done = terminated or truncated
        reason = info.get("terminal_reason", "?")
        print(f"episode {episode}: return {total:.3f} in {n} steps ({reason})", flush=True)
    env.close()


if __name__ == "__main__":
    main()
