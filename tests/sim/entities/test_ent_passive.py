"""Animals: tempting with food, shearing and regrowing wool, eggs, panic, walking physics."""

from __future__ import annotations

import math

import pytest

from odyssey.sim.entities import EntityStore, PlayerView, hurt, shear, tick
from odyssey.sim.entities.arena import flat_arena


def run(store, world, players, ticks, time=6000):
    events = []
    for _ in range(ticks):
        events += tick(store, world, players, time, "peaceful", spawning=False)
    return events


def test_cow_follows_a_player_holding_wheat_and_stops_short():
    world = flat_arena(32)
    store = EntityStore(seed=1)
    cow = store.add("cow", (8.5, 64.0, 0.5))
    wheat = PlayerView(pos=(0.5, 64.0, 0.5), held_item="wheat")
    run(store, world, [wheat], 200)
    d = math.hypot(cow.x - 0.5, cow.z - 0.5)
    assert 1.5 < d < 3.0  # TemptGoal stops 2.5 blocks short
    far = EntityStore(seed=1)
    cow2 = far.add("cow", (8.5, 64.0, 0.5))
    run(far, world, [PlayerView(pos=(0.5, 64.0, 0.5), held_item="stone")], 200)
    assert math.hypot(cow2.x - 0.5, cow2.z - 0.5) > 3.0


def test_pigs_want_carrots_not_wheat_and_only_within_10_blocks():
    world = flat_arena(40)
    store = EntityStore(seed=2)
    pig = store.add("pig", (6.5, 64.0, 0.5))
    distant = store.add("pig", (-20.5, 64.0, 0.5))
    run(store, world, [PlayerView(pos=(0.5, 64.0, 0.5), held_item="carrot")], 150)
    assert math.hypot(pig.x - 0.5, pig.z - 0.5) < 3.0
    assert math.hypot(distant.x - 0.5, distant.z - 0.5) > 10.0


def test_walking_speed_matches_vanilla():
    world = flat_arena(64)
    store = EntityStore(seed=3)
    z = store.add("zombie", (0.5, 64.0, 0.5), on_ground=True)
    z.nav, z.nav_speed = (0.5, 64.0, 60.5), 1.0  # a stroll straight along +z
    zs = []
    for _ in range(40):
        tick(store, world, [], 18000, "normal", spawning=False)
        zs.append(z.z)
    # per tick: dv = speed × 0.98 (input) × speed × 0.21600002 / 0.6³, kept × 0.6 × 0.91
    step = 0.23 * 0.98 * 0.23 / (1 - 0.6 * 0.91)
    assert zs[-1] - zs[-2] == pytest.approx(step, rel=1e-3)  # 0.114 blocks/tick = 2.28 m/s
    assert z.x == pytest.approx(0.5) and z.y == 64.0


def test_shearing_gives_one_to_three_wool_of_its_colour_once():
    world = flat_arena(16)
    store = EntityStore(seed=4)
    counts = set()
    for _ in range(20):
        sheep = store.add("sheep", (0.5, 64.0, 0.5), color="pink")
        drops = shear(store, sheep.id)
        assert len(drops) == 1 and drops[0][0] == "pink_wool"
        counts.add(drops[0][1])
        assert sheep.sheared and shear(store, sheep.id) == []
    assert counts == {1, 2, 3}
    wool = [e for e in store.of_type("item") if e.item == "pink_wool"]
    assert len(wool) >= 20
    run(store, world, [], 1)


def test_sheared_sheep_eats_grass_turning_it_to_dirt_and_regrows_wool():
    world = flat_arena(16)
    store = EntityStore(seed=5)
    sheep = store.add("sheep", (0.5, 64.0, 0.5), no_ai=False, sheared=True)
    sheep.eat_ticks = 40  # the EatBlockGoal has just started
    events = run(store, world, [], 40)
    changed = [e for e in events if e.kind == "block_changed"]
    assert len(changed) == 1 and changed[0].block == (0, 63, 0)
    assert world.registry.block_of(world.get_block(0, 63, 0)).name == "dirt"
    assert not sheep.sheared


def test_sheep_eventually_decide_to_eat_on_their_own():
    world = flat_arena(24)
    store = EntityStore(seed=6)
    for i in range(6):
        store.add("sheep", (i * 3.5 - 9.0, 64.0, 0.5), sheared=True)
    events = run(store, world, [], 2500)
    assert any(e.kind == "block_changed" and e.source == "eat" for e in events)


def test_chicken_lays_an_egg_when_its_timer_runs_out():
    world = flat_arena(16)
    store = EntityStore(seed=7)
    chicken = store.add("chicken", (0.5, 64.0, 0.5), no_ai=False)
    assert 6000 <= chicken.egg_time < 12000
    chicken.egg_time = 3
    events = run(store, world, [], 5)
    eggs = [e for e in events if e.kind == "egg_laid"]
    assert len(eggs) == 1 and 6000 <= chicken.egg_time < 12000
    assert [e.item for e in store.of_type("item")] == ["egg"]


def test_chickens_fall_slowly_and_take_no_fall_damage():
    world = flat_arena(16)
    store = EntityStore(seed=8)
    chicken = store.add("chicken", (0.5, 80.0, 0.5), no_ai=True)
    cow = store.add("cow", (5.5, 80.0, 0.5), no_ai=True)
    events = run(store, world, [], 10)
    assert chicken.y > cow.y + 1.0
    events += run(store, world, [], 100)
    assert chicken.health == 4.0 and cow.health < 10.0
    assert any(e.kind == "entity_hurt" and e.source == "fall" for e in events)


def test_hurt_animals_panic_and_run():
    world = flat_arena(32)
    store = EntityStore(seed=9)
    cow = store.add("cow", (0.5, 64.0, 0.5))
    hurt(store, cow, 1.0, "test", [], attacker_pos=(0.5, 64.0, -1.0))
    run(store, world, [], 60)
    assert math.hypot(cow.x - 0.5, cow.z - 0.5) > 2.0 and cow.panic_ticks == 40


def test_animals_float_up_in_water():
    world = flat_arena(16)
    world.fill((-3, 60, -3), (4, 64, 4), "water")  # a pool 4 deep over the stone
    store = EntityStore(seed=10)
    cow = store.add("cow", (0.5, 60.0, 0.5))
    run(store, world, [], 100)
    assert cow.y > 62.0 and cow.in_water
