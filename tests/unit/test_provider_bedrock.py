"""Bedrock adapters (Converse with tools, Titan v2 embeddings) through real boto3 clients and Stubber."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import boto3
import numpy as np
import pytest
from botocore.response import StreamingBody
from botocore.stub import ANY, Stubber

from engram.config import Settings
from engram.errors import ProviderError, ProviderUnavailable
from engram.providers.base import ToolSpec
from engram.providers.embeddings.bedrock import BedrockEmbedder
from engram.providers.llm.bedrock import BedrockLLM

MODEL_ID = "anthropic.claude-sonnet-4-5-20250929-v1:0"
PROMPT = "My sister Ana moved to Porto last week"
SAVE_FACTS = ToolSpec(
    name="save_facts",
    description="Store durable facts about the user.",
    input_schema={"type": "object", "properties": {"facts": {"type": "array", "items": {"type": "string"}}}},
)

CONVERSE_TOOL_USE = {
    "output": {
        "message": {
            "role": "assistant",
            "content": [
                {"text": "Saving that."},
                {
                    "toolUse": {
                        "toolUseId": "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q",
                        "name": "save_facts",
                        "input": {"facts": ["User's sister Ana lives in Porto"]},
                    }
                },
            ],
        }
    },
    "stopReason": "tool_use",
    "usage": {"inputTokens": 389, "outputTokens": 61, "totalTokens": 450},
    "metrics": {"latencyMs": 1320},
}


@pytest.fixture
def bedrock(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[object, Stubber]]:
    # Fake credentials and a region: the real client signs requests, the Stubber answers before the network.
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    client = boto3.client("bedrock-runtime", region_name="us-east-1")
    with Stubber(client) as stubber:
        yield client, stubber
        stubber.assert_no_pending_responses()


def settings(**values: object) -> Settings:
    defaults: dict[str, object] = {
        "bedrock_model_id": MODEL_ID,
        "bedrock_embedding_model": "amazon.titan-embed-text-v2:0",
        "embedding_dim": 1536,
        "llm_max_tokens": 1024,
    }
    defaults.update(values)
    return Settings(**defaults)


def titan_answer(vector: list[float]) -> dict:
    body = json.dumps(
        {"embedding": vector, "inputTextTokenCount": 7, "embeddingsByType": {"float": vector}}
    ).encode()
    return {"body": StreamingBody(io.BytesIO(body), len(body)), "contentType": "application/json"}


def test_converse_tool_use_is_parsed_with_tokens(bedrock: tuple[object, Stubber]) -> None:
    client, stubber = bedrock
    stubber.add_response(
        "converse",
        CONVERSE_TOOL_USE,
        expected_params={
            "modelId": MODEL_ID,
            "system": [{"text": "Extract facts."}],
            "messages": [{"role": "user", "content": [{"text": PROMPT}]}],
            "inferenceConfig": {"maxTokens": 1024, "temperature": 0.0},
            "toolConfig": {
                "tools": [
                    {
                        "toolSpec": {
                            "name": "save_facts",
                            "description": SAVE_FACTS.description,
                            "inputSchema": {"json": SAVE_FACTS.input_schema},
                        }
                    }
                ],
                "toolChoice": {"any": {}},
            },
        },
    )

    result = BedrockLLM(settings(), client=client).complete(
        system="Extract facts.",
        messages=[{"role": "user", "content": PROMPT}],
        tools=[SAVE_FACTS],
        tool_choice="any",
    )

    assert [(call.id, call.name, call.arguments) for call in result.tool_calls] == [
        ("tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", "save_facts", {"facts": ["User's sister Ana lives in Porto"]})
    ]
    assert result.text == "Saving that."
    assert (result.input_tokens, result.output_tokens, result.stop_reason) == (389, 61, "tool_use")
    assert result.model == MODEL_ID


def test_forcing_one_tool_names_it_in_tool_choice(bedrock: tuple[object, Stubber]) -> None:
    client, stubber = bedrock
    stubber.add_response(
        "converse",
        CONVERSE_TOOL_USE,
        expected_params={
            "modelId": MODEL_ID,
            "messages": ANY,
            "inferenceConfig": ANY,
            "toolConfig": {"tools": ANY, "toolChoice": {"tool": {"name": "save_facts"}}},
        },
    )

    result = BedrockLLM(settings(), client=client).complete(
        system="",
        messages=[{"role": "user", "content": PROMPT}],
        tools=[SAVE_FACTS],
        tool_choice="save_facts",
    )

    assert result.tool_calls[0].name == "save_facts"


def test_text_answer_without_tools(bedrock: tuple[object, Stubber]) -> None:
    client, stubber = bedrock
    stubber.add_response(
        "converse",
        {
            "output": {"message": {"role": "assistant", "content": [{"text": "Nothing to remember."}]}},
            "stopReason": "end_turn",
            "usage": {"inputTokens": 40, "outputTokens": 5, "totalTokens": 45},
            "metrics": {"latencyMs": 310},
        },
        expected_params={
            "modelId": MODEL_ID,
            "messages": [{"role": "user", "content": [{"text": PROMPT}]}],
            "inferenceConfig": {"maxTokens": 200, "temperature": 0.0},
        },
    )

    result = BedrockLLM(settings(), client=client).complete(
        system="", messages=[{"role": "user", "content": PROMPT}], max_tokens=200
    )

    assert (result.text, result.tool_calls, result.stop_reason) == ("Nothing to remember.", [], "end_turn")


def test_titan_embedding_is_requested_at_1024_and_padded_to_n(bedrock: tuple[object, Stubber]) -> None:
    client, stubber = bedrock
    native = np.random.default_rng(11).normal(size=1024)
    native /= np.linalg.norm(native)
    stubber.add_response(
        "invoke_model",
        titan_answer(native.tolist()),
        expected_params={
            "modelId": "amazon.titan-embed-text-v2:0",
            "body": json.dumps({"inputText": "I love hiking", "dimensions": 1024, "normalize": True}),
            "contentType": "application/json",
            "accept": "application/json",
        },
    )

    vectors = BedrockEmbedder(settings(), client=client).embed(["I love hiking", "  "])

    assert vectors.shape == (2, 1536) and vectors.dtype == np.float32
    assert np.allclose(vectors[0, :1024], native, atol=1e-6) and not vectors[0, 1024:].any()
    assert not vectors[1].any()  # blank text: no request, zero row


def test_titan_dimension_is_the_largest_that_fits_n(bedrock: tuple[object, Stubber]) -> None:
    client, stubber = bedrock
    stubber.add_response(
        "invoke_model",
        titan_answer([0.5] * 512),
        expected_params={
            "modelId": "amazon.titan-embed-text-v2:0",
            "body": json.dumps({"inputText": "coffee", "dimensions": 512, "normalize": True}),
            "contentType": "application/json",
            "accept": "application/json",
        },
    )

    vector = BedrockEmbedder(settings(embedding_dim=768), client=client).embed_one("coffee")

    assert vector.shape == (768,) and np.isclose(np.linalg.norm(vector), 1.0)


def test_throttling_becomes_provider_unavailable_with_retry_after(bedrock: tuple[object, Stubber]) -> None:
    client, stubber = bedrock
    stubber.add_client_error(
        "converse",
        service_error_code="ThrottlingException",
        service_message="Too many requests, please wait before trying again.",
        http_status_code=429,
        response_meta={"HTTPHeaders": {"retry-after": "3"}},
    )

    with pytest.raises(ProviderUnavailable) as caught:
        BedrockLLM(settings(), client=client).complete(
            system="", messages=[{"role": "user", "content": PROMPT}]
        )

    assert caught.value.retry_after == 3


@pytest.mark.parametrize(
    ("code", "status"),
    [("ValidationException", 400), ("AccessDeniedException", 403), ("ResourceNotFoundException", 404)],
)
def test_rejected_requests_become_provider_error(
    bedrock: tuple[object, Stubber], code: str, status: int
) -> None:
    client, stubber = bedrock
    stubber.add_client_error(
        "invoke_model", service_error_code=code, service_message=PROMPT, http_status_code=status
    )

    with pytest.raises(ProviderError) as caught:
        BedrockEmbedder(settings(), client=client).embed_one(PROMPT)

    assert not isinstance(caught.value, ProviderUnavailable)
    assert code in caught.value.message and "Ana" not in caught.value.message


def test_embedding_dimension_below_titan_minimum_is_refused() -> None:
    with pytest.raises(ProviderError, match="256"):
        BedrockEmbedder(settings(embedding_dim=128))


def test_client_takes_region_timeout_and_retry_budget_from_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")

    client = BedrockLLM(settings(aws_region="eu-west-1", llm_timeout_seconds=12, llm_max_retries=1)).client

    assert client.meta.region_name == "eu-west-1"
    assert client.meta.config.read_timeout == 12
    assert client.meta.config.retries["total_max_attempts"] == 2
