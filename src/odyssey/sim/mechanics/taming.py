"""Taming (vanilla Wolf/Cat/Parrot.mobInteract, AbstractHorse temper) and pets' orders.

- Wolf: a bone, 1 in 3 tames it (Wolf.tryToTame: ``random.nextInt(3) == 0``); a tamed wolf has
  40 health, sits at once, and attacks what its owner attacks (OwnerHurtTargetGoal).
- Cat: raw cod or salmon, 1 in 3; parrot: any seeds, 1 in 10. Both sit once tamed.
- Horse: ridden untamed, each tick 1 in 50 it decides (RunAroundLikeCrazyGoal): tamed when
  ``nextInt(100) < temper``, else temper + 5 and it throws the rider. Feeding raises temper
  (wheat/sugar/apple +3, golden carrot +5, golden apple +10; AbstractHorse.handleEating).
- A tamed pet's owner toggles sitting with a right-click (see riding.interact).

Deliberate difference: the owner is the (single) player; the random draws come from the game's
seeded ``survival.rng``. Hearts and smoke are ``tamed``/``tame_failed`` events.
"""

from __future__ import annotations

from odyssey.sim.entities.state import Entity
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import hooks

SEEDS = ("wheat_seeds", "melon_seeds", "pumpkin_seeds", "beetroot_seeds", "torchflower_seeds",
         "pitcher_pod")  # fmt: skip
TAME_ITEMS = {"wolf": ("bone",), "cat": ("cod", "salmon"), "parrot": SEEDS}
CHANCE = {"wolf": 3, "cat": 3, "parrot": 10}
TAMED_HEALTH = {"wolf": 40.0}
HORSE_TEMPER = {"wheat": 3, "sugar": 3, "apple": 3, "golden_carrot": 5, "golden_apple": 10,
                "enchanted_golden_apple": 10, "hay_block": 0}  # fmt: skip
MAX_TEMPER = 100


@hooks.on_use_item("bone", "cod", "salmon", *SEEDS)
def tame_pet(game, hit, held) -> bool:
    e = c.pick(game, vehicles=False)
    if e is None or held.item not in TAME_ITEMS.get(e.type, ()):
        return False
    a = c.animal(game, e)
    if a.tamed or (e.baby and e.type == "parrot"):
        return False
    c.consume(game)
    c.state_of(game).used_tick = game.tick_count
    if int(game.survival.rng.integers(CHANCE[e.type])) == 0:
        tame(game, e, a, sit=True)
    else:
        game.emit("tame_failed", float(e.id), None, e.type)
    return True


@hooks.on_use_item(*HORSE_TEMPER)
def feed_horse(game, hit, held) -> bool:
    """AbstractHorse.handleEating: an untamed horse's temper rises (it must not be full)."""
    e = c.pick(game, vehicles=False)
    if e is None or e.type not in ("horse", "donkey", "mule"):
        return False
    a = c.animal(game, e)
    if a.tamed or held.item not in HORSE_TEMPER or a.age < 0:
        return False
    c.consume(game)
    c.state_of(game).used_tick = game.tick_count
    a.temper = min(MAX_TEMPER, a.temper + HORSE_TEMPER[held.item])
    return True


def tame(game, e: Entity, a: c.Animal, sit: bool = False) -> None:
    """TamableAnimal.tame (and AbstractHorse.tameWithName)."""
    a.tamed = True
    e.tags.add("tamed")
    e.persistent = True
    e.nav, e.path, e.target, e.panic_ticks = None, None, -1, 0
    if e.type in TAMED_HEALTH:
        e.max_health = e.health = TAMED_HEALTH[e.type]
    if sit:
        e.tags.add("sitting")
    game.emit("tamed", float(e.id), None, e.type)


def toggle_sit(e: Entity) -> None:
    if "sitting" in e.tags:
        e.tags.discard("sitting")
    else:
        e.tags.add("sitting")
        e.tags.discard("following")


def horse_bucks(game, e: Entity, a: c.Animal) -> bool:
    """RunAroundLikeCrazyGoal for an untamed ridden horse: True when it threw the rider."""
    rng = game.survival.rng
    if int(rng.integers(50)) != 0:
        return False
    if int(rng.integers(MAX_TEMPER)) < a.temper:
        tame(game, e, a)
        return False
    a.temper = min(MAX_TEMPER, a.temper + 5)
    game.emit("horse_angry", float(e.id), None, e.type)
    return True


@hooks.on_player_tick
def owner_attacks(game, before) -> None:
    """OwnerHurtTargetGoal: tamed wolves go for the mob the player just hit."""
    s = game.survival
    if s.entities is None:
        return
    st = c.state_of(game)
    wolves = [s.entities.entities[i] for i, a in st.animals.items() if a.tamed
              and i in s.entities.entities and s.entities.entities[i].type == "wolf"]  # fmt: skip
    if not wolves:
        return
    hit = [e for e in s.entities.entities.values() if e.hurt_by_player_ticks >= 99
           and e.hurt_time >= 9 and not (e.type == "wolf" and "tamed" in e.tags)]  # fmt: skip
    if not hit:
        return
    for w in wolves:
        if "sitting" not in w.tags:
            w.owner = hit[0].id


c.first(tame_pet, ("bone", "cod", "salmon", *SEEDS))
c.first(feed_horse, HORSE_TEMPER)
