"""Drinking potions and giving effects, as vanilla 1.21.11's PotionItem, GlassBottleItem,
MobEffectInstance.update and the effects that act on the player each tick.

- ``potion``: held use drinks it in 32 ticks (its consumable): its effects apply (instant
  health heals 4 << amplifier, instant damage deals 6 << amplifier as magic; a weaker or shorter
  effect does not replace a stronger or longer one), a glass bottle is left (not in creative).
- A water bottle used on dirt, coarse dirt or rooted dirt (not from below) makes mud.
- ``glass_bottle`` used on water (a source or waterlogged block, the look ray seeing sources
  only) fills to a water bottle (``item.bottle.fill``); cauldrons take their own clicks first.
- Absorption gives 4 extra health a level (``absorb`` takes damage from it first); saturation
  feeds (amplifier + 1) food and twice that saturation a tick; slow falling caps gravity at
  0.01 while falling; levitation rises towards 0.05 blocks a tick a level.
- Mobs keep their own effects here (``mob_effects``): poison and regeneration act on them;
  undead mobs are healed by harming and hurt by healing, and ignore poison and regeneration.

Deliberate difference: levitation's pull is added after the physics step (the step runs with
no gravity while levitating), so it acts one tick later than vanilla's travel. Mobs' speed
effects do not change their movement yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from odyssey.sim import effects
from odyssey.sim.entities.combat import hurt
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.potion_table import effects_of, potion_id

UNDEAD = frozenset({"zombie", "husk", "drowned", "zombie_villager", "zombified_piglin", "zoglin",
                    "skeleton", "stray", "wither_skeleton", "bogged", "phantom", "wither",
                    "skeleton_horse", "zombie_horse"})  # fmt: skip
EffectTable = dict[str, tuple[int, int]]
MUD_FROM = frozenset({"dirt", "coarse_dirt", "rooted_dirt"})  # BlockTags.CONVERTABLE_TO_MUD


@dataclass
class PotionState:
    """The potion being drunk (ticks so far, 0: none; the tick it started), the absorption
    health left, whether gravity was changed for slow falling or levitation, mobs' effects."""

    drinking: int = 0
    started: int = -1
    absorption: float = 0.0
    gravity_changed: bool = False
    mobs: dict[int, EffectTable] = field(default_factory=dict)


def state(game) -> PotionState:
    found = game.survival.mechanics.get("potions")
    if found is None:
        found = game.survival.mechanics["potions"] = PotionState()
    return found


# -- giving effects --------------------------------------------------------------------------


def combine(table: EffectTable, name: str, ticks: int, amplifier: int) -> None:
    """MobEffectInstance.update: a higher amplifier replaces; the same amplifier with a
    longer duration (-1: for ever) extends; anything weaker is ignored."""
    old = table.get(name)
    stronger = old is None or amplifier > old[1]
    longer = old is not None and amplifier == old[1] and old[0] != -1
    if stronger or (longer and (ticks == -1 or ticks > old[0])):
        table[name] = (ticks, amplifier)


def give_effect(game, name: str, ticks: int, amplifier: int, scale: float = 1.0) -> None:
    """An effect on the player (``scale``: a splash's distance factor for instant effects)."""
    from odyssey.sim.actions import hurt_player, set_health

    s = game.survival
    if game.player.dead:
        return
    if name == "instant_health":
        set_health(game, game.player.health + int(scale * (4 << amplifier) + 0.5))
    elif name == "instant_damage":
        hurt_player(game, float(int(scale * (6 << amplifier) + 0.5)), "magic")
    elif name == "saturation" and ticks <= 1:
        _feed(game, amplifier)
    else:
        combine(s.effects, name, ticks, amplifier)
        if name == "absorption":
            st = state(game)
            st.absorption = max(st.absorption, 4.0 * (s.effects[name][1] + 1))


def give_mob_effect(game, entity_id: int, name: str, ticks: int, amplifier: int,
                    scale: float = 1.0) -> None:  # fmt: skip
    """An effect on a mob: instant ones act at once (undead the other way round)."""
    s = game.survival
    e = s.entities.entities.get(entity_id) if s.entities is not None else None
    if e is None or e.dead:
        return
    undead = e.type in UNDEAD
    if name in ("instant_health", "instant_damage"):
        heals = (name == "instant_health") != undead  # InstantenousMobEffect
        amount = float(int(scale * ((4 if heals else 6) << amplifier) + 0.5))
        if heals:
            e.health = min(e.max_health, e.health + amount)
        else:
            hurt(s.entities, e, amount, "magic", [])
        return
    if undead and name in ("poison", "regeneration"):
        return  # LivingEntity.canBeAffected
    combine(state(game).mobs.setdefault(entity_id, {}), name, ticks, amplifier)


def apply_potion(game, stack: ItemStack) -> None:
    """Every effect of the potion on the player."""
    for name, ticks, amplifier in effects_of(stack):
        give_effect(game, name, ticks, amplifier)


def absorb(game, damage: float) -> float:
    """Damage left after the absorption hearts took their share (Player.actuallyHurt)."""
    st = game.survival.mechanics.get("potions")
    if st is None or st.absorption <= 0.0 or damage <= 0.0:
        return damage
    taken = min(st.absorption, damage)
    st.absorption -= taken
    return damage - taken


