"""The random agent: seeded random keys and turns; it claims done only on its last decisions,
so it succeeds almost never (a floor for the benchmark)."""

from __future__ import annotations

import random
from typing import ClassVar

from odyssey.episode.protocol import Action, ClaimDone, Hold, Observation

KEY_SETS = (("forward",), ("forward", "jump"), ("forward", "sprint"), ("left",), ("right",),
            ("back",), ())  # fmt: skip


class RandomAgent:
    name: ClassVar[str] = "random"
    privileged: ClassVar[bool] = False

    def __init__(self, seed: int = 0, claim_after: int = 150) -> None:
        self.seed = seed
        self.claim_after = claim_after  # decisions before it starts claiming
        self.rng = random.Random(seed)
        self.decisions = 0

    def start(self, observation: Observation) -> None:
        self.rng = random.Random(self.seed)
        self.decisions = 0

    def act(self, observation: Observation) -> Action:
        self.decisions += 1
        if self.decisions > self.claim_after:
            return ClaimDone()
        yaw = observation.player.yaw + self.rng.uniform(-90.0, 90.0)
        return Hold(self.rng.choice(KEY_SETS), self.rng.randint(5, 30), yaw=yaw, pitch=0.0)
