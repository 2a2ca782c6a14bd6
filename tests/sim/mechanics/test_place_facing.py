"""Six-way blocks placed by the player face as vanilla's getStateForPlacement makes them:
pistons, dispensers and droppers towards the player, observers the way the player looks."""

from __future__ import annotations

import pytest

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.placing import Click, place_block

GROUND = 64


@pytest.mark.parametrize(
    ("block", "yaw", "pitch", "facing"),
    [
        ("piston", 180.0, 0.0, "south"),  # looking north: the face points back at the player
        ("sticky_piston", -90.0, 10.0, "west"),  # looking east
        ("piston", 0.0, 80.0, "up"),  # looking down at the floor
        ("dispenser", 90.0, 0.0, "east"),  # looking west
        ("observer", 180.0, 0.0, "north"),  # the face watches what the player looks at
        ("observer", 0.0, -70.0, "up"),
    ],
)
def test_six_way_blocks_face_as_vanilla(block, yaw, pitch, facing):
    world = flat_arena(8)
    click = Click((0, GROUND - 1, -3), "up", (0.5, float(GROUND), -2.5), yaw, pitch, False)
    placed = place_block(world, block, click, mode="survival", boxes=[])
    assert placed is not None
    pos, state = placed.changes[0]
    assert pos == (0, GROUND, -3)
    assert world.registry.properties(state)["facing"] == facing
