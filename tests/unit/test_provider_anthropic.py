"""Anthropic adapter through the real SDK code path, with recorded API responses on httpx2's mock."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx2
import pytest

from engram.config import Settings
from engram.errors import ProviderError, ProviderUnavailable
from engram.providers.base import LLM, ToolSpec
from engram.providers.llm.anthropic import AnthropicLLM

API_KEY = "sk-ant-test-0000"
PROMPT = "My sister Ana moved to Porto last week"

SAVE_FACTS = ToolSpec(
    name="save_facts",
    description="Store durable facts about the user.",
    input_schema={
        "type": "object",
        "properties": {"facts": {"type": "array", "items": {"type": "string"}}},
        "required": ["facts"],
    },
)
NO_FACTS = ToolSpec(
    name="no_facts", description="Nothing worth remembering.", input_schema={"type": "object"}
)

TOOL_USE_MESSAGE = {
    "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-6",
    "content": [
        {"type": "text", "text": "I'll save that fact."},
        {
            "type": "tool_use",
            "id": "toolu_01A09q90qw90lq917835lq9",
            "name": "save_facts",
            "input": {"facts": ["User's sister Ana lives in Porto"]},
        },
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {
        "input_tokens": 412,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
        "output_tokens": 58,
        "service_tier": "standard",
    },
}

TEXT_MESSAGE = {
    "id": "msg_013Zva2CMHLNnXjNJJKqJ2EF",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-6",
    "content": [{"type": "text", "text": "Nothing here is worth remembering."}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 120, "output_tokens": 9},
}


def error_body(kind: str, message: str) -> dict:
    return {
        "type": "error",
        "error": {"type": kind, "message": message},
        "request_id": "req_011CSHoEeqs5C35K2UUqR7Fy",
    }


class FakeAnthropic:
    """Answers each request with the next queued response and keeps what was sent."""

    def __init__(self, *responses: httpx2.Response | Callable[[httpx2.Request], httpx2.Response]) -> None:
        self.responses = list(responses)
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        response = self.responses.pop(0)
        return response(request) if callable(response) else response

    @property
    def sent(self) -> dict:
        return json.loads(self.requests[-1].content)


def make_llm(fake: FakeAnthropic, **settings: object) -> AnthropicLLM:
    values: dict[str, object] = {
        "anthropic_api_key": API_KEY,
        "model_id": "claude-sonnet-4-6",
        "llm_max_retries": 0,
        "llm_max_tokens": 1024,
    }
    values.update(settings)
    return AnthropicLLM(Settings(**values), http_client=httpx2.Client(transport=httpx2.MockTransport(fake)))


def complete(llm: AnthropicLLM, **kwargs: object):
    return llm.complete(system="Extract facts.", messages=[{"role": "user", "content": PROMPT}], **kwargs)


def test_anthropic_adapter_implements_the_llm_port() -> None:
    llm = make_llm(FakeAnthropic())

    assert isinstance(llm, LLM)
    assert (llm.name, llm.model) == ("anthropic", "claude-sonnet-4-6")


def test_tool_use_answer_gives_tool_name_arguments_and_token_counts() -> None:
    fake = FakeAnthropic(httpx2.Response(200, json=TOOL_USE_MESSAGE))

    result = complete(make_llm(fake), tools=[SAVE_FACTS])

    assert [(call.id, call.name, call.arguments) for call in result.tool_calls] == [
        ("toolu_01A09q90qw90lq917835lq9", "save_facts", {"facts": ["User's sister Ana lives in Porto"]})
    ]
    assert result.text == "I'll save that fact."
    assert (result.input_tokens, result.output_tokens) == (412, 58)
    assert result.stop_reason == "tool_use"
    assert result.model == "claude-sonnet-4-6"
    assert result.latency_ms >= 0


def test_request_carries_system_prompt_tools_and_configured_model() -> None:
    fake = FakeAnthropic(httpx2.Response(200, json=TOOL_USE_MESSAGE))

    complete(make_llm(fake, llm_timeout_seconds=12.5), tools=[SAVE_FACTS])

    sent = fake.sent
    assert fake.requests[0].url.path == "/v1/messages"
    headers = fake.requests[0].headers
    assert API_KEY in headers.get("authorization", "") + headers.get("x-api-key", "")
    assert float(headers["x-stainless-read-timeout"]) == 12.5  # ENGRAM_LLM_TIMEOUT_SECONDS reached the SDK
    assert sent["model"] == "claude-sonnet-4-6"
    assert sent["system"] == "Extract facts."
    assert sent["messages"] == [{"role": "user", "content": PROMPT}]
    assert sent["max_tokens"] == 1024
    assert sent["tools"] == [
        {"name": "save_facts", "description": SAVE_FACTS.description, "input_schema": SAVE_FACTS.input_schema}
    ]


def test_text_only_answer_has_no_tool_calls() -> None:
    fake = FakeAnthropic(httpx2.Response(200, json=TEXT_MESSAGE))

    result = complete(make_llm(fake), max_tokens=64)

    assert result.text == "Nothing here is worth remembering."
    assert result.tool_calls == []
    assert result.stop_reason == "end_turn"
    assert "tools" not in fake.sent and "tool_choice" not in fake.sent
    assert fake.sent["max_tokens"] == 64


@pytest.mark.parametrize(
    ("tool_choice", "sent"),
    [
        (None, {"type": "auto"}),
        ("any", {"type": "any"}),
        ("no_facts", {"type": "tool", "name": "no_facts"}),
    ],
)
def test_tool_choice_is_mapped_into_the_request(tool_choice: str | None, sent: dict) -> None:
    fake = FakeAnthropic(httpx2.Response(200, json=TOOL_USE_MESSAGE))

    complete(make_llm(fake), tools=[SAVE_FACTS, NO_FACTS], tool_choice=tool_choice)

    assert fake.sent["tool_choice"] == sent


def test_forcing_an_unknown_tool_fails_before_any_request() -> None:
    fake = FakeAnthropic()

    with pytest.raises(ValueError):
        complete(make_llm(fake), tools=[SAVE_FACTS], tool_choice="delete_everything")

    assert fake.requests == []


def test_rate_limit_with_retry_after_becomes_provider_unavailable() -> None:
    fake = FakeAnthropic(
        httpx2.Response(
            429, headers={"retry-after": "7"}, json=error_body("rate_limit_error", "Rate limited")
        )
    )

    with pytest.raises(ProviderUnavailable) as caught:
        complete(make_llm(fake))

    assert caught.value.retry_after == 7


def test_a_wait_longer_than_the_request_timeout_fails_fast_without_sleeping() -> None:
    fake = FakeAnthropic(
        httpx2.Response(
            429, headers={"retry-after": "600"}, json=error_body("rate_limit_error", "Rate limited")
        )
    )

    with pytest.raises(ProviderUnavailable) as caught:
        complete(make_llm(fake, llm_max_retries=2, llm_timeout_seconds=30))

    assert caught.value.retry_after == 600
    assert len(fake.requests) == 1  # the SDK would otherwise sleep 600 s, twice


@pytest.mark.parametrize(
    ("status", "kind"), [(500, "api_error"), (529, "overloaded_error"), (503, "api_error")]
)
def test_server_errors_and_overload_become_provider_unavailable(status: int, kind: str) -> None:
    fake = FakeAnthropic(httpx2.Response(status, json=error_body(kind, "Internal server error")))

    with pytest.raises(ProviderUnavailable) as caught:
        complete(make_llm(fake))

    assert caught.value.retry_after is None


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (400, "invalid_request_error"),
        (401, "authentication_error"),
        (403, "permission_error"),
        (404, "not_found_error"),
    ],
)
def test_client_errors_become_provider_error_without_key_or_prompt(status: int, kind: str) -> None:
    fake = FakeAnthropic(httpx2.Response(status, json=error_body(kind, f"bad request: {PROMPT}")))

    with pytest.raises(ProviderError) as caught:
        complete(make_llm(fake))

    assert not isinstance(caught.value, ProviderUnavailable)
    assert str(status) in caught.value.message
    assert API_KEY not in caught.value.message and "Ana" not in caught.value.message


def test_sdk_retries_an_overloaded_answer_once_then_succeeds() -> None:
    fake = FakeAnthropic(
        httpx2.Response(
            529, headers={"retry-after-ms": "5"}, json=error_body("overloaded_error", "Overloaded")
        ),
        httpx2.Response(200, json=TOOL_USE_MESSAGE),
    )

    result = complete(make_llm(fake, llm_max_retries=1), tools=[SAVE_FACTS])

    assert len(fake.requests) == 2
    assert result.tool_calls[0].name == "save_facts"


def test_timeouts_and_connection_failures_become_provider_unavailable() -> None:
    def timeout(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ReadTimeout("timed out", request=request)

    def refused(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("connection refused", request=request)

    for failure in (timeout, refused):
        with pytest.raises(ProviderUnavailable):
            complete(make_llm(FakeAnthropic(failure)))


def test_missing_api_key_is_reported_when_the_provider_is_built() -> None:
    with pytest.raises(ProviderError, match="ANTHROPIC_API_KEY"):
        AnthropicLLM(Settings(anthropic_api_key=None))
