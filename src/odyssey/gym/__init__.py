"""Gymnasium environments over the Odyssey engine (docs/gym.md). Importing this package
registers them: ``gymnasium.make("odyssey/MCU-v1", task="mine_iron_ore")``.

- ``odyssey/MCU-v1``: any MCU task id, selector or configuration file (``task=``), dict actions.
- ``odyssey/MCU-Discrete-v1``: the same with the discrete action table.
- ``odyssey/MCU-CraftStick-v1``, ``odyssey/MCU-MineIronOre-v1``, ``odyssey/MCU-CombatZombie-v1``:
  named tasks.
- ``odyssey/Nav-<map>-v1``: navigation on a built-in map (``hotel``, ``palace``, ``liner``).
"""

from __future__ import annotations

import gymnasium

ENV_ENTRY = "odyssey.gym.env:OdysseyEnv"
NAV_ENTRY = "odyssey.gym.nav:NavEnv"
NAV_MAPS = ("hotel", "palace", "liner")  # = gym.nav.NAV_MAPS (not imported: keeps import cheap)
NAMED_TASKS = {
    "MCU-CraftStick-v1": "craft_to_stick",
    "MCU-MineIronOre-v1": "mine_iron_ore",
    "MCU-CombatZombie-v1": "combat_a_zombie",
}


def _register(env_id: str, entry: str, **kwargs) -> None:
    if env_id not in gymnasium.registry:  # importing twice (reloads) must not warn
        gymnasium.register(env_id, entry_point=entry, kwargs=kwargs)


def register_all() -> None:
    _register("odyssey/MCU-v1", ENV_ENTRY)
    _register("odyssey/MCU-Discrete-v1", ENV_ENTRY, actions="discrete")
    for name, task in NAMED_TASKS.items():
        _register(f"odyssey/{name}", ENV_ENTRY, task=task)
    for map_id in NAV_MAPS:
        _register(f"odyssey/Nav-{map_id}-v1", NAV_ENTRY, map_id=map_id)


register_all()

from odyssey.gym.env import OdysseyEnv  # noqa: E402  (after registering: cheap either way)
from odyssey.gym.nav import NavEnv  # noqa: E402

__all__ = ["NavEnv", "OdysseyEnv", "register_all"]
