"""Daily cleanup against Postgres with a frozen clock: each rule fires at its boundary, not before."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import pytest

from engram.db.repositories import edge_claims as claims_repo
from engram.db.repositories import entities as entity_repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo
from engram.db.repositories.memories import get_memory, update_memory
from engram.db.repositories.sources import insert_source
from engram.db.repositories.timeline import timeline_window
from engram.graph.edge_sync import sync_memories
from engram.lifecycle.cleanup import CleanupResult, cleanup_user
from tests.memory_factory import add_memories

BASE = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
SECOND = timedelta(seconds=1)


def remember(db, user_id: str, content: str, *, changed_at: datetime = BASE, **fields: Any) -> UUID:
    """One memory whose creation (and version 1) is dated `changed_at`: the clock cleanup reads."""
    row = add_memories(db, user_id, content, **fields)[0]
    with db.user_transaction(user_id) as conn:
        conn.execute("UPDATE memories SET created_at = %s WHERE id = %s", (changed_at, row["id"]))
        conn.execute(
            "UPDATE memory_versions SET created_at = %s WHERE memory_id = %s", (changed_at, row["id"])
        )
    return row["id"]


def memory(db, user_id: str, memory_id: UUID) -> dict[str, Any] | None:
    with db.user_transaction(user_id) as conn:
        return get_memory(conn, user_id, memory_id)


def set_fields(db, user_id: str, memory_id: UUID, **fields: Any) -> None:
    with db.user_transaction(user_id) as conn:
        update_memory(conn, user_id, memory_id, fields)


# --- expired ---------------------------------------------------------------------------------------------


def test_expired_memory_is_archived_exactly_when_it_expires(db, user_id):
    expires = BASE + timedelta(days=10)
    mid = remember(db, user_id, "Dinner with Sarah on Friday", expires_at=expires)

    assert cleanup_user(user_id, expires - SECOND).expired_archived == 0
    assert memory(db, user_id, mid)["status"] == "active"

    assert cleanup_user(user_id, expires).expired_archived == 1
    row = memory(db, user_id, mid)
    assert (row["status"], row["state"]) == ("archived", "archived")
    assert row["valid_to"] == expires  # ended when it expired, not when cleanup noticed
    assert row["metadata"]["archived_reason"] == "expired"


def test_archiving_is_audited_as_a_soft_delete(db, user_id):
    mid = remember(db, user_id, "Parking spot 42 today", expires_at=BASE + timedelta(days=1))
    cleanup_user(user_id, BASE + timedelta(days=2))
    with db.user_transaction(user_id) as conn:
        ops = conn.execute(
            "SELECT operation, hard_delete, model FROM memory_operations WHERE memory_id = %s", (mid,)
        ).fetchall()
    assert ops == [{"operation": "DELETE", "hard_delete": False, "model": "maintenance"}]


def test_an_event_archived_because_it_expired_stays_on_the_timeline(db, user_id):
    expires = BASE + timedelta(days=3)
    mid = remember(db, user_id, "Concert at the Fillmore on Saturday", expires_at=expires, event_date=BASE)
    cleanup_user(user_id, expires)
    with db.user_transaction(user_id) as conn:
        listed = timeline_window(conn, user_id, start=None, end=None)
    assert memory(db, user_id, mid)["status"] == "archived"
    assert [(r["memory_id"], r["event_date"]) for r in listed] == [(mid, BASE)]


# --- trivial ---------------------------------------------------------------------------------------------


def test_trivial_memory_is_archived_at_90_days_unchanged(db, user_id):
    mid = remember(db, user_id, "Had a sandwich", importance="trivial", importance_score=0.09)
    boundary = BASE + timedelta(days=90)

    assert cleanup_user(user_id, boundary - SECOND).trivial_archived == 0  # 89d 23h 59m 59s
    assert cleanup_user(user_id, boundary).trivial_archived == 1
    assert memory(db, user_id, mid)["metadata"]["archived_reason"] == "trivial"


def test_trivial_memory_accessed_recently_waits_30_days_from_the_access(db, user_id):
    mid = remember(db, user_id, "Tried the new cafe", importance_score=0.05)
    accessed = BASE + timedelta(days=80)
    set_fields(db, user_id, mid, last_accessed_at=accessed)

    assert cleanup_user(user_id, accessed + timedelta(days=30) - SECOND).trivial_archived == 0
    assert cleanup_user(user_id, accessed + timedelta(days=30)).trivial_archived == 1


def test_a_reinforced_trivial_memory_counts_as_changed(db, user_id):
    mid = remember(db, user_id, "Likes plain bagels", importance_score=0.05)
    set_fields(db, user_id, mid, last_reinforced_at=BASE + timedelta(days=50))
    assert cleanup_user(user_id, BASE + timedelta(days=139)).trivial_archived == 0
    assert cleanup_user(user_id, BASE + timedelta(days=140)).trivial_archived == 1


def test_importance_score_of_exactly_0_1_is_not_trivial(db, user_id):
    remember(db, user_id, "Walked to work", importance_score=0.1)
    assert cleanup_user(user_id, BASE + timedelta(days=400)).trivial_archived == 0


# --- ephemeral -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("layer", "days"), [("episodic", 30), ("working", 30), ("semantic", 90), ("procedural", 90)]
)
def test_ephemeral_memory_is_archived_at_its_layers_limit(db, user_id, layer, days):
    mid = remember(
        db, user_id, f"ephemeral {layer} note", ttl_policy="ephemeral", layer=layer, confidence=0.9
    )
    # Being used does not extend an ephemeral memory: it is a hard expiry.
    set_fields(db, user_id, mid, last_accessed_at=BASE + timedelta(days=days - 1))
    boundary = BASE + timedelta(days=days)

    assert cleanup_user(user_id, boundary - SECOND).ephemeral_archived == 0
    assert cleanup_user(user_id, boundary).ephemeral_archived == 1
    assert memory(db, user_id, mid)["metadata"]["archived_reason"] == "ephemeral"


def test_ephemeral_entities_and_sources_are_archived_at_90_and_30_days(db, user_id):
    with db.user_transaction(user_id) as conn:
        entity_id = graph_repo.upsert_entity(
            conn, user_id, name="Pop-up bar", canonical="pop-up bar", kind="entity", at=BASE
        )
        source, _ = insert_source(conn, user_id, {"content": "a passing thought"})
        conn.execute(
            "UPDATE entities SET ttl_policy = 'ephemeral', created_at = %s WHERE id = %s", (BASE, entity_id)
        )
        conn.execute(
            "UPDATE sources SET ttl_policy = 'ephemeral', created_at = %s WHERE id = %s", (BASE, source["id"])
        )

    before = cleanup_user(user_id, BASE + timedelta(days=30) - SECOND)
    at_30 = cleanup_user(user_id, BASE + timedelta(days=30))
    before_90 = cleanup_user(user_id, BASE + timedelta(days=90) - SECOND)
    at_90 = cleanup_user(user_id, BASE + timedelta(days=90))

    assert (before.ephemeral_sources_archived, before.ephemeral_entities_archived) == (0, 0)
    assert (at_30.ephemeral_sources_archived, at_30.ephemeral_entities_archived) == (1, 0)
    assert before_90.ephemeral_entities_archived == 0
    assert at_90.ephemeral_entities_archived == 1
    with db.user_transaction(user_id) as conn:
        state = conn.execute("SELECT state FROM entities WHERE id = %s", (entity_id,)).fetchone()
    assert state["state"] == "archived"


# --- observations ----------------------------------------------------------------------------------------


def test_observation_is_deleted_at_180_days_and_an_established_fact_is_not(db, user_id):
    observation = remember(db, user_id, "Maybe likes jazz", confidence=0.5, source_type="inferred")
    established = remember(db, user_id, "Works at Notion", confidence=0.6)
    boundary = BASE + timedelta(days=180)

    assert cleanup_user(user_id, boundary - SECOND).observations_deleted == 0
    result = cleanup_user(user_id, boundary)

    assert result.observations_deleted == 1
    assert memory(db, user_id, observation) is None
    assert memory(db, user_id, established) is not None


def test_reinforcement_restarts_an_observations_180_days(db, user_id):
    mid = remember(db, user_id, "Seems to run on weekends", confidence=0.4)
    set_fields(db, user_id, mid, last_reinforced_at=BASE + timedelta(days=100))
    assert cleanup_user(user_id, BASE + timedelta(days=280) - SECOND).observations_deleted == 0
    assert cleanup_user(user_id, BASE + timedelta(days=280)).observations_deleted == 1


def test_deleting_an_observation_fixes_evidence_counters_and_reports_its_timeline_rows(db, user_id):
    observation = remember(db, user_id, "Went on a date with Dan", confidence=0.4)
    fact = remember(db, user_id, "Sarah is my sister", confidence=0.9)
    with db.user_transaction(user_id) as conn:
        sarah = graph_repo.upsert_entity(
            conn, user_id, name="Sarah", canonical="sarah", kind="person", at=BASE
        )
        dan = graph_repo.upsert_entity(conn, user_id, name="Dan", canonical="dan", kind="person", at=BASE)
        graph_repo.link_memory(conn, user_id, observation, [(sarah, "subject")])
        graph_repo.link_memory(conn, user_id, fact, [(sarah, "subject")])
        graph_repo.refresh_entity_counters(conn, user_id, [sarah])
        claim = {
            "from_id": sarah, "to_id": dan, "kind": "has_relationship_with", "relationship_type": "dating",
            "ends": False, "strength": 0.7, "attitude": None, "proximity": 5, "describes": True,
        }  # fmt: skip
        claims_repo.insert_claims(conn, user_id, observation, [claim])
        claims_repo.insert_claims(conn, user_id, fact, [claim])
        sync_memories(conn, user_id, [observation, fact], at=BASE)
        [edge] = rel_repo.derived_edges(conn, user_id)
        assert set(edge["evidence_memory_ids"]) == {observation, fact}

    result = cleanup_user(user_id, BASE + timedelta(days=180))

    assert (result.observations_deleted, result.observation_timeline_events_deleted) == (1, 1)
    with db.user_transaction(user_id) as conn:
        evidence = conn.execute(
            "SELECT evidence_memory_ids FROM relationships WHERE id = %s", (edge["id"],)
        ).fetchone()
        mentions = conn.execute("SELECT mention_count FROM entities WHERE id = %s", (sarah,)).fetchone()
        audit = conn.execute(
            "SELECT hard_delete, deleted_snapshot FROM memory_operations WHERE memory_id = %s", (observation,)
        ).fetchone()
    assert evidence["evidence_memory_ids"] == [fact]
    assert mentions["mention_count"] == 1
    assert audit["hard_delete"] is True
    assert set(audit["deleted_snapshot"]) == {"id", "memory_type"}  # ids only, no content


# --- notes -----------------------------------------------------------------------------------------------


def test_expired_notes_are_deleted_at_their_expiry(db, user_id):
    with db.user_transaction(user_id) as conn:
        entity_id = graph_repo.upsert_entity(
            conn, user_id, name="Marcus", canonical="marcus", kind="person", at=BASE
        )
        week = entity_repo.add_note(
            conn, user_id, entity_id=entity_id, content="in Lisbon this week", added_by=user_id,
            lifetime="week", at=BASE,
        )  # fmt: skip
        entity_repo.add_note(
            conn, user_id, entity_id=entity_id, content="prefers email", added_by=user_id, at=BASE
        )
    assert week is not None

    assert cleanup_user(user_id, week["expires_at"] - SECOND).notes_deleted == 0
    assert cleanup_user(user_id, week["expires_at"]).notes_deleted == 1
    with db.user_transaction(user_id) as conn:
        left = [n["content"] for n in entity_repo.list_notes(conn, user_id, entity_id=entity_id, now=BASE)]
    assert left == ["prefers email"]


# --- across rules ----------------------------------------------------------------------------------------


def qualifies_for_every_rule(db, user_id: str, **fields: Any) -> UUID:
    """Expired, trivial, ephemeral and a stale observation all at once."""
    return remember(
        db, user_id, "everything about this memory says clean me up",
        expires_at=BASE + timedelta(days=1), importance_score=0.01, ttl_policy="ephemeral",
        layer="episodic", confidence=0.3, **fields,
    )  # fmt: skip


def test_keep_forever_is_untouched_by_every_rule(db, user_id):
    mid = remember(
        db, user_id, "my daughter's allergy to peanuts",
        expires_at=BASE + timedelta(days=1), importance_score=0.01, confidence=0.3, ttl_policy="keep_forever",
    )  # fmt: skip
    before = memory(db, user_id, mid)

    result = cleanup_user(user_id, BASE + timedelta(days=1000))

    assert result == CleanupResult()
    after = memory(db, user_id, mid)
    assert after is not None
    assert {k: after[k] for k in ("status", "state", "valid_to", "metadata")} == {
        k: before[k] for k in ("status", "state", "valid_to", "metadata")
    }


def test_counts_are_returned_per_rule_and_a_second_run_finds_nothing(db, user_id):
    remember(db, user_id, "expired thing", expires_at=BASE + timedelta(days=1), confidence=0.9)
    remember(db, user_id, "trivial thing", importance_score=0.05, confidence=0.9)
    remember(db, user_id, "ephemeral thing", ttl_policy="ephemeral", layer="episodic", confidence=0.9)
    remember(db, user_id, "observed thing", confidence=0.4)
    now = BASE + timedelta(days=200)

    first = cleanup_user(user_id, now)
    second = cleanup_user(user_id, now)

    assert first.model_dump() | {"observation_timeline_events_deleted": 0} == {
        **CleanupResult().model_dump(),
        "expired_archived": 1,
        "trivial_archived": 1,
        "ephemeral_archived": 1,
        "observations_deleted": 1,
    }
    assert first.total == 4
    assert second == CleanupResult()


def test_another_users_rows_are_untouched(db, user_id, other_user_id):
    mine = qualifies_for_every_rule(db, user_id)
    theirs = qualifies_for_every_rule(db, other_user_id)

    result = cleanup_user(user_id, BASE + timedelta(days=365))

    # The first matching rule archives it (expired); as a stale observation it is then deleted.
    assert (result.expired_archived, result.observations_deleted) == (1, 1)
    assert memory(db, user_id, mine) is None
    assert memory(db, other_user_id, theirs)["status"] == "active"
