"""What the added mobs need from the game around them: phantoms spawning over a player who has
not slept, slimes splitting when they die, piglins calmed by gold armour and bartering, and the
new monsters leaving on peaceful.

- PhantomSpawner: every 60–119 s (a random (60 + nextInt(60)) × 20 ticks), at night (sky
  darkening ≥ 5), a player under open sky at or above sea level, with a chance rising with the
  difficulty (isHarderThan(random × 3), taken as the difficulty id against random × 3) and
  ``nextInt(time_since_rest) ≥ 72000``: 1 + nextInt(difficulty + 1) phantoms 20–34 blocks up.
  Game rule ``spawn_phantoms`` (1.21.11's doInsomnia).
- Slime.remove: a dead slime of size > 1 leaves 2 + nextInt(3) slimes of half its size.
- Piglins: tagged ``calm`` while the player wears a golden armour piece, ``angry`` once the
  player hits one; a gold ingot used on an adult piglin is taken, admired 120 ticks, then a
  barter item is dropped from vanilla's piglin_bartering table (weights out of 459).

Deliberate differences: the soul speed book/boots and the potions of the barter table drop
without their enchantment or potion contents; the spawn-space check is the cell being air.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from odyssey.sim.entities.daylight import sky_darken
from odyssey.sim.entities.items import spawn_item
from odyssey.sim.entities.more_mobs import set_slime_size
from odyssey.sim.entities.phantom import spawn_phantoms
from odyssey.sim.entities.state import Entity, difficulty_id
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import hooks

ADDED_MONSTERS = ("phantom", "witch", "slime", "blaze", "piglin")
BARTER = (("enchanted_book", 5, 1, 1), ("iron_boots", 8, 1, 1), ("potion", 8, 1, 1),
          ("splash_potion", 8, 1, 1), ("potion", 10, 1, 1), ("iron_nugget", 10, 10, 36),
          ("ender_pearl", 10, 2, 4), ("string", 20, 3, 9), ("quartz", 20, 5, 12),
          ("obsidian", 40, 1, 1), ("crying_obsidian", 40, 1, 3), ("fire_charge", 40, 1, 1),
          ("leather", 40, 2, 4), ("soul_sand", 40, 2, 8), ("nether_bricks", 40, 2, 8),
          ("spectral_arrow", 40, 6, 12), ("gravel", 40, 8, 16),
          ("blackstone", 40, 8, 16))  # fmt: skip
ADMIRE_TICKS = 120
GOLD_ARMOUR = ("golden_helmet", "golden_chestplate", "golden_leggings", "golden_boots")
SEA_LEVEL = 63


@dataclass
class MobEvents:
    phantom_timer: int = 0
    slimes: dict[int, Entity] = field(default_factory=dict)  # the living slimes we have seen
    barters: dict[int, int] = field(default_factory=dict)  # piglin id -> tick of the drop


def state_of(game) -> MobEvents:
    m = game.survival.mechanics
    if "mob_events" not in m:
        m["mob_events"] = MobEvents()
    return m["mob_events"]  # type: ignore[return-value]


@hooks.on_player_tick
def tick(game, before) -> None:
    s = game.survival
    if s.entities is None:
        return
    st = state_of(game)
    peaceful = difficulty_id(s.difficulty) == 0  # (raises on a bad difficulty in any case)
    if not s.entities.entities and not st.slimes and not st.barters:
        phantoms(game, st)  # no mob to remove, no slime to split, no piglin to calm or pay
        return
    if peaceful:
        for e in s.entities.of_type(*ADDED_MONSTERS):
            s.entities.remove(e.id)
    phantoms(game, st)
    slimes(game, st)
    piglins(game, st)


def phantoms(game, st: MobEvents) -> None:
    s = game.survival
    rules = s.rules
    if not rules.get("spawn_phantoms", True) or not rules.get("do_mob_spawning", True):
        return
    st.phantom_timer -= 1
    if st.phantom_timer > 0:
        return
    rng = s.rng
    st.phantom_timer += (60 + int(rng.integers(60))) * 20
    if sky_darken(game.time_of_day, s.weather) < 5 or s.dimension != "overworld":
        return
    p = game.player
    if p.dead or s.gamemode == "spectator" or p.pos[1] < SEA_LEVEL:
        return
    x, y, z = (math.floor(v) for v in p.pos)
    reg = game.world.registry
    top = game.world.dimension.min_y + game.world.dimension.height
    if any(reg.block_of(game.world.get_block(x, yy, z)).name != "air"
           for yy in range(y + 2, min(top, y + 40))):  # fmt: skip
        return  # no open sky (a simplified canSeeSky)
    level = difficulty_id(s.difficulty)
    if level <= float(rng.random()) * 3.0:
        return
    since = max(1, s.stats.get("custom", "time_since_rest"))
    if int(rng.integers(since)) < 72000:
        return
    from odyssey.sim.entities.state import Dice

    made = spawn_phantoms(c.store(game), p.pos, level, Dice(int(rng.integers(2**31))))
    game.emit("phantoms_spawned", float(len(made)), (x, y, z))


def slimes(game, st: MobEvents) -> None:
    ents = game.survival.entities.entities
    for sid, e in list(st.slimes.items()):
        if sid in ents:
            continue
        del st.slimes[sid]
        size = int(e.components.get("size", 1))
        if not e.dead or size <= 1:
            continue
        rng = game.survival.rng
        for i in range(2 + int(rng.integers(3))):
            dx, dz = ((i % 2) - 0.5) * size / 4.0, ((i // 2) - 0.5) * size / 4.0
            child = c.store(game).add("slime", (e.x + dx, e.y + 0.5, e.z + dz))
            set_slime_size(child, size // 2)
            child.yaw = float(rng.random()) * 360.0
    for e in game.survival.entities.of_type("slime"):
        st.slimes[e.id] = e


def piglins(game, st: MobEvents) -> None:
    s = game.survival
    calm = any(s.inventory.get(slot) is not None and s.inventory.get(slot).item in GOLD_ARMOUR
               for slot in (36, 37, 38, 39))  # fmt: skip
    ents = s.entities.entities
    for e in s.entities.of_type("piglin"):
        (e.tags.add if calm else e.tags.discard)("calm")
        if e.hurt_by_player_ticks > 0:
            e.tags.add("angry")
    for pid, due in list(st.barters.items()):
        if pid not in ents:
            del st.barters[pid]
        elif game.tick_count >= due:
            del st.barters[pid]
            item, count = barter(game)
            e = ents[pid]
            spawn_item(c.store(game), item, count, (e.x, e.y + 1.0, e.z))
            game.emit("bartered", float(count), None, item)


def barter(game) -> tuple[str, int]:
    rng = game.survival.rng
    r = int(rng.integers(sum(w for _, w, _, _ in BARTER)))
    for item, weight, lo, hi in BARTER:
        if r < weight:
            return item, lo + int(rng.integers(hi - lo + 1))
        r -= weight
    return BARTER[-1][0], 1


@hooks.on_use_item("gold_ingot")
def give_gold(game, hit, held) -> bool:
    """PiglinAi.mobInteract: an adult piglin not already admiring takes the ingot."""
    e = c.pick(game, vehicles=False)
    st = state_of(game)
    if e is None or e.type != "piglin" or e.baby or e.id in st.barters or "angry" in e.tags:
        return False
    c.consume(game)
    c.state_of(game).used_tick = game.tick_count
    e.components["admire"] = ADMIRE_TICKS
    st.barters[e.id] = game.tick_count + ADMIRE_TICKS
    return True


c.first(give_gold, ("gold_ingot",))
