"""The simulation layer: vanilla player physics, block behaviour, the game loop and clocks."""

from odyssey.sim.physics import Event, StepResult, step
from odyssey.sim.player import InputState, PlayerAttributes, PlayerState, SimError

__all__ = [
    "Event",
    "InputState",
    "PlayerAttributes",
    "PlayerState",
    "SimError",
    "StepResult",
    "step",
]
