"""Open screens through the dict action space (MineRL/VPT's pointer) and MineStudio-style small
observations (the game drawn for 640 × 360, resized)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from odyssey.gym.controls import DEGREES_PER_PIXEL, WINDOW
from odyssey.gym.env import OdysseyEnv
from odyssey.gym.spaces import noop_action
from odyssey.render.containers import geometry, screen_slots


def box_weights(source: int, target: int) -> np.ndarray:
    """(target, source) weights of an exact box filter: each target pixel averages the source
    pixels it covers, the partly covered ones by the part covered (the reference)."""
    edges = np.arange(target + 1) * (source / target)
    starts, ends = edges[:-1, None], edges[1:, None]
    pixels = np.arange(source)[None, :]
    overlap = np.clip(np.minimum(ends, pixels + 1) - np.maximum(starts, pixels), 0.0, None)
    return overlap / (source / target)


HOTBAR_0 = 36  # the inventory screen's menu slot of hotbar slot 0 (vanilla's InventoryMenu)
RESULT, GRID = 0, (1, 2, 3, 4)


@pytest.fixture(scope="module")
def env():
    made = OdysseyEnv("craft_to_stick", size=(64, 64))
    yield made
    made.close()


def act(env: OdysseyEnv, **keys):
    action = noop_action()
    action.update(keys)
    return env.step(action)


def slot_centre(env: OdysseyEnv, slot: int, kind: str = "inventory") -> tuple[float, float]:
    g = geometry(env.controls.window, kind)
    sx, sy = screen_slots(kind)[slot]
    return (g.left + sx + 8) * g.scale, (g.top + sy + 8) * g.scale


def point_at(env: OdysseyEnv, slot: int):
    """One step turning the camera so that the pointer lands on ``slot``'s centre."""
    x, y = env.controls.pointer
    tx, ty = slot_centre(env, slot)
    camera = np.array([(ty - y) * DEGREES_PER_PIXEL, (tx - x) * DEGREES_PER_PIXEL])
    return act(env, camera=camera)


def stacks(env: OdysseyEnv) -> dict[int, tuple[str, int]]:
    slots = env.game.survival.inventory.slots
    return {i: (s.item, s.count) for i, s in enumerate(slots) if s is not None}


def test_a_policy_crafts_sticks_with_the_pointer_alone(env):
    env.reset(seed=0)
    assert stacks(env) == {0: ("oak_planks", 4)}
    act(env, inventory=1)
    act(env)
    point_at(env, HOTBAR_0)
    act(env, attack=1)  # pick up the planks
    act(env)
    for slot in (GRID[0], GRID[2]):  # one plank in each of the grid's left column
        point_at(env, slot)
        act(env, use=1)
        act(env)
    point_at(env, HOTBAR_0)
    act(env, attack=1)  # put the other two back
    act(env)
    point_at(env, RESULT)
    _, reward, terminated, truncated, info = act(env, attack=1, sneak=1)  # shift-click
    assert stacks(env) == {0: ("oak_planks", 2), 8: ("stick", 4)}  # vanilla fills from the end
    assert terminated and not truncated
    assert info["terminal_reason"] == "success" and reward >= 1.0


def test_the_pointer_starts_centred_and_the_camera_moves_it_not_the_view(env):
    env.reset(seed=1)
    yaw, pitch = env.game.player.yaw, env.game.player.pitch
    assert env.controls.pointer is None
    act(env, inventory=1)
    assert env.controls.pointer == (WINDOW[0] / 2, WINDOW[1] / 2)
    act(env, camera=np.array([3.0, -6.0]), inventory=1)  # 20 px down, 40 px left; key held
    assert env.controls.pointer == pytest.approx((WINDOW[0] / 2 - 40, WINDOW[1] / 2 + 20))
    assert (env.game.player.yaw, env.game.player.pitch) == (yaw, pitch)
    act(env, camera=np.array([180.0, 180.0]), inventory=1)  # the key held down: no toggle
    assert env.controls.pointer == (WINDOW[0] - 1, WINDOW[1] - 1)  # held inside the window
    assert env.game.survival.menu is not None
    act(env)
    act(env, inventory=1)  # a new press closes the screen
    assert env.game.survival.menu is None and env.controls.pointer is None
    act(env, camera=np.array([0.0, 10.0]))
    assert env.game.player.yaw == pytest.approx(yaw + 10.0)


def test_number_keys_swap_and_drop_throws_from_the_slot_under_the_pointer(env):
    env.reset(seed=2)
    act(env, inventory=1)
    point_at(env, HOTBAR_0)
    act(env, **{"hotbar.4": 1})  # vanilla: a number key over a slot swaps it with that slot
    assert stacks(env) == {3: ("oak_planks", 4)}
    assert env.game.survival.inventory.selected == 0  # the key did not pick a hotbar slot
    point_at(env, HOTBAR_0 + 3)
    before = len(env.game.survival.entities.entities)
    act(env, drop=1)
    assert stacks(env) == {3: ("oak_planks", 3)}
    assert len(env.game.survival.entities.entities) == before + 1  # the thrown plank


