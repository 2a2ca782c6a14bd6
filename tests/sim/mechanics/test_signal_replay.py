"""Redstone circuits replayed tick by tick: the block states they go through must stay exactly
the ones recorded when the signal code was written (its caches and fast paths change no result).

Each run records, after every game tick, the blocks changed during it (``World.changes_since``)
with the state each has at the end of the tick, as ``tick x y z state`` lines; the test compares
the line count and a SHA-256 digest of the whole log with the recorded ones. A deliberate change
of behaviour changes the digest: check the new behaviour, then put the printed digest here.
"""

from __future__ import annotations

import hashlib

from odyssey.sim.entities.arena import flat_arena
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival

GROUND = 64
Pos = tuple[int, int, int]


def survival_game() -> Game:
    world = flat_arena(24)
    game = Game(world, PlayerState(pos=(0.5, GROUND, -8.5), on_ground=True),
                GameRules(adventure=False, peaceful=True))  # fmt: skip
    game.survival = Survival(seed=3)
    game.survival.entities = EntityStore(3)
    game.survival.rules["do_mob_spawning"] = False
    game.survival.rules["random_tick_speed"] = 0  # nothing grows: the log is the circuit's
    return game


def put(game: Game, pos: Pos, spec: str) -> None:
    game.set_block(pos, game.world.registry.state(spec))


def replay(game: Game, ticks: int, actions: dict[int, list[tuple[Pos, str]]]) -> list[str]:
    """Run ``ticks`` ticks, setting ``actions[t]`` before tick t; the per-tick change log."""
    world = game.world
    log: list[str] = []
    for t in range(ticks):
        revision = world.revision
        for pos, spec in actions.get(t, []):
            put(game, pos, spec)
        game.tick()
        for x0, y0, z0, x1, y1, z1 in world.changes_since(revision) or []:
            for x in range(x0, x1):
                for y in range(y0, y1):
                    for z in range(z0, z1):
                        state = world.registry.state_string(world.get_block(x, y, z))
                        log.append(f"{t} {x} {y} {z} {state}")
    return log


def check(log: list[str], lines: int, digest: str) -> None:
    found = hashlib.sha256("\n".join(log).encode()).hexdigest()
    assert (len(log), found) == (lines, digest), f"log of {len(log)} lines, digest {found}"


def test_an_observer_clock_through_dust_in_a_tunnel_and_on_glass_steps():
    """Two observers pulse; one's back feeds 13 dust (6 of them in a stone tunnel, so their
    conductors pass power around) up a glass step to a lamp; the other's back a lamp."""
    game = survival_game()
    world = game.world
    world.fill((6, GROUND, 8), (12, GROUND + 3, 13), world.registry.state("stone"))
    put(game, (0, GROUND, 10), "observer[facing=east]")
    put(game, (1, GROUND, 10), "observer[facing=west]")
    for x in range(2, 14):
        put(game, (x, GROUND, 10), "redstone_wire")
    put(game, (14, GROUND, 10), "glass")
    put(game, (14, GROUND + 1, 10), "redstone_wire")
    put(game, (15, GROUND + 1, 10), "redstone_lamp")
    put(game, (-1, GROUND, 10), "redstone_lamp")
    log = replay(game, 300, {})
    assert any(line.endswith("15 65 10 minecraft:redstone_lamp[lit=true]") for line in log)
    check(log, 1698, "5da292ebb8a5967b4c2ab462dde996a7e1fc29f909d6cc5b1e1ec700457c60e2")


def test_a_repeater_ring_drives_a_dust_line_on_lamps():
    """A pulse circles four repeaters; a corner feeds 40 dust on lamps, a repeater every 14."""
    game = survival_game()
    y = GROUND
    for corner in ((0, 0), (2, 0), (2, 2), (0, 2)):
        put(game, (corner[0], y, corner[1]), "redstone_wire")
    put(game, (1, y, 0), "repeater[facing=west,delay=4]")
    put(game, (2, y, 1), "repeater[facing=north,delay=4]")
    put(game, (1, y, 2), "repeater[facing=east,delay=4]")
    put(game, (0, y, 1), "repeater[facing=south,delay=4]")
    x = 3
    for i in range(40):
        if i and i % 14 == 0:
            put(game, (x, y, 0), "repeater[facing=west,delay=1]")
            x += 1
        put(game, (x, y - 1, 0), "redstone_lamp")
        put(game, (x, y, 0), "redstone_wire")
        x += 1
    actions = {2: [((0, y, -1), "redstone_block")], 3: [((0, y, -1), "air")]}
    log = replay(game, 300, actions)
    last_lamp = f" {x - 1} {y - 1} 0 minecraft:redstone_lamp[lit=true]"
    assert any(line.endswith(last_lamp) for line in log)
    check(log, 1685, "5fd06d4dff7338f85efeeca9dcc2ca269164ba35f6b455c5259f7fabc60ba427")


def test_torches_comparators_and_a_lever_switched_on_and_off():
    """A lever feeds dust into a torch inverter, a comparator subtracting a side input, a
    locked repeater and a network that splits when a block is placed into it."""
    game = survival_game()
    y = GROUND
    put(game, (0, y, 4), "lever[face=floor,facing=east]")
    for x in range(1, 6):
        put(game, (x, y, 4), "redstone_wire")
    put(game, (6, y, 4), "stone")
    put(game, (7, y, 4), "redstone_wall_torch[facing=east]")
    put(game, (8, y, 4), "redstone_wire")
    put(game, (9, y, 4), "redstone_lamp")
    put(game, (3, y, 5), "comparator[facing=north,mode=subtract]")
    put(game, (3, y, 6), "redstone_wire")
    put(game, (2, y, 5), "redstone_wire")
    put(game, (2, y, 6), "redstone_wire")
    put(game, (4, y, 5), "redstone_torch")
    put(game, (5, y, 6), "repeater[facing=west,delay=2]")
    put(game, (5, y, 7), "repeater[facing=north,delay=1]")
    put(game, (5, y, 8), "redstone_wire")
    on, off = "lever[face=floor,facing=east,powered=true]", "lever[face=floor,facing=east]"
    actions = {5: [((0, y, 4), on)], 40: [((0, y, 4), off)], 60: [((0, y, 4), on)],
               80: [((3, y, 4), "stone")], 100: [((3, y, 4), "redstone_wire")],
               120: [((0, y, 4), off)], 121: [((5, y, 8), "redstone_block")],
               150: [((0, y, 4), on)]}  # fmt: skip
    log = replay(game, 200, actions)
    assert any(line.startswith("5 ") and "9 64 4 minecraft:redstone_lamp" in line for line in log)
    check(log, 53, "41250bcdba1eb808728c172c7bc0d2a46b3de7088babd700cf13a145dea8a4d9")
