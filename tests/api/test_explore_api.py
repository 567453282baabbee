"""POST /v1/explore through real HTTP: the request contract (400s naming the field) and the result shape."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engram.db.repositories import graph as graph_repo


def _seed_person(db, user_id: str, name: str) -> str:
    with db.user_transaction(user_id) as conn:
        entity_id = graph_repo.upsert_entity(
            conn, user_id, name=name, canonical=name.lower(), kind="person", at=datetime.now(UTC)
        )
    return str(entity_id)


def test_explore_returns_seed_004s_shape_even_when_nothing_matches(api, user_id):
    response = api.post("/v1/explore", {"text_matches": ["nobody"]}, user=user_id)

    assert response.status == 200
    assert response.body["meta"]["granularity"] == 1
    assert response.body["meta"]["query_used"] == [] and response.body["meta"]["text_used"] == ["nobody"]
    assert response.body["semantic"] == {"people": [], "concepts": [], "entities": [], "relationships": []}
    assert response.body["episodic"] == {"sources": [], "storylines": [], "macros": [], "artifacts": []}


def test_a_node_hit_carries_seed_004s_fields(api, db, user_id):
    entity_key = _seed_person(db, user_id, "Priya")

    response = api.post("/v1/explore", {"text_matches": ["Priya"]}, user=user_id)

    [person] = response.body["semantic"]["people"]
    assert person["entity_key"] == entity_key and person["node_type"] == "Person"
    assert set(person) == {
        "entity_key", "node_type", "name", "description", "notes_snippets", "salience", "state",
        "last_accessed_at", "relevance_score",
    }  # fmt: skip
    assert 0 <= person["salience"] <= 1 and person["notes_snippets"] == []


def test_the_owner_node_is_never_a_hit(api, db, user_id):
    from engram.db.repositories.relationships import ensure_owner

    with db.user_transaction(user_id) as conn:
        ensure_owner(conn, user_id, at=datetime.now(UTC), name="Me")
    response = api.post("/v1/explore", {"text_matches": ["me", "@owner"]}, user=user_id)
    assert response.body["semantic"]["people"] == []


def test_limits_override_the_number_of_nodes(api, db, user_id):
    for name in ("Anna", "Annie", "Ann", "Anne"):
        _seed_person(db, user_id, name)
    response = api.post("/v1/explore", {"text_matches": ["ann"], "limits": {"nodes": 2}}, user=user_id)
    assert [p["name"] for p in response.body["semantic"]["people"]][:1] == ["Ann"]
    assert len(response.body["semantic"]["people"]) == 2


def test_explore_needs_a_token(api):
    response = api.post("/v1/explore", {"text_matches": ["x"]}, user=None)
    assert response.status == 401
    assert response.error["code"] == "unauthorized"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "queries"),
        ({"queries": [], "text_matches": []}, "queries"),
        ({"text_matches": ["x"], "granularity": 4}, "granularity"),
        ({"text_matches": ["x"], "granularity": "micro"}, "granularity"),
        ({"text_matches": ["x"], "user_id": "someone-else"}, "user_id"),
        ({"queries": [{"query": "x", "threshold": 1.5}]}, "queries[0].threshold"),
        ({"queries": [{"query": ""}]}, "queries[0].query"),
        ({"queries": [{"query": "x", "treshold": 0.5}]}, "queries[0].treshold"),
        ({"queries": [{"query": f"q{i}"} for i in range(6)]}, "queries"),
        ({"text_matches": [f"t{i}" for i in range(11)]}, "text_matches"),
        ({"text_matches": ["x"], "mode": "slow"}, "mode"),
        ({"text_matches": ["x"], "semantic_weight": 2}, "semantic_weight"),
        (
            {"text_matches": ["x"], "relationship_filters": {"min_attitude": 6}},
            "relationship_filters.min_attitude",
        ),
        (
            {"text_matches": ["x"], "relationship_filters": {"min_attitude": 4, "max_attitude": 2}},
            "relationship_filters",
        ),
        ({"text_matches": ["x"], "relationship_filters": {"hostile": True}}, "relationship_filters.hostile"),
        ({"text_matches": ["x"], "limits": {"nodes": 0}}, "limits.nodes"),
        ({"text_matches": ["ok", "a\u0000b"]}, "text_matches[1]"),
    ],
)
def test_a_bad_request_is_400_naming_the_field(api, user_id, body, field):
    response = api.post("/v1/explore", body, user=user_id)
    assert response.status == 400, response.body
    assert response.error["code"] == "validation_error"
    assert response.error["field"] == field
