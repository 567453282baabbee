"""OpenAI chat completions with function tools, plus the client and error mapping the OpenAI embedder shares.

Works with OpenAI-compatible servers too (`ENGRAM_OPENAI_BASE_URL`), which is why unknown models and a
missing key behind a custom base URL are tolerated.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engram.config import Settings
from engram.errors import EngramError, ProviderError, ProviderUnavailable
from engram.providers.base import (
    LLMResult,
    ToolCall,
    ToolSpec,
    check_request,
    elapsed_ms,
    retry_after_seconds,
)
from engram.providers.llm.base import ToolFormat

if TYPE_CHECKING:
    import httpx2
    import openai

# Chat Completions finish reasons, in the Anthropic vocabulary LLMResult uses.
_STOP_REASONS = {
    "stop": "end_turn",
    "tool_calls": "tool_use",
    "length": "max_tokens",
    "function_call": "tool_use",
}

# Statuses the SDK itself retries are transient; after its retries they mean "try again later".
_TRANSIENT_STATUSES = frozenset({408, 409, 429})

TOOLS = ToolFormat(
    tools_field="tools",
    choice_field="tool_choice",
    spell=lambda tool: {
        "type": "function",
        "function": {"name": tool.name, "description": tool.description, "parameters": tool.input_schema},
    },
    auto="auto",
    any="required",
    named=lambda name: {"type": "function", "function": {"name": name}},
)


def build_openai_client(settings: Settings, http_client: httpx2.Client | None = None) -> openai.OpenAI:
    """An SDK client with our timeout and retry budget; the key comes from settings, not SDK env lookups."""
    import openai

    if settings.openai_api_key is not None:
        api_key = settings.openai_api_key.get_secret_value()
    elif settings.openai_base_url:
        # Local OpenAI-compatible servers (vLLM, Ollama) ignore auth, but the SDK insists on a key.
        api_key = "unused"
    else:
        raise ProviderError("the openai provider is selected but OPENAI_API_KEY is not set")
    return openai.OpenAI(
        api_key=api_key,
        base_url=settings.openai_base_url or None,
        timeout=settings.llm_timeout_seconds,
        max_retries=settings.llm_max_retries,
        http_client=http_client,
    )


def openai_error(err: Exception, operation: str) -> EngramError:
    """Map an OpenAI SDK exception to our error types; messages carry status and code, never content."""
    import openai

    if isinstance(err, EngramError):
        return err
    if isinstance(err, openai.APITimeoutError):
        return ProviderUnavailable(f"openai {operation} timed out")
    if isinstance(err, openai.APIConnectionError):
        return ProviderUnavailable(f"could not reach openai for {operation}")
    if isinstance(err, openai.APIStatusError):
        status = err.status_code
        detail = f"{status} {err.code}" if err.code else str(status)
        if err.code == "insufficient_quota":
            # A 429 that no amount of waiting fixes: the account is out of credit.
            return ProviderError(f"openai {operation} failed: account quota exhausted ({detail})")
        if status in _TRANSIENT_STATUSES or status >= 500:
            return ProviderUnavailable(
                f"openai is throttling or unavailable for {operation} ({detail})",
                retry_after=retry_after_seconds(err.response.headers),
            )
        return ProviderError(f"openai rejected the {operation} request ({detail})")
    if isinstance(err, openai.APIResponseValidationError):
        return ProviderError(f"openai returned a malformed {operation} response")
    return ProviderError(f"openai {operation} failed ({type(err).__name__})")


class OpenAILLM:
    """`LLM` over Chat Completions. `http_client` replaces the transport (tests use httpx2.MockTransport)."""

    name = "openai"

    def __init__(self, settings: Settings, *, http_client: httpx2.Client | None = None) -> None:
        if settings.openai_api_key is None and not settings.openai_base_url:
            raise ProviderError("the openai provider is selected but OPENAI_API_KEY is not set")
        self.model = settings.openai_model_id
        self._settings = settings
        self._http_client = http_client
        self._client: openai.OpenAI | None = None

    @property
    def client(self) -> openai.OpenAI:
        if self._client is None:
            self._client = build_openai_client(self._settings, self._http_client)
        return self._client

    def complete(
        self,
        *,
        system: str,
        messages: Sequence[dict],
        tools: Sequence[ToolSpec] = (),
        tool_choice: str | None = None,
        max_tokens: int | None = None,
        temperature: float = 0.0,
    ) -> LLMResult:
        check_request(messages, tools, tool_choice)
        chat: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
        chat.extend({"role": message["role"], "content": message["content"]} for message in messages)
        params: dict[str, Any] = {
            "model": self.model,
            "messages": chat,
            # max_tokens is deprecated and refused by reasoning models; max_completion_tokens works for all.
            "max_completion_tokens": max_tokens or self._settings.llm_max_tokens,
            "temperature": temperature,
        }
        params.update(TOOLS.request_fields(tools, tool_choice))
        started = time.perf_counter()
        try:
            completion = self.client.chat.completions.create(**params)
        except Exception as err:
            raise openai_error(err, "chat completion") from err
        latency = elapsed_ms(started)
        if not completion.choices:
            raise ProviderError("openai returned a chat completion without choices")
        choice = completion.choices[0]
        message = choice.message
        usage = completion.usage
        return LLMResult(
            text=message.content or "",
            tool_calls=[_parse_tool_call(call) for call in message.tool_calls or []],
            model=completion.model or self.model,
            input_tokens=usage.prompt_tokens if usage else 0,
            output_tokens=usage.completion_tokens if usage else 0,
            latency_ms=latency,
            stop_reason=_STOP_REASONS.get(choice.finish_reason, choice.finish_reason),
        )


def _parse_tool_call(call: Any) -> ToolCall:
    if call.type != "function":
        raise ProviderError(f"openai returned an unsupported tool call type: {call.type}")
    raw = call.function.arguments
    # A tool without parameters may come back with an empty arguments string.
    if not raw or raw.isspace():
        return ToolCall(id=call.id, name=call.function.name, arguments={})
    try:
        arguments = json.loads(raw)
    except json.JSONDecodeError as err:
        # Usually an answer cut off by max_tokens; the arguments themselves stay out of the message.
        raise ProviderError(
            f"openai returned tool arguments that are not valid JSON for {call.function.name}"
        ) from err
    if not isinstance(arguments, dict):
        raise ProviderError(
            f"openai returned tool arguments that are not a JSON object for {call.function.name}"
        )
    return ToolCall(id=call.id, name=call.function.name, arguments=arguments)
