"""Goals of bred, tamed, ridden and seated animals that take over from the usual AI, and the
dispatch to the goals of the mobs added for issue 14 (``OWN_AI``: phantom, witch, slime, goat,
blaze, piglin, and the enderman's block carrying).

``takes_over(ctx, e, k)`` runs before a mob's normal goals and returns True when one of these
goals drove the mob this tick. Flags are entity tags set by the mechanics (sim/mechanics):

- ``seated`` (a passenger of a boat or minecart) and ``sitting`` (a tamed pet told to sit): the
  mob stays still (vanilla: a passenger does not walk; SitWhenOrderedToGoal).
- ``ridden``: a horse steered by its rider; the riding mechanic sets forward/strafe/yaw.
- ``love``: BreedGoal: walk (speed 1.0) to the nearest same-type mob in love within 8 blocks.
- ``leashed`` (led by the player): walk toward the player, stopping 2 blocks short.
- ``tamed``: FollowOwnerGoal (start beyond 10 blocks, stop within 2, teleport beside the owner
  from 12) and, for wolves, OwnerHurtTargetGoal: attack the mob the owner last hit (its id in
  ``e.owner``) with MeleeAttackGoal (4 damage every 20 ticks).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from odyssey.sim.entities import more_mobs, nether_mobs, phantom
from odyssey.sim.entities.ai import Context, look_at, navigate, stop, yaw_to
from odyssey.sim.entities.combat import hurt
from odyssey.sim.entities.kinds import Kind
from odyssey.sim.entities.state import Entity

TAKE_OVER = frozenset({"seated", "sitting", "ridden", "love", "tamed", "leashed"})
BREED_RANGE = 8.0
FOLLOW_START, FOLLOW_STOP, FOLLOW_TELEPORT = 10.0, 2.0, 12.0
OWN_AI: dict[str, Callable[[Context, Entity, Kind], bool]] = {
    "phantom": phantom.think, "witch": more_mobs.witch, "slime": more_mobs.slime,
    "goat": more_mobs.goat, "enderman": more_mobs.enderman_carry, "blaze": nether_mobs.blaze,
    "piglin": nether_mobs.piglin,
}  # fmt: skip


def takes_over(ctx: Context, e: Entity, k: Kind) -> bool:
    """Run the first matching special goal; False leaves the mob to its normal goals."""
    tags = e.tags
    if tags and not tags.isdisjoint(TAKE_OVER) and special(ctx, e, k):
        return True
    own = OWN_AI.get(e.type)
    return own is not None and own(ctx, e, k)


def special(ctx: Context, e: Entity, k: Kind) -> bool:
    tags = e.tags
    if "seated" in tags or "sitting" in tags:
        stop(e)
        e.nav = None
        return True
    if "ridden" in tags:
        return True
    if "love" in tags and seek_partner(ctx, e, k):
        return True
    if "tamed" in tags and serve_owner(ctx, e, k):
        return True
    if "leashed" in tags:
        return follow_leash(ctx, e, k)
    return False


def follow_leash(ctx: Context, e: Entity, k: Kind) -> bool:
    """PathfinderMob.tickLeash within 6 blocks: walk toward the holder, 2 blocks short."""
    if not ctx.players or e.panic_ticks > 0:
        return False
    px, py, pz = ctx.players[0].pos
    f = math.dist((px, py, pz), (e.x, e.y, e.z))
    if f <= 2.0:
        return False
    s = (f - 2.0) / f
    navigate(ctx, e, k, e.x + (px - e.x) * s, e.y + (py - e.y) * s, e.z + (pz - e.z) * s, 1.0)
    return True


def seek_partner(ctx: Context, e: Entity, k: Kind) -> bool:
    best, best_d = None, BREED_RANGE * BREED_RANGE
    for o in ctx.store.entities.values():
        if o is e or o.type != e.type or o.dead or "love" not in o.tags:
            continue
        d = (o.x - e.x) ** 2 + (o.y - e.y) ** 2 + (o.z - e.z) ** 2
        if d < best_d:
            best, best_d = o, d
    if best is None:
        return False
    look_at(e, best.x, best.y + k.eye, best.z, k.eye)
    if best_d < 2.0:
        stop(e)
    else:
        navigate(ctx, e, k, best.x, best.y, best.z, 1.0)
    return True


def serve_owner(ctx: Context, e: Entity, k: Kind) -> bool:
    if not ctx.players:
        return False
    if e.type == "wolf" and attack_owner_target(ctx, e, k):
        return True
    p = ctx.players[0]
    px, py, pz = p.pos
    d = math.dist((px, py, pz), (e.x, e.y, e.z))
    following = "following" in e.tags
    if d >= FOLLOW_TELEPORT and e.type != "horse":
        yaw = math.radians(p.yaw)  # behind the owner (tryToTeleportToOwner, simplified)
        e.x, e.y, e.z = px + 1.5 * math.sin(yaw), py, pz - 1.5 * math.cos(yaw)
        e.vx = e.vy = e.vz = 0.0
        e.path = None
        return True
    if not following and d > FOLLOW_START and e.type != "horse":
        e.tags.add("following")
        following = True
    if following:
        if d < FOLLOW_STOP:
            e.tags.discard("following")
            stop(e)
            return True
        look_at(e, px, py + p.eye_height, pz, k.eye)
        navigate(ctx, e, k, px, py, pz, 1.0)
        return True
    return False


def attack_owner_target(ctx: Context, e: Entity, k: Kind) -> bool:
    t = ctx.store.entities.get(e.owner) if e.owner >= 0 else None
    if t is None or t.dead or t is e:
        e.owner = -1
        return False
    if e.attack_cooldown > 0:
        e.attack_cooldown -= 1
    reach = (k.width * 2.0) ** 2 + 1.6  # MeleeAttackGoal's reach, about the target's width
    d2 = (t.x - e.x) ** 2 + (t.y - e.y) ** 2 + (t.z - e.z) ** 2
    e.yaw = yaw_to(e, t.x, t.z)
    if d2 <= reach and e.attack_cooldown <= 0:
        e.attack_cooldown = 20
        hurt(ctx.store, t, k.attack or 4.0, "mob_attack", ctx.events, attacker_pos=e.pos)
    navigate(ctx, e, k, t.x, t.y, t.z, 1.0)
    return True
