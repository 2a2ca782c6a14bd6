"""AutoEval's grading criteria: the six dimensions and their per-task rules.

Two file formats are read:

- ours (``.json``, ``.yaml``/``.yml``): an object whose keys are exactly the six dimension names,
  each a list of non-empty bullet strings (at least one), nothing else;
- MineStudio's (``.txt``, read from a folder the user names; never copied into the repository):
  ``**<Dimension>: <explanation>**`` headers followed by `` - <rule>`` bullets. Text before the
  first header (MCU's chatty "Sure, here is..." preambles) is ignored; a line after a header that is
  no bullet continues the previous bullet. Some of MineStudio's files lack a dimension (4 of 83 lack
  ``Material Selection and Usage``): such criteria are read with that dimension ``missing``, and the
  rating prompt says it has no task-specific rules.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from odyssey.mcu.needs import McuError

DIMENSIONS: tuple[str, ...] = (
    "Task Progress",
    "Action Control",
    "Error Recognition and Correction",
    "Creative Attempts",
    "Task Completion Efficiency",
    "Material Selection and Usage",
)
# MineStudio's header explanations, shown after the name in the prompt (MCU criteria shape)
EXPLANATIONS: dict[str, str] = {
    "Task Progress": "the key factors/steps for completing the task",
    "Action Control": "whether the agent has operations unrelated to the task, including useless "
    "and redundant actions",
    "Error Recognition and Correction": "whether the agent can promptly identify and rectify its "
    "mistakes",
    "Creative Attempts": "any creative attempts the agent shows while doing the task",
    "Task Completion Efficiency": "whether the agent completes the task in reasonable time with "
    "effective strategies",
    "Material Selection and Usage": "whether the agent correctly uses the given materials",
}
OUR_SUFFIXES = (".json", ".yaml", ".yml")
_HEADER = re.compile(r"^\s*\*\*(?P<body>.+?)\*\*\s*$")
_BULLET = re.compile(r"^\s*[-*•]\s*(?P<text>.*)$")


class CriteriaError(McuError):
    """Criteria that cannot be read or are not in the expected shape."""


@dataclass(frozen=True)
class Criteria:
    """Per-dimension rules for one task; ``source`` names where they came from."""

    rules: dict[str, tuple[str, ...]]  # dimension -> bullets, in DIMENSIONS order
    source: str = "inline"
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. generation details

    @property
    def missing(self) -> tuple[str, ...]:
        return tuple(d for d in DIMENSIONS if not self.rules.get(d))

    def to_data(self) -> dict[str, list[str]]:
        """Our file format (dimensions that have rules)."""
        return {d: list(self.rules[d]) for d in DIMENSIONS if self.rules.get(d)}

    def sha256(self) -> str:
        return hashlib.sha256(json.dumps(self.to_data(), sort_keys=True).encode()).hexdigest()

    def prompt_text(self) -> str:
        """The criteria as the rating prompt shows them (MineStudio's layout)."""
        blocks = []
        for d in DIMENSIONS:
            bullets = self.rules.get(d) or ("(no task-specific rules: judge by the dimension)",)
            lines = [f"**{d}: {EXPLANATIONS[d]}**"] + [f" - {b}" for b in bullets]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)


def parse_criteria_data(data: Any, where: str) -> Criteria:
    """Validates our format (also a model's generated answer); problems raise CriteriaError."""
    problems = criteria_problems(data)
    if problems:
        raise CriteriaError(f"{where}: " + "; ".join(problems))
    return Criteria({d: tuple(s.strip() for s in data[d]) for d in DIMENSIONS}, source=where)


def key_problems(data: Mapping[str, Any]) -> list[str]:
    """Missing dimensions and keys that are not dimensions (an answer's or criteria's)."""
    problems = []
    missing = [d for d in DIMENSIONS if d not in data]
    extra = [k for k in data if k not in DIMENSIONS]
    if missing:
        problems.append("missing dimensions: " + ", ".join(repr(d) for d in missing))
    if extra:
        names = ", ".join(repr(k) for k in extra)
        problems.append(f"unexpected keys: {names} (the keys must be exactly: "
                        f"{', '.join(DIMENSIONS)})")  # fmt: skip
    return problems


