"""The LLM path end to end: POST /v1/analyze -> the real Anthropic SDK -> a local server that replays
recorded Messages API responses (ANTHROPIC_BASE_URL), so nothing of ours is mocked."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator

import pytest

from engram.config import reset_settings
from engram.jobs.local_worker import LocalWorker
from engram.pipeline.jobs import register_pipeline_jobs
from engram.providers.factory import reset_providers
from tests.model_stand_in import LocalMessagesApi
from tests.scenarios.conftest import Engram


class RecordedAnthropic(LocalMessagesApi):
    """Replays queued responses in order and keeps every request body it received."""

    def __init__(self) -> None:
        self.responses: deque[tuple[int, dict]] = deque()
        self.requests: list[dict] = []
        super().__init__()

    def reply(self, body: dict) -> tuple[int, dict]:
        self.requests.append(body)
        return self.responses.popleft() if self.responses else (500, _error("empty"))

    def tool(self, name: str, arguments: dict) -> None:
        self.responses.append(
            (
                200,
                {
                    "id": f"msg_{len(self.responses)}",
                    "type": "message",
                    "role": "assistant",
                    "model": "claude-sonnet-4-6",
                    "content": [{"type": "tool_use", "id": "toolu_01", "name": name, "input": arguments}],
                    "stop_reason": "tool_use",
                    "stop_sequence": None,
                    "usage": {"input_tokens": 812, "output_tokens": 95},
                },
            )
        )

    def text(self, text: str) -> None:
        self.responses.append(
            (
                200,
                {
                    "id": "msg_text",
                    "type": "message",
                    "role": "assistant",
                    "model": "claude-sonnet-4-6",
                    "content": [{"type": "text", "text": text}],
                    "stop_reason": "end_turn",
                    "stop_sequence": None,
                    "usage": {"input_tokens": 800, "output_tokens": 12},
                },
            )
        )

    def overloaded(self) -> None:
        self.responses.append((529, _error("overloaded_error")))

    def extraction(self, *facts: dict) -> None:
        self.tool(
            "record_memories", {"facts": list(facts), "changes_detected": [], "decisions": [], "actions": []}
        )


def _error(kind: str) -> dict:
    return {"type": "error", "error": {"type": kind, "message": "recorded failure"}}


def fact(content: str, **extra) -> dict:
    return {
        "content": content,
        "memory_type": "fact",
        "importance": "high",
        "confidence": 0.9,
        "source_type": "explicit",
        "sensitivity_level": "normal",
        "message_refs": [1],
    } | extra


@pytest.fixture
def claude(monkeypatch) -> Iterator[RecordedAnthropic]:
    recorded = RecordedAnthropic()
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", recorded.url)
    monkeypatch.setenv("ENGRAM_LLM_PROVIDER", "anthropic")
    monkeypatch.setenv("ENGRAM_LLM_MAX_RETRIES", "0")
    monkeypatch.setenv("ENGRAM_LLM_RETRY_BACKOFF_SECONDS", "0")
    monkeypatch.setenv("ENGRAM_JOB_BACKOFF_SECONDS", "0")
    reset_settings()
    reset_providers()
    yield recorded
    recorded.close()
    reset_providers()


MARCUS_STRIPE = fact(
    "Marcus works at Stripe", subject="Marcus", attribute="employer", value="Stripe", name="Marcus"
)


def _seed_stripe(engram: Engram, claude: RecordedAnthropic) -> dict:
    claude.extraction(MARCUS_STRIPE)
    claude.tool("add_memory", {"content": "Marcus works at Stripe", "reasoning": "new information"})
    body = engram.note("Marcus works at Stripe")
    found = engram.find("Stripe")
    assert len(found) == 1, (body, found, len(claude.requests))
    return found[0]


def test_add_from_recorded_answers(engram: Engram, claude: RecordedAnthropic):
    stripe = _seed_stripe(engram, claude)
    assert stripe["memory_type"] == "fact" and stripe["confidence"] == pytest.approx(0.9)
    extraction_request, decision_request = claude.requests
    assert extraction_request["tool_choice"] == {"type": "tool", "name": "record_memories"}
    assert "Marcus works at Stripe" in json.dumps(extraction_request["messages"])
    assert {t["name"] for t in decision_request["tools"]} >= {"add_memory", "no_operation"}


@pytest.mark.parametrize(
    ("strategy", "new_content", "expect_status"),
    [
        ("replace", "Marcus works at Stripe as a staff engineer", "active"),
        ("append", "Marcus works at Stripe on the payments team", "active"),
        ("supersede", "Marcus works at Notion", "superseded"),
    ],
)
def test_update_strategies_from_recorded_answers(engram, claude, strategy, new_content, expect_status):
    stripe = _seed_stripe(engram, claude)
    claude.extraction(fact(new_content, subject="Marcus", attribute="employer", value="Stripe"))
    claude.tool(
        "update_memory",
        {"memory_id": "1", "new_content": new_content, "merge_strategy": strategy, "reasoning": "changed"},
    )
    body = engram.note(new_content)
    (operation,) = body["operations"]
    assert operation["operation"] == "UPDATE" and operation["strategy"] == strategy
    decision_request = claude.requests[-1]
    assert stripe["id"] not in json.dumps(decision_request), "the model sees small integers, never our ids"
    old = engram.api.get(f"/v1/memories/{stripe['id']}", user=engram.user).body
    assert old["status"] == expect_status
    current = engram.find(new_content.split()[-1])
    assert current and current[0]["content"] == new_content
    if strategy == "supersede":
        assert current[0]["supersedes_id"] == stripe["id"]
    else:
        assert current[0]["id"] == stripe["id"] and current[0]["version"] == 2


def test_soft_delete_from_recorded_answer_archives(engram, claude):
    stripe = _seed_stripe(engram, claude)
    claude.extraction(fact("Marcus never worked at Stripe", subject="Marcus", attribute="employer"))
    claude.tool("delete_memory", {"memory_id": "1", "hard_delete": False, "reasoning": "contradicted"})
    engram.note("Marcus never worked at Stripe, I mixed him up with someone else")
    assert engram.api.get(f"/v1/memories/{stripe['id']}", user=engram.user).body["status"] == "archived"


def test_hard_delete_from_recorded_answer_forgets(engram, claude):
    stripe = _seed_stripe(engram, claude)
    claude.extraction(fact("Where Marcus works", subject="Marcus", attribute="employer", forget=True))
    claude.tool("delete_memory", {"memory_id": "1", "hard_delete": True, "reasoning": "user asked"})
    engram.note("Forget where Marcus works")
    assert engram.api.get(f"/v1/memories/{stripe['id']}", user=engram.user).status == 404


def test_noop_from_recorded_answer_changes_nothing(engram, claude):
    stripe = _seed_stripe(engram, claude)
    claude.extraction(
        fact("Marcus is employed by Stripe", subject="Marcus", attribute="employer", value="Stripe")
    )
    claude.tool("no_operation", {"reasoning": "already known", "existing_memory_id": "1"})
    body = engram.note("Marcus is employed by Stripe")
    assert [o["operation"] for o in body["operations"]] == ["NOOP"]
    assert [m["id"] for m in engram.memories()] == [stripe["id"]]


def test_malformed_extraction_twice_fails_visibly_and_keeps_the_source(engram, claude, db):
    from engram.observability import metrics

    metrics.clear_metrics()
    claude.text("Sure! Here are the memories: Marcus, Stripe.")
    claude.text("I could not decide.")
    response = engram.api.post("/v1/analyze", {"content": "Marcus works at Stripe"}, user=engram.user)
    assert response.status == 502
    assert {"parse_fail", "poison"} <= set(metrics.metric_set), "the failure is counted, not silent"
    assert response.error["code"] == "extraction_failed"
    assert len(claude.requests) == 2, "exactly one retry"
    assert "could not be used" in json.dumps(claude.requests[1]["messages"])
    with db.user_transaction(engram.user) as conn:
        source = conn.execute("SELECT content, processing_status, last_error FROM sources").fetchone()
    assert source["content"] == "Marcus works at Stripe"
    assert source["processing_status"] == "failed" and source["last_error"]


def test_model_timeouts_twice_fail_visibly_and_keep_the_source(engram, claude, db):
    claude.overloaded()
    claude.overloaded()
    response = engram.api.post("/v1/analyze", {"content": "Marcus works at Stripe"}, user=engram.user)
    assert response.status == 502
    assert len(claude.requests) == 2
    with db.user_transaction(engram.user) as conn:
        assert (
            conn.execute("SELECT processing_status FROM sources").fetchone()["processing_status"] == "failed"
        )


def test_invented_memory_id_is_retried_once_then_the_fact_waits_as_a_visible_job(engram, claude, db):
    _seed_stripe(engram, claude)
    claude.extraction(fact("Marcus works at Notion", subject="Marcus", attribute="employer", value="Notion"))
    invented = {"memory_id": "7", "new_content": "x", "merge_strategy": "replace", "reasoning": "r"}
    claude.tool("update_memory", invented)
    claude.tool("update_memory", invented)
    body = engram.note("Marcus works at Notion")
    assert body["status"] == "processed" and body["operations"] == []
    (job,) = body["jobs"]
    # The queued retry meets the same invented id again (twice) and then fails for good, visibly.
    for _ in range(3):
        claude.tool("update_memory", invented)
        claude.tool("update_memory", invented)
    register_pipeline_jobs()
    LocalWorker(db).run_until_idle(timeout=30)
    final = engram.api.get(f"/v1/jobs/{job['id']}", user=engram.user).body
    assert final["status"] == "failed"
    assert final["last_error"]
    assert not engram.find("Notion"), "nothing was guessed"
