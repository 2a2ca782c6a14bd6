"""Experience orbs: from mobs the player kills and from mined ores, drawn to the player and
collected into its experience bar."""

from __future__ import annotations

from odyssey.sim.actions import give
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import experience, xp_orbs
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def test_orb_sizes_follow_vanilla() -> None:
    assert xp_orbs.split(5) == [3, 1, 1]
    assert xp_orbs.split(12) == [7, 3, 1, 1]
    assert xp_orbs.split(2477 + 40) == [2477, 37, 3]


def test_a_cow_shot_dead_drops_orbs_that_reach_the_player() -> None:
    game = survival_game()
    s = game.survival
    give(game, "bow", enchantments={"power": 5})
    give(game, "arrow", 8)
    cow = s.entities.add("cow", (0.5, GROUND, 6.5), no_ai=True)
    for _ in range(8):
        if cow.dead:
            break
        look_at(game, cow.x, cow.y + 0.8, cow.z)
        game.hold(InputState(use=True))
        game.run(20)
        game.hold(InputState())
        game.run(1)
        for _ in range(12):
            game.run(1)
            if s.entities.of_type("experience_orb") or not s.entities.of_type("arrow"):
                break
    assert cow.dead
    orbs = s.entities.of_type("experience_orb")
    points = sum(o.count for o in orbs)
    assert 1 <= points <= 3 and s.experience == 0  # an animal: 1-3, still lying by the cow
    far = min((o.x - 0.5) ** 2 + (o.z - 0.5) ** 2 for o in orbs) ** 0.5
    assert far > 2.0
    for _ in range(400):  # on the grass an orb 6 blocks off creeps, then speeds up
        game.run(1)
        if not s.entities.of_type("experience_orb"):
            break
    assert not s.entities.of_type("experience_orb")
    assert s.experience == points
    assert experience.state_of(game).progress > 0.0
    assert any(e.detail == "entity.experience_orb.pickup" for e in game.events
               if e.kind == "sound")  # fmt: skip


def test_no_orbs_when_the_player_did_not_kill() -> None:
    game = survival_game()
    s = game.survival
    zombie = s.entities.add("zombie", (0.5, GROUND + 40, 6.5), no_ai=True)
    game.run(60)  # falls 40 blocks to its death
    assert zombie.dead
    assert not s.entities.of_type("experience_orb")


def test_monsters_give_five_and_babies_more_or_none() -> None:
    game = survival_game()
    rng = game.survival.rng
    store = game.survival.entities
    zombie = store.add("zombie", (0.5, GROUND, 9.5))
    baby = store.add("zombie", (0.5, GROUND, 9.5), baby=True)
    calf = store.add("cow", (0.5, GROUND, 9.5), baby=True)
    assert xp_orbs.mob_reward(zombie, rng) == 5
    assert xp_orbs.mob_reward(baby, rng) == 12
    assert xp_orbs.mob_reward(calf, rng) == 0


def test_mining_diamond_ore_gives_three_to_seven_points() -> None:
    game = survival_game()
    s = game.survival
    reg = game.world.registry
    pos = (0, GROUND, 2)
    game.set_block(pos, reg.default_state("diamond_ore"))
    s.inventory.set(0, ItemStack.of("iron_pickaxe"))
    look_at(game, 0.5, GROUND + 0.5, 2.0)
    game.hold(InputState(attack=True))
    for _ in range(100):
        game.run(1)
        if game.world.get_block(*pos) == 0:
            break
    game.hold(InputState())
    assert game.world.get_block(*pos) == 0
    game.run(40)
    assert 3 <= s.experience <= 7


def test_silk_touch_and_the_wrong_tool_give_no_points() -> None:
    game = survival_game()
    s = game.survival
    reg = game.world.registry
    for x, tool in ((0, ItemStack.of("iron_pickaxe", enchantments={"silk_touch": 1})),
                    (1, ItemStack.of("wooden_pickaxe"))):  # fmt: skip
        pos = (x, GROUND, 2)
        game.set_block(pos, reg.default_state("diamond_ore"))
        s.inventory.set(0, tool)
        look_at(game, x + 0.5, GROUND + 0.5, 2.0)
        game.hold(InputState(attack=True))
        for _ in range(400):
            game.run(1)
            if game.world.get_block(*pos) == 0:
                break
        game.hold(InputState())
        assert game.world.get_block(*pos) == 0
    game.run(40)
    assert s.experience == 0
