"""What a survival player's keys do each tick (``survival_tick``, called by ``Game.tick``).

Order within a tick follows the client then the server: the swing timer, breaking or attacking
with the attack key, using with the use key (place, eat, open), then hunger, furnaces, the
entities (mobs move, items are picked up, hits on the player land through the armour) and the
block mechanics. The player's body (health, armour, damage) is ``player_body``; the direct
actions (screens, hotbar, dropping, crafting, respawning) are ``player_actions``, both also
importable from here.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial

from odyssey.sim import blockupdates, effects
from odyssey.sim import layout as k
from odyssey.sim.block_physics import block_physics
from odyssey.sim.entities import combat
from odyssey.sim.entities.ai import shear
from odyssey.sim.entities.items import drop_from_block, drop_from_player
from odyssey.sim.entities.kinds import kind
from odyssey.sim.entities.tick import idle_tick
from odyssey.sim.entities.tick import tick as tick_entities
from odyssey.sim.food import (
    can_eat,
    eat_ticks,
    finish_eating,
    movement_exhaustion,
)
from odyssey.sim.inventory import ItemStack
from odyssey.sim.loot import finish_break
from odyssey.sim.mining import Miner, destroy_progress, idle, tick_breaking
from odyssey.sim.placing import click_of, place_block
from odyssey.sim.player import PlayerState, SimError
from odyssey.sim.player_actions import (
    CONTAINER_SCREENS,
    FURNACES,
    click_menu_button,
    click_screen,
    close_screen,
    craft_item,
    drop_held,
    give,
    open_screen,
    rename_item,
    respawn,
    select_slot,
)
from odyssey.sim.player_body import (
    ENTITY_REACH,
    armour_of,
    entity_in_crosshair,
    entity_store,
    hurt_player,
    player_view,
    set_health,
)
from odyssey.sim.reach import (
    BlockHit,
    crosshair_block,
    eye_position,
    within_server_reach,
)
from odyssey.sim.survival import Survival

__all__ = [
    "CONTAINER_SCREENS", "ENTITY_REACH", "FURNACES", "armour_of", "click_menu_button",
    "click_screen", "close_screen", "craft_item", "drop_held", "entity_in_crosshair", "give",
    "hurt_player", "item_in_use", "open_screen", "player_view", "rename_item", "respawn",
    "riding", "select_slot", "set_health", "survival_tick", "use_block_at",
]  # fmt: skip

USE_DELAY = 4  # Minecraft.rightClickDelay
JUMP_EXHAUSTION, SPRINT_JUMP_EXHAUSTION = 0.05, 0.2


# -- the tick --------------------------------------------------------------------------------


def survival_tick(game, before: PlayerState) -> None:
    """One tick of survival for the player, after its physics step (``before``: the player
    as it was before the step)."""
    s: Survival = game.survival
    s.attack_ticker += 1
    s.use_delay = max(0, s.use_delay - 1)
    inputs = game.inputs
    pressed = inputs.attack and not s.attack_held
    s.attack_held = inputs.attack
    if not game.player.dead and s.menu is None:
        if pressed and _attack_entity(game):
            pass
        else:
            _break(game, inputs.attack, pressed)
        _use(game, inputs.use)
    _time_stats(game)
    _exhaust(game, before)
    _effects(game)
    _hunger(game)
    _furnaces(game)
    _entities(game)
    blockupdates.tick(game, before)


def item_in_use(game) -> bool:
    """Whether the player is using an item (LivingEntity.isUsingItem): eating, drinking a
    potion or milk, drawing a bow or crossbow, aiming a trident, raising a shield."""
    s: Survival = game.survival
    if s.eating > 0:
        return True
    m = s.mechanics
    if getattr(m.get("potions"), "drinking", 0) or getattr(m.get("buckets"), "ticks", 0):
        return True
    return bool(getattr(m.get("ranged"), "item", None))


_DEAD_TIMES = ("play_time", "total_world_time")
_ASLEEP_TIMES = (*_DEAD_TIMES, "time_since_death")
_AWAKE_TIMES = (*_ASLEEP_TIMES, "time_since_rest")


def _time_stats(game) -> None:
    """ServerPlayer.tick's time counters (time since rest stops while asleep)."""
    stats = game.survival.stats
    if game.player.dead:
        stats.add_custom(_DEAD_TIMES)
    elif getattr(game.survival.mechanics.get("beds"), "bed", None) is None:  # awake
        stats.add_custom(_AWAKE_TIMES)
    else:
        stats.add_custom(_ASLEEP_TIMES)


