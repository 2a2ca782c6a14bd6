"""Turns a planned route into one shell command that walks it with ``mcapi`` alone, in closed
loop (read the state, turn, step), from inside the sandbox: what a capable model might write.
Tests use it as the scripted model's ``exec`` content."""

from __future__ import annotations

import json
import shlex

# Runs inside the sandbox with the sandbox's python3; only mcapi reaches the game.
FOLLOWER = r"""
import json, math, subprocess, sys
plan = json.loads(sys.argv[1])
def mc(*args):
    done = subprocess.run(["mcapi", *args], capture_output=True, text=True)
    if done.returncode != 0:
        print("mcapi", *args, "->", done.returncode, done.stderr.strip(), file=sys.stderr)
    return done.stdout
def feet():
    p = json.loads(mc("state"))["data"]["position"]
    return p["x"], p["y"], p["z"]
for leg in plan:
    if leg.get("door"):
        mc("right-click-block", *map(str, leg["door"]))
    tx, ty, tz = leg["to"]
    for _ in range(60):
        x, y, z = feet()
        d = math.hypot(tx - x, tz - z)
        if d < 0.4:
            break
        yaw = math.degrees(math.atan2(-(tx - x), tz - z))
        mc("look", "--mode", "absolute", "--yaw", f"{yaw:.2f}", "--pitch", "0")
        mc("press", "MOVE_FORWARD", f"{min(0.25, max(0.05, d / 4.3)):.2f}")
    if leg.get("dwell"):
        mc("wait", "1.1")
print("walked", len(plan), "legs; at", feet())
"""


def route_plan(route) -> list[dict]:
    """Legs of a nav route: corners where the direction or the action changes; the leg through a
    closed door names it (opened once; a second pass finds it open), a button is pressed each
    time; a leg reaching a stop dwells for one verifier sample."""
    steps, stops = route.steps, set(route.stop_steps[1:])
    legs: list[dict] = []
    opened: set[tuple] = set()  # the planner plans on closed doors; once open they stay open
    for i in range(1, len(steps)):
        step = steps[i]
        last = i == len(steps) - 1
        nxt = steps[i + 1] if not last else None
        turn = False
        if nxt is not None:
            a = (step.pos[0] - steps[i - 1].pos[0], step.pos[2] - steps[i - 1].pos[2])
            b = (nxt.pos[0] - step.pos[0], nxt.pos[2] - step.pos[2])
            turn = abs(a[0] * b[1] - a[1] * b[0]) > 1e-6 or abs(step.pos[1] - nxt.pos[1]) > 1e-6
        door_next = nxt is not None and nxt.action in ("open_door", "press_button")
        if last or turn or door_next or i in stops or step.action != "walk":
            leg = {"to": list(step.pos), "dwell": i in stops}
            target = None if step.target is None else tuple(step.target)
            if step.action == "press_button" or (
                step.action == "open_door" and target not in opened
            ):
                leg["door"] = list(target)
                opened.add(target)
            legs.append(leg)
    return legs


def follower_command(route) -> str:
    return f"python3 -c {shlex.quote(FOLLOWER)} {shlex.quote(json.dumps(route_plan(route)))}"
