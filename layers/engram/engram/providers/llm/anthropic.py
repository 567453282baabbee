"""Anthropic Messages API with tools: the LLM used whenever ANTHROPIC_API_KEY is set.

Notes on SDK 2.x: `messages.create` no longer takes `temperature` (the argument is accepted by `complete`
for interface parity and not sent), and the SDK sleeps for whatever `retry-after` the API sends, without
a cap. A middleware turns a wait longer than one request timeout into an immediate `ProviderUnavailable`,
so a Lambda returns 503 + Retry-After instead of sleeping until it is killed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
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
    import anthropic
    import httpx2

# Statuses the SDK itself retries are transient; after its retries they mean "try again later".
_TRANSIENT_STATUSES = frozenset({408, 409, 429})

TOOLS = ToolFormat(
    tools_field="tools",
    choice_field="tool_choice",
    spell=lambda tool: {
        "name": tool.name,
        "description": tool.description,
        "input_schema": tool.input_schema,
    },
    auto={"type": "auto"},
    any={"type": "any"},
    named=lambda name: {"type": "tool", "name": name},
)


def anthropic_error(err: Exception) -> EngramError:
    """Map an Anthropic SDK exception to our error types. Messages carry status and type, never content."""
    import anthropic

    if isinstance(err, EngramError):
        return err
    if isinstance(err, anthropic.APITimeoutError):
        return ProviderUnavailable("anthropic request timed out")
    if isinstance(err, anthropic.APIConnectionError):
        return ProviderUnavailable("could not reach anthropic")
    if isinstance(err, anthropic.APIStatusError):
        status = err.status_code
        detail = f"{status} {err.type}" if err.type else str(status)
        if status in _TRANSIENT_STATUSES or status >= 500:  # 529 = overloaded
            return ProviderUnavailable(
                f"anthropic is throttling or unavailable ({detail})",
                retry_after=retry_after_seconds(err.response.headers),
            )
        return ProviderError(f"anthropic rejected the request ({detail})")
    if isinstance(err, anthropic.APIResponseValidationError):
        return ProviderError("anthropic returned a malformed response")
    return ProviderError(f"anthropic request failed ({type(err).__name__})")


def _give_up_on_long_waits(max_wait_seconds: float) -> Callable[[Any, Any], Any]:
    """SDK middleware: raise ProviderUnavailable when the API asks us to wait longer than `max_wait_seconds`.

    Raising from middleware skips the SDK's retry (only its own error types are retried).
    """

    def middleware(request: Any, call_next: Any) -> Any:
        response = call_next(request)
        if response.status_code in _TRANSIENT_STATUSES or response.status_code >= 500:
            wait = retry_after_seconds(response.headers)
            if wait is not None and wait > max_wait_seconds:
                response.http_response.close()
                raise ProviderUnavailable(
                    f"anthropic is throttling ({response.status_code}) and asked to wait {wait}s",
                    retry_after=wait,
                )
        return response

    return middleware


class AnthropicLLM:
    """`LLM` over the Messages API. `http_client` replaces the transport (tests use httpx2.MockTransport)."""

    name = "anthropic"

    def __init__(self, settings: Settings, *, http_client: httpx2.Client | None = None) -> None:
        if settings.anthropic_api_key is None:
            raise ProviderError("the anthropic provider is selected but ANTHROPIC_API_KEY is not set")
        self.model = settings.model_id
        self._settings = settings
        self._http_client = http_client
        self._client: anthropic.Anthropic | None = None

    @property
    def client(self) -> anthropic.Anthropic:
        if self._client is None:
            import anthropic

            settings = self._settings
            assert settings.anthropic_api_key is not None
            self._client = anthropic.Anthropic(
                # Passed explicitly so the SDK never falls back to profiles or federation found on disk.
                api_key=settings.anthropic_api_key.get_secret_value(),
                timeout=settings.llm_timeout_seconds,
                max_retries=settings.llm_max_retries,
                http_client=self._http_client,
                middleware=[_give_up_on_long_waits(settings.llm_timeout_seconds)],
            )
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
        params: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens or self._settings.llm_max_tokens,
            "messages": [{"role": message["role"], "content": message["content"]} for message in messages],
        }
        if system:  # the API rejects an empty system text block
            params["system"] = system
        params.update(TOOLS.request_fields(tools, tool_choice))
        started = time.perf_counter()
        try:
            message = self.client.messages.create(**params)
        except Exception as err:
            raise anthropic_error(err) from err
        latency = elapsed_ms(started)

        texts: list[str] = []
        calls: list[ToolCall] = []
        for block in message.content:
            if block.type == "text":
                texts.append(block.text)
            elif block.type == "tool_use":
                if not isinstance(block.input, dict):
                    raise ProviderError(
                        f"anthropic returned tool input that is not an object for {block.name}"
                    )
                calls.append(ToolCall(id=block.id, name=block.name, arguments=block.input))
        usage = message.usage
        # Cached prompt tokens are still input the request consumed; count them so usage reflects cost.
        input_tokens = (
            usage.input_tokens
            + (usage.cache_creation_input_tokens or 0)
            + (usage.cache_read_input_tokens or 0)
        )
        return LLMResult(
            text="".join(texts),
            tool_calls=calls,
            model=message.model or self.model,
            input_tokens=input_tokens,
            output_tokens=usage.output_tokens,
            latency_ms=latency,
            stop_reason=message.stop_reason,
        )
