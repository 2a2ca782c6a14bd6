#!/usr/bin/env python3
"""mcapi: Mine Odyssey's Minecraft action command line, over Odyssey's control socket.

Subcommands, options, outputs and exit codes follow Mine Odyssey's ``scripts/runtime/mcapi``
(notes §2.1): actions are silent on success, queries print JSON (indent 2), a failure prints
``{"success": false, "error": ...}`` on stderr; exit 0 ok, 1 request error, 2 argument or
configuration error. Added: ``wait SECONDS`` and ``screenshot [--out FILE]``.

Differences: ``look --mode relative`` adds ``--yaw`` to the vanilla yaw, so positive turns
right (Mine Odyssey does the same; its prompt says left). ``press`` is one request: the server
holds the input, lets the duration pass in game time and releases it, so nothing stays held if
this process dies; on SIGTERM it also asks the server to release the input at once (the server
releases an action's keys when the action ends in any case).

Standard library only, and nothing from odyssey: this file runs in the sandbox.
"""

from __future__ import annotations

import json
import math
import os
import sys

TYPE_CHECKING = False  # argparse, typing and pathlib load only when needed: start-up is latency
if TYPE_CHECKING:
    import argparse
    from typing import Any

try:
    from . import _wire
except ImportError:  # run as a script, perhaps isolated (python -I): find the sibling module
    sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
    import _wire  # type: ignore[no-redef]

INPUTS = ("MOVE_FORWARD", "MOVE_BACK", "MOVE_LEFT", "MOVE_RIGHT", "JUMP", "SNEAK", "SPRINT",
          "CLICK_LEFT", "CLICK_RIGHT")  # fmt: skip
ALIASES = {"FORWARD": "MOVE_FORWARD", "BACK": "MOVE_BACK", "BACKWARD": "MOVE_BACK",
           "LEFT": "MOVE_LEFT", "RIGHT": "MOVE_RIGHT", "ATTACK": "CLICK_LEFT",
           "USE": "CLICK_RIGHT"}  # fmt: skip
EYE_HEIGHT = 1.62
FIRST_FRAME_S = 60.0


class UsageError(Exception):
    """A bad argument (exit status 2)."""


def finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def input_name(text: str) -> str:
    name = ALIASES.get(text.upper(), text.upper())
    if name not in INPUTS:
        import argparse

        raise argparse.ArgumentTypeError(f"unknown input {text!r}; expected one of "
                                         f"{', '.join(INPUTS)}")  # fmt: skip
    return name


def parser() -> argparse.ArgumentParser:
    import argparse

    p = argparse.ArgumentParser(prog="mcapi", description="Minecraft actions and state.")
    p.add_argument("--timeout", type=finite, default=8.0, help="seconds per request (8.0)")
    p.add_argument("--verbose", action="store_true", help="print JSON for actions too")
    sub = p.add_subparsers(dest="command", required=True, metavar="SUBCOMMAND")
    sub.add_parser("state", help="player position, rotation, health, motion")
    sub.add_parser("health", help="control server status")
    sub.add_parser("endpoint", help="where requests go")
    s = sub.add_parser("press", help="hold an input for DURATION seconds (0.05)")
    s.add_argument("input", type=input_name)
    s.add_argument("duration", type=finite, nargs="?", default=0.05)
    s = sub.add_parser("look", help="turn the view (degrees; positive pitch looks down)")
    s.add_argument("--yaw", type=finite, default=0.0)
    s.add_argument("--pitch", type=finite, default=0.0)
    s.add_argument("--mode", choices=("relative", "absolute"), default="relative")
    for name, text in (("look-at", "look at a block"), ("right-click-block", "use a block")):
        s = sub.add_parser(name, help=text)
        for axis in "xyz":
            s.add_argument(axis, type=int)
    s = sub.add_parser("window-click", help="click a slot of the open container")
    s.add_argument("--window", type=int)
    s.add_argument("--slot", type=int, required=True)
    s.add_argument("--button", type=int, required=True)
    s.add_argument("--type", default="PICKUP")
    sub.add_parser("close-gui", help="close the open container")
    s = sub.add_parser("chat", help="send a chat message")
    s.add_argument("words", nargs="+")
    s = sub.add_parser("wait", help="let SECONDS of game time pass")
    s.add_argument("seconds", type=finite)
    s = sub.add_parser("screenshot", help="save the screen (JPEG)")
    s.add_argument("--out", default="screenshot.jpg")
    s.add_argument("--format", choices=("jpeg", "png"), default="jpeg")
    # survival games
    s = sub.add_parser("hotbar", help="select hotbar slot SLOT (1-9, as the number keys)")
    s.add_argument("slot", type=int, choices=range(1, 10), metavar="SLOT")
    s = sub.add_parser("drop", help="drop the held item (Q; --stack: the whole stack)")
    s.add_argument("--stack", action="store_true")
    sub.add_parser("inventory", help="the inventory's slots and the open container's")
    sub.add_parser("open-inventory", help="open the inventory screen (E)")
    s = sub.add_parser("craft", help="craft ITEM from the inventory (the recipe book)")
    s.add_argument("item")
    s.add_argument("--times", type=int, default=1)
    sub.add_parser("respawn", help="respawn after death")
    sub.add_parser("stats", help="the statistics (vanilla's stats file layout)")
    s = sub.add_parser("menu-button", help="press button N of the open screen (enchanting offer)")
    s.add_argument("button", type=int)
    s = sub.add_parser("rename", help="type TEXT into the open anvil's name field")
    s.add_argument("words", nargs="+")
    s = sub.add_parser("select-trade", help="pick trade N (0 first) of the open villager screen")
    s.add_argument("index", type=int)
    return p


