"""An explosion set off by a block (a bed used in the Nether or the End): vanilla's
ServerExplosion with the ray pass, damage and knockback of ``entities.explosion``.

Order as vanilla's: the blocks the rays reach are found first, then the player and the mobs
near take damage (scaled by difficulty for the player) and a push, then the blocks go and,
with ``fire``, a third of the destroyed places with a solid block under them catch fire (soul
fire on soul sand and soul soil). Destroyed blocks drop nothing (as ``entities.explosion``).
"""

from __future__ import annotations

import math

import numpy as np

from odyssey.sim import layout as k
from odyssey.sim.entities.combat import difficulty_scaled, hurt
from odyssey.sim.entities.explosion import exploded_blocks, impact_on
from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.motion import EntityWindow
from odyssey.sim.entities.projectiles import entity_box
from odyssey.sim.entities.state import difficulty_id
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import is_air, names
from odyssey.sim.player import PlayerState
from odyssey.world.blocks import AIR, BlockFlag

Pos = tuple[int, int, int]
RAYS = 1352
SOUL_FIRE_BASE = ("soul_sand", "soul_soil")


def explode(game, centre: tuple[float, float, float], power: float, fire: bool,
            cause: str = "bad_respawn_point") -> list[Pos]:  # fmt: skip
    """Blow up around ``centre``; the destroyed block positions."""
    from odyssey.sim.actions import hurt_player  # the actions module imports the mechanics

    s = game.survival
    world = game.world
    window = EntityWindow(world)
    window.cover(centre, centre)
    destroyed = exploded_blocks(window, centre, power, s.rng.random(RAYS))
    p = game.player
    if not p.dead and s.gamemode not in ("creative", "spectator"):
        x, y, z = p.pos
        box = (x - 0.3, y, z - 0.3, x + 0.3, y + 1.8, z + 0.3)
        got = impact_on(window, centre, power, p.pos, y + p.eye_height, box)
        if got is not None:
            hurt_player(game, difficulty_scaled(got[0], difficulty_id(s.difficulty)), "explosion")
            if not game.player.dead:
                st = game.player.to_array()
                st[k.S_VX] += got[1][0]
                st[k.S_VY] += got[1][1]
                st[k.S_VZ] += got[1][2]
                game.player = PlayerState.from_array(st, game.player.attributes)
    if s.entities is not None:
        events: list = []
        for e in list(s.entities.entities.values()):
            size = kind(e.type)
            if e.dead or not size.living:
                continue
            got = impact_on(window, centre, power, e.pos, e.y + size.eye, entity_box(e, size, 0.0))
            if got is not None:
                e.vx, e.vy, e.vz = e.vx + got[1][0], e.vy + got[1][1], e.vz + got[1][2]
                hurt(s.entities, e, got[0], "explosion", events)
    for pos in destroyed:
        game.set_block(pos, AIR)
    if fire:
        _set_fires(game, destroyed)
    at = tuple(math.floor(v) for v in centre)
    game.emit("explosion", power, at, cause)  # type: ignore[arg-type]
    hooks.sound(game, "entity.generic.explode", at)  # type: ignore[arg-type]
    return destroyed


def _set_fires(game, destroyed: list[Pos]) -> None:
    """ServerExplosion.createFire: nextInt(3) == 0, air, and a solid block below."""
    world = game.world
    reg = world.registry
    rng = game.survival.rng
    for pos in destroyed:
        if int(rng.integers(3)) != 0:
            continue
        if not is_air(reg, world.get_block(*pos)):
            continue
        under = world.get_block(pos[0], pos[1] - 1, pos[2])
        if not reg.state_flags[under] & np.uint32(BlockFlag.FULL_CUBE):
            continue
        soul = names(reg)[under] in SOUL_FIRE_BASE
        game.set_block(pos, reg.default_state("soul_fire" if soul else "fire"))