def _effects(game) -> None:
    s: Survival = game.survival
    if not s.effects and effects.plain(game.player.attributes):
        return
    s.effects, due = effects.step(s.effects)
    for name, _ in due:
        if name == "regeneration" and game.player.health < 20.0:
            set_health(game, game.player.health + 1.0)
        elif name == "poison" and game.player.health > 1.0:
            hurt_player(game, 1.0, "magic")
        elif name == "wither":
            hurt_player(game, 1.0, "wither")
    hunger = effects.level(s.effects, "hunger")
    if hunger:
        s.food = s.food.add_exhaustion(0.005 * hunger)
    wanted = effects.attributes(s.effects, game.player.attributes)
    if wanted != game.player.attributes:
        game.player = replace(game.player, attributes=wanted)


def _attack_entity(game) -> bool:
    s: Survival = game.survival
    target = entity_in_crosshair(game)
    if target is None or s.gamemode == "spectator":
        return False
    held = s.inventory.mainhand
    victim = _type_of(s, target)
    damage, speed = _weapon(held)
    damage = max(0.0, damage + effects.attack_bonus(s.effects))  # strength, weakness
    progress = combat.cooldown_progress(s.attack_ticker + 0.5, speed)
    p = game.player
    falling = p.vel[1] < 0 and not p.on_ground and not p.in_water
    result = combat.player_attack(entity_store(s), target, damage, progress, falling, p.sprinting,
                                  tuple(p.pos), p.yaw)  # fmt: skip
    s.attack_ticker = 0
    s.food = s.food.add_exhaustion(0.1)
    if result.hit:
        s.stats.add("custom", "damage_dealt", round(result.damage * 10))
        if result.killed:
            s.stats.add("killed", victim)
            s.stats.add("custom", "mob_kills")
        if held is not None and held.is_damageable():
            wear = 1 if held.type.tool_kind in ("sword", "mace", "trident") else 2
            s.inventory.set(s.inventory.selected, held.hurt(wear))
            s.stats.add("used", held.item)
    game._emit("attack", result.damage)
    return True


def _type_of(s: Survival, entity_id: int) -> str:
    e = s.entities.entities.get(entity_id) if s.entities else None
    return e.type if e is not None else "unknown"


def _weapon(held: ItemStack | None) -> tuple[float, float]:
    """Attack damage (the hand does 1) and attack speed (the hand's 4) of the held item."""
    if held is None:
        return 1.0, 4.0
    t = held.type
    return (t.attack_damage or 1.0), (t.attack_speed or 4.0)


def _miner(game) -> Miner:
    s: Survival = game.survival
    held = s.inventory.mainhand
    return Miner(item=held.item if held else None,
                 enchantments=held.enchantments if held else {},
                 haste=effects.level(s.effects, "haste"),
                 mining_fatigue=effects.level(s.effects, "mining_fatigue"),
                 eyes_in_water=game.player.in_water, on_ground=game.player.on_ground,
                 mode=s.gamemode)  # fmt: skip


def _break(game, attack: bool, pressed: bool) -> None:
    s: Survival = game.survival
    if idle(s.breaking, attack, s.gamemode):
        return  # the attack key up and nothing being broken: the state stays as it is
    hit = crosshair_block(game.world, game.player) if attack else None
    target = hit.pos if hit is not None else None
    miner = _miner(game) if target is not None else None  # made only when a block is at stake
    progress = 0.0
    if target is not None:
        name = game.world.registry.block_of(game.world.get_block(*target)).name
        progress = destroy_progress(name, miner)
    held = s.inventory.mainhand
    step = tick_breaking(s.breaking, target=target, progress=progress, attack=attack,
                         pressed=pressed, held=held, mode=s.gamemode)  # fmt: skip
    s.breaking = step.state
    if step.broken is None:
        return
    damage = held.damage if held is not None else 0
    miner = miner or _miner(game)
    result = finish_break(game.world, step.broken, miner, s.rng, tool_damage=damage)
    if result is None:
        return
    for pos, state in result.changes:
        game.set_block(pos, state)
    for category, key, n in result.stats:
        s.stats.add(category, key, n)
    s.food = s.food.add_exhaustion(result.exhaustion)
    if result.tool is not None and held is not None:
        tool = None if result.tool.broken else held.with_component("damage", result.tool.damage)
        s.inventory.set(s.inventory.selected, tool)
    if s.rules.get("do_tile_drops", True):
        for drop in result.drops:
            drop_from_block(entity_store(s), drop.item, drop.count, step.broken)
    game._emit("block_broken", 0.0, step.broken)


