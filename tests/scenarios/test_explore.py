"""The explore tool through POST /v1/explore, on data written by POST /v1/analyze (offline engine).

Edges and notes the offline engine does not write (a rival, a note about someone) are added through the
real repositories.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engram.db.repositories import entities as entities_repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo
from engram.errors import EngramError
from engram.providers.base import LLMResult, ToolCall
from engram.retrieval import explore as explore_service
from engram.retrieval.transform import QUERIES_TOOL
from tests.scenarios.conftest import Engram


def _explore(engram: Engram, **body: Any) -> dict:
    response = engram.api.post("/v1/explore", body, user=engram.user)
    assert response.status == 200, response.body
    return response.body


def _nodes(body: dict) -> list[dict]:
    semantic = body["semantic"]
    return semantic["people"] + semantic["concepts"] + semantic["entities"]


def _names(body: dict) -> list[str]:
    return [n["name"] for n in _nodes(body)]


def _entity_id(db: Any, user: str, name: str) -> Any:
    with db.user_transaction(user) as conn:
        [row] = graph_repo.find_entities_by_canonical(conn, user, [name.lower()])
    return row["id"]


def _andrew_and_emma(engram: Engram) -> dict[str, str]:
    return {
        "fight": engram.note("I had a big fight with Andrew last night about the startup")["source_id"],
        "cofounder": engram.note("Andrew is my cofounder and we are applying to Y Combinator")["source_id"],
        "hiking": engram.note("I love hiking in the Cascades with my sister Emma")["source_id"],
    }


def test_a_name_finds_the_person_and_the_sources_that_mention_him(engram: Engram):
    sources = _andrew_and_emma(engram)

    body = _explore(engram, text_matches=["andrew"])

    assert body["meta"] == {
        "granularity": 1,
        "query_used": [],
        "text_used": ["andrew"],
        "took_ms": body["meta"]["took_ms"],
    }
    assert body["semantic"]["people"][0]["name"] == "Andrew"
    assert body["semantic"]["people"][0]["node_type"] == "Person"
    found = {s["entity_key"] for s in body["episodic"]["sources"]}
    assert found == {sources["fight"], sources["cofounder"]}
    first = body["episodic"]["sources"][0]
    assert "Andrew" in first["summary"] and first["source_type"] == "note"
    assert "Andrew" in [n["name"] for n in first["mentioned_nodes"]]


def test_a_misspelt_name_still_finds_the_person(engram: Engram):
    _andrew_and_emma(engram)
    assert _names(_explore(engram, text_matches=["andrw"]))[:1] == ["Andrew"]


def test_a_semantic_query_ranks_the_matching_source_and_node_first(engram: Engram):
    engram.note("I started a pottery class on Thursdays at the community center")
    engram.note("Marcus works at Stripe as an engineer")
    hiking = engram.note("I love hiking in the Cascades with my sister Emma")["source_id"]

    body = _explore(engram, queries=[{"query": "hiking in the mountains"}])

    assert body["meta"]["query_used"] == ["hiking in the mountains"]
    assert body["episodic"]["sources"][0]["entity_key"] == hiking
    ranked = sorted(_nodes(body), key=lambda n: -n["relevance_score"])
    assert {n["name"] for n in ranked[:3]} == {"hiking", "Cascades", "Emma"}
    assert _names(_explore(engram, queries=[{"query": "where does Marcus work"}]))[0] == "Marcus"


def test_a_threshold_drops_weak_hits(engram: Engram):
    engram.note("I started a pottery class on Thursdays at the community center")
    engram.note("My pottery teacher says my bowls are getting better")
    engram.note("Marcus works at Stripe as an engineer")
    engram.note("I love hiking in the Cascades with my sister Emma")
    query = "pottery class on Thursdays"

    loose = _explore(engram, queries=[{"query": query}], return_explanations=True)
    strict = _explore(engram, queries=[{"query": query, "threshold": 0.5}], return_explanations=True)

    assert len(strict["episodic"]["sources"]) < len(loose["episodic"]["sources"])
    assert strict["episodic"]["sources"], "the close match stays"
    for hit in strict["episodic"]["sources"] + _nodes(strict):
        assert hit["explanation"]["similarity"] >= 0.5


def test_relationship_filters_remove_hostile_edges_before_scoring(engram: Engram, db):
    _andrew_and_emma(engram)
    andrew = _entity_id(db, engram.user, "Andrew")
    now = datetime.now(UTC)
    with db.user_transaction(engram.user) as conn:
        owner = rel_repo.ensure_owner(conn, engram.user, at=now)
        rel_repo.upsert_edge(
            conn, engram.user, from_entity_id=owner, to_entity_id=andrew, kind="has_relationship_with",
            relationship_type="rival", description="We keep fighting about the startup", attitude=1,
            proximity=4, valid_from=now, recorded_at=now,
        )  # fmt: skip
        rel_repo.upsert_edge(
            conn, engram.user, from_entity_id=owner, to_entity_id=andrew, kind="has_relationship_with",
            relationship_type="cofounder", attitude=4, proximity=5, valid_from=now, recorded_at=now,
        )  # fmt: skip

    everything = _explore(engram, text_matches=["andrew"])
    friendly = _explore(engram, text_matches=["andrew"], relationship_filters={"min_attitude": 3})
    rivals_only = _explore(engram, text_matches=["fighting"], relationship_filters={"min_attitude": 3})

    assert {"rival", "cofounder"} <= {r["relationship_type"] for r in everything["semantic"]["relationships"]}
    types = {r["relationship_type"] for r in friendly["semantic"]["relationships"]}
    assert "cofounder" in types and "rival" not in types
    assert all(r["attitude"] >= 3 for r in friendly["semantic"]["relationships"])
    assert rivals_only["semantic"]["relationships"] == []
    rival = next(r for r in everything["semantic"]["relationships"] if r["relationship_type"] == "rival")
    assert rival["from_name"] == "Me" and rival["to_name"] == "Andrew"
    assert rival["to_entity_key"] == str(andrew) and rival["relationship_kind"] == "has_relationship_with"


def test_a_text_match_on_a_relationship_type_finds_the_edge(engram: Engram):
    _andrew_and_emma(engram)
    body = _explore(engram, text_matches=["sister"])
    assert [r["relationship_type"] for r in body["semantic"]["relationships"]][:1] == ["sister"]


def test_granularity_shapes_the_episodic_sections(engram: Engram):
    _andrew_and_emma(engram)

    micro = _explore(engram, text_matches=["andrew"], granularity=1)
    meso = _explore(engram, text_matches=["andrew"], granularity=2)
    macro = _explore(engram, text_matches=["andrew"], granularity=3)
    default = _explore(engram, text_matches=["andrew"])

    for body, level in ((micro, 1), (meso, 2), (macro, 3), (default, 1)):
        assert body["meta"]["granularity"] == level
        assert set(body) == {"meta", "semantic", "episodic"}
        assert set(body["semantic"]) == {"people", "concepts", "entities", "relationships"}
        assert set(body["episodic"]) == {"sources", "storylines", "macros", "artifacts"}
        assert _names(body)[0] == "Andrew"
    assert len(micro["episodic"]["sources"]) == 2
    assert set(micro["episodic"]["sources"][0]) >= {
        "entity_key", "summary", "context_type", "source_type", "started_at", "ended_at", "relevance_score",
        "mentioned_nodes", "storyline_refs", "macro_refs",
    }  # fmt: skip
    # No storylines exist until the hierarchy job builds them: meso shows sources only as their previews.
    assert meso["episodic"]["sources"] == [] and meso["episodic"]["storylines"] == []
    assert macro["episodic"]["sources"] == []


def test_explanations_appear_only_when_asked(engram: Engram):
    _andrew_and_emma(engram)
    plain = _explore(engram, text_matches=["andrew"])
    explained = _explore(engram, text_matches=["andrew"], return_explanations=True)

    hits = _nodes(plain) + plain["episodic"]["sources"] + plain["semantic"]["relationships"]
    assert hits and all("explanation" not in h for h in hits)
    person = explained["semantic"]["people"][0]["explanation"]
    assert person["text_score"] == 1.0 and person["matched_text"] == ["andrew"]
    assert set(person) >= {
        "similarity",
        "text_score",
        "recency",
        "salience",
        "matched_queries",
        "contributions",
    }
    assert all("explanation" in s for s in explained["episodic"]["sources"])


def test_another_users_data_never_appears(engram: Engram, api, other_user_id):
    mine = _andrew_and_emma(engram)
    other = Engram(api, other_user_id)
    theirs = other.note("Andrew is my brother and he lives in Denver")["source_id"]

    body = _explore(engram, text_matches=["andrew", "denver"], queries=[{"query": "brother in Denver"}])
    other_body = _explore(other, text_matches=["andrew", "emma", "cascades"])

    assert theirs not in {s["entity_key"] for s in body["episodic"]["sources"]}
    assert "Denver" not in _names(body)
    assert {s["entity_key"] for s in other_body["episodic"]["sources"]} == {theirs}
    assert set(mine.values()).isdisjoint(s["entity_key"] for s in other_body["episodic"]["sources"])
    assert "Emma" not in _names(other_body) and "Cascades" not in _names(other_body)


def test_weights_decide_between_relevance_and_salience(engram: Engram):
    _andrew_and_emma(engram)
    for _ in range(4):  # Emma is recalled often: her salience grows with each access
        _explore(engram, text_matches=["emma"])
    ask = {"text_matches": ["andrew", "emm"]}  # Andrew matches exactly, Emma only closely

    by_relevance = _explore(engram, **ask, semantic_weight=1.0, time_weight=0.0, salience_weight=0.0)
    by_salience = _explore(engram, **ask, semantic_weight=0.0, time_weight=0.0, salience_weight=1.0)

    assert [n["name"] for n in by_relevance["semantic"]["people"]] == ["Andrew", "Emma"]
    assert [n["name"] for n in by_salience["semantic"]["people"]] == ["Emma", "Andrew"]


def test_returned_nodes_are_strengthened_by_access(engram: Engram):
    _andrew_and_emma(engram)
    first = _explore(engram, text_matches=["andrew"])["semantic"]["people"][0]
    second = _explore(engram, text_matches=["andrew"])["semantic"]["people"][0]

    assert first["last_accessed_at"] is None and first["state"] == "candidate"
    assert second["last_accessed_at"] is not None and second["state"] == "active"
    assert second["salience"] > first["salience"]


def test_notes_on_a_node_come_back_as_snippets(engram: Engram, db):
    _andrew_and_emma(engram)
    andrew = _entity_id(db, engram.user, "Andrew")
    with db.user_transaction(engram.user) as conn:
        entities_repo.add_note(
            conn, engram.user, entity_id=andrew, content="Prefers async updates", added_by="me"
        )
        entities_repo.add_note(conn, engram.user, entity_id=andrew, content="x" * 900, added_by="me")

    person = _explore(engram, text_matches=["andrew"])["semantic"]["people"][0]

    assert "Prefers async updates" in person["notes_snippets"]
    assert max(len(n) for n in person["notes_snippets"]) == 500


def test_deep_mode_works_offline_and_expands_abbreviations(engram: Engram):
    engram.note("Andrew is my cofounder and we are applying to Y Combinator")
    body = _explore(engram, queries=[{"query": "YC application"}], text_matches=["YC"], mode="deep")
    assert body["meta"]["query_used"] == ["YC application", "Y Combinator application"]
    assert body["meta"]["text_used"] == ["yc", "y combinator"]
    assert "Y Combinator" in body["episodic"]["sources"][0]["summary"]


def test_a_sensitive_topic_stays_hidden_at_the_default_ceiling(engram: Engram):
    engram.note("I was diagnosed with type 2 diabetes and my doctor is Dr. Patel")

    diabetes = _explore(engram, text_matches=["diabetes"], queries=[{"query": "diabetes diagnosis"}])
    doctor = _explore(engram, text_matches=["patel"])

    assert diabetes["episodic"]["sources"] == []
    assert not [n for n in _names(diabetes) if "diabetes" in n.lower()]
    # "My doctor is Dr. Patel" is an ordinary fact, but the note it came from also holds the diagnosis.
    assert _names(doctor) == ["Dr. Patel"] and doctor["episodic"]["sources"] == []


class ReformulatingLLM:
    """An `LLM` that offers one reformulation per query (or fails, like a throttled provider)."""

    name, model = "scripted", "scripted-1"

    def __init__(self, fail: bool = False) -> None:
        self.calls, self.fail = 0, fail

    def complete(self, *, system, messages, tools=(), tool_choice=None, max_tokens=None, temperature=0.0):
        self.calls += 1
        if self.fail:
            raise EngramError("the model is throttled")
        arguments = {"queries": ["sister Emma outdoor trips"]}
        return LLMResult(text="", tool_calls=[ToolCall("1", QUERIES_TOOL.name, arguments)])


def test_deep_mode_adds_the_models_reformulations_and_fast_mode_does_not(engram: Engram, monkeypatch):
    _andrew_and_emma(engram)
    llm = ReformulatingLLM()
    monkeypatch.setattr(explore_service, "_configured_llm", lambda: llm)

    fast = _explore(engram, queries=[{"query": "weekend plans"}])
    deep = _explore(engram, queries=[{"query": "weekend plans"}], mode="deep")
    multi = _explore(engram, queries=[{"query": "weekend plans"}], multi_query=True)

    assert fast["meta"]["query_used"] == ["weekend plans"]
    assert (
        deep["meta"]["query_used"]
        == multi["meta"]["query_used"]
        == ["weekend plans", "sister Emma outdoor trips"]
    )
    assert llm.calls == 2
    assert "Emma" in _names(deep) and "Emma" not in _names(fast)


def test_a_failing_model_only_means_no_extra_queries(engram: Engram, monkeypatch):
    _andrew_and_emma(engram)
    monkeypatch.setattr(explore_service, "_configured_llm", lambda: ReformulatingLLM(fail=True))
    body = _explore(engram, queries=[{"query": "fight with Andrew"}], mode="deep")
    assert body["meta"]["query_used"] == ["fight with Andrew"]
    assert body["semantic"]["people"][0]["name"] == "Andrew"
