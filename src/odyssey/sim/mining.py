"""Breaking blocks as vanilla 1.21.11 does: how fast a player mines a block, and the progress of
the block being broken from tick to tick.

``destroy_speed`` is Player.getDestroySpeed, ``destroy_progress`` BlockBehaviour.getDestroyProgress
(float32 arithmetic, as Java's floats), and ``tick_breaking`` the client's
MultiPlayerGameMode.startDestroyBlock / continueDestroyBlock / stopDestroyBlock driven by
Minecraft.startAttack / continueAttack: the progress a tick adds accumulates in a float, so a block
whose 1/progress is a whole number can take one tick more than the wiki's ceil(1/progress)
(stone by hand: 151 ticks, not 150). What a finished break drops is ``odyssey.sim.loot``'s job.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from odyssey.sim.player import SimError
from odyssey.world.items import ItemRegistry, items

Pos = tuple[int, int, int]
F32 = np.float32
GAME_MODES = ("survival", "creative", "adventure", "spectator")
DESTROY_DELAY_TICKS = 5  # MultiPlayerGameMode.destroyDelay after a non-instant or creative break
UNDERWATER_FACTOR = 0.2  # attribute submerged_mining_speed (aqua affinity raises it to 1.0)
AIRBORNE_DIVISOR = 5.0
FATIGUE = (0.3, 0.09, 0.0027, 8.1e-4)  # by amplifier 0, 1, 2, 3+
CORRECT_DIVISOR, INCORRECT_DIVISOR = 30, 100
# Swords: Tool rules cobweb 15 (minesAndDrops), #sword_instantly_mines Float.MAX_VALUE,
# #sword_efficient 1.5 (minecraft-data lists the tier speeds for the last two instead).
SWORD_INSTANT = ("bamboo", "bamboo_sapling")
SWORD_INSTANT_SPEED = float(np.finfo(np.float32).max)


@dataclass(frozen=True)
class Miner:
    """What decides a player's mining speed: the held item, enchantments, effects, position.

    ``haste`` and ``mining_fatigue`` are effect levels (amplifier + 1; 0 = no effect); conduit
    power counts as haste. ``eyes_in_water`` is Entity.isEyeInFluid(WATER).
    """

    item: str | None = None
    enchantments: Mapping[str, int] = field(default_factory=dict)  # of the held item
    aqua_affinity: bool = False  # on the helmet
    haste: int = 0
    mining_fatigue: int = 0
    eyes_in_water: bool = False
    on_ground: bool = True
    mode: str = "survival"

    def __post_init__(self) -> None:
        if self.mode not in GAME_MODES:
            raise SimError(f"game mode {self.mode!r}: expected one of {', '.join(GAME_MODES)}")

    def level(self, enchantment: str) -> int:
        """Level of an enchantment on the held item (0 if absent)."""
        return int(self.enchantments.get(enchantment, self.enchantments.get(
            "minecraft:" + enchantment, 0)))  # fmt: skip


def _block_name(name: str) -> str:
    return name.removeprefix("minecraft:")


def tool_speed(block: str, item: str | None, reg: ItemRegistry | None = None) -> float:
    """ItemStack.getDestroySpeed: the held item's speed on a block (1.0: no better than a hand)."""
    reg = reg or items()
    block = _block_name(block)
    if item is not None and reg.item(item).tool_kind == "sword":
        if block in SWORD_INSTANT:
            return SWORD_INSTANT_SPEED
        if block == "cobweb":
            return 15.0
        material = reg.harvest(block).material.split(";")
        efficient = {"leaves", "plant", "gourd", "vine_or_glow_lichen"}
        return 1.5 if efficient.intersection(material) else 1.0
    return reg.mining_speed(item, block)


def can_harvest(block: str, item: str | None, reg: ItemRegistry | None = None) -> bool:
    """Player.hasCorrectToolForDrops: no tool needed, or the held item is one that harvests it."""
    return (reg or items()).harvest(_block_name(block)).can_harvest(item)


def destroy_speed(block: str, miner: Miner, reg: ItemRegistry | None = None) -> float:
    """Player.getDestroySpeed (float32): tool speed, Efficiency, Haste, Mining Fatigue, water
    without Aqua Affinity (x0.2) and not standing on the ground (/5)."""
    speed = F32(tool_speed(block, miner.item, reg))
    efficiency = miner.level("efficiency")
    if speed > 1.0 and efficiency > 0:
        speed = F32(speed + F32(efficiency * efficiency + 1))
    if miner.haste > 0:
        speed = F32(speed * F32(1.0 + F32(miner.haste) * F32(0.2)))
    if miner.mining_fatigue > 0:
        speed = F32(speed * F32(FATIGUE[min(miner.mining_fatigue, len(FATIGUE)) - 1]))
    if miner.eyes_in_water and not miner.aqua_affinity:
        speed = F32(speed * F32(UNDERWATER_FACTOR))
    if not miner.on_ground:
        speed = F32(speed / F32(AIRBORNE_DIVISOR))
    return float(speed)


def destroy_progress(block: str, miner: Miner, reg: ItemRegistry | None = None) -> float:
    """BlockBehaviour.getDestroyProgress: the fraction of the block broken per tick (float32);
    0 for unbreakable blocks, infinite for hardness 0, speed / hardness / 30 when the player can
    harvest the block and / 100 when not."""
    reg = reg or items()
    hardness = reg.harvest(_block_name(block)).hardness
    if hardness is None:  # -1 in vanilla: bedrock, barriers, portals
        return 0.0
    speed = F32(destroy_speed(block, miner, reg))
    divisor = CORRECT_DIVISOR if can_harvest(block, miner.item, reg) else INCORRECT_DIVISOR
    with np.errstate(divide="ignore", over="ignore"):
        return float(F32(F32(speed / F32(hardness)) / F32(divisor)))


