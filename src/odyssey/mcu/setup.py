"""Running a MineStudio task configuration's set-up commands in a fresh survival game.

The game stands at the spawn of a generated overworld of a fixed seed. Chunks are generated
once per process and copied into each new game's world (``SharedChunks``), so every
configuration starts from the same untouched world at the cost of a copy.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

from odyssey.sim.commands.coverage import config_commands
from odyssey.sim.commands.dialect import known_config_error, translate
from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.names import RegistryNames
from odyssey.sim.commands.parser import parse_command
from odyssey.sim.entities.state import EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.game_commands import run
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival
from odyssey.world.chunk import Chunk
from odyssey.world.gen.generator import OVERWORLD
from odyssey.world.gen.overworld import OverworldProvider, level_info
from odyssey.world.storage import World

WORLD_SEED = 157  # flat flowery plains around the spawn (1, 66, 0): set-ups land on even ground
DIALECT = "minestudio-1.16"
# Failures vanilla reports the same way: the command had nothing to change in this world.
NOTHING_TO_CHANGE = ("No blocks were filled", "Could not set the block")


class SharedChunks:
    """A chunk source that generates each chunk once and hands out copies."""

    def __init__(self, seed: int) -> None:
        self.provider = OverworldProvider(seed)
        self.info = level_info(seed)  # finding the spawn takes a while: once
        self.made: dict[tuple[int, int], Chunk] = {}

    def positions(self) -> list[tuple[int, int]]:
        return sorted(self.made)

    def load(self, cx: int, cz: int) -> Chunk:
        if (cx, cz) not in self.made:
            self.made[(cx, cz)] = self.provider.make(cx, cz)
        return copy.deepcopy(self.made[(cx, cz)])


@dataclass(frozen=True)
class CommandOutcome:
    """One set-up command: what ran, whether it worked, and why not."""

    command: str
    translated: str
    ok: bool
    message: str
    known: str | None = None  # why vanilla (1.16.5) fails it the same way

    @property
    def accepted(self) -> bool:
        """Worked, or failed as it does in 1.16.5 too."""
        return self.ok or self.known is not None


def new_game(
    world: World, start: tuple[float, float, float], seed: int = WORLD_SEED, settle: int = 2
) -> Game:
    """A survival game (normal difficulty, mobs on, time running) with the player at ``start``, run
    for ``settle`` ticks (the first tick starts in the air)."""
    game = Game(world, PlayerState(pos=start, on_ground=True),
                GameRules(adventure=False, peaceful=False))  # fmt: skip
    game.survival = Survival(seed=seed)
    game.survival.entities = EntityStore(seed)
    # vanilla's defaults, which MineStudio's worlds keep: days and weather go by
    game.survival.rules.update(advance_time=True, advance_weather=True)
    game.run(settle)
    return game


def overworld_game(chunks: SharedChunks, settle: int = 2) -> Game:
    """A fresh game at the spawn of the generated overworld ``chunks`` come from."""
    seed = chunks.provider.seed
    world = World(OVERWORLD, chunks.info, source=chunks)
    sx, sy, sz = world.info.spawn
    return new_game(world, (sx + 0.5, float(sy), sz + 0.5), seed, settle)


def run_setup(game: Game, path: Path) -> list[CommandOutcome]:
    """Run every set-up command of the config at ``path`` as the player, in order."""
    return [run_one(game, line) for line in config_commands(path)]


def run_one(game: Game, line: str, dialect: str | None = DIALECT) -> CommandOutcome:
    """One set-up command as the player; ``dialect`` None: 1.21.11 syntax as written."""
    translated = translate(line, dialect).translated if dialect else line
    try:
        result = run(game, line, dialect)
    except Exception as e:  # the engine refused what vanilla would do: a setup failure
        return CommandOutcome(line, translated, False, f"engine raised {type(e).__name__}: {e}")
    message = result.message.split("\n")[0]
    if result.success:
        return CommandOutcome(line, translated, True, message)
    return CommandOutcome(line, translated, False, message, _known(translated, message))


def _known(translated: str, message: str) -> str | None:
    if message.startswith(NOTHING_TO_CHANGE):
        return "nothing to change here; 1.16.5 fails it the same way"
    names = RegistryNames()
    try:
        parse_command(translated, names)
    except CommandError as e:
        return known_config_error(translated, e, names.is_block)
    return None
