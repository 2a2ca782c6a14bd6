"""The End portal: eyes of ender in the frames, the portal opening, and where it leads (vanilla
1.21.11's ``EnderEyeItem.useOn``, ``EndPortalFrameBlock``'s pattern and
``EndPortalBlock.getPortalDestination``).

An eye used on a frame without one fills it (sound ``block.end_portal_frame.fill``; the eye is
used up, not in creative). When the twelve frames around a 3x3 interior all hold eyes and all
face inwards (or all outwards: vanilla's pattern matches its mirror image too), the interior
becomes ``end_portal`` (sound ``block.end_portal.spawn``). Entering it from the overworld or the
Nether takes the player to the End's obsidian platform: feet at (100.5, 49, 0.5),
facing west, after vanilla's ``EndPlatformFeature`` puts a 5x5 obsidian floor at y 48 and air
in the three blocks above. An End portal in the End (the exit portal) leads back to the
player's spawn in the overworld (vanilla shows the credits first).
"""

from __future__ import annotations

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.dimensions import arrive

Pos = tuple[int, int, int]
FACING = {"north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0), "east": (1, 0, 0)}
END_SPAWN = (100, 49, 0)  # ServerLevel.END_SPAWN_POINT (100, 50, 0), less 1 for players
WEST_YAW = 90.0


def _frame(game, pos: Pos) -> dict[str, str] | None:
    state = game.world.get_block(*pos)
    reg = game.world.registry
    if reg.block_of(state).name != "end_portal_frame":
        return None
    return reg.properties(state)


def ring_sides(x0: int, y: int, z0: int) -> list[tuple[Pos, str]]:
    """The twelve frame positions around the interior at (x0..x0+2, z0..z0+2) with the facing
    that points inwards."""
    out = []
    for i in range(3):
        out += [((x0 + i, y, z0 - 1), "south"), ((x0 + i, y, z0 + 3), "north"),
                ((x0 - 1, y, z0 + i), "east"), ((x0 + 3, y, z0 + i), "west")]  # fmt: skip
    return out


OPPOSITE = {"north": "south", "south": "north", "west": "east", "east": "west"}


def find_ring(game, pos: Pos) -> tuple[int, int, int] | None:
    """The interior's lowest corner of a complete ring that the frame at ``pos`` is part of."""
    props = _frame(game, pos)
    if props is None:
        return None
    x, y, z = pos
    for inward in (True, False):
        facing = props["facing"] if inward else OPPOSITE[props["facing"]]
        fx, _, fz = FACING[facing]
        ax, az = x + fx, z + fz  # the interior cell next to the frame
        if fx:
            corners = [(ax if fx > 0 else ax - 2, az - k) for k in range(3)]
        else:
            corners = [(ax - k, az if fz > 0 else az - 2) for k in range(3)]
        for x0, z0 in corners:
            if _complete(game, x0, y, z0, inward):
                return x0, y, z0
    return None


def _complete(game, x0: int, y: int, z0: int, inward: bool) -> bool:
    for p, facing in ring_sides(x0, y, z0):
        props = _frame(game, p)
        wanted = facing if inward else OPPOSITE[facing]
        if props is None or props["eye"] != "true" or props["facing"] != wanted:
            return False
    return True


@hooks.on_use_item("ender_eye")
def _use(game, hit, held) -> bool:
    if hit is None:
        return False
    props = _frame(game, hit.pos)
    if props is None or props["eye"] == "true":
        return False
    s = game.survival
    reg = game.world.registry
    game.set_block(hit.pos, reg.state_of("end_portal_frame", {**props, "eye": "true"}))
    if s.gamemode != "creative":
        s.inventory.set(s.inventory.selected, held.with_count(held.count - 1))
    s.stats.add("used", "ender_eye")
    hooks.sound(game, "block.end_portal_frame.fill", hit.pos)
    ring = find_ring(game, hit.pos)
    if ring is not None:
        x0, y, z0 = ring
        portal = reg.default_state("end_portal")
        for dx in range(3):
            for dz in range(3):
                game.set_block((x0 + dx, y, z0 + dz), portal, update=False)
        hooks.sound(game, "block.end_portal.spawn", (x0 + 1, y, z0 + 1))
        game.emit("end_portal_opened", 0.0, (x0 + 1, y, z0 + 1))
    return True


def build_platform(game, centre: Pos) -> None:
    """EndPlatformFeature.createEndPlatform: obsidian under a 5x5 of air three blocks high."""
    reg = game.world.registry
    obsidian, air = reg.default_state("obsidian"), reg.default_state("air")
    x, y, z = centre
    for dx in range(-2, 3):
        for dz in range(-2, 3):
            for dy in range(-1, 3):
                want = obsidian if dy == -1 else air
                if game.world.get_block(x + dx, y + dy, z + dz) != want:
                    game.set_block((x + dx, y + dy, z + dz), want)


def travel(game, entry: Pos) -> None:
    """Through an End portal: to the End's platform, or from the End to the overworld spawn."""
    s = game.survival
    p = game.player
    if s.dimension != "the_end":

        def to_end(game):
            build_platform(game, END_SPAWN)
            x, y, z = END_SPAWN
            return (x + 0.5, float(y), z + 0.5), WEST_YAW

        arrive(game, "the_end", to_end, p.pitch, (END_SPAWN[0] + 0.5, END_SPAWN[2] + 0.5))
    else:

        def to_spawn(game):
            if s.spawn is not None:
                return s.spawn, p.yaw
            spawn = getattr(getattr(game.world, "info", None), "spawn", None) or (0, 64, 0)
            return (spawn[0] + 0.5, float(spawn[1]), spawn[2] + 0.5), p.yaw

        arrive(game, "overworld", to_spawn, p.pitch, (0.5, 0.5))
    hooks.sound(game, "block.portal.travel", tuple(int(v // 1) for v in game.player.pos))
