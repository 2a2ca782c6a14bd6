"""Small generated worlds with known shortest routes for the navigation tests.

Every world is a one-block stone floor (top at y = 64) hanging over the void: off the floor there
is nothing to stand on, so each world is a closed island and an exhausted search is a certified
verdict. Walls are 4 blocks high (tops out of reach). The expected lengths in the tests follow
the ``odyssey`` cost model: lattice points every 0.5 blocks (block edges and centres), a lateral
move costs sqrt(run^2 + dy^2) with run 0.5 (cardinal) or 0.5 * sqrt(2) (diagonal, level only),
a move on a ladder costs the height climbed; a point's height is the top of the highest box under
the player's 0.6 x 0.6 footprint around it.
"""

from __future__ import annotations

from odyssey.world.storage import World

FLOOR = 64  # feet height on the floor
WALL = "stone_bricks"
WALL_TOP = FLOOR + 4


def island(x0: int, z0: int, x1: int, z1: int, world: World | None = None) -> World:
    """A floor of blocks x0 <= x < x1, z0 <= z < z1 (top at FLOOR)."""
    w = world or World()
    w.fill((x0, FLOOR - 1, z0), (x1, FLOOR, z1), "stone")
    return w


def wall(w: World, x0: int, z0: int, x1: int, z1: int, block: str = WALL) -> None:
    """A wall over the floor: blocks x0 <= x < x1, z0 <= z < z1, 4 high."""
    w.fill((x0, FLOOR, z0), (x1, WALL_TOP, z1), block)


def carve(w: World, x0: int, z0: int, x1: int, z1: int) -> None:
    """Air above the floor in x0 <= x < x1, z0 <= z < z1."""
    w.fill((x0, FLOOR, z0), (x1, WALL_TOP, z1), "air")


# -- open field and corridors ------------------------------------------------------------------


def open_field() -> World:
    """A bare 16 x 12 floor: the shortest route is the octile distance."""
    return island(-2, -2, 14, 10)


def l_corridor() -> World:
    """A one-block-wide L: north along x = 0 from z = 0 to z = 10, then east to x = 10.
    Start (0.5, 64, 0.5), target (10.5, 64, 10.5): 20 blocks (no corner can be cut)."""
    w = island(-2, -2, 13, 13)
    wall(w, -2, -2, 13, 13)
    carve(w, 0, 0, 1, 11)
    carve(w, 0, 10, 11, 11)
    return w


def partition_room() -> World:
    """A room x 0..9, z 0..11 with a partition at z = 5 over x 0..7: the way through is the
    two-block opening at x = 8..9."""
    w = island(-1, -1, 11, 13)
    wall(w, -1, -1, 11, 13)
    carve(w, 0, 0, 10, 12)
    wall(w, 0, 5, 8, 6)
    return w


# -- height: stairs, ladders, drops --------------------------------------------------------------

STAIRS_X0, STAIRS_N = 2, 4  # stair i at (2 + i, 64 + i), ascending +x


def staircase() -> World:
    """Four oak stairs up along +x (z 0..2) to a platform of top 68 at x 6..9, over a floor."""
    w = island(-4, -2, 14, 5)
    for i in range(STAIRS_N):
        x = STAIRS_X0 + i
        w.fill((x, FLOOR, 0), (x + 1, FLOOR + i, 3), "stone")
        w.fill((x, FLOOR + i, 0), (x + 1, FLOOR + i + 1, 3), "oak_stairs[facing=east]")
    x = STAIRS_X0 + STAIRS_N
    w.fill((x, FLOOR, 0), (x + 4, FLOOR + STAIRS_N, 3), "stone")
    return w


TOWER_Z = 4  # the tower's south face; its ladder niche is the block z = 3 at x = 0
TOWER_TOP = FLOOR + 10


def ladder_shaft(ladder: bool = True) -> World:
    """A stone tower (x -3..3, z 4..8, top 74) with a ladder from the floor to the top in a
    one-block niche on its south face (x = 0, z = 3, between walls at x = -1 and x = 1)."""
    w = island(-6, -4, 7, 14)
    w.fill((-3, FLOOR, TOWER_Z), (4, TOWER_TOP, TOWER_Z + 5), "stone")
    w.fill((-1, FLOOR, TOWER_Z - 1), (0, TOWER_TOP, TOWER_Z), "stone")
    w.fill((1, FLOOR, TOWER_Z - 1), (2, TOWER_TOP, TOWER_Z), "stone")
    if ladder:
        w.fill((0, FLOOR, TOWER_Z - 1), (1, TOWER_TOP, TOWER_Z), "ladder[facing=north]")
    return w


def ledge(height: int) -> World:
    """A platform of ``height`` blocks (x -2..2, z 0..2) standing on a floor."""
    w = island(-4, -2, 5, 10)
    w.fill((-2, FLOOR, 0), (3, FLOOR + height, 3), "stone")
    return w