def test_a_small_observation_is_the_window_frame_resized(env):
    """The inventory screen in a 64 × 64 observation matches the 640 × 360 frame box-filtered
    down (the screen hides the world, so only the GUI is compared)."""
    from odyssey.render.screen import GameView
    from odyssey.render.view import ViewSettings

    env.reset(seed=3)
    act(env, inventory=1)
    obs, *_ = point_at(env, GRID[0])
    small = obs["image"].astype(np.float32)
    game = env.game
    big_view = GameView(game.world, ViewSettings(width=WINDOW[0], height=WINDOW[1],
                                                 markers=False, render_distance=4))  # fmt: skip
    try:
        big_view.with_settings(time=game.time_of_day)
        big = big_view.game_frame(game, env.controls.pointer).astype(np.float32)
    finally:
        big_view.close()
    rows, cols = box_weights(WINDOW[1], 64), box_weights(WINDOW[0], 64)
    shrunk = np.einsum("hy,yxc,wx->hwc", rows, big, cols)
    g = geometry(WINDOW, "inventory")
    x0, x1 = (g.left + 4) * 64 // WINDOW[0] + 1, (g.left + 172) * 64 // WINDOW[0] - 1
    y0, y1 = (g.top + 4) * 64 // WINDOW[1] + 1, (g.top + 162) * 64 // WINDOW[1] - 1
    diff = np.abs(small - shrunk).max(axis=2)
    px, py = env.controls.pointer  # the arrow drawn over the screen (GameView draws none)
    arrow = np.zeros((64, 64), bool)
    arrow[int(py * 64 / WINDOW[1]) : int((py + 16) * 64 / WINDOW[1]) + 1,
          int(px * 64 / WINDOW[0]) : int((px + 10) * 64 / WINDOW[0]) + 1] = True  # fmt: skip
    panel = np.zeros((64, 64), bool)
    panel[y0:y1, x0:x1] = True
    # PIL's box filter rounds to 8 bits (up to 8 of 255 from the exact one on noise)
    assert diff[panel & ~arrow].mean() < 1.5 and diff[panel & ~arrow].max() < 16.0
    assert diff[arrow].max() > 10.0
    closed = OdysseyEnv("craft_to_stick", size=(64, 64))
    try:
        plain, _ = closed.reset(seed=3)
    finally:
        closed.close()
    assert np.abs(plain["image"][y0:y1, x0:x1].astype(np.float32) - small[y0:y1, x0:x1]).mean() > 20


def test_hud_layers_kept_for_earlier_hotbar_slots_draw_what_a_fresh_view_draws(env):
    """Pressing hotbar keys back and forth reuses the 2-D layers drawn for a slot before; every
    observation is still the one a view made now draws (the world does not move meanwhile)."""
    from odyssey.mcu.screen import McuScreen

    env.reset(seed=5)
    seen = {}
    for key in (3, 1, 3, 1, 5, 3):
        obs, *_ = act(env, **{f"hotbar.{key}": 1})
        assert env.game.survival.inventory.selected == key - 1
        fresh = McuScreen(env.game, 64, 64, window=WINDOW)
        try:
            np.testing.assert_array_equal(obs["image"], fresh.frame())
        finally:
            fresh.close()
        seen.setdefault(key, obs["image"])
    assert not np.array_equal(seen[1], seen[3]) and not np.array_equal(seen[3], seen[5])


def test_a_small_navigation_observation_is_the_benchmark_screenshot_resized():
    """NavEnv at 64 × 64: the hotbar of Mine Odyssey's 854 × 480 screenshot, shrunk, not a
    64-pixel crop of a hotbar drawn at GUI scale 1 (what ``window=None`` draws)."""
    from odyssey.episode.settings import Settings, eval_setting_for
    from odyssey.episode.view import make_view
    from odyssey.gym.nav import BENCHMARK_WINDOW, NavEnv

    images = {}
    for window in (BENCHMARK_WINDOW, None):
        env = NavEnv("hotel", size=(64, 64), window=window)
        try:
            obs, _ = env.reset(seed=0)
            images[window] = obs["image"].astype(np.float64)
            width, height = BENCHMARK_WINDOW
            setting = eval_setting_for(Settings(), dict(env.task.eval_setting))
            big_view = make_view(env.game.world, env.task, setting, (), width, height)
            try:
                big = big_view.game_frame(env.game).astype(np.float64)
            finally:
                big_view.close()
        finally:
            env.close()
    shrunk = np.einsum("hy,yxc,wx->hwc", box_weights(height, 64), big, box_weights(width, 64))
    hotbar = np.s_[59:63, 20:44]  # the hotbar's strip: 364 × 44 px centred at the bottom
    resized, cropped = images[BENCHMARK_WINDOW], images[None]
    off = np.abs(resized[hotbar] - shrunk[hotbar]).mean()
    assert off < 8.0  # the world behind the hotbar's see-through parts is drawn at 64 × 64
    assert np.abs(cropped[hotbar] - shrunk[hotbar]).mean() > 2 * off
