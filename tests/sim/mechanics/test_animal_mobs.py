"""The mobs added for MCU: phantoms over a sleepless player, slimes splitting, piglins
bartering, endermen carrying blocks, witches, blazes and goats hurting the player."""

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import mob_events
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def test_phantoms_come_after_three_sleepless_days_and_swoop() -> None:
    game = survival_game(time_of_day=18000, seed=4, radius=8)  # too small for other monsters
    game.survival.rules["do_mob_spawning"] = True
    game.survival.rules["spawn_phantoms"] = True
    game.survival.stats.values["custom"]["time_since_rest"] = 10
    game.run(3000)
    assert not game.survival.entities.of_type("phantom")  # rested: none
    game.survival.stats.values["custom"]["time_since_rest"] = 400000
    for _ in range(30):
        game.run(1200)
        if game.survival.entities.of_type("phantom"):
            break
    ph = game.survival.entities.of_type("phantom")
    assert ph and all(p.y > GROUND + 5 for p in ph)
    events = game.run(600)  # 8–11 s between swoops
    assert "damage_mob_attack" in [e.kind for e in events]


def test_a_phantom_with_no_ai_hangs_where_it_is() -> None:
    game = survival_game(time_of_day=18000)
    still = game.survival.entities.add("phantom", (0.5, GROUND + 6, 4.5), no_ai=True)
    free = game.survival.entities.add("phantom", (0.5, GROUND + 6, -4.5))
    game.run(40)
    assert (still.x, still.y, still.z) == (0.5, GROUND + 6, 4.5)
    assert (free.x, free.y, free.z) != (0.5, GROUND + 6, -4.5)


def test_a_big_slime_splits_into_smaller_ones() -> None:
    game = survival_game(seed=2)
    slime = game.survival.entities.add("slime", (3.5, GROUND, 0.5), components={"size": 4})
    game.run(1)
    slime.components["size"] = 4
    slime.health = 1.0
    game.survival.inventory.set(game.survival.inventory.selected, ItemStack.of("diamond_sword"))
    look_at(game, slime.x, slime.y + 0.25, slime.z)
    game.hold(InputState(attack=True))
    game.run(1)
    game.hold(InputState())
    game.run(2)
    small = game.survival.entities.of_type("slime")
    assert slime.dead and 2 <= len(small) <= 4
    assert all(s.components["size"] == 2 and s.max_health == 4.0 for s in small)


def test_barter_a_gold_ingot_with_a_piglin() -> None:
    game = survival_game(seed=6)
    piglin = game.survival.entities.add("piglin", (2.5, GROUND, 0.5), no_ai=True)
    inv = game.survival.inventory
    inv.set(38, ItemStack.of("golden_chestplate"))
    inv.set(inv.selected, ItemStack.of("gold_ingot", 3))
    game.run(1)
    assert "calm" in piglin.tags
    look_at(game, piglin.x, piglin.y + 1.0, piglin.z)
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    assert inv.mainhand.count == 2 and piglin.id in mob_events.state_of(game).barters
    game.run(130)
    items = game.survival.entities.of_type("item")
    assert len(items) == 1 and items[0].item in {b[0] for b in mob_events.BARTER}


def test_an_enderman_picks_up_a_grass_block() -> None:
    game = survival_game(seed=1, time_of_day=18000)
    for x in range(4, 9):  # a 2-high grass pen around it: blocks at its feet level
        for z in range(4, 9):
            if x in (4, 8) or z in (4, 8):
                game.world.fill((x, GROUND, z), (x + 1, GROUND + 2, z + 1), "grass_block")
    ender = game.survival.entities.add("enderman", (6.5, GROUND, 6.5))

    def walls() -> int:
        return sum(game.world.get_block(x, y, z) != 0 for x in range(4, 9)
                   for y in (GROUND, GROUND + 1) for z in range(4, 9))  # fmt: skip

    before = walls()
    for _ in range(400):
        game.run(1)
        if "carried" in ender.components:
            break
    assert "carried" in ender.components and walls() == before - 1
    assert game.world.registry.block_of(ender.components["carried"]).name in ("grass_block",
                                                                              "dirt")  # fmt: skip


def test_witch_blaze_and_goat_hurt_the_player() -> None:
    for mob, pos in (("witch", (6.5, GROUND, 0.5)), ("blaze", (6.5, GROUND, 0.5))):
        game = survival_game(seed=1)
        game.survival.entities.add(mob, pos)
        kinds = [e.kind for e in game.run(300)]
        assert ("damage_magic" if mob == "witch" else "damage_fireball") in kinds, mob
    game = survival_game(seed=1)
    goat = game.survival.entities.add("goat", (5.5, GROUND, 0.5), components={"ram": 5})
    kinds = [e.kind for e in game.run(200)]
    assert "damage_mob_attack" in kinds and goat.components["charging"] is None
