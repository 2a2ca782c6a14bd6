"""A scripted walk through a generated course: stairs, slabs, fences, a wooden door opened by use,
an iron door opened by a button, a water pool, a ladder shaft and a 10-block drop."""

from __future__ import annotations

from odyssey.sim.clock import LockstepClock
from odyssey.sim.game import Game
from odyssey.sim.player import InputState, PlayerState
from odyssey.world import World, registry

REG = registry()


def course() -> World:
    """A corridor along +z between fences (x = -2, 2), floor top at y = 64."""
    w = World()
    w.fill((-6, 50, -4), (7, 64, 46), "stone")
    w.fill((-2, 64, -4), (-1, 65, 46), "oak_fence")
    w.fill((2, 64, -4), (3, 65, 46), "oak_fence")
    w.fill((-1, 64, 4), (2, 65, 5), "oak_stairs[facing=south]")  # up half a block at a time
    w.fill((-1, 64, 5), (2, 65, 8), "stone")  # platform, top 65
    w.fill((-1, 64, 8), (2, 65, 9), "stone_slab[type=bottom]")  # down to 64.5, then 64
    for x in (-1, 1):  # walls with a door in the middle
        for z in (12, 16):
            w.fill((x, 64, z), (x + 1, 67, z + 1), "bricks")
    w.fill((-1, 66, 12), (2, 67, 13), "bricks")
    w.fill((-1, 66, 16), (2, 67, 17), "bricks")
    w.set_block(0, 64, 12, "oak_door[half=lower,facing=north]")
    w.set_block(0, 65, 12, "oak_door[half=upper,facing=north]")
    w.set_block(0, 64, 16, "iron_door[half=lower,facing=north]")
    w.set_block(0, 65, 16, "iron_door[half=upper,facing=north]")
    w.set_block(1, 65, 15, "stone_button[face=wall,facing=north]")  # on the brick beside
    w.fill((-1, 62, 22), (2, 64, 27), "water")  # a pool two deep, surface at 63 + 8/9
    w.fill((-1, 64, 31), (2, 74, 32), "stone")  # the shaft wall, top 74
    w.fill((0, 64, 30), (1, 74, 31), "ladder[facing=north]")
    w.fill((-1, 73, 32), (2, 74, 36), "stone")  # the platform on top
    return w


def walk_until(game: Game, clock: LockstepClock, keys: list[str], done, limit: int) -> int:
    game.hold(InputState.of(keys))
    for ticks in range(limit):
        if done(game.player):
            return ticks
        clock.advance(1)
    raise AssertionError(f"not done after {limit} ticks: {game.player.pos}")


def is_open(world: World, pos) -> bool:
    return REG.properties(world.get_block(*pos))["open"] == "true"


def test_the_course_ends_where_and_with_the_health_vanilla_gives():
    world = course()
    start = PlayerState(pos=(0.5, 64.0, 0.5), on_ground=True, vel=(0.0, -0.0784000015258789, 0.0))
    game = Game(world, start)
    clock = LockstepClock(game)
    walk_until(game, clock, ["forward"], lambda p: p.pos[1] >= 65.0, 60)  # up the stairs
    walk_until(game, clock, ["forward"], lambda p: p.pos[2] > 9.5 and p.pos[1] == 64.0, 80)
    walk_until(game, clock, ["forward"], lambda p: p.vel[2] == 0.0 and p.pos[2] > 11, 60)
    assert game.player.pos[2] < 12.52  # stopped by the closed door's plate (z 12.8125..13)
    game.look(0.0, 30.0)
    assert [e.kind for e in game.use()] == ["opened_door"]
    walk_until(game, clock, ["forward"], lambda p: p.vel[2] == 0.0 and p.pos[2] > 15, 80)
    assert game.player.pos[2] < 16.52  # the iron door stopped the player
    assert game.use((0, 64, 16)) == []  # no hands on iron doors
    assert [e.kind for e in game.use((1, 65, 15))] == ["button_pressed", "opened_door"]
    walk_until(game, clock, ["forward"], lambda p: p.pos[2] > 18.0, 40)
    walk_until(game, clock, ["forward", "jump"], lambda p: p.pos[2] > 27.5 and p.on_ground, 200)
    assert game.player.pos[1] == 64.0 and not game.player.in_water
    walk_until(game, clock, ["forward"], lambda p: p.pos[1] > 74.0, 200)  # climbs the ladder
    walk_until(game, clock, ["forward"], lambda p: p.pos[2] > 36.5 and p.on_ground, 120)
    landed = [e for e in game.events if e.kind == "landed" and e.value > 3.0]
    assert len(landed) == 1 and abs(landed[0].value - 10.0) < 1e-9  # platform 74 -> floor 64
    hurt = [e for e in game.events if e.kind.startswith("damage")]
    assert [(e.kind, e.value) for e in hurt] == [("damage_fall", 7.0)]  # floor(10 + 1e-6 - 3)
    walk_until(game, clock, [], lambda p: p.vel[2] == 0.0, 40)
    clock.advance(60)
    regenerated = sum(1 for t in range(landed[0].tick + 1, game.tick_count + 1) if t % 20 == 0)
    assert game.player.health == min(20.0, 13.0 + regenerated)
    assert 37.0 < game.player.pos[2] < 46.0 and game.player.pos[1] == 64.0
    assert not game.player.dead
    assert not is_open(world, (0, 64, 16))  # the button let go and the iron door closed
