"""The tick's fast paths give what the plain reading gives: random ticks against a loop that
reads every drawn block afresh, the dust handler's remembered world and tables across games
used in turn, and the player's fire ticks kept in step with the kernel state."""

from __future__ import annotations

import gc

import numpy as np

from odyssey.sim import blockupdates, playground
from odyssey.sim import layout as k
from odyssey.sim.game import Game
from odyssey.sim.mechanics.power import SURVIVAL_WORLDS
from odyssey.sim.player import InputState

GROUND = 64
Pos = tuple[int, int, int]


def put(game: Game, pos: Pos, spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def farm_game() -> Game:
    """Wheat on farmland around water and a lava pool (its random ticks read blocks
    beside it): crops grow by random ticks, changing their section between draws."""
    game = playground.survival_game(seed=11)
    game.survival.rules["random_tick_speed"] = 1000  # many draws per section, many growths
    for x in range(-6, 3):
        for z in range(-4, 5):
            if (x, z) == (-2, 0):
                put(game, (x, GROUND - 1, z), "water")
            else:
                put(game, (x, GROUND - 1, z), "farmland[moisture=7]")
                put(game, (x, GROUND, z), "wheat[age=0]")
    put(game, (6, GROUND - 1, 6), "lava")
    return game


def plain_random_ticks(game: Game) -> None:
    """Random ticks read the plain way: each drawn block through ``World.get_block`` when its
    turn comes, with the same sections, draws and handlers as ``blockupdates``."""
    speed = int(game.survival.rules.get("random_tick_speed", 3))
    u = game.survival.block_updates
    world = game.world
    blockupdates._refresh_sections(game, u)
    px, _, pz = game.player.pos
    area = blockupdates._ticking_area(world, u, int(np.floor(px)) >> 4, int(np.floor(pz)) >> 4)
    rng = game.survival.rng
    draws = rng.integers(0, 4096, len(area) * speed).tolist()
    by_state = blockupdates._random_handlers(world.registry)
    for n, (cx, sy, cz) in enumerate(area):
        for i in draws[n * speed : (n + 1) * speed]:
            pos = ((cx << 4) | (i & 15), (sy << 4) | (i >> 8), (cz << 4) | ((i >> 4) & 15))
            state = world.get_block(*pos)
            for fn in by_state[state]:
                fn(game, pos, state, rng)
    blockupdates.flush(game)


def test_random_ticks_match_reading_every_drawn_block_afresh():
    fast, plain = farm_game(), farm_game()
    box = ((-7, GROUND - 1, -5), (8, GROUND + 1, 8))
    assert np.array_equal(fast.world.get_box(*box), plain.world.get_box(*box))
    start = fast.world.revision
    for _ in range(20):
        blockupdates._random_ticks(fast)
        plain_random_ticks(plain)
    ages = fast.world.get_box(*box)
    assert np.array_equal(ages, plain.world.get_box(*box))
    assert fast.survival.rng.bit_generator.state == plain.survival.rng.bit_generator.state
    wheat = fast.world.registry.state("wheat[age=0]")
    assert int((ages == wheat).sum()) < 50  # crops grew: the handlers ran
    assert fast.world.revision - start > 40  # (often within a section between its draws)


def dust_line(game: Game) -> None:
    put(game, (2, GROUND, 0), "lever[face=floor,facing=east]")
    for x in range(3, 9):
        put(game, (x, GROUND, 0), "redstone_wire")


def powers(game: Game) -> list[int]:
    reg = game.world.registry
    return [int(reg.properties(game.world.get_block(x, GROUND, 0))["power"]) for x in range(3, 9)]


def test_dust_of_two_games_used_in_turn_and_of_a_new_game_gets_its_own_power():
    a, b = playground.survival_game(seed=1), playground.survival_game(seed=2)
    dust_line(a)
    dust_line(b)
    for game, on in ((a, True), (b, True), (a, False), (b, False), (a, True)):
        game.use((2, GROUND, 0))
        game.tick()
        assert powers(game) == (list(range(15, 9, -1)) if on else [0] * 6)
        assert game.world in SURVIVAL_WORLDS
    assert powers(b) == [0] * 6
    del b
    gc.collect()  # the remembered world may go: a new game is marked and powered afresh
    c = playground.survival_game(seed=3)
    dust_line(c)
    c.use((2, GROUND, 0))
    assert powers(c) == list(range(15, 9, -1)) and c.world in SURVIVAL_WORLDS
    assert powers(a) == list(range(15, 9, -1))


def test_fire_ticks_follow_the_kernel_state_in_and_out_of_fire():
    game = playground.survival_game(seed=7)
    reg = game.world.registry
    game.set_block((0, GROUND - 1, 2), reg.default_state("netherrack"))
    game.set_block((0, GROUND, 2), reg.default_state("fire"))
    seen = []
    for t in range(60):
        if t == 10:
            game.teleport((0.5, GROUND, 2.5), 0.0, 0.0)  # into the fire
        if t == 30:
            game.hold(InputState(forward=True))  # walk out, burning
        if t == 40:
            game.hold(InputState())
        game.tick()
        ticks = game.survival.mechanics["burning"].fire_ticks
        assert ticks == int(game.player.to_array()[k.S_FIRE])
        seen.append(ticks)
    assert seen[:10] == [-20] * 10  # never touched fire: a player's immune ticks
    assert max(seen[10:30]) >= 160  # alight in the fire
    assert game.player.pos[2] > 4.0 and seen[40] > seen[59] > 0  # burning down outside it
