"""One sensitivity ceiling everywhere, through real HTTP and a real Postgres.

A user tells Engram four things through the write path: one normal memory about one person, one
sensitive memory about a second person, one private memory about a third, and a normal and a sensitive
memory about a fourth. Every read that returns memory text, entities or edges is then asked at the
default ceiling, with `sensitivity_max`, and after the user raises their default level: a hidden
person's name and a hidden memory's words must appear nowhere in the serialized response, and raising
the ceiling must show them. Export is the user's own copy and always holds everything.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest

from engram.db.repositories import relationships as rel_repo

# Names and words chosen to be unique in the whole response body (no other text contains them).
NORMAL = "My coworker Thaddeus plays the cello in a jazz trio."
SENSITIVE = "My cousin Ignatius was diagnosed with epilepsy last spring."
PRIVATE = "My cousin Philippa owes me a loan of 4000 dollars, and it is a secret."
BOTH_NORMAL = "My friend Rosalind runs a bakery downtown."
BOTH_SENSITIVE = "Rosalind started chemotherapy for leukemia this month."

SENSITIVE_WORDS = ("Ignatius", "epilepsy")
PRIVATE_WORDS = ("Philippa", "loan of 4000")
BOTH_SENSITIVE_WORDS = ("chemotherapy", "leukemia")


# Where a response repeats the request's own words back (the query as run, its rewrites): the caller
# wrote them, so they are no leak and are left out of the check.
ECHOES = frozenset({"query", "query_used", "queries", "text_used", "transformations"})


def _scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items() if k not in ECHOES}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def _text(response: Any) -> str:
    return json.dumps(_scrub(response.body), ensure_ascii=False).lower()


def _absent(response: Any, *words: str) -> None:
    assert response.status == 200, response.body
    text = _text(response)
    for word in words:
        assert word.lower() not in text, f"{word!r} leaked"


def _present(response: Any, *words: str) -> None:
    assert response.status == 200, response.body
    text = _text(response)
    for word in words:
        assert word.lower() in text, f"{word!r} missing"


@dataclass
class Life:
    user: str
    levels: dict[str, str]  # memory content -> sensitivity level, as stored


@pytest.fixture
def life(api: Any, user_id: str) -> Life:
    for content in (NORMAL, SENSITIVE, PRIVATE, BOTH_NORMAL, BOTH_SENSITIVE):
        response = api.post("/v1/analyze", {"content": content}, user=user_id)
        assert response.status == 200, response.body
    memories = api.get("/v1/memories?limit=100", user=user_id).body["items"]
    levels = {m["content"]: m["sensitivity_level"] for m in memories}
    return Life(user_id, levels)


def _level_of(life: Life, word: str) -> str:
    (level,) = {level for content, level in life.levels.items() if word.lower() in content.lower()}
    return level


def test_the_story_is_stored_at_the_levels_the_tests_rely_on(life):
    assert _level_of(life, "Thaddeus") == "normal"
    assert _level_of(life, "epilepsy") == "sensitive"
    assert _level_of(life, "Philippa") == "private"
    assert _level_of(life, "bakery") == "normal"
    assert _level_of(life, "leukemia") == "sensitive"


def _entity_id(api: Any, life: Life, name: str, ceiling: str = "private") -> str:
    response = api.get(f"/v1/entities?name={name}&sensitivity_max={ceiling}", user=life.user)
    (match,) = [item for item in response.body["items"] if item["name"] == name]
    return match["id"]


def _set_default(api: Any, life: Life, level: str) -> None:
    response = api.put("/v1/preferences", {"default_sensitivity_level": level}, user=life.user)
    assert response.status == 200, response.body


# --- the entity API -------------------------------------------------------------------------------------


def test_entities_list_follows_the_ceiling(api, life):
    default = api.get("/v1/entities?include_owner=true", user=life.user)
    _absent(default, *SENSITIVE_WORDS, *PRIVATE_WORDS, *BOTH_SENSITIVE_WORDS)
    _present(default, "Thaddeus", "Rosalind")

    raised = api.get("/v1/entities?sensitivity_max=sensitive", user=life.user)
    _present(raised, "Ignatius")
    _absent(raised, *PRIVATE_WORDS)
    _present(api.get("/v1/entities?sensitivity_max=private", user=life.user), "Ignatius", "Philippa")

    lowered = api.get("/v1/entities?name=Ignatius&sensitivity_max=normal", user=life.user)
    _absent(lowered, "Ignatius")

    _set_default(api, life, "sensitive")
    _present(api.get("/v1/entities", user=life.user), "Ignatius")
    _absent(api.get("/v1/entities", user=life.user), "Philippa")


def test_a_hidden_entity_reads_as_missing_and_its_memories_too(api, life):
    ignatius = _entity_id(api, life, "Ignatius")
    philippa = _entity_id(api, life, "Philippa")

    assert api.get(f"/v1/entities/{ignatius}", user=life.user).status == 404
    assert api.get(f"/v1/entities/{ignatius}/memories", user=life.user).status == 404
    assert api.get(f"/v1/entities/{philippa}?sensitivity_max=sensitive", user=life.user).status == 404

    shown = api.get(f"/v1/entities/{ignatius}?sensitivity_max=sensitive", user=life.user)
    _present(shown, "Ignatius")
    memories = api.get(f"/v1/entities/{ignatius}/memories?sensitivity_max=sensitive", user=life.user)
    _present(memories, *SENSITIVE_WORDS)

    _set_default(api, life, "private")
    _present(api.get(f"/v1/entities/{philippa}", user=life.user), "Philippa")
    _present(api.get(f"/v1/entities/{philippa}/memories", user=life.user), *PRIVATE_WORDS)


def test_a_person_in_a_normal_and_a_sensitive_memory_shows_only_the_normal_one(api, life):
    rosalind = _entity_id(api, life, "Rosalind")

    detail = api.get(f"/v1/entities/{rosalind}", user=life.user)
    _absent(detail, *BOTH_SENSITIVE_WORDS, *SENSITIVE_WORDS, *PRIVATE_WORDS)
    _present(detail, "Rosalind")
    memories = api.get(f"/v1/entities/{rosalind}/memories", user=life.user)
    _absent(memories, *BOTH_SENSITIVE_WORDS)
    _present(memories, "bakery")

    raised = api.get(f"/v1/entities/{rosalind}/memories?sensitivity_max=sensitive", user=life.user)
    _present(raised, *BOTH_SENSITIVE_WORDS)
    _set_default(api, life, "sensitive")
    _present(api.get(f"/v1/entities/{rosalind}/memories", user=life.user), *BOTH_SENSITIVE_WORDS)


def test_the_owner_node_shows_no_edge_to_a_hidden_person(api, life):
    owner = api.get("/v1/entities?include_owner=true", user=life.user).body["items"]
    (me,) = [item["id"] for item in owner if item["is_owner"]]

    detail = api.get(f"/v1/entities/{me}", user=life.user)
    _absent(detail, *SENSITIVE_WORDS, *PRIVATE_WORDS, *BOTH_SENSITIVE_WORDS)

    _present(api.get(f"/v1/entities/{me}?sensitivity_max=private", user=life.user), "Ignatius", "Philippa")


# --- the graph ------------------------------------------------------------------------------------------


def test_neighbors_follow_the_ceiling(api, life):
    hidden = (*SENSITIVE_WORDS, *PRIVATE_WORDS, *BOTH_SENSITIVE_WORDS)
    _absent(api.get("/v1/graph/neighbors?entity=me&depth=3", user=life.user), *hidden)
    assert api.get("/v1/graph/neighbors?entity=Ignatius", user=life.user).status == 404
    rosalind = api.get("/v1/graph/neighbors?entity=Rosalind&depth=3", user=life.user)
    _absent(rosalind, *hidden)

    raised = api.get("/v1/graph/neighbors?entity=me&sensitivity_max=sensitive", user=life.user)
    _present(raised, "Ignatius")
    _absent(raised, *PRIVATE_WORDS)
    _set_default(api, life, "private")
    _present(api.get("/v1/graph/neighbors?entity=me", user=life.user), "Ignatius", "Philippa")


def test_paths_never_reach_or_pass_a_hidden_person(api, life):
    assert api.get("/v1/graph/path?from=me&to=Ignatius", user=life.user).status == 404
    assert api.get("/v1/graph/path?from=Philippa&to=me", user=life.user).status == 404
    _absent(api.get("/v1/graph/path?from=me&to=Rosalind", user=life.user), *BOTH_SENSITIVE_WORDS)

    found = api.get("/v1/graph/path?from=me&to=Ignatius&sensitivity_max=sensitive", user=life.user)
    _present(found, "Ignatius")
    assert found.body["found"] is True


def test_traverse_in_both_modes_follows_the_ceiling(api, life):
    hidden = (*SENSITIVE_WORDS, *PRIVATE_WORDS, *BOTH_SENSITIVE_WORDS)
    ppr = {"mode": "ppr", "seed_nodes": ["me"], "top_k": 50}
    query = {"mode": "query", "query": {"from": {"is_owner": True}, "limit": 200}}
    _absent(api.post("/v1/traverse", ppr, user=life.user), *hidden)
    _absent(api.post("/v1/traverse", query, user=life.user), *hidden)
    seeded = api.post("/v1/traverse", {"mode": "ppr", "seed_nodes": ["Ignatius"]}, user=life.user)
    assert seeded.status == 404

    _present(api.post("/v1/traverse", {**ppr, "sensitivity_max": "sensitive"}, user=life.user), "Ignatius")
    _present(api.post("/v1/traverse", {**query, "sensitivity_max": "private"}, user=life.user), "Philippa")
    _set_default(api, life, "sensitive")
    _present(api.post("/v1/traverse", query, user=life.user), "Ignatius")


# --- explore, profile, recall, timeline, search, related ------------------------------------------------


def test_explore_follows_the_ceiling_in_every_section(api, life):
    request = {
        "queries": [{"query": "cousin epilepsy diagnosis"}, {"query": "Rosalind chemotherapy"}],
        "text_matches": ["Ignatius", "Philippa", "leukemia", "Rosalind"],
        "granularity": 3,
    }
    _absent(api.post("/v1/explore", request, user=life.user), *SENSITIVE_WORDS, *PRIVATE_WORDS, "leukemia")
    _present(api.post("/v1/explore", {**request, "sensitivity_max": "private"}, user=life.user), "Ignatius")
    _set_default(api, life, "sensitive")
    _present(api.post("/v1/explore", request, user=life.user), "Ignatius")


def test_profile_recall_timeline_and_search_follow_the_ceiling(api, life):
    hidden = (*SENSITIVE_WORDS, *PRIVATE_WORDS, *BOTH_SENSITIVE_WORDS)
    _absent(api.get("/v1/profile", user=life.user), *hidden)
    _absent(api.get("/v1/profile?include_history=true", user=life.user), *hidden)
    recall = {"query": "How are Ignatius, Philippa and Rosalind doing with their health and money?"}
    _absent(api.post("/v1/recall", recall, user=life.user), *hidden)
    timeline = {"query": "what happened this year"}
    _absent(api.post("/v1/timeline", timeline, user=life.user), *hidden)
    search = {"query": "Ignatius epilepsy Philippa loan Rosalind chemotherapy"}
    _absent(api.post("/v1/search", search, user=life.user), *hidden)

    raised = {"sensitivity_max": "private"}
    _present(api.post("/v1/recall", {**recall, **raised}, user=life.user), "epilepsy")
    _present(api.post("/v1/search", {**search, **raised}, user=life.user), "epilepsy", "leukemia")
    _set_default(api, life, "private")
    _present(api.post("/v1/search", search, user=life.user), "epilepsy", "Philippa")


def test_related_memories_of_a_normal_memory_leave_out_hidden_ones(api, life):
    items = api.get("/v1/memories?limit=100", user=life.user).body["items"]
    (bakery,) = [m["id"] for m in items if "bakery" in m["content"]]

    _absent(api.get(f"/v1/memories/{bakery}/related", user=life.user), *BOTH_SENSITIVE_WORDS)
    _set_default(api, life, "sensitive")
    _present(api.get(f"/v1/memories/{bakery}/related", user=life.user), "leukemia")


def test_export_is_the_users_own_copy_and_holds_everything(api, life):
    _present(
        api.get("/v1/export", user=life.user),
        *SENSITIVE_WORDS,
        *PRIVATE_WORDS,
        *BOTH_SENSITIVE_WORDS,
        "Thaddeus",
    )


def test_an_edge_description_cut_from_a_hidden_memory_is_not_shown(api, life, db):
    """The edge writer cuts an edge's description from the memory being written, and does not record
    which: an edge with any evidence above the ceiling is shown (its other evidence allows it) without
    its description. Thaddeus gets a second tie, evidenced by the normal memory and a sensitive one whose
    text is its description."""
    items = api.get("/v1/memories?limit=100", user=life.user).body["items"]
    (normal,) = [UUID(m["id"]) for m in items if "cello" in m["content"]]
    (sensitive,) = [UUID(m["id"]) for m in items if "epilepsy" in m["content"]]
    owner = api.get("/v1/entities?include_owner=true", user=life.user).body["items"]
    (me,) = [UUID(item["id"]) for item in owner if item["is_owner"]]
    thaddeus = UUID(_entity_id(api, life, "Thaddeus"))
    now = datetime.now(UTC)
    with db.user_transaction(life.user) as conn:
        for memory_id, description in ((normal, "plays music with me"), (sensitive, SENSITIVE)):
            rel_repo.upsert_edge(
                conn,
                life.user,
                from_entity_id=me,
                to_entity_id=thaddeus,
                kind="has_relationship_with",
                relationship_type="bandmate",
                valid_from=now,
                recorded_at=now,
                description=description,
                evidence_memory_id=memory_id,
            )

    def bandmate(response: Any) -> dict:
        _absent(response, *SENSITIVE_WORDS)
        edges = response.body["edges"] if "edges" in response.body else response.body["relationships"]
        (edge,) = [e for e in edges if e["relationship_type"] == "bandmate"]
        return edge

    assert bandmate(api.get("/v1/graph/neighbors?entity=me", user=life.user))["description"] is None
    assert bandmate(api.get(f"/v1/entities/{thaddeus}", user=life.user))["description"] is None
    query = {"mode": "query", "query": {"edge": {"types": ["bandmate"]}}}
    _absent(api.post("/v1/traverse", query, user=life.user), *SENSITIVE_WORDS)
    _absent(api.post("/v1/explore", {"text_matches": ["bandmate"]}, user=life.user), *SENSITIVE_WORDS)

    raised = api.get("/v1/graph/neighbors?entity=me&sensitivity_max=sensitive", user=life.user)
    (edge,) = [e for e in raised.body["edges"] if e["relationship_type"] == "bandmate"]
    assert "epilepsy" in edge["description"]


def test_a_normal_memory_told_again_in_a_sensitive_sentence_keeps_no_copy_of_it(api, user_id):
    """ "Tomas is my neighbour", read again from "Tomas was diagnosed with diabetes": the tie is
    reinforced, and its evidence (shown at the normal ceiling) does not take in the diagnosis."""
    for content in ("Tomas is my neighbour.", "Tomas was diagnosed with diabetes last week."):
        assert api.post("/v1/analyze", {"content": content}, user=user_id).status == 200
    tomas = _entity_id(api, Life(user_id, {}), "Tomas")
    _absent(api.get(f"/v1/entities/{tomas}/memories", user=user_id), "diabetes", "diagnosed")
    _present(api.get(f"/v1/entities/{tomas}/memories?sensitivity_max=sensitive", user=user_id), "diabetes")
