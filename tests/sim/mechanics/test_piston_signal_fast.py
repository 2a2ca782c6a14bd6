"""Pistons ask ``power.signalled_known`` (``signalled`` remembered until the world changes):
over an observer clock driving a lamp and a piston, every answer is the one ``signalled``
gives afresh, and repeated questions between two changes are answered from memory."""

from __future__ import annotations

from odyssey.sim import playground
from odyssey.sim.mechanics import pistons, power

GROUND = 64


def test_remembered_signals_are_fresh_ones(monkeypatch):
    game = playground.survival_game(seed=7)
    reg = game.world.registry

    def put(pos, spec):
        game.set_block(pos, reg.state(spec))

    put((0, GROUND, 4), "observer[facing=east]")  # a clock: two observers facing each other
    put((1, GROUND, 4), "observer[facing=west]")
    put((-1, GROUND, 4), "redstone_lamp")  # behind the first: lit by its pulses
    put((-2, GROUND, 4), "piston[facing=west]")  # powered through the lamp
    put((-2, GROUND + 1, 5), "redstone_lamp")  # beside the block above (quasi-connectivity)
    asked, computed = [], []  # per question: fresh answer matched; whether computed now
    real_known, real = power.signalled_known, power.signalled
    inside = [False]

    def known(world, pos, skip=-1):
        inside[0], calls = True, len(computed)
        answer = real_known(world, pos, skip)
        inside[0] = False
        asked.append((answer == real(world, pos, skip), len(computed) > calls))
        return answer

    def counted(world, pos, skip=-1):
        if inside[0]:
            computed.append(pos)
        return real(world, pos, skip)

    monkeypatch.setattr(pistons, "signalled_known", known)
    monkeypatch.setattr(power, "signalled", counted)
    extends = 0
    for _ in range(60):
        before = len(game.events)
        game.tick()
        extends += sum(e.kind == "piston_extend" for e in game.events[before:])
    assert extends > 5  # the piston really follows the clock
    assert asked and all(fresh for fresh, _ in asked)
    assert any(not now for _, now in asked)  # some answers came from memory