def ticks_to_break(progress: float) -> int | None:
    """Ticks of holding attack on one block until it breaks (1 = at once), as the float
    accumulation of continueDestroyBlock gives; None if it never breaks."""
    if progress >= 1.0:
        return 1
    if progress <= 0.0:
        return None
    step, total, ticks = F32(progress), F32(0.0), 0
    while total < 1.0:
        total = F32(total + step)
        ticks += 1
    return ticks


@dataclass(frozen=True)
class BreakingState:
    """The block being broken (MultiPlayerGameMode's destroy fields), kept from tick to tick."""

    pos: Pos | None = None  # destroyBlockPos: kept after a break or a stop, as vanilla does
    held: Hashable = None  # the held item (with components) when breaking started
    destroying: bool = False
    progress: float = 0.0
    ticks: int = 0  # destroyTicks: for the digging sound every 4 ticks
    delay: int = 0  # destroyDelay: ticks to wait after a break

    @property
    def stage(self) -> int:
        """Crack texture stage 0-9 to draw on the block, or -1 for none (getDestroyStage)."""
        if not self.destroying or self.progress <= 0.0:
            return -1
        return min(int(self.progress * 10.0), 9)


@dataclass(frozen=True)
class BreakStep:
    """One tick of breaking: the new state and the block broken this tick (None: none)."""

    state: BreakingState
    broken: Pos | None = None


def tick_breaking(
    state: BreakingState,
    *,
    target: Pos | None,
    progress: float,
    attack: bool,
    pressed: bool = False,
    held: Hashable = None,
    mode: str = "survival",
) -> BreakStep:
    """Advance breaking by one tick.

    ``target``: the block under the crosshair (None: none in reach); ``progress``: its
    destroy_progress with what the player holds now; ``attack``: the attack key is down;
    ``pressed``: it went down this tick (startAttack). ``held`` identifies the held item and its
    components: a different item restarts the block, as sameDestroyTarget does. A creative
    player breaks a block at once, then one every 6 ticks while the key is held; adventure and
    spectator players break nothing. The caller checks the creative sword rule (loot.can_break).
    """
    if mode not in GAME_MODES:
        raise SimError(f"game mode {mode!r}: expected one of {', '.join(GAME_MODES)}")
    if mode in ("adventure", "spectator"):
        return BreakStep(_stop(state))
    broken: Pos | None = None
    if pressed and attack and target is not None:
        state, broken = _start(state, target, progress, held, mode)
        if broken is not None:
            return BreakStep(state, broken)  # startAttack broke it: continueAttack(false)
    if not attack or target is None:
        return BreakStep(_stop(state))
    return _continue(state, target, progress, held, mode)


def _start(
    state: BreakingState, target: Pos, progress: float, held: Hashable, mode: str
) -> tuple[BreakingState, Pos | None]:
    """startDestroyBlock: creative breaks at once; survival breaks instant blocks at once or
    starts the block at progress 0."""
    if mode == "creative":
        return replace(state, pos=target, held=held, delay=DESTROY_DELAY_TICKS), target
    if state.destroying and state.pos == target and state.held == held:
        return state, None
    if progress >= 1.0:
        return replace(state, pos=target, held=held, destroying=False, progress=0.0), target
    return BreakingState(target, held, True, 0.0, 0, state.delay), None


def _continue(
    state: BreakingState, target: Pos, progress: float, held: Hashable, mode: str
) -> BreakStep:
    """continueDestroyBlock: wait out the delay, then add this tick's progress."""
    if state.delay > 0:
        return BreakStep(replace(state, delay=state.delay - 1))
    if mode == "creative":
        return BreakStep(replace(state, pos=target, held=held, delay=DESTROY_DELAY_TICKS), target)
    if state.pos != target or state.held != held:
        new, broken = _start(state, target, progress, held, mode)
        return BreakStep(new, broken)
    total = float(F32(F32(state.progress) + F32(progress)))
    if total >= 1.0:
        done = replace(state, destroying=False, progress=0.0, ticks=0, delay=DESTROY_DELAY_TICKS)
        return BreakStep(done, target)
    return BreakStep(replace(state, destroying=True, progress=total, ticks=state.ticks + 1))


def _stop(state: BreakingState) -> BreakingState:
    """stopDestroyBlock: the key released or nothing targeted (the delay stays, as vanilla)."""
    if stopped(state):
        return state  # already the state the copy would be
    return replace(state, destroying=False, progress=0.0, ticks=0)


def stopped(state: BreakingState) -> bool:
    """Whether ``state`` holds exactly what stopDestroyBlock leaves (not destroying, progress
    0.0, 0 ticks; the same types and sign, so that keeping it equals making the copy)."""
    progress, ticks = state.progress, state.ticks
    return (state.destroying is False and type(ticks) is int and ticks == 0
            and type(progress) is float and progress == 0.0
            and math.copysign(1.0, progress) == 1.0)  # fmt: skip


def idle(state: BreakingState, attack: bool, mode: str) -> bool:
    """Whether ``tick_breaking`` without the attack key hands ``state`` back as it is, with
    nothing broken (a stopped state in a known game mode)."""
    return not attack and mode in GAME_MODES and stopped(state)
