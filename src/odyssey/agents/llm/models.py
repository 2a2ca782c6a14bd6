"""The models file: which API, host, key and parameters stand behind each model alias, and prices.

Two shapes are accepted (DESIGN.md "Agents and models"):

* ours: ``{alias: {provider: openai|anthropic, api?, base_url, api_key_env, model, params,
  price_per_mtok: {input, output, cached_input?}, timeout_s?, max_retries?}}``;
* Mine Odyssey's: ``{alias: {base_url, api_key, modelname, model_params}}`` where
  ``model_params`` holds ``action_protocol`` (only ``tool_calls`` is supported here), optionally
  ``api``/``wire_api`` and otherwise request parameters (the OpenAI SDK's keyword arguments or,
  failing that, ``extra_body``, as Mine Odyssey does).

The file is JSON. Every error names the file, the alias and the field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from odyssey.agents.llm.messages import Usage
from odyssey.errors import OdysseyError

PROVIDER_APIS = {"openai": ("chat_completions", "responses"), "anthropic": ("messages",)}
DEFAULT_PARAMS: dict[str, Any] = {"temperature": 0.7}  # Mine Odyssey's sampling default
DEFAULT_KEY_ENV = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}
MINE_KEY_ENV = "MCBOTS_API_KEY"  # Mine Odyssey's wrapper variable when a file carries no key
LOOPBACK_KEY = "odyssey-loopback"  # any key will do for a local server
OURS_FIELDS = {
    "provider",
    "api",
    "base_url",
    "api_key_env",
    "api_key",
    "model",
    "params",
    "price_per_mtok",
    "timeout_s",
    "max_retries",
}
MINE_FIELDS = {"base_url", "api_key", "modelname", "model_params"}
MINE_EXTRA_FIELDS = {"api_key_env", "price_per_mtok", "timeout_s", "max_retries"}  # our additions
PRICE_FIELDS = {"input", "output", "cached_input"}


class ModelsError(OdysseyError):
    """A models file that cannot be used, or a model whose key is missing."""


@dataclass(frozen=True)
class ModelSpec:
    """Everything needed to talk to one model."""

    alias: str
    provider: str  # openai | anthropic
    api: str  # chat_completions | responses | messages
    base_url: str | None
    api_key_env: str | None  # name of the environment variable holding the key
    api_key: str | None  # a literal key (Mine Odyssey's shape has one); api_key_env is preferred
    model: str
    params: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_PARAMS))
    price_per_mtok: dict[str, float] | None = None  # USD per million tokens
    timeout_s: float = 600.0
    max_retries: int = 0  # SDK retries; Mine Odyssey uses 0 and the agent loop retries


def load_models(path: Path) -> dict[str, ModelSpec]:
    """Reads a models file (JSON) into specs keyed by alias."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ModelsError(f"{path}: cannot read the models file: {e}") from e
    except json.JSONDecodeError as e:
        raise ModelsError(f"{path}: not valid JSON: {e}") from e
    return parse_models(data, str(path))


def parse_models(data: Any, source: str) -> dict[str, ModelSpec]:
    """Validates a decoded models file (either shape) into specs keyed by alias."""
    if not isinstance(data, Mapping):
        raise ModelsError(
            f"{source}: expected an object of model aliases, got {type(data).__name__}"
        )
    specs: dict[str, ModelSpec] = {}
    for alias, entry in data.items():
        where = f"{source}: model {alias!r}"
        if not isinstance(entry, Mapping):
            raise ModelsError(f"{where}: expected an object, got {type(entry).__name__}")
        mine = "modelname" in entry or "model_params" in entry
        specs[alias] = (
            _parse_mine(alias, entry, where) if mine else _parse_ours(alias, entry, where)
        )
    return specs


def resolve_model(alias_or_spec: str | ModelSpec, models_path: Path | None) -> ModelSpec:
    """The spec for an alias in ``models_path`` (or ``$ODYSSEY_MODELS``); a spec passes through."""
    if isinstance(alias_or_spec, ModelSpec):
        return alias_or_spec
    path = models_path or (
        Path(os.environ["ODYSSEY_MODELS"]) if "ODYSSEY_MODELS" in os.environ else None
    )
    if path is None:
        raise ModelsError(
            f"model {alias_or_spec!r}: no models file given (--models or $ODYSSEY_MODELS)"
        )
    specs = load_models(path)
    if alias_or_spec not in specs:
        known = ", ".join(sorted(specs)) or "none"
        raise ModelsError(f"{path}: no model {alias_or_spec!r} (known: {known})")
    return specs[alias_or_spec]


def api_key_for(spec: ModelSpec, environ: Mapping[str, str] | None = None) -> str:
    """The key to send: ``$api_key_env``, else the literal ``api_key``; loopback needs none."""
    environ = os.environ if environ is None else environ
    if spec.api_key_env and environ.get(spec.api_key_env):
        return environ[spec.api_key_env]
    if spec.api_key:
        return spec.api_key
    if is_loopback(spec.base_url):
        return LOOPBACK_KEY
    if spec.api_key_env:
        raise ModelsError(
            f"model {spec.alias!r}: the environment variable {spec.api_key_env} (its API key) "
            "is not set"
        )
    raise ModelsError(f"model {spec.alias!r}: no api_key_env or api_key given")


def is_loopback(base_url: str | None) -> bool:
    """Whether ``base_url`` points at this machine (where a dummy key is fine)."""
    if not base_url:
        return False
    host = urlsplit(base_url).hostname or ""
    return host in ("localhost", "::1") or host.startswith("127.")


