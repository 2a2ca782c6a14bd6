"""Natural spawning: difficulty, light, ground and distance rules; daylight helpers."""

from __future__ import annotations

from odyssey.sim.entities import EntityStore, PlayerView, is_day, sky_darken, tick
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.kinds import kind


def spawn_run(world, time, difficulty, ticks, seed=1, pos=(0.5, 64.0, 0.5)):
    store = EntityStore(seed=seed)
    p = PlayerView(pos=pos, gamemode="creative")
    events = []
    for _ in range(ticks):
        events += [e for e in tick(store, world, [p], time, difficulty) if e.kind == "spawned"]
    return store, events


def test_day_and_night():
    assert is_day(6000) and is_day(1000) and is_day(11000)
    assert not is_day(18000) and not is_day(14000)
    assert sky_darken(6000) == 0 and sky_darken(18000) == 11


def test_monsters_spawn_at_night_far_from_the_player_on_solid_ground():
    world = flat_arena(96)
    store, events = spawn_run(world, 18000, "normal", 400)
    monsters = [e for e in store if kind(e.type).hostile]
    assert len(monsters) >= 3
    for e in events:
        x, y, z = e.pos
        assert 24.0 <= ((x - 0.5) ** 2 + (y - 64.0) ** 2 + (z - 0.5) ** 2) ** 0.5 <= 128.0
        assert y == 64.0


def test_no_monsters_on_peaceful_or_by_day():
    world = flat_arena(96)
    for time, difficulty in ((18000, "peaceful"), (6000, "hard")):
        store, _ = spawn_run(world, time, difficulty, 400)
        assert not [e for e in store if kind(e.type).hostile]


def test_torchlight_keeps_monsters_away():
    world = flat_arena(96)
    for x in range(-96, 96, 8):
        for z in range(-96, 96, 8):
            world.set_block(x, 64, z, "torch")  # block light ≥ 1 everywhere on the ground
    store, _ = spawn_run(world, 18000, "normal", 400)
    assert not [e for e in store if kind(e.type).hostile]


def test_animals_spawn_on_lit_grass_every_400_ticks():
    world = flat_arena(96)
    store, events = spawn_run(world, 6000, "peaceful", 1600)
    animals = [e for e in store if kind(e.type).category == "creature"]
    assert animals and len(animals) <= 10 + 4
    assert all(e.source == "creature" for e in events)


def test_thunder_darkens_noon_and_rain_puts_out_sunburn():
    from odyssey.sim.entities.daylight import is_day, sky_darken

    assert sky_darken(6000) == 0 and sky_darken(6000, "rain") == 3
    assert is_day(6000, "rain") and not is_day(6000, "thunder")  # monsters' weather
    assert sky_darken(18000, "thunder") == 11
