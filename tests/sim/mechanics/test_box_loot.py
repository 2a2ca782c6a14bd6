"""Loot chests: a chest whose block entity names a loot table is filled the first time it is
opened, the same way for the same seed, the table removed; a hopper's pull or breaking it
fills it too; a generated structure chest (the Nether's) carries a table this fills from."""

from __future__ import annotations

import math

import numpy as np

from odyssey.sim import playground
from odyssey.sim.actions import close_screen
from odyssey.sim.game import Game
from odyssey.sim.mechanics import container_loot, containers
from odyssey.sim.player import InputState
from odyssey.world.gen import nether_structures
from odyssey.world.nbt import Long

GROUND = 64
CHEST = (2, GROUND, 0)


def survival_game(seed: int = 7) -> Game:
    return playground.survival_game(seed=seed, difficulty="peaceful", radius=16)


def loot_chest(game: Game, table: str, seed: int) -> None:
    game.world.set_block(*CHEST, game.world.registry.state("chest[facing=west]"))
    game.world.set_block_entity(*CHEST, {"id": "minecraft:chest", "LootTable": table,
                                         "LootTableSeed": Long(seed)})  # fmt: skip


def open_by_hand(game: Game) -> None:
    px, py, pz = game.player.pos
    dx, dy, dz = 2.1 - px, GROUND + 0.4 - (py + game.player.eye_height), 0.5 - pz
    game.look(math.degrees(math.atan2(-dx, dz)), -math.degrees(math.atan2(dy, math.hypot(dx, dz))))
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())


def stacks(items) -> list[tuple[int, str, int]]:
    return [(i, s.item, s.count) for i, s in enumerate(items) if s is not None]


def test_a_loot_chest_is_filled_on_first_open_the_same_way_for_a_seed():
    game = survival_game()
    loot_chest(game, "minecraft:chests/simple_dungeon", 1234)
    open_by_hand(game)
    s = game.survival
    assert s.menu_kind == "generic_9x3" and s.stats.get("custom", "open_chest") == 1
    first = stacks(s.menu.container_stacks())
    assert len(first) >= 5  # three pools: at least 1 + 1 + 3 stacks
    entity = game.world.block_entity(*CHEST)
    assert "LootTable" not in entity and "LootTableSeed" not in entity
    assert [(int(i["Slot"]), i["id"].removeprefix("minecraft:"), int(i["count"]))
            for i in entity["Items"]] == first  # fmt: skip
    pool_items = {e.item for p in container_loot.pools("simple_dungeon") for e in p.entries}
    assert {item for _, item, _ in first} <= pool_items
    # opening again does not roll again
    close_screen(game)
    game.run(5)
    open_by_hand(game)
    assert stacks(s.menu.container_stacks()) == first
    # another game, same chest seed: the same items in the same slots; another seed: others
    again = survival_game(seed=99)
    loot_chest(again, "minecraft:chests/simple_dungeon", 1234)
    assert stacks(containers.contents(again, CHEST)) == first
    other = survival_game()
    loot_chest(other, "minecraft:chests/simple_dungeon", 4321)
    assert stacks(containers.contents(other, CHEST)) != first


def test_a_broken_loot_chest_drops_its_loot():
    game = survival_game()
    loot_chest(game, "minecraft:chests/buried_treasure", 55)
    game.set_block(CHEST, game.world.registry.state("air"))
    items = [e.item for e in game.survival.entities.entities.values() if e.type == "item"]
    assert "heart_of_the_sea" in items  # buried treasure's first pool always gives it


def test_a_nether_fortress_chest_fills_from_its_table():
    entity = nether_structures._chest(42, CHEST, "minecraft:chests/nether_bridge")
    game = survival_game()
    game.world.set_block(*CHEST, game.world.registry.state("chest[facing=west]"))
    game.world.set_block_entity(*CHEST, entity)
    got = stacks(containers.contents(game, CHEST))
    allowed = {e.item for p in container_loot.pools(entity["LootTable"]) for e in p.entries}
    assert got and {item for _, item, _ in got} <= allowed


def test_fill_splits_stacks_into_spare_slots():
    rng = np.random.default_rng(3)
    filled = container_loot.fill([None] * 27, "minecraft:chests/desert_pyramid", rng)
    total = sum(s.count for s in filled if s is not None)
    again = container_loot.fill([None] * 27, "minecraft:chests/desert_pyramid",
                                np.random.default_rng(3))  # fmt: skip
    assert filled == again and total > 0
    assert all(s is None or s.count <= s.max_stack_size for s in filled)
