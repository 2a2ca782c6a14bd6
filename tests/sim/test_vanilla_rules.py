"""Vanilla 1.21.x rules that prismarine-physics 1.11.1 predates, tested against their formulas."""

from __future__ import annotations

import math

import numpy as np
import pytest

from odyssey.sim import InputState, PlayerAttributes, PlayerState, SimError, step
from odyssey.sim.collision import collide_with_shapes, step_heights
from odyssey.sim.kernel import fall_damage
from odyssey.world import World

GROUND_VY = -0.0784000015258789


def flat(block: str = "stone") -> World:
    world = World()
    world.fill((-16, 60, -16), (32, 64, 32), "stone")
    world.fill((-16, 63, -16), (32, 64, 32), block)
    return world


def standing(x=0.5, y=64.0, z=0.5, **kw) -> PlayerState:
    return PlayerState(pos=(x, y, z), vel=(0.0, GROUND_VY, 0.0), on_ground=True, **kw)


def run(world, player, keys, ticks):
    for _ in range(ticks):
        player = step(world, player, InputState.of(keys)).player
    return player


@pytest.mark.parametrize(("distance", "damage"), [(3.0, 0), (3.5, 0), (4.0, 1), (3.9999995, 1),
                                                  (10.0, 7), (23.0, 20), (24.0, 21)])  # fmt: skip
def test_fall_damage_rounds_down_with_the_1e6_margin(distance, damage):
    attr = PlayerAttributes().as_array(-64)
    assert fall_damage(distance, 1.0, attr) == damage


def test_hay_bales_take_80_percent_off_and_water_takes_it_all():
    for block, expected in (("hay_block", 20.0 - math.floor((10 + 1e-6 - 3) * np.float32(0.2))),
                            ("water", 20.0), ("slime_block", 20.0)):  # fmt: skip
        world = World()
        world.fill((-4, 58, -4), (5, 61, 5), "stone")
        world.fill((-4, 61, -4), (5, 64, 5), block if block != "slime_block" else "stone")
        if block == "slime_block":
            world.fill((-4, 63, -4), (5, 64, 5), "slime_block")
        player = run(world, PlayerState(pos=(0.5, 74.0, 0.5)), [], 40)
        assert player.health == expected, block


def test_step_up_tries_candidate_heights_lowest_first():
    box = np.array([0.0, 64.0, 0.0, 0.6, 65.8, 0.6])
    shapes = np.array([[0.7, 63.0, 0.0, 1.7, 64.0625, 1.0],  # carpet-high edge
                       [0.7, 63.0, 0.0, 1.7, 64.5, 1.0],  # slab-high edge
                       [0.7, 63.0, 0.0, 1.7, 66.0, 1.0]])  # too high  # fmt: skip
    out = np.zeros(16)
    count = step_heights(box, shapes, 3, np.float32(0.6), 0.0, out)
    assert list(out[:count]) == [np.float32(0.0625), np.float32(0.5)]


def test_slab_is_climbed_by_stepping_exactly_half_a_block():
    world = flat()
    world.fill((-1, 64, 3), (2, 65, 10), "stone_slab[type=bottom]")
    player = run(world, standing(), ["forward"], 30)
    assert player.pos[1] == 64.5 and player.pos[2] > 5


def test_axis_order_resolves_the_larger_horizontal_axis_first():
    box = np.array([0.0, 0.0, 0.0, 0.6, 1.8, 0.6])
    block = np.array([[0.65, 0.0, 0.9, 1.65, 1.0, 1.9]])
    moved = collide_with_shapes(0.2, 0.0, 0.5, box, block, 1)  # |dz| > |dx|: Y, Z, X
    assert moved[2] == 0.5 and moved[0] == pytest.approx(0.05)
    mirrored = np.array([[0.9, 0.0, 0.65, 1.9, 1.0, 1.65]])
    moved = collide_with_shapes(0.5, 0.0, 0.2, box, mirrored, 1)  # |dx| > |dz|: Y, X, Z
    assert moved[0] == 0.5 and moved[2] == pytest.approx(0.05)


def test_jump_keeps_a_higher_upward_speed():
    world = flat()
    player = PlayerState(pos=(0.5, 64.0, 0.5), vel=(0.0, 0.6, 0.0), on_ground=True)
    after = step(world, player, InputState(jump=True)).player
    assert after.vel[1] == pytest.approx((0.6 - 0.08) * np.float32(0.98))


@pytest.mark.parametrize(("speed", "zeroed"), [(0.0025, False), (0.002, True)])
def test_horizontal_velocity_is_cut_as_a_pair_below_9e_6(speed, zeroed):
    world = flat()
    player = PlayerState(pos=(0.5, 70.0, 0.5), vel=(speed, 0.0, speed))
    after = step(world, player, InputState()).player
    assert (after.vel[0] == 0.0) == zeroed and (after.vel[2] == 0.0) == zeroed


