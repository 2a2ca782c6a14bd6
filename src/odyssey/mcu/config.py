"""MCU task configurations: MineStudio's YAML shape (``text``, ``custom_init_commands``, ...) plus
Odyssey's fields (id, category, difficulty, a success rule or ``judge: autoeval``).

MineStudio's own files load unchanged (``load_config``): they have no category or rule, so they
are open-ended (``judge: autoeval``) and their commands use the ``minestudio-1.16`` dialect.
Ours are written with ``dialect: null`` (1.21.11 commands). Unknown keys are kept in ``extra``
and written back, so a round trip loses nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from odyssey.atomic import write_text_atomic
from odyssey.mcu import taxonomy
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import Rule, rule_json
from odyssey.sim.commands.taskyaml import TaskConfigError, load_task_yaml

MINESTUDIO_DIALECT = "minestudio-1.16"
DIFFICULTIES = ("simple", "hard")
DEFAULT_TIME_LIMIT_S = 120.0  # game seconds (MineStudio's JudgeReset: 600 steps = 30 s)
MINESTUDIO_KEYS = ("text", "custom_init_commands", "commands", "thinking", "defaults",
                   "reference_video")  # fmt: skip


class TaskConfig(BaseModel):
    """One task configuration. ``success`` (a rule) makes it programmatic; ``judge`` =
    ``autoeval`` makes it open-ended (AutoEval scores it); a task may have both."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    text: str = Field(min_length=1)
    custom_init_commands: tuple[str, ...] = ()
    category: str | None = None
    subcategory: str | None = None
    difficulty: Literal["simple", "hard"] = "simple"
    success: Rule | None = None
    judge: Literal["autoeval"] | None = None
    dialect: str | None = None  # None: 1.21.11 commands; "minestudio-1.16": MineStudio's
    time_limit_s: float = Field(DEFAULT_TIME_LIMIT_S, gt=0)
    world_seed: int | None = None  # None: the MCU world (mcu.setup.WORLD_SEED)
    source: str = "odyssey"  # "minestudio", "library", "generated", "composed", a file path...
    parts: tuple[str, ...] = ()  # a composition's component task ids
    thinking: str | None = None  # MCU's rationale field, kept as given
    extra: dict[str, Any] = Field(default_factory=dict)  # unknown keys, kept for the round trip

    @field_validator("text")
    @classmethod
    def _strip(cls, v: str) -> str:
        return v.strip()  # MineStudio texts have trailing spaces

    @model_validator(mode="after")
    def _check(self) -> TaskConfig:
        if self.success is None and self.judge is None:
            raise ValueError("a task needs a success rule, judge: autoeval, or both")
        if self.category is not None:
            taxonomy.check(self.category, self.subcategory)
        return self

    @property
    def programmatic(self) -> bool:
        return self.success is not None

    def to_data(self) -> dict[str, Any]:
        """The YAML/JSON form: MineStudio's keys first, then ours; defaults left out."""
        data: dict[str, Any] = {"text": self.text}
        data["custom_init_commands"] = list(self.custom_init_commands)
        for name, info in TaskConfig.model_fields.items():
            value = getattr(self, name)
            if name in data or name == "extra" or value == info.default:
                continue
            data[name] = rule_json(value) if name == "success" else _plain(value)
        return data | self.extra


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def config_from_data(data: dict[str, Any], task_id: str, where: str) -> TaskConfig:
    """A configuration from a file's mapping; MineStudio's files (no ``success``/``judge``)
    become open-ended tasks in the ``minestudio-1.16`` dialect."""
    if not isinstance(data, dict):
        raise McuError(f"{where}: expected a mapping at the top level")
    data = dict(data)
    if "commands" in data and "custom_init_commands" not in data:  # MineStudio's alias
        data["custom_init_commands"] = data.pop("commands")
    known = set(TaskConfig.model_fields)
    fields = {k: v for k, v in data.items() if k in known}
    extra = {k: v for k, v in data.items() if k not in known}
    if "success" not in fields and "judge" not in fields:  # a MineStudio/MCU file
        fields.update(judge="autoeval", source=fields.get("source", "minestudio"))
        fields.setdefault("dialect", MINESTUDIO_DIALECT)
    fields.setdefault("id", task_id)
    commands = fields.get("custom_init_commands") or []
    if not isinstance(commands, list | tuple):
        raise McuError(f"{where}: custom_init_commands: expected a list of commands")
    fields["custom_init_commands"] = [str(c).strip() for c in commands]
    try:
        return TaskConfig.model_validate(fields | {"extra": extra})
    except ValidationError as e:
        first = e.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise McuError(f"{where}: {loc or 'config'}: {first['msg']}") from e
    except taxonomy.TaxonomyError as e:
        raise McuError(f"{where}: {e}") from e


def load_config(path: Path | str, difficulty: str | None = None) -> TaskConfig:
    """One configuration file (YAML or JSON); a MineStudio file's difficulty is its folder's
    name (``simple/`` or ``hard/``) unless ``difficulty`` is given."""
    path = Path(path)
    if not path.is_file():
        raise McuError(f"{path}: no such task configuration file")
    try:
        data = load_task_yaml(path)
    except TaskConfigError as e:
        raise McuError(str(e)) from e
    if difficulty is None and "difficulty" not in data and path.parent.name in DIFFICULTIES:
        difficulty = path.parent.name
    if difficulty is not None:
        data = {**data, "difficulty": difficulty}
    return config_from_data(data, path.stem, str(path))


def load_folder(folder: Path | str) -> list[TaskConfig]:
    """Every ``*.yaml``/``*.yml``/``*.json`` configuration under ``folder``, sorted by path."""
    folder = Path(folder)
    if not folder.is_dir():
        raise McuError(f"{folder}: not a folder of task configurations")
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml", ".json"))
    return [load_config(p) for p in files]


def dump_config(config: TaskConfig) -> str:
    """The configuration as YAML text (PyYAML when present, JSON otherwise: JSON is YAML)."""
    data = config.to_data()
    try:
        import yaml
    except ImportError:
        import json

        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def write_config(config: TaskConfig, path: Path | str) -> Path:
    path = Path(path)
    write_text_atomic(path, dump_config(config))
    return path
