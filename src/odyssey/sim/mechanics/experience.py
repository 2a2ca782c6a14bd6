"""Experience points and levels of the player, as vanilla's ``Player``: points fill the bar
towards the next level (``getXpNeededForNextLevel``), levels are spent by enchanting and anvils.

``Survival.experience`` stays the total of points collected (vanilla's ``totalExperience``);
the level and the bar's progress live in ``mechanics["experience"]``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

F = np.float32  # vanilla keeps the bar's progress in a Java float: same rounding here


@dataclass
class Experience:
    level: int = 0
    progress: float = 0.0  # 0..1 towards the next level


def state_of(game) -> Experience:
    m = game.survival.mechanics
    if "experience" not in m:
        m["experience"] = Experience()
    return m["experience"]  # type: ignore[return-value]


def needed_for_next(level: int) -> int:
    """Points from ``level`` to the next (Player.getXpNeededForNextLevel)."""
    if level >= 30:
        return 112 + (level - 30) * 9
    if level >= 15:
        return 37 + (level - 15) * 5
    return 7 + level * 2


def level_of(game) -> int:
    return state_of(game).level


def add_points(game, points: int) -> None:
    """Player.giveExperiencePoints: fill the bar, levelling up as it overflows."""
    s = game.survival
    xp = state_of(game)
    progress = F(xp.progress) + F(points) / F(needed_for_next(xp.level))
    s.experience = max(0, min(s.experience + points, 2**31 - 1))
    while progress < F(0.0):
        removed = progress * F(needed_for_next(xp.level))
        add_levels(game, -1)
        progress = F(1.0) + removed / F(needed_for_next(xp.level)) if xp.level > 0 else F(0.0)
    while progress >= F(1.0):
        progress = (progress - F(1.0)) * F(needed_for_next(xp.level))
        add_levels(game, 1)
        progress = progress / F(needed_for_next(xp.level))
    xp.progress = float(progress)
    if points:
        game.emit("experience", float(points))


def add_levels(game, levels: int) -> None:
    """Player.giveExperienceLevels (``/xp add @s N levels``, spending at an anvil)."""
    xp = state_of(game)
    xp.level += levels
    if xp.level < 0:
        xp.level, xp.progress = 0, 0.0
        game.survival.experience = 0


def spend_levels(game, levels: int) -> None:
    """Player.onEnchantmentPerformed / anvil cost: take ``levels`` levels (creative: none)."""
    if game.survival.gamemode != "creative":
        add_levels(game, -levels)