def absorption(game) -> float:
    """The extra health absorption gives now (the yellow hearts)."""
    st = game.survival.mechanics.get("potions")
    return 0.0 if st is None else st.absorption


def _feed(game, amplifier: int) -> None:
    """SaturationMobEffect: FoodData.eat(amplifier + 1, 1.0)."""
    s = game.survival
    n = amplifier + 1
    s.food = s.food.add(n, n * 1.0 * 2.0)


# -- drinking --------------------------------------------------------------------------------


@hooks.on_use_item("potion")
def _use_potion(game, hit, held: ItemStack) -> bool:
    if hit is not None and _make_mud(game, hit, held):
        return True
    st = state(game)
    if st.drinking == 0:
        st.drinking, st.started = 1, game.tick_count
    return True


def _make_mud(game, hit, held: ItemStack) -> bool:
    """PotionItem.useOn: a water bottle on dirt (not its underside) turns it to mud."""
    from odyssey.sim.mechanics.buckets import fill_hand

    name = game.world.registry.block_of(game.world.get_block(*hit.pos)).name
    if hit.face == "down" or name not in MUD_FROM or potion_id(held) != "water":
        return False
    s = game.survival
    hooks.sound(game, "entity.generic.splash", hit.pos)
    s.stats.add("used", "potion")
    if s.gamemode != "creative":
        fill_hand(game, held, ItemStack("glass_bottle"))
    game.set_block(hit.pos, game.world.registry.default_state("mud"))
    return True


def _drink(game) -> None:
    from odyssey.sim.mechanics.buckets import drink_step, finish_drink

    st = game.survival.mechanics.get("potions")
    if st is None:
        return
    st.drinking, held = drink_step(game, st.drinking, st.started, "potion")
    if held is not None:
        apply_potion(game, held)
        finish_drink(game, held, "glass_bottle")


# -- filling bottles -------------------------------------------------------------------------


@hooks.on_use_item("glass_bottle")
def _fill_bottle(game, hit, held: ItemStack) -> bool:
    """GlassBottleItem.use on water."""
    from odyssey.sim.mechanics.buckets import fill_hand, fluid_source_hit
    from odyssey.sim.mechanics.cauldrons import water_bottle
    from odyssey.sim.mechanics.fluidstate import WATER, kind_of, tables

    found = fluid_source_hit(game)
    if found is None:
        return False
    code = tables(game.world.registry).fluid[game.world.get_block(*found.pos)]
    if kind_of(int(code)) != WATER:
        return False
    game.survival.stats.add("used", "glass_bottle")
    hooks.sound(game, "item.bottle.fill", found.pos)
    fill_hand(game, held, water_bottle())
    return True


# -- each tick -------------------------------------------------------------------------------


@hooks.on_player_tick
def _tick(game, before) -> None:
    st = game.survival.mechanics.get("potions")
    s = game.survival
    if st is None and not s.effects:
        return
    st = state(game)
    _drink(game)
    if "absorption" not in s.effects:
        st.absorption = 0.0
    if "saturation" in s.effects and not game.player.dead:
        _feed(game, s.effects["saturation"][1])
    _gravity(game, st)
    if st.mobs:
        _tick_mobs(game, st)


def _gravity(game, st: PotionState) -> None:
    """Slow falling and levitation through the gravity attribute for the next step."""
    fx = game.survival.effects
    p = game.player
    lev = effects.level(fx, "levitation")
    falling_slow = "slow_falling" in fx and p.vel[1] <= 0.0
    if not lev and not falling_slow and not st.gravity_changed:
        return
    base = effects.BASE.gravity
    wanted = 0.0 if lev else min(base, 0.01) if falling_slow else base
    if lev and not p.in_water:
        vy = p.vel[1] + 0.2 * (0.05 * lev * 0.98 - p.vel[1])
        game.player = _with_vy(p, vy)
        p = game.player
    st.gravity_changed = bool(lev or falling_slow)
    if p.attributes.gravity != wanted:
        game.player = replace(p, attributes=replace(p.attributes, gravity=wanted))


def _with_vy(p, vy: float):
    from odyssey.sim import layout as k
    from odyssey.sim.player import PlayerState

    arr = p.to_array()
    arr[k.S_VY] = vy
    return PlayerState.from_array(arr, p.attributes)


def _tick_mobs(game, st: PotionState) -> None:
    """Mobs' effects count down; poison and regeneration act on their interval."""
    store = game.survival.entities
    for eid, table in list(st.mobs.items()):
        e = store.entities.get(eid) if store is not None else None
        if e is None or e.dead:
            del st.mobs[eid]
            continue
        left, due = effects.step(table)
        for name, _ in due:
            if name == "poison" and e.health > 1.0:
                hurt(store, e, 1.0, "magic", [])
            elif name == "regeneration":
                e.health = min(e.max_health, e.health + 1.0)
            elif name == "wither":
                hurt(store, e, 1.0, "wither", [])
        if left:
            st.mobs[eid] = left
        else:
            del st.mobs[eid]
