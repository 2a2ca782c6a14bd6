"""Which task configurations a run plays: the built-in suite, configuration files or folders
(MineStudio/MCU YAML, not necessarily in the repository), or library tasks by selector."""

from __future__ import annotations

from pathlib import Path

from odyssey.mcu.config import DIFFICULTIES, TaskConfig, load_config, load_folder
from odyssey.mcu.needs import McuError


def resolve_tasks(selector: str, difficulty: str = "simple") -> list[TaskConfig]:
    """The configurations ``selector`` names, at ``difficulty``."""
    if difficulty not in DIFFICULTIES:
        raise McuError(f"--difficulty {difficulty!r}: expected simple or hard")
    path = Path(selector)
    if path.is_file():
        return [load_config(path)]
    if path.is_dir():
        sub = path / difficulty
        configs = load_folder(sub if sub.is_dir() else path)
        return [c for c in configs if c.difficulty == difficulty] if not sub.is_dir() else configs
    if "/" in selector or selector.endswith((".yaml", ".yml", ".json")):
        raise McuError(f"--tasks {selector!r}: no such configuration file or folder")
    raise McuError(f"--tasks {selector!r}: the built-in suite and library selectors are not "
                   "available yet")  # fmt: skip
