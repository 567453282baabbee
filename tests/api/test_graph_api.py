"""The graph read API over HTTP: neighbours, paths, PPR and structured queries, errors and tenancy.

The scenario: the user's friend Sarah works at Acme and is engaged to Dan; the user's coworker Marcus
worked at Stripe and now works at Notion.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import quote, urlencode
from uuid import UUID, uuid4

import pytest

from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo

JAN = datetime(2026, 1, 5, 9, tzinfo=UTC)
MARCH = datetime(2026, 3, 2, 9, tzinfo=UTC)


@dataclass
class Graph:
    me: UUID
    sarah: UUID
    dan: UUID
    acme: UUID
    marcus: UUID
    stripe: UUID
    notion: UUID


def _build(db, user_id: str) -> Graph:
    with db.user_transaction(user_id) as conn:

        def node(name: str, kind: str = "person", entity_type: str = "") -> UUID:
            return graph_repo.upsert_entity(
                conn, user_id, name=name, canonical=name.lower(), kind=kind, entity_type=entity_type, at=JAN
            )

        def edge(a: UUID, b: UUID, kind: str, rtype: str, strength: float = 0.5, at: datetime = JAN) -> dict:
            return rel_repo.upsert_edge(
                conn,
                user_id,
                from_entity_id=a,
                to_entity_id=b,
                kind=kind,
                relationship_type=rtype,
                valid_from=at,
                recorded_at=at,
                strength=strength,
            )

        me = rel_repo.ensure_owner(conn, user_id, at=JAN)
        g = Graph(
            me=me,
            sarah=node("Sarah"),
            dan=node("Dan"),
            acme=node("Acme", "entity", "organization"),
            marcus=node("Marcus"),
            stripe=node("Stripe", "entity", "organization"),
            notion=node("Notion", "entity", "organization"),
        )
        edge(me, g.sarah, "has_relationship_with", "friend", 0.8)
        edge(g.sarah, g.acme, "engages_with", "works_at", 0.6)
        edge(g.sarah, g.dan, "has_relationship_with", "engaged_to", 0.9)
        edge(me, g.marcus, "has_relationship_with", "coworker", 0.6)
        stripe_job = edge(g.marcus, g.stripe, "engages_with", "works_at", 0.7)
        rel_repo.close_edges(conn, user_id, [stripe_job["id"]], at=MARCH)
        edge(g.marcus, g.notion, "engages_with", "works_at", 0.7, at=MARCH)
    return g


@pytest.fixture
def graph(db, user_id) -> Graph:
    return _build(db, user_id)


def _qs(**params) -> str:
    return urlencode({k: v for k, v in params.items() if v is not None}, quote_via=quote)


# --------------------------------------------------------------------------------------------------
# GET /v1/graph/neighbors
# --------------------------------------------------------------------------------------------------


def test_neighbors_of_a_name_list_direct_connections_with_their_edges(api, graph, user_id):
    resp = api.get("/v1/graph/neighbors?entity=sarah", user=user_id)
    assert resp.status == 200, resp.body
    assert resp.body["entity"]["id"] == str(graph.sarah)
    by_name = {n["name"]: n for n in resp.body["nodes"]}
    assert set(by_name) == {"Me", "Acme", "Dan"}
    assert all(n["depth"] == 1 and n["via"] == str(graph.sarah) for n in by_name.values())
    assert by_name["Dan"]["kind"] == "person" and by_name["Acme"]["entity_type"] == "organization"
    types = {e["relationship_type"] for e in resp.body["edges"]}
    assert types == {"friend", "works_at", "engaged_to"}
    edge = resp.body["edges"][0]
    assert set(edge) >= {"id", "from_entity_id", "to_entity_id", "kind", "relationship_type", "description",
                         "strength", "attitude", "proximity", "valid_from", "valid_to"}  # fmt: skip


def test_neighbors_at_depth_two_reach_friends_of_friends_once(api, graph, user_id):
    resp = api.get(f"/v1/graph/neighbors?entity={graph.marcus}&depth=2", user=user_id)
    assert resp.status == 200, resp.body
    depth = {n["name"]: n["depth"] for n in resp.body["nodes"]}
    assert depth == {"Me": 1, "Notion": 1, "Sarah": 2}
    assert "Stripe" not in depth, "a closed edge is not followed now"


def test_neighbors_as_of_a_past_time_follow_the_edges_valid_then(api, graph, user_id):
    resp = api.get(f"/v1/graph/neighbors?{_qs(entity='Marcus', as_of='2026-02-01T00:00:00Z')}", user=user_id)
    assert resp.status == 200, resp.body
    assert {n["name"] for n in resp.body["nodes"]} == {"Me", "Stripe"}


def test_neighbors_min_strength_prunes_weak_edges(api, graph, user_id):
    resp = api.get("/v1/graph/neighbors?entity=sarah&min_strength=0.7", user=user_id)
    assert {n["name"] for n in resp.body["nodes"]} == {"Me", "Dan"}


def test_neighbors_of_an_unknown_entity_is_404(api, graph, user_id):
    by_name = api.get("/v1/graph/neighbors?entity=nobody", user=user_id)
    by_id = api.get(f"/v1/graph/neighbors?entity={uuid4()}", user=user_id)
    assert by_name.status == by_id.status == 404
    assert by_name.error["code"] == "not_found" and by_name.error["field"] == "entity"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("entity=sarah&depth=4", "depth"),
        ("entity=sarah&depth=0", "depth"),
        ("entity=sarah&depth=two", "depth"),
        ("entity=sarah&min_strength=2", "min_strength"),
        ("entity=sarah&as_of=yesterday", "as_of"),
        ("depth=1", "entity"),
        ("entity=", "entity"),
        ("entity=sa%00rah", "entity"),
    ],
)
def test_bad_neighbor_parameters_are_400_naming_the_field(api, graph, user_id, query, field):
    resp = api.get(f"/v1/graph/neighbors?{query}", user=user_id)
    assert resp.status == 400, resp.body
    assert resp.error["field"] == field


# --------------------------------------------------------------------------------------------------
# GET /v1/graph/path
# --------------------------------------------------------------------------------------------------


def test_path_from_marcus_to_dan_goes_through_the_user_and_sarah(api, graph, user_id):
    resp = api.get("/v1/graph/path?from=Marcus&to=dan", user=user_id)
    assert resp.status == 200, resp.body
    body = resp.body
    assert body["found"] is True and body["hops"] == 3
    assert [n["name"] for n in body["nodes"]] == ["Marcus", "Me", "Sarah", "Dan"]
    assert [e["relationship_type"] for e in body["edges"]] == ["coworker", "friend", "engaged_to"]


def test_path_longer_than_max_hops_is_not_found(api, graph, user_id):
    resp = api.get("/v1/graph/path?from=Marcus&to=dan&max_hops=2", user=user_id)
    assert resp.status == 200
    assert resp.body == {"found": False, "hops": None, "strength": None, "nodes": [], "edges": []}


def test_path_through_a_closed_edge_exists_only_as_of_when_it_held(api, graph, user_id):
    now = api.get("/v1/graph/path?from=Stripe&to=Me", user=user_id)
    then = api.get(f"/v1/graph/path?{_qs(**{'from': 'Stripe', 'to': 'Me', 'as_of': '2026-02-01T00:00:00Z'})}",
                   user=user_id)  # fmt: skip
    assert now.body["found"] is False
    assert then.body["found"] is True and [n["name"] for n in then.body["nodes"]] == [
        "Stripe",
        "Marcus",
        "Me",
    ]


def test_path_errors(api, graph, user_id):
    assert api.get("/v1/graph/path?from=Marcus&to=nobody", user=user_id).error["field"] == "to"
    assert api.get("/v1/graph/path?from=Marcus&to=nobody", user=user_id).status == 404
    assert api.get("/v1/graph/path?from=Marcus&to=Dan&max_hops=4", user=user_id).error["field"] == "max_hops"
    assert api.get("/v1/graph/path?to=Dan", user=user_id).error["field"] == "from"


# --------------------------------------------------------------------------------------------------
# POST /v1/traverse
# --------------------------------------------------------------------------------------------------


def test_ppr_from_sarah_ranks_her_own_ties_above_marcus_side(api, graph, user_id):
    resp = api.post("/v1/traverse", {"mode": "ppr", "seed_nodes": ["Sarah"]}, user=user_id)
    assert resp.status == 200, resp.body
    results = resp.body["results"]
    names = [r["name"] for r in results]
    assert names[0] == "Sarah" and results[0]["is_seed"] is True
    assert names.index("Dan") < names.index("Marcus") < names.index("Notion")
    assert "Stripe" not in names
    dan = next(r for r in results if r["name"] == "Dan")
    assert dan["node_type"] == "Person" and dan["entity_key"] == str(graph.dan) and not dan["is_seed"]
    assert next(r for r in results if r["name"] == "Acme")["node_type"] == "Entity"
    assert sum(r["score"] for r in results) == pytest.approx(1.0, abs=1e-6)
    assert resp.body["meta"]["nodes"] == 6 and resp.body["meta"]["edges"] == 5


def test_ppr_respects_max_depth_and_top_k(api, graph, user_id):
    resp = api.post(
        "/v1/traverse",
        {"mode": "ppr", "seed_nodes": [str(graph.dan)], "max_depth": 1, "top_k": 1},
        user=user_id,
    )
    assert resp.status == 200, resp.body
    assert [r["name"] for r in resp.body["results"]] == ["Dan"]
    assert resp.body["meta"]["nodes"] == 2


def test_ppr_with_an_unknown_seed_is_404_naming_it(api, graph, user_id):
    resp = api.post("/v1/traverse", {"mode": "ppr", "seed_nodes": ["Sarah", "Zed"]}, user=user_id)
    assert resp.status == 404 and resp.error["field"] == "seed_nodes[1]"


def test_structured_query_finds_the_users_people(api, graph, user_id):
    body = {
        "mode": "query",
        "query": {
            "from": {"is_owner": True},
            "edge": {"kinds": ["has_relationship_with"]},
            "to": {"kind": "person", "name_contains": "SAR"},
        },
    }
    resp = api.post("/v1/traverse", body, user=user_id)
    assert resp.status == 200, resp.body
    (match,) = resp.body["results"]
    assert match["from"]["id"] == str(graph.me) and match["to"]["name"] == "Sarah"
    assert match["edge"]["relationship_type"] == "friend"
    assert resp.body["meta"] == {"count": 1, "limit": 50}


def test_structured_query_matches_either_direction_unless_directed(api, graph, user_id):
    # Stored as Sarah -> Dan; asked as Dan -> anyone.
    query = {"from": {"name": "Dan"}, "edge": {"types": ["engaged_to"]}}
    undirected = api.post("/v1/traverse", {"mode": "query", "query": query}, user=user_id)
    directed = api.post("/v1/traverse", {"mode": "query", "query": {**query, "directed": True}}, user=user_id)
    assert [m["to"]["name"] for m in undirected.body["results"]] == ["Sarah"]
    assert undirected.body["results"][0]["edge"]["from_entity_id"] == str(graph.sarah)
    assert directed.body["results"] == []


def test_structured_query_as_of_and_windows(api, graph, user_id):
    def employers(edge: dict) -> set[str]:
        body = {
            "mode": "query",
            "query": {"from": {"name": "Marcus"}, "edge": {"types": ["works_at"], **edge}},
        }
        resp = api.post("/v1/traverse", body, user=user_id)
        assert resp.status == 200, resp.body
        return {m["to"]["name"] for m in resp.body["results"]}

    assert employers({}) == {"Notion"}
    assert employers({"as_of": "2026-02-01T00:00:00Z"}) == {"Stripe"}
    assert employers({"since": "2026-01-01T00:00:00Z"}) == {"Stripe", "Notion"}
    assert employers({"until": "2026-02-01T00:00:00"}) == {"Stripe"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"mode": "query", "query": {"from": {"label": "Person"}}}, "query.from.label"),
        ({"mode": "query", "query": {"edge": {"kinds": ["knows"]}}}, "query.edge.kinds[0]"),
        ({"mode": "query", "query": {"where": "1=1"}}, "query.where"),
        ({"mode": "query", "query": {"limit": 201}}, "query.limit"),
        (
            {"mode": "query", "query": {"edge": {"min_attitude": 4, "max_attitude": 2}}},
            "query.edge.max_attitude",
        ),
        (
            {
                "mode": "query",
                "query": {"edge": {"as_of": "2026-01-01T00:00:00Z", "since": "2026-01-01T00:00:00Z"}},
            },
            "query.edge.since",
        ),
        ({"mode": "query", "query": {"to": {"name_contains": "a\u0000b"}}}, "query.to.name_contains"),
        ({"mode": "query"}, "query"),
        ({"mode": "ppr", "seed_nodes": []}, "seed_nodes"),
        ({"mode": "ppr", "seed_nodes": ["Sarah"], "damping": 1.5}, "damping"),
        ({"mode": "ppr", "seed_nodes": ["Sarah"], "max_depth": 9}, "max_depth"),
        ({"mode": "ppr", "seed_nodes": ["Sarah"], "sql": "DROP TABLE x"}, "sql"),
        ({"mode": "gremlin"}, "mode"),
        ({"seed_nodes": ["Sarah"]}, "mode"),
    ],
)
def test_requests_outside_the_grammar_are_400_naming_the_field(api, graph, user_id, body, field):
    resp = api.post("/v1/traverse", body, user=user_id)
    assert resp.status == 400, resp.body
    assert resp.error["field"] == field


def test_cypher_mode_is_refused_with_directions_to_the_query_mode(api, graph, user_id):
    body = {"mode": "cypher", "cypher": "MATCH (p:Person) DETACH DELETE p"}
    resp = api.post("/v1/traverse", body, user=user_id)
    assert resp.status == 400
    assert resp.error["field"] == "mode" and '"query"' in resp.error["message"]


def test_non_object_bodies_are_400(api, graph, user_id):
    assert api.post("/v1/traverse", ["ppr"], user=user_id).status == 400
    assert api.post("/v1/traverse", raw_body=b"{not json", user=user_id).status == 400


# --------------------------------------------------------------------------------------------------
# Tenancy
# --------------------------------------------------------------------------------------------------


def test_another_users_graph_is_invisible(api, db, graph, user_id, other_user_id):
    theirs = _build(db, other_user_id)
    # Their ids are unknown to me, and my names resolve to my own nodes.
    assert api.get(f"/v1/graph/neighbors?entity={theirs.sarah}", user=user_id).status == 404
    assert api.get(f"/v1/graph/path?from={graph.marcus}&to={theirs.dan}", user=user_id).status == 404
    mine = api.get("/v1/graph/neighbors?entity=Sarah&depth=3", user=user_id)
    reached = {n["id"] for n in mine.body["nodes"]} | {e["id"] for e in mine.body["edges"]}
    assert str(theirs.dan) not in reached and str(graph.dan) in reached
    ppr = api.post("/v1/traverse", {"mode": "ppr", "seed_nodes": [str(theirs.sarah)]}, user=user_id)
    assert ppr.status == 404
    query = api.post("/v1/traverse", {"mode": "query", "query": {"to": {"name": "Dan"}}}, user=user_id)
    assert {m["to"]["id"] for m in query.body["results"]} == {str(graph.dan)}


def test_the_graph_api_needs_a_token(api, graph):
    assert api.get("/v1/graph/neighbors?entity=Sarah", user=None).status == 401
    assert api.post("/v1/traverse", {"mode": "ppr", "seed_nodes": ["Sarah"]}, user=None).status == 401


def test_as_of_the_instant_an_edge_opened_sees_it_and_a_second_earlier_does_not(api, graph, user_id):
    at_switch = api.get(f"/v1/graph/neighbors?{_qs(entity='Marcus', as_of=MARCH.isoformat())}", user=user_id)
    before = api.get(
        f"/v1/graph/neighbors?{_qs(entity='Marcus', as_of=(MARCH - timedelta(seconds=1)).isoformat())}",
        user=user_id,
    )
    assert {n["name"] for n in at_switch.body["nodes"]} == {"Me", "Notion"}
    assert {n["name"] for n in before.body["nodes"]} == {"Me", "Stripe"}