def criteria_problems(data: Any) -> list[str]:
    """What is wrong with ``data`` as our criteria format (empty when nothing is)."""
    if not isinstance(data, Mapping):
        return [f"expected an object of the six dimensions, got {type(data).__name__}"]
    problems = key_problems(data)
    for d in DIMENSIONS:
        value = data.get(d)
        if d not in data:
            continue
        if not isinstance(value, list) or not value:
            problems.append(f"{d!r} must be a non-empty list of strings")
        elif not all(isinstance(s, str) and s.strip() for s in value):
            problems.append(f"{d!r} must hold only non-empty strings")
    return problems


def read_minestudio_criteria(path: Path) -> Criteria:
    """Reads one of MineStudio's ``criteria_files/<task>.txt``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise CriteriaError(f"{path}: cannot read the criteria file: {e}") from e
    rules: dict[str, list[str]] = {}
    current: str | None = None
    for n, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            name = header["body"].split(":", 1)[0].strip()
            if name not in DIMENSIONS:
                raise CriteriaError(
                    f"{path}: line {n}: unknown dimension {name!r} "
                    f"(expected one of: {', '.join(DIMENSIONS)})"
                )
            if name in rules:
                raise CriteriaError(f"{path}: line {n}: dimension {name!r} appears twice")
            current = name
            rules[name] = []
            continue
        if not line.strip() or current is None:
            continue  # blank, or the preamble before the first header
        bullet = _BULLET.match(line)
        if bullet and bullet["text"].strip():
            rules[current].append(bullet["text"].strip())
        elif rules[current]:
            rules[current][-1] += " " + line.strip()
        else:
            raise CriteriaError(f"{path}: line {n}: expected a '- ' bullet under **{current}**")
    if not rules:
        raise CriteriaError(f"{path}: no '**<Dimension>: ...**' headers found")
    return Criteria({d: tuple(b) for d, b in rules.items() if b}, source=str(path))


def read_our_criteria(path: Path) -> Criteria:
    """Reads our JSON or YAML criteria file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise CriteriaError(f"{path}: cannot read the criteria file: {e}") from e
    try:
        if path.suffix == ".json":
            data = json.loads(text)
        else:
            import yaml

            data = yaml.safe_load(text)
    except (json.JSONDecodeError, ValueError) as e:
        raise CriteriaError(f"{path}: not valid {path.suffix[1:].upper()}: {e}") from e
    except Exception as e:  # yaml.YAMLError without importing yaml at module level
        raise CriteriaError(f"{path}: not valid YAML: {e}") from e
    return parse_criteria_data(data, str(path))


def load_criteria(path: Path) -> Criteria:
    """Reads a criteria file by its suffix: ``.txt`` MineStudio's, ``.json``/``.yaml`` ours."""
    path = Path(path)
    if path.suffix == ".txt":
        return read_minestudio_criteria(path)
    if path.suffix in OUR_SUFFIXES:
        return read_our_criteria(path)
    raise CriteriaError(f"{path}: unknown criteria format (expected .txt, .json, .yaml or .yml)")


def criteria_for(task_id: str, folder: Path) -> Criteria:
    """The criteria file for ``task_id`` in ``folder``: ``<task_id>.txt``, ``.json``, ``.yaml``."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CriteriaError(f"{folder}: no such criteria folder")
    tried = [folder / f"{task_id}{suffix}" for suffix in (".txt", *OUR_SUFFIXES)]
    for path in tried:
        if path.is_file():
            return load_criteria(path)
    names = ", ".join(p.name for p in tried)
    raise CriteriaError(f"{folder}: no criteria for task {task_id!r} (looked for {names})")


def write_criteria(criteria: Criteria, path: Path) -> Path:
    """Writes criteria in our JSON format, atomically."""
    from odyssey.atomic import write_text_atomic

    return write_text_atomic(Path(path), json.dumps(criteria.to_data(), indent=2) + "\n")