class Client:
    """Requests to one socket with one timeout."""

    def __init__(self, socket_path: str, timeout: float) -> None:
        self.socket_path, self.timeout = socket_path, timeout

    def __call__(self, route: str, params: dict[str, Any] | None = None, extra_s: float = 0.0):
        return _wire.call(self.socket_path, route, params, self.timeout + extra_s)

    def rotation(self) -> tuple[float, float]:
        r = self("state")["data"]["rotation"]
        return float(r["yaw"]), float(r["pitch"])


def clamp_pitch(pitch: float) -> tuple[float, bool]:
    clamped = min(90.0, max(-90.0, pitch))
    return clamped, clamped != pitch


def look(client: Client, args: argparse.Namespace) -> dict[str, Any]:
    base = client.rotation() if args.mode == "relative" else None
    yaw, pitch = (args.yaw, args.pitch) if base is None else (base[0] + args.yaw,
                                                               base[1] + args.pitch)  # fmt: skip
    pitch, clamped = clamp_pitch(pitch)
    body = client("look", {"yaw": yaw, "pitch": pitch, "interact": True})
    body["look_mode"] = args.mode
    body["requested"] = {"yaw": args.yaw, "pitch": args.pitch}
    body["resolved"] = {
        "mode": args.mode,
        "base_rotation": None if base is None else {"yaw": base[0], "pitch": base[1]},
        "delta": None if base is None else {"yaw": args.yaw, "pitch": args.pitch},
        "target": {"yaw": yaw, "pitch": pitch},
        "pitch_clamped": clamped,
    }
    return body


def look_angles(
    feet: tuple[float, float, float], target: tuple[int, int, int]
) -> tuple[float, float]:
    """Mine Odyssey's look-at: from the eye (feet + 1.62) to the integer point given."""
    dx = target[0] - feet[0]
    dy = target[1] - (feet[1] + EYE_HEIGHT)
    dz = target[2] - feet[2]
    yaw = (math.degrees(math.atan2(dz, dx)) - 90.0) % 360.0
    pitch = -math.degrees(math.atan2(dy, math.hypot(dx, dz)))
    return yaw, pitch


def look_at(client: Client, args: argparse.Namespace) -> dict[str, Any]:
    pos = client("state")["data"]["position"]
    feet = (float(pos["x"]), float(pos["y"]), float(pos["z"]))
    yaw, pitch = look_angles(feet, (args.x, args.y, args.z))
    body = client("look", {"yaw": yaw, "pitch": pitch, "interact": True})
    body["resolved"] = {
        "from_position": {"x": feet[0], "y": feet[1], "z": feet[2]},
        "target_block": {"x": args.x, "y": args.y, "z": args.z},
        "eye_height": EYE_HEIGHT,
        "computed": {"yaw": yaw, "pitch": pitch},
    }
    return body


