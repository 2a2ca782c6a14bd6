"""Survival block and item mechanics (fluids, fire and portals, farming, beds, containers,
redstone), each a module that registers its handlers in ``hooks`` when imported.

Navigation games never import this package; ``load()`` imports every module in it once, the
first time a survival game ticks or uses something.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache


@cache
def load() -> tuple[str, ...]:
    """Import every mechanic module (registering its handlers); their names, sorted."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name != "hooks")
    for name in names:
        importlib.import_module(f"{__name__}.{name}")
    return tuple(names)
