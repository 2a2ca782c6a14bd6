"""The player step's Python glue: the cached attribute and input arrays, the window's inner
bounds, and ``PlayerState``'s array conversions give what a fresh computation gives."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from odyssey.sim import layout as k
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.physics import WINDOW_MARGIN, Simulator
from odyssey.sim.player import InputState, PlayerAttributes, PlayerState, SimError

GROUND = 64


def _walker() -> tuple[Simulator, PlayerState]:
    world = flat_arena(24)
    return Simulator(world), PlayerState(pos=(0.5, GROUND, 0.5), on_ground=True)


def _array_to_array(p: PlayerState) -> np.ndarray:
    """``to_array`` as it was written before its list path: numpy item by item."""
    st = np.zeros(k.STATE_SIZE, dtype=np.float64)
    if p.internal:
        st[:] = p.internal
    else:
        st[k.S_AIR] = k.MAX_AIR
    st[k.S_X : k.S_Z + 1] = p.pos
    st[k.S_VX : k.S_VZ + 1] = p.vel
    st[k.S_YAW], st[k.S_PITCH] = p.yaw, p.pitch
    st[k.S_ON_GROUND] = p.on_ground
    st[k.S_HEALTH] = p.health
    st[k.S_FALL] = p.fall_distance
    st[k.S_SPRINTING] = p.sprinting
    st[k.S_POSE] = p.pose
    st[k.S_IN_WATER] = p.in_water
    st[k.S_IN_LAVA] = p.in_lava
    st[k.S_COLL_H] = p.collided_horizontally
    st[k.S_COLL_V] = p.collided_vertically
    st[k.S_DEAD] = p.dead
    return st


def test_step_with_cached_arrays_matches_a_fresh_simulator() -> None:
    sim, p = _walker()
    inputs = [InputState(forward=True), InputState(forward=True, jump=True, sprint=True),
              InputState(sneak=True, left=True), InputState()]  # fmt: skip
    fresh = p
    for n in range(60):
        held = inputs[n // 15]
        p = sim.step(p, held).player
        fresh = Simulator(sim.world).step(fresh, held).player  # no cache to reuse
        assert p.to_array().tobytes() == fresh.to_array().tobytes()
        assert p == fresh
    assert p.pos != (0.5, GROUND, 0.5)  # it did move


def test_attribute_and_input_arrays_are_reused_until_they_change() -> None:
    sim, p = _walker()
    held = InputState(forward=True)
    a = sim._attr_array(p.attributes)
    assert sim._attr_array(p.attributes) is a  # reused: the same object
    assert sim._input_array(held) is sim._input_array(held)
    assert np.array_equal(a, p.attributes.as_array(sim.world.dimension.min_y))
    faster = replace(p.attributes, movement_speed=0.2)
    b = sim._attr_array(faster)
    assert b is not a and np.array_equal(b, faster.as_array(sim.world.dimension.min_y))
    jump = InputState(jump=True)
    assert np.array_equal(sim._input_array(jump), jump.as_array())
    # the kernel only reads them: a step leaves both as they were built
    before_attr, before_in = b.copy(), sim._input_array(jump).copy()
    sim.step(replace(p, attributes=faster), jump)
    assert np.array_equal(sim._attr_array(faster), before_attr)
    assert np.array_equal(sim._input_array(jump), before_in)


def test_bad_attributes_still_raise_every_step() -> None:
    sim, p = _walker()
    bad = replace(p, attributes=PlayerAttributes(scale=100.0))
    for _ in range(2):
        with pytest.raises(SimError):
            sim.step(bad, InputState())


def test_window_inner_bounds_follow_the_window() -> None:
    sim, _ = _walker()
    for pos in ((0.5, GROUND, 0.5), (40.5, GROUND, -30.5), (3.5, GROUND + 20, 9.5)):
        w = sim.window.covering(*pos)
        o, size = w.origin, w.states.shape
        m = WINDOW_MARGIN
        want = (o[0] + m, o[0] + size[2] - m, o[1] + m, o[1] + size[0] - m, o[2] + m,
                o[2] + size[1] - m)  # fmt: skip
        assert w._inner == tuple(int(v) for v in want)
        assert all(type(v) is int for v in w._inner)
    fluid = sim.window.fluid_states
    assert len(sim.window._fluid_bytes) == len(fluid)
    assert [bool(b) for b in sim.window._fluid_bytes] == fluid.tolist()


def test_to_array_list_path_equals_the_array_path() -> None:
    sim, p = _walker()
    odd = PlayerState(
        pos=(1, 2, 3),
        vel=(np.float32(0.1), 0, -0.0),
        pose=1,
        sprinting=True,
        dead=True,
        health=-0.0,
    )
    players = [p, replace(p, internal=()), odd]
    q = p
    for _ in range(5):
        q = sim.step(q, InputState(forward=True, jump=True)).player
        players.append(q)
    players.append(replace(q, on_ground=False, pose=2, in_water=True, yaw=-0.0))
    for player in players:
        assert player.to_array().tobytes() == _array_to_array(player).tobytes()


def test_from_array_equals_the_constructor() -> None:
    sim, p = _walker()
    q = sim.step(p, InputState(forward=True)).player
    st = q.to_array()
    st[k.S_POSE] = 1.0
    st[k.S_DEAD] = 1.0
    fast = PlayerState.from_array(st, q.attributes)
    v = st.tolist()
    slow = PlayerState(pos=(v[k.S_X], v[k.S_Y], v[k.S_Z]), vel=(v[k.S_VX], v[k.S_VY], v[k.S_VZ]),
                       yaw=v[k.S_YAW], pitch=v[k.S_PITCH], on_ground=bool(v[k.S_ON_GROUND]),
                       health=v[k.S_HEALTH], fall_distance=v[k.S_FALL],
                       sprinting=bool(v[k.S_SPRINTING]), pose=int(v[k.S_POSE]),
                       in_water=bool(v[k.S_IN_WATER]), in_lava=bool(v[k.S_IN_LAVA]),
                       collided_horizontally=bool(v[k.S_COLL_H]),
                       collided_vertically=bool(v[k.S_COLL_V]), dead=bool(v[k.S_DEAD]),
                       attributes=q.attributes, internal=tuple(v))  # fmt: skip
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert vars(fast) == vars(slow)
    assert fast.crouching and fast.dead


@pytest.mark.parametrize("slot", [k.S_X, k.S_VZ, k.S_YAW, k.S_PITCH, k.S_HEALTH, k.S_FALL])
def test_from_array_refuses_what_the_constructor_refuses(slot: int) -> None:
    st = PlayerState(pos=(0.5, GROUND, 0.5)).to_array()
    for bad in (math.nan, math.inf):
        st[slot] = bad
        with pytest.raises(SimError):
            PlayerState.from_array(st, PlayerAttributes())


def test_patched_window_equals_a_fresh_read() -> None:
    sim, _ = _walker()
    world = sim.world
    w = sim.window.covering(0.5, GROUND, 0.5)
    assert w.origin[3] == 0  # dry land
    revision, read = world.revision, w.states
    world.set_block(2, GROUND, 3, "stone")
    world.set_block(2, GROUND, 3, "oak_planks")  # twice: the log holds both
    world.set_block(-4, GROUND + 1, 0, "water")
    world.set_block(300, GROUND, 0, "stone")  # outside the window
    w = sim.window.covering(0.6, GROUND, 0.4)
    assert world.revision > revision and w.revision == world.revision
    assert w.states is read  # patched in place, not read again
    o, size = w.origin, w.states.shape
    fresh = world.get_box((o[0], o[1], o[2]), (o[0] + size[2], o[1] + size[0], o[2] + size[1]))
    assert np.array_equal(w.states, fresh)
    assert w.origin[3] == 1  # the water counts
