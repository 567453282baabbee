"""Edges, the profile and entity descriptions follow the memories through every kind of change, and
rebuilding them from the memories alone gives exactly the live rows after each step.

Notes go in through POST /v1/analyze and the memories API like any app would send them; the graph is
read back through GET /v1/entities/{id} (current edges and their history)."""

from __future__ import annotations

from typing import Any

from engram.domain.jobs import NewJob
from engram.jobs.local_worker import LocalWorker
from engram.jobs.queue import LocalJobQueue
from engram.pipeline.jobs import register_pipeline_jobs
from tests.derived_views import assert_derived_views_match, derived_view_differences
from tests.scenarios.conftest import Engram


def _entity(engram: Engram, name: str) -> dict[str, Any]:
    listing = engram.api.get("/v1/entities?limit=200", user=engram.user).body["items"]
    match = [e for e in listing if e["name"].lower() == name.lower()]
    assert match, (name, [e["name"] for e in listing])
    detail = engram.api.get(f"/v1/entities/{match[0]['id']}", user=engram.user)
    assert detail.status == 200, detail.body
    return detail.body


def _me(engram: Engram) -> dict[str, Any]:
    response = engram.api.get("/v1/graph/neighbors?entity=Me", user=engram.user)
    assert response.status == 200, response.body
    return response.body


def _current(engram: Engram, rtype: str) -> list[str]:
    """Names of the nodes the user's current `rtype` edges point at."""
    body = _me(engram)
    names = {n["id"]: n["name"] for n in body["nodes"]}
    owner = body["entity"]["id"]
    return sorted(
        names[e["to_entity_id"]]
        for e in body["edges"]
        if e["relationship_type"] == rtype and e["from_entity_id"] == owner and e["valid_to"] is None
    )


def _history(engram: Engram, name: str, rtype: str) -> list[tuple[str, str | None]]:
    edges = _entity(engram, name)["relationship_history"]
    return [(e["valid_from"], e["valid_to"]) for e in edges if e["relationship_type"] == rtype]


def _profile(engram: Engram) -> dict[str, dict[str, str]]:
    response = engram.api.get("/v1/profile", user=engram.user)
    assert response.status == 200, response.body
    return response.body["profile"]


def test_a_new_employer_closes_the_old_edge_and_opens_one_to_the_new(engram, db, user_id):
    engram.note("I work at Halcyon Labs as an analyst.", when="2026-01-12T09:00:00Z")
    assert _current(engram, "works_at") == ["Halcyon Labs"]
    assert_derived_views_match(db, user_id)

    engram.note("I quit Halcyon Labs and started a new job at Brightwater.", when="2026-04-02T09:00:00Z")
    assert _current(engram, "works_at") == ["Brightwater"]
    assert _history(engram, "Halcyon Labs", "works_at") == [("2026-01-12T09:00:00Z", "2026-04-02T09:00:00Z")]
    assert _profile(engram)["work"]["employer"] == "Brightwater"
    assert_derived_views_match(db, user_id)


def test_a_friend_changing_jobs_moves_their_edge(engram, db, user_id):
    engram.note("My neighbor Tobias works at Quillfeather.", when="2026-02-01T09:00:00Z")
    engram.note("Tobias joined Marrowind last week after leaving Quillfeather.", when="2026-05-01T09:00:00Z")
    tobias = _entity(engram, "Tobias")
    names = {e["id"]: e["name"] for e in engram.api.get("/v1/entities?limit=50", user=user_id).body["items"]}
    current = [
        names[e["to_entity_id"]] for e in tobias["relationships"] if e["relationship_type"] == "works_at"
    ]
    ended = [names[e["to_entity_id"]] for e in tobias["relationship_history"] if e["valid_to"] is not None]
    assert current == ["Marrowind"]
    assert "Quillfeather" in ended
    assert_derived_views_match(db, user_id)


def test_forgetting_the_only_evidence_removes_the_edge_and_the_profile_value(engram, db, user_id):
    engram.note("I live in Port Ellery.", when="2026-01-05T09:00:00Z")
    assert _current(engram, "lives_in") == ["Port Ellery"]
    assert _profile(engram)["location"]["home"] == "Port Ellery"
    memory = engram.find("Port Ellery")[0]

    response = engram.api.request("DELETE", f"/v1/memories/{memory['id']}?hard=true", user=user_id)
    assert response.status in (200, 204), response.body
    assert _current(engram, "lives_in") == []
    assert "location" not in _profile(engram)  # no refresh call needed
    assert_derived_views_match(db, user_id)


