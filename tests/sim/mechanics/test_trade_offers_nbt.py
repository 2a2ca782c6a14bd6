"""/summon villager with vanilla's Offers NBT: the villager keeps exactly those offers (no draw
from the trade tables) and trades them; a bad item id is a clear command error."""

from __future__ import annotations

import pytest

from odyssey.sim.game_commands import run
from odyssey.sim.mechanics.trades import offers_from_nbt
from odyssey.sim.mechanics.villagers import info, open_trading, select_trade
from odyssey.sim.playground import survival_game

SUMMON = ('/summon minecraft:villager ~2 ~ ~ {VillagerData:{profession:"minecraft:farmer",'
          'level:3},Offers:{Recipes:[{buy:{id:"minecraft:wheat",count:20},sell:{id:'
          '"minecraft:emerald",count:1},maxUses:16,xp:2,priceMultiplier:0.05f},{buy:{id:'
          '"minecraft:emerald",Count:1b},buyB:{id:"minecraft:wheat",count:2},sell:{id:'
          '"minecraft:bread",count:6},maxUses:12,uses:3}]},NoAI:1b}')  # fmt: skip


def villagers(game):
    return [e for e in game.survival.entities.entities.values() if e.type == "villager"]


def test_the_villager_keeps_the_given_offers_and_draws_none():
    game = survival_game()
    before = game.survival.rng.bit_generator.state
    outcome = run(game, SUMMON)
    assert outcome.success, outcome.message
    (e,) = villagers(game)
    v = info(game, e.id)
    assert (v.profession, v.level) == ("farmer", 3)
    assert [(o.a, o.a_count, o.b, o.b_count, o.result, o.count, o.max_uses, o.uses)
            for o in v.offers] == [("wheat", 20, "", 0, "emerald", 1, 16, 0),
                                   ("emerald", 1, "wheat", 2, "bread", 6, 12, 3)]  # fmt: skip
    assert v.offers[0].xp == 2 and v.offers[0].mult == pytest.approx(0.05)
    assert game.survival.rng.bit_generator.state == before  # vanilla draws no offers


def test_a_given_offer_trades():
    game = survival_game()
    assert run(game, "/give @s minecraft:wheat 20").success
    assert run(game, SUMMON).success
    (e,) = villagers(game)
    assert open_trading(game, e.id)
    select_trade(game, 0)  # the payment moves into the slots
    menu = game.survival.menu
    result = menu.result_box.get(0)
    assert result is not None and (result.item, result.count) == ("emerald", 1)


def test_a_bad_item_id_names_the_field_and_summons_nothing():
    game = survival_game()
    bad = SUMMON.replace('"minecraft:bread"', '"minecraft:no_such_item"')
    outcome = run(game, bad)
    assert not outcome.success
    assert "Offers.Recipes[1].sell.id" in outcome.message and "no_such_item" in outcome.message
    assert villagers(game) == []
    with pytest.raises(ValueError, match=r"Offers.Recipes\[0\].buy"):
        offers_from_nbt({"Recipes": [{"sell": {"id": "minecraft:stone"}}]})
