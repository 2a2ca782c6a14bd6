"""The oracle's body: skills are generators that yield MCU actions (``mcu.actions``) and read
the live game between them (the oracle is privileged: it reads the world, the entities and the
task's rule; everything it changes, it changes through actions like any agent).

Primitives here: look, walk, select an item, break a block and collect its drops, use a block
or an entity, place a block, attack an entity. Task families (``oracle.families_*``) build on
them and register themselves per rule kind with :func:`skill`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from odyssey.episode.protocol import Hold, Look, Use, Wait
from odyssey.mcu.actions import Click, CloseScreen, McuAction, OpenInventory, Select
from odyssey.mcu.needs import McuError
from odyssey.sim.game import Game
from odyssey.sim.reach import crosshair_block, outline_boxes

Pos = tuple[int, int, int]
Point = tuple[float, float, float]
Script = Iterator[McuAction]
REACH = 4.0  # comfortably inside the 4.5-block interaction range
GONE = ("air", "cave_air", "void_air", "water")  # what a broken block leaves


class OracleStuckError(McuError):
    """The oracle cannot go on with the task (the reason is recorded, not raised further)."""


@dataclass
class Ctx:
    """The oracle's view of one episode: the live game and notes on what it did."""

    game: Game
    notes: list[str] = field(default_factory=list)
    avoid: tuple[str, ...] = ()  # items a constraint forbids holding (``without``)

    @property
    def player(self):
        return self.game.player

    @property
    def eye(self) -> Point:
        x, y, z = self.game.player.pos
        return (x, y + self.game.player.eye_height, z)

    def feet(self) -> Pos:
        x, y, z = self.game.player.pos
        return (math.floor(x), math.floor(y), math.floor(z))

    def name_at(self, pos: Pos) -> str:
        return self.game.world.registry.block_of(self.game.world.get_block(*pos)).name

    def count(self, item: str) -> int:
        return self.game.survival.inventory.count(item)

    def slot_of(self, item: str) -> int:
        inv = self.game.survival.inventory
        return next((i for i, s in enumerate(inv.slots[:36]) if s and s.item == item), -1)


# -- registry of skills by rule kind -------------------------------------------------------------

SkillFn = Callable[[Ctx, object], Script]
SKILLS: dict[str, list[tuple[Callable[[Ctx, object], bool], SkillFn]]] = {}


def skill(kind: str, when: Callable[[Ctx, object], bool] = lambda ctx, rule: True):
    """Register a skill for rules of ``kind`` that satisfy ``when`` (first match wins)."""

    def register(fn: SkillFn) -> SkillFn:
        SKILLS.setdefault(kind, []).append((when, fn))
        return fn

    return register


def skill_for(ctx: Ctx, rule) -> SkillFn:
    for when, fn in SKILLS.get(rule.kind, []):
        if when(ctx, rule):
            return fn
    raise OracleStuckError(f"no oracle skill for {rule.kind} rule {rule!r}")


# -- looking and walking --------------------------------------------------------------------------


def angles_to(ctx: Ctx, point: Point) -> tuple[float, float]:
    ex, ey, ez = ctx.eye
    dx, dy, dz = point[0] - ex, point[1] - ey, point[2] - ez
    yaw = math.degrees(math.atan2(-dx, dz))
    pitch = -math.degrees(math.atan2(dy, math.hypot(dx, dz)))
    return yaw, pitch


def look(ctx: Ctx, point: Point) -> Script:
    yaw, pitch = angles_to(ctx, point)
    yield Look(yaw, pitch)


def flat_distance(ctx: Ctx, x: float, z: float) -> float:
    px, _, pz = ctx.player.pos
    return math.hypot(x - px, z - pz)