def test_archiving_a_memory_ends_its_edge_but_keeps_it_as_history(engram, db, user_id):
    engram.note("I study at Northgate College.", when="2026-01-05T09:00:00Z")
    memory = engram.find("Northgate")[0]
    response = engram.api.request("DELETE", f"/v1/memories/{memory['id']}", user=user_id)
    assert response.status in (200, 204), response.body
    assert _current(engram, "studies_at") == []
    history = _history(engram, "Northgate College", "studies_at")
    assert len(history) == 1 and history[0][1] is not None
    assert_derived_views_match(db, user_id)


def test_saying_it_again_strengthens_the_edge_and_the_rebuild_agrees(engram, db, user_id):
    engram.note("My friend Odile works at Candlewick.", when="2026-01-05T09:00:00Z")
    first = [e for e in _entity(engram, "Odile")["relationships"] if e["relationship_type"] == "works_at"]
    engram.note("My friend Odile works at Candlewick.", when="2026-02-05T09:00:00Z")
    again = [e for e in _entity(engram, "Odile")["relationships"] if e["relationship_type"] == "works_at"]
    assert again[0]["id"] == first[0]["id"]  # the same edge, not a second one
    assert again[0]["strength"] > first[0]["strength"]
    assert_derived_views_match(db, user_id)


def test_a_move_is_in_the_profile_at_once(engram, db, user_id):
    engram.note("I live in Larkspur.", when="2026-01-05T09:00:00Z")
    assert _profile(engram)["location"]["home"] == "Larkspur"
    engram.note("I moved to Fennimore last month.", when="2026-06-05T09:00:00Z")
    assert _profile(engram)["location"]["home"] == "Fennimore"
    assert _current(engram, "lives_in") == ["Fennimore"]
    assert_derived_views_match(db, user_id)


def test_an_edge_a_client_gives_with_a_memory_as_evidence_goes_with_that_memory(engram, db, user_id):
    engram.note("Juniper and I met at the pottery class.", when="2026-01-05T09:00:00Z")
    memory = engram.find("pottery")[0]
    register_pipeline_jobs()
    edge = {"from": "me", "to": "Pottery Guild", "relationship_type": "member_of"}
    payload = {"edges": [edge], "evidence_memory_id": memory["id"]}
    LocalJobQueue(db).submit([NewJob(user_id=user_id, job_type="graph_update", payload=payload)])
    LocalWorker(db, poll_interval=0.05).run_until_idle(timeout=10)
    assert _current(engram, "member_of") == ["Pottery Guild"]
    assert_derived_views_match(db, user_id)

    engram.api.request("DELETE", f"/v1/memories/{memory['id']}?hard=true", user=user_id)
    assert _current(engram, "member_of") == []
    assert_derived_views_match(db, user_id)


def _described(engram: Engram, name: str) -> str:
    """A node's description as the entity API, the graph and explore each show it (they must agree)."""
    detail = _entity(engram, name)
    neighbors = engram.api.get(f"/v1/graph/neighbors?entity={detail['id']}", user=engram.user).body
    assert neighbors["entity"]["description"] == detail["description"]
    return detail["description"]


def test_a_description_says_what_the_memories_say_now(engram, db, user_id):
    engram.note("My friend Marcus works at Stripe as an engineer.", when="2026-02-02T09:00:00Z")
    assert "Stripe" in _described(engram, "Marcus")
    assert_derived_views_match(db, user_id)

    engram.note("Marcus joined Notion last week after leaving Stripe.", when="2026-03-02T09:00:00Z")
    now = _described(engram, "Marcus")
    assert "Notion" in now and "works at Stripe" not in now
    assert_derived_views_match(db, user_id)

    engram.note("Marcus is training for the Berlin marathon.", when="2026-03-09T09:00:00Z")
    [marathon] = engram.find("marathon")
    assert "marathon" in _described(engram, "Marcus")
    deleted = engram.api.request("DELETE", f"/v1/memories/{marathon['id']}?hard=true", user=user_id)
    assert deleted.status in (200, 204), deleted.body
    assert "marathon" not in _described(engram, "Marcus")
    assert_derived_views_match(db, user_id)


def test_the_rebuild_check_catches_a_description_its_memories_no_longer_say(engram, db, user_id):
    engram.note("My sister Dana lives in Oslo.", when="2026-02-02T09:00:00Z")
    assert "Oslo" in _described(engram, "Dana")
    with db.user_transaction(user_id) as conn:  # a write path that kept its own text, unmarked
        conn.execute(
            "UPDATE entities SET description = 'Dana (sister): lives in Bergen.', description_stale = false"
            " WHERE user_id = %s AND name = 'Dana'",
            (user_id,),
        )
    assert "descriptions" in derived_view_differences(db, user_id)
