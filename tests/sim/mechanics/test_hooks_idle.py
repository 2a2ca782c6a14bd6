"""The player-tick hooks' cheaper paths: block scans read names from a table (the same names as
``block_of``), and the hooks with nothing to do return before the work they would skip."""

from __future__ import annotations

import math

import pytest

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.mechanics import burning, load, mob_events, portal_travel, xp_orbs
from odyssey.sim.mechanics.flammability import tables
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival

GROUND = 64


def game_on_flat() -> Game:
    world = flat_arena(16)
    game = Game(world, PlayerState(pos=(0.5, GROUND, 0.5), on_ground=True),
                GameRules(adventure=False, peaceful=False))  # fmt: skip
    game.survival = Survival(difficulty="normal", seed=2)
    game.survival.entities = EntityStore(2)
    game.survival.rules["do_mob_spawning"] = False
    load()
    return game


def _touching_by_block_of(game: Game, box: tuple[float, ...]) -> tuple[str | None, bool]:
    """``burning.touching`` as first written: nested ranges and ``block_of`` names."""
    world, eps = game.world, 1.0e-5
    x0, y0, z0, x1, y1, z1 = box
    fire, lava = None, False
    for by in range(math.floor(y0 + eps), math.floor(y1 - eps) + 1):
        for bz in range(math.floor(z0 + eps), math.floor(z1 - eps) + 1):
            for bx in range(math.floor(x0 + eps), math.floor(x1 - eps) + 1):
                name = world.registry.block_of(world.get_block(bx, by, bz)).name
                if name in burning.FIRE_DAMAGE and fire is None:
                    fire = name
                lava = lava or name == "lava"
    return fire, lava


def test_the_name_table_is_block_of() -> None:
    reg = flat_arena(4).registry
    names = tables(reg).names
    assert len(names) == reg.state_count
    assert all(names[s] == reg.block_of(s).name for s in range(reg.state_count))


def test_touching_matches_the_nested_scan() -> None:
    game = game_on_flat()
    game.world.set_block(2, GROUND, 2, "fire")
    game.world.set_block(3, GROUND, 2, "soul_fire")
    game.world.set_block(2, GROUND + 1, 3, "lava")
    boxes = [(1.7, GROUND, 1.7, 2.3, GROUND + 1.8, 2.3),
             (2.2, GROUND, 1.5, 3.6, GROUND + 1.8, 3.5),
             (3.2, GROUND, 2.2, 3.8, GROUND + 1.8, 2.8),
             (1.5, GROUND + 1, 2.5, 2.5, GROUND + 2, 3.5),
             (0.2, GROUND, 0.2, 0.8, GROUND + 1.8, 0.8),
             (2.0, GROUND, 2.0, 2.0 + 1e-6, GROUND + 1e-6, 2.0 + 1e-6),  # thinner than 2 eps
             (-3.1, GROUND - 2, -3.1, 3.1, GROUND + 2, 3.1)]  # fmt: skip
    seen = set()
    for box in boxes:
        got = burning.touching(game, box)
        assert got == _touching_by_block_of(game, box)
        seen.add(got)
    assert {
        ("fire", False),
        ("soul_fire", False),
        ("fire", True),
        (None, True),
        (None, False),
    } <= seen


@pytest.mark.parametrize("block", ["nether_portal", "end_portal", "stone"])
def test_touched_portal_finds_the_block(block: str) -> None:
    game = game_on_flat()
    game.world.set_block(0, GROUND, 0, "air")
    game.world.set_block(0, GROUND - 1 if block == "end_portal" else GROUND, 0, block)
    if block == "end_portal":
        game.player = PlayerState(pos=(0.5, GROUND - 0.5, 0.5))
    found = portal_travel.touched_portal(game)
    if block == "stone":
        assert found is None
    else:
        assert found is not None and found[0] == block


def test_mob_events_skips_slimes_and_piglins_with_no_mob(monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_on_flat()
    called: list[str] = []
    monkeypatch.setattr(mob_events, "slimes", lambda g, st: called.append("slimes"))
    monkeypatch.setattr(mob_events, "piglins", lambda g, st: called.append("piglins"))
    phantoms = []
    monkeypatch.setattr(mob_events, "phantoms", lambda g, st: phantoms.append(1))
    mob_events.tick(game, game.player)
    assert called == [] and phantoms == [1]  # the phantom timer still runs
    game.survival.entities.add("cow", (3.5, GROUND, 3.5))
    mob_events.tick(game, game.player)
    assert called == ["slimes", "piglins"] and phantoms == [1, 1]


def test_empty_xp_record_stays_empty() -> None:
    game = game_on_flat()
    store = game.survival.entities
    xp_orbs.drop_for_deaths(game)
    assert xp_orbs._seen.get(store, {}) == {}
    cow = store.add("cow", (3.5, GROUND, 3.5))
    xp_orbs.drop_for_deaths(game)
    assert xp_orbs._seen[store] == {cow.id: cow}
