"""TNT, as vanilla 1.21.11's TntBlock and PrimedTnt.

The ``tnt`` block is primed (replaced by air and a primed TNT entity) by redstone power when
placed or when a neighbour changes (``hasNeighborSignal``), by flint and steel (1 durability)
or a fire charge (used up) used on it, by fire (``ignite_tnt``, which the fire mechanic calls)
and by another explosion (``tnt_blast``: a short fuse of 10-29 ticks, ``nextInt(fuse / 4) +
fuse / 8``). Primed TNT starts at the block's bottom centre with a hop (velocity (−sin a ×
0.02, 0.2, −cos a × 0.02), a random), a fuse of 80 ticks, and each tick falls by 0.04, moves
with collisions, slows by 0.98 (× (0.7, −0.5, 0.7) on the ground); at fuse 0 it explodes with
power 4 at 0.0625 of its height (``tnt_blast.explode``). Sounds ``entity.tnt.primed`` and,
through the blast, ``entity.generic.explode``. The game rule ``tnt_explodes`` (default true)
turns priming off, as vanilla's.

Primed TNT lives in ``game.survival.mechanics["tnt"].primed`` (a list of ``PrimedTnt``: feet
position, velocity, ``fuse`` ticks left), not in the entity store: the store's entity kinds
have no primed TNT yet (it would be ticked as a standing mob). For the renderer: a primed TNT
is the TNT block drawn 0.98 wide at its position, flashing white while ``fuse // 5`` is even
and swelling in its last 10 ticks (vanilla's TntRenderer). Deliberate differences: TNT is not
pushed by water flow, and unstable TNT does not prime when broken.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from odyssey.sim.mechanics import hooks
from odyssey.sim.player import PlayerState

Pos = tuple[int, int, int]
FUSE = 80
POWER = 4.0
SIZE = 0.98
GRAVITY = 0.04


@dataclass
class PrimedTnt:
    """One primed TNT entity."""

    id: int
    x: float
    y: float
    z: float
    vx: float = 0.0
    vy: float = 0.0
    vz: float = 0.0
    fuse: int = FUSE
    on_ground: bool = False
    by_player: bool = False  # lit by the player (vanilla's owner)


@dataclass
class TntState:
    primed: list[PrimedTnt] = field(default_factory=list)
    next_id: int = 1


def state_of(game) -> TntState:
    found = game.survival.mechanics.get("tnt")
    if found is None:
        found = game.survival.mechanics["tnt"] = TntState()
    return found


def prime(
    game, pos: Pos, by_player: bool = False, fuse: int = FUSE, sound: bool = True
) -> PrimedTnt | None:
    """TntBlock.prime: a primed TNT at the block's bottom centre (the caller removes the block);
    None when the ``tnt_explodes`` rule is off. ``sound`` False: TntBlock.wasExploded, which
    primes silently."""
    s = game.survival
    if not s.rules.get("tnt_explodes", True):
        return None
    st = state_of(game)
    a = float(s.rng.random()) * math.pi * 2.0
    t = PrimedTnt(st.next_id, pos[0] + 0.5, float(pos[1]), pos[2] + 0.5, -math.sin(a) * 0.02,
                  0.2, -math.cos(a) * 0.02, fuse, by_player=by_player)  # fmt: skip
    st.next_id += 1
    st.primed.append(t)
    if sound:
        hooks.sound(game, "entity.tnt.primed", pos)
    game.emit("tnt_primed", float(fuse), pos)
    return t


def ignite_tnt(game, pos: Pos, by_player: bool = False) -> bool:
    """Light the TNT block at ``pos`` (fire, a flaming arrow, flint and steel): it becomes a
    primed TNT; False when there is no TNT there or the rules keep it from priming."""
    reg = game.world.registry
    if reg.block_of(game.world.get_block(*pos)).name != "tnt":
        return False
    if prime(game, pos, by_player) is None:
        return False
    game.set_block(pos, 0)
    return True


@hooks.on_neighbour("tnt")
def powered(game, pos: Pos, state: int, source: Pos) -> None:
    """TntBlock.onPlace / neighborChanged: redstone power primes it."""
    from odyssey.sim.mechanics.power import is_powered

    if is_powered(game.world, pos):
        ignite_tnt(game, pos)


@hooks.on_use_block("tnt")
def use_on_tnt(game, hit, held) -> bool:
    """TntBlock.useItemOn: flint and steel (1 durability) or a fire charge (used up)."""
    if held is None or held.item not in ("flint_and_steel", "fire_charge"):
        return False
    s = game.survival
    if s.gamemode == "spectator" or not ignite_tnt(game, hit.pos, by_player=True):
        return False
    if s.gamemode != "creative":
        hand = held.hurt(1) if held.item == "flint_and_steel" else held.with_count(held.count - 1)
        s.inventory.set(s.inventory.selected, hand)
    s.stats.add("used", held.item)
    return True


@hooks.on_player_tick
def tick(game, before: PlayerState) -> None:
    """PrimedTnt.tick for every primed TNT (those primed during the tick wait for the next)."""
    st = game.survival.mechanics.get("tnt")
    if st is None or not st.primed:
        return
    from odyssey.sim.mechanics.piston_motion import move_row
    from odyssey.sim.mechanics.tnt_blast import explode

    world = game.world
    for t in list(st.primed):
        if t not in st.primed:
            continue
        t.vy -= GRAVITY
        row, t.on_ground, _ = move_row(world, (t.x, t.y, t.z), (t.vx, t.vy, t.vz), SIZE,
                                       t.on_ground)  # fmt: skip
        t.x, t.y, t.z = float(row[0]), float(row[1]), float(row[2])
        t.vx, t.vy, t.vz = float(row[3]) * 0.98, float(row[4]) * 0.98, float(row[5]) * 0.98
        if t.on_ground:
            t.vx, t.vy, t.vz = t.vx * 0.7, t.vy * -0.5, t.vz * 0.7
        t.fuse -= 1
        if t.y < world.dimension.min_y - 64:
            st.primed.remove(t)
        elif t.fuse <= 0:
            st.primed.remove(t)
            explode(game, (t.x, t.y + SIZE * 0.0625, t.z), POWER)