def _use(game, use: bool) -> None:
    s: Survival = game.survival
    held = s.inventory.mainhand
    if not use:
        s.eating = 0
        return
    if s.eating:
        _keep_eating(game, held)
        return
    if _ranged().using(game):
        return  # a bow, crossbow, trident or shield in use: nothing new starts
    if s.use_delay:
        return
    s.use_delay = USE_DELAY
    target = entity_in_crosshair(game)
    if target is not None and _interact(game, target, held):
        return
    hit = crosshair_block(game.world, game.player)
    if _use_on(game, hit, held):
        return
    if held is not None and hit is not None and s.builds:
        placed = place_block(game.world, held.item, click_of(game.player, hit), mode=s.gamemode,
                             boxes=[_player_box(game.player)])  # fmt: skip
        if placed is not None:
            for pos, state in placed.changes:
                game.set_block(pos, state)
            for category, key, n in placed.stats:
                s.stats.add(category, key, n)
            if placed.consumed:
                s.inventory.set(s.inventory.selected, held.with_count(held.count - 1))
            game._emit("block_placed", 0.0, placed.changes[0][0])
            return
    edible = held is not None and held.type.food is not None
    if edible and can_eat(s.food, held, s.gamemode == "creative"):
        s.eating = 1


def _use_on(game, hit: BlockHit | None, held: ItemStack | None) -> bool:
    """Right-click on the block hit (or on nothing): the block's own use (screens, doors, the
    mechanics'), then the held item's; False when neither did anything (placing comes next)."""
    s: Survival = game.survival
    if hit is not None and not game.player.crouching:
        name = game.world.registry.block_of(game.world.get_block(*hit.pos)).name
        if name == "crafting_table" and s.gamemode != "spectator":
            open_screen(game, "crafting_table", hit.pos)
            return True
        if name in FURNACES and s.gamemode != "spectator":
            open_screen(game, name, hit.pos)
            return True
        if game.use(hit.pos):  # doors, gates, trapdoors, buttons, levers
            return True
    return _use_hooks(game, hit, held)


def use_block_at(game, pos: tuple[int, int, int]) -> bool:
    """Right-click a named block within reach (the control API's right-click-block): as the
    crosshair's use on its face towards the player, without placing anything."""
    if not within_server_reach(game.player, pos):
        raise SimError(f"block {pos} is out of reach (more than 5.5 blocks from the eye)")
    ex, ey, ez = eye_position(game.player)
    centre = (pos[0] + 0.5, pos[1] + 0.5, pos[2] + 0.5)
    axis = max(range(3), key=lambda i: abs((ex, ey, ez)[i] - centre[i]))
    ahead = (ex, ey, ez)[axis] > centre[axis]
    face = (("west", "east"), ("down", "up"), ("north", "south"))[axis][int(ahead)]
    distance = math.dist((ex, ey, ez), centre)
    return _use_on(game, BlockHit(tuple(pos), face, distance), game.survival.inventory.mainhand)


def _use_hooks(game, hit: BlockHit | None, held: ItemStack | None) -> bool:
    """The mechanics' right-click handlers: the block's (not when crouching with an item),
    then the held item's."""
    hooks = _hooks()
    if hit is not None and not (game.player.crouching and held is not None):
        name = game.world.registry.block_of(game.world.get_block(*hit.pos)).name
        for fn in hooks.USE_BLOCK.get(name, ()):
            if fn(game, hit, held):
                return True
    if held is not None and game.survival.gamemode != "spectator":
        for fn in hooks.USE_ITEM.get(held.item, ()):
            if fn(game, hit, held):
                return True
    return False


def _ranged():
    from odyssey.sim.mechanics import ranged

    return ranged


