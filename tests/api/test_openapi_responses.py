"""Real answers validate against the schemas the OpenAPI document gives for their status.

The routes whose services build plain dicts (analyze, search and each special query, recall, timeline,
explore, profile, memory-update, health, notes) are documented by response models the code does not
use to serialize; these calls hold the document to what the service really sends, over real HTTP.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.contract.documented import assert_documented
from tests.http_client import ApiClient, ApiResponse


@pytest.fixture(scope="module")
def document(live_server: tuple[str, int]) -> dict[str, Any]:
    return ApiClient(*live_server).get("/v1/openapi.json", user=None).body


class Documented:
    """A client for one user whose every answer is checked against the document."""

    def __init__(self, api: ApiClient, document: dict[str, Any], user: str):
        self.api, self.document, self.user = api, document, user

    def call(self, method: str, path: str, body: Any = None, *, expect: int = 200) -> Any:
        response: ApiResponse = self.api.request(method, path, body, user=self.user)
        assert response.status == expect, (method, path, response.status, response.body)
        assert_documented(self.document, method, path, response.status, response.body)
        return response.body

    def note(self, content: str, when: datetime | str = "2026-03-10T10:00:00Z") -> Any:
        when = when if isinstance(when, str) else when.strftime("%Y-%m-%dT%H:%M:%SZ")
        return self.call("POST", "/v1/analyze", {"content": content, "source": {"document_date": when}})


@pytest.fixture
def client(api: ApiClient, document: dict[str, Any], user_id: str) -> Documented:
    return Documented(api, document, user_id)


def test_analyze_answers_extracted_queued_and_replayed_bodies_as_documented(client: Documented) -> None:
    client.note("I work at Acme as a designer", when="2026-01-05T10:00:00Z")
    changed = client.note("I left Acme and joined Notion", when="2026-02-05T10:00:00Z")
    assert changed["status"] == "extracted" and changed["facts"] and changed["operations"]
    conversation = {
        "messages": [
            {"role": "user", "content": "Sarah called, she got the job at Google!", "id": "m1"},
            {"role": "assistant", "content": "Great news for Sarah.", "id": "m2"},
        ],
        "idempotency_key": "conversation-1",
    }
    client.call("POST", "/v1/analyze", conversation)
    replay = client.call("POST", "/v1/analyze", conversation)
    assert replay["idempotent_replay"] is True
    queued = client.call("POST", "/v1/analyze", {"content": "I adopted a cat", "async": True}, expect=202)
    assert queued["status"] == "queued" and queued["jobs"]
    client.call("GET", f"/v1/jobs/{queued['jobs'][0]['id']}")
    listed = client.call("GET", "/v1/jobs?status=pending&job_type=extract")
    assert queued["jobs"][0]["id"] in [job["id"] for job in listed["items"]]


def test_a_pattern_insight_is_documented(client: Documented) -> None:
    now = datetime.now(UTC)
    bodies = [
        client.note(f"Coffee with Sarah, day {day}", when=now - timedelta(days=day)) for day in (3, 2, 1)
    ]
    assert any(i["type"] == "pattern" for i in bodies[-1]["insights"]), bodies[-1]


# A history that gives every special query something to find, and one question of each type.
_HISTORY = [
    ("I live in Seattle", "2026-01-05T10:00:00Z"),
    ("I used to live in Boston", "2026-01-06T10:00:00Z"),
    ("My goal is to run a marathon this year", "2026-01-08T10:00:00Z"),
    ("I want to learn Spanish", "2026-01-09T10:00:00Z"),
    ("My sister Emma lives in Denver and teaches chemistry", "2026-01-10T10:00:00Z"),
    ("Tom and Emma went hiking together", "2026-01-11T10:00:00Z"),
    ("Had a great lunch with Marcus, he's so supportive", "2026-02-01T10:00:00Z"),
    ("I ran my first marathon today!", "2026-02-09T10:00:00Z"),
    ("I decided to book the trip to Lisbon instead of Rome", "2026-03-02T10:00:00Z"),
    ("I'm so frustrated with Marcus, he ignored my emails again", "2026-03-05T10:00:00Z"),
    ("I have a meeting with the design team on Monday", "2026-03-06T10:00:00Z"),
]
_QUESTIONS = {
    "standard": "Seattle",
    "self_summary": "What do you know about me?",
    "entity_summary": "Tell me about Emma",
    "relationship_query": "relationship between Tom and Emma",
    "temporal": "What have I been up to lately?",
    "historical": "Where did I use to live?",
    "negation": "anything without meetings",
    "sentiment_trend": "how do I feel about Marcus lately",
    "decisions": "what did I decide about the trip",
    "goals": "what are my goals",
}


def test_search_answers_each_special_query_and_a_standard_search_as_documented(client: Documented) -> None:
    for content, when in _HISTORY:
        client.note(content, when=when)
    now = datetime.now(UTC)
    client.note("I baked sourdough bread with Emma", when=now - timedelta(days=1))
    for expected, query in _QUESTIONS.items():
        body = client.call("POST", "/v1/search", {"query": query, "explain": True})
        assert body["type"] == expected, (query, body["type"])
        assert body["results"], (query, body)


def test_recall_timeline_and_explore_answer_as_documented(client: Documented) -> None:
    now = datetime.now(UTC)
    client.note("Dinner with Sarah at the Thai place on Friday", when=now - timedelta(days=2))
    client.note("I prefer short answers", when=now - timedelta(days=1))
    client.call("PUT", "/v1/preferences", {"custom_instructions": "Answer briefly."})
    recalled = client.call("POST", "/v1/recall", {"query": "What did I do with Sarah?"})
    assert recalled["needs_search"] is True and recalled["memories"]
    assert client.call("POST", "/v1/recall", {"query": "thanks!"})["needs_search"] is False
    timeline = client.call("POST", "/v1/timeline", {"query": "with Sarah", "limit": 1})
    assert timeline["days"]
    client.call("POST", "/v1/timeline", {"start": (now - timedelta(days=30)).isoformat(), "limit": 1})
    for granularity in (1, 2, 3):
        explored = client.call(
            "POST",
            "/v1/explore",
            {"queries": [{"query": "Sarah"}], "granularity": granularity, "return_explanations": True},
        )
        assert explored["meta"]["granularity"] == granularity


def test_profile_memory_update_notes_and_health_answer_as_documented(client: Documented) -> None:
    client.note("My name is Alex and I work at Notion. My friend Sarah works at Stripe.")
    profile = client.call("GET", "/v1/profile")
    assert profile["items"] and profile["refreshed"]
    assert client.call("POST", "/v1/profile/refresh")["refreshed"]
    client.call("GET", "/v1/profile?include_history=true")
    client.call("POST", "/v1/memory-update", {"candidate_fact": {"content": "Alex plays the cello"}})
    (sarah,) = [e for e in client.call("GET", "/v1/entities?name=Sarah")["items"] if e["name"] == "Sarah"]
    detail = client.call("GET", f"/v1/entities/{sarah['id']}")
    client.call("POST", f"/v1/entities/{sarah['id']}/notes", {"content": "Likes climbing"}, expect=201)
    edge = detail["relationships"][0]["id"]
    client.call("POST", f"/v1/relationships/{edge}/notes", {"content": "Since 2021"}, expect=201)
    client.call("GET", "/v1/health")


def test_errors_answer_with_the_documented_error_shape(client: Documented) -> None:
    client.call("GET", "/v1/memories/00000000-0000-4000-8000-000000000000", expect=404)
    client.call("POST", "/v1/analyze", {"content": "x", "messages": [{"content": "y"}]}, expect=400)
    client.call("POST", "/v1/search", {"query": ""}, expect=400)
