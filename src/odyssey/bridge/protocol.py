"""The control protocol between the game (the control server) and its clients (``mcapi``,
``xdo``, in-process agents): one JSON request per connection over a Unix stream socket.

A client connects, sends one UTF-8 JSON line ``{"route": str, "params": {...}, "lease": str |
null}``, shuts down its writing half and reads one JSON line back: ``{"ok": true, "body": {...}}``
or ``{"ok": false, "status": 400|404|409|500, "error": str}``. This is the shape of Mine Odyssey's
relay (notes §2.1: one JSON line, half-close, read the answer); the bodies are AgentBridge's
(notes §2.3), so ``mcapi`` prints what Mine Odyssey's prints.

``lease`` names the agent action (one ``exec``) a request belongs to. Only the current action's
lease may hold keys: when an action ends or is stopped, every key it holds is released, and its
later requests that would press keys are refused with status 409.

This module is deliberately standard-library only and imports nothing from odyssey: the command
line clients are copied into the sandbox, where odyssey is not installed.
"""

from __future__ import annotations

import json
import socket
from typing import Any

SOCKET_ENV = "ODYSSEY_CONTROL_SOCKET"
LEASE_ENV = "ODYSSEY_ACTION_LEASE"
MO_RELAY_ENV = "MCBOTS_AGENTBRIDGE_RELAY_SOCKET"  # Mine Odyssey's variable, honoured too
SANDBOX_SOCKET = "/run/odyssey/control.sock"  # where the socket appears inside the sandbox
MAX_REQUEST = 1 << 20
MAX_RESPONSE = 32 << 20  # screenshots travel as base64

# Routes an agent may use (the relay refuses anything else).
AGENT_ROUTES = (
    "health",
    "state",
    "input",  # {"type": MOVE_FORWARD|...|CLICK_RIGHT, "state": bool}
    "press",  # {"type", "duration"}: hold, let the time pass, release
    "look",  # {"yaw", "pitch", "interact"}: absolute vanilla degrees
    "right_click_block",  # {"x", "y", "z"}
    "right_click",  # {}
    "window_click",  # {"window", "slot", "button", "type"}
    "close_gui",  # {}
    "chat",  # {"text"}
    "wait",  # {"seconds"}: let game time pass (lockstep: advances it)
    "screenshot",  # {"format": "jpeg"|"png", "quality"}
    # survival games (a navigation game answers these as vanilla with nothing to act on)
    "hotbar",  # {"slot": 0-8}
    "drop",  # {"stack": bool}: Q (ctrl+Q)
    "inventory",  # {}: the slots, the open container's slots, the carried stack
    "open_inventory",  # {}: key E
    "craft",  # {"item", "times"}: the recipe book
    "respawn",  # {}: after death
    "stats",  # {}: the statistics, as vanilla's stats file
    "menu_button",  # {"button"}: an enchanting offer
    "rename_item",  # {"text"}: the anvil's name field
    "select_trade",  # {"index"}: a villager's trade
    "gui_key",  # {"key": xdotool keysym, "action": "tap"|"down"|"up"}
    "gui_type",  # {"text"}
    "mouse",  # {"action": "move"|"down"|"up"|"click"|"scroll", "x", "y", "button", "relative"}
    "mouse_location",  # {}
)
INPUT_TYPES = (
    "MOVE_FORWARD",
    "MOVE_BACK",
    "MOVE_LEFT",
    "MOVE_RIGHT",
    "JUMP",
    "SNEAK",
    "SPRINT",
    "CLICK_LEFT",
    "CLICK_RIGHT",
)
# mcapi input names -> the engine's key names (odyssey.sim.player.KEYS)
INPUT_KEYS = {
    "MOVE_FORWARD": "forward",
    "MOVE_BACK": "back",
    "MOVE_LEFT": "left",
    "MOVE_RIGHT": "right",
    "JUMP": "jump",
    "SNEAK": "sneak",
    "SPRINT": "sprint",
    "CLICK_LEFT": "attack",
    "CLICK_RIGHT": "use",
}


class ControlError(Exception):
    """A request failed: the server's status and error text (status 0: no connection)."""

    def __init__(self, status: int, error: str) -> None:
        super().__init__(error)
        self.status = status
        self.error = error


def encode(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def read_all(sock: socket.socket, limit: int) -> bytes:
    """Everything the peer sends until it closes its writing half (at most ``limit`` bytes)."""
    chunks, size = [], 0
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            raise ControlError(413, f"message larger than {limit} bytes")
        chunks.append(chunk)


def call(
    socket_path: str,
    route: str,
    params: dict[str, Any] | None = None,
    lease: str | None = None,
    timeout: float = 8.0,
) -> dict[str, Any]:
    """One request; the response body, or ControlError."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        try:
            sock.connect(socket_path)
        except OSError as e:
            raise ControlError(
                0, f"cannot connect to the control socket {socket_path}: {e}"
            ) from None
        sock.sendall(encode({"route": route, "params": params or {}, "lease": lease}))
        sock.shutdown(socket.SHUT_WR)
        raw = read_all(sock, MAX_RESPONSE)
    except TimeoutError:
        raise ControlError(0, f"no answer from the control socket within {timeout} s") from None
    finally:
        sock.close()
    try:
        reply = json.loads(raw)
    except json.JSONDecodeError:
        raise ControlError(
            500, f"the control server sent something that is not JSON: {raw[:80]!r}"
        ) from None
    if not reply.get("ok"):
        raise ControlError(int(reply.get("status", 500)), str(reply.get("error", "unknown error")))
    return reply["body"]
