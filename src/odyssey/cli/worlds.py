"""Resolving a world argument: a world folder or a built-in world id."""

from __future__ import annotations

from pathlib import Path

from odyssey.cli.errors import fail
from odyssey.maps.catalog import CATALOG, resolve_map
from odyssey.world import World, open_world
from odyssey.world.anvil import is_world_folder
from odyssey.world.city import city_world
from odyssey.world.generate import generate_demo_world

BUILT_IN_WORLDS = {"demo": lambda: generate_demo_world(seed=0), "city": city_world}


def load_world(spec: str, option: str = "--world") -> World:
    """A world folder, a map package folder, a built-in world id or a built-in map id (built
    and cached on first use)."""
    if spec in BUILT_IN_WORLDS and not Path(spec).exists():
        return BUILT_IN_WORLDS[spec]()
    path = Path(spec)
    if spec in CATALOG and not path.exists():
        path = resolve_map(spec)
    if (path / "map.json").exists() and (path / "world").exists():
        return open_world(path / "world")
    if not path.exists() and not is_world_folder(path):
        known = ", ".join([*sorted(BUILT_IN_WORLDS), *CATALOG])
        raise fail(f"{option} {spec}: no such world folder or built-in world (built-in: {known})")
    return open_world(path)
