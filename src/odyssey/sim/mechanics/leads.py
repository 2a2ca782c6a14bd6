"""Leads (vanilla LeadItem, Leashable, LeashFenceKnotEntity).

Right-click an animal with a lead: it is leashed to the player (one lead used). A leashed mob
walks after its holder, stopping 2 blocks short (PathfinderMob: navigation toward the holder);
beyond 6 blocks it is pulled (velocity += sign·(d/f)²·0.4 per axis); beyond 10 the lead breaks
and drops. Right-click a fence while leading mobs: those within 7 blocks are tied to a
``leash_knot`` entity on the fence (one knot per fence). Right-clicking a leashed mob with the
lead's holder unleashes it and drops the lead.

Deliberate difference: the pre-1.21.6 leash rules (6 / 10 blocks, the brief's numbers), not
1.21.6's elastic leash; hostile mobs cannot be leashed (vanilla allows a few, e.g. zoglins).
"""

from __future__ import annotations

import math

from odyssey.sim.entities.items import spawn_item
from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.state import Entity
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import hooks

PULL, BREAK, BIND_RANGE = 6.0, 10.0, 7.0
FENCES = tuple(f"{w}_fence" for w in ("oak", "spruce", "birch", "jungle", "acacia", "dark_oak",
                                      "mangrove", "cherry", "pale_oak", "bamboo", "crimson",
                                      "warped", "nether_brick"))  # fmt: skip


def leashable(e: Entity) -> bool:
    k = kind(e.type)
    return k.living and k.simulated and not k.hostile and e.type not in c.VEHICLES


@hooks.on_use_item("lead")
def use_lead(game, hit, held) -> bool:
    """LeadItem on a mob (Mob.interact → setLeashedTo), or on a fence (bindPlayerMobs)."""
    e = c.pick(game, vehicles=False)
    if e is not None and leashable(e) and c.animal(game, e).leash is None:
        leash(game, e, "player")
        c.consume(game)
        c.state_of(game).used_tick = game.tick_count
        return True
    if hit is not None and block_name(game, hit.pos) in FENCES:
        return tie_to_fence(game, hit, held)
    return False


@hooks.on_use_block(*FENCES)
def tie_to_fence(game, hit, held) -> bool:
    """Mobs the player leads within 7 blocks get tied to a knot on this fence."""
    st = c.state_of(game)
    ents = c.store(game).entities
    p = game.player.pos
    led = [ents[i] for i, a in st.animals.items()
           if a.leash == "player" and i in ents
           and c.distance(ents[i], p) <= BIND_RANGE]  # fmt: skip
    if not led:
        return False
    pos = tuple(hit.pos)
    if pos not in st.knots or st.knots[pos] not in ents:
        knot = c.store(game).add("leash_knot", (pos[0] + 0.5, pos[1] + 0.375, pos[2] + 0.5))
        st.knots[pos] = knot.id
    for e in led:
        leash(game, e, pos)
    hooks.sound(game, "entity.leash_knot.place", pos)
    st.used_tick = game.tick_count
    return True


def block_name(game, pos) -> str:
    reg = game.world.registry
    return reg.block_of(game.world.get_block(*pos)).name


def leash(game, e: Entity, holder) -> None:
    c.animal(game, e).leash = holder
    e.tags.discard("leashed")
    if holder == "player":
        e.tags.add("leashed")
    game.emit("leashed", float(e.id), None, e.type)


def unleash(game, e: Entity, drop: bool = True) -> None:
    """Leashable.dropLeash: the lead falls as an item."""
    a = c.animal(game, e)
    a.leash = None
    e.tags.discard("leashed")
    if drop:
        spawn_item(c.store(game), "lead", 1, (e.x, e.y + 0.5, e.z))
    hooks.sound(game, "entity.leash_knot.break")


def unleash_by_hand(game, e: Entity) -> bool:
    a = c.state_of(game).animals.get(e.id)
    if a is None or a.leash != "player":
        return False
    unleash(game, e, drop=game.survival.gamemode != "creative")
    return True


def holder_pos(game, a: c.Animal) -> tuple[float, float, float]:
    if a.leash == "player":
        x, y, z = game.player.pos
        return (x, y + game.player.eye_height * 0.5, z)
    x, y, z = a.leash  # type: ignore[misc]
    return (x + 0.5, y + 0.375, z + 0.5)


@hooks.on_player_tick
def tick(game, before) -> None:
    """Mob.tickLeash for every leashed mob; knots with nothing tied vanish."""
    st = c.state_of(game)
    if game.survival.entities is None or (not st.animals and not st.knots):
        return  # (no animal: no leash to tick and no knot to keep)
    ents = game.survival.entities.entities
    for eid, a in list(st.animals.items()):
        if a.leash is None or eid not in ents:
            continue
        e = ents[eid]
        if isinstance(a.leash, tuple) and block_name(game, a.leash) not in FENCES:
            unleash(game, e)  # the fence was broken
            continue
        hx, hy, hz = holder_pos(game, a)
        dx, dy, dz = hx - e.x, hy - e.y, hz - e.z
        f = math.sqrt(dx * dx + dy * dy + dz * dz)
        if f > BREAK:
            unleash(game, e)
        elif f > PULL:
            e.vx += math.copysign((dx / f) ** 2 * 0.4, dx)
            e.vy += math.copysign((dy / f) ** 2 * 0.4, dy)
            e.vz += math.copysign((dz / f) ** 2 * 0.4, dz)
            e.fall_distance = 0.0
    tied = {a.leash for a in st.animals.values() if isinstance(a.leash, tuple)}
    for pos, knot in list(st.knots.items()):
        if pos not in tied:
            c.store(game).remove(knot)
            del st.knots[pos]


c.first(use_lead, ("lead",))
