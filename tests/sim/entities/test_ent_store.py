"""The store: ids, queries, snapshots, and bit-for-bit replays from a seed."""

from __future__ import annotations

import pytest

from odyssey.sim.entities import EntityError, EntityStore, PlayerView, tick
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.kinds import kind

MIX = ("cow", "pig", "sheep", "chicken", "horse", "zombie", "skeleton", "spider", "creeper",
       "enderman")  # fmt: skip


def populated(seed: int) -> EntityStore:
    store = EntityStore(seed=seed)
    for i, name in enumerate(MIX * 2):
        store.add(name, (-12.5 + i * 1.3, 64.0, 6.5 + (i % 4)))
    return store


def trace(store: EntityStore, world, ticks: int) -> list:
    p = PlayerView(pos=(0.5, 64.0, 0.5), held_item="wheat")
    for _ in range(ticks):
        tick(store, world, [p], 18000, "normal")
    return [(e.id, e.type, e.x, e.y, e.z, e.vx, e.vy, e.vz, e.health) for e in store]


def test_same_seed_replays_bit_for_bit():
    world_a, world_b = flat_arena(40), flat_arena(40)
    a = trace(populated(11), world_a, 300)
    b = trace(populated(11), world_b, 300)
    assert a == b
    assert a != trace(populated(12), flat_arena(40), 300)


def test_snapshot_restore_replays_identically():
    world = flat_arena(40)
    store = populated(7)
    trace(store, world, 50)
    snap = store.snapshot()
    blocks = world.get_box((-40, 56, -40), (40, 70, 40)).copy()
    first = trace(store, world, 100)
    store.restore(snap)
    world.set_box((-40, 56, -40), blocks)
    assert trace(store, world, 100) == first


def test_ids_grow_and_queries_work():
    store = EntityStore()
    a = store.add("cow", (0.0, 64.0, 0.0))
    b = store.add("zombie", (10.0, 64.0, 0.0))
    store.remove(a.id)
    c = store.add("cow", (1.0, 64.0, 1.0))
    assert (a.id, b.id, c.id) == (1, 2, 3)
    assert [e.id for e in store] == [2, 3]
    assert store.of_type("cow") == [c]
    assert store.near((0.0, 64.0, 0.0), 2.0) == [c]
    assert store.in_box((5.0, 60.0, -1.0), (11.0, 70.0, 1.0)) == [b]
    assert c.max_health == 10.0 and b.health == 20.0
    ghast = store.add("ghast", (0.0, 64.0, 0.0))  # a vanilla type without behaviour here
    assert not kind("ghast").simulated and ghast.max_health == 10.0
    with pytest.raises(EntityError, match="unknown entity type 'dragonfly'"):
        store.add("dragonfly", (0.0, 64.0, 0.0))
    with pytest.raises(EntityError, match="no entity with id 1"):
        store.get(1)


def test_bad_difficulty_is_named():
    with pytest.raises(EntityError, match="difficulty 'nightmare'"):
        tick(EntityStore(), flat_arena(8), [], 0, "nightmare")


def test_far_apart_players_each_get_their_mobs_and_distant_entities_wait():
    world = flat_arena(16)
    world.fill((984, 60, -16), (1016, 64, 16), "stone")  # a second patch 1000 blocks east
    store = EntityStore(seed=4)
    store.add("zombie", (6.5, 64.0, 0.5))
    store.add("zombie", (1006.5, 64.0, 0.5))
    idle = store.add("cow", (500.5, 64.0, 0.5), on_ground=True)  # 500 from both: not ticked
    players = [PlayerView(pos=(0.5, 64.0, 0.5)), PlayerView(pos=(1000.5, 64.0, 0.5))]
    events = []
    for _ in range(300):
        events += tick(store, world, players, 18000, "normal", spawning=False)
    hit = {e.player for e in events if e.kind == "player_damage"}
    assert hit == {0, 1}
    assert (idle.x, idle.y, idle.age) == (500.5, 64.0, 0)
