"""Fire as vanilla's FireBlock does it: lit with flint and steel or a fire charge, spreading over
a plank floor and burning it away, going out without fuel, in rain and with the do_fire_tick
rule off, never on netherrack; lava lighting what is around it; candles and campfires lit."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import give
from odyssey.sim.game import Game
from odyssey.sim.mechanics.flammability import tables
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64


def survival_game(seed: int = 7) -> Game:
    return playground.survival_game(seed=seed)


def use_once(game: Game) -> list:
    game.hold(InputState(use=True))
    events = game.tick()
    game.hold(InputState())
    game.run(5)  # past the 4-tick use delay
    return events


def name_at(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def count(game: Game, lo, hi, name: str) -> int:
    box = game.world.get_box(lo, hi)
    return sum(1 for s in box.ravel() if tables(game.world.registry).names[int(s)] == name)


def test_flint_and_steel_sets_a_plank_floor_alight_and_it_burns_away():
    game = survival_game()
    planks = game.world.registry.default_state("oak_planks")
    for x in range(2, 8):
        for z in range(-3, 4):
            game.set_block((x, GROUND - 1, z), planks)
    give(game, "flint_and_steel")
    look_at(game, 2.5, GROUND, 0.5)  # the top of the plank at (2, 63, 0)
    events = use_once(game)
    assert name_at(game, (2, GROUND, 0)) == "fire"
    assert any(e.detail == "item.flintandsteel.use" for e in events)
    assert game.survival.inventory.mainhand.damage == 1  # one use of 64
    assert game.survival.stats.get("used", "flint_and_steel") == 1
    lo, hi = (1, GROUND - 1, -4), (9, GROUND + 2, 5)
    most_fire, burned = 1, []
    for _ in range(200):  # up to 20,000 ticks
        burned += [e.pos for e in game.run(100) if e.kind == "block_burned"]
        fires = count(game, lo, hi, "fire")
        most_fire = max(most_fire, fires)
        if fires == 0:
            break
    assert count(game, lo, hi, "fire") == 0  # burnt out
    assert most_fire > 2  # it spread
    assert count(game, lo, hi, "oak_planks") < 42 - 5  # planks burned away...
    assert burned and all(name_at(game, p) == "air" for p in burned)  # ...leaving air


def test_fire_charge_is_used_up_and_lights_soul_fire_on_soul_sand():
    game = survival_game()
    game.set_block((2, GROUND - 1, 0), game.world.registry.default_state("soul_sand"))
    give(game, "fire_charge", 2)
    look_at(game, 2.5, GROUND - 0.2, 0.5)
    events = use_once(game)
    assert name_at(game, (2, GROUND, 0)) == "soul_fire"
    assert any(e.detail == "item.firecharge.use" for e in events)
    assert game.survival.inventory.mainhand.count == 1
    game.run(400)
    assert name_at(game, (2, GROUND, 0)) == "soul_fire"  # soul fire never burns out


def test_flint_and_steel_lights_candles_and_campfires():
    game = survival_game()
    reg = game.world.registry
    game.set_block((2, GROUND, 0), reg.state("candle[candles=2,lit=false]"))
    game.set_block((-2, GROUND, 0), reg.state("campfire[lit=false]"))
    give(game, "flint_and_steel")
    look_at(game, 2.5, GROUND + 0.3, 0.5)
    use_once(game)
    look_at(game, -1.5, GROUND + 0.2, 0.5)
    use_once(game)
    assert reg.properties(game.world.get_block(2, GROUND, 0))["lit"] == "true"
    assert reg.properties(game.world.get_block(-2, GROUND, 0))["lit"] == "true"
    assert name_at(game, (2, GROUND + 1, 0)) == "air"  # lit, not set on fire
    assert game.survival.inventory.mainhand.damage == 2


def test_fire_on_bare_stone_goes_out_but_burns_for_ever_on_netherrack():
    game = survival_game()
    reg = game.world.registry
    game.set_block((3, GROUND - 1, 0), reg.default_state("stone"))
    game.set_block((-3, GROUND - 1, 0), reg.default_state("netherrack"))
    for pos in ((3, GROUND, 0), (-3, GROUND, 0)):
        game.set_block(pos, reg.default_state("fire"))
    game.run(3000)
    assert name_at(game, (3, GROUND, 0)) == "air"
    assert name_at(game, (-3, GROUND, 0)) == "fire"
    assert int(reg.properties(game.world.get_block(-3, GROUND, 0))["age"]) == 15


def test_fire_without_support_goes_at_once():
    game = survival_game()
    reg = game.world.registry
    game.set_block((4, GROUND + 3, 0), reg.default_state("fire"))  # in the air: never stays
    assert name_at(game, (4, GROUND + 3, 0)) == "air"
    game.set_block((4, GROUND, 0), reg.default_state("oak_planks"))
    game.set_block((4, GROUND + 1, 0), reg.default_state("fire"))
    assert name_at(game, (4, GROUND + 1, 0)) == "fire"
    game.set_block((4, GROUND, 0), reg.default_state("air"))  # the plank goes: so does the fire
    assert name_at(game, (4, GROUND + 1, 0)) == "air"


def test_the_fire_side_faces_the_burnable_block_it_clings_to():
    game = survival_game()
    reg = game.world.registry
    game.set_block((4, GROUND + 2, 0), reg.default_state("oak_log"))
    give(game, "flint_and_steel")
    look_at(game, 4.0, GROUND + 2.5, 0.5)  # the log's west face, up in the air
    use_once(game)
    state = game.world.get_block(3, GROUND + 2, 0)
    assert reg.block_of(state).name == "fire"
    assert reg.properties(state)["east"] == "true" and reg.properties(state)["west"] == "false"


def test_rain_puts_out_fire_under_the_open_sky_only():
    game = survival_game()
    reg = game.world.registry
    game.survival.weather = "rain"
    for x in (3, -3):  # fires on the grass beside a log (fuel, so they do not die out)
        game.set_block((x + 1, GROUND, 0), reg.default_state("oak_log"))
        game.set_block((x, GROUND, 0), reg.default_state("fire"))
    game.world.fill((-4, GROUND + 3, -1), (-1, GROUND + 4, 2), "stone")  # a roof over x = -3
    for _ in range(600):
        game.tick()
        if name_at(game, (3, GROUND, 0)) != "fire":
            break
    assert name_at(game, (3, GROUND, 0)) == "air"  # put out
    assert name_at(game, (-3, GROUND, 0)) == "fire"  # the covered fire burns on


def test_the_do_fire_tick_rule_stops_fire_ageing_and_spreading():
    game = survival_game()
    reg = game.world.registry
    game.survival.rules["do_fire_tick"] = False
    game.set_block((3, GROUND - 1, 0), reg.default_state("stone"))
    game.set_block((3, GROUND, 0), reg.default_state("fire"))
    game.run(3000)
    assert game.world.get_block(3, GROUND, 0) == reg.state("fire[age=0]")


def test_lava_sets_the_planks_around_it_on_fire():
    game = survival_game()
    reg = game.world.registry
    game.survival.rules["random_tick_speed"] = 300
    game.world.fill((3, GROUND - 1, -2), (8, GROUND, 3), "oak_planks")
    game.set_block((5, GROUND - 1, 0), reg.state("lava[level=0]"))
    game.set_block((5, GROUND - 1, 1), reg.state("lava[level=0]"))
    fired = False
    for _ in range(100):
        game.tick()
        if count(game, (2, GROUND, -3), (9, GROUND + 3, 4), "fire") > 0:
            fired = True
            break
    assert fired
