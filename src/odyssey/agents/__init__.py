"""Agents the episode runner drives (protocol in ``odyssey.episode.protocol``): the privileged
``oracle`` and the seeded ``random`` walker, until the language-model harness exists."""

from __future__ import annotations

from odyssey.agents.oracle import OracleAgent
from odyssey.agents.random_walk import RandomAgent
from odyssey.errors import OdysseyError

AGENTS = {"oracle": OracleAgent, "random": RandomAgent}


class UnknownAgentError(OdysseyError):
    pass


def make_agent(name: str, seed: int = 0):
    """An agent by name; ``seed`` matters to the random one."""
    if name not in AGENTS:
        raise UnknownAgentError(f"agent {name!r} is not one of {', '.join(sorted(AGENTS))}")
    return AGENTS[name](seed=seed)


__all__ = ["AGENTS", "OracleAgent", "RandomAgent", "UnknownAgentError", "make_agent"]
