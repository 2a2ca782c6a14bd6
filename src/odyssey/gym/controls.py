"""A dict action applied to a game for one tick, with MineRL/VPT's convention for open screens.

With no screen open the keys move the player and ``camera`` turns it. With a screen open (the
inventory, a crafting table, a furnace, a chest, ...) the game takes no movement keys and, as in
MineRL and VPT, ``camera`` moves the mouse pointer instead: one pixel of the 640 × 360 window per
0.15° (vanilla's mouse at the default sensitivity; VPT's 360 / 2400). The pointer starts at the
window's centre when a screen opens, as vanilla re-centres the mouse. Then, as vanilla's mouse
and keys do over a screen:

- ``attack`` pressed (0 in the step before, 1 now): a left click on what is under the pointer —
  pick up or put down a stack, take a crafting result, an enchanting offer or a trade, or outside
  the screen drop the carried stack; with ``sneak`` held: a shift-click (move the stack across);
- ``use`` pressed: a right click (pick up half, put down one);
- ``hotbar.N`` pressed over a slot: swap it with hotbar slot N (vanilla's number keys);
- ``drop`` pressed over a slot: throw one item from it (Q);
- ``inventory`` pressed: close the screen (it opens the inventory when none is open).

Deliberate difference: vanilla's drag-to-split (holding a button while moving over slots) is not
modelled; each press is one click.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from odyssey.gym.spaces import CAMERA_MAX
from odyssey.sim.player import InputState

MOVE_KEYS = ("forward", "back", "left", "right", "jump", "sneak", "sprint", "attack", "use")
DEGREES_PER_PIXEL = 0.15
WINDOW = (640, 360)  # the window the pointer moves over (MineStudio's render size)
SWAP, THROW = 2, 4  # vanilla's click types


@dataclass
class Controls:
    """What a step must remember of the previous one: the keys that act when pressed (not
    held) and where the pointer is while a screen is open (window pixels)."""

    window: tuple[int, int] = WINDOW
    pressed: frozenset[str] = frozenset()
    pointer: tuple[float, float] | None = None

    def reset(self) -> None:
        self.pressed, self.pointer = frozenset(), None

    def follow(self, game: Any) -> None:
        """After a tick: centre the pointer on a screen that just opened (the inventory key, or
        ``use`` on a crafting table or chest), forget it when the screen closed."""
        if game.survival.menu is None:
            self.pointer = None
        elif self.pointer is None:
            self.pointer = (self.window[0] / 2, self.window[1] / 2)


def apply_action(game: Any, action: dict[str, Any], controls: Controls) -> None:
    """Apply one dict action before a tick (see the module docstring)."""
    from odyssey.sim import player_actions as pa

    held = {k for k, v in action.items() if k != "camera" and _on(v)}
    pressed = held - controls.pressed
    controls.pressed = frozenset(held)
    camera = np.clip(np.asarray(action.get("camera", (0.0, 0.0)), np.float64), -CAMERA_MAX,
                     CAMERA_MAX)  # fmt: skip
    survival = game.survival
    if survival.menu is not None:
        _screen_step(game, camera, held, pressed, controls)
        if "inventory" in pressed:
            pa.close_screen(game)
        game.hold(InputState())
        controls.follow(game)
        return
    p = game.player
    if camera[0] or camera[1]:
        game.look(p.yaw + float(camera[1]), min(max(p.pitch + float(camera[0]), -90.0), 90.0))
    for i in range(9, 0, -1):  # the lowest pressed hotbar key wins
        if f"hotbar.{i}" in held:
            pa.select_slot(game, i - 1)
    if "inventory" in pressed:
        pa.open_screen(game, "inventory")
    if "drop" in held and not p.dead:
        pa.drop_held(game)
    if survival.menu is not None:
        game.hold(InputState())
    else:
        game.hold(InputState(**{k: k in held for k in MOVE_KEYS}))
    controls.follow(game)


def _on(value: Any) -> bool:
    """A key's value is pressed: 1, True, np.int64(1) or a one-element array."""
    try:
        return bool(value)
    except ValueError:  # a longer array: pressed when any element is
        return bool(np.any(value))


def _screen_step(
    game: Any, camera: np.ndarray, held: set[str], pressed: set[str], controls: Controls
) -> None:
    from odyssey.bridge.survival_gui import click_at
    from odyssey.render.containers import slot_at
    from odyssey.sim import player_actions as pa
    from odyssey.sim.player import SimError

    controls.follow(game)  # a screen is open: the pointer is on it (centred if it just opened)
    width, height = controls.window
    x, y = controls.pointer
    x = min(max(x + float(camera[1]) / DEGREES_PER_PIXEL, 0.0), width - 1.0)
    y = min(max(y + float(camera[0]) / DEGREES_PER_PIXEL, 0.0), height - 1.0)
    controls.pointer = (x, y)
    if "attack" in pressed:
        click_at(game, controls.window, x, y, 0, "sneak" in held)
    if "use" in pressed and game.survival.menu is not None:
        click_at(game, controls.window, x, y, 1, False)
    if game.survival.menu is None:
        return
    slot = slot_at(game.survival.menu_kind, controls.window, x, y)
    if slot is None:
        return
    try:
        for i in range(1, 10):
            if f"hotbar.{i}" in pressed:
                pa.click_screen(game, slot, i - 1, SWAP)
                break
        if "drop" in pressed:
            pa.click_screen(game, slot, 0, THROW)
    except SimError:
        pass  # a slot that takes no swap (a crafting result with no room): vanilla ignores it
