"""Experience points fill levels as vanilla's Player does: 7 points to level 1, 1395 to 30,
levels spent keep the bar's progress, and a furnace's experience lands in the bar."""

from __future__ import annotations

import pytest

from odyssey.sim.mechanics import experience as xp
from odyssey.sim.playground import survival_game


@pytest.mark.parametrize(("points", "level"), [(6, 0), (7, 1), (352, 16), (1394, 29), (1395, 30)])
def test_total_points_give_vanillas_levels(points, level):
    game = survival_game()
    xp.add_points(game, points)
    assert xp.level_of(game) == level
    assert game.survival.experience == points


def test_orbs_of_one_point_fill_the_first_bar_in_seven():
    game = survival_game()
    for _ in range(6):
        xp.add_points(game, 1)
    assert xp.level_of(game) == 0
    xp.add_points(game, 1)
    assert xp.level_of(game) == 1 and xp.state_of(game).progress < 1e-6


def test_spending_levels_keeps_progress_and_creative_spends_nothing():
    game = survival_game()
    xp.add_points(game, 1400)  # level 30 and 5 of 112 points
    xp.spend_levels(game, 3)
    assert xp.level_of(game) == 27
    assert xp.state_of(game).progress == pytest.approx(5 / 112, abs=1e-5)  # a Java float
    xp.spend_levels(game, 40)
    assert xp.level_of(game) == 0 and game.survival.experience == 0
    game.survival.set_mode("creative")
    xp.add_levels(game, 5)
    xp.spend_levels(game, 5)
    assert xp.level_of(game) == 5
