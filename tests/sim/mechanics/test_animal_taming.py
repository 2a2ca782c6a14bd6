"""Taming: bones tame a wolf (1 in 3, seeded), it sits, stands on a click and follows."""

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import creatures
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def click(game) -> None:
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    game.run(4)


def test_tame_a_wolf_with_bones_and_it_follows() -> None:
    game = survival_game(seed=3, radius=40)
    wolf = game.survival.entities.add("wolf", (2.5, GROUND, 0.5), no_ai=True)
    inv = game.survival.inventory
    inv.set(inv.selected, ItemStack.of("bone", 10))
    bones = 0
    while "tamed" not in wolf.tags and bones < 10:
        look_at(game, wolf.x, wolf.y + 0.4, wolf.z)
        click(game)
        bones += 1
    assert "tamed" in wolf.tags and inv.mainhand.count == 10 - bones
    assert creatures.state_of(game).animals[wolf.id].tamed
    assert wolf.max_health == wolf.health == 40.0 and "sitting" in wolf.tags
    wolf.no_ai = False
    game.run(40)
    assert abs(wolf.x - 2.5) < 0.01  # sits
    inv.set(inv.selected, None)
    look_at(game, wolf.x, wolf.y + 0.4, wolf.z)
    click(game)  # the owner's click: stand up
    assert "sitting" not in wolf.tags
    game.look(90.0, 0.0)  # walk west, away from the wolf
    game.hold(InputState(forward=True, sprint=True))
    game.run(60)
    game.hold(InputState())
    game.run(240)
    px, _, pz = game.player.pos
    assert px < -10.0
    assert ((wolf.x - px) ** 2 + (wolf.z - pz) ** 2) ** 0.5 < 4.0  # it followed


def test_bones_are_one_in_three_over_many_wolves() -> None:
    game = survival_game(seed=11, radius=40)
    inv = game.survival.inventory
    tamed = 0
    for _ in range(30):
        wolf = game.survival.entities.add("wolf", (2.5, GROUND, 0.5), no_ai=True)
        inv.set(inv.selected, ItemStack.of("bone"))
        look_at(game, wolf.x, wolf.y + 0.4, wolf.z)
        click(game)
        tamed += "tamed" in wolf.tags
        game.survival.entities.remove(wolf.id)
    assert 3 <= tamed <= 18


def test_a_tamed_wolf_attacks_what_its_owner_hits() -> None:
    game = survival_game(seed=3, radius=30)
    wolf = game.survival.entities.add("wolf", (-2.5, GROUND, 0.5))
    a = creatures.animal(game, wolf)
    a.tamed = True
    wolf.tags.add("tamed")
    sheep = game.survival.entities.add("sheep", (2.0, GROUND, 0.5), no_ai=True)
    look_at(game, sheep.x, sheep.y + 0.6, sheep.z)
    game.hold(InputState(attack=True))
    game.run(1)
    game.hold(InputState())
    health = sheep.health
    game.run(100)
    assert sheep.health < health or sheep.id not in game.survival.entities.entities


def test_cats_take_fish_and_parrots_take_seeds() -> None:
    game = survival_game(seed=5, radius=30)
    inv = game.survival.inventory
    for mob, food, most in (("cat", "cod", 30), ("parrot", "wheat_seeds", 80)):
        pet = game.survival.entities.add(mob, (2.5, GROUND, 0.5), no_ai=True)
        inv.set(inv.selected, ItemStack.of(food, 64))
        used = 0
        while "tamed" not in pet.tags and used < most:
            look_at(game, pet.x, pet.y + 0.3, pet.z)
            click(game)
            used += 1
        assert "tamed" in pet.tags and "sitting" in pet.tags, mob
        assert inv.mainhand.count == 64 - used
        game.survival.entities.remove(pet.id)


def test_a_tamed_cat_breeds_with_fish_an_untamed_one_does_not() -> None:
    game = survival_game(seed=5, radius=30)
    inv = game.survival.inventory
    cats = [game.survival.entities.add("cat", (2.5, GROUND, z), no_ai=True) for z in (-0.5, 1.5)]
    inv.set(inv.selected, ItemStack.of("salmon", 64))
    look_at(game, cats[0].x, cats[0].y + 0.3, cats[0].z)
    click(game)
    assert "love" not in cats[0].tags  # untamed: the fish is a taming try instead
    for cat in cats:
        a = creatures.animal(game, cat)
        a.tamed = True
        cat.tags.add("tamed")
        cat.tags.discard("sitting")
        look_at(game, cat.x, cat.y + 0.3, cat.z)
        click(game)
        assert "love" in cat.tags
    for cat in cats:
        cat.no_ai = False
    game.run(200)
    assert len([c for c in game.survival.entities.of_type("cat") if c.baby]) == 1