def _hooks():
    from odyssey.sim.mechanics import hooks, load

    load()
    return hooks


def _interact(game, target: int, held: ItemStack | None) -> bool:
    """Right-click on an entity: the mechanics' handlers for its type (trading, mounting,
    feeding...), then shears on a sheep, a bucket on a cow."""
    s: Survival = game.survival
    e = s.entities.entities[target]
    if s.gamemode != "spectator":
        for fn in _hooks().USE_ENTITY.get(e.type, ()):
            if fn(game, target, held):
                return True
    if held is None:
        return False
    if held.item == "shears" and e.type == "sheep":
        if not shear(s.entities, target):
            return False
        s.inventory.set(s.inventory.selected, held.hurt(1))
        s.stats.add("used", "shears")
        game._emit("sheared", 0.0)
        return True
    if held.item == "bucket" and e.type == "cow" and not e.baby:
        s.inventory.set(s.inventory.selected, held.with_count(held.count - 1))
        for left in s.inventory.place_back(ItemStack.of("milk_bucket")):
            drop_from_player(entity_store(s), left.item, left.count, player_view(game))
        s.stats.add("used", "bucket")
        return True
    return False


def _keep_eating(game, held: ItemStack | None) -> None:
    s: Survival = game.survival
    if held is None or held.type.food is None:
        s.eating = 0
        return
    s.eating += 1
    if s.eating < eat_ticks(held):
        return
    eaten = finish_eating(s.food, held, s.stats, s.gamemode == "creative")
    s.food = eaten.food
    s.inventory.set(s.inventory.selected, eaten.hand)
    if eaten.extra is not None:
        for left in s.inventory.place_back(eaten.extra):
            drop_from_player(entity_store(s), left.item, left.count, player_view(game))
    s.eating = 0
    game._emit("ate", float(held.type.food.nutrition))


def _player_box(p: PlayerState) -> tuple[float, ...]:
    x, y, z = p.pos
    return (x - 0.3, y, z - 0.3, x + 0.3, y + 1.8, z + 0.3)


def riding(game) -> int | None:
    """The entity id of the vehicle the player rides (None: on foot)."""
    return getattr(game.survival.mechanics.get("riding"), "vehicle", None)


def _exhaust(game, before: PlayerState) -> None:
    s: Survival = game.survival
    p = game.player
    if riding(game) is not None:
        return  # the vehicle moves the player: its own statistics (boat_one_cm, ...)
    if before.on_ground and p.vel[1] > 0.0 and game.inputs.jump:
        s.stats.add("custom", "jump")
        s.food = s.food.add_exhaustion(SPRINT_JUMP_EXHAUSTION if p.sprinting else JUMP_EXHAUSTION)
    (x, y, z), (bx, by, bz) = p.pos, before.pos
    dx, dy, dz = x - bx, y - by, z - bz
    if not p.in_water and _on_climbable(game, p):  # Player.checkMovementStatistics: ladders
        if dy > 0:
            s.stats.add("custom", "climb_one_cm", round(dy * 100))
        return
    cm = round(math.hypot(dx, dz) * 100)
    if cm <= 0:
        return
    how = "swim" if p.in_water else "sprint" if p.sprinting else "crouch" if p.crouching else "walk"
    if p.on_ground or p.in_water:
        s.stats.add("custom", f"{how}_one_cm", cm)
        s.food = s.food.add_exhaustion(movement_exhaustion(cm, how))
    if dy < 0 and not p.on_ground:
        s.stats.add("custom", "fall_one_cm", round(-dy * 100))


def _on_climbable(game, p: PlayerState) -> bool:
    """A ladder, vines or scaffolding-like climbable block at the feet."""
    x, y, z = p.pos
    feet = game.world.get_block(math.floor(x), math.floor(y), math.floor(z))
    return bool(block_physics(game.world.registry).climbable[feet])


def _hunger(game) -> None:
    s: Survival = game.survival
    p = game.player
    if p.dead or s.gamemode in ("creative", "spectator"):
        return
    regen = bool(s.rules.get("natural_regeneration", True))
    s.food, heal, damage = s.food.tick(p.health, 20.0, s.difficulty, regen)
    if heal > 0.0:
        set_health(game, p.health + heal)
    if damage > 0.0:
        hurt_player(game, damage, "starve")


