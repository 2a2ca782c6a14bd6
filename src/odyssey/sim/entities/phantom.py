"""Phantoms: flying undead that circle above the player and swoop (vanilla Phantom).

A phantom flies on its own (no gravity; it is in ``TICKERS``, outside the walking mobs' movement
pass): it circles an anchor point 20 blocks above its target (PhantomCircleAroundAnchorGoal:
radius 5–15, about 0.35 blocks a tick), and every 8–11 s (PhantomSweepAttackGoal's
``(8 + nextInt(4)) × 20`` ticks) it swoops at the player; touching the player deals 2 (easy/
normal scaling as every mob attack) and ends the swoop. It burns in daylight like zombies.
``spawn_phantoms`` puts 1 + random(difficulty + 1) of them 20–34 blocks above the player
(PhantomSpawner; the game's mechanics call it when the player has not rested for 3 days).

Deliberate differences: straight-line flight without vanilla's banking and block avoidance;
the phantom's size is always 0.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.ai import Context
from odyssey.sim.entities.combat import difficulty_scaled
from odyssey.sim.entities.kinds import Kind
from odyssey.sim.entities.projectiles import TICKERS
from odyssey.sim.entities.state import Dice, Entity, EntityEvent, EntityStore

CIRCLE_SPEED, SWOOP_SPEED = 0.35, 0.6
ANCHOR_HEIGHT = 20.0


def spawn_phantoms(
    store: EntityStore, pos: tuple[float, float, float], difficulty: int, dice: Dice
) -> list[Entity]:
    """PhantomSpawner's group above a player: 1 + nextInt(difficulty + 1) phantoms."""
    out = []
    for _ in range(1 + dice.integers(difficulty + 1)):
        y = pos[1] + 20 + dice.integers(15)
        x = pos[0] - 10 + dice.integers(21)
        z = pos[2] - 10 + dice.integers(21)
        e = store.add("phantom", (x + 0.5, float(y), z + 0.5))
        e.components = {"phase": "circle", "angle": dice.random() * 6.283, "radius": 5.0
                        + dice.random() * 10.0, "sweep": (8 + dice.integers(4)) * 20}  # fmt: skip
        out.append(e)
    return out


def think(ctx: Context, e: Entity, k: Kind) -> bool:
    """The phantom's goals: decided here, flown in ``fly``."""
    e.forward = e.strafe = 0.0
    e.jump = False
    return True


def fly(ctx: Context, e: Entity) -> None:
    """One tick of flight: circle the anchor, or swoop at the nearest targetable player (a
    phantom with NoAI hangs where it is, as vanilla's, which has no gravity)."""
    if e.no_ai:
        e.vx = e.vy = e.vz = 0.0
        return
    c = e.components
    if "phase" not in c:
        c.update(phase="circle", angle=0.0, radius=10.0, sweep=200)
    players = [p for p in ctx.players if p.targetable]
    if not players:
        goal = (e.x, e.y, e.z)
    else:
        p = min(players, key=lambda q: (q.pos[0] - e.x) ** 2 + (q.pos[2] - e.z) ** 2)
        px, py, pz = p.pos
        if c["phase"] == "circle":
            c["angle"] += CIRCLE_SPEED / c["radius"]
            goal = (px + math.cos(c["angle"]) * c["radius"], py + ANCHOR_HEIGHT,
                    pz + math.sin(c["angle"]) * c["radius"])  # fmt: skip
            c["sweep"] -= 1
            if c["sweep"] <= 0:
                c["phase"] = "swoop"
        else:
            goal = (px, py + p.height * 0.5, pz)
            hit = abs(px - e.x) < 0.75 and abs(pz - e.z) < 0.75 and py - 0.5 < e.y < py + p.height
            if hit:
                idx = ctx.players.index(p)
                ctx.events.append(EntityEvent("player_damage", e.id, idx,
                                              difficulty_scaled(2.0, ctx.difficulty),
                                              "mob_attack", e.pos))  # fmt: skip
            if hit or e.hurt_time > 0:
                c["phase"], c["sweep"] = "circle", (8 + ctx.dice.integers(4)) * 20
    speed = CIRCLE_SPEED if c["phase"] == "circle" else SWOOP_SPEED
    dx, dy, dz = goal[0] - e.x, goal[1] - e.y, goal[2] - e.z
    d = math.sqrt(dx * dx + dy * dy + dz * dz)
    if d > 1e-6:
        step = min(speed, d)
        e.vx, e.vy, e.vz = dx / d * step, dy / d * step, dz / d * step
        e.x, e.y, e.z = e.x + e.vx, e.y + e.vy, e.z + e.vz
        e.yaw = math.degrees(math.atan2(-dx, dz))


TICKERS["phantom"] = fly
