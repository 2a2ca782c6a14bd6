"""Water and lava flowing as vanilla 1.21.11's FlowingFluid: a bucket poured over a cliff falls
and spreads at the bottom with vanilla's levels, obsidian and cobblestone where lava meets
water, stone under falling lava, an infinite water source, waterlogged blocks spreading, the
Nether's faster lava, and the player pushed by the current and swimming in it."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.actions import give, select_slot
from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.game import Game
from odyssey.sim.player import InputState
from odyssey.sim.playground import look_at

GROUND = 64  # the first air layer of the arena (grass at 63)


def survival_game(pos=(0.5, GROUND, 0.5), world=None) -> Game:
    return playground.survival_game(world, pos, seed=7)


def use_at(game: Game, x: float, y: float, z: float) -> None:
    """Look at a point and click use once (then release for the 4 ticks of the use delay)."""
    look_at(game, x, y, z)
    game.hold(InputState(use=True))
    game.tick()
    game.hold(InputState())
    game.run(4)


def block(game: Game, x: int, y: int, z: int) -> str:
    """The block's state string without the namespace, e.g. ``water[level=3]``."""
    return game.world.registry.state_string(game.world.get_block(x, y, z)).removeprefix(
        "minecraft:"
    )


def level(game: Game, x: int, y: int, z: int) -> int | None:
    """The water or lava ``level`` there (None: no fluid block)."""
    reg = game.world.registry
    state = game.world.get_block(x, y, z)
    if reg.block_of(state).name not in ("water", "lava"):
        return None
    return int(reg.properties(state)["level"])


