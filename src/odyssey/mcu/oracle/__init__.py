"""The MCU oracle: a privileged scripted agent that solves programmatic tasks (so every task a
suite admits is shown feasible). ``Oracle`` is the agent; skills live in ``core`` and the
``families_*`` modules."""

from odyssey.mcu.oracle.agent import Oracle

__all__ = ["Oracle"]
