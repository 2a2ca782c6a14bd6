"""Behavioural probes: tiny survival games on a flat arena where the player does one thing
(pour a bucket, strike flint and steel, sleep, open a chest...) and we look at what happened.

Each probe returns a sentence of evidence when the engine does it, and raises ``MissingError`` (or
any error, which the caller turns into a reason) when it does not. They look only at results a
player would see (blocks, entities, screens, health, time), never at how a mechanic is written,
so their answers follow the engine as mechanics land.
"""

from __future__ import annotations

import math

from odyssey.sim.actions import craft_item, give, select_slot
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.game_commands import run as run_command
from odyssey.sim.player import InputState, PlayerState
from odyssey.sim.reach import crosshair_block
from odyssey.sim.survival import Survival

GROUND = 63  # the arena's grass top; the player stands at y = 64
Pos = tuple[int, int, int]


class MissingError(Exception):
    """The engine does not do what the probe asked."""


def probe_game(time_of_day: int = 6000) -> Game:
    """A survival player at (0.5, 64, 0.5) on a small grass arena, no natural spawning."""
    game = Game(flat_arena(10), PlayerState(pos=(0.5, GROUND + 1, 0.5), on_ground=True),
                GameRules(adventure=False, peaceful=False, time_of_day=time_of_day))  # fmt: skip
    game.survival = Survival(seed=1)
    game.survival.entities = EntityStore(1)
    game.survival.rules["do_mob_spawning"] = False
    game.run(2)
    return game


def look_at(game: Game, x: float, y: float, z: float) -> None:
    px, py, pz = game.player.pos
    dx, dy, dz = x - px, y - (py + game.player.eye_height), z - pz
    game.look(math.degrees(math.atan2(-dx, dz)), -math.degrees(math.atan2(dy, math.hypot(dx, dz))))


def press(game: Game, ticks: int = 1, **keys: bool) -> None:
    """Hold keys for ``ticks`` ticks, then release them and wait out the use delay."""
    game.hold(InputState(**keys))
    game.run(ticks)
    game.hold(InputState())
    game.run(5)


def hand(game: Game, item: str, count: int = 1, **components) -> None:
    """Put ``item`` in the first hotbar slot and select it."""
    game.survival.inventory.set(0, None)
    give(game, item, count, **components)
    select_slot(game, 0)


