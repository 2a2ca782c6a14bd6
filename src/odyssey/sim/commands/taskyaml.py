"""Reading MineStudio/MCU task configurations (YAML) without requiring PyYAML.

PyYAML is not one of Odyssey's dependencies, so ``load_task_yaml`` uses it when it is installed
and otherwise a small reader for the shape these files have: top-level ``key: scalar`` (plain,
quoted, or a plain scalar folded over indented lines) and ``key:`` followed by ``- item`` lines.
"""

from __future__ import annotations

from pathlib import Path

from odyssey.errors import OdysseyError


class TaskConfigError(OdysseyError):
    """A task configuration file could not be read."""


def load_task_yaml(path: Path) -> dict[str, object]:
    """The top-level mapping of one task configuration file."""
    text = path.read_text(encoding="utf-8")
    try:
        import yaml
    except ImportError:
        return parse_simple_yaml(text, str(path))
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise TaskConfigError(f"{path}: not valid YAML: {e}") from e
    if not isinstance(data, dict):
        raise TaskConfigError(f"{path}: expected a mapping at the top level")
    return data


def parse_simple_yaml(text: str, where: str = "<yaml>") -> dict[str, object]:
    """Top-level scalars and lists of scalars, the subset task configurations use.

    Indented lines continue the value before them (YAML folds them with one space), which is
    how long plain or quoted scalars and list items are wrapped in these files.
    """
    scalars: dict[str, list[str]] = {}  # key: [raw text]
    lists: dict[str, list[list[str]]] = {}  # key: [[raw text of each item]]
    key: str | None = None
    target: list[str] | None = None  # raw text of the value being read, as a one-item list
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0] in " \t":
            if target is None:
                raise TaskConfigError(f"{where} line {number}: unexpected indentation")
            target[0] = f"{target[0]} {line.strip()}"
        elif line.startswith("- ") or line == "-":
            items = lists.get(key) if key is not None else None
            if items is None:
                raise TaskConfigError(f"{where} line {number}: list item outside a list")
            target = [line[1:].strip()]
            items.append(target)
        elif ":" in line:
            key, _, value = line.partition(":")
            target = [value.strip()] if value.strip() else None
            if target is None:
                lists[key] = []
            else:
                scalars[key] = target
        else:
            raise TaskConfigError(f"{where} line {number}: expected 'key: value' or '- item'")
    data: dict[str, object] = {k: _scalar(v[0]) for k, v in scalars.items()}
    data.update({k: [_scalar(item[0]) for item in v] for k, v in lists.items()})
    return data


def _scalar(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1].encode("utf-8").decode("unicode_escape")
    return text
