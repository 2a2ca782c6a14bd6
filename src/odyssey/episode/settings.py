"""Evaluation settings (Mine Odyssey notes §4.6) as a strict pydantic model.

Defaults equal ``settings.final-navigation-v1.json``; an unknown field anywhere is an error naming
the file and the field's path, so a typo never silently falls back to a default.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from odyssey.errors import OdysseyError


class SettingsError(OdysseyError):
    """A settings file is unreadable or has a bad or unknown field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Arrival(_Strict):
    radius_3d: float = 3.5
    radius_y: float = 1.5
    sample_interval_sec: float = 1.0


class Completion(_Strict):
    action: str = "claim_done"
    claim_attempt_limit: int = Field(3, ge=1)


class TaskEvalDefaults(_Strict):
    time: str = "noon"
    weather: str = "clear"
    six_view_enabled: bool = False
    player_scale: float = 1.0
    third_person: bool = False
    hud_enabled: bool = False
    navigation_hints_enabled: bool = False
    guideline: bool = False
    resource_pack_and_shader: bool = False
    coordinate_lock_enabled: bool = True


class FrozenValue(_Strict):
    value: int | str
    freeze: bool = True


class Runtime(_Strict):
    gamemode: str = "adventure"
    clear_inventory: bool = True
    disable_mobs: bool = True
    time: FrozenValue = FrozenValue(value=6000)
    weather: FrozenValue = FrozenValue(value="clear")
    difficulty: str = "peaceful"
    allow_flight: bool = False
    target_waypoint_profile: str = "xaero-target-only"
    waypoint_in_world_max_distance: int = 32
    world_copy: str = "reflink-or-copy-never-hardlink"


class AgentSettings(_Strict):
    observation_mode: str = "event_only"
    observe_interval_sec: float = 5
    default_periodic_observe: bool = False
    allow_model_observe_toggle: bool = False
    bash_timeout_sec: float = 300
    llm_timeout_sec: float = 600
    llm_max_retries: int = 0
    max_consecutive_llm_failures: int = 3
    six_view_enabled: bool = False
    max_images_in_context: int = 100
    auto_summarize_turn_threshold: int = 100
    auto_summarize_token_threshold: int = 200000
    max_conversation_rounds: int = 0


class Limits(_Strict):
    max_assistant_steps: int = Field(500, ge=1)
    watchdog_timeout_sec: float = Field(21600, gt=0)
    max_deaths: int = 1


class Settings(_Strict):
    """One settings file; ``Settings()`` is final-navigation-v1."""

    schema_version: int = 1
    setting_id: str = "final-navigation-v1"
    profile_id: str = "minecraft-1.21.11"
    arrival: Arrival = Arrival()
    completion: Completion = Completion()
    task_eval_defaults: TaskEvalDefaults = TaskEvalDefaults()
    runtime: Runtime = Runtime()
    agent: AgentSettings = AgentSettings()
    limits: Limits = Limits()

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def parse_settings(data: Any, label: str = "settings") -> Settings:
    """Settings from parsed JSON; SettingsError lists every problem as ``label: a.b: message``."""
    try:
        return Settings.model_validate(data)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            where = ".".join(str(p) for p in err["loc"]) or "(top)"
            what = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
            problems.append(f"{label}: {where}: {what}")
        raise SettingsError("\n".join(problems)) from None


def load_settings(path: Path | str) -> Settings:
    """A settings file such as ``settings.final-navigation-v1.json``."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise SettingsError(f"{path}: cannot read settings: {e}") from None
    return parse_settings(data, str(path))


def eval_setting_for(settings: Settings, overrides: dict[str, Any]) -> dict[str, Any]:
    """The task's eval_setting over the settings' defaults (a resolved task already merged the
    catalog defaults; this re-applies its overrides on this settings file's defaults)."""
    return {**settings.task_eval_defaults.model_dump(mode="json"), **overrides}
