"""A survival game on a flat grass arena in one call, and aiming the player at a point: what
tests, examples and benchmarks of the survival mechanics start from."""

from __future__ import annotations

import math

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival
from odyssey.world.storage import World

GROUND = 64  # the arena's walking surface (grass at y 63)


def survival_game(
    world: World | None = None,
    pos: tuple[float, float, float] = (0.5, GROUND, 0.5),
    seed: int = 7,
    difficulty: str = "normal",
    time_of_day: int = 6000,
    radius: int = 24,
) -> Game:
    """A survival player standing at ``pos`` on ``world`` (default: a flat arena of
    ``radius``), no natural mob spawning, after two ticks to settle on the ground."""
    world = world or flat_arena(radius)
    rules = GameRules(adventure=False, peaceful=difficulty == "peaceful", time_of_day=time_of_day)
    game = Game(world, PlayerState(pos=pos, on_ground=True), rules)
    game.survival = Survival(difficulty=difficulty, seed=seed)
    game.survival.entities = EntityStore(seed)
    game.survival.rules["do_mob_spawning"] = False
    game.run(2)
    return game


def look_at(game: Game, x: float, y: float, z: float) -> None:
    """Turn the player's eyes towards the point (x, y, z)."""
    px, py, pz = game.player.pos
    dx, dy, dz = x - px, y - (py + game.player.eye_height), z - pz
    yaw = math.degrees(math.atan2(-dx, dz))
    game.look(yaw, -math.degrees(math.atan2(dy, math.hypot(dx, dz))))