def set_block(game: Game, pos, spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def test_water_poured_over_a_cliff_falls_and_spreads_with_vanilla_levels():
    world = flat_arena(24)
    world.fill((-24, GROUND, -24), (0, GROUND + 5, 25), "stone")  # a cliff: x < 0 is 5 higher
    top = GROUND + 5
    game = survival_game(pos=(-5.5, top, 0.5), world=world)
    give(game, "water_bucket")
    use_at(game, -1.5, top, 0.5)  # the top face of the stone at x=-2, the cliff's edge near
    assert block(game, -2, top, 0) == "water[level=0]"
    assert game.survival.inventory.mainhand.item == "bucket"
    game.run(300)
    # on top it flows only towards the drop (the shortest way down), one level a block
    assert [level(game, x, top, 0) for x in (-3, -2, -1, 0)] == [None, 0, 1, 2]
    assert level(game, -2, top, 1) is None and level(game, -2, top, -1) is None
    # a falling column (level 8) down the cliff's face to the ground
    assert [level(game, 0, y, 0) for y in range(GROUND, top)] == [8] * 5
    # at the bottom the fall spreads 7 blocks as from a source: levels 1..7 by distance
    assert [level(game, x, GROUND, 0) for x in range(0, 9)] == [8, 1, 2, 3, 4, 5, 6, 7, None]
    assert [level(game, 0, GROUND, z) for z in range(0, 9)] == [8, 1, 2, 3, 4, 5, 6, 7, None]
    assert level(game, 2, GROUND, 3) == 5 and level(game, 4, GROUND, -3) == 7
    assert level(game, 4, GROUND, 4) is None
    assert level(game, -1, GROUND, 0) is None  # the cliff itself
    # it has settled: nothing changes any more
    before = {(x, z): level(game, x, GROUND, z) for x in range(-1, 10) for z in range(-9, 10)}
    game.run(50)
    assert before == {
        (x, z): level(game, x, GROUND, z) for x in range(-1, 10) for z in range(-9, 10)
    }


def test_water_recedes_when_its_source_is_taken():
    world = flat_arena(24)
    world.set_block(-1, GROUND, 0, "stone")  # the player stands on it, out of the water
    game = survival_game(pos=(-0.5, GROUND + 1, 0.5), world=world)
    give(game, "water_bucket")
    give(game, "bucket")
    use_at(game, 2.5, GROUND, 0.5)  # pour on the ground at (2, 64, 0)
    game.run(60)
    assert level(game, 5, GROUND, 0) == 3 and level(game, 2, GROUND, 3) == 3
    select_slot(game, 1)
    game.tick()
    use_at(game, 2.5, GROUND + 0.5, 0.5)  # the source, under the crosshair
    assert level(game, 2, GROUND, 0) is None
    assert game.survival.inventory.get(1).item == "water_bucket"
    game.run(100)
    assert all(level(game, x, GROUND, z) is None for x in range(-5, 12) for z in range(-8, 9))


def test_obsidian_from_water_poured_beside_a_lava_source():
    game = survival_game()
    set_block(game, (3, GROUND - 1, 0), "lava[level=0]")  # a lava pool one block deep
    game.run(40)
    assert block(game, 3, GROUND - 1, 0) == "lava[level=0]"  # walled in: it cannot flow
    give(game, "water_bucket")
    use_at(game, 2.5, GROUND, 0.5)  # water on the ground beside the pool, at (2, 64, 0)
    game.run(20)  # the water flows over the pool: lava with water above hardens
    assert block(game, 3, GROUND - 1, 0) == "obsidian"
    assert any(e.kind == "sound" and e.detail == "block.lava.extinguish" for e in game.events)
    assert level(game, 3, GROUND, 0) == 1  # and the water flows on over the obsidian


def test_cobblestone_generator():
    game = survival_game(pos=(5.5, GROUND, 1.5))
    air = game.world.registry.state("air")
    for x in range(0, 6):  # a channel one block deep from x=0 to x=5 at z=0
        game.world.set_block(x, GROUND - 1, 0, air)
    set_block(game, (0, GROUND - 1, 0), "lava[level=0]")
    game.run(150)  # lava: a tick every 30, drop-off 2: levels 2, 4, 6 then nothing
    assert [level(game, x, GROUND - 1, 0) for x in range(6)] == [0, 2, 4, 6, None, None]
    give(game, "water_bucket")
    use_at(game, 5.5, GROUND - 1, 0.3)  # the channel's floor at its end, from the wall
    assert block(game, 5, GROUND - 1, 0) == "water[level=0]"
    game.run(20)
    # the water reaches the flowing lava's tip: it hardens into cobblestone, not obsidian
    assert [block(game, x, GROUND - 1, 0) for x in (0, 3, 4)] == [
        "lava[level=0]", "cobblestone", "water[level=1]"]  # fmt: skip
    # mine the cobblestone: the water is quicker than the lava and the next one forms nearer
    game.set_block((3, GROUND - 1, 0), air)
    game.run(40)
    assert [block(game, x, GROUND - 1, 0) for x in (0, 1, 2, 3)] == [
        "lava[level=0]", "lava[level=2]", "cobblestone", "water[level=2]"]  # fmt: skip


def test_lava_falling_onto_water_makes_stone():
    game = survival_game()
    set_block(game, (2, GROUND, 0), "water[level=0]")
    set_block(game, (2, GROUND + 3, 0), "lava[level=0]")
    set_block(game, (2, GROUND + 2, 0), "glass")  # holds the lava back until it breaks
    game.run(40)
    game.set_block((2, GROUND + 2, 0), game.world.registry.state("air"))
    game.run(100)
    assert block(game, 2, GROUND, 0) == "stone"
    assert level(game, 2, GROUND + 1, 0) == 8  # the lava falls on to the stone


def test_basalt_from_lava_over_soul_soil_beside_blue_ice():
    game = survival_game()
    set_block(game, (2, GROUND - 1, 0), "soul_soil")
    set_block(game, (3, GROUND, 0), "blue_ice")
    set_block(game, (2, GROUND, 0), "lava[level=0]")
    assert block(game, 2, GROUND, 0) == "basalt[axis=y]"


def test_infinite_water_source_from_two_buckets():
    game = survival_game(pos=(2.5, GROUND, 1.5))  # on the hole's rim
    air = game.world.registry.state("air")
    for x in (1, 2, 3):  # a 3x1 hole in the ground
        game.world.set_block(x, GROUND - 1, 0, air)
    give(game, "water_bucket")
    give(game, "water_bucket")
    give(game, "bucket", 4)
    use_at(game, 1.5, GROUND - 1, 0.5)
    select_slot(game, 1)
    use_at(game, 3.5, GROUND - 1, 0.5)
    game.run(10)
    assert [level(game, x, GROUND - 1, 0) for x in (1, 2, 3)] == [0, 0, 0]  # middle: new source
    select_slot(game, 2)
    for _ in range(3):  # take water from the middle again and again: it comes back each time
        use_at(game, 2.5, GROUND - 0.5, 0.5)
        assert level(game, 2, GROUND - 1, 0) is None
        game.run(10)
        assert level(game, 2, GROUND - 1, 0) == 0
    inv = game.survival.inventory
    assert sum(s.count for s in inv.slots if s and s.item == "water_bucket") == 3
    assert inv.get(2).item == "bucket" and inv.get(2).count == 1


def test_lava_makes_no_new_source_and_water_none_over_air():
    game = survival_game(pos=(-8.5, GROUND, 0.5))
    for kind, z in (("water", 5), ("lava", -15)):
        set_block(game, (0, GROUND, z), f"{kind}[level=0]")
        set_block(game, (2, GROUND, z), f"{kind}[level=0]")
    set_block(game, (0, GROUND + 4, 0), "water[level=0]")  # two sources in the air, a gap
    set_block(game, (2, GROUND + 4, 0), "water[level=0]")
    game.run(200)
    assert level(game, 1, GROUND, 5) == 0  # water: a source between two over solid ground
    assert level(game, 1, GROUND, -15) == 2  # lava: lava_source_conversion is off
    assert level(game, 1, GROUND + 4, 0) == 1  # nothing solid (or a source) under the gap


def test_water_washes_away_a_torch_and_flowers_with_their_drops():
    game = survival_game(pos=(-4.5, GROUND, 0.5))
    set_block(game, (2, GROUND, 0), "torch")
    set_block(game, (3, GROUND, 0), "poppy")
    set_block(game, (1, GROUND, 0), "water[level=0]")
    game.run(60)
    assert level(game, 2, GROUND, 0) == 1 and level(game, 3, GROUND, 0) == 2
    dropped = sorted(e.item for e in game.survival.entities.of_type("item"))
    assert dropped == ["poppy", "torch"]


def test_lava_burns_a_flower_away_without_drops():
    game = survival_game(pos=(-4.5, GROUND, 0.5))
    set_block(game, (2, GROUND, 0), "poppy")
    set_block(game, (1, GROUND, 0), "lava[level=0]")
    game.run(40)
    assert level(game, 2, GROUND, 0) == 2
    assert not game.survival.entities.of_type("item")


def test_a_waterlogged_slab_spreads_water_sideways_but_not_through_its_bottom():
    game = survival_game()
    set_block(game, (2, GROUND + 3, 0), "stone")
    set_block(game, (2, GROUND + 2, 0), "oak_slab[type=bottom,waterlogged=true]")
    set_block(game, (6, GROUND + 2, 0), "stone")
    set_block(game, (6, GROUND + 1, 0), "oak_slab[type=top,waterlogged=true]")
    game.run(60)
    assert level(game, 3, GROUND + 2, 0) == 1  # out of the side
    assert level(game, 2, GROUND + 1, 0) is None  # the bottom half blocks the way down
    assert level(game, 6, GROUND, 0) == 8  # a top slab's water falls out of its open bottom


def test_lava_in_the_nether_flows_faster_and_further():
    reach = {}
    for dimension in ("overworld", "the_nether"):
        game = survival_game()
        game.survival.dimension = dimension
        set_block(game, (0, GROUND, 0), "lava[level=0]")
        game.run(9)
        first = level(game, 1, GROUND, 0)
        game.run(400)
        reach[dimension] = (first, [level(game, x, GROUND, 0) for x in range(1, 9)])
    assert reach["overworld"] == (None, [2, 4, 6, None, None, None, None, None])
    assert reach["the_nether"][1] == [1, 2, 3, 4, 5, 6, 7, None]
    game = survival_game()
    game.survival.dimension = "the_nether"
    set_block(game, (0, GROUND, 0), "lava[level=0]")
    game.run(10)
    assert level(game, 1, GROUND, 0) == 1  # a tick every 10 ticks in the Nether (30 here)


def test_the_current_pushes_the_player_and_deep_water_lets_it_swim():
    world = flat_arena(24)
    world.fill((-20, GROUND, -1), (20, GROUND + 1, 0), "stone")  # a channel along x at z=0
    world.fill((-20, GROUND, 1), (20, GROUND + 1, 2), "stone")
    game = survival_game(pos=(-3.5, GROUND, 0.5), world=world)
    set_block(game, (-6, GROUND, 0), "water[level=0]")
    game.run(60)
    assert level(game, -3, GROUND, 0) == 3
    x0 = game.player.pos[0]
    game.run(40)
    assert game.player.in_water and game.player.pos[0] > x0 + 0.5  # carried downstream (+x)
    # a pool three deep: sprinting forward under water swims
    pool = flat_arena(24)
    pool.fill((-6, GROUND - 4, -6), (7, GROUND, 7), "water[level=0]")
    game = survival_game(pos=(0.5, GROUND - 4, 0.5), world=pool)
    game.hold(InputState(forward=True, sprint=True))
    game.run(20)
    assert game.player.swimming


def test_a_snapshot_taken_mid_flow_replays_the_same_flow():
    game = survival_game(pos=(-8.5, GROUND, 0.5))
    set_block(game, (0, GROUND, 0), "water[level=0]")
    set_block(game, (3, GROUND, 4), "lava[level=0]")
    game.run(12)
    snap = game.snapshot()
    game.run(200)
    after = [block(game, x, GROUND, z) for x in range(-8, 9) for z in range(-8, 9)]
    game.restore(snap)
    assert level(game, 4, GROUND, 0) is None  # back to the early flow
    game.run(200)
    assert [block(game, x, GROUND, z) for x in range(-8, 9) for z in range(-8, 9)] == after
    assert "cobblestone" in after or "obsidian" in after  # the two met
