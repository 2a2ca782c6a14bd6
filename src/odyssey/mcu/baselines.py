"""Non-privileged MCU baselines: ``random`` (random keys, camera moves and hotbar picks, as a
random policy over MineStudio's action space would act) and ``noop`` (stands still: the floor
every task's success rate must beat)."""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from odyssey.episode.protocol import Hold, Wait
from odyssey.mcu.actions import McuAction, Select
from odyssey.mcu.play import McuObservation

KEYS = ("forward", "back", "left", "right", "jump", "sneak", "sprint", "attack", "use")
PRESS = (0.5, 0.05, 0.1, 0.1, 0.3, 0.05, 0.2, 0.4, 0.2)  # chance each key is held per decision


class RandomMcuAgent:
    name: ClassVar[str] = "random"
    privileged: ClassVar[bool] = False

    def __init__(self, seed: int = 0, ticks: int = 4) -> None:
        self.rng = np.random.default_rng(seed)
        self.ticks = ticks

    def start(self, observation: McuObservation) -> None:
        pass

    def act(self, observation: McuObservation) -> McuAction:
        if self.rng.random() < 0.05:
            return Select(int(self.rng.integers(9)))
        held = tuple(k for k, p in zip(KEYS, PRESS, strict=True) if self.rng.random() < p)
        p = observation.player
        yaw = p.yaw + float(self.rng.normal(0.0, 15.0))
        pitch = float(np.clip(p.pitch + self.rng.normal(0.0, 8.0), -90.0, 90.0))
        return Hold(held, ticks=self.ticks, yaw=yaw, pitch=pitch)


class NoopAgent:
    name: ClassVar[str] = "noop"
    privileged: ClassVar[bool] = False

    def start(self, observation: McuObservation) -> None:
        pass

    def act(self, observation: McuObservation) -> McuAction:
        return Wait(20)


MCU_AGENTS = ("oracle", "random", "noop", "llm:ALIAS")


def make_mcu_agent(name: str, seed: int = 0, models_file=None):
    """An MCU agent by name (see ``MCU_AGENTS``; ``llm:ALIAS`` is a model of the models file)."""
    from odyssey.mcu.needs import McuError

    if name.startswith("llm:"):
        from odyssey.mcu.vlm_agent import VlmAgent

        return VlmAgent(name.removeprefix("llm:"), models_file)
    if name == "oracle":
        from odyssey.mcu.oracle import Oracle

        return Oracle()
    if name == "random":
        return RandomMcuAgent(seed)
    if name == "noop":
        return NoopAgent()
    raise McuError(f"agent {name!r}: expected one of {', '.join(MCU_AGENTS)}")
