"""Hoppers: under a chest they move its items one at a time every 8 ticks into the furnace or
chest below, into a furnace's fuel slot from the side, pull a furnace's result from below, suck
up item entities lying on them, stop while powered, and the player places them facing the
clicked block."""

from __future__ import annotations

import math

from odyssey.sim import playground
from odyssey.sim.actions import give, select_slot
from odyssey.sim.entities.items import spawn_item
from odyssey.sim.game import Game
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import containers, hoppers
from odyssey.sim.player import InputState

GROUND = 64


def survival_game() -> Game:
    return playground.survival_game(seed=5, difficulty="peaceful", radius=16)


def put(game: Game, pos, spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def test_a_hopper_under_a_chest_feeds_the_furnace_below_every_8_ticks():
    game = survival_game()
    furnace, hopper, chest = (4, GROUND, 4), (4, GROUND + 1, 4), (4, GROUND + 2, 4)
    put(game, furnace, "furnace[facing=west]")
    put(game, hopper, "hopper[facing=down]")
    put(game, chest, "chest[facing=west]")
    containers.set_contents(game, chest, [ItemStack("beef", 3)])
    counts = []
    for _ in range(26):
        game.tick()
        state = game.survival.furnaces.get(furnace)
        here = state.items[0] if state else None
        counts.append(here.count if here else 0)
    # pulled on the first tick, then one hop every 8 ticks (cooldown 8)
    first = counts.index(1)
    assert counts[first + 7] == 1 and counts[first + 8] == 2 and counts[first + 16] == 3
    assert containers.contents(game, chest)[0] is None
    assert containers.contents(game, hopper) == [None] * 5
    # the hopper's block entity is saved in vanilla's layout
    assert game.world.block_entity(*hopper)["id"] == "minecraft:hopper"


def test_hoppers_chain_from_chest_to_chest_and_into_fuel_from_the_side():
    game = survival_game()
    top, hopper, bottom = (2, GROUND + 2, 2), (2, GROUND + 1, 2), (2, GROUND, 2)
    put(game, top, "chest[facing=west]")
    put(game, hopper, "hopper[facing=down]")
    put(game, bottom, "chest[facing=west]")
    containers.set_contents(game, top, [ItemStack("cobblestone", 2), ItemStack("dirt", 1)])
    game.run(40)
    moved = [(s.item, s.count) for s in containers.contents(game, bottom) if s]
    assert moved == [("cobblestone", 2), ("dirt", 1)]
    # a side hopper pointing into a furnace fills its fuel slot, and not with beef
    furnace, side = (6, GROUND, 2), (5, GROUND, 2)
    put(game, furnace, "furnace[facing=west]")
    put(game, side, "hopper[facing=east]")
    containers.set_contents(game, side, [ItemStack("beef", 1), ItemStack("coal", 2)])
    game.run(20)
    fuel = game.survival.furnaces[furnace].items[1]
    assert fuel is not None and fuel.item == "coal"
    assert containers.contents(game, side)[0] == ItemStack("beef", 1)


def test_a_hopper_under_a_furnace_takes_its_result():
    game = survival_game()
    furnace, hopper = (3, GROUND + 1, 3), (3, GROUND, 3)
    put(game, furnace, "furnace[facing=west]")
    put(game, hopper, "hopper[facing=east]")
    state = game.survival.furnace_at(furnace, "furnace")
    state.items[2] = ItemStack("cooked_beef", 2)
    state.items[1] = ItemStack("coal", 4)
    game.run(10)
    assert [s.item for s in containers.contents(game, hopper) if s] == ["cooked_beef"]
    assert state.items[1] == ItemStack("coal", 4)  # fuel is not pulled (only buckets)


def test_a_hopper_picks_up_items_lying_on_it_unless_powered():
    game = survival_game()
    hopper = (3, GROUND, 3)
    put(game, hopper, "hopper[facing=north]")
    spawn_item(game.survival.entities, "apple", 5, (3.5, GROUND + 1.0, 3.5))
    game.run(20)
    assert containers.contents(game, hopper)[0] == ItemStack("apple", 5)
    put(game, (4, GROUND, 3), "lever[face=floor,facing=north,powered=true]")
    props = game.world.registry.properties(game.world.get_block(*hopper))
    assert props["enabled"] == "false"
    spawn_item(game.survival.entities, "bread", 2, (3.5, GROUND + 1.0, 3.5))
    game.run(20)
    assert [s.item for s in containers.contents(game, hopper) if s] == ["apple"]


def test_the_player_places_a_hopper_facing_the_clicked_block():
    game = survival_game()
    put(game, (2, GROUND, 0), "chest[facing=west]")
    give(game, "hopper")
    select_slot(game, 0)
    game.hold(InputState(sneak=True))  # crouching: the chest does not open
    game.run(3)
    px, py, pz = game.player.pos
    dx, dy, dz = 2.0 - px, GROUND + 0.5 - (py + game.player.eye_height), 0.5 - pz
    game.look(math.degrees(math.atan2(-dx, dz)), -math.degrees(math.atan2(dy, math.hypot(dx, dz))))
    game.hold(InputState(sneak=True, use=True))
    game.tick()
    game.hold(InputState())
    reg = game.world.registry
    at = (1, GROUND, 0)
    assert reg.block_of(game.world.get_block(*at)).name == "hopper"
    assert reg.properties(game.world.get_block(*at))["facing"] == "east"
    assert containers.key_of(game, at) in containers.state(game).hoppers
    assert hoppers.COOLDOWN == 8


def test_a_hopper_already_in_the_world_is_found_and_ticks():
    game = survival_game()
    reg = game.world.registry
    game.world.set_block(5, GROUND + 1, 5, reg.state("chest[facing=west]"))
    game.world.set_block(5, GROUND, 5, reg.state("hopper[facing=down]"))
    game.world.set_block_entity(5, GROUND + 1, 5, {"id": "minecraft:chest", "Items": [
        {"Slot": 0, "id": "minecraft:stick", "count": 2}]})  # fmt: skip
    game.run(3)
    assert containers.contents(game, (5, GROUND, 5))[0] == ItemStack("stick", 1)
