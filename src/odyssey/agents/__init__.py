"""Agents: the privileged ``oracle``, the seeded ``random`` walker, the non-privileged
``explorer`` (it knows only its own state and the evaluator's messages), language-model agents
``llm:ALIAS`` (models file) and scripted ``script:FILE`` agents that play through the control
protocol like a model does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from odyssey.agents.explorer import ExplorerAgent
from odyssey.agents.oracle import OracleAgent
from odyssey.agents.random_walk import RandomAgent
from odyssey.errors import OdysseyError

AGENTS = {"oracle": OracleAgent, "random": RandomAgent, "explorer": ExplorerAgent}
PREFIXED = ("llm:", "script:")


class UnknownAgentError(OdysseyError):
    pass


def make_agent(name: str, seed: int = 0, models: Path | None = None, settings: Any = None) -> Any:
    """An agent by name: ``oracle``, ``random`` (``seed``), ``llm:ALIAS`` (from ``models``),
    ``script:FILE``."""
    if name in AGENTS:
        return AGENTS[name](seed=seed)
    if name.startswith(PREFIXED):
        from odyssey.agents.llm.agent import LoopAgent, ScriptProvider, load_script
        from odyssey.agents.llm.limits import LoopLimits
        from odyssey.episode.settings import Settings

        limits = LoopLimits.from_settings(settings or Settings())
        kind, _, arg = name.partition(":")
        if not arg:
            raise UnknownAgentError(
                f"agent {name!r}: give {kind}:{'ALIAS' if kind == 'llm' else 'FILE'}"
            )
        if kind == "script":
            return LoopAgent("script", ScriptProvider(load_script(arg), arg), limits)
        from odyssey.agents.llm.models import resolve_model
        from odyssey.agents.llm.providers import make_provider

        spec = resolve_model(arg, models)
        return LoopAgent(name, make_provider(spec), limits, model=spec)
    raise UnknownAgentError(
        f"agent {name!r} is not one of {', '.join(sorted(AGENTS))}, llm:ALIAS, script:FILE"
    )


__all__ = [
    "AGENTS",
    "ExplorerAgent",
    "OracleAgent",
    "RandomAgent",
    "UnknownAgentError",
    "make_agent",
]
