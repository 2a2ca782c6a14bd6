"""A TNT explosion, as vanilla 1.21.11's ServerExplosion with the TNT block interaction.

In vanilla's order: the blocks to destroy (1352 rays, ``entities.explosion.blast_rays``, here
with every block's own blast resistance, a fluid's 100 inside waterlogged blocks, so TNT in
water breaks nothing); then the entities within 2 × power: the player, mobs, items and other
primed TNT take ``(i² + i) / 2 × 7 × 2·power + 1`` damage (i = closeness × exposure; the
player's scaled by difficulty, as an explosion's always is) and are pushed by i along the line
from the centre; then the blocks, in random order: each drops its loot as if mined with an
empty hand (loot merged into stacks of at most 16 per item, as ``addOrAppendStack``) and
becomes air; TNT among them is primed with a 10-29 tick fuse instead. TNT explosions drop
everything (the ``tnt_explosion_drop_decay`` rule is false by default; when true each drop
survives with chance 1 / power). Event ``explosion`` (value = power), sound
``entity.generic.explode``.
"""

from __future__ import annotations

import gzip
import json
import math
from functools import cache
from importlib import resources

import numpy as np

from odyssey.sim.mechanics import hooks
from odyssey.world.blocks import TABLE_FILE, BlockFlag, BlockRegistry

Pos = tuple[int, int, int]
RAYS = 1352  # the 16³ cube's surface
MERGE_LIMIT = 16  # ItemEntity.merge limit in addOrAppendStack
FLUID_RESISTANCE = 100.0
AIR_BLOCKS = ("air", "cave_air", "void_air")


@cache
def _raw_resistance() -> dict[str, float]:
    raw = json.loads(gzip.decompress(resources.files("odyssey.data").joinpath(TABLE_FILE)
                                     .read_bytes()))  # fmt: skip
    return {b["name"]: float(b.get("resistance") or 0.0) for b in raw["blocks"]}


_RESIST: dict[int, np.ndarray] = {}


def resistances(reg: BlockRegistry) -> np.ndarray:
    """Blast resistance per state: the block's, at least a fluid's inside waterlogged blocks,
    and −0.3 for every kind of air (so a ray loses nothing there, as vanilla skips air)."""
    found = _RESIST.get(id(reg))
    if found is None:
        table = _raw_resistance()
        found = np.zeros(reg.state_count, dtype=np.float64)
        for b in reg.blocks:
            found[b.min_state : b.max_state + 1] = table.get(b.name, 0.0)
            if b.name in AIR_BLOCKS:
                found[b.min_state : b.max_state + 1] = -0.3
        wet = (reg.state_flags & np.uint32(BlockFlag.WATERLOGGED)) != 0
        found[wet] = np.maximum(found[wet], FLUID_RESISTANCE)
        _RESIST[id(reg)] = found
    return found


def exploded_positions(game, centre: tuple[float, float, float], power: float) -> list[Pos]:
    """Explosion.calculateExplodedPositions."""
    from odyssey.sim.entities.explosion import blast_rays
    from odyssey.sim.mechanics.piston_motion import window

    w = window(game.world, centre, centre)
    randoms = game.survival.rng.random(RAYS)
    out = np.zeros((4096, 3), dtype=np.int64)
    resist = resistances(game.world.registry)
    n = blast_rays(w.states, w.origin, resist, *centre, power, randoms, out)
    return [(int(r[0]), int(r[1]), int(r[2])) for r in out[:n]]


def explode(game, centre: tuple[float, float, float], power: float) -> list[Pos]:
    """A TNT explosion at ``centre``: the destroyed block positions."""
    at = tuple(math.floor(v) for v in centre)
    game.emit("explosion", power, at, "tnt")
    hooks.sound(game, "entity.generic.explode", at)
    positions = exploded_positions(game, centre, power)
    _hurt_entities(game, centre, power)
    return _destroy_blocks(game, positions, power)


