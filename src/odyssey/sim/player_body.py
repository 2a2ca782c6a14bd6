"""The survival player's body as the mechanics see it: worn armour, health and damage through
armour, enchantments and effects, the view the entity simulation gets, and the entity under the
crosshair."""

from __future__ import annotations

import math
from dataclasses import replace

from odyssey.sim import effects
from odyssey.sim import layout as k
from odyssey.sim.entities import combat
from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.state import EntityStore, PlayerView
from odyssey.sim.inventory import ItemStack
from odyssey.sim.player import PlayerState
from odyssey.sim.reach import (
    crosshair_block,
    eye_position,
    look_vector,
    ray_box,
)
from odyssey.sim.survival import Survival

ENTITY_REACH = 3.0  # Player.entityInteractionRange
# Armour points and toughness per piece (ArmorMaterials, 1.21): helmet, chestplate, leggings, boots
ARMOUR = {
    "leather": ((1, 3, 2, 1), 0.0), "chainmail": ((2, 5, 4, 1), 0.0),
    "iron": ((2, 6, 5, 2), 0.0), "golden": ((2, 5, 3, 1), 0.0), "copper": ((2, 4, 3, 1), 0.0),
    "diamond": ((3, 8, 6, 3), 2.0), "netherite": ((3, 8, 6, 3), 3.0),
}  # fmt: skip
PIECES = ("helmet", "chestplate", "leggings", "boots")
ARMOUR_SLOTS = (39, 38, 37, 36)  # container slots of head, chest, legs, feet


def armour_of(s: Survival) -> tuple[float, float]:
    """The armour points and toughness the worn pieces give."""
    points, toughness = 0.0, 0.0
    for i, slot in zip(range(4), ARMOUR_SLOTS, strict=True):
        stack = s.inventory.get(slot)
        if stack is None:
            continue
        material, _, piece = stack.item.partition("_")
        if piece == PIECES[i] and material in ARMOUR:
            values, tough = ARMOUR[material]
            points, toughness = points + values[i], toughness + tough
        elif stack.item == "turtle_helmet" and i == 0:
            points += 2
    return points, toughness


def set_health(game, health: float) -> None:
    p = game.player
    st = p.to_array()
    st[k.S_HEALTH] = max(0.0, min(20.0, health))
    game.player = PlayerState.from_array(st, p.attributes)
    if health <= 0.0 and not p.dead:
        game.player = _dead(game.player)
        game._emit("death", 0.0)


def _dead(p: PlayerState) -> PlayerState:
    return replace(p, dead=True, health=0.0)


def hurt_player(game, amount: float, source: str) -> float:
    """Damage through the worn armour (and its wear); creative and spectator take none."""
    s: Survival = game.survival
    if s.gamemode in ("creative", "spectator") or game.player.dead or amount <= 0.0:
        return 0.0
    points, toughness = armour_of(s)
    if source not in ("starve", "fall", "void", "drown", "magic", "wither", "kill"):
        dealt = combat.armor_damage(amount, points, toughness)
        wear = max(1, int(amount / 4.0))
        for slot in ARMOUR_SLOTS:
            stack = s.inventory.get(slot)
            if stack is not None and stack.is_damageable():
                s.inventory.set(slot, stack.hurt(wear))
    else:
        dealt = amount
    if source != "kill":
        dealt = effects.resisted(dealt, s.effects)
        from odyssey.sim.mechanics.protection import protected

        dealt = protected(game, dealt, source)  # the armour's Protection enchantments
        from odyssey.sim.mechanics.potions import absorb

        dealt = absorb(game, dealt)  # absorption hearts take it first
    s.food = s.food.add_exhaustion(0.1)
    s.stats.add("custom", "damage_taken", round(dealt * 10))
    set_health(game, game.player.health - dealt)
    game._emit("damage_" + source, dealt)
    if game.player.dead:
        s.stats.add("custom", "deaths")
    return dealt


def player_view(game) -> PlayerView:
    s: Survival = game.survival
    p = game.player
    held = s.inventory.mainhand
    head = s.inventory.get(39)
    return PlayerView(
        pos=tuple(float(v) for v in p.pos), eye_height=p.eye_height, yaw=p.yaw, pitch=p.pitch,
        health=p.health, dead=p.dead, gamemode=s.gamemode,
        held_item=held.item if held else None, is_sprinting=p.sprinting,
        wearing_pumpkin=head is not None and head.item == "carved_pumpkin",
        pickup=lambda item, count, comps: _pick_up(game, item, count, comps),
        visibility=effects.follow_scale(s.effects),
    )  # fmt: skip


def _pick_up(game, item: str, count: int, components: dict) -> int:
    s: Survival = game.survival
    left = s.inventory.add(ItemStack.of(item, count, **components))
    taken = count - (left.count if left else 0)
    if taken:
        s.stats.add("picked_up", item, taken)
    return taken


def entity_store(s: Survival) -> EntityStore:
    if s.entities is None:
        s.entities = EntityStore(s.seed)
    return s.entities


def entity_in_crosshair(game, reach: float = ENTITY_REACH) -> int | None:
    """The nearest living entity whose box the look ray enters within ``reach`` (before any
    block), as vanilla's pick does."""
    s: Survival = game.survival
    if s.entities is None:
        return None
    origin = eye_position(game.player)
    d = look_vector(game.player.yaw, game.player.pitch)
    block = crosshair_block(game.world, game.player)
    limit = min(reach, block.distance) if block is not None else reach
    best, who = math.inf, None
    for e in s.entities.entities.values():
        if e.dead or e.type in ("item", "arrow"):
            continue
        size = kind(e.type)
        if not size.living:
            continue
        half, height = size.width / 2 + 0.1, size.height + 0.1  # pick boxes grow by 0.1
        box = (e.x - half, e.y - 0.1, e.z - half, e.x + half, e.y + height, e.z + half)
        hit = ray_box(origin, d, box)
        if hit is not None and hit[0] <= limit and hit[0] < best:
            best, who = hit[0], e.id
    return who
