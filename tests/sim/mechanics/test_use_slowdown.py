"""Using an item slows walking to a fifth and keeps sprinting from starting, as vanilla's
LocalPlayer.modifyInput does: eating bread, drawing a bow."""

from __future__ import annotations

from odyssey.sim.actions import give, item_in_use, select_slot
from odyssey.sim.player import InputState
from odyssey.sim.playground import survival_game


def walked(item: str | None, ticks: int = 20, sprint: bool = False) -> tuple[float, bool]:
    game = survival_game()
    game.survival.food = game.survival.food.__class__(food_level=10)  # hungry: bread is eaten
    if item is not None:
        give(game, item)
        give(game, "arrow", 8)
        select_slot(game, 0)
    game.look(0.0, 0.0)  # south, along +z
    z0 = game.player.pos[2]
    game.hold(InputState(forward=True, use=item is not None, sprint=sprint))
    in_use = False
    for _ in range(ticks):
        game.tick()
        in_use = in_use or item_in_use(game)
    return game.player.pos[2] - z0, in_use and game.player.sprinting


def test_eating_or_drawing_a_bow_slows_walking_to_a_fifth():
    free, _ = walked(None)
    eating, _ = walked("bread")
    drawing, _ = walked("bow")
    assert free > 3.0
    assert 0.15 < eating / free < 0.3
    assert 0.15 < drawing / free < 0.3


def test_no_sprinting_while_drawing_a_bow():
    _, sprinting = walked("bow", sprint=True)
    assert not sprinting
