"""Survival state of a game: the player's inventory, hunger, statistics, game mode, the open
screen, furnaces, the block being broken and the item being eaten.

A navigation episode has none (``Game.survival`` is None) and behaves exactly as before:
adventure mode, no hunger. With it, what the player's keys do each tick follows vanilla's
client and server: holding attack breaks the block under the crosshair (``mining``), holding use
places the held block, eats the held food or opens a crafting table or furnace, and the hunger
and the furnaces tick (``actions`` has the code; this module holds the state).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np

from odyssey.sim.blockupdates import BlockUpdates
from odyssey.sim.food import FoodData
from odyssey.sim.furnace import FurnaceState
from odyssey.sim.inventory import PlayerInventory
from odyssey.sim.mining import BreakingState
from odyssey.sim.player import SimError
from odyssey.sim.slots import Menu
from odyssey.sim.stats import Stats

GAME_MODES = ("survival", "creative", "adventure", "spectator")
DIFFICULTIES = ("peaceful", "easy", "normal", "hard")
WEATHERS = ("clear", "rain", "thunder")
Pos = tuple[int, int, int]


def check_mode(mode: str) -> str:
    mode = mode.removeprefix("minecraft:").lower()
    if mode not in GAME_MODES:
        raise SimError(f"game mode {mode!r}: expected one of {', '.join(GAME_MODES)}")
    return mode


def check_difficulty(difficulty: str) -> str:
    difficulty = difficulty.lower()
    if difficulty not in DIFFICULTIES:
        raise SimError(f"difficulty {difficulty!r}: expected one of {', '.join(DIFFICULTIES)}")
    return difficulty


@dataclass
class Survival:
    """Everything survival adds to a game, beside the world and the player's body."""

    gamemode: str = "survival"
    difficulty: str = "normal"
    seed: int = 0
    inventory: PlayerInventory = field(default_factory=PlayerInventory)
    food: FoodData = field(default_factory=FoodData)
    stats: Stats = field(default_factory=Stats)
    furnaces: dict[Pos, FurnaceState] = field(default_factory=dict)
    menu: Menu | None = None  # the open container screen (None: the world)
    menu_kind: str = ""  # "inventory", "crafting_table", a furnace kind or a container screen
    # ("generic_9x3", "generic_9x6", "barrel", "ender_chest", "shulker_box", "hopper")
    menu_pos: Pos | None = None
    breaking: BreakingState = field(default_factory=BreakingState)
    eating: int = 0  # ticks the held food has been eaten for (0: not eating)
    use_delay: int = 0  # Minecraft.rightClickDelay: 4 ticks between uses while held
    attack_ticker: int = 100  # ticks since the last swing (attack strength)
    attack_held: bool = False  # the attack key last tick (a press starts breaking)
    weather: str = "clear"
    spawn: tuple[float, float, float] | None = None
    experience: int = 0  # points collected (levels: sim.mechanics.experience)
    # game rules by their 1.21.11 names (/gamerule sets them; others are kept but not used)
    rules: dict[str, bool | int] = field(default_factory=lambda: {
        "advance_time": False, "advance_weather": False, "do_mob_spawning": True,
        "natural_regeneration": True, "keep_inventory": False, "do_immediate_respawn": False,
        "fall_damage": True, "mob_griefing": True, "do_tile_drops": True,
        "random_tick_speed": 3, "do_fire_tick": True, "water_source_conversion": True,
        "lava_source_conversion": False, "drowning_damage": True,
        "tnt_explodes": True, "tnt_explosion_drop_decay": False})  # fmt: skip
    effects: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> ticks, amplifier
    block_updates: BlockUpdates = field(default_factory=BlockUpdates)
    # State of the block mechanics (sim.mechanics), one entry per mechanic module by its name;
    # deep-copied with snapshots like everything here.
    mechanics: dict[str, object] = field(default_factory=dict)
    dimension: str = "overworld"  # "overworld", "the_nether" or "the_end": where the player is

    def __post_init__(self) -> None:
        self.gamemode = check_mode(self.gamemode)
        self.difficulty = check_difficulty(self.difficulty)
        self.inventory.creative = self.gamemode == "creative"
        self.rng = np.random.default_rng(np.random.SeedSequence(self.seed).spawn(1)[0])
        self.entities = None  # sim.entities.EntityStore, when the game has entities

    @property
    def builds(self) -> bool:
        """Whether the player may break and place blocks (not adventure or spectator)."""
        return self.gamemode in ("survival", "creative")

    def set_mode(self, mode: str) -> None:
        self.gamemode = check_mode(mode)
        self.inventory.creative = self.gamemode == "creative"

    def furnace_at(self, pos: Pos, kind: str) -> FurnaceState:
        if pos not in self.furnaces or self.furnaces[pos].kind != kind:
            self.furnaces[pos] = FurnaceState(kind)
        return self.furnaces[pos]

    def snapshot(self) -> Survival:
        """A deep copy (an open screen is closed in the copy: screens are not restored)."""
        menu, self.menu = self.menu, None
        try:
            out = copy.deepcopy(self)
        finally:
            self.menu = menu
        out.menu_kind, out.menu_pos = "", None
        return out
