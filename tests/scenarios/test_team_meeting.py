"""A team meeting analyzed once: each participant remembers it from where they sat.

Alice sends the transcript of a three-person meeting with Bob and Carol as participants. Each of them
then has their own memories of what they said ("I") and of what the others said (by name), their own
graph, and finds the meeting through `GET /v1/sources`, explore and search. Dave, who is not in the
team, sees nothing of it anywhere. Carol leaves the team and loses the source but keeps her memories,
whose provenance now says the source is no longer accessible. Everything through the HTTP API.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from engram.jobs.local_worker import LocalWorker
from engram.pipeline.jobs import register_pipeline_jobs
from tests.http_client import ApiClient

WHEN = "2026-04-14T15:00:00Z"


def _user(tag: str) -> str:
    return f"{tag}-{uuid.uuid4().hex[:10]}"


def _ok(response: Any, *statuses: int) -> Any:
    assert response.status in (statuses or (200,)), (response.status, response.body)
    return response.body


@pytest.fixture
def people(api: ApiClient) -> dict[str, str]:
    return {name: _user(name) for name in ("alice", "bob", "carol", "dave")}


@pytest.fixture
def team(api: ApiClient, people: dict[str, str]) -> str:
    """Alice's team with Bob and Carol (Dave is not in it)."""
    created = _ok(api.post("/v1/teams", {"name": "Atlas launch"}, user=people["alice"]), 201)
    for member in ("bob", "carol"):
        _ok(
            api.post(f"/v1/teams/{created['id']}/members", {"user_id": people[member]}, user=people["alice"]),
            201,
        )
    return created["id"]


def _meeting(people: dict[str, str], team: str) -> dict[str, Any]:
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    return {
        "messages": [
            {"role": "user", "user_id": alice, "name": "Alice", "timestamp": WHEN,
             "content": "I will own the Atlas launch checklist and I am moving to Lisbon in June."},
            {"role": "user", "user_id": bob, "name": "Bob", "timestamp": WHEN,
             "content": "I work at Stripe now, and I am training for the Berlin marathon."},
            {"role": "user", "user_id": carol, "name": "Carol", "timestamp": WHEN,
             "content": "My sister Nadia just started at Figma. I love climbing on weekends."},
        ],
        "source": {"type": "meeting", "context_type": "team-meeting", "team_id": team,
                   "participants": [bob, carol], "document_date": WHEN},
    }  # fmt: skip


def _analyze_and_work(api: ApiClient, db: Any, people: dict[str, str], team: str) -> dict[str, Any]:
    register_pipeline_jobs()
    body = _ok(api.post("/v1/analyze", _meeting(people, team), user=people["alice"]), 200, 202)
    LocalWorker(db, poll_interval=0.05).run_until_idle(timeout=30)
    return body


def _contents(api: ApiClient, user: str) -> list[str]:
    items = _ok(api.get("/v1/memories?limit=200", user=user))["items"]
    return [m["content"] for m in items]


def _has(contents: list[str], *words: str) -> bool:
    return any(all(w.lower() in c.lower() for w in words) for c in contents)


def test_each_participant_remembers_the_meeting_from_where_they_sat(api, db, people, team):
    body = _analyze_and_work(api, db, people, team)
    assert sorted(body["shared_with"]) == sorted([people["bob"], people["carol"]])

    alice, bob, carol = (_contents(api, people[n]) for n in ("alice", "bob", "carol"))
    # their own words are theirs ...
    assert _has(bob, "marathon") and not _has(bob, "Bob", "marathon")
    assert _has(alice, "Lisbon") and not _has(alice, "Alice", "Lisbon")
    # ... and the others' are about them, by name
    assert _has(alice, "Bob", "Stripe") and _has(carol, "Bob", "Stripe")
    assert _has(bob, "Alice", "Lisbon") and _has(bob, "Carol", "climbing")
    assert not _has(alice, "I work at Stripe")
    # each memory cites the one shared source
    source_id = body["source_id"]
    for user in ("alice", "bob", "carol"):
        items = _ok(api.get("/v1/memories?limit=200", user=people[user]))["items"]
        assert items and all(p["source_id"] == source_id for m in items for p in m["provenance"])