def _hurt_entities(game, centre: tuple[float, float, float], power: float) -> None:
    from odyssey.sim.entities.combat import difficulty_scaled, hurt
    from odyssey.sim.entities.explosion import impact_on
    from odyssey.sim.entities.kinds import kind
    from odyssey.sim.entities.projectiles import entity_box
    from odyssey.sim.entities.state import difficulty_id
    from odyssey.sim.mechanics.piston_motion import window
    from odyssey.sim.mechanics.tnt import SIZE

    s = game.survival
    w = window(game.world, centre, centre)
    p = game.player
    if not p.dead and s.gamemode != "spectator":
        _hurt_player(game, w, centre, power, difficulty_scaled, difficulty_id)
    if s.entities is not None:
        events: list = []
        for e in list(s.entities.entities.values()):
            if e.dead or e.type == "arrow":
                continue
            k = kind(e.type)
            eye = e.y if e.type == "item" else e.y + k.eye
            got = impact_on(w, centre, power, e.pos, eye, entity_box(e, k, 0.0))
            if got is None:
                continue
            e.vx, e.vy, e.vz = e.vx + got[1][0], e.vy + got[1][1], e.vz + got[1][2]
            if e.type == "item":  # ItemEntity.hurtServer: 5 health
                e.health -= got[0]
                if e.health <= 0.0:
                    e.dead = True
                    s.entities.remove(e.id)
            else:
                hurt(s.entities, e, got[0], "explosion", events)
    tnt = s.mechanics.get("tnt")
    for t in tnt.primed if tnt is not None else ():
        half = SIZE / 2
        box = (t.x - half, t.y, t.z - half, t.x + half, t.y + SIZE, t.z + half)
        got = impact_on(w, centre, power, (t.x, t.y, t.z), t.y, box)
        if got is not None:
            t.vx, t.vy, t.vz = t.vx + got[1][0], t.vy + got[1][1], t.vz + got[1][2]


def _hurt_player(game, w, centre, power, difficulty_scaled, difficulty_id) -> None:
    from odyssey.sim import layout as k
    from odyssey.sim.actions import hurt_player
    from odyssey.sim.entities.explosion import impact_on
    from odyssey.sim.player import PlayerState

    p = game.player
    box = tuple(float(v) for v in k.player_box(p.to_array(), p.attributes.as_array(0), p.pose))
    got = impact_on(w, centre, power, p.pos, p.pos[1] + p.eye_height, box)
    if got is None:
        return
    damage = difficulty_scaled(got[0], difficulty_id(game.survival.difficulty))
    hurt_player(game, damage, "explosion")
    p = game.player
    if p.dead:
        return
    st = p.to_array()
    st[k.S_VX] += got[1][0]
    st[k.S_VY] += got[1][1]
    st[k.S_VZ] += got[1][2]
    game.player = PlayerState.from_array(st, p.attributes)


def _destroy_blocks(game, positions: list[Pos], power: float) -> list[Pos]:
    """ServerExplosion.interactWithBlocks with BlockInteraction.DESTROY."""
    from odyssey.sim.entities.items import drop_from_block
    from odyssey.sim.entities.kinds import stack_size
    from odyssey.sim.entities.state import EntityStore
    from odyssey.sim.loot import LootContext, roll_drops
    from odyssey.sim.mechanics.tnt import FUSE, prime

    s = game.survival
    world = game.world
    reg = world.registry
    rng = s.rng
    decay = bool(s.rules.get("tnt_explosion_drop_decay", False))
    drops = bool(s.rules.get("do_tile_drops", True))
    collected: list[list] = []  # [item, count, pos]
    destroyed: list[Pos] = []
    for i in rng.permutation(len(positions)):
        pos = positions[int(i)]
        state = world.get_block(*pos)
        name = reg.block_of(state).name
        if name in AIR_BLOCKS:
            continue
        destroyed.append(pos)
        if name == "tnt":  # TntBlock.wasExploded: primed with a short fuse, drops nothing
            game.set_block(pos, 0)
            prime(game, pos, fuse=int(rng.integers(FUSE // 4)) + FUSE // 8, sound=False)
            continue
        if drops:
            ctx = LootContext(None, {}, reg.properties(state))
            for d in roll_drops(name, ctx, rng):
                if decay and rng.random() >= 1.0 / power:
                    continue
                _collect(collected, d.item, d.count, pos, min(stack_size(d.item), MERGE_LIMIT))
        game.set_block(pos, 0)
    if collected and s.entities is None:
        s.entities = EntityStore(s.seed)
    for item, count, pos in collected:
        drop_from_block(s.entities, item, count, pos)
    return destroyed


def _collect(collected: list[list], item: str, count: int, pos: Pos, limit: int) -> None:
    """Explosion.addOrAppendStack: top up earlier stacks of the item, then start a new one."""
    for c in collected:
        if c[0] == item and c[1] < limit:
            moved = min(limit - c[1], count)
            c[1] += moved
            count -= moved
            if count == 0:
                return
    collected.append([item, count, pos])
