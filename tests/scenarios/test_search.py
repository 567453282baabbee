"""Standard search through POST /v1/search: relevance, filters and tenancy."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.scenarios.conftest import Engram


def _search(engram: Engram, query: str, **extra) -> dict:
    response = engram.api.post("/v1/search", {"query": query, "special": False} | extra, user=engram.user)
    assert response.status == 200, response.body
    return response.body


def _contents(body: dict) -> list[str]:
    return [r["content"] for r in body["results"]]


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_the_relevant_memory_ranks_first_with_scores_and_provenance(engram: Engram):
    note = engram.note("My sister Emma lives in Denver and teaches chemistry")
    engram.note("I love hiking in the Cascades")
    engram.note("Marcus works at Stripe as an engineer")
    body = _search(engram, "where does Emma live?")
    assert body["type"] == "standard"
    top = body["results"][0]
    assert "Denver" in top["content"]
    assert 0 < top["final_score"] <= 1 and 0 <= top["similarity"] <= 1
    assert top["provenance"][0]["source_id"] == note["source_id"]


def test_explain_shows_each_signal_contribution(engram: Engram):
    engram.note("Marcus works at Stripe as an engineer")
    top = _search(engram, "Marcus Stripe", explain=True)["results"][0]
    assert {"vector", "fts"} <= set(top["explain"]["signals"])
    contributions = top["explain"]["contributions"]
    assert set(contributions) == {"relevance", "importance", "recency", "access", "length"}
    assert abs(sum(contributions.values()) - top["final_score"]) < 0.01  # the terms are the whole score


def test_a_memory_that_starts_later_is_not_returned_before_its_date(engram: Engram):
    now = datetime.now(UTC)
    engram.note("Starting next month I'm joining the climbing gym downtown", when=_iso(now))
    assert not [c for c in _contents(_search(engram, "climbing gym")) if "climbing" in c]


def test_an_expired_memory_is_hidden_unless_asked_for(engram: Engram):
    past = datetime.now(UTC) - timedelta(days=30)
    engram.note("I'm working from the Lisbon office until Friday", when=_iso(past))
    assert not [c for c in _contents(_search(engram, "Lisbon office")) if "Lisbon" in c]
    shown = _search(engram, "Lisbon office", exclude_expired=False)
    assert [c for c in _contents(shown) if "Lisbon" in c]


def test_what_cleanup_archived_because_it_expired_still_answers_questions_about_then(engram: Engram):
    from engram.lifecycle.cleanup import cleanup_user

    engram.note("I have a dentist appointment on March 12.", when="2026-03-10T10:00:00Z")
    engram.note("I have a physio appointment on March 13.", when="2026-03-10T10:05:00Z")
    [physio] = engram.find("physio")
    forgotten = engram.api.request("DELETE", f"/v1/memories/{physio['id']}", user=engram.user)
    assert forgotten.status in (200, 204), forgotten.body
    assert cleanup_user(engram.user, datetime(2026, 3, 20, tzinfo=UTC)).expired_archived == 1

    def dentist(query: str, **extra) -> list[str]:
        return [c for c in _contents(_search(engram, query, **extra)) if "dentist" in c]

    assert not dentist("dentist appointment")  # expired: not what is coming up
    assert dentist("when did I go to the dentist?")  # what happened, after the night's cleanup too
    assert dentist("when is my dentist appointment?")  # the last one planned, when none is since
    assert dentist("dentist appointment", exclude_expired=False)
    # what the user deleted stays deleted, whatever the question reads
    for query in ("when did I go to physio?", "physio appointment"):
        assert not [c for c in _contents(_search(engram, query, exclude_expired=False)) if "physio" in c]


def test_a_sensitive_memory_is_hidden_at_the_default_ceiling(engram: Engram):
    engram.note("I was diagnosed with type 2 diabetes")
    assert not [c for c in _contents(_search(engram, "diabetes diagnosis")) if "diabetes" in c]
    allowed = _search(engram, "diabetes diagnosis", sensitivity_max="sensitive")
    assert [c for c in _contents(allowed) if "diabetes" in c]


def test_superseded_memories_appear_only_when_history_is_requested(engram: Engram):
    engram.note("Marcus works at Stripe as an engineer")
    engram.note("Marcus left Stripe and joined Notion", when="2026-03-20T10:00:00Z")
    current = _search(engram, "where does Marcus work Stripe")["results"]
    assert all(r["status"] == "active" for r in current)
    history = _search(engram, "where does Marcus work Stripe", include_historical=True)["results"]
    old = [r for r in history if r["status"] == "superseded"]
    assert old and old[0]["is_historical"] is True


def test_memory_type_and_importance_filters(engram: Engram):
    engram.note("I decided to take the job at Notion over the Google offer")
    engram.note("I love hiking in the Cascades")
    decisions = _search(engram, "Notion job hiking", memory_types=["decision"])["results"]
    assert decisions and all(r["memory_type"] == "decision" for r in decisions)
    important = _search(engram, "Notion job hiking", min_importance="high")["results"]
    assert all(r["importance_score"] >= 0.8 for r in important)


def test_search_never_returns_another_users_memories(engram: Engram, api, other_user_id):
    engram.note("My sister Emma lives in Denver")
    other = api.post("/v1/search", {"query": "Emma Denver sister"}, user=other_user_id)
    assert other.status == 200
    assert other.body["results"] == []


def test_retrieval_is_tracked_on_the_memory(engram: Engram):
    engram.note("I love hiking in the Cascades")
    (before,) = engram.find("hiking")
    _search(engram, "hiking")
    (after,) = engram.find("hiking")
    assert after["access_count"] == before["access_count"] + 1
    assert after["last_accessed_at"] is not None
    assert after["salience"] > before["salience"]


def test_search_validation_names_the_field(engram: Engram):
    response = engram.api.post("/v1/search", {"query": ""}, user=engram.user)
    assert response.status == 400 and response.error["field"] == "query"
    response = engram.api.post("/v1/search", {"query": "x", "limit": 0}, user=engram.user)
    assert response.status == 400 and response.error["field"] == "limit"
    response = engram.api.post("/v1/search", {"query": "x", "signals": ["telepathy"]}, user=engram.user)
    assert response.status == 400 and response.error["field"].startswith("signals")


def test_a_threshold_drops_weak_semantic_matches_but_keeps_full_text_ones(engram: Engram):
    engram.note("I adopted a greyhound called Biscuit")
    engram.note("My sister lives in Oslo")
    loose = _contents(_search(engram, "greyhound", threshold=0))
    assert any("greyhound" in c for c in loose) and any("Oslo" in c for c in loose)
    assert not any("Oslo" in c for c in _contents(_search(engram, "greyhound")))  # the default threshold
    strict = _search(engram, "greyhound", threshold=0.9)["results"]
    # the full-text match stays whatever its cosine; the unrelated memory is below the threshold
    assert [r["content"] for r in strict if "greyhound" in r["content"]]
    assert not [r for r in strict if "Oslo" in r["content"]]
    assert all(0 < r["similarity"] <= 1 for r in strict)
