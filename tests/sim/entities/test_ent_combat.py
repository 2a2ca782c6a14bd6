"""Combat rules: armour, difficulty scaling, invulnerability frames, knockback, player attacks."""

from __future__ import annotations

import math

import pytest

from odyssey.sim.entities import (
    EntityStore,
    armor_damage,
    attack_cooldown_ticks,
    cooldown_progress,
    difficulty_scaled,
    hurt,
    knockback_velocity,
    player_attack,
)


@pytest.mark.parametrize(
    ("damage", "armor", "toughness", "expected"),
    [
        (10.0, 20.0, 0.0, 4.0),  # 20 − 40/8 = 15 armour points → × (1 − 15/25)
        (10.0, 0.0, 0.0, 10.0),
        (5.0, 20.0, 8.0, 5.0 * (1 - 18.75 / 25)),  # diamond: 20 − 20/16 = 18.75
        (30.0, 20.0, 0.0, 30.0 * (1 - 5.0 / 25)),  # 20 − 120/8 = 5 (above the floor 20/5 = 4)
        (100.0, 10.0, 0.0, 100.0 * (1 - 2.0 / 25)),  # armour / 5 = 2 wins over 10 − 50
        (1.0, 30.0, 0.0, 1.0 * (1 - 20.0 / 25)),  # capped at 20 points
    ],
)
def test_armor_formula(damage, armor, toughness, expected):
    assert armor_damage(damage, armor, toughness) == pytest.approx(expected)


def test_difficulty_scaling_of_mob_damage():
    assert [difficulty_scaled(3.0, d) for d in range(4)] == [0.0, 2.5, 3.0, 4.5]
    assert difficulty_scaled(1.0, 1) == 1.0  # easy never raises damage: min(d/2 + 1, d)


def test_attack_cooldown_formula():
    assert attack_cooldown_ticks(1.6) == pytest.approx(12.5)  # a sword
    assert attack_cooldown_ticks(4.0) == 5.0  # the fist
    assert cooldown_progress(0, 1.6) == pytest.approx(0.5 / 12.5)
    assert cooldown_progress(12, 1.6) == 1.0
    assert cooldown_progress(100, 1.6) == 1.0


def zombie_store(health: float = 20.0):
    store = EntityStore(seed=3)
    z = store.add("zombie", (0.5, 64.0, 0.5), on_ground=True)
    z.health = health
    return store, z


def test_invulnerability_frames_only_count_bigger_hits_and_their_excess():
    store, z = zombie_store()
    events: list = []
    assert hurt(store, z, 4.0, "test", events) == 4.0
    assert z.invulnerable_time == 20 and z.health == 16.0
    z.invulnerable_time = 15  # five ticks later
    assert hurt(store, z, 3.0, "test", events) == 0.0  # not more than the last hit
    assert hurt(store, z, 6.0, "test", events) == 2.0  # only the excess over 4
    assert z.health == 14.0 and z.last_hurt == 6.0
    z.invulnerable_time = 10  # second half over: any hit counts in full again
    assert hurt(store, z, 1.0, "test", events) == 1.0
    assert z.invulnerable_time == 20


def test_knockback_pushes_away_from_the_attacker():
    store, z = zombie_store()
    events: list = []
    hurt(store, z, 1.0, "test", events, attacker_pos=(-2.0, 64.0, 0.5))  # attacker to the west
    assert z.vx == pytest.approx(0.4) and z.vz == pytest.approx(0.0)
    assert z.vy == pytest.approx(0.4)  # on the ground: min(0.4, vy/2 + 0.4)
    vel = knockback_velocity((0.2, 0.0, 0.2), False, 0.5, 0.0, 1.0, resistance=0.5)
    assert vel == pytest.approx((0.1, 0.0, 0.1 - 0.25))  # in the air: vy kept


