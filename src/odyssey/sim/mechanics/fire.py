"""Fire blocks: placing, spreading, burning blocks away and going out (vanilla 1.21.11's
``BaseFireBlock``, ``FireBlock`` and ``SoulFireBlock``), and lava setting things alight
(``LavaFluid.randomTick``).

Fire ticks every 30 + rand(10) ticks (``getFireTickDelay``). Each tick, while the
``do_fire_tick`` rule is on: fire that lost its support goes; in rain under the open sky it goes
out with chance 0.2 + 0.03·age (not on netherrack or magma, the dimension's #infiniburn); its
age grows by rand(3)/2 up to 15; it dies with nothing burnable beside it (at once on bare
ground when older than 3), and at age 15 with chance 1/4 when the block below cannot burn. It
then tries to burn its six neighbours (chance burnOdds/300 sideways, /250 above and below: a
burnt block becomes fire with chance 5/(age+10), else air) and to light the air blocks around
it (x, z ±1, y −1..+4; the odds (igniteOdds + 40 + 7·difficulty)/(age + 30) against rand(100),
+100 per block above the first). Fire placed in an obsidian frame lights a Nether portal
(overworld and Nether only). Soul fire stands on soul sand or soul soil and never spreads.

Deliberate differences: rain falls wherever the sky is open (biomes' precipitation is not
checked) and only in the overworld; "ignitedByLava" is taken to be "igniteOdds > 0"; the
biomes with increased fire burnout are not told apart; a burnt TNT block is primed through
``sim.mechanics.tnt.prime(game, pos)`` when that module exists, else it just burns.
"""

from __future__ import annotations

import importlib

from odyssey.sim import blockupdates
from odyssey.sim.mechanics import hooks, nether_portal
from odyssey.sim.mechanics.flammability import (
    fire_state,
    fire_survives,
    ignite_odds_at,
    is_infiniburn,
    offset,
    sturdy_below,
    tables,
    valid_fire_location,
)
from odyssey.sim.redstone import with_props
from odyssey.world.blocks import AIR

Pos = tuple[int, int, int]
DIFFICULTY_IDS = {"peaceful": 0, "easy": 1, "normal": 2, "hard": 3}
PORTAL_DIMENSIONS = ("overworld", "the_nether")
# checkBurnOut's chances in FireBlock.tick's order
BURN_OUT = (("east", 300), ("west", 300), ("down", 250), ("up", 250), ("north", 300),
            ("south", 300))  # fmt: skip


def tick_delay(rng) -> int:
    """FireBlock.getFireTickDelay: 30 + nextInt(10)."""
    return 30 + int(rng.integers(10))


def raining(game) -> bool:
    return game.survival.weather in ("rain", "thunder") and game.survival.dimension == "overworld"


def rained_on(game, pos: Pos) -> bool:
    """Level.isRainingAt: raining, and nothing that blocks motion (or holds fluid) above."""
    if not raining(game):
        return False
    world = game.world
    x, y, z = pos
    top = world.dimension.max_y
    if y + 1 >= top:
        return True
    column = world.get_box((x, y + 1, z), (x + 1, top, z + 1))
    return not bool(tables(world.registry).motion[column].any())


def near_rain(game, pos: Pos) -> bool:
    """FireBlock.isNearRain: rain on the block or on one beside it."""
    sides = (pos, offset(pos, "west"), offset(pos, "east"), offset(pos, "north"),
             offset(pos, "south"))  # fmt: skip
    return any(rained_on(game, p) for p in sides)


def place_fire(game, pos: Pos) -> None:
    """Set fire (or soul fire) at ``pos`` as BaseFireBlock.getState chooses, with updates."""
    game.set_block(pos, fire_state(game.world, pos))


@hooks.on_placed("fire", "soul_fire")
def _placed(game, pos: Pos, state: int, old: int) -> None:
    """BaseFireBlock.onPlace: light a portal frame around it, else go if it cannot stay."""
    if game.survival.dimension in PORTAL_DIMENSIONS and nether_portal.light(game, pos, "x"):
        return
    if not fire_survives(game.world, pos, state):
        game.set_block(pos, AIR)
        return
    if tables(game.world.registry).names[state] == "fire":
        blockupdates.schedule(game, pos, tick_delay(game.survival.rng), "fire")


@hooks.on_neighbour("fire", "soul_fire")
def _neighbour(game, pos: Pos, state: int, source: Pos) -> None:
    """updateShape: fire without support goes; fire's burning sides follow its neighbours."""
    if source == pos:
        return
    world = game.world
    if not fire_survives(world, pos, state):
        game.set_block(pos, AIR)
        return
    if tables(world.registry).names[state] == "fire":
        age = int(world.registry.properties(state)["age"])
        wanted = fire_state(world, pos, age)
        if wanted != state:
            game.set_block(pos, wanted, update=False)


