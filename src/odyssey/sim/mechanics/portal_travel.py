"""Standing in a portal until it takes the player (vanilla 1.21.11's ``PortalProcessor`` and
``Entity.handlePortal``, ``setAsInsidePortal``), for Nether and End portals.

Each tick inside a portal counts; the player goes when the count before the tick reaches the
portal's transition time: 80 ticks in a Nether portal (the ``players_nether_portal_default_delay``
rule), 1 in creative (``players_nether_portal_creative_delay``), at once in an End portal.
A tick outside takes 4 off the count; at 0 the portal is forgotten. After a trip the player
has a portal cooldown of 10 ticks (``Player.getDimensionChangingDelay``), renewed every tick it
still stands in a portal, so it must step out before a portal takes it again.

The player is "in" a Nether portal when a portal block shares a cell with its box, in an End
portal when its box reaches into the portal's inside shape (y + 0.375 .. y + 0.75).
State: ``game.survival.mechanics["portal_travel"]``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from odyssey.sim import layout as k
from odyssey.sim.mechanics import end_portal, hooks, portal_forcer
from odyssey.sim.mechanics.flammability import tables

Pos = tuple[int, int, int]
MECHANIC = "portal_travel"
COOLDOWN = 10  # Player.getDimensionChangingDelay
DECAY = 4  # PortalProcessor.decayTick
HEIGHTS = {k.POSE_STANDING: 1.8, k.POSE_CROUCHING: 1.5, k.POSE_SWIMMING: 0.6}
END_INSIDE = (0.375, 0.75)  # EndPortalBlock's entity-inside shape, in the block


@dataclass
class PortalProcess:
    portal: str = ""  # "nether_portal" or "end_portal" (empty: none)
    entry: Pos | None = None
    time: int = 0
    inside: bool = False  # inside this tick
    cooldown: int = 0


def process(game) -> PortalProcess:
    found = game.survival.mechanics.get(MECHANIC)
    if not isinstance(found, PortalProcess):
        found = game.survival.mechanics[MECHANIC] = PortalProcess()
    return found


def transition_time(game, portal: str) -> int:
    if portal == "end_portal":
        return 0
    rules = game.survival.rules
    if game.survival.gamemode == "creative":
        return max(0, int(rules.get("players_nether_portal_creative_delay", 1)))
    return max(0, int(rules.get("players_nether_portal_default_delay", 80)))


def touched_portal(game) -> tuple[str, Pos] | None:
    """The portal block the player's box is in (the first found), if any."""
    p = game.player
    if p.dead:
        return None
    x, y, z = p.pos
    half = 0.3 * p.attributes.scale
    top = y + HEIGHTS.get(p.pose, 1.8) * p.attributes.scale
    eps = 1.0e-5
    names = tables(game.world.registry).names  # = registry.block_of(state).name, a tuple look-up
    get_block = game.world.get_block
    # the z and x ranges made once (the same for every layer; each only when the one before
    # is not empty, as the nested loops would), visited y, z, x as always
    ys = range(math.floor(y + eps), math.floor(top - eps) + 1)
    zs = range(math.floor(z - half + eps), math.floor(z + half - eps) + 1) if ys else ()
    xs = range(math.floor(x - half + eps), math.floor(x + half - eps) + 1) if zs else ()
    for by in ys:
        for bz in zs:
            for bx in xs:
                name = names[get_block(bx, by, bz)]
                if name == "nether_portal":
                    return name, (bx, by, bz)
                if name == "end_portal" and y < by + END_INSIDE[1] and top > by + END_INSIDE[0]:
                    return name, (bx, by, bz)
    return None


@hooks.on_player_tick
def _tick(game, before) -> None:
    pp = process(game)
    # Entity.handlePortal (base tick) first
    if pp.cooldown > 0:
        pp.cooldown -= 1
    if pp.portal:
        if not pp.inside:
            pp.time = max(pp.time - DECAY, 0)
            if pp.time <= 0:
                pp.portal, pp.entry = "", None
        else:
            pp.inside = False
            ready = not game.player.dead and pp.time >= transition_time(game, pp.portal)
            pp.time += 1
            if ready:
                pp.cooldown = COOLDOWN
                if pp.portal == "nether_portal":
                    portal_forcer.travel(game, pp.entry)
                else:
                    end_portal.travel(game, pp.entry)
    # then the blocks the player is in (setAsInsidePortal)
    touched = touched_portal(game)
    if touched is None or game.survival.gamemode == "spectator":
        return
    portal, pos = touched
    if pp.cooldown > 0:
        pp.cooldown = COOLDOWN
    elif pp.portal != portal:
        pp.portal, pp.entry, pp.time, pp.inside = portal, pos, 0, True
        if portal == "nether_portal":
            hooks.sound(game, "block.portal.trigger", pos)
    elif not pp.inside:
        pp.entry, pp.inside = pos, True
