"""Traversal, shortest paths, subgraphs and entity lookup against a real Postgres."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from uuid import UUID, uuid4

from engram.db.repositories import graph as graph_repo
from engram.db.repositories import graph_traversal as gt
from engram.db.repositories import relationships as rel_repo

JAN = datetime(2026, 1, 5, 9, tzinfo=UTC)
MARCH = datetime(2026, 3, 2, 9, tzinfo=UTC)


def _node(conn, user_id: str, name: str, kind: str = "person") -> UUID:
    return graph_repo.upsert_entity(conn, user_id, name=name, canonical=name.lower(), kind=kind, at=JAN)


def _edge(conn, user_id: str, a: UUID, b: UUID, strength: float = 0.5, rtype: str = "friend", at=JAN) -> dict:
    return rel_repo.upsert_edge(
        conn,
        user_id,
        from_entity_id=a,
        to_entity_id=b,
        kind="has_relationship_with",
        relationship_type=rtype,
        valid_from=at,
        recorded_at=at,
        strength=strength,
    )


def _names(rows: list[dict]) -> dict[str, int]:
    return {row["name"]: row["depth"] for row in rows}


def test_cycles_do_not_loop_and_each_node_appears_once_at_its_minimal_depth(db, user_id):
    # Given a square A-B-C-D-A with a chord A-C and a tail D-E: every node is on a cycle.
    with db.user_transaction(user_id) as conn:
        a, b, c, d, e = (_node(conn, user_id, n) for n in "ABCDE")
        for x, y in ((a, b), (b, c), (c, d), (d, a), (a, c), (d, e)):
            _edge(conn, user_id, x, y)
        # When traversing deeper than the graph is wide
        rows = gt.traverse(conn, user_id, a, max_depth=3)
    # Then each node comes once, at its BFS depth, and the start is not listed
    assert [r["name"] for r in rows].count("C") == 1 and len(rows) == 4
    assert _names(rows) == {"B": 1, "C": 1, "D": 1, "E": 2}
    e_row = next(r for r in rows if r["name"] == "E")
    assert e_row["parent_id"] == d and {e_row["edge"]["from_entity_id"], e_row["edge"]["to_entity_id"]} == {
        d,
        e,
    }


def test_edges_are_followed_in_both_directions(db, user_id):
    with db.user_transaction(user_id) as conn:
        hub, left, right = (
            _node(conn, user_id, "Hub"),
            _node(conn, user_id, "Left"),
            _node(conn, user_id, "Right"),
        )
        _edge(conn, user_id, left, hub)  # incoming to the hub
        _edge(conn, user_id, hub, right)  # outgoing from the hub
        assert _names(gt.traverse(conn, user_id, hub, max_depth=1)) == {"Left": 1, "Right": 1}
        assert _names(gt.traverse(conn, user_id, right, max_depth=2)) == {"Hub": 1, "Left": 2}


def test_depth_limit_is_respected_on_a_chain(db, user_id):
    with db.user_transaction(user_id) as conn:
        chain = [_node(conn, user_id, f"N{i}") for i in range(6)]
        for x, y in zip(chain, chain[1:], strict=False):
            _edge(conn, user_id, x, y)
        for depth in (1, 2, 3):
            rows = gt.traverse(conn, user_id, chain[0], max_depth=depth)
            assert _names(rows) == {f"N{i}": i for i in range(1, depth + 1)}


def test_min_strength_prunes_weak_edges_and_what_lies_behind_them(db, user_id):
    with db.user_transaction(user_id) as conn:
        me, weak, strong, behind = (_node(conn, user_id, n) for n in ("Me2", "Weak", "Strong", "Behind"))
        _edge(conn, user_id, me, weak, strength=0.2)
        _edge(conn, user_id, me, strong, strength=0.8)
        _edge(conn, user_id, weak, behind, strength=0.9)
        assert _names(gt.traverse(conn, user_id, me, max_depth=2, min_strength=0.5)) == {"Strong": 1}
        assert _names(gt.traverse(conn, user_id, me, max_depth=2)) == {"Weak": 1, "Strong": 1, "Behind": 2}


def test_the_strongest_of_equally_short_paths_is_the_one_reported(db, user_id):
    with db.user_transaction(user_id) as conn:
        start, via_weak, via_strong, goal = (_node(conn, user_id, n) for n in ("S", "VW", "VS", "G"))
        _edge(conn, user_id, start, via_weak, strength=0.9)
        _edge(conn, user_id, via_weak, goal, strength=0.1)
        _edge(conn, user_id, start, via_strong, strength=0.6)
        _edge(conn, user_id, via_strong, goal, strength=0.6)
        goal_row = next(r for r in gt.traverse(conn, user_id, start, max_depth=2) if r["id"] == goal)
        path = gt.shortest_path(conn, user_id, start, goal)
    assert goal_row["parent_id"] == via_strong and abs(goal_row["path_strength"] - 0.36) < 1e-6
    assert path is not None and path.node_ids == [start, via_strong, goal] and path.hops == 2


def test_closed_edges_are_not_followed_now_but_are_as_of_a_time_they_held(db, user_id):
    with db.user_transaction(user_id) as conn:
        marcus, stripe, notion = (_node(conn, user_id, n, "entity") for n in ("Marcus", "Stripe", "Notion"))
        old = _edge(conn, user_id, marcus, stripe, rtype="works_at")
        rel_repo.close_edges(conn, user_id, [old["id"]], at=MARCH)
        _edge(conn, user_id, marcus, notion, rtype="works_at", at=MARCH)
        now = gt.traverse(conn, user_id, marcus, max_depth=1)
        february = gt.traverse(conn, user_id, marcus, max_depth=1, as_of=MARCH - timedelta(days=20))
        december = gt.traverse(conn, user_id, marcus, max_depth=1, as_of=JAN - timedelta(days=20))
        path_then = gt.shortest_path(conn, user_id, stripe, marcus, as_of=MARCH - timedelta(days=1))
        path_now = gt.shortest_path(conn, user_id, stripe, marcus)
    assert _names(now) == {"Notion": 1}
    assert _names(february) == {"Stripe": 1}
    assert december == []
    assert path_then is not None and path_then.edges[0]["id"] == old["id"]
    assert path_now is None


def test_merged_entities_are_skipped_and_their_id_resolves_to_the_survivor(db, user_id):
    with db.user_transaction(user_id) as conn:
        me, dup, real, beyond = (_node(conn, user_id, n) for n in ("Owner", "Sara", "Sarah", "Beyond"))
        _edge(conn, user_id, me, dup)
        _edge(conn, user_id, dup, beyond)
        _edge(conn, user_id, me, real)
        conn.execute("UPDATE entities SET merged_into = %s WHERE id = %s", (real, dup))
        rows = gt.traverse(conn, user_id, me, max_depth=2)
        resolved = gt.resolve_entity(conn, user_id, str(dup))
        by_name = gt.resolve_entity(conn, user_id, "sara")
    assert _names(rows) == {"Sarah": 1}
    assert resolved is not None and resolved["id"] == real
    assert by_name is None


def test_another_users_graph_is_never_reached(db, user_id, other_user_id):
    # Given two users who each know a "Sarah"; the other user's Sarah knows Zed.
    with db.user_transaction(user_id) as conn:
        me = rel_repo.ensure_owner(conn, user_id, at=JAN)
        my_sarah = _node(conn, user_id, "Sarah")
        _edge(conn, user_id, me, my_sarah)
    with db.user_transaction(other_user_id) as conn:
        their_sarah = _node(conn, other_user_id, "Sarah")
        zed = _node(conn, other_user_id, "Zed")
        _edge(conn, other_user_id, their_sarah, zed)
    with db.user_transaction(user_id) as conn:
        sarah = gt.resolve_entity(conn, user_id, "Sarah")
        rows = gt.traverse(conn, user_id, my_sarah, max_depth=3)
        from_theirs = gt.traverse(conn, user_id, their_sarah, max_depth=3)
        path = gt.shortest_path(conn, user_id, my_sarah, zed)
        sub = gt.subgraph(conn, user_id, [my_sarah, their_sarah], max_depth=3)
        foreign = gt.resolve_entity(conn, user_id, str(their_sarah))
    assert sarah is not None and sarah["id"] == my_sarah
    assert _names(rows) == {"Me": 1}
    assert from_theirs == [] and path is None and foreign is None
    assert set(sub.node_ids) == {my_sarah, me}


def test_the_repositories_filter_by_user_even_without_row_level_security(db, user_id, other_user_id):
    # The login role bypasses RLS: the queries' own user filter is what keeps graphs apart here.
    with db.user_transaction(other_user_id) as conn:
        their_sarah, zed = _node(conn, other_user_id, "Sarah"), _node(conn, other_user_id, "Zed")
        _edge(conn, other_user_id, their_sarah, zed)
    with db.user_transaction(user_id) as conn:
        mine = _node(conn, user_id, "Sarah")
    with db.system_transaction() as conn:
        assert gt.traverse(conn, user_id, their_sarah, max_depth=2) == []
        assert gt.resolve_entity(conn, user_id, "sarah")["id"] == mine
        assert gt.resolve_entity(conn, user_id, str(zed)) is None
        assert gt.shortest_path(conn, user_id, their_sarah, zed) is None


def test_shortest_path_prefers_fewer_hops_over_stronger_edges(db, user_id):
    with db.user_transaction(user_id) as conn:
        a, b, c, d = (_node(conn, user_id, n) for n in ("PA", "PB", "PC", "PD"))
        _edge(conn, user_id, a, d, strength=0.05)
        _edge(conn, user_id, a, b, strength=1.0)
        _edge(conn, user_id, b, c, strength=1.0)
        _edge(conn, user_id, c, d, strength=1.0)
        path = gt.shortest_path(conn, user_id, a, d)
        too_short = gt.shortest_path(conn, user_id, a, c, max_hops=1)
        self_path = gt.shortest_path(conn, user_id, a, a)
        unknown = gt.shortest_path(conn, user_id, a, uuid4())
    assert path is not None and path.node_ids == [a, d] and path.hops == 1
    assert too_short is None and unknown is None
    assert self_path is not None and self_path.hops == 0 and self_path.node_ids == [a]


def test_subgraph_holds_the_nodes_within_depth_and_every_edge_among_them(db, user_id):
    with db.user_transaction(user_id) as conn:
        a, b, c, d = (_node(conn, user_id, n) for n in ("SA", "SB", "SC", "SD"))
        _edge(conn, user_id, a, b, strength=0.5)
        _edge(conn, user_id, b, c, strength=0.5)
        _edge(conn, user_id, a, c, strength=0.5, rtype="coworker")  # a triangle, so B-C is among them
        _edge(conn, user_id, c, d, strength=0.5)
        sub = gt.subgraph(conn, user_id, [a], max_depth=1)
    assert set(sub.node_ids) == {a, b, c} and sub.node_ids[0] == a
    assert sub.edge_count == 3
    pairs = {frozenset((sub.node_ids[s], sub.node_ids[t])) for s, t in zip(sub.src, sub.dst, strict=True)}
    assert pairs == {frozenset((a, b)), frozenset((b, c)), frozenset((a, c))}
    assert list(sub.depth) == [0, 1, 1]


def test_resolve_entity_by_name_alias_and_owner_word_picks_the_most_mentioned(db, user_id):
    with db.user_transaction(user_id) as conn:
        me = rel_repo.ensure_owner(conn, user_id, at=JAN)
        person = _node(conn, user_id, "Alex")
        org = graph_repo.upsert_entity(
            conn, user_id, name="Alex", canonical="alex", kind="entity", entity_type="organization", at=JAN
        )
        conn.execute("UPDATE entities SET mention_count = 7 WHERE id = %s", (org,))
        kate = _node(conn, user_id, "Katherine")
        conn.execute("UPDATE entities SET aliases = ARRAY['kate'] WHERE id = %s", (kate,))
        assert gt.resolve_entity(conn, user_id, "ALEX")["id"] == org
        assert gt.resolve_entity(conn, user_id, "Kate's")["id"] == kate
        assert gt.resolve_entity(conn, user_id, "me")["id"] == me
        assert gt.resolve_entity(conn, user_id, "nobody") is None
        assert gt.resolve_entity(conn, user_id, str(uuid4())) is None
        assert person != org
