"""Which capabilities the engine has, decided by asking the engine itself.

Every answer comes from something real: a behavioural probe in a tiny survival game
(``mcu.probes``), a recipe or a cooking recipe in the item registry, an entity type with
behaviour in ``sim.entities.kinds``, the natural spawner's tables, a block flag, the loot rules,
or the world generator's biomes and structures. Nothing here says "yes" by itself, so the
answers change as mechanics land.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from odyssey.mcu import probes
from odyssey.mcu.needs import TASK_NEEDS
from odyssey.mcu.setup import WORLD_SEED
from odyssey.sim.entities import spawning
from odyssey.sim.entities.kinds import kind
from odyssey.world.blocks import BlockFlag, registry
from odyssey.world.gen import lazy_world
from odyssey.world.gen.locate import locate_biome, locate_structure
from odyssey.world.items import items

PROBES: dict[str, Callable[[], str]] = {
    name: getattr(probes, name)
    for name in ("mining", "silk_touch", "shears_harvest", "placing", "crafting", "buckets",
                 "fluid_flow", "obsidian_from_fluids", "fire", "nether_portal", "farming", "beds",
                 "containers", "loot_chests", "enchanting", "carve_pumpkin", "snow_golem",
                 "iron_golem", "bow", "crossbow", "trident", "shield", "potions", "leads")
}  # fmt: skip
LOCATE_SEED = WORLD_SEED  # the seed of the worlds the configs are set up in
LOCATE_RADIUS_BLOCKS = 2048  # "reachable in an episode": about two minutes' sprint each way


@dataclass(frozen=True)
class Capability:
    """Whether the engine has a capability, and what showed it (or why not)."""

    name: str
    available: bool
    evidence: str


def check(name: str) -> Capability:
    """Ask the engine about one capability (probes' errors become the reason it is missing)."""
    kind, _, arg = name.partition(":")
    try:
        checker = _checker(kind, arg, name)
        return Capability(name, True, checker())
    except probes.MissingError as e:
        return Capability(name, False, str(e))
    except Exception as e:  # a probe that crashes shows the mechanic is not there (yet)
        return Capability(name, False, f"{type(e).__name__}: {e}")


def _checker(kind: str, arg: str, name: str) -> Callable[[], str]:
    if name in PROBES:
        return PROBES[name]
    table = {"craft": _recipe, "mob": _mob, "spawns": _spawns, "explore": _explore}
    if kind in table and arg:
        return lambda: table[kind](arg)
    simple = {"smelting": _smelting, "climbing": _climbing, "boats": probes.boats}
    if name in simple:
        return simple[name]
    raise probes.MissingError(f"no check is known for capability {name!r}")


def available_capabilities(names: Iterable[str] | None = None) -> dict[str, Capability]:
    """Every capability the needs table names (or ``names``), checked against the engine."""
    if names is None:
        names = {c for n in TASK_NEEDS.values() for c in (*n.caps, *n.simple, *n.hard)}
    return {name: check(name) for name in sorted(set(names))}


# -- checks that read the engine's data ---------------------------------------------------------


def _recipe(item: str) -> str:
    recipes = items().recipes_for(item)
    probes.expect(bool(recipes), f"no crafting recipe makes {item}")
    return f"{len(recipes)} crafting recipe(s) make {item}"


def _smelting() -> str:
    recipe = items().cooking("furnace", "beef")
    probes.expect(recipe is not None, "a furnace has no recipe for beef")
    return f"a furnace cooks beef into {recipe.result}"


def _mob(entity: str) -> str:
    k = kind(entity)
    probes.expect(k.simulated, f"{entity} has no behaviour (sim.entities.kinds)")
    return f"{entity} is simulated ({k.category})"


def _spawns(entity: str) -> str:
    names = [n for n, _ in (*spawning.CREATURES, *spawning.MONSTERS)]
    probes.expect(entity in names, f"natural spawning never makes {entity}")
    return f"natural spawning makes {entity}"


def _climbing() -> str:
    reg = registry()
    flag = BlockFlag(int(reg.state_flags[reg.state("ladder")]))
    probes.expect(bool(flag & BlockFlag.CLIMBABLE), "ladders are not climbable")
    return "ladders are climbable in the physics"


def _explore(what: str) -> str:
    near = (0, 0)
    if what.startswith("biome:"):
        biome = what.removeprefix("biome:")
        hit = locate_biome(LOCATE_SEED, biome, near, LOCATE_RADIUS_BLOCKS)
        probes.expect(hit is not None, f"no {biome} within {LOCATE_RADIUS_BLOCKS} blocks")
        return f"{biome} generated at {hit} (seed {LOCATE_SEED})"
    if what == "caves":
        return _caves()
    hit = locate_structure(LOCATE_SEED, what, near, LOCATE_RADIUS_BLOCKS // 16)
    probes.expect(hit is not None, f"no {what} generated within {LOCATE_RADIUS_BLOCKS} blocks")
    return f"a {what} generated at {hit} (seed {LOCATE_SEED})"


def _caves() -> str:
    """Air below the surface in the chunks around the origin: carvers at work."""
    world = lazy_world(LOCATE_SEED)
    reg = world.registry
    cave_air = 0
    for cx in range(-2, 3):
        for cz in range(-2, 3):
            box = world.get_box((cx * 16, 0, cz * 16), (cx * 16 + 16, 40, cz * 16 + 16))
            cave_air += int(np.count_nonzero(box == reg.state("cave_air"))) + int(
                np.count_nonzero(box == reg.state("air")))  # fmt: skip
    probes.expect(cave_air > 0, "no air below y = 40 in the 5x5 chunks around the origin")
    return f"{cave_air} air blocks below y = 40 in the 5x5 chunks around the origin"
