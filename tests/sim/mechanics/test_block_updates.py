"""The block-update framework of survival games: neighbour updates in order, scheduled ticks,
random ticks only in sections holding random-ticking blocks, snapshots keeping pending ticks."""

from __future__ import annotations

import pytest

from odyssey.sim import blockupdates, playground
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.game import Game
from odyssey.sim.mechanics import hooks, load

GROUND = 64
PROBE = "sponge"  # a block no mechanic of the engine registers


def survival_game() -> Game:
    return playground.survival_game(seed=3)


@pytest.fixture
def probe_hooks():
    load()
    assert PROBE not in hooks.NEIGHBOUR and PROBE not in hooks.RANDOM
    seen: dict[str, list] = {"neighbour": [], "placed": [], "removed": [], "random": [],
                             "scheduled": []}  # fmt: skip

    def neighbour(game, pos, state, source):
        seen["neighbour"].append((pos, source))

    def placed(game, pos, state, old):
        seen["placed"].append(pos)

    def removed(game, pos, old, state):
        seen["removed"].append(pos)

    def random_tick(game, pos, state, rng):
        seen["random"].append(pos)

    def scheduled(game, pos, state):
        seen["scheduled"].append((game.tick_count, pos))

    hooks.NEIGHBOUR[PROBE].append(neighbour)
    hooks.PLACED[PROBE].append(placed)
    hooks.REMOVED[PROBE].append(removed)
    hooks.RANDOM[PROBE].append(random_tick)
    hooks.SCHEDULED["probe"] = scheduled
    blockupdates._MASKS.clear()
    blockupdates._HANDLERS.clear()
    yield seen
    for table in (hooks.NEIGHBOUR, hooks.PLACED, hooks.REMOVED, hooks.RANDOM):
        table.pop(PROBE, None)
    hooks.SCHEDULED.pop("probe", None)
    blockupdates._MASKS.clear()
    blockupdates._HANDLERS.clear()


def test_a_change_updates_the_block_and_its_six_neighbours(probe_hooks):
    game = survival_game()
    reg = game.world.registry
    probe = reg.default_state(PROBE)
    game.set_block((2, GROUND, 2), probe)
    assert probe_hooks["placed"] == [(2, GROUND, 2)]
    assert probe_hooks["neighbour"] == [((2, GROUND, 2), (2, GROUND, 2))]
    game.set_block((3, GROUND, 2), reg.default_state("stone"))  # beside the probe
    assert probe_hooks["neighbour"][-1] == ((2, GROUND, 2), (3, GROUND, 2))
    game.set_block((2, GROUND, 2), reg.default_state("air"))
    assert probe_hooks["removed"] == [(2, GROUND, 2)]
    game.set_block((2, GROUND + 5, 2), probe, update=False)
    assert probe_hooks["placed"] == [(2, GROUND, 2)]  # no updates asked for


def test_scheduled_ticks_come_due_once_and_survive_snapshots(probe_hooks):
    game = survival_game()
    pos = (1, GROUND, 1)
    start = game.tick_count
    blockupdates.schedule(game, pos, 5, "probe")
    blockupdates.schedule(game, pos, 2, "probe")  # already pending there: kept as it was
    assert blockupdates.is_scheduled(game, pos, "probe")
    snap = game.snapshot()
    game.run(6)
    assert probe_hooks["scheduled"] == [(start + 5, pos)]
    game.restore(snap)
    game.run(6)
    assert probe_hooks["scheduled"] == [(start + 5, pos), (start + 5, pos)]


def test_random_ticks_visit_ticking_sections_at_the_vanilla_rate(probe_hooks):
    game = survival_game()
    reg = game.world.registry
    game.survival.rules["random_tick_speed"] = 3
    # one 16x16x16 section full of probes: 3 random positions a tick, all of them probes
    game.world.fill((16, 80, 16), (32, 96, 32), reg.default_state(PROBE))
    game.run(100)
    hits = probe_hooks["random"]
    assert len(hits) == 300
    assert all(16 <= x < 32 and 80 <= y < 96 and 16 <= z < 32 for x, y, z in hits)
    assert len(set(hits)) > 250  # spread over the section, not one position
    game.survival.rules["random_tick_speed"] = 0
    game.run(10)
    assert len(probe_hooks["random"]) == 300


def test_random_ticks_are_reproducible_for_a_seed(probe_hooks):
    runs = []
    for _ in range(2):
        probe_hooks["random"].clear()
        game = survival_game()
        game.world.fill((0, 70, 0), (16, 71, 16), game.world.registry.default_state(PROBE))
        game.run(200)
        runs.append(list(probe_hooks["random"]))
    assert runs[0] == runs[1] and runs[0]


def test_change_world_keeps_each_worlds_changes_for_snapshots():
    game = survival_game()
    other = flat_arena(8)
    stone = game.world.registry.default_state("stone")
    here = game.world
    snap = game.snapshot()
    game.set_block((3, GROUND, 3), stone)
    game.change_world(other, (0.5, GROUND, 0.5), 0.0, 0.0)
    assert game.world is other
    game.set_block((1, GROUND, 1), stone)
    game.restore(snap)
    assert game.world is here
    assert here.get_block(3, GROUND, 3) != stone
    assert other.get_block(1, GROUND, 1) != stone
