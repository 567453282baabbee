"""Relationship edges against a real Postgres: reinforcement, bi-temporal closing, point-in-time reads."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo

MONDAY = datetime(2026, 3, 2, 9, tzinfo=UTC)


def _person(conn, user_id, name):
    return graph_repo.upsert_entity(
        conn, user_id, name=name, canonical=name.lower(), kind="person", at=MONDAY
    )


def _org(conn, user_id, name):
    return graph_repo.upsert_entity(
        conn, user_id, name=name, canonical=name.lower(), kind="entity", entity_type="organization", at=MONDAY
    )


def test_owner_node_is_created_once_per_user(db, user_id):
    with db.user_transaction(user_id) as conn:
        first = rel_repo.ensure_owner(conn, user_id, at=MONDAY)
        second = rel_repo.ensure_owner(conn, user_id, at=MONDAY + timedelta(days=1))
    assert first == second


def test_repeated_evidence_reinforces_the_current_edge_instead_of_duplicating_it(db, user_id):
    with db.user_transaction(user_id) as conn:
        marcus, stripe = _person(conn, user_id, "Marcus"), _org(conn, user_id, "Stripe")
        common = dict(
            from_entity_id=marcus, to_entity_id=stripe, kind="engages_with", relationship_type="works_at"
        )
        first = rel_repo.upsert_edge(conn, user_id, **common, valid_from=MONDAY, recorded_at=MONDAY)
        again = rel_repo.upsert_edge(
            conn,
            user_id,
            **common,
            valid_from=MONDAY + timedelta(days=2),
            recorded_at=MONDAY + timedelta(days=2),
        )
        edges = rel_repo.edges_of_entity(conn, user_id, marcus)
    assert first["inserted"] and not again["inserted"]
    assert again["id"] == first["id"] and len(edges) == 1
    assert again["co_mention_count"] == 2 and again["strength"] > first["strength"]
    assert again["valid_from"] == MONDAY


def test_a_closed_edge_answers_point_in_time_questions(db, user_id):
    friday = MONDAY + timedelta(days=4)
    with db.user_transaction(user_id) as conn:
        marcus = _person(conn, user_id, "Marcus")
        stripe, notion = _org(conn, user_id, "Stripe"), _org(conn, user_id, "Notion")
        old = rel_repo.upsert_edge(
            conn,
            user_id,
            from_entity_id=marcus,
            to_entity_id=stripe,
            kind="engages_with",
            relationship_type="works_at",
            valid_from=MONDAY,
            recorded_at=MONDAY,
        )
        current = rel_repo.current_edges_touching(conn, user_id, marcus, ["works_at"])
        closed = rel_repo.close_edges(conn, user_id, [e["id"] for e in current], at=friday)
        rel_repo.upsert_edge(
            conn,
            user_id,
            from_entity_id=marcus,
            to_entity_id=notion,
            kind="engages_with",
            relationship_type="works_at",
            valid_from=friday,
            recorded_at=friday,
        )
        wednesday = rel_repo.edges_of_entity(conn, user_id, marcus, as_of=MONDAY + timedelta(days=2))
        now = rel_repo.edges_of_entity(conn, user_id, marcus)
        history = rel_repo.edges_of_entity(conn, user_id, marcus, include_closed=True)
    assert closed == 1
    assert [e["to_entity_id"] for e in wednesday] == [stripe]
    assert [e["to_entity_id"] for e in now] == [notion]
    assert len(history) == 2
    old_row = next(e for e in history if e["id"] == old["id"])
    assert old_row["valid_to"] == friday and not old_row["is_active"]