def test_each_participant_has_their_own_graph(api, db, people, team):
    _analyze_and_work(api, db, people, team)

    def names(user: str) -> set[str]:
        return {e["name"] for e in _ok(api.get("/v1/entities?limit=200", user=people[user]))["items"]}

    assert "Bob" in names("alice") and "Bob" not in names("bob")
    assert "Carol" in names("bob") and "Alice" in names("carol")
    stripe = _ok(api.get("/v1/graph/neighbors?entity=Me", user=people["bob"]))
    assert any(n["name"] == "Stripe" for n in stripe["nodes"])  # Bob's own job is his edge


def test_members_find_the_meeting_and_dave_sees_nothing(api, db, people, team):
    body = _analyze_and_work(api, db, people, team)
    source_id = body["source_id"]
    for user in ("alice", "bob", "carol"):
        listed = _ok(api.get(f"/v1/sources?team_id={team}", user=people[user]))["items"]
        assert [s["id"] for s in listed] == [source_id]
        detail = _ok(api.get(f"/v1/sources/{source_id}", user=people[user]))
        assert len(detail["messages"]) == 3 and detail["memories"]
        assert {m["id"] for m in detail["memories"]} <= {
            m["id"] for m in _ok(api.get("/v1/memories?limit=200", user=people[user]))["items"]
        }  # only their own memories, never another member's
        explored = _ok(
            api.post("/v1/explore", {"queries": [{"query": "Atlas launch checklist"}]}, user=people[user])
        )
        assert source_id in str(explored)
        found = _ok(api.post("/v1/search", {"query": "Who works at Stripe?"}, user=people[user]))
        assert any("Stripe" in r["content"] for r in found["results"])

    dave = people["dave"]
    assert _ok(api.get("/v1/sources", user=dave))["items"] == []
    assert _ok(api.get(f"/v1/sources?team_id={team}", user=dave))["items"] == []
    assert api.get(f"/v1/sources/{source_id}", user=dave).status == 404
    assert api.get(f"/v1/teams/{team}", user=dave).status == 404
    explored = api.post("/v1/explore", {"queries": [{"query": "Atlas launch"}], "team_id": team}, user=dave)
    assert explored.status == 404
    mine = _ok(api.post("/v1/explore", {"queries": [{"query": "Atlas launch checklist"}]}, user=dave))
    assert source_id not in str(mine)
    assert _ok(api.post("/v1/search", {"query": "Stripe marathon Lisbon"}, user=dave))["results"] == []
    assert _contents(api, dave) == []
    assert _ok(api.get("/v1/entities", user=dave))["items"] == []
    assert api.get("/v1/graph/neighbors?entity=Alice", user=dave).status == 404
    recalled = _ok(api.post("/v1/recall", {"query": "Where is Alice moving?"}, user=dave))
    assert "Lisbon" not in str(recalled)
    timeline = _ok(
        api.post("/v1/timeline", {"start": "2026-04-01T00:00:00Z", "end": "2026-05-01T00:00:00Z"}, user=dave)
    )
    assert "Lisbon" not in str(timeline) and "Stripe" not in str(timeline)
    exported = _ok(api.get("/v1/export", user=dave))
    assert source_id not in str(exported) and "Lisbon" not in str(exported)


def test_authorship_is_the_participant_whose_graph_it_is(api, db, people, team):
    _analyze_and_work(api, db, people, team)
    bob = people["bob"]
    with db.user_transaction(bob) as conn:
        creators = conn.execute("SELECT DISTINCT created_by FROM entities WHERE user_id = %s", (bob,))
        recorders = conn.execute("SELECT DISTINCT recorded_by FROM relationships WHERE user_id = %s", (bob,))
        assert [r["created_by"] for r in creators.fetchall()] == [bob]
        assert [r["recorded_by"] for r in recorders.fetchall()] == [bob]


