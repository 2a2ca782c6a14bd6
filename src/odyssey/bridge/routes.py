"""The control server's game routes, with AgentBridge's reply bodies (Mine Odyssey notes §2.3),
and the parameter checks shared with the GUI routes.

A handler takes the server, the request's params and its lease, and returns the reply body; it
raises ``RequestError`` for an answer other than success. Handlers that only read or change the
game take ``game.lock`` (a realtime clock ticks on its own thread); handlers that let time pass
must not hold it while they wait.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image

from odyssey import __version__
from odyssey.bridge.protocol import INPUT_KEYS, INPUT_TYPES
from odyssey.errors import OdysseyError
from odyssey.sim.clock import seconds_to_ticks
from odyssey.sim.player import SimError

if TYPE_CHECKING:
    from odyssey.bridge.server import ControlServer

Params = dict[str, Any]
Handler = Callable[["ControlServer", Params, "str | None"], dict[str, Any]]

MINECRAFT_VERSION = "1.21.11"
MAX_TIME_S = 300.0  # one press or wait at most: Mine Odyssey's per-command limit
MAX_CHAT = 256  # vanilla's chat line limit
DEFAULT_PRESS_S = 0.05


class RequestError(OdysseyError):
    """A request answered with an error: the status (400, 404, 409, 500) and the message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


@dataclass(frozen=True)
class ChatLine:
    """A chat message an agent sent, at the game tick it arrived."""

    tick: int
    text: str
    lease: str | None


# -- parameters ---------------------------------------------------------------------------------

_MISSING = object()


def number(
    params: Params, name: str, default: Any = _MISSING, lo: float = -math.inf, hi: float = math.inf
) -> float:
    """A finite number in [lo, hi] (a numeric string is accepted, as HTTP query values are)."""
    value = params.get(name, default)
    if value is _MISSING:
        raise RequestError(400, f"{name}: missing; expected a number")
    try:
        x = float(value) if isinstance(value, int | float | str) and value is not True else None
    except ValueError:
        x = None
    if x is None or value is False or not math.isfinite(x):
        raise RequestError(400, f"{name}: expected a finite number, got {value!r}")
    if not lo <= x <= hi:
        raise RequestError(400, f"{name}: {x:g} is out of range; expected {lo:g}..{hi:g}")
    return x


def integer(params: Params, name: str, default: Any = _MISSING) -> int:
    """An integer (a JSON number without fraction or a decimal string)."""
    value = params.get(name, default)
    if value is _MISSING:
        raise RequestError(400, f"{name}: missing; expected an integer")
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RequestError(400, f"{name}: expected an integer, got {value!r}")
    try:
        x = float(value)
    except ValueError:
        raise RequestError(400, f"{name}: expected an integer, got {value!r}") from None
    if not (math.isfinite(x) and x == int(x)):
        raise RequestError(400, f"{name}: expected an integer, got {value!r}")
    return int(x)


def boolean(params: Params, name: str, default: bool) -> bool:
    value = params.get(name, default)
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    if not isinstance(value, bool):
        raise RequestError(400, f"{name}: expected true or false, got {value!r}")
    return value


def text(params: Params, name: str, default: Any = _MISSING, limit: int = MAX_CHAT) -> str:
    value = params.get(name, default)
    if value is _MISSING:
        raise RequestError(400, f"{name}: missing; expected a string")
    if not isinstance(value, str):
        raise RequestError(400, f"{name}: expected a string, got {value!r}")
    if len(value) > limit:
        raise RequestError(400, f"{name}: {len(value)} characters; at most {limit} allowed")
    return value


def choice(params: Params, name: str, options: tuple[str, ...], default: Any = _MISSING) -> str:
    value = params.get(name, default)
    if value not in options:
        raise RequestError(400, f"{name}: expected one of {', '.join(options)}, got {value!r}")
    return str(value)


def input_key(params: Params) -> tuple[str, str]:
    """The mcapi input name (any case) and the engine key it holds."""
    value = params.get("type")
    name = value.upper() if isinstance(value, str) else value
    if name not in INPUT_KEYS:
        raise RequestError(400, f"type: expected one of {', '.join(INPUT_TYPES)}, got {value!r}")
    return name, INPUT_KEYS[name]


def xyz(values: tuple[float, float, float]) -> dict[str, float]:
    return {"x": values[0], "y": values[1], "z": values[2]}


# -- routes -------------------------------------------------------------------------------------