def cost_usd(spec: ModelSpec, usage: Usage) -> float | None:
    """The price of one call in USD, or None without a price table.

    Cached input tokens are billed at ``cached_input`` when given, else at the input price. Cache
    writes (Anthropic) are billed at the input price: the table has no field for their surcharge.
    """
    prices = spec.price_per_mtok
    if not prices:
        return None
    cached = min(usage.cached_input_tokens, usage.input_tokens)
    cached_price = prices.get("cached_input", prices["input"])
    total = (
        (usage.input_tokens - cached) * prices["input"]
        + cached * cached_price
        + usage.output_tokens * prices["output"]
    )
    return total / 1_000_000


def _parse_ours(alias: str, entry: Mapping[str, Any], where: str) -> ModelSpec:
    _refuse_unknown(entry, OURS_FIELDS, where)
    provider = _enum(entry, "provider", tuple(PROVIDER_APIS), where, None)
    api = _enum(entry, "api", PROVIDER_APIS[provider], where, PROVIDER_APIS[provider][0])
    params = _dict(entry, "params", where, DEFAULT_PARAMS)
    return ModelSpec(
        alias=alias,
        provider=provider,
        api=api,
        base_url=_str(entry, "base_url", where, optional=True),
        api_key_env=_str(entry, "api_key_env", where, optional=True) or DEFAULT_KEY_ENV[provider],
        api_key=_str(entry, "api_key", where, optional=True),
        model=_str(entry, "model", where),
        params=params,
        price_per_mtok=_prices(entry, where),
        timeout_s=_positive(entry, "timeout_s", where, 600.0),
        max_retries=_retries(entry, where),
    )


def _parse_mine(alias: str, entry: Mapping[str, Any], where: str) -> ModelSpec:
    """Mine Odyssey's shape: always the OpenAI SDK; ``model_params`` holds protocol and API."""
    _refuse_unknown(entry, MINE_FIELDS | MINE_EXTRA_FIELDS, where)
    params = dict(DEFAULT_PARAMS) | _dict(entry, "model_params", where, {})
    protocol = params.pop("action_protocol", "tool_calls")
    if protocol != "tool_calls":
        raise ModelsError(
            f"{where}: field 'model_params.action_protocol' is {protocol!r}; only 'tool_calls' is "
            "supported (Mine Odyssey's legacy XML protocol is not)"
        )
    api = params.pop("api", None) or params.pop("wire_api", None) or "chat_completions"
    params.pop("wire_api", None)
    api = {"chat": "chat_completions", "chat_completions": "chat_completions"}.get(api, api)
    if api not in PROVIDER_APIS["openai"]:
        raise ModelsError(
            f"{where}: field 'model_params.api' is {api!r}; expected chat_completions or responses"
        )
    api_key = _str(entry, "api_key", where, optional=True)
    key_env = _str(entry, "api_key_env", where, optional=True)
    return ModelSpec(
        alias=alias,
        provider="openai",
        api=api,
        base_url=_str(entry, "base_url", where, optional=True),
        api_key_env=key_env or (None if api_key else MINE_KEY_ENV),
        api_key=api_key,
        model=_str(entry, "modelname", where),
        params=params,
        price_per_mtok=_prices(entry, where),
        timeout_s=_positive(entry, "timeout_s", where, 600.0),
        max_retries=_retries(entry, where),
    )


def _refuse_unknown(entry: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(entry) - known)
    if unknown:
        raise ModelsError(
            f"{where}: unknown field {unknown[0]!r} (expected some of: {', '.join(sorted(known))})"
        )


def _str(entry: Mapping[str, Any], key: str, where: str, optional: bool = False) -> Any:
    value = entry.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value:
        raise ModelsError(f"{where}: field {key!r} must be a non-empty string, got {value!r}")
    return value


def _enum(
    entry: Mapping[str, Any], key: str, allowed: tuple[str, ...], where: str, default: Any
) -> str:
    value = entry.get(key, default)
    if value not in allowed:
        raise ModelsError(
            f"{where}: field {key!r} is {value!r}; expected one of {', '.join(allowed)}"
        )
    return value


def _dict(
    entry: Mapping[str, Any], key: str, where: str, default: Mapping[str, Any]
) -> dict[str, Any]:
    value = entry.get(key, default)
    if not isinstance(value, Mapping):
        raise ModelsError(f"{where}: field {key!r} must be an object, got {type(value).__name__}")
    return dict(value)


def _positive(entry: Mapping[str, Any], key: str, where: str, default: float) -> float:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ModelsError(f"{where}: field {key!r} must be a positive number, got {value!r}")
    return float(value)


def _retries(entry: Mapping[str, Any], where: str) -> int:
    value = entry.get("max_retries", 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ModelsError(f"{where}: field 'max_retries' must be an integer >= 0, got {value!r}")
    return value


def _prices(entry: Mapping[str, Any], where: str) -> dict[str, float] | None:
    prices = entry.get("price_per_mtok")
    if prices is None:
        return None
    if not isinstance(prices, Mapping):
        raise ModelsError(f"{where}: field 'price_per_mtok' must be an object")
    _refuse_unknown(prices, PRICE_FIELDS, f"{where} price_per_mtok")
    out: dict[str, float] = {}
    for key, value in prices.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise ModelsError(f"{where}: field 'price_per_mtok.{key}' must be a number >= 0")
        out[key] = float(value)
    for key in ("input", "output"):
        if key not in out:
            raise ModelsError(f"{where}: field 'price_per_mtok.{key}' is missing")
    return out
