"""Per-state colours multiplied into block models, as vanilla's BlockColors: redstone dust by its
power (RedStoneWireBlock's colour table, dark red at 0 to bright red at 15) and melon and
pumpkin stems by their age (green to yellow-brown; attached stems #E0C71C).

Colours are RGB565 (the mesher's vertex tint), 0xFFFF meaning no tint.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from odyssey.world.blocks import BlockRegistry

NO_TINT = 0xFFFF
STEMS = ("melon_stem", "pumpkin_stem")
ATTACHED_STEMS = ("attached_melon_stem", "attached_pumpkin_stem")
ATTACHED_STEM_RGB = (224, 199, 28)


def rgb565(rgb: tuple[float, float, float]) -> int:
    """RGB (0..255 each) as RGB565."""
    r, g, b = (min(max(c / 255.0, 0.0), 1.0) for c in rgb)
    return (round(r * 31) << 11) | (round(g * 63) << 5) | round(b * 31)


def wire_rgb(power: int) -> tuple[float, float, float]:
    """RedStoneWireBlock.COLORS: red rises with the power, green and blue only near 15."""
    f = power / 15.0
    r = f * 0.6 + (0.4 if f > 0 else 0.3)
    g = min(max(f * f * 0.7 - 0.5, 0.0), 1.0)
    b = min(max(f * f * 0.6 - 0.7, 0.0), 1.0)
    return (r * 255, g * 255, b * 255)


def stem_rgb(age: int) -> tuple[float, float, float]:
    """BlockColors for stems: (age * 32, 255 - age * 8, age * 4)."""
    return (age * 32.0, 255.0 - age * 8.0, age * 4.0)


def icon_rgb(reg: BlockRegistry, state: int) -> tuple[float, float, float] | None:
    """The tint of the icon of the item placing ``state`` (drawn from the block's grey tile):
    redstone dust at full power, as vanilla's bright red item; stems as at age 0."""
    name = reg.block_of(state).name
    if name == "redstone_wire":
        return wire_rgb(15)
    if name in STEMS:
        return stem_rgb(0)
    return ATTACHED_STEM_RGB if name in ATTACHED_STEMS else None


@cache
def state_tints(reg: BlockRegistry) -> np.ndarray:
    """(n_states,) uint16 RGB565 tint of every state's model, NO_TINT where none applies."""
    tints = np.full(reg.state_count, NO_TINT, np.uint16)
    for name, colour in (("redstone_wire", wire_rgb), *((s, stem_rgb) for s in STEMS)):
        block = reg.block(name)
        key = "power" if name == "redstone_wire" else "age"
        for sid in range(block.min_state, block.max_state + 1):
            tints[sid] = rgb565(colour(int(reg.properties(sid)[key])))
    for name in ATTACHED_STEMS:
        block = reg.block(name)
        tints[block.min_state : block.max_state + 1] = rgb565(ATTACHED_STEM_RGB)
    tints.setflags(write=False)
    return tints