CLIFF_Z = 10  # the cliff face: the upper level is z < 10 (top 74), the lower level z >= 10
CLIFF_LADDER_X = 6


def cliff(ladder: bool) -> World:
    """Two levels 10 blocks apart: an upper one (z 0..9, top 74) and a lower one (z 10..19,
    top 64), x -4..9; optionally a ladder down the cliff face at x = 6."""
    w = World()
    w.fill((-4, FLOOR - 1, 0), (10, TOWER_TOP, CLIFF_Z), "stone")
    island(-4, CLIFF_Z, 10, 20, w)
    if ladder:
        w.fill((CLIFF_LADDER_X, FLOOR, CLIFF_Z), (CLIFF_LADDER_X + 1, TOWER_TOP, CLIFF_Z + 1),
               "ladder[facing=south]")  # fmt: skip
    return w


# -- gaps ----------------------------------------------------------------------------------------

GAP_Z0, GAP_Z1 = 10, 12  # the gap: rows 10 and 11
BRIDGE_X0, BRIDGE_X1 = 5, 7  # blocks 5 and 6 of the gap rows are a bridge


def gap(bridge: bool = True) -> World:
    """A floor x -4..8, z 0..17 cut by a two-block gap over the void at z 10..11, with a
    two-block bridge at x 5..6 (or none)."""
    w = island(-4, 0, 9, 18)
    w.fill((-4, FLOOR - 1, GAP_Z0), (9, FLOOR, GAP_Z1), "air")
    if bridge:
        w.fill((BRIDGE_X0, FLOOR - 1, GAP_Z0), (BRIDGE_X1, FLOOR, GAP_Z1), "stone")
    return w


def in_gap(pos, bridge: bool = True) -> bool:
    """Whether a feet position stands over the gap (its whole footprint over the void)."""
    x, _, z = pos
    over_rows = GAP_Z0 + 0.3 < z < GAP_Z1 - 0.3
    on_bridge = bridge and BRIDGE_X0 - 0.3 < x < BRIDGE_X1 + 0.3
    return over_rows and not on_bridge


# -- doors ---------------------------------------------------------------------------------------

DOOR = (0, FLOOR, 8)  # lower half of the door in the partition of the hall
BUTTON = (1, FLOOR + 1, 7)  # on the partition block (1, 65, 8), beside the iron door's upper half


def hall() -> World:
    """A hall three blocks wide (x -1..1, z 0..15) with a partition across it at z = 8."""
    w = island(-2, -1, 3, 17)
    wall(w, -2, -1, 3, 17)
    carve(w, -1, 0, 2, 16)
    wall(w, -1, 8, 2, 9)
    return w


def door_hall(kind: str = "oak_door") -> World:
    """The hall with a closed door of ``kind`` in the middle of its partition."""
    w = hall()
    x, y, z = DOOR
    w.set_block(x, y, z, f"{kind}[facing=north,half=lower,open=false]")
    w.set_block(x, y + 1, z, f"{kind}[facing=north,half=upper,open=false]")
    return w


def iron_door_hall(button: bool = True) -> World:
    """The hall with a closed iron door and, optionally, a stone button beside it."""
    w = door_hall("iron_door")
    if button:
        w.set_block(*BUTTON, "stone_button[face=wall,facing=north]")
    return w


# -- fences --------------------------------------------------------------------------------------

FENCE_Z = 10  # the fence line: blocks x -4..7 at z = 10; the opening is x = 8
STEP_BLOCK = (0, FLOOR, 9)  # a stone block beside the fence (top 65): a way onto the fence top


def fence(step: bool = False, gate: bool = False) -> World:
    """A floor x -4..8, z 0..19 split by a connected oak fence at z = 10 with an opening at
    x = 8 (or a closed gate there); optionally a stone block beside the fence at x = 0."""
    w = island(-4, 0, 9, 20)
    w.fill((-4, FLOOR, FENCE_Z), (8, FLOOR + 1, FENCE_Z + 1), "oak_fence[east=true,west=true]")
    w.set_block(7, FLOOR, FENCE_Z, "oak_fence[west=true]")
    if gate:
        w.set_block(7, FLOOR, FENCE_Z, "oak_fence[east=true,west=true]")
        w.set_block(8, FLOOR, FENCE_Z, "oak_fence_gate[facing=north,open=false]")
    if step:
        w.set_block(*STEP_BLOCK, "stone")
    return w


# -- crawl space ---------------------------------------------------------------------------------


def crawl_tunnel() -> World:
    """A one-block-wide tunnel (x = 0, z 0..10) roofed with top slabs at y = 65: 1.5 blocks of
    headroom, enough for a crouched player only."""
    w = island(-2, -2, 3, 13)
    wall(w, -2, -2, 3, 13)
    carve(w, 0, 0, 1, 11)
    w.fill((0, FLOOR + 1, 3), (1, FLOOR + 2, 8), "stone_slab[type=top]")
    return w
