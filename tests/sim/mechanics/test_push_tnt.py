"""Scripted TNT runs: flint and steel lights it and it explodes 80 ticks later, leaving a crater
and dropped blocks and hurting a player nearby; redstone power primes it; an explosion primes
the TNT next to it with a short fuse; TNT in water breaks no blocks."""

from __future__ import annotations

import math

import numpy as np
import pytest

from odyssey.sim import playground
from odyssey.sim.game import Game
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import tnt
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64
TNT = (4, GROUND, 0)  # within the 4.5-block reach of the player at x = 0.5


def survival_game() -> Game:
    return playground.survival_game(seed=7)


def put(game: Game, pos, spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def name(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def use_on(game: Game, pos, item: str) -> list:
    """Hold ``item`` and right-click the block at ``pos`` for one tick."""
    game.survival.inventory.set(0, ItemStack.of(item))
    game.survival.inventory.select(0)
    look_at(game, pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
    game.hold(InputState(use=True))
    events = game.tick()
    game.hold(InputState())
    return events


def test_flint_and_steel_lights_tnt_which_explodes_80_ticks_later():
    game = survival_game()
    put(game, TNT, "tnt")
    events = use_on(game, TNT, "flint_and_steel")
    lit = game.tick_count
    assert [e.detail for e in events if e.kind == "sound"] == ["entity.tnt.primed"]
    assert name(game, TNT) == "air"
    (primed,) = game.survival.mechanics["tnt"].primed
    assert primed.fuse == 79 and primed.by_player
    assert game.survival.inventory.get(0).damage == 1  # one use of durability
    assert game.survival.stats.get("used", "flint_and_steel") == 1
    game.teleport((-2.5, GROUND, 0.5), 0.0, 0.0)  # 7 blocks away: hurt, not killed
    events = game.run(79)
    blasts = [e for e in events if e.kind == "explosion"]
    assert [(e.tick, e.value) for e in blasts] == [(lit + 79, 4.0)]
    assert any(e.detail == "entity.generic.explode" for e in events)
    assert game.survival.mechanics["tnt"].primed == []
    hurt = [e for e in events if e.kind == "damage_explosion"]
    assert len(hurt) == 1 and 0.0 < hurt[0].value < 20.0
    assert 0.0 < game.player.health < 20.0 and not game.player.dead
    assert game.player.vel[0] < 0.0  # pushed away from the blast (it is at +x)
    crater = [(x, y, z) for x in range(-2, 13) for y in range(GROUND - 6, GROUND)
              for z in range(-7, 8) if game.world.get_block(x, y, z) == 0]  # fmt: skip
    assert (4, GROUND - 1, 0) in crater and len(crater) > 20
    drops = [e for e in game.survival.entities.entities.values() if e.type == "item"]
    assert {e.item for e in drops} <= {"dirt"} and drops
    assert sum(e.count for e in drops) == len(crater)  # TNT drops every block (no decay)
    assert all(e.count <= 16 for e in drops)  # stacks merged up to 16


def test_a_fire_charge_is_used_up():
    game = survival_game()
    put(game, TNT, "tnt")
    use_on(game, TNT, "fire_charge")
    assert name(game, TNT) == "air" and len(game.survival.mechanics["tnt"].primed) == 1
    assert game.survival.inventory.get(0) is None


def test_redstone_power_primes_tnt():
    game = survival_game()
    put(game, TNT, "tnt")
    put(game, (4, GROUND, 1), "lever[face=floor,facing=north,powered=false]")
    assert name(game, TNT) == "tnt"
    events = game.use((4, GROUND, 1))
    assert name(game, TNT) == "air"
    assert [e.detail for e in events if e.kind == "sound"] == [
        "block.lever.click",
        "entity.tnt.primed",
    ]
    assert game.survival.mechanics["tnt"].primed[0].fuse == 80
    # placed beside a powered block, it primes at once
    put(game, (6, GROUND, 1), "redstone_block")
    put(game, (6, GROUND, 2), "tnt")
    assert name(game, (6, GROUND, 2)) == "air"
    assert len(game.survival.mechanics["tnt"].primed) == 2


def test_an_explosion_primes_tnt_nearby_with_a_short_fuse():
    game = survival_game()
    put(game, TNT, "tnt")
    put(game, (6, GROUND, 0), "tnt")
    assert tnt.ignite_tnt(game, TNT)
    first = game.survival.mechanics["tnt"].primed[0]
    game.run(80)
    (chained,) = game.survival.mechanics["tnt"].primed
    assert chained.id != first.id and name(game, (6, GROUND, 0)) == "air"
    assert 10 - 1 <= chained.fuse <= 29  # nextInt(20) + 10, minus any tick since
    events = game.run(chained.fuse)
    assert [e.kind for e in events].count("explosion") == 1


def test_tnt_in_water_breaks_no_blocks():
    game = survival_game()
    put(game, (TNT[0], GROUND - 1, TNT[2]), "water")
    before = {
        (x, y, z): game.world.get_block(x, y, z)
        for x in range(0, 11)
        for y in range(GROUND - 6, GROUND + 3)
        for z in range(-5, 6)
    }
    tnt.prime(game, (TNT[0], GROUND - 1, TNT[2]))
    game.teleport((-2.5, GROUND, 0.5), 0.0, 0.0)
    events = game.run(80)
    assert any(e.kind == "explosion" for e in events)
    after = {pos: game.world.get_block(*pos) for pos in before}
    assert after == before
    assert game.player.health < 20.0  # entities are still hurt


def test_the_tnt_explodes_rule_keeps_it_from_priming():
    game = survival_game()
    game.survival.rules["tnt_explodes"] = False
    put(game, TNT, "tnt")
    assert not tnt.ignite_tnt(game, TNT)
    assert name(game, TNT) == "tnt"


@pytest.mark.parametrize("seed", [1, 2])
def test_primed_tnt_hops_and_lands(seed):
    game = survival_game()
    game.survival.rng = np.random.default_rng(seed)
    t = tnt.prime(game, TNT)
    assert t is not None and t.vy == 0.2 and math.hypot(t.vx, t.vz) == pytest.approx(0.02)
    game.run(30)
    assert t.on_ground and t.y == pytest.approx(GROUND) and t.fuse == 50
    assert 0.1 < math.hypot(t.x - 4.5, t.z - 0.5) < 0.3  # the hop drifts ~0.2 block
