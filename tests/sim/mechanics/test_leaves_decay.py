"""Leaves as vanilla's ``LeavesBlock``: distances kept by neighbour updates one block a tick,
decay at distance 7 unless a player placed them (loot as if broken with no tool; water where
they were waterlogged), generated trees left alone, and the distance of placed leaves."""

from __future__ import annotations

from odyssey.sim import blockupdates, playground
from odyssey.sim.actions import give, select_slot
from odyssey.sim.game import Game
from odyssey.sim.leaf_distance import LEAVES, LOGS, distance_here
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at
from odyssey.world.gen import trees

GROUND = 64
BASE = (6, GROUND, 6)


def name(game: Game, pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def props(game: Game, pos) -> dict[str, str]:
    return game.world.registry.properties(game.world.get_block(*pos))


def oak_tree(game: Game) -> tuple[list, list]:
    """An oak from world generation's template at ``BASE``: (log positions, leaf positions)."""
    reg, world = game.world.registry, game.world
    tree = trees.template("oak", 5, 0)
    logs, leaves = [], []
    for (dx, dy, dz), state in zip(tree.offsets.tolist(), tree.states.tolist(), strict=True):
        pos = (BASE[0] + dx, BASE[1] + dy, BASE[2] + dz)
        world.set_block(*pos, state)
        kind = reg.block_of(state).name
        (logs if kind == "oak_log" else leaves if kind == "oak_leaves" else []).append(pos)
    return logs, leaves


def dropped(game: Game) -> list[str]:
    return sorted(e.item for e in game.survival.entities.entities.values() if e.type == "item")


def test_a_generated_tree_keeps_its_leaves():
    game = playground.survival_game(seed=3)
    _, leaves = oak_tree(game)
    assert max(int(props(game, p)["distance"]) for p in leaves) < 7
    game.survival.rules["random_tick_speed"] = 1000  # ~70 random ticks for every block
    game.run(300)
    assert all(name(game, p) == "oak_leaves" for p in leaves)
    assert dropped(game) == []


def test_a_cut_tree_decays_and_drops_its_loot():
    game = playground.survival_game(seed=3)
    logs, leaves = oak_tree(game)
    game.survival.rules["random_tick_speed"] = 0
    for pos in sorted(logs, key=lambda p: -p[1]):
        game.set_block(pos, 0)
    game.tick()
    # the leaves that touched the trunk looked again one tick later; no leaves decayed yet
    assert all(name(game, p) == "oak_leaves" for p in leaves)
    game.run(30)
    assert {props(game, p)["distance"] for p in leaves} == {"7"}
    assert dropped(game) == []
    game.survival.rules["random_tick_speed"] = 1000
    game.run(300)
    assert [p for p in leaves if name(game, p) != "air"] == []
    loot = dropped(game)
    assert loot and set(loot) <= {"oak_sapling", "stick", "apple"}
    assert not any(e.kind == "block_destroyed" for e in game.events)  # no break event or sound


def test_distance_runs_along_leaves_and_the_seventh_decays():
    game = playground.survival_game(seed=5)
    reg = game.world.registry
    game.survival.rules["random_tick_speed"] = 0
    game.set_block((0, GROUND, 3), reg.state("birch_log"))
    row = [(x, GROUND, 3) for x in range(1, 9)]
    for pos in row:  # as a mod or a command would set them: distance 7, not persistent
        game.set_block(pos, reg.state("birch_leaves[distance=7,persistent=false]"))
    game.run(20)
    assert [props(game, p)["distance"] for p in row] == ["1", "2", "3", "4", "5", "6", "7", "7"]
    game.survival.rules["random_tick_speed"] = 1000
    game.run(300)
    assert [name(game, p) for p in row] == ["birch_leaves"] * 6 + ["air"] * 2
    # the log gone: the rest counts up to 7 and decays too
    game.set_block((0, GROUND, 3), 0)
    game.run(400)
    assert [name(game, p) for p in row] == ["air"] * 8


def test_persistent_leaves_never_decay_and_waterlogged_ones_leave_water():
    game = playground.survival_game(seed=5)
    reg = game.world.registry
    kept = (2, GROUND + 3, -4)
    wet = (-3, GROUND, -4)
    game.set_block(kept, reg.state("spruce_leaves[distance=7,persistent=true]"))
    game.set_block(wet, reg.state("oak_leaves[distance=7,persistent=false,waterlogged=true]"))
    game.survival.rules["random_tick_speed"] = 1000
    game.run(300)
    assert name(game, kept) == "spruce_leaves"
    assert name(game, wet) in ("water",) and props(game, wet)["level"] in ("0",)


def test_only_decaying_leaves_take_random_ticks():
    reg = playground.survival_game().world.registry
    mask = blockupdates._random_mask(reg)
    assert mask[reg.state("oak_leaves[distance=7,persistent=false]")]
    assert mask[reg.state("oak_leaves[distance=7,persistent=false,waterlogged=true]")]
    assert not mask[reg.state("oak_leaves[distance=6,persistent=false]")]
    assert not mask[reg.state("oak_leaves[distance=7,persistent=true]")]
    assert mask[reg.state("wheat[age=0]")]  # blocks without a condition: every state


def test_distance_counts_only_logs_and_leaves():
    game = playground.survival_game()
    reg, world = game.world.registry, game.world
    spot = (5, GROUND + 2, 5)
    assert distance_here(world, spot) == 7
    world.set_block(6, GROUND + 2, 5, reg.state("pumpkin_stem"))  # a stem, but not a log
    world.set_block(5, GROUND + 3, 5, reg.state("mushroom_stem"))
    assert distance_here(world, spot) == 7
    world.set_block(4, GROUND + 2, 5, reg.state("jungle_leaves[distance=3]"))
    assert distance_here(world, spot) == 4
    world.set_block(5, GROUND + 1, 5, reg.state("stripped_crimson_hyphae"))
    assert distance_here(world, spot) == 1


def test_placed_leaves_are_persistent_with_their_distance():
    game = playground.survival_game()
    reg = game.world.registry
    game.set_block((3, GROUND, 0), reg.state("oak_log"))
    give(game, "oak_leaves", 2)
    select_slot(game, 0)
    look_at(game, 3.5, GROUND + 1.0, 0.5)  # the log's top face: leaves go on top of it
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    assert name(game, (3, GROUND + 1, 0)) == "oak_leaves"
    assert props(game, (3, GROUND + 1, 0))["persistent"] == "true"
    assert props(game, (3, GROUND + 1, 0))["distance"] == "1"


def test_every_log_and_leaves_name_is_a_block():
    reg = playground.survival_game().world.registry
    known = {reg.block_of(s).name for s in range(len(reg.state_flags))}
    assert known >= LOGS and known >= LEAVES
    assert {n for n in known if n.endswith("_leaves")} == LEAVES
