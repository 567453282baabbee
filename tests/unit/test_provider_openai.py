"""OpenAI adapters (embeddings, chat with tools) through the real SDK, recorded responses on httpx2's mock."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable

import httpx2
import numpy as np
import pytest

from engram.config import Settings
from engram.errors import ProviderError, ProviderUnavailable
from engram.providers.base import LLM, Embedder, ToolSpec
from engram.providers.embeddings.openai import OpenAIEmbedder
from engram.providers.llm.openai import OpenAILLM

API_KEY = "sk-proj-test-0000"
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


def chat_completion(
    *, content: str | None = None, arguments: str | None = None, finish: str = "stop"
) -> dict:
    message: dict = {"role": "assistant", "content": content, "refusal": None, "annotations": []}
    if arguments is not None:
        message["tool_calls"] = [
            {
                "id": "call_a1B2c3D4e5F6g7H8",
                "type": "function",
                "function": {"name": "save_facts", "arguments": arguments},
            }
        ]
    return {
        "id": "chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG",
        "object": "chat.completion",
        "created": 1741570283,
        "model": "gpt-4.1-mini-2025-04-14",
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": {
            "prompt_tokens": 301,
            "completion_tokens": 27,
            "total_tokens": 328,
            "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
        },
        "service_tier": "default",
        "system_fingerprint": "fp_6ec83003ad",
    }


def error_body(message: str, kind: str, code: str | None = None) -> dict:
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


class FakeOpenAI:
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


def embeddings_answer(
    vectors: list[list[float]], *, reverse: bool = False
) -> Callable[[httpx2.Request], httpx2.Response]:
    """An embeddings response in the format the request asked for (the SDK asks for base64 by default)."""

    def answer(request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        as_base64 = body.get("encoding_format") == "base64"
        data = [
            {
                "object": "embedding",
                "index": index,
                "embedding": (
                    base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode()
                    if as_base64
                    else vector
                ),
            }
            for index, vector in enumerate(vectors)
        ]
        if reverse:
            data.reverse()
        return httpx2.Response(
            200,
            json={
                "object": "list",
                "data": data,
                "model": body["model"],
                "usage": {"prompt_tokens": 8, "total_tokens": 8},
            },
        )

    return answer


def settings(**values: object) -> Settings:
    defaults: dict[str, object] = {
        "openai_api_key": API_KEY,
        "openai_base_url": None,
        "openai_model_id": "gpt-4.1-mini",
        "openai_embedding_model": "text-embedding-3-small",
        "embedding_dim": 1536,
        "llm_max_retries": 0,
        "llm_max_tokens": 1024,
    }
    defaults.update(values)
    return Settings(**defaults)


def transport(fake: FakeOpenAI) -> httpx2.Client:
    return httpx2.Client(transport=httpx2.MockTransport(fake))


def make_llm(fake: FakeOpenAI, **values: object) -> OpenAILLM:
    return OpenAILLM(settings(**values), http_client=transport(fake))


def make_embedder(fake: FakeOpenAI, **values: object) -> OpenAIEmbedder:
    return OpenAIEmbedder(settings(**values), http_client=transport(fake))


def complete(llm: OpenAILLM, **kwargs: object):
    return llm.complete(system="Extract facts.", messages=[{"role": "user", "content": PROMPT}], **kwargs)


# --- embeddings ------------------------------------------------------------------------------------------


def test_openai_embedder_implements_the_embedder_port() -> None:
    embedder = make_embedder(FakeOpenAI())

    assert isinstance(embedder, Embedder)
    assert (embedder.name, embedder.model, embedder.dimension) == ("openai", "text-embedding-3-small", 1536)


def test_embeddings_ask_for_n_dimensions_and_come_back_as_unit_rows() -> None:
    rng = np.random.default_rng(3)
    fake = FakeOpenAI(embeddings_answer((rng.normal(size=(2, 512)) * 4).tolist()))

    vectors = make_embedder(fake, embedding_dim=512).embed(["I love hiking", "my tax return"])

    assert fake.sent["dimensions"] == 512
    assert fake.sent["input"] == ["I love hiking", "my tax return"]
    assert fake.sent["model"] == "text-embedding-3-small"
    assert vectors.shape == (2, 512) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)


def test_base64_answer_is_decoded_to_the_same_numbers() -> None:
    fake = FakeOpenAI(embeddings_answer([[3.0, 4.0] + [0.0] * 1534]))

    vector = make_embedder(fake).embed_one("coffee")

    assert fake.sent["encoding_format"] == "base64"
    assert np.allclose(vector[:2], [0.6, 0.8]) and not vector[2:].any()


def test_smaller_native_vectors_are_zero_padded_to_n() -> None:
    # An OpenAI-compatible local server with a 768-dimension model and no `dimensions` support.
    rng = np.random.default_rng(5)
    native = rng.normal(size=(1, 768))
    fake = FakeOpenAI(embeddings_answer(native.tolist()))

    vector = make_embedder(
        fake,
        openai_api_key=None,
        openai_base_url="http://localhost:11434/v1",
        openai_embedding_model="nomic-embed-text",
    ).embed_one("coffee")

    assert "dimensions" not in fake.sent
    assert vector.shape == (1536,) and not vector[768:].any()
    assert np.allclose(vector[:768], native[0] / np.linalg.norm(native[0]), atol=1e-6)


def test_rows_follow_the_answer_index_and_blank_texts_are_not_sent() -> None:
    fake = FakeOpenAI(embeddings_answer([[1.0, 0.0], [0.0, 1.0]], reverse=True))

    vectors = make_embedder(fake, embedding_dim=8, openai_embedding_model="text-embedding-3-small").embed(
        ["first", "", "second"]
    )

    assert fake.sent["input"] == ["first", "second"]
    assert vectors[0][0] == 1.0 and vectors[2][1] == 1.0
    assert not vectors[1].any()


def test_a_model_that_cannot_shorten_refuses_a_smaller_n() -> None:
    with pytest.raises(ProviderError, match="1536"):
        OpenAIEmbedder(settings(openai_embedding_model="text-embedding-ada-002", embedding_dim=768))


# --- chat with tools -------------------------------------------------------------------------------------


def test_openai_llm_implements_the_llm_port() -> None:
    llm = make_llm(FakeOpenAI())

    assert isinstance(llm, LLM)
    assert (llm.name, llm.model) == ("openai", "gpt-4.1-mini")


def test_tool_call_arguments_are_decoded_with_token_counts() -> None:
    arguments = json.dumps({"facts": ["User's sister Ana lives in Porto"]})
    fake = FakeOpenAI(httpx2.Response(200, json=chat_completion(arguments=arguments, finish="tool_calls")))

    result = complete(make_llm(fake), tools=[SAVE_FACTS])

    assert [(call.id, call.name, call.arguments) for call in result.tool_calls] == [
        ("call_a1B2c3D4e5F6g7H8", "save_facts", {"facts": ["User's sister Ana lives in Porto"]})
    ]
    assert (result.input_tokens, result.output_tokens) == (301, 27)
    assert result.stop_reason == "tool_use"
    assert result.text == ""
    assert result.model == "gpt-4.1-mini-2025-04-14"


def test_request_has_system_message_function_tools_and_token_limit() -> None:
    fake = FakeOpenAI(httpx2.Response(200, json=chat_completion(content="Nothing to save.")))

    result = complete(make_llm(fake), tools=[SAVE_FACTS])

    assert result.text == "Nothing to save." and result.stop_reason == "end_turn"
    assert fake.requests[0].headers["authorization"] == f"Bearer {API_KEY}"
    assert fake.sent["model"] == "gpt-4.1-mini"
    assert fake.sent["messages"] == [
        {"role": "system", "content": "Extract facts."},
        {"role": "user", "content": PROMPT},
    ]
    assert fake.sent["max_completion_tokens"] == 1024
    assert fake.sent["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "save_facts",
                "description": SAVE_FACTS.description,
                "parameters": SAVE_FACTS.input_schema,
            },
        }
    ]


@pytest.mark.parametrize(
    ("tool_choice", "sent"),
    [
        (None, "auto"),
        ("any", "required"),
        ("no_facts", {"type": "function", "function": {"name": "no_facts"}}),
    ],
)
def test_tool_choice_is_mapped_into_the_request(tool_choice: str | None, sent: object) -> None:
    fake = FakeOpenAI(httpx2.Response(200, json=chat_completion(content="ok")))

    complete(make_llm(fake), tools=[SAVE_FACTS, NO_FACTS], tool_choice=tool_choice)

    assert fake.sent["tool_choice"] == sent


def test_malformed_tool_arguments_are_a_provider_error_that_does_not_echo_them() -> None:
    truncated = '{"facts": ["User\'s sister Ana lives in Po'  # cut off by the token limit
    fake = FakeOpenAI(httpx2.Response(200, json=chat_completion(arguments=truncated, finish="length")))

    with pytest.raises(ProviderError) as caught:
        complete(make_llm(fake), tools=[SAVE_FACTS])

    assert "save_facts" in caught.value.message and "Ana" not in caught.value.message


# --- errors and retries ----------------------------------------------------------------------------------


def test_rate_limit_with_retry_after_becomes_provider_unavailable() -> None:
    fake = FakeOpenAI(
        httpx2.Response(
            429,
            headers={"retry-after": "7"},
            json=error_body("Rate limit reached for gpt-4.1-mini", "requests", "rate_limit_exceeded"),
        )
    )

    with pytest.raises(ProviderUnavailable) as caught:
        complete(make_llm(fake))

    assert caught.value.retry_after == 7


def test_embedding_outage_becomes_provider_unavailable() -> None:
    fake = FakeOpenAI(httpx2.Response(500, json=error_body("The server had an error", "server_error")))

    with pytest.raises(ProviderUnavailable):
        make_embedder(fake).embed(["coffee"])


def test_exhausted_quota_is_not_worth_retrying() -> None:
    fake = FakeOpenAI(
        httpx2.Response(
            429,
            json=error_body("You exceeded your current quota", "insufficient_quota", "insufficient_quota"),
        )
    )

    with pytest.raises(ProviderError) as caught:
        complete(make_llm(fake))

    assert not isinstance(caught.value, ProviderUnavailable)


@pytest.mark.parametrize(
    ("status", "kind", "code"),
    [(400, "invalid_request_error", None), (401, "invalid_request_error", "invalid_api_key")],
)
def test_bad_request_and_bad_key_become_provider_error(status: int, kind: str, code: str | None) -> None:
    fake = FakeOpenAI(
        httpx2.Response(status, json=error_body(f"Incorrect API key provided: {API_KEY}", kind, code))
    )

    with pytest.raises(ProviderError) as caught:
        complete(make_llm(fake))

    assert not isinstance(caught.value, ProviderUnavailable)
    assert str(status) in caught.value.message
    assert API_KEY not in caught.value.message and "Ana" not in caught.value.message


def test_sdk_retries_a_server_error_once_then_succeeds() -> None:
    fake = FakeOpenAI(
        httpx2.Response(
            500, headers={"retry-after-ms": "5"}, json=error_body("The server had an error", "server_error")
        ),
        httpx2.Response(200, json=chat_completion(content="ok")),
    )

    result = complete(make_llm(fake, llm_max_retries=1))

    assert len(fake.requests) == 2
    assert result.text == "ok"


def test_missing_key_without_a_custom_base_url_is_reported_when_built() -> None:
    with pytest.raises(ProviderError, match="OPENAI_API_KEY"):
        OpenAILLM(settings(openai_api_key=None))
