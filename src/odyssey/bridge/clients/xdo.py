#!/usr/bin/env python3
"""xdo: the xdotool subset Mine Odyssey's agents use, sent to Odyssey's control socket instead
of an X display (notes §2.2).

Commands (chained in one invocation as xdotool allows, e.g. ``xdo mousemove 400 300 click 1``):
``key [--delay N] K...``, ``keydown K...``, ``keyup K...``, ``type [--delay N] TEXT...``,
``mousemove [--sync] X Y``, ``mousemove_relative [--sync] [--] DX DY``, ``click [--repeat N] B``,
``mousedown B``, ``mouseup B``, ``getmouselocation [--shell]``, ``sleep SECONDS`` (game time).
Options that only matter to a real X server (``--delay``, ``--window``, ``--clearmodifiers``,
``--sync``) are accepted and ignored. Output and exit codes as xdotool: silent on success, a
message on stderr and exit 1 on failure; no arguments or no socket configured: exit 2 (as Mine
Odyssey's wrapper when xdotool is missing).

Standard library only, and nothing from odyssey: this file runs in the sandbox.
"""

from __future__ import annotations

import sys
from pathlib import Path

try:
    from . import _wire
except ImportError:  # run as a script, perhaps isolated (python -I): find the sibling module
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import _wire  # type: ignore[no-redef]

COMMANDS = ("key", "keydown", "keyup", "type", "mousemove", "mousemove_relative", "click",
            "mousedown", "mouseup", "getmouselocation", "sleep")  # fmt: skip
FLAGS = {"--sync", "--clearmodifiers", "--shell", "--polar", "--terminator"}  # no value
VALUED = {"--delay", "--window", "--repeat", "--screen", "--repeat-delay", "--prefix"}


class XdoError(Exception):
    """A command failed (exit status 1)."""


def split_command(args: list[str]) -> tuple[dict[str, str], list[str], list[str]]:
    """Options, positional arguments of one command, and the rest of the chain. Positionals run
    until the next command name; ``--`` makes what follows positional (negative numbers)."""
    options: dict[str, str] = {}
    positional: list[str] = []
    i, literal = 0, False
    while i < len(args):
        a = args[i]
        if not literal and a == "--":
            literal = True
        elif not literal and not positional and a in VALUED:
            if i + 1 >= len(args):
                raise XdoError(f"option {a} needs a value")
            options[a] = args[i + 1]
            i += 1
        elif not literal and not positional and a in FLAGS:
            options[a] = ""
        elif a in COMMANDS and positional:
            break
        else:
            positional.append(a)
        i += 1
    return options, positional, args[i:]


def count(name: str, positional: list[str], n: int) -> list[str]:
    if len(positional) < n:
        raise XdoError(f"{name}: expected {n} argument(s), got {len(positional)}")
    return positional[:n]


def number(text: str, what: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise XdoError(f"{what}: {text!r} is not a number") from None


def button(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise XdoError(f"invalid button {text!r}") from None


class Session:
    """Runs chained commands against one socket."""

    def __init__(self, socket_path: str) -> None:
        self.socket_path = socket_path

    def call(self, route: str, params: dict, extra_s: float = 0.0) -> dict:
        try:
            return _wire.call(self.socket_path, route, params, 8.0 + extra_s)
        except _wire.ControlError as e:
            raise XdoError(e.error) from None

    def key(self, pos: list[str], action: str) -> list[str]:
        for k in count("key", pos, 1) and pos:
            self.call("gui_key", {"key": k, "action": action})
        return []

    def run(self, name: str, opts: dict[str, str], pos: list[str]) -> list[str]:
        """Run one command; the positional arguments it did not use (read as the next command)."""
        if name in ("key", "keydown", "keyup"):
            return self.key(pos, {"key": "tap", "keydown": "down", "keyup": "up"}[name])
        if name == "type":
            self.call("gui_type", {"text": "".join(pos)})
        elif name in ("mousemove", "mousemove_relative"):
            x, y = (number(v, name) for v in count(name, pos, 2))
            self.call("mouse", {"action": "move", "x": x, "y": y,
                                "relative": name == "mousemove_relative"})  # fmt: skip
            return pos[2:]
        elif name in ("click", "mousedown", "mouseup"):
            b = button(count(name, pos, 1)[0])
            action = {"click": "click", "mousedown": "down", "mouseup": "up"}[name]
            repeat = int(number(opts.get("--repeat", "1"), "--repeat")) if name == "click" else 1
            for _ in range(max(1, repeat)):
                self.call("mouse", {"action": action, "button": b})
            return pos[1:]
        elif name == "getmouselocation":
            loc = self.call("mouse_location", {})
            if "--shell" in opts:
                print(f"X={loc['x']}\nY={loc['y']}\nSCREEN={loc['screen']}\nWINDOW={loc['window']}")
            else:
                print(f"x:{loc['x']} y:{loc['y']} screen:{loc['screen']} window:{loc['window']}")
        elif name == "sleep":
            seconds = number(count(name, pos, 1)[0], name)
            self.call("wait", {"seconds": seconds}, seconds)
            return pos[1:]
        return []


def execute(session: Session, args: list[str]) -> None:
    while args:
        name, rest = args[0], args[1:]
        if name not in COMMANDS:
            raise XdoError(f"Unknown command: {name}\nRun 'xdotool help' for a list of commands.")
        opts, pos, rest = split_command(rest)
        leftover = session.run(name, opts, pos)
        args = leftover + rest


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: xdo <xdotool command> [args...]", file=sys.stderr)
        return 2
    try:
        session = Session(_wire.find_socket())
    except _wire.ConfigError as e:
        print(f"xdo: {e}", file=sys.stderr)
        return 2
    try:
        execute(session, args)
    except XdoError as e:
        print(f"xdotool: {e}" if "Unknown command" in str(e) else f"xdo: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
