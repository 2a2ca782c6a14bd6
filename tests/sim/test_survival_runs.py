"""Scripted survival runs through the game's keys, as a player would play them: punch a tree and
craft up to a wooden pickaxe, mine stone and iron ore, smelt beef, shear a sheep, kill a zombie
at night, eat — each ending with the inventory and statistics vanilla would show."""

from __future__ import annotations

import math

import pytest

from odyssey.sim.actions import (
    click_screen,
    close_screen,
    craft_item,
    give,
    open_screen,
    respawn,
    select_slot,
)
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.inventory import ItemStack
from odyssey.sim.player import InputState, PlayerState
from odyssey.sim.survival import Survival

GROUND = 64


def survival_game(time_of_day: int = 6000, difficulty: str = "normal") -> Game:
    world = flat_arena(24)
    game = Game(world, PlayerState(pos=(0.5, GROUND, 0.5), on_ground=True),
                GameRules(adventure=False, peaceful=difficulty == "peaceful",
                          time_of_day=time_of_day))  # fmt: skip
    game.survival = Survival(difficulty=difficulty, seed=7)
    game.survival.entities = EntityStore(7)
    game.survival.rules["do_mob_spawning"] = False
    game.run(2)  # settle on the ground (the first tick starts in the air)
    return game


def look_at(game: Game, x: float, y: float, z: float) -> None:
    """Turn the eye towards a point (vanilla yaw/pitch)."""
    px, py, pz = game.player.pos
    dx, dy, dz = x - px, y - (py + game.player.eye_height), z - pz
    yaw = math.degrees(math.atan2(-dx, dz))
    pitch = -math.degrees(math.atan2(dy, math.hypot(dx, dz)))
    game.look(yaw, pitch)


def hold(game: Game, ticks: int, **keys: bool) -> None:
    """Hold keys for ``ticks`` ticks, then release them for a tick (so a next press is one)."""
    game.hold(InputState(**keys))
    game.run(ticks)
    game.hold(InputState())
    game.tick()


def break_block(game: Game, pos: tuple[int, int, int], limit: int = 400) -> int:
    """Hold attack on a block until it is gone; the ticks it took. The aim is the middle of the
    block's face nearest the player (aiming at its centre may cross a block above first)."""
    px, _, pz = game.player.pos
    look_at(game, min(max(px, pos[0] + 0.01), pos[0] + 0.99), pos[1] + 0.5,
            min(max(pz, pos[2] + 0.01), pos[2] + 0.99))  # fmt: skip
    before = game.world.get_block(*pos)
    game.hold(InputState(attack=True))
    for t in range(1, limit + 1):
        game.tick()
        if game.world.get_block(*pos) != before:
            game.hold(InputState())
            collect(game, pos)
            return t
    game.hold(InputState())
    raise AssertionError(f"{pos} not broken in {limit} ticks")


def collect(game: Game, pos: tuple[int, int, int]) -> None:
    """Walk up to a broken block's place so its drop is picked up, and back."""
    start = game.player.pos
    look_at(game, pos[0] + 0.5, game.player.pos[1] + game.player.eye_height, pos[2] + 0.5)
    hold(game, 6, forward=True)
    game.run(20)
    look_at(game, start[0], game.player.pos[1] + game.player.eye_height, start[2])
    hold(game, 6, forward=True)
    game.run(10)


def inventory(game: Game) -> dict[str, int]:
    out: dict[str, int] = {}
    for stack in game.survival.inventory.slots:
        if stack is not None:
            out[stack.item] = out.get(stack.item, 0) + stack.count
    return out


