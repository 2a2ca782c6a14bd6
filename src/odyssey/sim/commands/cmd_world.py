"""World-state commands: time, weather, gamemode, difficulty, gamerule, say, tell."""

from __future__ import annotations

import re
from dataclasses import dataclass

from odyssey.sim.commands.args import Args
from odyssey.sim.commands.cmd_items import targets
from odyssey.sim.commands.selectors import Selector

TIME_NAMES = {"day": 1000, "noon": 6000, "night": 13000, "midnight": 18000}
TIME_UNITS = {"d": 24000, "s": 20, "t": 1, "": 1}
GAMEMODES = ("survival", "creative", "adventure", "spectator")
DIFFICULTIES = ("peaceful", "easy", "normal", "hard")


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_INT_RULES = _words(
    """randomTickSpeed spawnRadius maxEntityCramming maxCommandChainLength
    playersSleepingPercentage snowAccumulationHeight commandModificationBlockLimit
    maxCommandForkCount playersNetherPortalDefaultDelay playersNetherPortalCreativeDelay
    spawnChunkRadius minecartMaxSpeed"""
)
_BOOL_RULES = _words(
    """allowEnteringNetherUsingPortals allowFireTicksAwayFromPlayer announceAdvancements
    blockExplosionDropDecay commandBlockOutput commandBlocksEnabled disableElytraMovementCheck
    disablePlayerMovementCheck disableRaids doDaylightCycle doEntityDrops doFireTick
    doImmediateRespawn doInsomnia doLimitedCrafting doMobLoot doMobSpawning doPatrolSpawning
    doTileDrops doTraderSpawning doVinesSpread doWardenSpawning doWeatherCycle drowningDamage
    enderPearlsVanishOnDeath fallDamage fireDamage forgiveDeadPlayers freezeDamage
    globalSoundEvents keepInventory lavaSourceConversion locatorBar logAdminCommands
    mobExplosionDropDecay mobGriefing naturalRegeneration projectilesCanBreakBlocks pvp
    reducedDebugInfo sendCommandFeedback showDeathMessages spawnerBlocksEnabled
    spectatorsGenerateChunks tntExplodes tntExplosionDropDecay universalAnger
    waterSourceConversion"""
)
# 1.21.11 renamed game rules to snake_case; these three do not follow the mechanical rule.
_RENAMED = {"doDaylightCycle": "advance_time", "doWeatherCycle": "advance_weather",
            "announceAdvancements": "show_advancement_messages"}  # fmt: skip


def snake_rule(name: str) -> str:
    """The 1.21.11 name of a pre-1.21.11 (camelCase) game rule."""
    return _RENAMED.get(name) or re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


GAME_RULES: dict[str, type] = {snake_rule(n): int for n in _INT_RULES} | {
    snake_rule(n): bool for n in _BOOL_RULES
}
OLD_RULE_NAMES = {n: snake_rule(n) for n in _INT_RULES + _BOOL_RULES}


@dataclass(frozen=True)
class Time:
    """``time set|add <ticks>`` or ``time query daytime|gametime|day``."""

    action: str
    ticks: int = 0
    query: str | None = None


@dataclass(frozen=True)
class Weather:
    """``weather clear|rain|thunder [duration]``; duration in ticks, None for vanilla's random."""

    kind: str
    duration_ticks: int | None = None


@dataclass(frozen=True)
class Experience:
    """``xp add|set <targets> <amount> [points|levels]``, ``xp query <target> points|levels``."""

    action: str
    targets: Selector
    amount: int = 0
    unit: str = "points"


@dataclass(frozen=True)
class GameMode:
    mode: str
    targets: Selector | None = None


@dataclass(frozen=True)
class Difficulty:
    level: str | None = None  # None queries


@dataclass(frozen=True)
class GameRule:
    """``gamerule <name> [value]``; value None queries."""

    name: str
    value: bool | int | None = None


@dataclass(frozen=True)
class Say:
    """``say``/``tell``/``msg``/``w``: chat only, no world effect."""

    message: str
    targets: Selector | None = None


def read_time(args: Args, minimum: int = 0) -> int:
    """A time argument: a number with an optional unit d, s or t, as whole ticks."""
    reader = args.reader
    start = reader.cursor
    value = reader.read_float()
    unit = reader.read_while(frozenset("abcdefghijklmnopqrstuvwxyz"))
    if unit not in TIME_UNITS:
        raise reader.error("Invalid unit", start)
    ticks = round(value * TIME_UNITS[unit])
    if ticks < minimum:
        raise reader.error(f"The tick count must not be less than {minimum}, found {ticks}", start)
    return ticks


def parse_time(args: Args) -> Time:
    args.need()
    action = args.literal("set", "add", "query")
    args.need()
    if action == "query":
        what = args.literal("daytime", "gametime", "day")
        args.end()
        return Time("query", query=what)
    word = args.peek_word()
    if action == "set" and word in TIME_NAMES:
        args.literal(word)
        args.end()
        return Time("set", TIME_NAMES[word])
    ticks = read_time(args)
    args.end()
    return Time(action, ticks)


def parse_weather(args: Args) -> Weather:
    args.need()
    kind = args.literal("clear", "rain", "thunder")
    duration = read_time(args, minimum=1) if args.more() else None
    args.end()
    return Weather(kind, duration)


def parse_experience(args: Args) -> Experience:
    args.need()
    action = args.literal("add", "set", "query")
    args.need()
    sel = targets(args, players=True)
    if action == "query":
        args.need()
        unit = args.literal("points", "levels")
        args.end()
        return Experience(action, sel, 0, unit)
    args.need()
    amount = args.int() if action == "add" else args.int(0)
    unit = args.literal("points", "levels") if args.more() else "points"
    args.end()
    return Experience(action, sel, amount, unit)


def parse_gamemode(args: Args) -> GameMode:
    args.need()
    start = args.reader.cursor
    mode = args.word()
    if mode not in GAMEMODES:
        raise args.reader.error(f"Unknown game mode: {mode}", start)
    if not args.more():
        return GameMode(mode)
    sel = targets(args, players=True)
    args.end()
    return GameMode(mode, sel)


def parse_difficulty(args: Args) -> Difficulty:
    if not args.more():
        return Difficulty()
    start = args.reader.cursor
    level = args.word()
    if level not in DIFFICULTIES:
        raise args.reader.error(f"Unknown difficulty: {level}", start)
    args.end()
    return Difficulty(level)


def parse_gamerule(args: Args) -> GameRule:
    args.need()
    start = args.reader.cursor
    name = args.reader.read_resource()
    bare = name.removeprefix("minecraft:")
    if bare not in GAME_RULES:
        raise args.reader.error("Incorrect argument for command", start)
    if not args.more():
        return GameRule(bare)
    value: bool | int = args.bool() if GAME_RULES[bare] is bool else args.int()
    args.end()
    return GameRule(bare, value)


def parse_say(args: Args) -> Say:
    args.need()
    return Say(args.rest())


def parse_tell(args: Args) -> Say:
    args.need()
    sel = targets(args, players=True)
    args.need()
    return Say(args.rest(), sel)
