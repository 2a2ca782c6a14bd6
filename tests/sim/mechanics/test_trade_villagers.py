"""Villagers: professions from job-site blocks, trading wheat for emeralds through the merchant
menu, levelling up, fleeing zombies."""

from odyssey.sim.actions import click_screen, close_screen
from odyssey.sim.inventory import ItemStack
from odyssey.sim.mechanics import villagers
from odyssey.sim.mechanics.trades import TRADES
from odyssey.sim.mechanics.trading_menu import MerchantMenu
from odyssey.sim.playground import GROUND, survival_game
from odyssey.sim.windows import PICKUP, QUICK_MOVE

FARMER_NOVICE = {("wheat", 20, "emerald", 1), ("potato", 26, "emerald", 1),
                 ("carrot", 22, "emerald", 1), ("beetroot", 15, "emerald", 1),
                 ("emerald", 1, "bread", 6)}  # fmt: skip


def farmer_game(seed: int = 1):
    """A villager standing beside a composter (seed 1: its novice offers include wheat)."""
    game = survival_game(seed=seed)
    game.set_block((3, GROUND, 0), game.world.registry.default_state("composter"))
    v = game.survival.entities.add("villager", (2.5, GROUND, 0.5))
    game.run(40)
    return game, v


def sounds(game) -> list[str]:
    return [e.detail for e in game.events if e.kind == "sound"]


def test_villager_next_to_a_composter_becomes_a_farmer_with_novice_offers() -> None:
    game, v = farmer_game()
    info = villagers.info(game, v.id)
    assert info.profession == "farmer" and info.level == 1 and info.xp == 0
    offers = {(o.a, o.a_count, o.result, o.count) for o in info.offers}
    assert len(info.offers) == 2 and offers <= FARMER_NOVICE
    assert ("wheat", 20, "emerald", 1) in offers
    wheat = next(o for o in info.offers if o.a == "wheat")
    assert (wheat.max_uses, wheat.xp, wheat.mult) == (16, 2, 0.05)
    assert villagers.state_of(game).claimed == {(3, GROUND, 0): v.id}


def test_trade_wheat_for_emeralds_through_the_menu_and_level_up() -> None:
    game, v = farmer_game()
    s = game.survival
    inv = s.inventory
    inv.set(0, ItemStack.of("wheat", 64))
    inv.set(1, ItemStack.of("wheat", 64))
    assert villagers.open_trading(game, v.id)
    assert s.menu_kind == "merchant" and isinstance(s.menu, MerchantMenu)
    assert "entity.villager.trade" in sounds(game)
    index = next(i for i, o in enumerate(s.menu.offers) if o.a == "wheat")
    villagers.select_trade(game, index)
    menu = s.menu
    # the payment slot takes a whole stack from the inventory; the result shows one emerald
    assert menu.slots[0].item() == ItemStack.of("wheat", 64)
    assert menu.slots[2].item() == ItemStack.of("emerald", 1)
    assert inv.count("wheat") == 64
    click_screen(game, 2, 0, PICKUP)  # take the emerald: one trade
    assert menu.carried == ItemStack.of("emerald", 1)
    assert menu.slots[0].item() == ItemStack.of("wheat", 44)
    assert game.survival.stats.get("custom", "traded_with_villager") == 1
    assert "entity.villager.yes" in sounds(game)
    click_screen(game, 2, 0, QUICK_MOVE)  # shift-click trades while the wheat lasts
    assert menu.slots[0].item() == ItemStack.of("wheat", 4)
    assert inv.count("emerald") == 2
    villagers.select_trade(game, index)  # refill: the 4 go back, a full stack comes in
    assert menu.slots[0].item() == ItemStack.of("wheat", 64) and inv.count("wheat") == 4
    click_screen(game, 2, 0, QUICK_MOVE)
    info = villagers.info(game, v.id)
    assert game.survival.stats.get("custom", "traded_with_villager") == 6
    assert info.xp == 12 and info.level == 1  # levels up once the screen is closed
    assert info.offers[index].uses == 6
    assert 6 * 3 + 5 <= game.survival.experience <= 6 * 6 + 5
    close_screen(game)
    assert s.menu is None
    assert inv.count("wheat") == 128 - 6 * 20 and inv.count("emerald") == 6
    game.run(45)
    assert info.level == 2 and len(info.offers) == 4
    table = {(li.a, li.a_count, li.result, li.count) for li in TRADES["farmer"][1]}
    assert {(o.a, o.a_count, o.result, o.count) for o in info.offers[2:]} <= table


