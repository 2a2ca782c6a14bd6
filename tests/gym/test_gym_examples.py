"""The examples run end to end (short runs under ODYSSEY_EXAMPLE_STEPS): the random agent
prints its episode returns, the numpy PPO prints its losses for each iteration."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str, steps: int) -> str:
    env = os.environ | {"ODYSSEY_EXAMPLE_STEPS": str(steps)}
    done = subprocess.run([sys.executable, str(ROOT / "examples" / script), *args], env=env,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_random_agent_prints_returns():
    out = _run("random_agent.py", "--episodes", "2", steps=15)
    lines = re.findall(r"episode (\d): return (-?[\d.]+) in (\d+) steps", out)
    assert [n for n, _, _ in lines] == ["0", "1"], out
    assert all(int(k) <= 15 for _, _, k in lines), out


def test_ppo_numpy_prints_losses():
    out = _run("ppo_numpy.py", "--iterations", "2", steps=64)
    losses = re.findall(r"iteration (\d): policy loss (-?[\d.]+) value loss ([\d.]+)", out)
    assert [n for n, _, _ in losses] == ["0", "1"], out
    assert all(float(v) >= 0 for _, _, v in losses)
