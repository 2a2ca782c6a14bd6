"""Model providers behind the official SDKs: OpenAI chat completions and Responses, Anthropic."""

from __future__ import annotations

from typing import Any

from odyssey.agents.llm.messages import Provider
from odyssey.agents.llm.models import ModelsError, ModelSpec


def make_provider(spec: ModelSpec, client: Any = None) -> Provider:
    """The provider for ``spec``'s API (the SDK is imported only here, when first needed)."""
    try:
        if spec.provider == "openai" and spec.api == "chat_completions":
            from odyssey.agents.llm.providers.openai_chat import OpenAIChatProvider

            return OpenAIChatProvider(spec, client)
        if spec.provider == "openai" and spec.api == "responses":
            from odyssey.agents.llm.providers.openai_responses import OpenAIResponsesProvider

            return OpenAIResponsesProvider(spec, client)
        if spec.provider == "anthropic" and spec.api == "messages":
            from odyssey.agents.llm.providers.anthropic_messages import AnthropicMessagesProvider

            return AnthropicMessagesProvider(spec, client)
    except ImportError as e:
        raise ModelsError(
            f"model {spec.alias!r}: the {spec.provider} SDK is not installed ({e}); "
            f"install it with `pip install {spec.provider}`"
        ) from e
    raise ModelsError(f"model {spec.alias!r}: no provider for {spec.provider} / {spec.api}")