def test_crouch_lag_slows_from_the_second_sneaking_tick():
    world = flat()
    first = step(world, standing(), InputState(forward=True, sneak=True)).player
    assert first.pos[2] - 0.5 == pytest.approx(0.98 * np.float32(0.1) / 1.0, rel=1e-6)  # walking
    assert first.crouching
    second = step(world, first, InputState(forward=True, sneak=True)).player
    walk_accel = float(np.float32(0.98) * np.float32(0.3)) * float(np.float32(0.1))
    assert second.pos[2] - first.pos[2] == pytest.approx(first.vel[2] + walk_accel, rel=1e-5)


def test_soul_sand_multiplies_walking_speed_by_0_4():
    world = flat("soul_sand")
    player = run(world, standing(y=63.875), ["forward"], 60)
    before = player.pos[2]
    player = run(world, player, ["forward"], 1)
    accel = 0.98 * float(np.float32(0.1))  # the forward input is 0.98
    inertia = float(np.float32(np.float32(0.6) * np.float32(0.91)))
    terminal = accel / (1 - 0.4 * inertia)  # v' = (v + a)·0.4·0.546: a move of a / (1 - 0.2184)
    assert player.pos[2] - before == pytest.approx(terminal, rel=1e-4)


def test_powder_snow_slows_only_with_the_feet_inside():
    world = flat()
    world.fill((-2, 64, 3), (3, 65, 12), "powder_snow")
    slowed = run(world, standing(), ["forward"], 25)
    free = run(flat(), standing(), ["forward"], 25)
    assert slowed.pos[2] < free.pos[2] - 0.5  # movement x 0.9 each tick inside the snow


def test_up_bubble_columns_lift_the_player():
    world = flat()
    world.fill((0, 64, 0), (1, 75, 1), "bubble_column[drag=false]")
    player = run(world, standing(), [], 20)
    assert player.pos[1] > 68.0


def test_scaffolding_holds_from_above_and_lets_a_sneaking_player_down():
    world = flat()
    world.fill((0, 64, 0), (1, 68, 1), "scaffolding[distance=0,bottom=false]")
    on_top = run(world, PlayerState(pos=(0.5, 68.0, 0.5), vel=(0.0, GROUND_VY, 0.0),
                                    on_ground=True), [], 10)  # fmt: skip
    assert on_top.pos[1] == 68.0
    descending = run(world, on_top, ["sneak"], 40)
    assert descending.pos[1] < 66.0


def test_scale_attribute_resizes_the_player():
    world = flat()
    world.fill((-3, 65, 3), (4, 66, 8), "stone")  # a ceiling one block above the floor
    small = standing(attributes=PlayerAttributes(scale=0.5))
    assert run(world, small, ["forward"], 40).pos[2] > 8.0  # 0.9 tall fits under
    assert run(world, standing(), ["forward"], 40).pos[2] < 3.0  # 1.8 tall does not


def test_non_finite_numbers_are_refused():
    with pytest.raises(SimError, match="pos must be 3 finite numbers"):
        PlayerState(pos=(0.0, math.nan, 0.0))
    with pytest.raises(SimError, match="yaw"):
        standing().with_look(math.inf, 0.0)
    with pytest.raises(SimError, match="scale"):
        PlayerAttributes(scale=100.0).as_array(-64)
    with pytest.raises(SimError, match="unknown key"):
        InputState.of(["forwards"])


def test_sprinting_under_water_swims_in_a_low_pose():
    world = World()
    world.fill((-8, 50, -8), (9, 60, 40), "stone")
    world.fill((-8, 60, -8), (9, 70, 40), "water")
    world.fill((-8, 62, 10), (9, 70, 14), "stone")  # a tunnel 2 high: y 60..62
    world.fill((-8, 61, 10), (9, 62, 14), "stone")  # ...made 1 high: only a swimmer fits
    diver = PlayerState(pos=(0.5, 60.2, 0.5), pitch=0.0)
    swimmer = run(world, diver, ["forward", "sprint"], 100)
    walker = run(world, diver, ["forward"], 100)
    assert swimmer.swimming and swimmer.eye_height == pytest.approx(0.4)
    assert swimmer.pos[2] > 14.5  # through the 1-block tunnel
    assert walker.pos[2] < 10.0  # a standing player is stopped at its mouth
    assert not walker.swimming


def test_beds_halve_the_fall_and_bounce():
    world = flat()
    world.set_block(0, 64, 0, "red_bed[part=foot,facing=south]")
    world.set_block(0, 64, 1, "red_bed[part=head,facing=south]")
    player, heights, landed = PlayerState(pos=(0.5, 74.0, 0.5)), [], False
    for _ in range(40):
        result = step(world, player, InputState())
        player = result.player
        landed = landed or any(e.kind == "landed" for e in result.events)
        if landed:
            heights.append(player.pos[1])
    fall = 74.0 - 64.5625
    assert player.health == 20.0 - math.floor(fall * 0.5 + 1e-6 - 3.0)
    assert max(heights) > 65.0  # bounced back up after landing


