"""Dust of the last network update skips its updates to each other without reading the world
while nothing else changed (``wire._fresh_pair``): each time the shortcut is taken the full
settled check would pass, and a clock driving dust, lamps and a piston runs the same with the
shortcut as without it."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.mechanics import wire

GROUND = 64


def clock_game():
    game = playground.survival_game(seed=7)
    reg = game.world.registry

    def put(pos, spec):
        game.set_block(pos, reg.state(spec))

    put((0, GROUND, 4), "observer[facing=east]")  # two observers facing each other: a clock
    put((1, GROUND, 4), "observer[facing=west]")
    for x in range(2, 14):  # dust from the back of the second, over a chunk edge
        put((x, GROUND, 4), "redstone_wire")
    put((8, GROUND + 1, 5), "stone")  # a step up beside the line
    put((8, GROUND + 2, 5), "redstone_wire")
    put((14, GROUND, 4), "redstone_lamp")
    put((-1, GROUND, 4), "redstone_lamp")
    put((-2, GROUND, 4), "piston[facing=west]")
    return game


def run(game, ticks: int) -> list:
    out = []
    for _ in range(ticks):
        game.tick()
        blocks = [game.world.get_block(x, GROUND + dy, 4 + dz) for x in range(-3, 16)
                  for dy in (0, 2) for dz in (0, 1)]  # fmt: skip
        out.append((blocks, [(e.kind, e.pos, e.detail) for e in game.events]))
    return out


def test_the_shortcut_is_taken_only_where_the_settled_check_passes(monkeypatch):
    game = clock_game()
    taken = []
    real = wire._fresh_pair

    def checked(ws, g, pos, source):
        answer = real(ws, g, pos, source)
        if answer:
            peek = g.world.peek_block
            assert ws.settled.get(pos) == peek(*pos) and ws.settled.get(source) == peek(*source)
            assert g.world.registry.block_of(peek(*source)).name == "redstone_wire"
            assert source != (pos[0], pos[1] - 1, pos[2]) and source != pos
            taken.append(pos)
        return answer

    monkeypatch.setattr(wire, "_fresh_pair", checked)
    run(game, 40)
    assert len(taken) > 20


def test_the_same_game_without_the_shortcut(monkeypatch):
    fast = run(clock_game(), 40)
    monkeypatch.setattr(wire, "_fresh_pair", lambda *a: False)
    assert run(clock_game(), 40) == fast


def test_any_change_ends_the_shortcut(monkeypatch):
    game = playground.survival_game(seed=7)
    reg = game.world.registry
    for x in range(2, 8):
        game.set_block((x, GROUND, 4), reg.state("redstone_wire"))
    game.set_block((1, GROUND, 4), reg.state("redstone_block"))  # a network update, powered
    ws = game.survival.mechanics["wire"]
    assert ws.fresh_revision == game.world.revision and (3, GROUND, 4) in ws.fresh
    taken = []
    real = wire._fresh_pair
    monkeypatch.setattr(wire, "_fresh_pair", lambda *a: taken.append(a[2]) or real(*a))
    a, b = (3, GROUND, 4), (4, GROUND, 4)
    wire.neighbour_changed(game, b, game.world.get_block(*b), a)
    assert taken == [b]  # the shortcut, nothing having changed
    game.world.set_block(*a, reg.state("redstone_wire[power=3]"))  # another change, no updates
    before = game.world.revision
    wire.neighbour_changed(game, b, game.world.get_block(*b), a)
    assert taken == [b]  # not asked again: the full path ran
    assert game.world.revision > before  # and fixed the power the change left wrong
