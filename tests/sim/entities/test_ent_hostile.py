"""Hostile mobs on a flat arena: zombies, skeletons and arrows, creepers, endermen, sunburn."""

from __future__ import annotations

import math

import pytest

from odyssey.sim.entities import EntityStore, PlayerView, tick
from odyssey.sim.entities.arena import flat_arena, roof
from odyssey.sim.entities.projectiles import ARROW_GRAVITY

NOON, MIDNIGHT = 6000, 18000


def run(store, world, players, ticks, time=MIDNIGHT, difficulty="normal"):
    events = []
    for _ in range(ticks):
        events += tick(store, world, players, time, difficulty, spawning=False)
    return events


def damage_to_player(events, source=None):
    return [e for e in events if e.kind == "player_damage" and source in (None, e.source)]


def test_zombie_walks_to_a_standing_player_and_hits_every_20_ticks():
    world = flat_arena(32)
    store = EntityStore(seed=1)
    z = store.add("zombie", (10.5, 64.0, 0.5))
    p = PlayerView(pos=(0.5, 64.0, 0.5))
    events = run(store, world, [p], 400)
    hits = damage_to_player(events, "mob_attack")
    assert len(hits) >= 5
    assert all(h.amount == 3.0 and h.player == 0 for h in hits)  # normal difficulty
    assert hits[0].knockback[0] == 0.4 and hits[0].knockback[1] > 0  # from the east
    assert abs(z.x - 0.5) < 2.0
    ticks = [i for i, e in enumerate(events) if e.kind == "player_damage"]
    assert len(ticks) == len(hits)
    hard = run(store, world, [p], 60, difficulty="hard")
    assert {h.amount for h in damage_to_player(hard)} == {4.5}


def test_zombie_ignores_creative_players():
    world = flat_arena(16)
    store = EntityStore(seed=1)
    store.add("zombie", (4.5, 64.0, 0.5))
    p = PlayerView(pos=(0.5, 64.0, 0.5), gamemode="creative")
    assert damage_to_player(run(store, world, [p], 200)) == []


def test_zombie_burns_at_noon_under_the_sky_but_not_under_a_roof():
    world = flat_arena(32)
    roof(world, (-20, -20), (-10, -10))
    store = EntityStore(seed=2)
    open_sky = store.add("zombie", (15.5, 64.0, 15.5), no_ai=True)
    covered = store.add("zombie", (-15.5, 64.0, -15.5), no_ai=True)
    far = PlayerView(pos=(0.5, 64.0, 0.5), gamemode="creative")
    events = run(store, world, [far], 300, time=NOON)
    burned = {e.entity for e in events if e.kind == "entity_hurt" and e.source == "on_fire"}
    assert open_sky.id in burned and covered.id not in burned
    assert covered.health == 20.0 and open_sky.health < 20.0
    night = EntityStore(seed=2)
    z = night.add("zombie", (15.5, 64.0, 15.5), no_ai=True)
    run(night, world, [far], 300, time=MIDNIGHT)
    assert z.health == 20.0 and z.fire_ticks == 0


def test_skeleton_shoots_a_target_10_blocks_away_and_sometimes_hits():
    world = flat_arena(32)
    store = EntityStore(seed=3)
    store.add("skeleton", (10.5, 64.0, 0.5))
    p = PlayerView(pos=(0.5, 64.0, 0.5))
    events = run(store, world, [p], 800)
    shots = [e for e in events if e.kind == "arrow_shot"]
    hits = damage_to_player(events, "arrow")
    assert len(shots) >= 8
    assert 1 <= len(hits) <= len(shots)
    assert all(h.amount in (2.0, 3.0, 4.0, 5.0) for h in hits)  # ceil(1.6-ish × ~2.2)


def test_arrow_follows_the_ballistic_formula():
    world = flat_arena(64)
    store = EntityStore(seed=4)
    a = store.add("arrow", (0.5, 80.0, 0.5), vx=1.6, vy=0.3, vz=0.0)
    x, y, vx, vy = 0.5, 80.0, 1.6, 0.3
    for _ in range(15):
        run(store, world, [], 1)
        x, y = x + vx, y + vy
        vx, vy = vx * 0.99, vy * 0.99 - ARROW_GRAVITY
        assert (a.x, a.y) == pytest.approx((x, y), abs=1e-9)
        assert (a.vx, a.vy) == pytest.approx((vx, vy), abs=1e-9)
    run(store, world, [], 60)
    assert a.in_ground and a.vx == 0.0 and 64.0 <= a.y < 64.2


