"""Connection states of fences, panes, walls and gates, set from their neighbours.

Vanilla stores these as block properties that placement and neighbour updates keep in step with
the blocks around them (``north=true``, a wall's ``east=tall`` and ``up``, a gate's ``in_wall``).
A map builder places the blocks plainly and calls ``connect_blocks`` over the area once, which
leaves them as vanilla would.

Deliberate difference: a "sturdy face" is approximated by a full-cube collision box, so the full
faces of stairs and slabs do not connect.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from odyssey.world.blocks import BlockFlag, BlockRegistry
from odyssey.world.storage import World

SIDES = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}  # (dx, dz)
CLOCKWISE = {"north": "east", "east": "south", "south": "west", "west": "north"}
# Full cubes nothing connects to; with leaves and shulker boxes, Block.isExceptionForConnection.
EXCEPTIONS = ("barrier", "melon", "pumpkin", "carved_pumpkin", "jack_o_lantern")


def connect_blocks(world: World, lo: tuple[int, int, int], hi: tuple[int, int, int]) -> None:
    """Set the connection states of fences, panes, walls and gates in a box from their
    neighbours, as vanilla's placement and neighbour updates do (outside the box is air)."""
    reg = world.registry
    box = world.get_box(lo, hi)
    kinds = connection_kinds(reg)
    padded = np.pad(box, 1)
    for y, z, x in np.argwhere(kinds[box] != ""):
        near = padded[y : y + 3, z : z + 3, x : x + 3]  # near[1 + dy, 1 + dz, 1 + dx]
        new = connected_state(reg, int(box[y, z, x]), kinds, near)
        if new != box[y, z, x]:
            world.set_block(lo[0] + int(x), lo[1] + int(y), lo[2] + int(z), new)


@cache
def connection_kinds(reg: BlockRegistry) -> np.ndarray:
    """The connection rule per state id: fence, wooden_fence, pane, wall, gate or ''."""
    return np.array([_kind(reg, s) for s in range(reg.state_count)], dtype=object)


def _kind(reg: BlockRegistry, state: int) -> str:
    """Which connection rule a state follows: fence, wooden_fence, pane, wall, gate or ''."""
    flags, name = int(reg.state_flags[state]), reg.block_of(state).name
    if flags & BlockFlag.FENCE_GATE:
        return "gate"
    if flags & BlockFlag.FENCE:
        return "fence" if name == "nether_brick_fence" else "wooden_fence"
    if flags & BlockFlag.WALL:
        return "wall"
    return "pane" if name.endswith(("_pane", "_bars")) else ""


def connected_state(reg: BlockRegistry, state: int, kinds: np.ndarray, near: np.ndarray) -> int:
    """The state with its connections set from its 3x3x3 neighbourhood ``near`` [y][z][x]."""
    kind, props = kinds[state], reg.properties(state)
    beside = {side: int(near[1, 1 + dz, 1 + dx]) for side, (dx, dz) in SIDES.items()}
    if kind == "gate":  # in_wall: a wall on either side of the gate lowers it
        right = CLOCKWISE[props["facing"]]
        left = CLOCKWISE[CLOCKWISE[right]]
        props["in_wall"] = str(kinds[beside[right]] == "wall" or kinds[beside[left]] == "wall")
    else:
        above = int(near[2, 1, 1])
        tall = bool(reg.state_flags[above] & BlockFlag.FULL_CUBE)
        for side, other in beside.items():
            joined = _joins(reg, kind, other, kinds[other], side)
            if kind == "wall":
                props[side] = ("tall" if tall else "low") if joined else "none"
            else:
                props[side] = str(joined)
        if kind == "wall":
            props["up"] = str(_wall_post(reg, props, above, kinds))
    props = {k: v.lower() for k, v in props.items()}
    return reg.state_of(reg.block_of(state).name, props)


def _joins(reg: BlockRegistry, kind: str, other: int, other_kind: str, side: str) -> bool:
    """Vanilla's connectsTo/attachsTo: same family, a gate in line, or a sturdy full face
    (approximated by a full-cube collision box, so stairs' and slabs' full faces do not count)."""
    if other_kind == "gate":  # a gate joins when it lies across the direction
        facing = reg.properties(other)["facing"]
        across = CLOCKWISE[side]
        return kind != "pane" and facing in (across, CLOCKWISE[CLOCKWISE[across]])
    if kind in ("fence", "wooden_fence") and other_kind in ("fence", "wooden_fence"):
        return kind == other_kind  # nether brick fences never join wooden ones
    if kind in ("pane", "wall") and other_kind in ("pane", "wall"):
        return True
    flags, name = int(reg.state_flags[other]), reg.block_of(other).name
    exception = flags & BlockFlag.LEAVES or name in EXCEPTIONS or name.endswith("shulker_box")
    return bool(flags & BlockFlag.FULL_CUBE) and not exception


def _wall_post(reg: BlockRegistry, props: dict[str, str], above: int, kinds: np.ndarray) -> bool:
    """Vanilla's shouldRaisePost: a post unless the wall runs straight on, or straight with
    something on top that needs one (a torch, lantern, sign or full block)."""
    if kinds[above] == "wall" and reg.properties(above)["up"] == "true":
        return True
    n, e, s, w = (props[d] == "none" for d in ("north", "east", "south", "west"))
    if (n and e and s and w) or n != s or e != w:
        return True
    if (props["north"] == props["south"] == "tall") or (props["east"] == props["west"] == "tall"):
        return False
    name, flags = reg.block_of(above).name, int(reg.state_flags[above])
    topped = name.endswith(("torch", "lantern")) or flags & (BlockFlag.SIGN | BlockFlag.FULL_CUBE)
    return bool(topped)
