"""Breeding: two cows fed wheat make a calf that grows up after 24000 ticks."""

from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import creatures
from odyssey.sim.mechanics.experience import state_of as xp_of
from odyssey.sim.player import InputState
from odyssey.sim.playground import GROUND, look_at, survival_game


def feed(game, e, item: str) -> None:
    game.survival.inventory.set(game.survival.inventory.selected, ItemStack.of(item, 1))
    look_at(game, e.x, e.y + 0.7, e.z)
    game.hold(InputState(use=True))
    game.run(1)
    game.hold(InputState())
    game.run(5)


def test_two_cows_fed_wheat_make_a_calf_that_grows_up() -> None:
    game = survival_game()
    store = game.survival.entities
    a = store.add("cow", (2.5, GROUND, 0.5), no_ai=False)
    b = store.add("cow", (-1.5, GROUND, 0.5))
    feed(game, a, "wheat")
    assert "love" in a.tags and game.survival.inventory.mainhand is None
    feed(game, b, "wheat")
    assert "love" in b.tags
    game.run(300)
    calves = [e for e in store.of_type("cow") if e.baby]
    assert len(calves) == 1
    st = creatures.state_of(game)
    assert st.animals[a.id].age > 5000 and "love" not in a.tags  # the 6000-tick cooldown
    assert game.survival.stats.get("custom", "animals_bred") == 1
    assert 1 <= game.survival.experience <= 7 and xp_of(game).progress > 0
    calf = calves[0]
    assert st.animals[calf.id].age < -23000
    feed(game, a, "wheat")  # on cooldown: not in love, wheat kept
    assert "love" not in a.tags and game.survival.inventory.mainhand is not None
    a.x = b.x = 10.5  # out of the way
    calf.x, calf.z, calf.no_ai = 2.5, 0.5, True
    feed(game, calf, "wheat")  # feeding the calf takes 10 % off
    assert st.animals[calf.id].age > -21700
    game.run(-st.animals[calf.id].age + 1)
    assert not calf.baby
