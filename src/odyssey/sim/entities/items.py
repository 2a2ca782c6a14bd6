"""Item entities: spawning (from a block, a death, a player's Q), merging, pickup, despawn.

Vanilla ItemEntity rules: a new item gets velocity (±0.1, 0.2, ±0.1); Block.popResource puts
it at the block centre ± 0.25; a player's drop starts at eye − 0.3 with velocity 0.3 along the
view and a 40-tick pickup delay (10 otherwise). Stacks merge every 2 ticks when they moved a
block, else every 40, with items whose box inflated by (0.5, 0, 0.5) overlaps, when the item
and components match and the counts fit one stack (the bigger stack absorbs the smaller). A
player picks up items touching its box inflated by (1, 0.5, 1) once the delay is over; items
despawn at age 6000.
"""

from __future__ import annotations

import math

from odyssey.sim.entities.kinds import stack_size
from odyssey.sim.entities.state import Entity, EntityEvent, EntityStore, PlayerView

DESPAWN_AGE = 6000
PLAYER_DROP_DELAY = 40
DEFAULT_DELAY = 10
HALF = 0.125  # half the item entity's 0.25 box


def spawn_item(
    store: EntityStore, item: str, count: int, pos: tuple[float, float, float],
    components: dict | None = None, delay: int = DEFAULT_DELAY,
) -> Entity:  # fmt: skip
    """An item entity at ``pos`` with vanilla's random initial velocity."""
    d = store.dice
    vel = (d.random() * 0.2 - 0.1, 0.2, d.random() * 0.2 - 0.1)
    yaw = d.random() * 360.0
    return store.add("item", pos, item=item, count=count, components=dict(components or {}),
                     vx=vel[0], vy=vel[1], vz=vel[2], yaw=yaw, pickup_delay=delay)  # fmt: skip


def drop_from_block(
    store: EntityStore, item: str, count: int, block: tuple[int, int, int],
    components: dict | None = None,
) -> Entity:  # fmt: skip
    """Block.popResource: an item near the centre of a broken block."""
    d = store.dice
    pos = tuple(block[i] + 0.5 + (d.random() * 0.5 - 0.25) - (HALF if i == 1 else 0.0)
                for i in range(3))  # fmt: skip
    return spawn_item(store, item, count, pos, components)  # type: ignore[arg-type]


def drop_from_player(
    store: EntityStore, item: str, count: int, player: PlayerView, components: dict | None = None,
) -> Entity:  # fmt: skip
    """Player.drop (the Q key): thrown 0.3 along the view from eye − 0.3, pickup delay 40."""
    d = store.dice
    x, y, z = player.pos
    e = spawn_item(store, item, count, (x, y + player.eye_height - 0.3, z), components,
                   PLAYER_DROP_DELAY)  # fmt: skip
    pitch, yaw = math.radians(player.pitch), math.radians(player.yaw)
    sp, cp, sy, cy = math.sin(pitch), math.cos(pitch), math.sin(yaw), math.cos(yaw)
    angle, spread = d.random() * math.pi * 2.0, 0.02 * d.random()
    e.vx = -sy * cp * 0.3 + math.cos(angle) * spread
    e.vy = -sp * 0.3 + 0.1 + (d.random() - d.random()) * 0.1
    e.vz = cy * cp * 0.3 + math.sin(angle) * spread
    return e


def mergeable(e: Entity) -> bool:
    return not e.dead and e.age < DESPAWN_AGE and e.count < stack_size(e.item)


def try_merge(store: EntityStore, e: Entity, items: list[Entity]) -> None:
    """ItemEntity.mergeWithNeighbours against the given items (in id order)."""
    for other in items:
        if other is e or other.dead or not mergeable(other):
            continue
        if abs(other.x - e.x) > 0.75 or e.y + 0.25 < other.y or other.y + 0.25 < e.y:
            continue  # boxes inflated by (0.5, 0, 0.5) do not overlap
        if abs(other.z - e.z) > 0.75:
            continue
        if other.item != e.item or other.components != e.components:
            continue
        if e.count + other.count > stack_size(e.item):
            continue
        dest, src = (e, other) if other.count < e.count else (other, e)
        dest.count += src.count
        dest.pickup_delay = max(dest.pickup_delay, src.pickup_delay)
        dest.age = min(dest.age, src.age)
        src.count, src.dead = 0, True
        store.remove(src.id)
        if e.dead or not mergeable(e):
            return


def touches(e: Entity, p: PlayerView) -> bool:
    """The item's box overlaps the player's box inflated by (1, 0.5, 1)."""
    x, y, z = p.pos
    half = p.width / 2.0 + 1.0
    return (abs(e.x - x) < half + HALF and abs(e.z - z) < half + HALF
            and e.y < y + p.height + 0.5 and e.y + 0.25 > y - 0.5)  # fmt: skip


def try_pickup(
    store: EntityStore, e: Entity, players: list[PlayerView], events: list[EntityEvent]
) -> None:
    """ItemEntity.playerTouch for the first (lowest index) player touching the item."""
    if e.pickup_delay > 0:
        return
    for index, p in enumerate(players):
        if p.pickup is None or p.dead or p.gamemode == "spectator" or not touches(e, p):
            continue
        taken = max(0, min(e.count, int(p.pickup(e.item, e.count, dict(e.components)))))
        if taken:
            e.count -= taken
            events.append(EntityEvent("item_picked_up", e.id, index, item=e.item, count=taken,
                                      pos=e.pos))  # fmt: skip
        if e.count <= 0:
            e.dead = True
            store.remove(e.id)
            return
