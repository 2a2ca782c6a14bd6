"""The gym environments' action and observation spaces.

Actions, MineStudio's dict space: ``forward back left right jump sneak sprint attack use drop
inventory hotbar.1 … hotbar.9`` are ``Discrete(2)`` each; ``camera`` is ``Box(-180, 180, (2,))``,
a ``[pitch, yaw]`` change in degrees. The discrete variant (``DISCRETE_ACTIONS``) is a small
table of useful combinations, each mapped to that dict (``discrete_to_dict``).
"""

from __future__ import annotations

import string
from functools import cache
from typing import Any

import numpy as np
from gymnasium import spaces

BUTTONS = ("forward", "back", "left", "right", "jump", "sneak", "sprint", "attack", "use", "drop",
           "inventory")  # fmt: skip
HOTBAR = tuple(f"hotbar.{i}" for i in range(1, 10))
KEYS = BUTTONS + HOTBAR
CAMERA_MAX = 180.0
TURN = 15.0  # degrees per discrete camera action
TEXT_MAX = 512  # the task text's longest length in the observation
TEXT_CHARSET = frozenset(string.printable)
VOXEL_RADIUS = 2  # the nearby-voxels cube: (2r+1)³ block ids around the feet
INVENTORY_SLOTS = 36
HEALTH_MAX = 1024.0

# (name, keys held, camera [pitch, yaw]): the discrete variant's table, index = action
DISCRETE_ACTIONS: tuple[tuple[str, tuple[str, ...], tuple[float, float]], ...] = (
    ("noop", (), (0.0, 0.0)),
    ("forward", ("forward",), (0.0, 0.0)),
    ("back", ("back",), (0.0, 0.0)),
    ("left", ("left",), (0.0, 0.0)),
    ("right", ("right",), (0.0, 0.0)),
    ("jump", ("jump",), (0.0, 0.0)),
    ("forward_jump", ("forward", "jump"), (0.0, 0.0)),
    ("sprint_forward", ("forward", "sprint"), (0.0, 0.0)),
    ("sprint_forward_jump", ("forward", "sprint", "jump"), (0.0, 0.0)),
    ("sneak", ("sneak",), (0.0, 0.0)),
    ("attack", ("attack",), (0.0, 0.0)),
    ("forward_attack", ("forward", "attack"), (0.0, 0.0)),
    ("use", ("use",), (0.0, 0.0)),
    ("turn_left", (), (0.0, -TURN)),
    ("turn_right", (), (0.0, TURN)),
    ("look_up", (), (-TURN, 0.0)),
    ("look_down", (), (TURN, 0.0)),
    ("forward_turn_left", ("forward",), (0.0, -TURN)),
    ("forward_turn_right", ("forward",), (0.0, TURN)),
    ("drop", ("drop",), (0.0, 0.0)),
    ("inventory", ("inventory",), (0.0, 0.0)),
    *((f"hotbar_{i}", (f"hotbar.{i}",), (0.0, 0.0)) for i in range(1, 10)),
)
DISCRETE_NAMES = tuple(name for name, _, _ in DISCRETE_ACTIONS)


def dict_action_space() -> spaces.Dict:
    keys: dict[str, spaces.Space] = {k: spaces.Discrete(2) for k in KEYS}
    keys["camera"] = spaces.Box(-CAMERA_MAX, CAMERA_MAX, (2,), np.float32)
    return spaces.Dict(keys)


def noop_action() -> dict[str, Any]:
    """The dict action that does nothing."""
    action: dict[str, Any] = {k: 0 for k in KEYS}
    action["camera"] = np.zeros(2, np.float32)
    return action


def discrete_to_dict(index: int) -> dict[str, Any]:
    """The dict action of entry ``index`` of ``DISCRETE_ACTIONS``."""
    _, keys, camera = DISCRETE_ACTIONS[int(index)]
    action = noop_action()
    for k in keys:
        action[k] = 1
    action["camera"] = np.array(camera, np.float32)
    return action


@cache
def item_ids() -> dict[str, int]:
    """Item name -> id in the inventory observation (0 = an empty slot)."""
    from odyssey.world.items import items

    return {name: i + 1 for i, name in enumerate(items().names)}


@cache
def block_count() -> int:
    from odyssey.world.blocks import registry

    return len(registry().blocks)


def image_space(width: int, height: int) -> spaces.Box:
    return spaces.Box(0, 255, (height, width, 3), np.uint8)


def player_spaces(width: int, height: int) -> dict[str, spaces.Space]:
    """The entries every dict observation has: the image, the player's position, facing and
    health, the nearby voxels and the task text (each environment adds its own)."""
    side = 2 * VOXEL_RADIUS + 1
    return {
        "image": image_space(width, height),
        "position": spaces.Box(-3.0e7, 3.0e7, (3,), np.float64),
        "facing": spaces.Box(np.array([-90.0, -180.0], np.float32),
                             np.array([90.0, 180.0], np.float32), dtype=np.float32),
        "health": spaces.Box(0.0, HEALTH_MAX, (1,), np.float32),
        "voxels": spaces.Box(0, block_count() - 1, (side, side, side), np.int32),
        "task": spaces.Text(TEXT_MAX, min_length=0, charset=TEXT_CHARSET),
    }  # fmt: skip


def observation_space(width: int, height: int, obs_dict: bool) -> spaces.Dict:
    """``image`` alone, or with the player's state, inventory, nearby voxels and task text."""
    if not obs_dict:
        return spaces.Dict({"image": image_space(width, height)})
    n_items = len(item_ids())
    inventory_high = np.empty((INVENTORY_SLOTS, 2), np.int32)
    inventory_high[:, 0], inventory_high[:, 1] = n_items, 1 << 16
    return spaces.Dict(player_spaces(width, height) | {
        "food": spaces.Box(0.0, 20.0, (1,), np.float32),
        "selected": spaces.Discrete(9),
        "inventory": spaces.Box(np.zeros_like(inventory_high), inventory_high, dtype=np.int32),
    })  # fmt: skip
