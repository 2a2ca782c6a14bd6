"""Movement statistics as vanilla's Player.checkMovementStatistics counts them: walking,
sprinting and crouching on the ground, climbing a ladder (height gained only), falling."""

from __future__ import annotations

from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, survival_game


def custom(game, key: str) -> int:
    return game.survival.stats.get("custom", key)


def test_walking_counts_horizontal_centimetres() -> None:
    game = survival_game()
    game.look(0.0, 0.0)
    z0 = game.player.pos[2]
    game.hold(InputState(forward=True))
    game.run(40)
    walked = game.player.pos[2] - z0
    assert abs(custom(game, "walk_one_cm") - walked * 100) < 40  # rounded each tick
    assert custom(game, "climb_one_cm") == 0


def test_climbing_a_ladder_counts_the_height_gained() -> None:
    game = survival_game()
    reg = game.world.registry
    ladder = reg.state_of("ladder", {"facing": "north"})
    stone = reg.default_state("stone")
    for y in range(GROUND, GROUND + 8):
        game.world.set_block(0, y, 2, stone)
        game.world.set_block(0, y, 1, ladder)
    game.look(0.0, 0.0)  # facing south into the ladder
    game.hold(InputState(forward=True))
    game.run(80)
    climbed = game.player.pos[1] - GROUND
    assert climbed > 3.0
    assert abs(custom(game, "climb_one_cm") - climbed * 100) < 60
    before = custom(game, "climb_one_cm")
    game.hold(InputState())
    game.run(40)  # sliding down the ladder gains nothing
    assert custom(game, "climb_one_cm") == before