def test_creeper_swells_explodes_hurts_and_breaks_blocks():
    world = flat_arena(32)
    store = EntityStore(seed=5)
    c = store.add("creeper", (6.5, 64.0, 0.5))
    cow = store.add("cow", (2.5, 64.0, 3.5), no_ai=True)
    p = PlayerView(pos=(0.5, 64.0, 0.5))
    events = run(store, world, [p], 200)
    kinds = [e.kind for e in events]
    assert "explosion" in kinds and c.id not in store
    blast = damage_to_player(events, "explosion")
    assert len(blast) == 1 and blast[0].amount > 5.0 and blast[0].impulse is not None
    assert any(e.kind == "entity_hurt" and e.entity == cow.id for e in events)
    broken = [e.block for e in events if e.kind == "block_changed"]
    assert broken and all(world.get_block(*b) == 0 for b in broken)


def test_creeper_defuses_when_the_player_leaves():
    world = flat_arena(32)
    store = EntityStore(seed=6)
    c = store.add("creeper", (2.5, 64.0, 0.5))
    p = PlayerView(pos=(0.5, 64.0, 0.5))
    for _ in range(100):  # wait until it starts to swell
        tick(store, world, [p], MIDNIGHT, "normal", spawning=False)
        if c.swell > 5:
            break
    assert 5 < c.swell < 30
    away = PlayerView(pos=(25.5, 64.0, 0.5))
    run(store, world, [away], 10)
    assert c.swell_dir == -1 and c.id in store


def stare_at(mob_pos, eye_y, player_pos):
    dx, dz = mob_pos[0] - player_pos[0], mob_pos[2] - player_pos[2]
    dy = eye_y - (player_pos[1] + 1.62)
    yaw = math.degrees(math.atan2(-dx, dz))
    pitch = -math.degrees(math.atan2(dy, math.hypot(dx, dz)))
    return yaw, pitch


def test_enderman_angers_when_stared_at_and_not_otherwise():
    world = flat_arena(40)
    pos = (0.5, 64.0, 20.5)
    player = (0.5, 64.0, 0.5)
    yaw, pitch = stare_at(pos, 64.0 + 2.55, player)
    for staring, expect in ((False, False), (True, True)):
        store = EntityStore(seed=7)
        e = store.add("enderman", pos, no_ai=False)
        look = (yaw, pitch) if staring else (yaw + 40.0, pitch)
        p = PlayerView(pos=player, yaw=look[0], pitch=look[1])
        run(store, world, [p], 80)
        assert e.angry is expect
    store = EntityStore(seed=7)
    e = store.add("enderman", pos)
    p = PlayerView(pos=player, yaw=yaw, pitch=pitch, wearing_pumpkin=True)
    run(store, world, [p], 80)
    assert not e.angry


def test_angry_enderman_attacks_for_7():
    world = flat_arena(32)
    store = EntityStore(seed=8)
    store.add("enderman", (3.5, 64.0, 0.5), angry=True, target=0)
    p = PlayerView(pos=(0.5, 64.0, 0.5), yaw=180.0)
    hits = damage_to_player(run(store, world, [p], 200))
    assert hits and {h.amount for h in hits} == {7.0}


def test_peaceful_removes_monsters():
    world = flat_arena(16)
    store = EntityStore(seed=9)
    store.add("zombie", (3.5, 64.0, 0.5))
    cow = store.add("cow", (5.5, 64.0, 0.5))
    run(store, world, [PlayerView(pos=(0.5, 64.0, 0.5))], 1, difficulty="peaceful")
    assert [e.id for e in store] == [cow.id]


def test_enderman_teleports_out_of_water_and_dodges_arrows():
    world = flat_arena(40)
    world.fill((-2, 63, -2), (3, 64, 3), "water")
    store = EntityStore(seed=10)
    e = store.add("enderman", (0.5, 63.0, 0.5))
    events = run(store, world, [], 5)
    assert any(x.kind == "teleport" for x in events)
    assert math.hypot(e.x - 0.5, e.z - 0.5) > 2.0 and not e.in_water
    store2 = EntityStore(seed=11)
    e2 = store2.add("enderman", (0.5, 64.0, 8.5), no_ai=True)
    store2.add("arrow", (0.5, 65.5, 3.5), vx=0.0, vy=0.0, vz=1.6)
    events = run(store2, world, [], 5)
    assert e2.health == 40.0 and any(x.kind == "teleport" for x in events)


def test_spiders_leave_players_alone_in_daylight():
    world = flat_arena(32)
    p = PlayerView(pos=(0.5, 64.0, 0.5))
    for time, attacks in ((NOON, False), (MIDNIGHT, True)):
        store = EntityStore(seed=12)
        store.add("spider", (6.5, 64.0, 0.5))
        assert bool(damage_to_player(run(store, world, [p], 300, time=time))) is attacks
