"""``level.dat``: what a world says about itself (name, version, spawn, player, data packs).

Two layouts are read: before 1.21.9 the spawn is ``SpawnX/Y/Z`` + ``SpawnAngle``; from 1.21.9
it is a ``spawn{pos: int[3], yaw, pitch, dimension}`` compound. Written files use the 1.21.11
layout, field for field as a real 1.21.11 world has them.
"""

from __future__ import annotations

import gzip
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from odyssey.errors import NBTError, WorldError
from odyssey.world import nbt
from odyssey.world.nbt import Byte, Double, Float, Int, Long, NBTList

DATA_VERSION = 4671
VERSION_NAME = "1.21.11"


@dataclass(frozen=True)
class PlayerPose:
    """The single-player's saved position (feet), yaw/pitch in degrees, and dimension."""

    pos: tuple[float, float, float]
    yaw_deg: float
    pitch_deg: float
    dimension: str = "minecraft:overworld"


@dataclass(frozen=True)
class LevelInfo:
    """The parts of level.dat Odyssey uses; ``raw`` keeps the whole ``Data`` compound."""

    level_name: str = "Odyssey world"
    data_version: int = DATA_VERSION
    version_name: str = VERSION_NAME
    spawn: tuple[int, int, int] = (0, 64, 0)
    spawn_yaw_deg: float = 0.0
    game_type: int = 2  # adventure: players cannot break or place blocks
    spawn_layout: str = "spawn"  # "spawn" (1.21.9+) or "SpawnXYZ" (older)
    player: PlayerPose | None = None
    datapacks: tuple[str, ...] = ("vanilla",)
    seed: int = 0
    # "void": chunks Odyssey did not write stay empty (maps); "noise": vanilla's own generator
    # continues past them (a generated survival world opened in Minecraft keeps growing)
    world_gen: str = "void"
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


def read_level_dat(path: Path) -> LevelInfo:
    """Read a level.dat (gzip NBT); errors name the file and the missing field."""
    try:
        _, root = nbt.read_nbt(nbt.unwrap(Path(path).read_bytes()))
    except OSError as e:
        raise WorldError(f"{path}: cannot read level.dat ({e.strerror or e})") from e
    except NBTError as e:
        raise WorldError(f"{path}: level.dat is not valid NBT ({e})") from e
    data = root.get("Data") if isinstance(root, dict) else None
    if not isinstance(data, dict):
        raise WorldError(f"{path}: level.dat has no 'Data' compound")
    version = data.get("Version") if isinstance(data.get("Version"), dict) else {}
    spawn, yaw, layout = _spawn_of(data)
    enabled = (data.get("DataPacks") or {}).get("Enabled") or ["vanilla"]
    seed = ((data.get("WorldGenSettings") or {}).get("seed")) or data.get("RandomSeed") or 0
    return LevelInfo(
        level_name=str(data.get("LevelName", "")),
        data_version=int(data.get("DataVersion", version.get("Id", 0))),
        version_name=str(version.get("Name", "unknown")),
        spawn=spawn,
        spawn_yaw_deg=yaw,
        game_type=int(data.get("GameType", 0)),
        spawn_layout=layout,
        player=_player_of(data.get("Player")),
        datapacks=tuple(str(p) for p in enabled),
        seed=int(seed),
        raw=data,
    )


def _spawn_of(data: dict[str, Any]) -> tuple[tuple[int, int, int], float, str]:
    spawn = data.get("spawn")
    if isinstance(spawn, dict) and "pos" in spawn:
        pos = [int(v) for v in spawn["pos"]]
        return (pos[0], pos[1], pos[2]), float(spawn.get("yaw", 0.0)), "spawn"
    if "SpawnX" in data:
        xyz = (int(data["SpawnX"]), int(data.get("SpawnY", 64)), int(data.get("SpawnZ", 0)))
        return xyz, float(data.get("SpawnAngle", 0.0)), "SpawnXYZ"
    return (0, 64, 0), 0.0, "none"


def _player_of(player: Any) -> PlayerPose | None:
    if not isinstance(player, dict) or "Pos" not in player:
        return None
    pos = [float(v) for v in player["Pos"]]
    rotation = [float(v) for v in player.get("Rotation", [0.0, 0.0])] + [0.0, 0.0]
    dimension = player.get("Dimension", "minecraft:overworld")
    if isinstance(dimension, int):  # before 1.16 the dimension was a number
        dimension = {0: "minecraft:overworld", -1: "minecraft:the_nether"}.get(
            dimension, "minecraft:the_end"
        )
    return PlayerPose((pos[0], pos[1], pos[2]), rotation[0], rotation[1], str(dimension))


