"""Mob movement through terrain: A* around walls, slabs (step 0.6), one-block jumps, climbing."""

from __future__ import annotations

from odyssey.sim.entities import EntityStore, PlayerView, tick
from odyssey.sim.entities.arena import flat_arena


def run(store, world, players, ticks, time=18000):
    events = []
    for _ in range(ticks):
        events += tick(store, world, players, time, "normal", spawning=False)
    return events


def hits(events):
    return [e for e in events if e.kind == "player_damage"]


def test_zombie_walks_around_a_wall_to_reach_the_player():
    world = flat_arena(32)
    world.fill((5, 64, -6), (6, 67, 7), "stone")  # a wall 3 high, 13 wide between them
    store = EntityStore(seed=1)
    z = store.add("zombie", (9.5, 64.0, 0.5))
    store.get(z.id).target = 0  # it heard the player (the wall blocks its view)
    p = PlayerView(pos=(0.5, 64.0, 0.5))
    assert hits(run(store, world, [p], 600))
    assert z.x < 5.0


def test_zombie_steps_onto_slabs_and_jumps_onto_a_block():
    world = flat_arena(32)
    world.fill((3, 64, -3), (5, 65, 4), "stone_slab[type=bottom]")
    world.fill((5, 64, -3), (9, 65, 4), "stone")
    store = EntityStore(seed=2)
    z = store.add("zombie", (-4.5, 64.0, 0.5))
    p = PlayerView(pos=(7.5, 65.0, 0.5))
    events = run(store, world, [p], 400)
    assert hits(events) and z.y == 65.0 and z.x > 4.0


def test_spider_climbs_a_wall():
    world = flat_arena(32)
    world.fill((3, 64, -8), (4, 68, 9), "stone")  # 4 high: too high to jump
    store = EntityStore(seed=3)
    s = store.add("spider", (0.5, 64.0, 0.5), yaw=-90.0)
    s.nav, s.nav_speed = (8.5, 64.0, 0.5), 1.0
    top = 0.0
    for _ in range(200):
        tick(store, world, [], 18000, "normal", spawning=False)
        top = max(top, s.y)
    assert top >= 67.0 and s.x > 3.0
