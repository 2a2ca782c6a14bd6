"""A creeper's blast primes the TNT it reaches with a short fuse (TntBlock.wasExploded): the
TNT goes off by itself 10-29 ticks later instead of vanishing."""

from __future__ import annotations

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival

GROUND = 64


def test_a_creeper_blast_primes_tnt_nearby():
    game = Game(flat_arena(32), PlayerState(pos=(0.5, GROUND, 0.5), on_ground=True),
                GameRules(adventure=False, peaceful=False, time_of_day=18000))  # fmt: skip
    game.survival = Survival(seed=4)
    game.survival.entities = EntityStore(4)
    game.survival.rules["do_mob_spawning"] = False
    tnt = game.world.registry.default_state("tnt")
    game.set_block((3, GROUND, 0), tnt)
    game.survival.entities.add("creeper", (5.5, GROUND, 0.5))
    events = game.run(120)
    kinds = [e.kind for e in events]
    assert "tnt_primed" in kinds
    primed_at = next(e.tick for e in events if e.kind == "tnt_primed")
    fuse = next(e.value for e in events if e.kind == "tnt_primed")
    assert 10 <= fuse <= 29  # the short random fuse, not the 80 of a lit block
    assert game.world.get_block(3, GROUND, 0) != tnt
    later = events + game.run(40)
    blasts = [e for e in later if e.kind == "explosion" and e.tick > primed_at]
    assert blasts and blasts[0].tick - primed_at <= 30