def test_punch_a_tree_and_craft_a_wooden_pickaxe():
    game = survival_game()
    for y in range(GROUND, GROUND + 4):  # the trunk beside the player: drops land in reach
        game.world.set_block(1, y, 0, game.world.registry.state("oak_log[axis=y]"))
    ticks = [break_block(game, (1, y, 0)) for y in (GROUND, GROUND + 1, GROUND + 2)]
    # 3 s by hand (+1 tick on float sums; +5 for vanilla's destroy delay after a break)
    assert ticks[0] == 61 and ticks[1:] == [66, 66], ticks
    s = game.survival
    assert inventory(game) == {"oak_log": 3}
    assert s.stats.get("mined", "oak_log") == 3 and s.stats.get("picked_up", "oak_log") == 3
    # 2x2 grid of the player's own screen: planks, sticks, a crafting table
    assert craft_item(game, "oak_planks", 3) == 3
    assert craft_item(game, "stick", 1) == 1
    assert craft_item(game, "crafting_table", 1) == 1
    with pytest.raises(Exception, match=r"3x3|crafting table"):
        craft_item(game, "wooden_pickaxe", 1)
    # place the table on the ground beside the player, then open it
    select_slot(game, next(i for i in range(9) if (st := s.inventory.get(i)) is not None
                           and st.item == "crafting_table"))  # fmt: skip
    look_at(game, -1.5, GROUND, 0.5)
    hold(game, 1, use=True)
    assert game.world.registry.block_of(game.world.get_block(-2, GROUND, 0)).name == (
        "crafting_table"
    )
    assert s.stats.get("used", "crafting_table") == 1
    game.run(5)
    look_at(game, -1.5, GROUND + 0.5, 0.5)
    hold(game, 1, use=True)
    assert s.menu_kind == "crafting_table"
    assert s.stats.get("custom", "interact_with_crafting_table") == 1
    assert craft_item(game, "wooden_pickaxe", 1) == 1
    close_screen(game)
    assert inventory(game) == {"oak_planks": 3, "stick": 2, "wooden_pickaxe": 1}
    assert {k: s.stats.get("crafted", k) for k in
            ("oak_planks", "stick", "crafting_table", "wooden_pickaxe")} == {
        "oak_planks": 12, "stick": 4, "crafting_table": 1, "wooden_pickaxe": 1}  # fmt: skip


def test_iron_ore_needs_a_stone_pickaxe():
    game = survival_game()
    reg = game.world.registry
    for x in (1, -1):
        game.world.set_block(x, GROUND, 0, reg.state("iron_ore"))
    give(game, "wooden_pickaxe")
    give(game, "stone_pickaxe")
    select_slot(game, 0)
    t_wood = break_block(game, (1, GROUND, 0), limit=2000)
    assert "raw_iron" not in inventory(game)  # a wooden pickaxe harvests nothing
    select_slot(game, 1)
    t_stone = break_block(game, (-1, GROUND, 0))
    assert inventory(game).get("raw_iron") == 1
    assert t_stone < t_wood
    s = game.survival
    assert s.stats.get("mined", "iron_ore") == 1  # only the harvest counts as mined
    assert s.stats.get("used", "wooden_pickaxe") == 1 and s.stats.get("used", "stone_pickaxe") == 1
    assert s.inventory.get(0).damage == 1 and s.inventory.get(1).damage == 1


def test_smelt_beef_in_a_furnace_with_coal():
    game = survival_game()
    reg = game.world.registry
    pos = (2, GROUND, 0)
    game.world.set_block(*pos, reg.state("furnace[facing=west,lit=false]"))
    give(game, "beef", 2)
    give(game, "coal", 1)
    look_at(game, 2.5, GROUND + 0.5, 0.5)
    hold(game, 1, use=True)
    s = game.survival
    assert s.menu_kind == "furnace"
    beef_slot = 3 + 27 + 0  # hotbar 0 in the furnace screen is slot 30
    click_screen(game, beef_slot, 0, 1)  # shift-click: beef to the input
    click_screen(game, beef_slot + 1, 0, 1)  # coal to the fuel slot
    close_screen(game)
    game.run(2)
    assert reg.properties(game.world.get_block(*pos))["lit"] == "true"
    game.run(2 * 200)
    open_screen(game, "furnace", pos)
    click_screen(game, 2, 0, 1)  # take the result
    close_screen(game)
    assert inventory(game) == {"cooked_beef": 2}
    assert s.stats.get("crafted", "cooked_beef") == 2
    assert s.stats.get("custom", "interact_with_furnace") == 2


def test_shear_a_sheep():
    game = survival_game()
    s = game.survival
    sheep = s.entities.add("sheep", (2.5, GROUND, 0.5))
    sheep.no_ai = True
    give(game, "shears")
    look_at(game, 2.5, GROUND + 0.6, 0.5)
    hold(game, 1, use=True)
    collect(game, (2, GROUND, 0))
    assert sheep.sheared
    wool = {k: v for k, v in inventory(game).items() if k.endswith("_wool")}
    assert 1 <= sum(wool.values()) <= 3
    assert s.inventory.get(0).damage == 1


def test_kill_a_zombie_with_a_sword_at_night():
    game = survival_game(time_of_day=18000)
    s = game.survival
    zombie = s.entities.add("zombie", (2.5, GROUND, 0.5))
    give(game, "iron_sword")
    hits = 0
    while not zombie.dead and hits < 20:
        look_at(game, zombie.x, zombie.y + 1.0, zombie.z)
        hold(game, 12, attack=True)  # one swing per full cooldown (0.625 s)
        hits += 1
    assert zombie.dead and hits <= 5  # 6 damage a full swing, 20 health, 2 armour
    game.run(40)
    assert s.stats.get("killed", "zombie") == 1 and s.stats.get("custom", "mob_kills") == 1
    assert s.inventory.get(0).damage == s.stats.get("used", "iron_sword") >= 3