def walk_to(ctx: Ctx, x: float, z: float, within: float = 0.6, limit: int = 400) -> Script:
    """Walk straight towards (x, z), jumping when blocked, until within ``within`` blocks."""
    for _ in range(limit // 2):
        if flat_distance(ctx, x, z) <= within:
            return
        px, _, pz = ctx.player.pos
        yaw = math.degrees(math.atan2(-(x - px), z - pz))
        keys = ("forward", "jump") if ctx.player.collided_horizontally else ("forward",)
        yield Hold(keys, ticks=2, yaw=yaw, pitch=0.0)
    if flat_distance(ctx, x, z) > within + 1.0:
        raise OracleStuckError(f"could not walk to ({x:.1f}, {z:.1f}) from {ctx.player.pos}")


def approach(ctx: Ctx, point: Point, reach: float = REACH) -> Script:
    """Walk until ``point`` is within ``reach`` of the eyes (stopping a little short)."""
    if math.dist(ctx.eye, point) <= reach:
        return
    d = flat_distance(ctx, point[0], point[2])
    stop = max(0.0, min(d, reach - 1.0))
    yield from walk_to(ctx, point[0], point[2], within=max(0.8, stop))


# -- items ----------------------------------------------------------------------------------------


def select_item(ctx: Ctx, item: str) -> Script:
    """Hold ``item`` in the main hand: its hotbar key, or swapped into the hotbar first."""
    inv = ctx.game.survival.inventory
    slot = ctx.slot_of(item)
    if slot < 0:
        raise OracleStuckError(f"no {item} in the inventory")
    if slot >= 9:  # a hotbar-swap click (mode 2) in the inventory screen moves it to the hotbar
        target = inv.selected
        yield OpenInventory()
        yield Click(slot, target, 2)  # inventory slot i (9-35) is menu slot i
        yield CloseScreen()
        slot = target
    if inv.selected != slot:
        yield Select(slot)


# -- blocks ---------------------------------------------------------------------------------------


def face_point(ctx: Ctx, pos: Pos) -> Point:
    """The point of the block's outline nearest the eyes (slightly inside it)."""
    boxes = outline_boxes(ctx.game.world, ctx.game.world.get_block(*pos))
    lo, hi = (boxes[0][:3], boxes[0][3:]) if len(boxes) else ((0, 0, 0), (1, 1, 1))
    # the ray only meets a box in the block's own cell: a fence's or wall's 1.5-high box
    # cannot be hit above 1
    return tuple(min(max(v, p + a + 0.05), p + min(b, 1.0) - 0.05)
                 for v, p, a, b in zip(ctx.eye, pos, lo, hi, strict=True))  # fmt: skip


def aim_block(ctx: Ctx, pos: Pos, point: Point | None = None, tries: int = 6) -> Script:
    """Look at ``pos``; soft things in the way (grass, flowers) are punched away first."""
    for _ in range(tries):
        yield from look(ctx, point or face_point(ctx, pos))
        hit = crosshair_block(ctx.game.world, ctx.player)
        if hit is not None and hit.pos == pos:
            return
        if hit is None:
            raise OracleStuckError(f"{pos} is out of sight from {ctx.player.pos}")
        yield from _hold_attack_until_changed(ctx, hit.pos, 1200)  # a slow block, or fatigue
    raise OracleStuckError(f"could not aim at {pos}")


def _hold_attack_until_changed(ctx: Ctx, pos: Pos, limit: int) -> Script:
    before = ctx.game.world.get_block(*pos)
    for _ in range(0, limit, 5):
        yield Hold(("attack",), ticks=5)
        if ctx.game.world.get_block(*pos) != before:
            return
    raise OracleStuckError(f"{ctx.name_at(pos)} at {pos} did not break in {limit} ticks")


def break_block(ctx: Ctx, pos: Pos, limit: int = 1200) -> Script:
    """Walk in reach of ``pos``, break it and pick up what it drops."""
    yield from approach(ctx, (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5))
    yield from aim_block(ctx, pos)
    yield from _hold_attack_until_changed(ctx, pos, limit)
    yield from collect_drops(ctx, (pos[0] + 0.5, pos[1], pos[2] + 0.5))


def collect_drops(ctx: Ctx, near: Point, radius: float = 4.0) -> Script:
    """Walk over the item entities near ``near`` until they are picked up (or a time out)."""
    store = ctx.game.survival.entities
    for _ in range(6):
        yield Wait(10)
        items = [e for e in store.near(near, radius) if e.type == "item" and not e.dead]
        if not items:
            return
        e = min(items, key=lambda e: flat_distance(ctx, e.x, e.z))
        if ctx.player.pos[1] - e.y > 0.4:  # down a hole (a block dug below): step into it
            yield from walk_to(ctx, math.floor(e.x) + 0.5, math.floor(e.z) + 0.5, 0.2, 80)
        else:
            yield from walk_to(ctx, e.x, e.z, within=0.3, limit=80)


def use_block(ctx: Ctx, pos: Pos) -> Script:
    """Right-click a block in reach (a chest, a crafting table, a bed, a lever...)."""
    yield from approach(ctx, (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5))
    yield Use(pos)


def place_against(ctx: Ctx, item: str, support: Pos, face: Point) -> Script:
    """Place ``item`` by right-clicking ``face`` (a point on the face of ``support``)."""
    yield from select_item(ctx, item)
    yield from approach(ctx, face)
    yield from aim_block(ctx, support, point=face)
    yield Hold(("use",), ticks=1)
    yield Wait(4)


# -- entities -------------------------------------------------------------------------------------


def nearest_entity(ctx: Ctx, kind: str, radius: float = 48.0, tags: tuple[str, ...] = ()):
    store = ctx.game.survival.entities
    found = [e for e in store.near(ctx.player.pos, radius)
             if e.type == kind and not e.dead and set(tags) <= e.tags]  # fmt: skip
    return min(found, key=lambda e: math.dist(e.pos, ctx.player.pos)) if found else None


def entity_centre(e) -> Point:
    from odyssey.sim.entities.kinds import kind

    return (e.x, e.y + kind(e.type).height * 0.5, e.z)


def attack_entity(ctx: Ctx, e, limit: int = 60) -> Script:
    """Chase and hit ``e`` at full attack strength until it dies."""
    for _ in range(limit):
        if e.dead or e.id not in ctx.game.survival.entities:
            return
        yield from approach(ctx, entity_centre(e), reach=2.8)
        yield from look(ctx, entity_centre(e))
        yield Hold(("attack",), ticks=1)
        yield Wait(12)  # a sword's attack strength recharges in 12.5 ticks
    raise OracleStuckError(f"{e.type} survived {limit} hits")


def use_on_entity(ctx: Ctx, e, item: str | None = None) -> Script:
    """Right-click ``e`` holding ``item`` (shears, a lead, food...)."""
    if item is not None:
        yield from select_item(ctx, item)
    yield from approach(ctx, entity_centre(e), reach=2.5)
    yield from look(ctx, entity_centre(e))
    yield Hold(("use",), ticks=1)
    yield Wait(4)