def test_partial_hit_in_frames_gives_no_knockback():
    store, z = zombie_store()
    events: list = []
    hurt(store, z, 2.0, "test", events)
    z.vx = z.vy = z.vz = 0.0
    z.invulnerable_time = 18
    hurt(store, z, 5.0, "test", events, attacker_pos=(-2.0, 64.0, 0.5))
    assert z.health == 15.0 and (z.vx, z.vz) == (0.0, 0.0)


def test_player_attack_cooldown_and_critical():
    store, z = zombie_store()
    weak = player_attack(store, z.id, 7.0, 0.5, False, False, (0.5, 64.0, -1.0), 0.0)
    assert weak.hit and weak.damage == pytest.approx(7.0 * (0.2 + 0.25 * 0.8))
    store, z = zombie_store()
    crit = player_attack(store, z.id, 7.0, 1.0, True, False, (0.5, 64.0, -1.0), 0.0)
    assert crit.critical and crit.damage == pytest.approx(10.5)
    store, z = zombie_store()
    sprint = player_attack(store, z.id, 7.0, 1.0, True, True, (0.5, 64.0, -1.0), 0.0)
    assert not sprint.critical and sprint.damage == pytest.approx(7.0)  # sprinting: no crit
    assert sprint.attacker_velocity_scale == 0.6


def test_sprint_hit_knocks_the_target_along_the_attackers_view():
    store, z = zombie_store()
    # attacker south of the zombie (z = -1) facing +z (yaw 0): pushed further along +z
    r = player_attack(store, z.id, 1.0, 1.0, False, True, (0.5, 64.0, -1.0), 0.0)
    assert r.hit and r.knockback == pytest.approx(0.9)
    assert z.vz > 0.4 and abs(z.vx) < 1e-9
    store, z = zombie_store()
    plain = player_attack(store, z.id, 1.0, 1.0, False, False, (0.5, 64.0, -1.0), 0.0)
    assert plain.knockback == pytest.approx(0.4) and z.vz == pytest.approx(0.4)


def test_killing_blow_drops_loot_and_removes_the_mob():
    store, z = zombie_store(health=2.0)
    r = player_attack(store, z.id, 5.0, 1.0, False, False, (0.5, 64.0, -1.0), 0.0)
    assert r.killed and z.id not in store
    kinds = [e.kind for e in r.events]
    assert kinds[:2] == ["entity_hurt", "entity_death"]
    loot = {"rotten_flesh", "iron_ingot", "carrot", "potato"}  # the last three: rare, player kill
    assert {e.item for e in r.events if e.kind == "item_spawned"} <= loot
    second = player_attack(store, z.id, 5.0, 1.0, False, False, (0.5, 64.0, -1.0), 0.0)
    assert not second.hit


def test_sheep_drops_its_wool_unless_sheared():
    store = EntityStore(seed=5)
    sheep = store.add("sheep", (0.0, 64.0, 0.0), color="black")
    r = player_attack(store, sheep.id, 20.0, 1.0, False, False, (0.0, 64.0, -1.0), 0.0)
    items = [e.item for e in r.events if e.kind == "item_spawned"]
    assert "black_wool" in items and "mutton" in items
    sheared = store.add("sheep", (0.0, 64.0, 0.0), color="black", sheared=True)
    r = player_attack(store, sheared.id, 20.0, 1.0, False, False, (0.0, 64.0, -1.0), 0.0)
    assert "black_wool" not in [e.item for e in r.events]
    assert math.isclose(sum(1 for e in r.events if e.kind == "entity_death"), 1)


def test_burning_animals_drop_cooked_meat():
    store = EntityStore(seed=6)
    cow = store.add("cow", (0.0, 64.0, 0.0), fire_ticks=100)
    r = player_attack(store, cow.id, 20.0, 1.0, False, False, (0.0, 64.0, -1.0), 0.0)
    items = {e.item for e in r.events if e.kind == "item_spawned"}
    assert "cooked_beef" in items and "beef" not in items