def test_eat_to_restore_hunger():
    game = survival_game()
    s = game.survival
    s.food = type(s.food)(food_level=10, saturation=0.0)
    give(game, "bread", 2)
    hold(game, 33, use=True)
    assert s.food.food_level == 15 and s.food.saturation == pytest.approx(6.0)
    assert inventory(game) == {"bread": 1} and s.stats.get("used", "bread") == 1


def test_adventure_mode_breaks_nothing_and_navigation_games_have_no_survival():
    game = survival_game()
    game.survival.set_mode("adventure")
    game.world.set_block(2, GROUND, 0, game.world.registry.state("dirt"))
    look_at(game, 2.5, GROUND + 0.5, 0.5)
    hold(game, 100, attack=True)
    assert game.world.registry.block_of(game.world.get_block(2, GROUND, 0)).name == "dirt"
    nav = Game(flat_arena(8), PlayerState(pos=(0.5, GROUND, 0.5), on_ground=True))
    assert nav.survival is None and nav.tick() == []


def test_snapshot_restores_inventory_and_stats():
    game = survival_game()
    give(game, "stone", 5)
    snap = game.snapshot()
    give(game, "stone", 5)
    game.survival.stats.add("custom", "jump")
    game.restore(snap)
    assert inventory(game) == {"stone": 5} and game.survival.stats.get("custom", "jump") == 0
    assert ItemStack.of("stone", 5) == game.survival.inventory.get(0)


def test_death_drops_the_inventory_and_respawn_restores_the_player():
    game = survival_game()
    s = game.survival
    s.spawn = (5.5, GROUND, 5.5)
    give(game, "stone", 3)
    from odyssey.sim.game_commands import run

    assert run(game, "/kill @s").success and game.player.dead
    assert s.stats.get("custom", "deaths") == 1
    respawn(game)
    assert not game.player.dead and game.player.health == 20.0
    assert game.player.pos == (5.5, GROUND, 5.5) and inventory(game) == {}
    dropped = [e for e in s.entities.entities.values() if e.type == "item"]
    assert [(e.item, e.count) for e in dropped] == [("stone", 3)]


def test_effects_change_speed_break_time_and_health():
    from odyssey.sim.game_commands import run

    game = survival_game()
    walked = []
    for line in (None, "/effect give @s minecraft:speed 10 1"):
        if line:
            assert run(game, line).success
        x0 = game.player.pos[0]
        game.look(-90.0, 0.0)  # east
        hold(game, 40, forward=True)
        walked.append(game.player.pos[0] - x0)
    assert walked[1] / walked[0] == pytest.approx(1.4, rel=0.05)  # speed II: +40 %
    game.world.set_block(1, GROUND, 0, game.world.registry.state("stone"))
    game.teleport((0.5, GROUND, 0.5), 0.0, 0.0)
    assert run(game, "/effect give @s minecraft:haste 10 1").success
    give(game, "wooden_pickaxe")
    select_slot(game, 0)
    assert break_block(game, (1, GROUND, 0)) < 23  # 1.15 s without haste, 40 % faster with II
    s = game.survival
    s.food = type(s.food)(food_level=0, saturation=0.0)  # no natural regeneration
    assert run(game, "/effect give @s minecraft:poison 2 0").success
    health = game.player.health
    game.run(40)
    assert game.player.health < health
    assert run(game, "/effect give @s minecraft:instant_health 1 0").success


def test_a_mob_standing_in_the_player_pushes_it_aside():
    game = survival_game()
    cow = game.survival.entities.add("cow", (0.8, GROUND, 0.5), no_ai=True)
    game.run(20)
    assert game.player.pos[0] < 0.5 and cow.x > 0.8  # pushed apart along x


def test_dying_to_a_zombie_counts_killed_by():
    game = survival_game(time_of_day=18000, difficulty="hard")
    game.survival.entities.add("zombie", (2.5, GROUND, 0.5))
    from odyssey.sim.actions import set_health

    set_health(game, 2.0)
    game.survival.food = type(game.survival.food)(food_level=0, saturation=0.0)
    for _ in range(400):
        game.tick()
        if game.player.dead:
            break
    assert game.player.dead and game.survival.stats.get("killed_by", "zombie") == 1
