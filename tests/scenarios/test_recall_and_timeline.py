"""Recall (context in sections by memory type, the needs-search classifier) and timeline, through HTTP.

The API resolves "next Friday" and "last week" against the real clock, so every note here is dated
relative to now. One scripted life is written once per module (under its own user) and read by the
recall tests; tests that write their own history use the per-test `engram` user.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, time, timedelta

import pytest

from engram.providers.base import LLMResult, ToolCall
from engram.retrieval import recall as recall_service
from engram.retrieval.classifier import CLASSIFY_TOOL
from engram.retrieval.recall import SECTIONS
from engram.retrieval.transform import QUERIES_TOOL
from tests.http_client import ApiClient
from tests.scenarios.conftest import Engram

LIFE_USER = f"recall-{uuid.uuid4().hex[:12]}"
EVIDENCE = "EVIDENCE-MARKER over coffee at Blue Bottle"
_written: dict[str, bool] = {}


def _ago(days: float) -> str:
    return (datetime.now(UTC) - timedelta(days=days)).isoformat()


@pytest.fixture
def life(api: ApiClient) -> Engram:
    """A user with preferences, goals, a future event, facts and a superseded fact (written once)."""
    user = Engram(api, LIFE_USER)
    if not _written:
        for text, days in [
            ("I prefer window seats when I fly", 20),
            ("I'm vegetarian and I love spicy Thai food", 19),
            ("My goal is to run a marathon by October next year", 18),
            ("My sister Emma lives in Denver", 16),
            ("Marcus works at Stripe as an engineer", 15),
            ("I've been seeing a therapist for my anxiety", 12),
            ("Sarah said the job offer from Google looks great", 6),
            ("Marcus left Stripe and joined Notion", 2),
            ("Dinner with Sarah next Friday at 7pm", 0),
        ]:
            user.note(text, when=_ago(days))
        fact = {"content": "Sarah recommends the ramen place on Fifth Street", "evidence": EVIDENCE}
        response = api.post("/v1/memory-update", {"candidate_fact": fact}, user=LIFE_USER)
        assert response.status == 200, response.body
        _written["done"] = True
    return user


def recall(user: Engram, query: str, **body) -> dict:
    response = user.api.post("/v1/recall", {"query": query, **body}, user=user.user)
    assert response.status == 200, response.body
    return response.body


def sections_of(context: str) -> list[str]:
    """Section names in the order they appear; asserts each opens and closes around "- " lines."""
    names = []
    for match in re.finditer(r"<(\w+)>\n((?:- [^\n]*\n)+)</\1>", context):
        names.append(match.group(1))
    assert "".join(f"<{n}>" for n in names) == "".join(re.findall(r"<\w+>", context)), context
    return names


def block(context: str, name: str) -> str:
    match = re.search(rf"<{name}>\n(.*?)</{name}>", context, re.DOTALL)
    return match.group(1) if match else ""


# --- recall ---------------------------------------------------------------------------------------------


def test_a_personal_query_gets_the_type_aware_context(life: Engram):
    body = recall(life, "What should I cook for dinner with Sarah?")
    assert body["needs_search"] is True
    context = body["context"]
    names = sections_of(context)
    assert names == [n for n in SECTIONS if n in names], "sections keep their fixed order"
    assert "window seats" in block(context, "user_preferences")
    assert "marathon" in block(context, "active_goals")
    assert "Dinner with Sarah" in block(context, "upcoming_events")
    assert "Sarah" in block(context, "relevant_context")
    assert "Marcus works at Stripe" not in context, "a superseded fact stays out of a present-tense answer"
    assert "therapist" not in context, "sensitive memories stay under the default ceiling"
    # memories: what was included, each once, in the section it was rendered in
    ids = [m["id"] for m in body["memories"]]
    assert len(ids) == len(set(ids))
    for memory in body["memories"]:
        assert memory["content"].split(" (")[0] in block(context, memory["section"])
    stats = body["stats"]
    assert stats["chars"] == len(context) <= 4000
    assert stats["query_used"] == "What should I cook for dinner with Sarah?"
    assert stats["sections"]["user_preferences"] >= 1 and stats["sections"]["active_goals"] >= 1
    assert stats["took_ms"] >= 0


@pytest.mark.parametrize("max_chars", [200, 300, 600, 1200, 4000])
def test_the_context_never_exceeds_max_chars_and_never_cuts_an_item(life: Engram, max_chars: int):
    body = recall(life, "What do I know about Sarah and Marcus and my plans?", max_chars=max_chars)
    context = body["context"]
    assert len(context) <= max_chars
    assert body["stats"]["chars"] == len(context)
    names = sections_of(context)
    assert names == [n for n in SECTIONS if n in names]
    lines = [line for line in context.splitlines() if line.startswith("- ")]
    assert len(lines) == len(body["memories"]), "one whole line per included memory"
    for memory in body["memories"]:
        head = memory["content"].split(" (")[0]
        assert sum(head in line for line in lines) == 1, (head, lines)
    if max_chars >= 1200:
        assert {"user_preferences", "active_goals", "relevant_context"} <= set(names)


def test_evidence_is_never_injected(life: Engram):
    body = recall(life, "What does Sarah recommend for ramen?")
    assert "ramen place on Fifth Street" in body["context"]
    assert "EVIDENCE-MARKER" not in body["context"]
    assert "Blue Bottle" not in body["context"]


def test_history_appears_only_when_the_query_asks_about_the_past(life: Engram):
    now = recall(life, "Where does Marcus work?")
    assert "Notion" in now["context"] and "Marcus works at Stripe" not in now["context"]
    assert "historical_context" not in sections_of(now["context"])
    before = recall(life, "Where did Marcus work before?")
    assert "Previously: Marcus works at Stripe" in block(before["context"], "historical_context")


def test_the_sensitivity_ceiling_can_be_raised_per_request(life: Engram):
    assert "therapist" not in recall(life, "How is my therapy going?")["context"]
    raised = recall(life, "How is my therapy going?", sensitivity_max="sensitive")
    assert "therapist" in raised["context"]


def test_a_follow_up_is_resolved_from_the_conversation(life: Engram):
    history = [
        {"role": "user", "content": "I'm visiting Emma this weekend"},
        {"role": "assistant", "content": "That sounds fun! Anything you want to plan?"},
    ]
    body = recall(life, "where does she live?", history=history)
    assert body["stats"]["query_used"] == "where does Emma live?"
    assert "follow_up" in body["stats"]["transformations"]
    assert "Emma lives in Denver" in body["context"]


def test_a_general_knowledge_query_needs_no_search(life: Engram):
    body = recall(life, "Explain quantum entanglement simply.")
    assert body["needs_search"] is False
    assert body["context"] == "" and body["memories"] == []
    assert body["stats"]["needs_search"] is False and body["stats"]["reasons"]


def test_custom_instructions_reach_even_a_general_answer(engram: Engram):
    response = engram.api.put(
        "/v1/preferences", {"custom_instructions": "Keep answers short.\nNo emojis."}, user=engram.user
    )
    assert response.status == 200, response.body
    engram.note("I prefer tea over coffee", when=_ago(1))
    general = recall(engram, "Write a haiku about autumn.")
    assert general["needs_search"] is False
    assert general["context"] == "<user_preferences>\n- Keep answers short. No emojis.\n</user_preferences>"
    personal = recall(engram, "What should I drink with my breakfast?")
    assert block(personal["context"], "user_preferences").startswith("- Keep answers short. No emojis.\n")
    assert "tea over coffee" in block(personal["context"], "user_preferences")


class ScriptedLLM:
    """An `LLM` that says "search" and offers one reformulation, counting the calls it gets."""

    name, model = "scripted", "scripted-1"

    def __init__(self) -> None:
        self.tools: list[str] = []

    def complete(self, *, system, messages, tools=(), tool_choice=None, max_tokens=None, temperature=0.0):
        self.tools.append(tools[0].name)
        if tools[0].name == CLASSIFY_TOOL.name:
            return LLMResult(text="", tool_calls=[ToolCall("1", CLASSIFY_TOOL.name, {"needs_search": True})])
        arguments = {"queries": ["sister Emma home city"]}
        return LLMResult(text="", tool_calls=[ToolCall("2", QUERIES_TOOL.name, arguments)])


def test_with_a_model_the_classifier_and_multi_query_use_it(life: Engram, monkeypatch):
    llm = ScriptedLLM()
    monkeypatch.setattr(recall_service, "_configured_llm", lambda: llm)
    # "my sister" is a certain heuristic answer: no classification call, one reformulation call.
    body = recall(life, "Plan a weekend trip to my sister's city")
    assert llm.tools == [QUERIES_TOOL.name]
    assert body["stats"]["queries"][-1] == "sister Emma home city"
    assert "Emma lives in Denver" in body["context"]
    # An unsure heuristic ("a generic task") defers to the model, which says this one needs memory.
    llm.tools.clear()
    body = recall(life, "Design a morning routine for productivity.", multi_query=False)
    assert llm.tools == [CLASSIFY_TOOL.name]
    assert (body["needs_search"], body["stats"]["classifier"]) == (True, "llm")
    assert body["stats"]["queries"] == ["Design a morning routine for productivity."]


def test_recall_refuses_bad_input_naming_the_field(engram: Engram):
    cases = [
        ({}, "query"),
        ({"query": ""}, "query"),
        ({"query": "hi", "max_chars": 100}, "max_chars"),
        ({"query": "hi", "max_chars": 50_000}, "max_chars"),
        ({"query": "hi", "history": [{"role": "robot", "content": "x"}]}, "history[0].role"),
        ({"query": "hi", "sensitivity_max": "secret"}, "sensitivity_max"),
        ({"query": "hi", "include_evidence": True}, "include_evidence"),
    ]
    for body, field in cases:
        response = engram.api.post("/v1/recall", body, user=engram.user)
        assert response.status == 400, (body, response.body)
        assert response.error["field"] == field, (body, response.body)


# --- timeline -------------------------------------------------------------------------------------------


def _last_week() -> tuple[datetime, datetime]:
    today = datetime.now(UTC).date()
    monday = datetime.combine(today - timedelta(days=today.weekday() + 7), time(0), tzinfo=UTC)
    return monday, monday + timedelta(days=7)


def _write_weeks(engram: Engram) -> tuple[datetime, datetime]:
    """Two events last Tuesday, one last Friday, one three weeks ago, one next Friday."""
    monday, sunday_end = _last_week()
    wednesday, saturday = monday + timedelta(days=2, hours=10), monday + timedelta(days=5, hours=10)
    engram.note("Went to the dentist yesterday", when=wednesday.isoformat())
    engram.note("Had lunch with Priya yesterday", when=(wednesday + timedelta(hours=2)).isoformat())
    engram.note("Watched a movie with Sarah yesterday", when=saturday.isoformat())
    engram.note("Went to the zoo yesterday", when=(monday - timedelta(days=14)).isoformat())
    engram.note("Dinner with Sarah next Friday at 7pm", when=_ago(0))
    return monday, sunday_end


def timeline(engram: Engram, **body) -> dict:
    response = engram.api.post("/v1/timeline", body, user=engram.user)
    assert response.status == 200, response.body
    return response.body


def titles(body: dict) -> list[list[str]]:
    return [[e["title"].split(" (")[0] for e in day["events"]] for day in body["days"]]


def test_timeline_by_range_is_ordered_and_grouped_by_day(engram: Engram):
    monday, next_monday = _write_weeks(engram)
    body = timeline(engram, start=monday.isoformat(), end=next_monday.isoformat())
    assert [d["date"] for d in body["days"]] == [
        (monday + timedelta(days=1)).date().isoformat(),
        (monday + timedelta(days=4)).date().isoformat(),
    ]
    assert sorted(titles(body)[0]) == ["Had lunch with Priya yesterday", "Went to the dentist yesterday"]
    assert titles(body)[1] == ["Watched a movie with Sarah yesterday"]
    assert body["count"] == 3 and body["next_cursor"] is None
    dates = [e["event_date"] for d in body["days"] for e in d["events"]]
    assert dates == sorted(dates)
    assert all(e["memory_id"] and e["event_type"] == "event" for d in body["days"] for e in d["events"])


def test_what_happened_last_week_resolves_against_now(engram: Engram):
    monday, next_monday = _write_weeks(engram)
    body = timeline(engram, query="What happened last week?")
    assert (body["start"], body["end"]) == (
        monday.isoformat().replace("+00:00", "Z"),
        next_monday.isoformat().replace("+00:00", "Z"),
    )
    flat = [t for day in titles(body) for t in day]
    assert len(flat) == 3 and "Went to the zoo yesterday" not in flat
    assert not any("Dinner" in t for t in flat)


def test_other_words_in_the_query_search_inside_the_window(engram: Engram):
    _write_weeks(engram)
    body = timeline(engram, query="what happened with Sarah last week")
    assert body["search"] == "Sarah"
    assert titles(body) == [["Watched a movie with Sarah yesterday"]]
    assert body["days"][0]["events"][0]["score"] > 0


def test_timeline_pages_with_a_cursor(engram: Engram):
    monday, next_monday = _write_weeks(engram)
    window = {"start": monday.isoformat(), "end": next_monday.isoformat()}
    seen: list[str] = []
    body = timeline(engram, **window, limit=2)
    while True:
        seen += [e["memory_id"] for d in body["days"] for e in d["events"]]
        if not body["next_cursor"]:
            break
        body = timeline(engram, **window, limit=2, cursor=body["next_cursor"])
    assert len(seen) == len(set(seen)) == 3


def test_timeline_refuses_bad_input_naming_the_field(engram: Engram):
    now = datetime.now(UTC)
    cases = [
        ({}, "start"),
        ({"limit": 5}, "start"),
        ({"start": now.isoformat(), "end": (now - timedelta(days=1)).isoformat()}, "end"),
        ({"query": ""}, "query"),
        ({"query": "last week", "limit": 0}, "limit"),
        ({"query": "last week", "cursor": "not-a-cursor"}, "cursor"),
        ({"start": "yesterday-ish"}, "start"),
    ]
    for body, field in cases:
        response = engram.api.post("/v1/timeline", body, user=engram.user)
        assert response.status == 400, (body, response.body)
        assert response.error["field"] == field, (body, response.body)


def test_an_event_cleanup_archived_because_its_date_passed_stays_on_the_timeline(engram: Engram):
    from engram.lifecycle.cleanup import cleanup_user

    engram.note("I have a dentist appointment on March 12.", when="2026-03-10T10:00:00Z")
    [event] = engram.find("dentist")
    assert event["expires_at"] is not None  # an upcoming event expires the day after its date
    result = cleanup_user(engram.user, datetime(2026, 3, 20, tzinfo=UTC))
    assert engram.find("dentist") == []  # archived: no longer an active memory
    assert result.expired_archived == 1
    body = timeline(engram, start="2026-03-01T00:00:00Z", end="2026-04-01T00:00:00Z")
    assert [t for day in titles(body) for t in day] == ["I have a dentist appointment on March 12"]
