"""The graph the write path draws from a week of plain notes: nodes, edges, closed edges with valid_to.

Notes go in through POST /v1/analyze like any app would send them; the graph is read back through the
repositories (the graph routes have their own tests) so each assertion names the exact edge."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from engram.db.repositories import relationships as rel_repo

WEEK = [
    ("2026-03-02T09:00:00Z", "My coworker Marcus works at Stripe."),
    ("2026-03-02T18:00:00Z", "My friend Sarah works at Acme."),
    ("2026-03-03T12:00:00Z", "Sarah is dating Dan."),
    ("2026-03-04T20:00:00Z", "I had dinner with Sarah and Dan at Nopa."),
    ("2026-03-06T10:00:00Z", "Marcus just started at Notion."),
    ("2026-03-07T21:00:00Z", "Sarah got engaged to Dan!"),
]


def _graph(db: Any, user_id: str) -> tuple[dict[str, dict], list[dict]]:
    with db.user_transaction(user_id) as conn:
        nodes = {
            r["canonical_name"]: r
            for r in conn.execute("SELECT * FROM entities WHERE user_id = %s", (user_id,)).fetchall()
        }
        edges = conn.execute("SELECT * FROM relationships WHERE user_id = %s", (user_id,)).fetchall()
    return nodes, edges


def _edge(nodes: dict, edges: list[dict], source: str, rtype: str, target: str) -> list[dict]:
    a, b = nodes[source]["id"], nodes[target]["id"]
    return [
        e
        for e in edges
        if e["relationship_type"] == rtype
        and {e["from_entity_id"], e["to_entity_id"]} == {a, b}
        and (e["from_entity_id"] == a or rtype in ("dating", "engaged_to", "knows"))
    ]


@pytest.fixture
def week(engram, db, user_id):
    for when, note in WEEK:
        engram.note(note, when=when)
    return _graph(db, user_id)


def test_people_the_user_knows_hang_off_the_owner_node(week):
    nodes, edges = week
    owner = nodes["@owner"]
    assert owner["is_owner"] and owner["kind"] == "person"
    assert _edge(nodes, edges, "@owner", "coworker", "marcus")
    assert _edge(nodes, edges, "@owner", "friend", "sarah")


def test_job_change_closes_the_old_employer_edge_and_opens_the_new(week):
    nodes, edges = week
    [stripe] = _edge(nodes, edges, "marcus", "works_at", "stripe")
    [notion] = _edge(nodes, edges, "marcus", "works_at", "notion")
    assert stripe["valid_to"] == datetime(2026, 3, 6, 10, tzinfo=UTC) and not stripe["is_active"]
    assert notion["valid_to"] is None and notion["valid_from"] == stripe["valid_to"]


def test_engagement_closes_dating_and_keeps_it_as_history(week):
    nodes, edges = week
    [dating] = _edge(nodes, edges, "sarah", "dating", "dan")
    [engaged] = _edge(nodes, edges, "sarah", "engaged_to", "dan")
    assert dating["valid_to"] == datetime(2026, 3, 7, 21, tzinfo=UTC)
    assert engaged["valid_to"] is None
    assert _edge(nodes, edges, "sarah", "works_at", "acme")[0]["valid_to"] is None


def test_being_named_together_again_strengthens_the_tie(engram, db, user_id):
    engram.note("I had lunch with Priya and Omar.", when="2026-03-02T12:00:00Z")
    first = _edge(*_graph(db, user_id), "priya", "knows", "omar")[0]
    engram.note("Priya and Omar came to my birthday party.", when="2026-03-09T12:00:00Z")
    again = _edge(*_graph(db, user_id), "priya", "knows", "omar")[0]
    assert again["id"] == first["id"]
    assert again["co_mention_count"] == 2 and again["strength"] > first["strength"]
    assert len(again["evidence_memory_ids"]) == 2


def test_employer_as_of_a_date_before_and_after_the_change(week, db, user_id):
    nodes, _ = week
    names = {n["id"]: name for name, n in nodes.items()}

    def employer(at: datetime) -> list[str]:
        with db.user_transaction(user_id) as conn:
            edges = rel_repo.edges_of_entity(conn, user_id, nodes["marcus"]["id"], as_of=at)
        return [names[e["to_entity_id"]] for e in edges if e["relationship_type"] == "works_at"]

    assert employer(datetime(2026, 3, 4, tzinfo=UTC)) == ["stripe"]
    assert employer(datetime(2026, 3, 8, tzinfo=UTC)) == ["notion"]


def test_leaving_a_job_closes_the_edge_without_opening_another(engram, db, user_id):
    engram.note("Marcus works at Stripe.", when="2026-03-02T09:00:00Z")
    engram.note("Marcus left Stripe.", when="2026-03-05T09:00:00Z")
    nodes, edges = _graph(db, user_id)
    [stripe] = _edge(nodes, edges, "marcus", "works_at", "stripe")
    assert stripe["valid_to"] == datetime(2026, 3, 5, 9, tzinfo=UTC)
    assert [e for e in edges if e["relationship_type"] == "works_at" and e["valid_to"] is None] == []


def test_two_users_mentioning_sarah_get_separate_nodes(engram, api, db, user_id, other_user_id):
    from tests.scenarios.conftest import Engram

    engram.note("My friend Sarah works at Acme.")
    Engram(api, other_user_id).note("My sister Sarah lives in Oslo.")
    mine, mine_edges = _graph(db, user_id)
    theirs, their_edges = _graph(db, other_user_id)
    assert mine["sarah"]["id"] != theirs["sarah"]["id"]
    assert {e["relationship_type"] for e in mine_edges} >= {"friend", "works_at"}
    assert "lives_in" not in {e["relationship_type"] for e in mine_edges}
    assert {e["relationship_type"] for e in their_edges} >= {"sister", "lives_in"}


def test_forgetting_a_fact_removes_the_edge_it_alone_supported(engram, db, user_id):
    engram.note("Marcus works at Stripe.", when="2026-03-02T09:00:00Z")
    engram.note("I had lunch with Marcus and Priya.", when="2026-03-03T09:00:00Z")
    engram.note("Forget that Marcus works at Stripe.", when="2026-03-04T09:00:00Z")
    nodes, edges = _graph(db, user_id)
    assert not engram.find("Stripe")
    assert "stripe" not in nodes or not _edge(nodes, edges, "marcus", "works_at", "stripe")
    assert _edge(nodes, edges, "marcus", "knows", "priya")  # other evidence, other edges: untouched


def _operations(db: Any, user_id: str) -> list[dict]:
    with db.user_transaction(user_id) as conn:
        return conn.execute(
            "SELECT * FROM memory_operations WHERE user_id = %s ORDER BY created_at", (user_id,)
        ).fetchall()


def test_name_correction_renames_the_node_and_keeps_the_old_name_as_an_alias(engram, db, user_id):
    engram.note("My manager Mike approved my vacation.", when="2026-03-02T09:00:00Z")
    engram.note("Actually his name is Michael, not Mike.", when="2026-03-03T09:00:00Z")
    nodes, edges = _graph(db, user_id)
    assert "mike" not in nodes
    assert "mike" in nodes["michael"]["aliases"]
    assert _edge(nodes, edges, "@owner", "manager", "michael")
    assert any(
        (op["candidate_fact"] or {}).get("entity_rename", {}).get("to") == "Michael"
        for op in _operations(db, user_id)
    )


def test_name_correction_merges_into_an_existing_node_and_repoints_memories_and_edges(engram, db, user_id):
    engram.note("My coworker Mike works at Stripe.", when="2026-03-02T09:00:00Z")
    engram.note("Michael and Priya went to the conference.", when="2026-03-03T09:00:00Z")
    before, _ = _graph(db, user_id)
    assert {"mike", "michael"} <= set(before)
    engram.note("Actually it's Michael, not Mike.", when="2026-03-04T09:00:00Z")
    nodes, edges = _graph(db, user_id)
    assert "mike" not in nodes and "mike" in nodes["michael"]["aliases"]
    assert _edge(nodes, edges, "michael", "works_at", "stripe")
    assert _edge(nodes, edges, "@owner", "coworker", "michael")
    assert _edge(nodes, edges, "michael", "knows", "priya")
    with db.user_transaction(user_id) as conn:
        linked = conn.execute(
            """SELECT m.content FROM memory_entities me JOIN memories m ON m.id = me.memory_id
               WHERE me.entity_id = %s""",
            (nodes["michael"]["id"],),
        ).fetchall()
    assert any("Stripe" in r["content"] for r in linked) and any("Priya" in r["content"] for r in linked)
    merges = [op for op in _operations(db, user_id) if op["operation"] == "CONSOLIDATE"]
    assert len(merges) == 1
    assert merges[0]["candidate_fact"]["entity_merge"]["merged_name"] == "Mike"
    assert merges[0]["affected_memory_ids"]


def test_two_sarahs_with_different_ties_stay_two_nodes(engram, db, user_id):
    engram.note("My sister Sarah lives in Oslo.", when="2026-03-02T09:00:00Z")
    engram.note("My coworker Sarah works at Acme.", when="2026-03-03T09:00:00Z")
    engram.note("My sister Sarah is visiting next week.", when="2026-03-04T09:00:00Z")
    nodes, edges = _graph(db, user_id)
    sarahs = [n for n in nodes.values() if n["name"].lower() == "sarah"]
    assert len(sarahs) == 2
    sister = next(n for n in sarahs if n["relationship"] == "sister")
    coworker = next(n for n in sarahs if n["relationship"] == "coworker")
    lives = [e for e in edges if e["relationship_type"] == "lives_in"]
    works = [e for e in edges if e["relationship_type"] == "works_at"]
    assert [e["from_entity_id"] for e in lives] == [sister["id"]]
    assert [e["from_entity_id"] for e in works] == [coworker["id"]]


def test_path_from_marcus_to_dan_runs_through_what_the_notes_recorded(week, api, user_id):
    response = api.get("/v1/graph/path?from=Marcus&to=Dan", user=user_id)
    assert response.status == 200, response.body
    body = response.body
    assert body["found"] is True
    names = [n["name"] for n in body["nodes"]]
    assert names[0] == "Marcus" and names[-1] == "Dan"
    # Marcus is known to the user (coworker), Sarah (friend) is engaged to Dan: through the user and Sarah.
    assert "Sarah" in names and body["hops"] == 3
    assert [e["relationship_type"] for e in body["edges"]][-1] == "engaged_to"


def test_employer_as_of_through_the_neighbors_api(week, api, user_id):
    before = api.get("/v1/graph/neighbors?entity=Marcus&as_of=2026-03-04T00:00:00Z", user=user_id).body
    after = api.get("/v1/graph/neighbors?entity=Marcus&as_of=2026-03-08T00:00:00Z", user=user_id).body

    def employers(body: dict) -> set[str]:
        names = {n["id"]: n["name"] for n in body["nodes"]} | {body["entity"]["id"]: body["entity"]["name"]}
        return {names[e["to_entity_id"]] for e in body["edges"] if e["relationship_type"] == "works_at"}

    assert employers(before) == {"Stripe"}
    assert employers(after) == {"Notion"}


def test_a_place_in_passing_makes_no_node_but_a_plan_does(engram, db, user_id):
    engram.note("I watched a documentary about Tokyo.", when="2026-03-02T09:00:00Z")
    assert "tokyo" not in _graph(db, user_id)[0]
    engram.note("I'm planning a trip to Tokyo next month.", when="2026-03-03T09:00:00Z")
    nodes, _ = _graph(db, user_id)
    assert "tokyo" in nodes
    engram.note("I read a novel set in Tokyo.", when="2026-03-04T09:00:00Z")
    with db.user_transaction(user_id) as conn:
        linked = conn.execute(
            "SELECT count(*) AS n FROM memory_entities WHERE entity_id = %s", (nodes["tokyo"]["id"],)
        ).fetchone()
    assert linked["n"] == 2  # the plan, and the novel now that Tokyo is known