def health(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    return {
        "success": True,
        "status": "healthy",
        "mod_version": "1.0.0",  # AgentBridge's; ours is odyssey_version
        "odyssey_version": __version__,
        "minecraft_version": MINECRAFT_VERSION,
        "baritone_available": False,
        "input_backend": "minecraft_key_mapping",  # keys map onto the engine's key bindings
        "coordinate_lock_enabled": server.coordinate_lock,
        "coordinate_lock_policy_version": "xaero-coordinate-filter-v2",
        # Odyssey's map and chat never show coordinates, so nothing is ever blocked
        "coordinate_lock_blocked_screen_count": 0,
        "coordinate_lock_blocked_chat_count": 0,
        "clock": server.clock.kind,
        "tick": server.game.tick_count,
    }


def state(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    game = server.game
    with game.lock:
        p = game.player
        if p.dead:
            raise RequestError(500, "Player or game mode not available")
        data = {
            "position": xyz(tuple(float(v) for v in p.pos)),
            "block_position": xyz(tuple(math.floor(v) for v in p.pos)),
            "rotation": {"yaw": float(p.yaw), "pitch": float(p.pitch)},
            "health": float(p.health),
            "max_health": 20.0,
            "food": 20,
            "gamemode": "ADVENTURE" if game.rules.adventure else "SURVIVAL",
            "motion": xyz(tuple(float(v) for v in p.vel)),  # blocks per tick
            "on_ground": bool(p.on_ground),
            "container_id": 0,  # the player's inventory: no container is ever open
            "gui_open": server.gui.map_open(server.screen),
        }
        if game.survival is not None:  # hunger, game mode, the held item, an open container
            from odyssey.bridge.survival_routes import survival_state

            data.update(survival_state(server))
        return {"success": True, "data": data}


def input_route(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    name, key = input_key(params)
    if "state" not in params:
        raise RequestError(400, "state: missing; expected true or false")
    down = boolean(params, "state", False)
    server.set_key(lease, key, down)
    return {"success": True, "message": "Input state updated", "input": name, "state": down}


def press(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """Hold the input, let ``duration`` seconds of game time pass, release it (also when the
    action ends meanwhile: the lease's keys are released then and the wait stops)."""
    name, key = input_key(params)
    duration = number(params, "duration", DEFAULT_PRESS_S, 0.0, MAX_TIME_S)
    server.set_key(lease, key, True)
    try:
        ticks = server.pass_time(seconds_to_ticks(duration), lease)
    finally:
        server.release_key(lease, key)
    return {"success": True, "message": "Input tapped", "input": name, "duration": duration,
            "press": True, "release": True, "ticks": ticks}  # fmt: skip


def look(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    yaw = number(params, "yaw")
    pitch = number(params, "pitch")
    if not -90.0 <= pitch <= 90.0:  # AgentBridge refuses rather than clamps
        raise RequestError(400, f"pitch: {pitch:g} is out of range; expected -90..90")
    # "interact" (AgentBridge: move the crosshair target too) changes nothing here: the
    # crosshair block is always computed from the current view
    server.game.look(yaw, pitch)
    return {"success": True, "message": "Look direction updated", "yaw": yaw, "pitch": pitch}


def right_click_block(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    pos = (integer(params, "x"), integer(params, "y"), integer(params, "z"))
    game = server.game
    try:
        if game.survival is None:
            events = game.use(pos)
        else:  # screens, buckets, flint and steel...: the survival player's use of the block
            from odyssey.sim.actions import use_block_at

            with game.lock:
                start = len(game.events)
                use_block_at(game, pos)
                events = game.events[start:]
    except SimError as e:
        raise RequestError(400, str(e)) from e
    return {"success": True, "message": "Right-clicked block", "position": xyz(pos),
            "events": [e.kind for e in events]}  # fmt: skip


def right_click(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    events = server.game.use(None)
    return {"success": True, "message": "Right-clicked", "events": [e.kind for e in events]}


def chat(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """Logged with its tick. A command ("/...") runs in a survival game; in a navigation
    game it is not run (the benchmark allows no commands)."""
    message = text(params, "text")
    if not message.strip():
        raise RequestError(400, "text: empty; expected a message")
    with server.game.lock:
        server.chat_log.append(ChatLine(server.game.tick_count, message, lease))
    if message.startswith("/") and server.game.survival is not None:
        from odyssey.bridge.survival_routes import command

        return command(server, message)
    return {"success": True, "message": "Chat message sent", "content": message,
            "backend": "odyssey"}  # fmt: skip


def wait(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    seconds = number(params, "seconds", lo=0.0, hi=MAX_TIME_S)
    ticks = server.pass_time(seconds_to_ticks(seconds), lease)
    return {"success": True, "message": "Waited", "seconds": seconds, "ticks": ticks,
            "tick": server.game.tick_count}  # fmt: skip


def screenshot(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    fmt = choice(params, "format", ("jpeg", "png"), "jpeg")
    with server.game.lock:  # the frame and its tick belong together
        frame = server.screen.frame()
        tick = server.game.tick_count
        quality = server.screen.view.settings.jpeg_quality
    quality = int(number(params, "quality", quality, 1, 100))
    buf = io.BytesIO()
    image = Image.fromarray(frame, "RGB")
    if fmt == "jpeg":
        image.save(buf, format="JPEG", quality=quality)
    else:
        image.save(buf, format="PNG")
    return {"success": True, "mime": f"image/{fmt}", "width": image.width,
            "height": image.height, "tick": tick,
            "data": base64.b64encode(buf.getvalue()).decode("ascii")}  # fmt: skip


HANDLERS: dict[str, Handler] = {
    "health": health,
    "state": state,
    "input": input_route,
    "press": press,
    "look": look,
    "right_click_block": right_click_block,
    "right_click": right_click,
    "chat": chat,
    "wait": wait,
    "screenshot": screenshot,
}
