"""Breeding and baby animals (vanilla Animal, AgeableMob and BreedGoal).

Feeding an adult its breeding food with no cooldown puts it in love for 600 ticks; two of a
kind in love walk together (BreedGoal, within 8 blocks) and after 60 ticks within 3 blocks a
baby appears at the first parent (age −24000). Both parents then wait 6000 ticks before they can
breed again; the player gets 1–7 experience and the ``animals_bred`` statistic. A baby grows up
after 24000 ticks; feeding it its food takes 10 % off the time left (AgeableMob.ageUp with
getSpeedUpSecondsWhenFeeding). Wolves, cats and horses breed only when tamed.

Deliberate differences: babies keep the adult's collision box (vanilla halves it); love hearts
are a ``bred``/``in_love`` event.
"""

from __future__ import annotations

from odyssey.sim.entities.kinds import CAT_FOOD, CHICKEN_FOOD, HORSE_TEMPT, PIG_FOOD, SHEEP_FOOD
from odyssey.sim.entities.state import Entity
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import experience, hooks, taming

LOVE_TICKS = 600
BABY_AGE = -24000
PARENT_COOLDOWN = 6000
BREED_TICKS = 60
MEAT = frozenset({"beef", "cooked_beef", "porkchop", "cooked_porkchop", "chicken",
                  "cooked_chicken", "mutton", "cooked_mutton", "rabbit", "cooked_rabbit",
                  "rotten_flesh"})  # fmt: skip
FOOD: dict[str, frozenset[str]] = {
    "cow": SHEEP_FOOD, "mooshroom": SHEEP_FOOD, "sheep": SHEEP_FOOD, "goat": SHEEP_FOOD,
    "pig": PIG_FOOD, "chicken": CHICKEN_FOOD, "horse": HORSE_TEMPT, "donkey": HORSE_TEMPT,
    "wolf": MEAT, "cat": CAT_FOOD, "rabbit": frozenset({"dandelion", "carrot", "golden_carrot"}),
}  # fmt: skip
NEEDS_TAMING = frozenset({"wolf", "cat", "horse", "donkey"})
ALL_FOOD = sorted(set().union(*FOOD.values(), taming.SEEDS))


@hooks.on_use_item(*ALL_FOOD)
def feed(game, hit, held) -> bool:
    """Animal.mobInteract with its food: grow a baby, or put an adult in love."""
    e = c.pick(game, vehicles=False)
    if e is None:
        return False
    if held.item in taming.TAME_ITEMS.get(e.type, ()) and not c.animal(game, e).tamed:
        return taming.tame_pet(game, hit, held)  # before farming's seed handler stops the use
    if held.item not in FOOD.get(e.type, ()):
        return False
    a = c.animal(game, e)
    if e.type in NEEDS_TAMING and not a.tamed:
        return False
    if a.age < 0:  # a baby: 10 % of the time left (in whole seconds)
        c.consume(game)
        grow(e, a, int(-a.age / 20 * 0.1) * 20)
    elif a.age == 0 and a.love == 0:
        c.consume(game)
        set_in_love(e, a)
        game.emit("in_love", float(e.id), None, e.type)
    else:
        return False
    c.state_of(game).used_tick = game.tick_count
    return True


def set_in_love(e: Entity, a: c.Animal) -> None:
    a.love = LOVE_TICKS
    a.love_time = 0
    e.tags.add("love")


def grow(e: Entity, a: c.Animal, ticks: int) -> None:
    a.age = min(0, a.age + ticks)
    if a.age == 0:
        e.baby = False


def spawn_baby(game, parent: Entity) -> Entity:
    """A baby of the parent's type at its position (age −24000)."""
    store = c.store(game)
    baby = store.add(parent.type, parent.pos, baby=True, yaw=parent.yaw)
    if parent.type == "sheep":
        baby.color = parent.color
    c.animal(game, baby).age = BABY_AGE
    return baby


def breed(game, a_e: Entity, b_e: Entity) -> Entity:
    """Animal.spawnChildFromBreeding: the baby, cooldowns, stat and experience."""
    st = c.state_of(game)
    baby = spawn_baby(game, a_e)
    for e in (a_e, b_e):
        d = st.animals[e.id]
        d.age, d.love, d.love_time = PARENT_COOLDOWN, 0, 0
        e.tags.discard("love")
    if st.animals[a_e.id].tamed and a_e.type in NEEDS_TAMING and a_e.type != "horse":
        st.animals[baby.id].tamed = True  # TamableAnimal babies keep the owner
        baby.tags.add("tamed")
    game.survival.stats.add("custom", "animals_bred")
    points = 1 + int(game.survival.rng.integers(7))
    try:
        from odyssey.sim.mechanics.xp_orbs import award
    except ImportError:  # no orb entities: straight into the bar
        experience.add_points(game, points)
    else:
        award(game, a_e.pos, points)
    game.emit("bred", float(baby.id), None, baby.type)
    return baby


@hooks.on_player_tick
def tick(game, before) -> None:
    """Ages, love timers and BreedGoal's 60 ticks of being close (AgeableMob.aiStep)."""
    st = c.state_of(game)
    if not st.animals:
        return  # no animal to age, love or breed
    ents = game.survival.entities.entities if game.survival.entities else {}
    for eid in [i for i in st.animals if i not in ents]:
        del st.animals[eid]
    in_love = []
    for eid, a in st.animals.items():
        e = ents[eid]
        if a.age < 0:
            grow(e, a, 1)
        elif a.age > 0:
            a.age -= 1
        if a.love > 0:
            a.love -= 1
            if a.love == 0:
                e.tags.discard("love")
            elif "sitting" not in e.tags:  # SitWhenOrderedToGoal holds BreedGoal back
                in_love.append(e)
    done: set[int] = set()
    for e in in_love:
        if e.id in done:
            continue
        partner = nearest_partner(e, in_love, done)
        a = st.animals[e.id]
        if partner is None:
            a.love_time = 0
            continue
        a.love_time += 1
        if a.love_time >= BREED_TICKS:
            done.update((e.id, partner.id))
            breed(game, e, partner)


def nearest_partner(e: Entity, in_love: list[Entity], done: set[int]) -> Entity | None:
    best, best_d = None, 9.0  # BreedGoal breeds within 3 blocks
    for o in in_love:
        if o is e or o.type != e.type or o.id in done:
            continue
        d = (o.x - e.x) ** 2 + (o.y - e.y) ** 2 + (o.z - e.z) ** 2
        if d < best_d:
            best, best_d = o, d
    return best


c.first(feed, ALL_FOOD)
