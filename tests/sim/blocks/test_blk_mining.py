"""Break speed and the breaking state, against vanilla's formulas and the wiki's break times."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from odyssey.sim.mining import (
    BreakingState,
    Miner,
    destroy_progress,
    destroy_speed,
    tick_breaking,
    ticks_to_break,
)

# (block, held item, tool speed, harvestable, wiki break time in seconds)
# minecraft.wiki "Breaking#Speed": stone 7.5 / 1.15 (wood pickaxe); oak log 3 / 0.75 (stone
# axe); obsidian 9.4 (diamond pickaxe); cobweb 20 / 0.4 (sword); dirt 0.75 / 0.4 (wood shovel).
WIKI = [
    ("stone", None, 1, False, 7.5),
    ("stone", "wooden_pickaxe", 2, True, 1.15),
    ("oak_log", None, 1, True, 3.0),
    ("oak_log", "stone_axe", 4, True, 0.75),
    ("obsidian", "diamond_pickaxe", 8, True, 9.4),
    ("cobweb", "iron_sword", 15, True, 0.4),
    ("cobweb", None, 1, False, 20.0),
    ("dirt", None, 1, True, 0.75),
    ("dirt", "wooden_shovel", 2, True, 0.4),
    ("iron_ore", "wooden_pickaxe", 2, False, 7.5),
    ("iron_ore", "stone_pickaxe", 4, True, 1.15),
]
HARDNESS = {"stone": 1.5, "oak_log": 2, "obsidian": 50, "cobweb": 4, "dirt": 0.5, "iron_ore": 3}


@pytest.mark.parametrize(("block", "item", "speed", "harvest", "seconds"), WIKI)
def test_break_times_follow_the_formula_and_the_wiki(block, item, speed, harvest, seconds):
    hardness = Fraction(str(HARDNESS[block]))
    exact = Fraction(speed) / hardness / (30 if harvest else 100)  # progress per tick
    formula = math.ceil(1 / exact)
    assert formula == round(seconds * 20)  # the wiki's figure is ceil(1/progress) ticks
    progress = destroy_progress(block, Miner(item=item))
    assert progress == pytest.approx(float(exact), rel=1e-6)
    ticks = ticks_to_break(progress)
    # Vanilla adds a float32 each tick: where 1/progress is a whole number the sum can fall
    # just short of 1 and the block breaks one tick later than the formula says.
    exact_whole = (1 / exact).denominator == 1
    assert ticks in ((formula, formula + 1) if exact_whole else (formula,))


def test_stone_by_hand_takes_151_accumulated_ticks():
    assert ticks_to_break(destroy_progress("stone", Miner())) == 151


def test_instant_and_unbreakable_blocks():
    assert ticks_to_break(destroy_progress("short_grass", Miner())) == 1
    assert ticks_to_break(destroy_progress("oak_leaves", Miner(item="shears"))) == 1
    assert ticks_to_break(destroy_progress("bamboo", Miner(item="wooden_sword"))) == 1
    assert destroy_progress("bedrock", Miner(item="netherite_pickaxe")) == 0.0
    assert ticks_to_break(0.0) is None


def test_speed_modifiers():
    base = destroy_speed("stone", Miner(item="iron_pickaxe"))
    assert base == 6.0
    assert destroy_speed("stone", Miner(item="iron_pickaxe", enchantments={"efficiency": 3})) == 16
    assert destroy_speed("stone", Miner(enchantments={"efficiency": 5})) == 1.0  # hand: no bonus
    assert destroy_speed("stone", Miner(item="iron_pickaxe", haste=2)) == pytest.approx(8.4)
    assert destroy_speed("stone", Miner(item="iron_pickaxe", mining_fatigue=1)) == pytest.approx(
        1.8
    )
    assert destroy_speed("stone", Miner(item="iron_pickaxe", mining_fatigue=3)) == pytest.approx(
        6 * 0.0027
    )
    wet = Miner(item="iron_pickaxe", eyes_in_water=True)
    assert destroy_speed("stone", wet) == pytest.approx(1.2)
    aqua = Miner(item="iron_pickaxe", eyes_in_water=True, aqua_affinity=True)
    assert destroy_speed("stone", aqua) == 6.0
    both = Miner(item="iron_pickaxe", eyes_in_water=True, on_ground=False)
    assert destroy_speed("stone", both) == pytest.approx(0.24)


def test_swords_and_shears():
    assert destroy_speed("cobweb", Miner(item="wooden_sword")) == 15.0
    assert destroy_speed("oak_leaves", Miner(item="diamond_sword")) == 1.5
    assert destroy_speed("pumpkin", Miner(item="iron_sword")) == 1.5
    assert destroy_speed("stone", Miner(item="diamond_sword")) == 1.0
    assert destroy_speed("oak_leaves", Miner(item="shears")) == 15.0
    assert destroy_speed("white_wool", Miner(item="shears")) == 5.0
    assert destroy_speed("cobweb", Miner(item="shears")) == 15.0


def _hold(state, ticks, target, progress, **kw):
    broken = []
    for t in range(ticks):
        step = tick_breaking(state, target=target, progress=progress, attack=True,
                             pressed=(t == 0 and kw.pop("press", True)), **kw)  # fmt: skip
        state = step.state
        if step.broken:
            broken.append((t + 1, step.broken))
    return state, broken


def test_holding_attack_breaks_on_the_accumulated_tick_with_crack_stages():
    p = destroy_progress("stone", Miner(item="wooden_pickaxe"))
    state = BreakingState()
    stages = []
    for t in range(23):
        step = tick_breaking(state, target=(0, 64, 0), progress=p, attack=True, pressed=t == 0)
        state = step.state
        stages.append(state.stage)
        if t < 22:
            assert step.broken is None
    assert step.broken == (0, 64, 0) and state.delay == 5 and state.stage == -1
    assert stages[0] == 0 and stages[11] == 5 and stages[21] == 9
    assert stages == [*sorted(stages[:-1]), -1]


def test_release_and_target_change_reset_progress():
    p = destroy_progress("stone", Miner(item="wooden_pickaxe"))
    state, _ = _hold(BreakingState(), 10, (0, 64, 0), p)
    assert state.progress > 0.4
    released = tick_breaking(state, target=(0, 64, 0), progress=p, attack=False).state
    assert released.progress == 0 and released.stage == -1
    moved = tick_breaking(state, target=(1, 64, 0), progress=p, attack=True).state
    assert moved.pos == (1, 64, 0) and moved.progress == 0  # restarted, no progress this tick
    other_item = tick_breaking(state, target=(0, 64, 0), progress=p, attack=True, held="x").state
    assert other_item.progress == 0


def test_destroy_delay_then_next_block_starts_a_tick_late():
    p = destroy_progress("stone", Miner(item="wooden_pickaxe"))
    state, broken = _hold(BreakingState(), 23, (0, 64, 0), p)
    assert broken == [(23, (0, 64, 0))]
    state, broken = _hold(state, 30, (0, 63, 0), p, press=False)
    # 5 delay ticks, one tick to start the new block, then 23 ticks of progress.
    assert broken == [(29, (0, 63, 0))]


def test_instant_blocks_break_every_tick_and_creative_every_six():
    state = BreakingState()
    hits = []
    for t in range(4):
        step = tick_breaking(state, target=(t, 64, 0), progress=float("inf"), attack=True,
                             pressed=t == 0)  # fmt: skip
        state = step.state
        hits.append(step.broken)
    assert hits == [(0, 64, 0), (1, 64, 0), (2, 64, 0), (3, 64, 0)]
    state, broken = _hold(BreakingState(), 13, (0, 64, 0), 0.001, mode="creative")
    assert [t for t, _ in broken] == [1, 7, 13]


def test_adventure_breaks_nothing():
    state, broken = _hold(BreakingState(), 200, (0, 64, 0), 0.5, mode="adventure")
    assert broken == [] and state.progress == 0
