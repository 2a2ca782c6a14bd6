"""The survival tick's shortcuts for nothing to do (no entities, the attack key up, no effects,
a still player, empty mechanic states) are taken, and give the game the full paths give."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import numpy as np
import pytest

from odyssey.sim import actions, effects, mining
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.motion import EntityWindow
from odyssey.sim.entities.state import EntityStore, PlayerView
from odyssey.sim.entities.tick import idle_tick, simulation_for
from odyssey.sim.entities.tick import tick as tick_entities
from odyssey.sim.food import FoodData
from odyssey.sim.game import Game, GameRules
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import creatures, load, mob_events
from odyssey.sim.player import InputState, PlayerAttributes, PlayerState
from odyssey.sim.stats import Stats
from odyssey.sim.survival import Survival

GROUND = 64
_ID = re.compile(r"\d{9,}")  # object ids (worlds) in the mechanics' states differ between games


class Truthy(dict):
    """An empty-acting dict that says it is not empty: defeats ``if not d`` shortcuts while
    every loop over it still finds nothing (the full path, doing what the shortcut skips)."""

    def __bool__(self) -> bool:
        return True


def survival_game(mobs: bool) -> Game:
    world = flat_arena(24)
    world.set_block(0, GROUND, 2, "oak_pressure_plate")
    game = Game(world, PlayerState(pos=(0.5, GROUND, 0.5), on_ground=True),
                GameRules(adventure=False, peaceful=False))  # fmt: skip
    game.survival = Survival(difficulty="normal", seed=3)
    game.survival.entities = EntityStore(3)
    game.survival.rules["do_mob_spawning"] = False
    game.survival.inventory.set(0, ItemStack.of("bread", 4))
    if mobs:
        game.survival.entities.add("cow", (3.5, GROUND, 6.5))
        game.survival.entities.add("zombie", (-6.5, GROUND, -6.5))
    return game


def play(game: Game) -> list[str]:
    """A scripted minute of keys (walk onto a plate, jump, stand, dig, a speed effect) and a
    fingerprint of the whole game after every tick."""
    script = [(8, InputState(forward=True)), (6, InputState(jump=True)), (20, InputState()),
              (30, InputState(attack=True)), (5, InputState()),
              (10, InputState(back=True))]  # fmt: skip
    out = []
    game.look(0.0, 80.0)  # at the ground just ahead: digging finds a block
    for ticks, keys in script:
        game.hold(keys)
        for n in range(ticks):
            if keys.jump and n == 3:
                game.survival.effects["speed"] = (12, 0)
            game.tick()
            out.append(fingerprint(game))
    return out


def fingerprint(game: Game) -> str:
    s = game.survival
    ents = sorted((e.id, e.type, e.x, e.y, e.z, e.vx, e.vy, e.vz, e.health, e.dead)
                  for e in s.entities.entities.values())  # fmt: skip
    return repr((
        game.player.to_array().tolist(), game.player.attributes,
        [(e.tick, e.kind, e.value, e.pos, e.detail) for e in game.events],
        {c: dict(row) for c, row in s.stats.values.items()}, s.food, s.breaking, s.effects,
        s.rng.bit_generator.state, s.entities.tick_count, ents, repr(s.entities.dice.state()),
        [s.inventory.get(i) for i in range(41)], sorted(game._plates),
        sorted((k, _ID.sub("id", repr(v))) for k, v in s.mechanics.items()),
    ))  # fmt: skip


def _full_paths(monkeypatch: pytest.MonkeyPatch, game: Game) -> None:
    """Switch the shortcuts off: each full path runs instead."""
    monkeypatch.setattr(actions, "idle", lambda state, attack, mode: False)
    monkeypatch.setattr(mining, "stopped", lambda state: False)
    monkeypatch.setattr(effects, "plain", lambda a: a == effects.attributes({}, a))
    monkeypatch.setattr(actions, "idle_tick", lambda store, world, pos, spawning: False)
    monkeypatch.setattr(Stats, "add_custom",
                        lambda self, keys: [self.add("custom", key) for key in keys])  # fmt: skip
    load()
    s = game.survival
    s.entities.entities = Truthy(s.entities.entities)
    st = creatures.state_of(game)
    st.animals, st.passengers, st.knots = Truthy(), Truthy(), Truthy()
    events = mob_events.state_of(game)
    events.slimes, events.barters = Truthy(), Truthy()


@pytest.mark.parametrize("mobs", [False, True])
def test_shortcuts_give_the_full_paths_game(monkeypatch: pytest.MonkeyPatch, mobs: bool) -> None:
    fast = play(survival_game(mobs))
    with monkeypatch.context() as m:
        game = survival_game(mobs)
        _full_paths(m, game)
        full = play(game)
    assert fast == full
    assert any("plate_pressed" in f for f in fast)  # the walk reached the plate
    assert "block_broken" in fast[-1]  # the digging broke a block
    assert "'jump'" in fast[-1]  # a jump was counted


def test_the_empty_store_skips_the_entity_tick(monkeypatch: pytest.MonkeyPatch) -> None:
    game = survival_game(mobs=False)
    calls = []
    real = tick_entities
    monkeypatch.setattr(
        actions, "tick_entities", lambda *a, **kw: calls.append(1) or real(*a, **kw)
    )
    game.run(5)
    assert calls == [] and game.survival.entities.tick_count == 5
    game.survival.rules["do_mob_spawning"] = True  # spawning: the full tick runs
    game.run(2)
    assert len(calls) == 2 and game.survival.entities.tick_count == 7
    game.survival.rules["do_mob_spawning"] = False
    game.survival.entities.add("cow", (3.5, GROUND, 3.5))  # an entity: the full tick runs
    game.run(2)
    assert len(calls) == 4


def test_idle_tick_is_the_full_tick_of_an_empty_store() -> None:
    world = flat_arena(40)
    a, b = EntityStore(1), EntityStore(1)
    here = (0.5, float(GROUND), 0.5)
    assert not idle_tick(a, world, here, spawning=True)  # spawning: not idle
    for pos in (here, (0.7, float(GROUND), 0.4), (30.5, float(GROUND), -20.5)):
        world.set_block(int(pos[0]) + 2, GROUND, int(pos[2]), "stone")  # a change to patch in
        assert idle_tick(a, world, pos, spawning=False)
        view = PlayerView(pos=pos, eye_height=1.62, yaw=0.0, pitch=0.0, health=20.0)
        assert tick_entities(b, world, [view], 6000, "normal", spawning=False) == []
        assert (a.tick_count, a.entities) == (b.tick_count, b.entities)
        assert repr(a.dice.state()) == repr(b.dice.state())
        # the block window followed the player as the full tick fits it
        wa, wb = simulation_for(a, world).window_for(0), simulation_for(b, world).window_for(0)
        assert np.array_equal(wa.origin, wb.origin) and wa.revision == wb.revision
        assert np.array_equal(wa.states, wb.states)
    a.add("cow", (0.5, GROUND, 0.5))
    assert not idle_tick(a, world, here, spawning=False)


def test_entity_window_bounds_follow_the_window() -> None:
    world = flat_arena(40)
    w = EntityWindow(world)
    assert w._inner is None
    for lo, hi in (((0.5, 64.0, 0.5), (0.5, 67.0, 0.5)), ((30.0, 70.0, -20.0), (35.0, 90.0, 5.0)),
                   ((30.5, 64.0, -20.5), (30.5, 67.0, -20.5))):  # fmt: skip
        w.cover(lo, hi)
        o, (sy, sz, sx), e = w.origin.tolist(), w.states.shape, w.EDGE
        assert w._o == tuple(o[:3])
        assert w._inner == (o[0] + e, o[0] + sx - e, o[1] + e, o[1] + sy - e, o[2] + e,
                            o[2] + sz - e)  # fmt: skip
        read = w.states
        world.set_block(int(lo[0]), GROUND + 1, int(lo[2]), "stone")
        world.set_box((int(lo[0]) + 1, GROUND + 1, int(lo[2])), np.full((2, 2, 2), 1))
        w.cover(lo, hi)  # inside: patched in place, one block and a box
        assert w.states is read and w.revision == world.revision
        fresh = world.get_box(tuple(o[:3]), (o[0] + sx, o[1] + sy, o[2] + sz))
        assert np.array_equal(w.states, fresh)


def test_plain_attributes_match_the_built_copy() -> None:
    base = PlayerAttributes()
    cases = [base, replace(base, scale=2.0), replace(base, movement_speed=0.13),
             replace(base, jump_strength=0.52), effects.attributes({"speed": (10, 1)}, base),
             replace(base, movement_speed=math.nan), replace(base, gravity=math.nan)]  # fmt: skip
    for a in cases:
        assert effects.plain(a) == (a == effects.attributes({}, a))
    assert effects.plain(base) and not effects.plain(cases[2])


def test_stopping_a_stopped_break_keeps_the_state() -> None:
    stopped = mining.BreakingState(pos=(1, 2, 3), held="stone", delay=3)
    assert mining.stopped(stopped) and mining._stop(stopped) is stopped
    for state in (replace(stopped, destroying=True), replace(stopped, progress=0.5),
                  replace(stopped, progress=-0.0), replace(stopped, ticks=2),
                  replace(stopped, ticks=0.0), replace(stopped, destroying=0)):  # fmt: skip
        assert not mining.stopped(state)
        after = mining._stop(state)
        assert after == replace(state, destroying=False, progress=0.0, ticks=0)
        assert math.copysign(1.0, after.progress) == 1.0
    assert mining.idle(stopped, attack=False, mode="survival")
    assert not mining.idle(stopped, attack=True, mode="survival")
    assert not mining.idle(stopped, attack=False, mode="hardcore")  # tick_breaking raises there


def test_food_tick_keeps_a_zero_timer() -> None:
    for data in (FoodData(), FoodData(food_level=17, exhaustion=4.5), FoodData(tick_timer=5)):
        got, heal, hurt = data.tick(20.0, 20.0, "normal")
        assert got == replace(got, tick_timer=0) and type(got.tick_timer) is int
        assert (heal, hurt) == (0.0, 0.0)
    same = FoodData(food_level=15)
    assert same.tick(20.0, 20.0, "easy")[0] is same


def test_add_custom_is_add() -> None:
    a, b = Stats(), Stats()
    a.add_custom(("play_time", "jump", "play_time"))
    for key in ("play_time", "jump", "play_time"):
        b.add("custom", key)
    assert a.values == b.values and list(a.values["custom"]) == list(b.values["custom"])


def test_touched_cells_match_numpy_floor() -> None:
    game = survival_game(mobs=False)
    for x, y, z, scale in ((0.5, 64.0, 0.5, 1.0), (-0.3, 63.99, 2.7, 1.0), (5.0, -0.5, -5.0, 3.0),
                           (-7.25, 70.0, 0.3, 0.0625)):  # fmt: skip
        game.player = replace(game.player, attributes=PlayerAttributes(scale=scale))
        half = 0.3 * scale
        want = [(bx, int(np.floor(y)), bz)
                for bx in range(int(np.floor(x - half)), int(np.floor(x + half)) + 1)
                for bz in range(int(np.floor(z - half)), int(np.floor(z + half)) + 1)]  # fmt: skip
        assert game._touched_cells(x, y, z) == want
