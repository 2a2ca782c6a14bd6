"""The models file (both shapes), key resolution, prices, and provider choice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from odyssey.agents.llm.messages import Usage
from odyssey.agents.llm.models import (
    LOOPBACK_KEY,
    ModelsError,
    ModelSpec,
    api_key_for,
    cost_usd,
    load_models,
    parse_models,
    resolve_model,
)
from odyssey.agents.llm.providers import make_provider
from odyssey.agents.llm.providers.anthropic_messages import AnthropicMessagesProvider
from odyssey.agents.llm.providers.openai_chat import OpenAIChatProvider
from odyssey.agents.llm.providers.openai_responses import OpenAIResponsesProvider

OURS = {
    "glm": {
        "provider": "openai",
        "base_url": "http://127.0.0.1:9/v1",
        "api_key_env": "GLM_KEY",
        "model": "glm-5.3-flash",
        "params": {"temperature": 0.6, "max_tokens": 32000},
        "price_per_mtok": {"input": 0.5, "output": 2, "cached_input": 0.1},
        "timeout_s": 120,
    },
    "gpt": {"provider": "openai", "api": "responses", "model": "gpt-5", "base_url": None},
    "claude": {"provider": "anthropic", "model": "claude-sonnet-4-5", "max_retries": 2},
}
MINE = {
    "glm-formal": {
        "base_url": "https://open.bigmodel.cn/api/paas/v4",
        "api_key": "sk-literal",
        "modelname": "glm-5.3-flash",
        "model_params": {
            "action_protocol": "tool_calls",
            "max_tokens": 32000,
            "reasoning_effort": "max",
            "thinking": {"type": "enabled"},
        },
    },
    "o-resp": {
        "base_url": "http://localhost:8000/v1",
        "modelname": "m",
        "model_params": {"wire_api": "responses"},
    },
}


def test_our_shape_with_defaults() -> None:
    specs = parse_models(OURS, "models.json")
    glm, gpt, claude = specs["glm"], specs["gpt"], specs["claude"]
    assert (glm.provider, glm.api, glm.model, glm.api_key_env) == (
        "openai",
        "chat_completions",
        "glm-5.3-flash",
        "GLM_KEY",
    )
    assert glm.params == {"temperature": 0.6, "max_tokens": 32000}
    assert glm.price_per_mtok == {"input": 0.5, "output": 2.0, "cached_input": 0.1}
    assert (glm.timeout_s, glm.max_retries) == (120.0, 0)
    assert (gpt.api, gpt.params, gpt.api_key_env, gpt.timeout_s) == (
        "responses",
        {"temperature": 0.7},
        "OPENAI_API_KEY",
        600.0,
    )
    assert (claude.api, claude.api_key_env, claude.max_retries) == (
        "messages",
        "ANTHROPIC_API_KEY",
        2,
    )


def test_mine_odyssey_shape() -> None:
    specs = parse_models(MINE, "mo.json")
    formal = specs["glm-formal"]
    assert (formal.provider, formal.api, formal.model) == (
        "openai",
        "chat_completions",
        "glm-5.3-flash",
    )
    assert formal.api_key == "sk-literal"
    assert formal.api_key_env is None
    # action_protocol is consumed; sampling default 0.7 as Mine Odyssey; the rest are parameters.
    assert formal.params == {
        "temperature": 0.7,
        "max_tokens": 32000,
        "reasoning_effort": "max",
        "thinking": {"type": "enabled"},
    }
    resp = specs["o-resp"]
    assert (resp.api, resp.params, resp.api_key_env) == (
        "responses",
        {"temperature": 0.7},
        "MCBOTS_API_KEY",
    )


def test_mine_odyssey_xml_protocol_is_refused() -> None:
    data = {
        "old": {
            "base_url": "http://127.0.0.1:1/v1",
            "modelname": "m",
            "model_params": {"action_protocol": "xml"},
        }
    }
    with pytest.raises(
        ModelsError, match=r"mo\.json: model 'old': field 'model_params.action_protocol'.*xml"
    ):
        parse_models(data, "mo.json")


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"provider": "openai", "model": "m", "temprature": 0.5}, "temprature"),
        (
            {
                "provider": "openai",
                "model": "m",
                "price_per_mtok": {"input": 1, "output": 2, "cache": 1},
            },
            "cache",
        ),
        ({"modelname": "m", "model_params": {}, "provider": "openai"}, "provider"),
    ],
)
def test_unknown_field_names_file_alias_and_field(entry: dict, field: str) -> None:
    with pytest.raises(ModelsError) as caught:
        parse_models({"mine": entry}, "conf/models.json")
    text = str(caught.value)
    assert "conf/models.json" in text and "'mine'" in text and repr(field) in text


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"provider": "azure", "model": "m"}, "provider"),
        ({"provider": "anthropic", "api": "responses", "model": "m"}, "api"),
        ({"provider": "openai"}, "model"),
        (
            {"provider": "openai", "model": "m", "price_per_mtok": {"input": 1}},
            "price_per_mtok.output",
        ),
        ({"provider": "openai", "model": "m", "timeout_s": 0}, "timeout_s"),
        ({"provider": "openai", "model": "m", "params": []}, "params"),
    ],
)
def test_bad_values_name_the_field(entry: dict, field: str) -> None:
    with pytest.raises(ModelsError, match=f"'x'.*{field}"):
        parse_models({"x": entry}, "models.json")


def test_load_models_from_file(tmp_path: Path) -> None:
    path = tmp_path / "models.json"
    path.write_text(json.dumps(OURS | MINE))
    assert sorted(load_models(path)) == ["claude", "glm", "glm-formal", "gpt", "o-resp"]
    path.write_text("{not json")
    with pytest.raises(ModelsError, match=str(path)):
        load_models(path)


def test_resolve_model(tmp_path: Path) -> None:
    path = tmp_path / "models.json"
    path.write_text(json.dumps(OURS))
    assert resolve_model("glm", path).model == "glm-5.3-flash"
    spec = resolve_model("gpt", path)
    assert resolve_model(spec, None) is spec
    with pytest.raises(ModelsError, match="known: claude, glm, gpt"):
        resolve_model("nope", path)


def test_api_key_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    specs = parse_models(OURS | MINE, "models.json")
    remote = specs["claude"]  # no base_url: the SDK's remote default
    with pytest.raises(ModelsError, match="ANTHROPIC_API_KEY"):
        api_key_for(remote, environ={})
    assert api_key_for(remote, environ={"ANTHROPIC_API_KEY": "k1"}) == "k1"
    assert api_key_for(specs["glm"], environ={}) == LOOPBACK_KEY  # loopback: any key
    assert api_key_for(specs["glm-formal"], environ={}) == "sk-literal"
    monkeypatch.setenv("GLM_KEY", "from-env")
    assert api_key_for(specs["glm"]) == "from-env"


def test_missing_key_fails_before_any_request() -> None:
    spec = parse_models(
        {"c": {"provider": "anthropic", "model": "m", "api_key_env": "NO_SUCH_VAR_X"}}, "f"
    )["c"]
    with pytest.raises(ModelsError, match="NO_SUCH_VAR_X"):
        make_provider(spec)


def test_cost() -> None:
    spec = parse_models(OURS, "models.json")["glm"]
    usage = Usage(input_tokens=10_000, output_tokens=2_000, cached_input_tokens=8_000)
    assert cost_usd(spec, usage) == pytest.approx((2_000 * 0.5 + 8_000 * 0.1 + 2_000 * 2.0) / 1e6)
    no_cached_price = ModelSpec(
        **(spec.__dict__ | {"price_per_mtok": {"input": 1.0, "output": 3.0}})
    )
    assert cost_usd(no_cached_price, usage) == pytest.approx((10_000 * 1.0 + 2_000 * 3.0) / 1e6)
    assert cost_usd(parse_models(OURS, "m")["gpt"], usage) is None


def test_make_provider_picks_the_api() -> None:
    specs = parse_models(OURS | MINE, "models.json")
    loop = {"base_url": "http://127.0.0.1:9/v1"}
    chosen = {
        alias: type(make_provider(ModelSpec(**(specs[alias].__dict__ | loop))))
        for alias in ("glm", "gpt", "claude")
    }
    assert chosen == {
        "glm": OpenAIChatProvider,
        "gpt": OpenAIResponsesProvider,
        "claude": AnthropicMessagesProvider,
    }
    odd = ModelSpec(**(specs["claude"].__dict__ | loop | {"api": "responses"}))
    with pytest.raises(ModelsError, match="no provider for anthropic / responses"):
        make_provider(odd)
