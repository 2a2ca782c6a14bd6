"""Loading the physics scenarios of tests/sim/scenarios.json and their golden traces."""

from __future__ import annotations

import json
from pathlib import Path

from odyssey.sim.player import PlayerState
from odyssey.sim.trace import parse_inputs
from odyssey.world import World

HERE = Path(__file__).resolve().parent
SCENARIOS = {s["name"]: s for s in json.loads((HERE / "scenarios.json").read_text())}


def build_world(scenario: dict) -> World:
    """The scenario's blocks: fills (half-open boxes) and single blocks, in order."""
    world = World()
    for item in scenario["blocks"]:
        if "fill" in item:
            x0, y0, z0, x1, y1, z1 = item["fill"]
            world.fill((x0, y0, z0), (x1, y1, z1), item["state"])
        else:
            world.set_block(*item["set"], item["state"])
    return world


def start_player(scenario: dict) -> PlayerState:
    start = scenario["start"]
    return PlayerState(
        pos=tuple(start["pos"]),
        vel=tuple(start.get("vel", (0.0, 0.0, 0.0))),
        yaw=start.get("yaw", 0.0),
        pitch=start.get("pitch", 0.0),
        on_ground=start.get("on_ground", False),
    )


def golden(name: str) -> list[dict]:
    lines = (HERE / "golden" / f"{name}.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines[1:]]


def inputs(scenario: dict):
    return parse_inputs(scenario["inputs"], scenario["name"])
