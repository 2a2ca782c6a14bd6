"""Item entities: drop velocities and delays, falling, merging, pickup, despawn."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.sim.entities import (
    EntityStore,
    PlayerView,
    drop_from_block,
    drop_from_player,
    spawn_item,
    tick,
)
from odyssey.sim.entities.arena import flat_arena

DRAG = float(np.float32(0.98))  # vanilla's 0.98F, widened


@pytest.fixture(scope="module")
def arena():
    return flat_arena(24)


def run(store, world, players, ticks):
    events = []
    for _ in range(ticks):
        events += tick(store, world, players, 6000, "peaceful", spawning=False)
    return events


def test_block_drop_starts_near_the_block_centre_with_vanilla_velocity():
    store = EntityStore(seed=1)
    for _ in range(50):
        e = drop_from_block(store, "dirt", 1, (3, 64, 7))
        assert 3.25 <= e.x <= 3.75 and 7.25 <= e.z <= 7.75
        assert 64.125 <= e.y <= 64.625
        assert -0.1 <= e.vx <= 0.1 and -0.1 <= e.vz <= 0.1 and e.vy == 0.2
        assert e.pickup_delay == 10


def test_player_drop_is_thrown_along_the_view_with_delay_40():
    store = EntityStore(seed=1)
    p = PlayerView(pos=(0.0, 64.0, 0.0), yaw=90.0, pitch=0.0)  # facing −x (west)
    e = drop_from_player(store, "stone", 3, p)
    assert e.pickup_delay == 40 and e.count == 3
    assert e.y == pytest.approx(64.0 + 1.62 - 0.3)
    assert e.vx == pytest.approx(-0.3, abs=0.021) and abs(e.vz) <= 0.021
    assert 0.0 <= e.vy <= 0.2


def test_a_dropped_item_falls_with_gravity_004_and_drag_098(arena):
    store = EntityStore(seed=2)
    e = spawn_item(store, "stone", 1, (0.5, 70.0, 0.5))
    e.vx = e.vy = e.vz = 0.0
    y, vy = 70.0, 0.0
    for _ in range(5):
        run(store, arena, [], 1)
        vy -= 0.04
        y += vy
        vy *= DRAG
        assert e.y == pytest.approx(y, abs=1e-9) and e.vy == pytest.approx(vy, abs=1e-9)
    run(store, arena, [], 60)
    assert e.y == pytest.approx(64.0) and e.on_ground


def test_equal_stacks_merge_and_unequal_ones_do_not(arena):
    store = EntityStore(seed=3)
    a = spawn_item(store, "dirt", 10, (0.5, 64.0, 0.5))
    b = spawn_item(store, "dirt", 20, (0.9, 64.0, 0.5))
    c = spawn_item(store, "stone", 5, (0.7, 64.0, 0.7))
    d = spawn_item(store, "dirt", 5, (0.6, 64.0, 0.6), components={"custom_name": "x"})
    for e in (a, b, c, d):
        e.vx = e.vy = e.vz = 0.0
    run(store, arena, [], 45)
    dirt = [e for e in store.of_type("item") if e.item == "dirt" and not e.components]
    assert len(dirt) == 1 and dirt[0].count == 30
    assert dirt[0].id == b.id  # the bigger stack absorbs the smaller
    assert c.id in store and d.id in store


def test_full_stacks_do_not_merge(arena):
    store = EntityStore(seed=3)
    a = spawn_item(store, "dirt", 40, (0.5, 64.0, 0.5))
    b = spawn_item(store, "dirt", 30, (0.6, 64.0, 0.5))
    for e in (a, b):
        e.vx = e.vy = e.vz = 0.0
    run(store, arena, [], 45)
    assert a.id in store and b.id in store


def test_pickup_waits_for_the_delay_and_takes_what_fits(arena):
    store = EntityStore(seed=4)
    got: list = []

    def pickup(item, count, components):
        take = min(count, 5)
        got.append((item, take))
        return take

    p = PlayerView(pos=(0.5, 64.0, 0.5), pickup=pickup)
    e = spawn_item(store, "apple", 8, (1.8, 64.0, 0.5), delay=40)
    e.vx = e.vy = e.vz = 0.0
    events = run(store, arena, [p], 39)
    assert got == [] and not events
    events = run(store, arena, [p], 1)  # the 40th tick: the delay is over
    assert got == [("apple", 5)] and e.count == 3
    assert [(x.kind, x.count) for x in events] == [("item_picked_up", 5)]
    run(store, arena, [p], 1)
    assert e.id not in store and got[-1] == ("apple", 3)


def test_items_out_of_reach_stay_and_despawn_at_6000(arena):
    store = EntityStore(seed=5)
    p = PlayerView(pos=(0.5, 64.0, 0.5), pickup=lambda i, c, comp: c)
    e = spawn_item(store, "apple", 1, (3.0, 64.0, 0.5))  # 2.5 away: beyond 0.3 + 1 + 0.125
    e.vx = e.vy = e.vz = 0.0
    e.age = 5990
    run(store, arena, [p], 9)
    assert e.id in store
    events = run(store, arena, [p], 1)
    assert e.id not in store and events[-1].kind == "despawned"