def name_at(game: Game, pos: Pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def put(game: Game, pos: Pos, spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def use_on_top(game: Game, pos: Pos) -> None:
    """Right-click the top face of the block at ``pos``."""
    look_at(game, pos[0] + 0.5, pos[1] + 0.999, pos[2] + 0.5)
    press(game, use=True)


def entity_types(game: Game) -> list[str]:
    return [e.type for e in game.survival.entities.entities.values() if not e.dead]


def items_held_or_dropped(game: Game) -> list[str]:
    """The items in the inventory and lying on the ground."""
    s = game.survival
    return [e.item for e in s.entities.entities.values() if e.type == "item"] + [
        st.item for st in s.inventory.slots if st is not None]  # fmt: skip


def expect(ok: bool, missing: str) -> None:
    if not ok:
        raise MissingError(missing)


# -- the probes --------------------------------------------------------------------------------


def _break_ground(game: Game, limit: int = 200) -> int:
    """Hold attack on the grass block at (1, 63, 0) until it breaks; the ticks it took."""
    look_at(game, 1.5, GROUND + 0.999, 0.5)
    game.hold(InputState(attack=True))
    for t in range(1, limit):
        game.tick()
        if name_at(game, (1, GROUND, 0)) != "grass_block":
            game.hold(InputState())
            return t
    raise MissingError(f"holding attack on grass_block for {limit} ticks did not break it")


def mining() -> str:
    return f"grass_block broken by hand in {_break_ground(probe_game())} ticks"


def silk_touch() -> str:
    """A silk-touch shovel given the way configs give it (a 1.16 command) keeps grass whole."""
    game = probe_game()
    line = '/give @s minecraft:diamond_shovel{Enchantments:[{id:"minecraft:silk_touch",lvl:1}]}'
    run_command(game, line, "minestudio-1.16")
    select_slot(game, 0)
    _break_ground(game)
    game.run(20)
    drops = items_held_or_dropped(game)
    expect("grass_block" in drops, f"grass mined with a silk-touch shovel gave {drops}")
    return "grass mined with a silk-touch shovel (given by command) dropped grass_block"


def shears_harvest() -> str:
    """Shears break seagrass (in the ground's water) into a seagrass item."""
    game = probe_game()
    pos = (2, GROUND, 0)
    put(game, pos, "seagrass")
    hand(game, "shears")
    look_at(game, 2.5, GROUND + 0.5, 0.5)
    hit = crosshair_block(game.world, game.player)
    stop = None if hit is None else hit.pos
    expect(stop == pos, f"the crosshair passes through seagrass (it stops at {stop})")
    press(game, 20, attack=True)
    game.run(20)
    drops = items_held_or_dropped(game)
    expect("seagrass" in drops, f"seagrass broken with shears gave {drops}")
    return "shears broke seagrass into a seagrass item"


def placing() -> str:
    game = probe_game()
    hand(game, "dirt")
    use_on_top(game, (1, GROUND, 0))
    expect(name_at(game, (1, GROUND + 1, 0)) == "dirt", "using dirt on the ground placed nothing")
    return "dirt placed on the ground by right-click"


def crafting() -> str:
    game = probe_game()
    give(game, "oak_log")
    expect(craft_item(game, "oak_planks") == 1, "oak_planks not crafted from a log")
    return "oak_log -> 4 oak_planks in the inventory grid"


def buckets() -> str:
    game = probe_game()
    hand(game, "water_bucket")
    use_on_top(game, (2, GROUND, 0))
    expect(name_at(game, (2, GROUND + 1, 0)) == "water", "a water bucket poured nothing")
    held = game.survival.inventory.mainhand
    return f"water bucket poured a source; hand holds {held.item if held else 'nothing'}"


def fluid_flow() -> str:
    game = probe_game()
    put(game, (4, GROUND + 1, 4), "water")
    game.run(30)
    wet = [p for p in ((5, GROUND + 1, 4), (3, GROUND + 1, 4), (4, GROUND + 1, 5))
           if name_at(game, p) == "water"]  # fmt: skip
    expect(bool(wet), "a water source did not spread to its neighbours in 30 ticks")
    return f"a water source spread to {len(wet)} neighbours in 30 ticks"


def obsidian_from_fluids() -> str:
    game = probe_game()
    put(game, (4, GROUND + 1, -4), "lava")
    game.run(2)
    put(game, (5, GROUND + 1, -4), "water")
    game.run(30)
    got = name_at(game, (4, GROUND + 1, -4))
    expect(got == "obsidian", f"lava source beside water stayed {got}")
    return "a lava source beside water turned to obsidian"


def fire() -> str:
    game = probe_game()
    hand(game, "flint_and_steel")
    use_on_top(game, (1, GROUND, 0))
    expect(name_at(game, (1, GROUND + 1, 0)) == "fire", "flint and steel lit nothing")
    return "flint and steel lit fire on the ground"


def nether_portal() -> str:
    game = probe_game()
    x = 3
    frame = [(x, GROUND + 1, z) for z in (0, 1)] + [(x, GROUND + 5, z) for z in (0, 1)]
    frame += [(x, y, z) for y in range(GROUND + 2, GROUND + 5) for z in (-1, 2)]
    for pos in frame:
        put(game, pos, "obsidian")
    hand(game, "flint_and_steel")
    use_on_top(game, (x, GROUND + 1, 0))
    inside = name_at(game, (x, GROUND + 3, 1))
    expect(inside == "nether_portal", f"lighting an obsidian frame left {inside} inside it")
    return "a lit 2x3 obsidian frame filled with nether_portal"


def farming() -> str:
    game = probe_game()
    hand(game, "iron_hoe")
    use_on_top(game, (1, GROUND, 0))
    expect(name_at(game, (1, GROUND, 0)) == "farmland", "a hoe did not till grass")
    hand(game, "wheat_seeds", 4)
    use_on_top(game, (1, GROUND, 0))
    expect(name_at(game, (1, GROUND + 1, 0)) == "wheat", "seeds on farmland planted nothing")
    return "hoe tilled grass into farmland; seeds planted wheat"


def beds() -> str:
    game = probe_game(time_of_day=18000)
    game.survival.rules["advance_time"] = True  # vanilla's default: the night can pass
    hand(game, "white_bed")
    use_on_top(game, (2, GROUND, 0))
    parts = [p for p in ((2, GROUND + 1, z) for z in (-1, 0, 1)) if name_at(game, p) == "white_bed"]
    parts += [p for p in ((x, GROUND + 1, 0) for x in (1, 3)) if name_at(game, p) == "white_bed"]
    expect(bool(parts), "a white bed could not be placed")
    look_at(game, parts[0][0] + 0.5, GROUND + 1.3, parts[0][2] + 0.5)
    press(game, use=True)
    game.run(120)
    t = game.time_of_day
    expect(t < 12000, f"using a bed at night did not skip it (time of day {t})")
    return f"slept in a bed at 18000: morning came (time of day {t})"


def _open(spec: str, command: str | None = None) -> Game:
    game = probe_game()
    if command is None:
        put(game, (2, GROUND + 1, 0), spec)
    else:
        result = run_command(game, command, "minestudio-1.16")
        expect(result.success, f"{command}: {result.message}")
    look_at(game, 2.5, GROUND + 1.5, 0.5)
    press(game, use=True)
    expect(game.survival.menu is not None, f"using the {spec} opened no screen")
    return game


def containers() -> str:
    game = _open("chest")
    return f"using a chest opened the {game.survival.menu_kind or 'chest'} screen"


def loot_chests() -> str:
    game = _open("chest", '/setblock ~2 ~ ~ minecraft:chest{LootTable:"minecraft:chests/'
                          'simple_dungeon"}')  # fmt: skip
    menu = game.survival.menu
    found = [s.item() for s in menu.slots[:27] if s.item() is not None]
    expect(bool(found), "a chest set with a LootTable opened empty")
    return f"a simple_dungeon chest held {len(found)} stacks when opened"


def enchanting() -> str:
    game = _open("enchanting_table")
    return f"using an enchanting table opened the {game.survival.menu_kind or 'its'} screen"


def carve_pumpkin() -> str:
    game = probe_game()
    put(game, (2, GROUND + 1, 0), "pumpkin")
    hand(game, "shears")
    look_at(game, 2.0, GROUND + 1.5, 0.5)
    press(game, use=True)
    got = name_at(game, (2, GROUND + 1, 0))
    expect(got == "carved_pumpkin", f"shears on a pumpkin left a {got}")
    return "shears carved a pumpkin"


def _golem(body: list[Pos], spec: str, head: Pos, golem: str) -> str:
    game = probe_game()
    for pos in body:
        put(game, pos, spec)
    for y in (GROUND + 1, GROUND + 2):  # a pillar to stand on: the top of the body in sight
        put(game, (0, y, 0), "stone")
    game.teleport((0.5, GROUND + 3.0, 0.5), 0.0, 0.0)
    hand(game, "carved_pumpkin")
    use_on_top(game, head)
    expect(golem in entity_types(game), f"a carved pumpkin on {spec}s made no {golem}")
    return f"a carved pumpkin on {spec}s made a {golem}"


def boats() -> str:
    """Place a boat on a pool and board it with an empty hand."""
    game = probe_game()
    for x in (2, 3):
        for z in (-1, 0, 1):
            put(game, (x, GROUND, z), "water")
    hand(game, "oak_boat")
    use_on_top(game, (2, GROUND - 1, 0))  # the pool's floor under the water: the surface
    boats = [e for e in game.survival.entities.entities.values() if e.type == "oak_boat"]
    expect(bool(boats), "using a boat on water placed no boat")
    b = boats[0]
    game.survival.inventory.set(0, None)
    look_at(game, b.x, b.y + 0.3, b.z)
    press(game, use=True)
    riding = getattr(game.survival.mechanics.get("riding"), "vehicle", None)
    expect(riding == b.id, "right-clicking the boat did not seat the player")
    return "placed a boat on water and boarded it"


def snow_golem() -> str:
    body = [(3, GROUND + 1, 0), (3, GROUND + 2, 0)]
    return _golem(body, "snow_block", body[-1], "snow_golem")


def iron_golem() -> str:
    body = [(3, GROUND + 1, 0), (3, GROUND + 2, 0), (3, GROUND + 2, -1), (3, GROUND + 2, 1)]
    return _golem(body, "iron_block", body[1], "iron_golem")


def _shoot(weapon: str, draw_ticks: int, projectile: str, again: bool = False) -> str:
    game = probe_game()
    hand(game, weapon)
    give(game, "arrow", 16)
    game.look(-90.0, -5.0)  # east, a little up
    press(game, draw_ticks, use=True)
    if again:  # a crossbow loads on the first use and fires on the next
        press(game, use=True)
    got = entity_types(game)
    expect(projectile in got, f"drawing a {weapon} for {draw_ticks} ticks shot no {projectile}")
    return f"a {weapon} shot an {projectile} entity"


def bow() -> str:
    return _shoot("bow", 25, "arrow")


def crossbow() -> str:
    return _shoot("crossbow", 30, "arrow", again=True)


def trident() -> str:
    return _shoot("trident", 15, "trident")


def shield() -> str:
    """A zombie's hits on a player holding up a shield do no damage (vanilla: blocked)."""
    losses = []
    for raised in (False, True):
        game = probe_game(time_of_day=18000)
        hand(game, "shield")
        game.survival.entities.add("zombie", (2.5, GROUND + 1, 0.5))
        look_at(game, 2.5, GROUND + 2.5, 0.5)
        game.hold(InputState(use=raised))
        game.run(80)
        losses.append(20.0 - game.player.health)
    expect(losses[0] > 0, "the zombie did not hit the player in 80 ticks")
    expect(losses[1] < losses[0], f"a raised shield blocked nothing (lost {losses[1]:.1f} health)")
    return f"a raised shield cut a zombie's damage from {losses[0]:.1f} to {losses[1]:.1f}"


def potions() -> str:
    game = probe_game()
    run_command(game, '/give @s minecraft:potion{Potion:"minecraft:harming"} 1', "minestudio-1.16")
    select_slot(game, 0)
    press(game, 40, use=True)
    expect(game.player.health < 20.0, "drinking a potion of harming did no damage")
    return f"drinking a potion of harming took {20.0 - game.player.health:.1f} health"


def leads() -> str:
    game = probe_game()
    cow = game.survival.entities.add("cow", (2.5, GROUND + 1, 0.5))
    cow.no_ai = True
    hand(game, "lead")
    look_at(game, 2.5, GROUND + 1.7, 0.5)
    press(game, use=True)
    held = game.survival.inventory.mainhand
    expect(held is None or held.count == 0, "using a lead on a cow did not leash it")
    return "a lead was tied to a cow"
