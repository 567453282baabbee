"""LLMDecider through the real Anthropic SDK code path, with recorded tool_use responses."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from uuid import UUID

import httpx2
import pytest

from engram.config import Settings
from engram.engines.llm.decider import LLMDecider
from engram.engines.llm.prompts import DECISION_SYSTEM_PROMPT
from engram.errors import DecisionFailed, ProviderUnavailable
from engram.models import CandidateFact, SimilarMemory
from engram.observability import metrics
from engram.providers.factory import build_llm

OBSERVED = datetime(2026, 3, 4, 18, 5, tzinfo=UTC)
GOOGLE = UUID("0b6f3f0e-8f0c-4a57-9d7e-2f1c5a7d9e11")
LISBON = UUID("5d2a8c44-1b3e-4f6a-8c9d-7e0f1a2b3c4d")
DOG = UUID("9e8d7c6b-5a49-4382-9716-05f4e3d2c1b0")

SIMILAR = [
    SimilarMemory(
        id=GOOGLE,
        content="Works at Google as a product designer",
        similarity=0.8312,
        confidence=0.9,
        importance="high",
        subject="user",
        attribute="employer",
        value="Google",
        created_at=datetime(2025, 6, 2, tzinfo=UTC),
    ),
    SimilarMemory(id=LISBON, content="Lives in Lisbon", similarity=0.6124, confidence=0.8),
    SimilarMemory(id=DOG, content="Has a dog", memory_type="entity", similarity=0.5501, confidence=0.6),
]
NEW_JOB = CandidateFact(
    content="Works at Notion as a product designer",
    memory_type="fact",
    importance="high",
    confidence=0.9,
    subject="user",
    attribute="employer",
    value="Notion",
    effective_from=datetime(2026, 3, 9, tzinfo=UTC),
)


def anthropic_message(*content: dict, tokens: tuple[int, int] = (980, 64)) -> dict:
    return {
        "id": "msg_01Fk2mVn7JqXbC4tR9sWyLpE",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": list(content),
        "stop_reason": "tool_use" if any(block["type"] == "tool_use" for block in content) else "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": tokens[0], "output_tokens": tokens[1]},
    }


def tool(name: str, **arguments: object) -> httpx2.Response:
    block = {"type": "tool_use", "id": "toolu_01Rk5eZ8wPq3nMbV6cTyHsJd", "name": name, "input": arguments}
    return httpx2.Response(200, json=anthropic_message(block))


class FakeAPI:
    """Answers each request with the next queued response and keeps what was sent."""

    def __init__(self, *responses: httpx2.Response | Callable[[httpx2.Request], httpx2.Response]) -> None:
        self.responses = list(responses)
        self.requests: list[httpx2.Request] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.requests.append(request)
        response = self.responses.pop(0)
        return response(request) if callable(response) else response

    def sent(self, index: int = -1) -> dict:
        return json.loads(self.requests[index].content)


def decider(fake: FakeAPI) -> LLMDecider:
    config = Settings(
        anthropic_api_key="sk-ant-test-0000",
        model_id="claude-sonnet-4-6",
        llm_max_retries=0,
        llm_retry_backoff_seconds=0,
    )
    llm = build_llm("anthropic", config, http_client=httpx2.Client(transport=httpx2.MockTransport(fake)))
    return LLMDecider(llm, settings=config)


def decide(fake: FakeAPI, fact: CandidateFact = NEW_JOB, similar: list[SimilarMemory] = SIMILAR):
    return decider(fake).decide(fact, similar, OBSERVED)


def tool_names(sent: dict) -> list[str]:
    return [t["name"] for t in sent["tools"]]


# --- each operation -------------------------------------------------------------------------------


def test_add_when_nothing_similar_is_stored() -> None:
    fake = FakeAPI(
        tool("add_memory", content="Works at Notion as a product designer", reasoning="New employer.")
    )

    decision = decide(fake, similar=[])

    assert (decision.operation, decision.target_id, decision.strategy) == ("ADD", None, None)
    assert decision.new_content == "Works at Notion as a product designer"
    assert decision.reasoning == "New employer."
    assert (decision.model, decision.input_tokens, decision.output_tokens) == ("claude-sonnet-4-6", 980, 64)
    sent = fake.sent()
    assert tool_names(sent) == ["add_memory", "no_operation"]  # no ids to take: the id tools are left out
    assert sent["tools"][1]["input_schema"]["properties"] == {
        "reasoning": {"type": "string", "description": "One or two sentences: why this operation."}
    }
    assert "(none stored)" in sent["messages"][0]["content"]


@pytest.mark.parametrize(
    ("number", "strategy", "target", "content"),
    [
        ("1", "supersede", GOOGLE, "Works at Notion as a product designer"),
        ("2", "replace", LISBON, "Lives in Porto"),
        ("3", "append", DOG, "Has a golden retriever named Max"),
    ],
)
def test_update_maps_the_number_back_to_the_memory_uuid(
    number: str, strategy: str, target: UUID, content: str
) -> None:
    fake = FakeAPI(
        tool(
            "update_memory",
            memory_id=number,
            new_content=content,
            merge_strategy=strategy,
            reasoning="Changed.",
        )
    )

    decision = decide(fake)

    assert (decision.operation, decision.target_id, decision.strategy) == ("UPDATE", target, strategy)
    assert decision.new_content == content


def test_delete_after_a_contradiction_archives() -> None:
    wrong = CandidateFact(content="Has never had a dog", subject="user", attribute="pet", value="none")
    fake = FakeAPI(
        tool("delete_memory", memory_id="3", hard_delete=False, reasoning="The user never had a dog.")
    )

    decision = decide(fake, fact=wrong)

    assert (decision.operation, decision.target_id, decision.hard_delete) == ("DELETE", DOG, False)


def test_forget_request_hard_deletes_and_offers_only_delete_or_nothing() -> None:
    forget = CandidateFact(content="Lives in Lisbon", forget=True, confidence=1.0)
    fake = FakeAPI(
        tool("delete_memory", memory_id="2", hard_delete=True, reasoning="The user asked to forget it.")
    )

    decision = decide(fake, fact=forget)

    assert (decision.operation, decision.target_id, decision.hard_delete) == ("DELETE", LISBON, True)
    assert tool_names(fake.sent()) == ["delete_memory", "no_operation"]
    assert "forget request: yes" in fake.sent()["messages"][0]["content"]


def test_hard_delete_without_a_forget_request_is_downgraded_to_archive() -> None:
    fake = FakeAPI(tool("delete_memory", memory_id="2", hard_delete=True, reasoning="Contradicted."))

    decision = decide(fake, fact=CandidateFact(content="Lives in Porto"))

    assert (decision.operation, decision.hard_delete) == ("DELETE", False)


def test_forget_request_with_nothing_similar_needs_no_model_call() -> None:
    fake = FakeAPI()

    decision = decide(fake, fact=CandidateFact(content="Lives in Lisbon", forget=True), similar=[])

    assert decision.operation == "NOOP" and fake.requests == []


def test_noop_points_at_the_existing_memory() -> None:
    fake = FakeAPI(tool("no_operation", existing_memory_id="1", reasoning="Already stored."))

    decision = decide(fake, fact=CandidateFact(content="Is a product designer at Google"))

    assert (decision.operation, decision.target_id, decision.reasoning) == ("NOOP", GOOGLE, "Already stored.")


def test_noop_with_an_unknown_pointer_keeps_the_noop_and_drops_the_pointer() -> None:
    metrics.clear_metrics()
    fake = FakeAPI(tool("no_operation", existing_memory_id="12", reasoning="Already stored."))

    decision = decide(fake)

    assert (decision.operation, decision.target_id) == ("NOOP", None)
    assert metrics.metric_set["unknown_memory_id"]["Value"] == [1.0]
    assert len(fake.requests) == 1


# --- what the model sees --------------------------------------------------------------------------


def test_request_shows_small_numbers_never_uuids() -> None:
    fake = FakeAPI(tool("no_operation", reasoning="Nothing new."))

    decide(fake)

    sent = fake.sent()
    body = fake.requests[0].content.decode()
    for memory in SIMILAR:
        assert str(memory.id) not in body and memory.id.hex not in body
    assert sent["system"] == DECISION_SYSTEM_PROMPT
    assert sent["tool_choice"] == {"type": "any"}
    assert tool_names(sent) == ["add_memory", "update_memory", "delete_memory", "no_operation"]
    for spec in sent["tools"]:
        properties = spec["input_schema"]["properties"]
        for field in ("memory_id", "existing_memory_id"):
            if field in properties:
                assert properties[field]["enum"] == ["1", "2", "3"]
    prompt = sent["messages"][0]["content"]
    assert "[1] (similarity 0.83, fact, confidence 0.90, importance high, learned 2025-06-02)" in prompt
    assert "    subject: user | attribute: employer | value: Google" in prompt
    assert "[3] (similarity 0.55, entity, confidence 0.60)\n    Has a dog" in prompt
    assert "content: Works at Notion as a product designer" in prompt
    assert "subject: user | attribute: employer | value: Notion" in prompt
    assert "effective_from: 2026-03-09T00:00:00Z" in prompt
    assert "<observation_time>\n2026-03-04T18:05:00Z (Wednesday)" in prompt


# --- bad answers and the single retry -------------------------------------------------------------


def test_out_of_enum_number_is_rejected_then_the_retry_succeeds() -> None:
    metrics.clear_metrics()
    fake = FakeAPI(
        tool(
            "update_memory",
            memory_id="7",
            new_content="Works at Notion",
            merge_strategy="supersede",
            reasoning="x",
        ),
        tool(
            "update_memory",
            memory_id="1",
            new_content="Works at Notion",
            merge_strategy="supersede",
            reasoning="x",
        ),
    )

    decision = decide(fake)

    assert (decision.operation, decision.target_id) == ("UPDATE", GOOGLE)
    assert len(fake.requests) == 2
    retry = fake.sent(1)["messages"]
    assert [m["role"] for m in retry] == ["user", "assistant", "user"]
    assert retry[1]["content"].startswith('update_memory({"memory_id": "7"')
    assert (
        "Your previous answer could not be used: '7' is not the number of a listed memory"
        in retry[2]["content"]
    )
    assert 'memory_id must be one of "1", "2", "3"' in retry[2]["content"]
    assert (decision.input_tokens, decision.output_tokens) == (1960, 128)
    assert metrics.metric_set["unknown_memory_id"]["Value"] == [1.0]


def test_invented_uuid_twice_raises_decision_failed() -> None:
    metrics.clear_metrics()
    invented = "3f1e2d4c-aaaa-4bbb-8ccc-123456789abc"
    fake = FakeAPI(
        tool("delete_memory", memory_id=invented, hard_delete=False, reasoning="Contradicted."),
        tool("delete_memory", memory_id=invented, hard_delete=False, reasoning="Contradicted."),
    )

    with pytest.raises(DecisionFailed) as caught:
        decide(fake)

    assert len(fake.requests) == 2
    assert "not the number of a listed memory" in caught.value.message
    assert metrics.metric_set["unknown_memory_id"]["Value"] == [1.0, 1.0]


def test_missing_required_field_is_retried_with_its_name() -> None:
    fake = FakeAPI(
        tool("update_memory", memory_id="2", new_content="Lives in Porto", reasoning="Moved."),
        tool(
            "update_memory",
            memory_id="2",
            new_content="Lives in Porto",
            merge_strategy="supersede",
            reasoning="Moved.",
        ),
    )

    decision = decide(fake, fact=CandidateFact(content="Moved to Porto"))

    assert (decision.target_id, decision.strategy) == (LISBON, "supersede")
    assert "update_memory is missing merge_strategy" in fake.sent(1)["messages"][2]["content"]


def test_answer_without_a_tool_call_twice_raises_decision_failed() -> None:
    no_tool = httpx2.Response(
        200, json=anthropic_message({"type": "text", "text": "I would update memory 1."})
    )
    fake = FakeAPI(no_tool, no_tool)

    with pytest.raises(DecisionFailed) as caught:
        decide(fake)

    assert "no tool was called" in caught.value.message
    assert fake.sent(1)["messages"][1]["content"] == "I would update memory 1."


def test_overload_twice_raises_decision_failed_with_retry_after() -> None:
    overloaded = httpx2.Response(
        529,
        headers={"retry-after": "11"},
        json={"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    )
    fake = FakeAPI(overloaded, overloaded)

    with pytest.raises(DecisionFailed) as caught:
        decide(fake)

    assert len(fake.requests) == 2
    assert isinstance(caught.value.__cause__, ProviderUnavailable)
    assert caught.value.retry_after == 11


def test_model_written_content_passes_the_secret_filter() -> None:
    fake = FakeAPI(tool("add_memory", content="Wifi password: bananas42 at the cabin", reasoning="New."))

    decision = decide(fake, similar=[])

    assert decision.new_content == "Wifi password: [redacted:password] at the cabin"


def test_decider_is_named_after_its_provider() -> None:
    assert decider(FakeAPI()).name == "llm:anthropic"