def test_offer_runs_out_and_restocks() -> None:
    game, v = farmer_game()
    info = villagers.info(game, v.id)
    wheat = next(o for o in info.offers if o.a == "wheat")
    wheat.uses = wheat.max_uses
    game.survival.inventory.set(0, ItemStack.of("wheat", 64))
    villagers.open_trading(game, v.id)
    villagers.select_trade(game, info.offers.index(wheat))
    assert game.survival.menu.slots[2].item() is None  # out of stock: no result
    close_screen(game)
    game.run(25)
    assert wheat.uses == 0 and wheat.demand == 16  # demand + uses − (max − uses)
    assert wheat.cost_a() == 20 + int(20 * 16 * 0.05)


def test_one_job_site_one_villager_and_losing_it() -> None:
    game = survival_game(seed=1)
    store = game.survival.entities
    game.set_block((3, GROUND, 0), game.world.registry.default_state("lectern"))
    a = store.add("villager", (2.5, GROUND, 0.5), no_ai=True)
    b = store.add("villager", (3.5, GROUND, 1.5), no_ai=True)
    game.run(41)
    profs = sorted(villagers.info(game, e.id).profession for e in (a, b))
    assert profs == ["librarian", "none"]
    lib = a if villagers.info(game, a.id).profession == "librarian" else b
    game.set_block((3, GROUND, 0), 0)  # broken before any trade: the librarian is unemployed
    game.run(2)
    assert villagers.info(game, lib.id).profession == "none"
    assert villagers.info(game, lib.id).offers == []


def test_unemployed_baby_and_nitwit_shake_their_heads() -> None:
    game = survival_game()
    store = game.survival.entities
    plain = store.add("villager", (2.5, GROUND, 0.5), no_ai=True)
    baby = store.add("villager", (2.5, GROUND, 2.5), no_ai=True, baby=True)
    nitwit = store.add("villager", (2.5, GROUND, -1.5), no_ai=True)
    villagers.set_profession(game, nitwit.id, "nitwit")
    for e in (plain, baby, nitwit):
        assert villagers.interact(game, e.id, None)  # the click is used up either way
        assert game.survival.menu is None
    assert sounds(game).count("entity.villager.no") == 3
    assert game.survival.stats.get("custom", "talked_to_villager") == 3


def test_summoned_master_armorer_has_ten_offers() -> None:
    game = survival_game()
    v = game.survival.entities.add("villager", (2.5, GROUND, 0.5), no_ai=True)
    info = villagers.set_profession(game, v.id, "minecraft:armorer", 5)
    assert info.level == 5 and info.xp == 250 and len(info.offers) == 10
    assert all(o.result or o.a for o in info.offers)
    assert villagers.open_trading(game, v.id)
    assert game.survival.menu.level == 5


def test_villager_runs_from_a_zombie() -> None:
    game = survival_game(seed=3, time_of_day=6000)
    store = game.survival.entities
    v = store.add("villager", (0.5, GROUND, 4.5))
    store.add("zombie", (0.5, GROUND, 0.5), no_ai=True, persistent=True)
    game.run(80)
    assert (v.x - 0.5) ** 2 + (v.z - 0.5) ** 2 > 8.0**2  # out of the 8-block range


def test_walking_away_closes_the_screen() -> None:
    game, v = farmer_game()
    game.survival.inventory.set(0, ItemStack.of("wheat", 20))
    villagers.open_trading(game, v.id)
    villagers.select_trade(game, 0)
    v.x += 10.0
    game.run(1)
    assert game.survival.menu is None
    assert game.survival.inventory.count("wheat") == 20  # the payment came back


def test_villager_stands_still_while_the_screen_is_open() -> None:
    game, v = farmer_game(seed=3)
    game.teleport((v.x - 2.0, GROUND, v.z), -90.0, 0.0)
    game.run(1)
    assert villagers.open_trading(game, v.id)
    game.run(10)  # it may slide a little to a stop
    here = (v.x, v.z)
    game.run(200)
    assert game.survival.menu is not None and (v.x, v.z) == here
    close_screen(game)
    game.run(1)
    assert "trading" not in v.components
