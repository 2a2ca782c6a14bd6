"""Turning a chain of graph nodes into steps: the action each move needs (walk, jump, drop,
climb, open a door, press a button) and where the body must crouch."""

from __future__ import annotations

import math

from odyssey.nav.astar import EYE, JUMP_RISE, can_press
from odyssey.nav.graph import NavGraph
from odyssey.nav.path import Step
from odyssey.nav.profile import STANDING_HEIGHT
from odyssey.nav.surfaces import F_CLIMB, F_DOOR, F_IRON, HALF_WIDTH
from odyssey.nav.tables import K_DOOR

Pos = tuple[int, int, int]


def _body_blocks(graph: NavGraph, x: float, h: float, z: float) -> list[Pos]:
    out = []
    for by in range(math.floor(h + 1e-6), math.ceil(h + graph.profile.body_height - 1e-6)):
        for bz in range(math.floor(z - HALF_WIDTH), math.ceil(z + HALF_WIDTH)):
            for bx in range(math.floor(x - HALF_WIDTH), math.ceil(x + HALF_WIDTH)):
                out.append((bx, by, bz))
    return out


def door_in_the_way(graph: NavGraph, pos, kind: int) -> Pos | None:
    """The lower block of a closed door (or a gate) of ``kind`` in the body's space at ``pos``."""
    world = graph.world
    for b in _body_blocks(graph, *pos):
        state = world.get_block(*b)
        if graph.tables.kind[state] & kind:
            props = world.registry.properties(state)
            if props.get("half") == "upper":
                return (b[0], b[1] - 1, b[2])
            return b
    return None


def opener_for(graph: NavGraph, at, door_at) -> Pos | None:
    """The button or lever nearest to ``at``'s eyes that opens the iron door near ``door_at``."""
    best, best_d = None, math.inf
    eye = (at[0], at[1] + EYE, at[2])
    for block, opener in zip(graph.opener_blocks, graph.openers, strict=True):
        d = math.dist(opener[:3], eye)
        if can_press(*eye, opener) and math.dist(opener[:3], door_at) <= 3.0 and d < best_d:
            best, best_d = block, d
    return best


def describe(graph: NavGraph, nodes: list[int]) -> list[Step]:
    steps: list[Step] = []
    for i, v in enumerate(nodes):
        pos = graph.position(v)
        crouch = float(graph.node_c[v]) - pos[1] < STANDING_HEIGHT - 1e-6
        if i == 0:
            steps.append(Step(pos, "start", None, crouch))
            continue
        u = nodes[i - 1]
        prev = graph.position(u)
        fu, fv = int(graph.node_f[u]), int(graph.node_f[v])
        dy = pos[1] - prev[1]
        same_point = prev[0] == pos[0] and prev[2] == pos[2]
        target = None
        if same_point:
            action = "climb" if (fu & F_CLIMB and (fv & F_CLIMB or dy > 0)) or dy > 0 else "drop"
        elif fv & F_IRON and not fu & F_IRON:
            action, target = "press_button", opener_for(graph, prev, pos)
        elif fv & F_DOOR and not fu & F_DOOR:
            action, target = "open_door", door_in_the_way(graph, pos, K_DOOR)
        elif dy > JUMP_RISE:
            action = "jump"
        elif dy < -JUMP_RISE:
            action = "drop"
        else:
            action = "walk"
        steps.append(Step(pos, action, target, crouch))
    return steps
