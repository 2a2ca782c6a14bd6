"""Keyboard and mouse (``xdo``) in a survival game: E opens and closes the inventory, Escape
closes a screen, Q drops, 1-9 pick the hotbar slot; with a screen open the pointer moves freely
and clicks land on the slot under it, as in vanilla (left: pick up or put down; right: half or
one; shift: move the stack across)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from odyssey.sim.player import SimError

if TYPE_CHECKING:
    from odyssey.bridge.server import ControlServer


def _act():
    """The survival actions, loaded on first use (a navigation server never needs them)."""
    from odyssey.sim import actions

    return actions


HOTBAR_KEYS = {str(n): n - 1 for n in range(1, 10)}
CLICK_BUTTONS = {1: 0, 3: 1}  # X11 left and right -> vanilla's button 0 and 1
OUTSIDE = -999  # vanilla's slot id for a click outside the screen: drop the carried stack


def screen_open(server: ControlServer) -> bool:
    s = server.game.survival
    return s is not None and s.menu is not None


def key(server: ControlServer, name: str) -> bool | None:
    """Handle a key press in a survival game; None when the key is not one of these."""
    game = server.game
    if game.survival is None:
        return None
    lowered = name.lower()
    with game.lock:
        if lowered == "e" or (lowered == "escape" and screen_open(server)):
            if screen_open(server):
                _act().close_screen(game)
                server.screen.mouse = None
            elif lowered == "e":
                _act().open_screen(game, "inventory")
                server.release_all()
            return True
        if screen_open(server):
            return None
        if lowered == "q":
            _act().drop_held(game)
            return True
        if lowered in HOTBAR_KEYS:
            _act().select_slot(game, HOTBAR_KEYS[lowered])
            return True
    return None


def point(server: ControlServer, x: float, y: float) -> None:
    """The pointer over an open screen (frame pixels)."""
    w, h = server.screen.view.settings.width, server.screen.view.settings.height
    server.screen.mouse = (max(0.0, min(w - 1.0, x)), max(0.0, min(h - 1.0, y)))


def click(server: ControlServer, button: int, shift: bool) -> bool:
    """A mouse button pressed over an open screen: a click on the slot under the pointer."""
    if button not in CLICK_BUTTONS or not screen_open(server):
        return False
    settings = server.screen.view.settings
    size = (settings.width, settings.height)
    x, y = server.screen.mouse or (size[0] / 2, size[1] / 2)
    click_at(server.game, size, x, y, CLICK_BUTTONS[button], shift)
    return True


def click_at(game: Any, size: tuple[int, int], x: float, y: float, button: int,
             shift: bool) -> None:  # fmt: skip
    """Vanilla's mouse click (``button`` 0 left, 1 right; ``shift`` held: move the stack
    across) at pixel (x, y) of a ``size`` frame showing the open screen: an offer button, a
    slot, the screen's background (nothing) or outside it (drop the carried stack)."""
    from odyssey.render.containers import button_at, geometry, image_size, slot_at  # on use

    s = game.survival
    if s is None or s.menu is None:
        return
    offers = len(s.menu.offers) if s.menu_kind == "merchant" else None
    offer = button_at(s.menu_kind, size, x, y, count=offers)
    if offer is not None:  # an enchanting offer or a trade in the list
        with game.lock:
            try:
                if s.menu_kind == "merchant":
                    from odyssey.sim.mechanics.villagers import select_trade

                    select_trade(game, offer)
                else:
                    _act().click_menu_button(game, offer)
            except SimError:
                pass  # vanilla ignores an offer it cannot take (no cost, too few levels)
        return
    slot = slot_at(s.menu_kind, size, x, y)
    if slot is None:
        g = geometry(size, s.menu_kind)
        gx, gy = x / g.scale - g.left, y / g.scale - g.top
        width, height = image_size(s.menu_kind)
        if 0 <= gx < width and 0 <= gy < height:
            return  # on the screen but on no slot: nothing happens
        slot = OUTSIDE
    mode = 1 if shift and slot != OUTSIDE else 0
    with game.lock:
        _act().click_screen(game, slot, button, mode)