def level_dat_nbt(info: LevelInfo, last_played_ms: int | None = None) -> dict[str, Any]:
    """The ``Data`` compound of a 1.21.11 level.dat for a void-generator world.

    Chunks Odyssey did not write generate as empty air (a flat generator with no layers), so a
    generated map never grows vanilla terrain at its edges.
    """
    played = int(time.time() * 1000) if last_played_ms is None else last_played_ms
    x, y, z = info.spawn
    data: dict[str, Any] = {
        "DataVersion": Int(info.data_version),
        "Version": {
            "Id": Int(info.data_version),
            "Name": info.version_name,
            "Series": "main",
            "Snapshot": Byte(0),
        },
        "version": Int(19133),  # the NBT storage version every modern level.dat has
        "LevelName": info.level_name,
        "GameType": Int(info.game_type),
        "Difficulty": Byte(0),  # peaceful
        "DifficultyLocked": Byte(0),
        "hardcore": Byte(0),
        "allowCommands": Byte(1),
        "initialized": Byte(1),
        "LastPlayed": Long(played),
        "Time": Long(0),
        "DayTime": Long(6000),  # noon
        "raining": Byte(0),
        "rainTime": Int(0),
        "thundering": Byte(0),
        "thunderTime": Int(0),
        "clearWeatherTime": Int(0),
        "WasModded": Byte(0),
        "ServerBrands": NBTList(["odyssey"]),
        "spawn": {
            "pos": np.array([x, y, z], dtype=np.int32),
            "yaw": Float(info.spawn_yaw_deg),
            "pitch": Float(0.0),
            "dimension": "minecraft:overworld",
        },
        "WorldGenSettings": _void_world_gen(info.seed)
        if info.world_gen == "void"
        else _noise_world_gen(info.seed),
        "DataPacks": {
            "Enabled": NBTList(list(info.datapacks)),
            "Disabled": NBTList(),
        },
        "game_rules": {
            "minecraft:advance_time": Byte(0),
            "minecraft:advance_weather": Byte(0),
            "minecraft:spawn_mobs": Byte(0),
            "minecraft:spawn_monsters": Byte(0),
        },
        "ScheduledEvents": NBTList(),
        "CustomBossEvents": {},
        "DragonFight": {"NeedsStateScanning": Byte(1)},
    }
    if info.player is not None:
        data["Player"] = _player_nbt(info.player, info.data_version, info.game_type)
    return data


def _void_world_gen(seed: int) -> dict[str, Any]:
    def vanilla(kind: str, preset: str) -> dict[str, Any]:
        return {
            "type": f"minecraft:{kind}",
            "generator": {
                "type": "minecraft:noise",
                "settings": f"minecraft:{preset}",
                "biome_source": {"type": "minecraft:multi_noise", "preset": "minecraft:nether"}
                if kind == "the_nether"
                else {"type": "minecraft:the_end"},
            },
        }

    return {
        "seed": Long(seed),
        "generate_features": Byte(0),
        "bonus_chest": Byte(0),
        "dimensions": {
            "minecraft:overworld": {
                "type": "minecraft:overworld",
                "generator": {
                    "type": "minecraft:flat",
                    "settings": {
                        "biome": "minecraft:plains",
                        "layers": NBTList(),
                        "structure_overrides": NBTList(),
                        "features": Byte(0),
                        "lakes": Byte(0),
                    },
                },
            },
            "minecraft:the_nether": vanilla("the_nether", "nether"),
            "minecraft:the_end": vanilla("the_end", "end"),
        },
    }


def _noise_world_gen(seed: int) -> dict[str, Any]:
    """Vanilla's default world: noise generators in all three dimensions, with features."""
    settings = _void_world_gen(seed)
    settings["generate_features"] = Byte(1)
    settings["dimensions"]["minecraft:overworld"] = {
        "type": "minecraft:overworld",
        "generator": {
            "type": "minecraft:noise",
            "settings": "minecraft:overworld",
            "biome_source": {"type": "minecraft:multi_noise", "preset": "minecraft:overworld"},
        },
    }
    return settings


def _player_nbt(player: PlayerPose, data_version: int, game_type: int) -> dict[str, Any]:
    return {
        "DataVersion": Int(data_version),
        "Pos": NBTList([Double(v) for v in player.pos]),
        "Rotation": NBTList([Float(player.yaw_deg), Float(player.pitch_deg)]),
        "Motion": NBTList([Double(0.0), Double(0.0), Double(0.0)]),
        "Dimension": player.dimension,
        "OnGround": Byte(1),
        "Health": Float(20.0),
        "playerGameType": Int(game_type),
        "Inventory": NBTList(),
        "SelectedItemSlot": Int(0),
    }


def write_level_dat(path: Path, info: LevelInfo, last_played_ms: int | None = None) -> None:
    """Write level.dat (gzip NBT) atomically, keeping the previous one as level.dat_old."""
    path = Path(path)
    payload = gzip.compress(nbt.write_nbt({"Data": level_dat_nbt(info, last_played_ms)}), mtime=0)
    tmp = path.with_name("level.dat.tmp")
    tmp.write_bytes(payload)
    if path.exists():
        path.replace(path.with_name("level.dat_old"))
    tmp.replace(path)