def _furnaces(game) -> None:
    s: Survival = game.survival
    reg = game.world.registry
    for pos, furnace in s.furnaces.items():
        if furnace.tick():
            state = game.world.get_block(*pos)
            props = reg.properties(state)
            if "lit" in props:
                props["lit"] = "true" if furnace.lit else "false"
                game.set_block(pos, reg.state_of(reg.block_of(state).name, props))


def _entities(game) -> None:
    s: Survival = game.survival
    if s.entities is None:
        return
    spawning = bool(s.rules.get("do_mob_spawning", True))
    if idle_tick(s.entities, game.world, game.player.pos, spawning):
        return  # no entity to move, push or hear from, and none to spawn
    events = tick_entities(s.entities, game.world, [player_view(game)], game.time_of_day,
                           s.difficulty, set_block=partial(_mob_set_block, game),
                           spawning=spawning,
                           mob_griefing=bool(s.rules.get("mob_griefing", True)),
                           weather=s.weather)  # fmt: skip
    _push(game)
    for e in events:
        if e.kind == "player_damage":
            from odyssey.sim.mechanics.shields import player_damage as shield_takes

            if shield_takes(game, e):
                continue  # blocked by a raised shield: no damage, no knockback
            alive = not game.player.dead
            hurt_player(game, e.amount, e.source or "mob_attack")
            if e.source in (None, "", "mob_attack") and e.entity >= 0:
                from odyssey.sim.mechanics.protection import thorns

                thorns(game, e)
            if alive and game.player.dead and e.entity >= 0:
                s.stats.add("killed_by", _type_of(s, e.entity))
            if e.knockback is not None and not game.player.dead:
                _knock_player(game, *e.knockback)
        elif e.kind == "entity_death" and e.source.startswith("player"):
            s.stats.add("killed", e.item or "unknown")
        elif e.kind == "pearl_landed":
            from odyssey.sim.mechanics.pearls import pearl_landed

            pearl_landed(game, e)


def _mob_set_block(game, pos, state: int) -> None:
    """A block changed by a mob (a creeper's blast, an enderman): TNT caught in a blast primes
    with a short random fuse (TntBlock.wasExploded) instead of vanishing."""
    reg = game.world.registry
    if state == 0 and reg.block_of(game.world.get_block(*pos)).name == "tnt":
        from odyssey.sim.mechanics.tnt import prime

        prime(game, tuple(pos), fuse=int(game.survival.rng.integers(20)) + 10, sound=False)
    game.set_block(pos, state)


def _push(game) -> None:
    """Entity.push between the player and the mobs whose boxes overlap its own."""
    s: Survival = game.survival
    p = game.player
    if p.dead or s.gamemode == "spectator":
        return
    px, py, pz = p.pos
    vx, vz = p.vel[0], p.vel[2]
    vehicle = riding(game)
    for e in s.entities.entities.values():
        size = kind(e.type)
        if e.dead or not size.living or e.id == vehicle:
            continue
        half = size.width / 2
        if abs(e.x - px) >= half + 0.3 or abs(e.z - pz) >= half + 0.3:
            continue
        if e.y >= py + 1.8 or e.y + size.height <= py:
            continue
        dx, dz = e.x - px, e.z - pz
        d = max(abs(dx), abs(dz))
        if d < 0.01:
            continue
        d = math.sqrt(d)
        scale = min(1.0, 1.0 / d) * 0.05 / d
        dx, dz = dx * scale, dz * scale
        e.vx, e.vz = e.vx + dx, e.vz + dz
        vx, vz = vx - dx, vz - dz
    if (vx, vz) != (p.vel[0], p.vel[2]):
        st = p.to_array()
        st[k.S_VX], st[k.S_VZ] = vx, vz
        game.player = PlayerState.from_array(st, p.attributes)


def _knock_player(game, strength: float, x: float, z: float) -> None:
    """LivingEntity.knockback on the player."""
    p = game.player
    vx, vy, vz = combat.knockback_velocity(p.vel, p.on_ground, strength, x, z)
    st = p.to_array()
    st[k.S_VX], st[k.S_VY], st[k.S_VZ] = vx, vy, vz
    game.player = PlayerState.from_array(st, p.attributes)