def test_a_member_who_leaves_loses_the_source_but_keeps_their_memories(api, db, people, team):
    body = _analyze_and_work(api, db, people, team)
    source_id, carol = body["source_id"], people["carol"]
    kept = _contents(api, carol)

    _ok(api.request("DELETE", f"/v1/teams/{team}/members/{carol}", user=carol), 200, 204)

    assert api.get(f"/v1/sources/{source_id}", user=carol).status == 404
    assert _ok(api.get("/v1/sources", user=carol))["items"] == []
    assert _contents(api, carol) == kept
    items = _ok(api.get("/v1/memories?limit=200", user=carol))["items"]
    assert all(p["accessible"] is False for m in items for p in m["provenance"])
    explored = _ok(api.post("/v1/explore", {"queries": [{"query": "Atlas launch checklist"}]}, user=carol))
    assert source_id not in str(explored)
    # the others still read it
    bob = _ok(api.get("/v1/memories?limit=200", user=people["bob"]))["items"]
    assert all(p["accessible"] is True for m in bob for p in m["provenance"])


def test_sharing_is_refused_before_anything_is_stored(api, db, people, team):
    dave, alice = people["dave"], people["alice"]
    meeting = _meeting(people, team)
    refused = api.post("/v1/analyze", meeting, user=dave)
    assert refused.status == 403 and refused.body["error"]["field"] == "source.team_id"

    meeting["source"]["participants"] = [people["bob"], dave]
    refused = api.post("/v1/analyze", meeting, user=alice)
    assert refused.status == 400 and refused.body["error"]["field"] == "source.participants[1]"

    meeting = _meeting(people, team)
    meeting["messages"][0]["user_id"] = dave
    refused = api.post("/v1/analyze", meeting, user=alice)
    assert refused.status == 400 and refused.body["error"]["field"] == "messages[0].user_id"

    for user in (alice, dave):
        assert _ok(api.get("/v1/sources", user=user))["items"] == []


def test_row_level_security_alone_keeps_the_shared_source_to_the_team(api, db, people, team):
    """The second line of defence: as the application role with only `app.user_id` set, and no WHERE
    clause of ours, a non-member reads no row of the shared source and a member cannot change it."""
    source_id = _analyze_and_work(api, db, people, team)["source_id"]

    def visible(user: str) -> list[Any]:
        with db.user_transaction(people[user]) as conn:
            return [r["id"] for r in conn.execute("SELECT id FROM sources").fetchall()]

    assert [str(i) for i in visible("bob")] == [source_id]
    assert visible("dave") == []
    with db.user_transaction(people["bob"]) as conn:
        changed = conn.execute("UPDATE sources SET content = 'x' WHERE id = %s", (source_id,)).rowcount
        stolen = conn.execute("SELECT count(*) AS n FROM memories WHERE user_id <> %s", (people["bob"],))
        assert changed == 0 and stolen.fetchone()["n"] == 0


def test_each_participant_reads_the_meeting_under_their_own_preferences(api, db, people, team):
    prefs = api.put("/v1/preferences", {"never_store": ["marathon"]}, user=people["bob"])
    assert prefs.status == 200, prefs.body

    _analyze_and_work(api, db, people, team)

    assert not _has(_contents(api, people["bob"]), "marathon")  # Bob keeps nothing of it
    assert _has(_contents(api, people["carol"]), "Bob", "marathon")  # Carol's preferences are hers


def test_a_retried_share_queues_nobody_twice(api, db, people, team):
    meeting = _meeting(people, team) | {"idempotency_key": "atlas-sync-1"}
    register_pipeline_jobs()
    first = _ok(api.post("/v1/analyze", meeting, user=people["alice"]), 200, 202)
    again = _ok(api.post("/v1/analyze", meeting, user=people["alice"]), 200, 202)
    LocalWorker(db, poll_interval=0.05).run_until_idle(timeout=30)

    assert again["source_id"] == first["source_id"] and again.get("idempotent_replay") is True
    with db.system_transaction() as conn:
        jobs = conn.execute(
            "SELECT user_id, count(*) AS n FROM memory_jobs WHERE source_id = %s AND job_type = 'extract'"
            " GROUP BY user_id",
            (first["source_id"],),
        ).fetchall()
    assert {r["user_id"]: r["n"] for r in jobs} == {people["bob"]: 1, people["carol"]: 1}
