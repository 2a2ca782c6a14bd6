"""Two small MCU task configurations the run, Ray and dashboard tests play: crafting sticks from
four given planks (5 s) and jumping (3 s)."""

from __future__ import annotations

from odyssey.mcu.config import TaskConfig
from odyssey.mcu.rules import parse_rule

STICK = TaskConfig(
    id="craft_to_stick", text="craft to stick", category="craft", subcategory="craft_items",
    custom_init_commands=("/give @s minecraft:oak_planks 4",), time_limit_s=5,
    success=parse_rule({"kind": "stat", "category": "crafted", "key": "stick"}),
)  # fmt: skip
JUMP = TaskConfig(
    id="jump", text="jump", category="motion", subcategory="other_motion", time_limit_s=3,
    success=parse_rule({"kind": "stat", "category": "custom", "key": "jump"}),
)  # fmt: skip
