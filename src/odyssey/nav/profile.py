"""Movement profiles: the rules of the reference planner (DESIGN.md, "Navigation").

``odyssey`` is the paper's model: a 0.5-block lattice, a crouched body, step-ups, stairs, ladders,
bounded falls, wooden doors and gates operable, iron doors operable through a reachable button or
lever. ``mineodyssey`` follows Mine Odyssey's public planner (``static-anvil-astar-v1``):
whole-block cells, a standing body, drops of at most 3, fences, walls and gates tall, iron doors
only if open, 750,000 expansions. SPL on imported Mine Odyssey maps uses ``mineodyssey``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from odyssey.errors import OdysseyError

PLAYER_WIDTH = 0.6
STANDING_HEIGHT = 1.8
CROUCHED_HEIGHT = 1.5
SAFE_FALL = 3.0  # vanilla: a fall of up to 3 blocks does no damage


class NavError(OdysseyError):
    """Bad input to the navigation layer (a start in a wall, an unknown profile, ...)."""


@dataclass(frozen=True)
class MovementProfile:
    """What the reference player can do; lengths in blocks."""

    name: str
    lattice: float  # horizontal spacing of the lattice points (0.5 or 1.0)
    body_height: float  # headroom a standing place needs
    max_rise: float = 1.0  # highest step up (over 0.6 the player jumps)
    max_drop: float = SAFE_FALL  # deepest fall taken
    fall_damage: bool = True  # falls deeper than 3 blocks cost health (counted on the path)
    block_cells: bool = False  # Mine Odyssey: a block with any collision fills its whole cell
    tall_fences: bool = (
        False  # Mine Odyssey: fences, walls and gates can be neither crossed nor stood on
    )
    operable_gates: bool = True  # fence gates open by hand
    iron_doors: bool = True  # closed iron doors open through a reachable button or lever
    max_expansions: int = 5_000_000
    margins: tuple[int, ...] = (24, 48, 96, 192, 384)  # search box margins tried in turn
    margin_y: tuple[int, int] = (-16, 24)  # below the lower end, above the higher end
    grow_y: bool = True  # the height margins grow with the horizontal ones (24 -> 1x, 48 -> 2x...)

    def with_changes(self, **changes: object) -> MovementProfile:
        return replace(self, **changes)


def fall_damage(drop: float) -> float:
    """Vanilla fall damage of a fall of ``drop`` blocks (no armour or effects)."""
    return float(max(0, math.ceil(drop - SAFE_FALL - 1e-9)))


ODYSSEY = MovementProfile(name="odyssey", lattice=0.5, body_height=CROUCHED_HEIGHT)
MINEODYSSEY = MovementProfile(
    name="mineodyssey",
    lattice=1.0,
    body_height=STANDING_HEIGHT,
    block_cells=True,
    tall_fences=True,
    operable_gates=False,
    iron_doors=False,
    max_expansions=750_000,
    grow_y=False,
)
PROFILES = {p.name: p for p in (ODYSSEY, MINEODYSSEY)}


def profile(name: str | MovementProfile) -> MovementProfile:
    """A profile by name (``odyssey`` or ``mineodyssey``), or the profile given."""
    if isinstance(name, MovementProfile):
        return name
    try:
        return PROFILES[name]
    except KeyError:
        raise NavError(
            f"unknown movement profile {name!r}: expected one of {', '.join(PROFILES)}"
        ) from None