def damage_events(world, player, keys, ticks):
    """Run and collect (tick, kind, amount) of damage events."""
    out = []
    for tick in range(1, ticks + 1):
        result = step(world, player, InputState.of(keys))
        player = result.player
        out += [(tick, e.kind, e.value) for e in result.events if e.kind.startswith("damage")]
    return player, out


def test_void_damage_waits_for_the_invulnerability_cooldown():
    world = World()
    world.set_block(100, 0, 100, "stone")  # the world exists; the player is far below it
    player, hurt = damage_events(world, PlayerState(pos=(0.5, -200.0, 0.5)), [], 30)
    void = [t for t, kind, _ in hurt if kind == "damage_void"]
    assert void == [1, 11, 21]  # 4 HP every 10 ticks, not every tick
    assert player.health == 8.0


def test_slime_never_hurts_even_when_sneaking():
    world = flat("slime_block")
    player, hurt = damage_events(world, PlayerState(pos=(0.5, 84.0, 0.5)), ["sneak"], 60)
    assert hurt == [] and player.health == 20.0


def test_lava_burns_on_after_leaving_and_water_puts_it_out():
    world = flat()
    world.fill((0, 64, 0), (1, 65, 1), "lava")
    _, hurt = damage_events(world, standing(z=0.5), ["forward"], 120)
    last_lava = max(t for t, kind, _ in hurt if kind == "damage_lava")
    fire = [t for t, kind, _ in hurt if kind == "damage_fire"]
    assert len(fire) >= 3 and min(fire) > last_lava  # 1 HP a second once out of the lava
    doused = flat()
    doused.fill((0, 64, 0), (1, 65, 1), "lava")
    doused.fill((-2, 64, 2), (3, 65, 40), "water")
    _, hurt = damage_events(doused, standing(z=0.5), ["forward"], 120)
    assert not any(kind == "damage_fire" for _, kind, _ in hurt)


def test_drowning_starts_after_the_air_runs_out():
    world = World()
    world.fill((-4, 58, -4), (5, 60, 5), "stone")
    world.fill((-4, 60, -4), (5, 70, 5), "water")
    _, hurt = damage_events(world, PlayerState(pos=(0.5, 60.0, 0.5)), ["sneak"], 340)
    drown = [t for t, kind, _ in hurt if kind == "damage_drown"]
    assert drown and drown[0] == 320  # 300 air, then 20 more ticks to -20
    assert all(v == 2.0 for _, kind, v in hurt if kind == "damage_drown")


def test_sneaking_in_water_sinks_faster():
    world = World()
    world.fill((-4, 40, -4), (5, 50, 5), "stone")
    world.fill((-4, 50, -4), (5, 64, 5), "water")
    floating = run(world, PlayerState(pos=(0.5, 60.0, 0.5)), [], 20)
    sinking = run(world, PlayerState(pos=(0.5, 60.0, 0.5)), ["sneak"], 20)
    assert sinking.pos[1] < floating.pos[1] - 1.0


def test_powder_snow_catches_a_long_fall_then_lets_the_player_sink_in():
    world = flat()
    world.fill((-1, 64, -1), (2, 66, 2), "powder_snow")
    player, heights = PlayerState(pos=(0.5, 80.0, 0.5)), []
    for _ in range(30):
        result = step(world, player, InputState())
        player = result.player
        heights.append(player.pos[1])
        assert not any(e.kind.startswith("damage") for e in result.events)
    assert 65.9 in heights  # held by the 0.9-high falling shape
    assert player.pos[1] < 65.0  # then, the fall over, sinking into the snow


def test_a_fall_through_vines_resets_the_fall_distance():
    world = flat()
    world.fill((1, 64, 0), (2, 90, 1), "stone")
    world.fill((0, 70, 0), (1, 72, 1), "vine[east=true]")
    _, hurt = damage_events(world, PlayerState(pos=(0.5, 100.0, 0.5)), [], 60)
    # the fall from 100 passes the vines around y 70: only the last ~6 blocks count
    assert all(kind != "damage_fall" or value <= 4 for _, kind, value in hurt)


def test_grown_berry_bushes_hurt_a_moving_player():
    world = flat()
    world.fill((-1, 64, 2), (2, 65, 4), "sweet_berry_bush[age=2]")
    _, hurt = damage_events(world, standing(), ["forward"], 30)
    assert any(kind == "damage_berry_bush" and value == 1.0 for _, kind, value in hurt)
    world.fill((-1, 64, 2), (2, 65, 4), "sweet_berry_bush[age=0]")
    _, hurt = damage_events(world, standing(), ["forward"], 30)
    assert hurt == []


def test_soul_sand_does_not_slow_a_swimmer_whose_feet_are_in_water():
    def swim(floor: str) -> float:
        world = flat(floor)
        world.fill((-16, 64, -16), (32, 67, 32), "water")
        swimmer = PlayerState(pos=(0.5, 64.6, 0.5))  # feet in the water cell above the floor
        return run(world, swimmer, ["forward", "jump"], 30).pos[2]

    assert swim("soul_sand") == pytest.approx(swim("stone"), abs=1e-9)