@hooks.on_scheduled("fire")
def _tick(game, pos: Pos, state: int) -> None:
    """FireBlock.tick."""
    world = game.world
    t = tables(world.registry)
    if t.names[state] != "fire":
        return
    s = game.survival
    rng = s.rng
    blockupdates.schedule(game, pos, tick_delay(rng), "fire")
    if not s.rules.get("do_fire_tick", True):
        return
    if not fire_survives(world, pos, state):
        game.set_block(pos, AIR)
        return
    infiniburn = is_infiniburn(world, pos, s.dimension)
    age = int(world.registry.properties(state)["age"])
    if (
        not infiniburn
        and raining(game)
        and near_rain(game, pos)
        and (rng.random() < 0.2 + age * 0.03)
    ):
        game.set_block(pos, AIR)
        return
    new_age = min(15, age + int(rng.integers(3)) // 2)
    if new_age != age:
        state = with_props(world.registry, state, age=str(new_age))
        game.set_block(pos, state, update=False)
    if not infiniburn:
        if not valid_fire_location(world, pos):
            if not sturdy_below(world, pos) or age > 3:
                game.set_block(pos, AIR)
            return
        below = world.get_block(pos[0], pos[1] - 1, pos[2])
        if age == 15 and int(rng.integers(4)) == 0 and not t.ignite[below] > 0:
            game.set_block(pos, AIR)
            return
    for side, chance in BURN_OUT:
        _burn_out(game, offset(pos, side), chance, age)
    difficulty = DIFFICULTY_IDS.get(s.difficulty, 2)
    rain = raining(game)
    x, y, z = pos
    for dx in (-1, 0, 1):
        for dz in (-1, 0, 1):
            for dy in range(-1, 5):
                if dx == 0 and dy == 0 and dz == 0:
                    continue
                target = (x + dx, y + dy, z + dz)
                if not world.dimension.min_y <= target[1] < world.dimension.max_y:
                    continue
                chance = 100 + (dy - 1) * 100 if dy > 1 else 100
                odds = ignite_odds_at(world, target)
                if odds <= 0:
                    continue
                spread = (odds + 40 + difficulty * 7) // (age + 30)
                if (
                    spread > 0
                    and int(rng.integers(chance)) <= spread
                    and not (rain and near_rain(game, target))
                ):
                    spread_age = min(15, age + int(rng.integers(5)) // 4)
                    game.set_block(target, fire_state(world, target, spread_age))


def _burn_out(game, pos: Pos, chance: int, age: int) -> None:
    """FireBlock.checkBurnOut: the block burns away, or catches fire itself."""
    world = game.world
    if not world.dimension.min_y <= pos[1] < world.dimension.max_y:
        return
    t = tables(world.registry)
    state = world.get_block(*pos)
    rng = game.survival.rng
    if int(rng.integers(chance)) >= t.burn[state]:
        return
    if int(rng.integers(age + 10)) < 5 and not rained_on(game, pos):
        new_age = min(age + int(rng.integers(5)) // 4, 15)
        game.set_block(pos, fire_state(world, pos, new_age))
    else:
        game.set_block(pos, AIR)
    game.emit("block_burned", 0.0, pos, t.names[state])
    if t.names[state] == "tnt":
        _prime_tnt(game, pos)


def _prime_tnt(game, pos: Pos) -> None:
    try:
        tnt = importlib.import_module("odyssey.sim.mechanics.tnt")
    except ImportError:
        return
    prime = getattr(tnt, "prime", None)
    if prime is not None:
        prime(game, pos)


@hooks.on_random("lava")
def _lava(game, pos: Pos, state: int, rng) -> None:
    """LavaFluid.randomTick: lava lights the air beside burnable blocks up to 2 blocks above,
    or the tops of burnable blocks around it."""
    if not game.survival.rules.get("do_fire_tick", True):
        return
    world = game.world
    t = tables(world.registry)
    lo, hi = world.dimension.min_y, world.dimension.max_y
    draws = rng.integers(0, 3, size=7).tolist()  # one call: lava is everywhere in the Nether
    steps = draws[0]
    if steps > 0:
        p = pos
        for i in range(steps):
            p = (p[0] + draws[1 + 2 * i] - 1, p[1] + 1, p[2] + draws[2 + 2 * i] - 1)
            if not lo <= p[1] < hi:
                return
            if world.loaded_chunk(p[0] >> 4, p[2] >> 4) is None:
                return  # vanilla: !level.isLoaded(pos) -> return (never loads a chunk)
            here = world.get_block(*p)
            if t.air[here]:
                if any(_flammable(world, t, offset(p, side)) for side in
                       ("down", "up", "north", "south", "west", "east")):  # fmt: skip
                    place_fire(game, p)
                    return
            elif t.solid[here]:
                return
        return
    for i in range(3):
        p = (pos[0] + draws[1 + 2 * i] - 1, pos[1], pos[2] + draws[2 + 2 * i] - 1)
        above = (p[0], p[1] + 1, p[2])
        if world.loaded_chunk(p[0] >> 4, p[2] >> 4) is None:
            return  # vanilla: !level.isLoaded(pos) -> return
        if not lo <= above[1] < hi:
            continue
        if t.air[world.get_block(*above)] and t.ignite[world.get_block(*p)] > 0:
            # vanilla asks getState of the burnable block's position, not of the one above
            game.set_block(above, fire_state(world, p))


def _flammable(world, t, p: Pos) -> bool:
    """LavaFluid.isFlammable: a block in a chunk that is not loaded is not (it is not loaded
    for the look either)."""
    if world.loaded_chunk(p[0] >> 4, p[2] >> 4) is None:
        return False
    return t.ignite[world.get_block(*p)] > 0
