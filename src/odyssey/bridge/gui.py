"""The control server's keyboard and mouse routes (what ``xdo`` sends): xdotool key names and
screen pixels turned into what Minecraft does with them.

- With no screen open, movement keys (w a s d space shift ctrl) are held like key bindings
  (a ``tap``, like a mouse click, holds for one tick: in lockstep it lets one tick pass); mouse
  motion turns the camera as vanilla's mouse look does, the pointer staying grabbed at the
  centre of the screen; buttons 1 and 3 are attack and use (pressing use right-clicks the block
  under the crosshair); the wheel changes the hotbar slot; ``F5`` switches first/third person;
  ``m`` opens the world map.
- With the world map open, every key goes to the map (search, ``Escape``, ``m``), the pointer
  moves freely within the screen, a drag with button 1 pans the map and the wheel zooms it at
  the pointer. Opening the map releases every held key, as vanilla does when a screen opens.

Mouse look: vanilla turns by ``pixels * 0.15 * f`` degrees with ``f = (0.6 * s + 0.2) ** 3 * 8``
for sensitivity ``s``; at the default sensitivity 0.5, ``f = 1``: 0.15 degrees per pixel.

Deliberate differences: Escape with no screen open does nothing (no pause menu), ``t`` opens no
chat box (chat goes through the ``chat`` route), F5 has no front view (the renderer's third
person looks from behind), and the six-view composite ignores F5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from odyssey.bridge import survival_gui
from odyssey.bridge.routes import (
    Handler,
    Params,
    RequestError,
    boolean,
    choice,
    integer,
    number,
    text,
)
from odyssey.render.worldmap import CHAR_KEYS

if TYPE_CHECKING:
    from odyssey.bridge.server import ControlServer, Screen
    from odyssey.render.screen import GameView

DEGREES_PER_PIXEL = 0.15  # vanilla mouse look at the default sensitivity 0.5
MOVEMENT_KEYS = {
    "w": "forward", "a": "left", "s": "back", "d": "right", "space": "jump",
    "shift": "sneak", "shift_l": "sneak", "shift_r": "sneak",
    "ctrl": "sprint", "control": "sprint", "control_l": "sprint", "control_r": "sprint",
}  # fmt: skip
BUTTON_KEYS = {1: "attack", 3: "use"}  # buttons with no screen open; 2 (pick block) does nothing
WHEEL_STEPS = {4: 1, 5: -1}  # X11 buttons 4 and 5: wheel up and down
NEXT_VIEW = {"first": "third", "third": "first"}


@dataclass
class GuiState:
    """The pointer (None: the centre of the screen), the mouse buttons held, and whether the
    server has used the screen's view (until then the map cannot be open, and asking would make
    the OpenGL view for nothing)."""

    pointer: tuple[int, int] | None = None
    buttons: set[int] = field(default_factory=set)
    touched: bool = False

    def view(self, screen: Screen) -> GameView:
        self.touched = True
        return screen.view

    def map_open(self, screen: Screen) -> bool:
        return self.touched and bool(screen.view.map_screen.is_open)

    def position(self, screen: Screen) -> tuple[int, int]:
        s = self.view(screen).settings
        return self.pointer if self.pointer is not None else (s.width // 2, s.height // 2)


# -- keyboard -----------------------------------------------------------------------------------


def gui_key(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    key = text(params, "key", limit=64)
    if not key:
        raise RequestError(400, "key: empty; expected an xdotool key name such as m or Escape")
    action = choice(params, "action", ("tap", "down", "up"), "tap")
    used = press_key(server, lease, key, action)
    return {"success": True, "message": "Key sent", "key": key, "action": action, "used": used,
            "gui_open": server.gui.map_open(server.screen)}  # fmt: skip


def gui_type(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """Each character as a key tap, as ``xdotool type`` does."""
    typed = text(params, "text")
    for char in typed:
        press_key(server, lease, "Return" if char == "\n" else CHAR_KEYS.get(char, char), "tap")
    return {"success": True, "message": "Text typed", "text": typed,
            "gui_open": server.gui.map_open(server.screen)}  # fmt: skip


def press_key(server: ControlServer, lease: str | None, key: str, action: str) -> bool:
    """One key event; whether something took it."""
    gui, screen = server.gui, server.screen
    movement = MOVEMENT_KEYS.get(key.lower())
    if movement is not None and not gui.map_open(screen):
        if action == "tap":
            server.set_key(lease, movement, True)
            try:
                server.pass_time(1, lease)
            finally:
                server.release_key(lease, movement)
        else:
            server.set_key(lease, movement, action == "down")
        return True
    if action == "up":
        return False  # screens and toggles act on key presses
    if not gui.map_open(screen) and survival_gui.key(server, key):
        gui.pointer, gui.buttons = None, set()
        return True
    with server.game.lock:
        view = gui.view(screen)
        was_open = view.map_screen.is_open
        if key == "F5" and not was_open:
            return toggle_third_person(view)
        used = bool(view.key(key))
        if view.map_screen.is_open != was_open:
            gui.pointer, gui.buttons = None, set()  # a screen change puts the pointer in the middle
            if not was_open:
                server.release_all()
        return used


def toggle_third_person(view: GameView) -> bool:
    mode = NEXT_VIEW.get(view.settings.view)
    if mode is None:
        return False
    view.with_settings(view=mode)
    return True


# -- mouse --------------------------------------------------------------------------------------


def mouse(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    action = choice(params, "action", ("move", "down", "up", "click", "scroll"))
    if action == "move" or ("x" in params and "y" in params):
        move(server, params)
    if action == "scroll":
        scroll(server, integer(params, "steps", 1))
    elif action != "move":
        button = integer(params, "button", 1)
        if not 1 <= button <= 5:
            raise RequestError(400, f"button: expected 1..5, got {button}")
        buttons(server, lease, button, action)
    x, y = server.gui.position(server.screen)
    p = server.game.player
    return {"success": True, "message": "Mouse updated", "action": action, "x": x, "y": y,
            "gui_open": server.gui.map_open(server.screen),
            "rotation": {"yaw": p.yaw, "pitch": p.pitch}}  # fmt: skip


def move(server: ControlServer, params: Params) -> None:
    x, y = number(params, "x"), number(params, "y")
    relative = boolean(params, "relative", False)
    gui, game = server.gui, server.game
    with game.lock:
        s = gui.view(server.screen).settings
        px, py = gui.position(server.screen)
        if survival_gui.screen_open(server):  # a container screen: the pointer is free
            tx, ty = (px + x, py + y) if relative else (x, y)
            gui.pointer = (_clamp(round(tx), s.width), _clamp(round(ty), s.height))
            survival_gui.point(server, *gui.pointer)
            return
        if gui.map_open(server.screen):
            sync_map(server)
            tx, ty = (px + x, py + y) if relative else (x, y)
            nx, ny = _clamp(round(tx), s.width), _clamp(round(ty), s.height)
            if 1 in gui.buttons:
                server.screen.view.drag(nx - px, ny - py)
            gui.pointer = (nx, ny)
            return
        # mouse look: the grabbed pointer sits at the centre, a warp elsewhere is a motion
        dx, dy = (x, y) if relative else (x - s.width // 2, y - s.height // 2)
        p = game.player
        game.look(p.yaw + dx * DEGREES_PER_PIXEL, p.pitch + dy * DEGREES_PER_PIXEL)
        gui.pointer = None


def scroll(server: ControlServer, steps: int) -> None:
    """Wheel ``steps`` notches (positive = up): zoom the map at the pointer, or the hotbar."""
    with server.game.lock:
        gui = server.gui
        at = gui.position(server.screen) if gui.map_open(server.screen) else None
        if at is not None:
            sync_map(server)
        gui.view(server.screen).scroll(steps, None if at is None else (float(at[0]), float(at[1])))


def sync_map(server: ControlServer) -> None:
    """Point the open map at the player and screen of now: the map screen remembers them from
    its last frame only, but Minecraft draws every frame, so a drag before any screenshot must
    start from where the player is now."""
    view, p = server.screen.view, server.game.player
    view.map_screen.player = (float(p.pos[0]), float(p.pos[2]))
    view.map_screen.size = (view.settings.width, view.settings.height)


def buttons(server: ControlServer, lease: str | None, button: int, action: str) -> None:
    gui = server.gui
    if button in WHEEL_STEPS:
        if action != "up":
            scroll(server, WHEEL_STEPS[button])
        return
    if survival_gui.screen_open(server):
        if action in ("down", "click"):
            survival_gui.click(server, button, "sneak" in server.held_keys())
        return
    key = None if gui.map_open(server.screen) else BUTTON_KEYS.get(button)
    if action in ("down", "click"):
        gui.buttons.add(button)
        if key is not None:
            server.set_key(lease, key, True)
    if action == "click" and key is not None:
        try:
            server.pass_time(1, lease)
        finally:
            server.release_key(lease, key)
    if action in ("up", "click"):
        gui.buttons.discard(button)
        if key is not None:
            server.set_key(lease, key, False)


def mouse_location(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    with server.game.lock:
        x, y = server.gui.position(server.screen)
    return {"success": True, "x": x, "y": y, "screen": 0, "window": "odyssey"}


def _clamp(v: int, size: int) -> int:
    return max(0, min(size - 1, v))


HANDLERS: dict[str, Handler] = {
    "gui_key": gui_key,
    "gui_type": gui_type,
    "mouse": mouse,
    "mouse_location": mouse_location,
}