def window_click(client: Client, args: argparse.Namespace) -> dict[str, Any]:
    window = args.window
    if window is None:
        window = int(client("state")["data"]["container_id"])
    params = {"window": window, "slot": args.slot, "button": args.button, "type": args.type}
    return client("window_click", params)


def screenshot(client: Client, args: argparse.Namespace) -> dict[str, Any]:
    # the first frame of an episode builds the renderer and meshes the world: give it time
    body = client("screenshot", {"format": args.format}, FIRST_FRAME_S)
    import base64
    from pathlib import Path

    data = base64.b64decode(body.pop("data"))
    try:
        Path(args.out).write_bytes(data)
    except OSError as e:
        raise _wire.ControlError(0, f"cannot write {args.out}: {e}") from None
    body.update(path=str(args.out), bytes=len(data))
    return body


def press(client: Client, args: argparse.Namespace) -> dict[str, Any]:
    import contextlib
    import signal

    def release(signum: int, frame: Any) -> None:  # the server releases anyway; do it now
        with contextlib.suppress(_wire.ControlError):
            _wire.call(client.socket_path, "input", {"type": args.input, "state": False}, 2.0)
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, release)
    if args.duration < 0:
        raise UsageError(f"duration must be >= 0, got {args.duration}")
    return client("press", {"type": args.input, "duration": args.duration}, args.duration)


def run(args: argparse.Namespace, client: Client) -> tuple[dict[str, Any], bool]:
    """The reply body, and whether it is printed without --verbose (a query)."""
    c = args.command
    if c in ("state", "health"):
        return client(c), True
    if c == "screenshot":
        return screenshot(client, args), True
    if c == "press":
        return press(client, args), False
    if c == "look":
        return look(client, args), False
    if c == "look-at":
        return look_at(client, args), False
    if c == "right-click-block":
        return client("right_click_block", {"x": args.x, "y": args.y, "z": args.z}), False
    if c == "window-click":
        return window_click(client, args), False
    if c == "close-gui":
        return client("close_gui"), False
    if c == "chat":
        return client("chat", {"text": " ".join(args.words)}), False
    if c == "hotbar":
        return client("hotbar", {"slot": args.slot - 1}), False
    if c == "drop":
        return client("drop", {"stack": args.stack}), False
    if c == "inventory":
        return client("inventory"), True
    if c == "open-inventory":
        return client("open_inventory"), False
    if c == "stats":
        return client("stats"), True
    if c == "respawn":
        return client("respawn"), False
    if c == "craft":
        return client("craft", {"item": args.item, "times": args.times}), False
    if c == "menu-button":
        return client("menu_button", {"button": args.button}), False
    if c == "rename":
        return client("rename_item", {"text": " ".join(args.words)}), False
    if c == "select-trade":
        return client("select_trade", {"index": args.index}), False
    if c == "wait":
        if args.seconds < 0:
            raise UsageError(f"seconds must be >= 0, got {args.seconds}")
        return client("wait", {"seconds": args.seconds}, args.seconds), False
    raise UsageError(f"unknown subcommand {c}")


def fail(message: str, code: int) -> int:
    print(json.dumps({"success": False, "error": message}), file=sys.stderr)
    return code


def quick(argv: list[str]) -> int | None:
    """``state`` and ``health`` without options, the commonest query, answered without loading
    argparse (a third of the start-up time); None: use the full parser."""
    if len(argv) != 1 or argv[0] not in ("state", "health"):
        return None
    try:
        body = _wire.call(_wire.find_socket(), argv[0], None, 8.0)
    except _wire.ConfigError as e:
        return fail(str(e), 2)
    except _wire.ControlError as e:
        return fail(e.error, 1)
    print(json.dumps(body, indent=2, ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    fast = quick(argv)
    if fast is not None:
        return fast
    args = parser().parse_args(argv)  # exits 2 on a bad argument, as Mine Odyssey's does
    try:
        socket_path = _wire.find_socket()
    except _wire.ConfigError as e:
        return fail(str(e), 2)
    if args.command == "endpoint":
        print(json.dumps({"success": True, "endpoint": f"unix:{socket_path}"}, indent=2))
        return 0
    try:
        body, query = run(args, Client(socket_path, args.timeout))
    except UsageError as e:
        return fail(str(e), 2)
    except _wire.ControlError as e:
        return fail(e.error, 1)
    if query or args.verbose:
        print(json.dumps(body, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
