"""Observations shared by the gym environments: the player's state as fixed-size arrays, the
nearby voxels and a step's game events as dicts."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from odyssey.gym.spaces import (
    HEALTH_MAX,
    INVENTORY_SLOTS,
    TEXT_CHARSET,
    TEXT_MAX,
    VOXEL_RADIUS,
    item_ids,
)


def wrap_yaw(yaw: float) -> float:
    """``yaw`` in [-180, 180)."""
    return (yaw + 180.0) % 360.0 - 180.0


def task_text(text: str) -> str:
    """The task text as the Text space accepts it (printable characters, at most TEXT_MAX)."""
    return "".join(c if c in TEXT_CHARSET else "?" for c in text)[:TEXT_MAX]


def voxels(game: Any) -> np.ndarray:
    """Block ids (``registry.state_block``) in the cube of side 2r+1 centred on the block at the
    player's feet, indexed [y][z][x] from its low corner; outside the world height is air (0)."""
    r = VOXEL_RADIUS
    side = 2 * r + 1
    world = game.world
    x, y, z = (math.floor(v) for v in game.player.pos)
    out = np.zeros((side, side, side), np.int32)
    lo_y = max(y - r, world.dimension.min_y)
    hi_y = min(y + r + 1, world.dimension.max_y)
    if lo_y < hi_y:
        states = world.get_box((x - r, lo_y, z - r), (x + r + 1, hi_y, z + r + 1))
        out[lo_y - (y - r) : hi_y - (y - r)] = world.registry.state_block[states]
    return out


def inventory_array(game: Any) -> np.ndarray:
    """(slot, [item id, count]) for the 36 main slots; 0, 0 when empty."""
    ids = item_ids()
    out = np.zeros((INVENTORY_SLOTS, 2), np.int32)
    for i, stack in enumerate(game.survival.inventory.slots[:INVENTORY_SLOTS]):
        if stack is not None:
            out[i] = ids.get(stack.item, 0), stack.count
    return out


def state_obs(game: Any, text: str) -> dict[str, Any]:
    """The dict observation's non-image entries."""
    p = game.player
    return {
        "position": np.array(p.pos, np.float64),
        "facing": np.array([p.pitch, wrap_yaw(p.yaw)], np.float32),
        "health": np.array([min(max(p.health, 0.0), HEALTH_MAX)], np.float32),
        "food": np.array([game.survival.food.food_level], np.float32),
        "selected": int(game.survival.inventory.selected),
        "inventory": inventory_array(game),
        "voxels": voxels(game),
        "task": task_text(text),
    }


def event_dicts(events: list[Any]) -> list[dict[str, Any]]:
    """Game events as plain dicts (what ``info["events"]`` holds)."""
    return [{"tick": e.tick, "kind": e.kind, "value": float(e.value),
             "pos": list(e.pos) if e.pos is not None else None, "detail": e.detail}
            for e in events]  # fmt: skip
