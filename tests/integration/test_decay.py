"""Weekly decay against Postgres with a frozen clock: importance, salience (spacing effect), edge strength
and the state ladder, each at its boundary and not a second before."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import pytest

from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo
from engram.db.repositories.memories import get_memory, update_memory
from engram.lifecycle.decay import DecayResult, decay_user
from tests.memory_factory import add_memories

BASE = datetime(2025, 1, 5, 4, 0, tzinfo=UTC)  # a Sunday, 04:00 UTC
SECOND = timedelta(seconds=1)
WEEK = timedelta(days=7)


def remember(db, user_id: str, content: str, *, changed_at: datetime = BASE, **fields: Any) -> UUID:
    """One memory created (version 1 included) at `changed_at`, the clock decay reads as "last changed"."""
    row = add_memories(db, user_id, content, **fields)[0]
    with db.user_transaction(user_id) as conn:
        conn.execute("UPDATE memories SET created_at = %s WHERE id = %s", (changed_at, row["id"]))
        conn.execute(
            "UPDATE memory_versions SET created_at = %s WHERE memory_id = %s", (changed_at, row["id"])
        )
    return row["id"]


def memory(db, user_id: str, memory_id: UUID) -> dict[str, Any]:
    with db.user_transaction(user_id) as conn:
        row = get_memory(conn, user_id, memory_id)
    assert row is not None
    return row


def set_fields(db, user_id: str, memory_id: UUID, **fields: Any) -> None:
    with db.user_transaction(user_id) as conn:
        update_memory(conn, user_id, memory_id, fields)


def person(db, user_id: str, name: str, **columns: Any) -> UUID:
    """A graph node created and last mentioned at BASE, with `columns` set as given."""
    with db.user_transaction(user_id) as conn:
        entity_id = graph_repo.upsert_entity(
            conn, user_id, name=name, canonical=name.lower(), kind="person", at=BASE
        )
        columns = {"created_at": BASE, **columns}
        sets = ", ".join(f"{c} = %s" for c in columns)
        conn.execute(f"UPDATE entities SET {sets} WHERE id = %s", (*columns.values(), entity_id))
    return entity_id


def edge(db, user_id: str, a: UUID, b: UUID, **columns: Any) -> UUID:
    """A current edge recorded at BASE without evidence, with `columns` set as given."""
    with db.user_transaction(user_id) as conn:
        row = rel_repo.upsert_edge(
            conn, user_id, from_entity_id=a, to_entity_id=b, kind="has_relationship_with",
            relationship_type="friend", valid_from=BASE, recorded_at=BASE,
        )  # fmt: skip
        if columns:
            sets = ", ".join(f"{c} = %s" for c in columns)
            conn.execute(f"UPDATE relationships SET {sets} WHERE id = %s", (*columns.values(), row["id"]))
    return row["id"]


def column(db, user_id: str, table: str, row_id: UUID, name: str) -> Any:
    with db.user_transaction(user_id) as conn:
        row = conn.execute(f"SELECT {name} AS v FROM {table} WHERE id = %s", (row_id,)).fetchone()
    assert row is not None
    return row["v"]


# --- importance ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("importance", "idle_days", "rate"),
    [("high", 90, 0.95), ("medium", 30, 0.90), ("low", 14, 0.85), ("trivial", 7, 0.80)],
)
def test_importance_decays_one_step_once_idle_for_its_levels_grace(db, user_id, importance, idle_days, rate):
    mid = remember(
        db, user_id, f"{importance} memory", importance=importance, importance_score=0.6, confidence=0.9
    )
    boundary = BASE + timedelta(days=idle_days)

    assert decay_user(user_id, boundary - SECOND).importance_decayed == 0
    assert memory(db, user_id, mid)["importance_score"] == pytest.approx(0.6)

    assert decay_user(user_id, boundary).importance_decayed == 1
    assert memory(db, user_id, mid)["importance_score"] == pytest.approx(0.6 * rate, abs=1e-6)


def test_critical_importance_never_decays(db, user_id):
    mid = remember(db, user_id, "Allergic to penicillin", importance="critical", importance_score=0.9)
    assert decay_user(user_id, BASE + timedelta(days=3650)).importance_decayed == 0
    assert memory(db, user_id, mid)["importance_score"] == pytest.approx(0.9)


def test_importance_stops_at_the_floor(db, user_id):
    near = remember(db, user_id, "near the floor", importance="trivial", importance_score=0.055)
    at = remember(db, user_id, "at the floor", importance="trivial", importance_score=0.05)

    result = decay_user(user_id, BASE + WEEK)

    assert result.importance_decayed == 1
    assert memory(db, user_id, near)["importance_score"] == pytest.approx(0.05)
    assert memory(db, user_id, at)["importance_score"] == pytest.approx(0.05)


def test_an_access_restarts_the_idle_clock_and_spares_the_memory_for_7_days(db, user_id):
    mid = remember(db, user_id, "Marcus's birthday gift ideas", importance="trivial", importance_score=0.5)
    accessed = BASE + timedelta(days=20)
    set_fields(db, user_id, mid, last_accessed_at=accessed)

    assert decay_user(user_id, accessed + WEEK - SECOND).importance_decayed == 0
    assert decay_user(user_id, accessed + WEEK).importance_decayed == 1


def test_an_update_restarts_the_idle_clock(db, user_id):
    mid = remember(db, user_id, "Runs three times a week", importance="medium", importance_score=0.5)
    set_fields(db, user_id, mid, last_reinforced_at=BASE + timedelta(days=25))
    assert decay_user(user_id, BASE + timedelta(days=55) - SECOND).importance_decayed == 0
    assert decay_user(user_id, BASE + timedelta(days=55)).importance_decayed == 1


def test_decay_is_one_step_per_week_however_often_it_runs(db, user_id):
    mid = remember(db, user_id, "a low memory", importance="low", importance_score=0.5, confidence=0.9)
    first = BASE + timedelta(days=14)

    decay_user(user_id, first)
    second_run = decay_user(user_id, first)  # a redelivered job at the same instant
    same_day = decay_user(user_id, first + timedelta(hours=3))  # a retry later that day
    assert (second_run.importance_decayed, same_day.importance_decayed) == (0, 0)
    assert memory(db, user_id, mid)["importance_score"] == pytest.approx(0.5 * 0.85, abs=1e-6)

    # The next weekly run decays again: the memory is still idle (decay itself is not "a change").
    assert decay_user(user_id, first + WEEK).importance_decayed == 1
    assert memory(db, user_id, mid)["importance_score"] == pytest.approx(0.5 * 0.85 * 0.85, abs=1e-6)


# --- salience and the spacing effect ---------------------------------------------------------------------


def test_salience_decays_after_7_idle_days(db, user_id):
    mid = remember(db, user_id, "Visited Porto", salience=0.5, confidence=0.5)
    assert decay_user(user_id, BASE + WEEK - SECOND).memory_salience_decayed == 0
    assert decay_user(user_id, BASE + WEEK).memory_salience_decayed == 1
    # A never-recalled active row (stability 1) loses 10% a week.
    set_fields(db, user_id, mid, state="active")
    decay_user(user_id, BASE + 2 * WEEK)
    assert memory(db, user_id, mid)["salience"] == pytest.approx(
        0.5 * 0.9 ** (1 / (0.5 / 0.9)) * 0.9, abs=1e-5
    )


def test_often_recalled_memory_decays_slower_than_a_never_recalled_one(db, user_id):
    # Given two memories equal in everything but their recall history
    common = {"salience": 0.5, "state": "active", "decay_gradient": 1.0, "confidence": 0.9}
    never = remember(db, user_id, "never recalled", **common)
    often = remember(db, user_id, "often recalled", recall_frequency=5, **common)

    decay_user(user_id, BASE + WEEK)

    lost_never = 0.5 - memory(db, user_id, never)["salience"]
    lost_often = 0.5 - memory(db, user_id, often)["salience"]
    assert lost_never == pytest.approx(0.05, abs=1e-5)
    assert 0 < lost_often < lost_never / 2


def test_spaced_recalls_slow_forgetting_more_than_massed_ones(db, user_id):
    common = {"salience": 0.5, "state": "active", "recall_frequency": 4, "confidence": 0.9}
    massed = remember(db, user_id, "recalled four times in one afternoon", last_recall_interval=0, **common)
    spaced = remember(db, user_id, "recalled at growing intervals", last_recall_interval=21, **common)

    decay_user(user_id, BASE + WEEK)

    assert memory(db, user_id, spaced)["salience"] > memory(db, user_id, massed)["salience"]


def test_a_higher_decay_gradient_decays_slower(db, user_id):
    common = {"salience": 0.5, "state": "active", "confidence": 0.9}
    flat = remember(db, user_id, "gradient one", decay_gradient=1.0, **common)
    steep = remember(db, user_id, "gradient two", decay_gradient=2.0, **common)
    decay_user(user_id, BASE + WEEK)
    assert memory(db, user_id, flat)["salience"] == pytest.approx(0.45, abs=1e-5)
    assert memory(db, user_id, steep)["salience"] == pytest.approx(0.5 * 0.9**0.5, abs=1e-5)


def test_a_confident_candidate_does_not_decay_and_a_doubtful_one_decays_faster(db, user_id):
    confident = remember(db, user_id, "confident candidate", salience=0.5, confidence=0.9)
    doubtful = remember(db, user_id, "doubtful candidate", salience=0.5, confidence=0.4)
    active = remember(db, user_id, "active row", salience=0.5, confidence=0.4, state="active")

    decay_user(user_id, BASE + WEEK)

    assert memory(db, user_id, confident)["salience"] == pytest.approx(0.5)
    assert memory(db, user_id, doubtful)["salience"] < memory(db, user_id, active)["salience"] < 0.5


def test_entities_and_relationships_decay_in_salience_too(db, user_id):
    sarah = person(db, user_id, "Sarah", salience=0.5, state="active")
    dan = person(db, user_id, "Dan", salience=0.5, state="active", last_mentioned_at=BASE + timedelta(days=3))
    tie = edge(db, user_id, sarah, dan, salience=0.5, state="active")

    before = decay_user(user_id, BASE + WEEK - SECOND)
    at_week = decay_user(user_id, BASE + WEEK)

    assert (before.entity_salience_decayed, before.relationship_salience_decayed) == (0, 0)
    assert (at_week.entity_salience_decayed, at_week.relationship_salience_decayed) == (
        1,
        1,
    )  # Dan: mentioned
    assert column(db, user_id, "entities", sarah, "salience") == pytest.approx(0.45, abs=1e-5)
    assert column(db, user_id, "entities", dan, "salience") == pytest.approx(0.5)
    assert column(db, user_id, "relationships", tie, "salience") == pytest.approx(0.45, abs=1e-5)


# --- relationship strength -------------------------------------------------------------------------------


def test_edge_strength_fades_30_days_after_the_last_co_mention_down_to_a_floor(db, user_id):
    a = person(db, user_id, "Priya")
    b = person(db, user_id, "Tom")
    tie = edge(db, user_id, a, b, strength=0.5)
    faint = edge(db, user_id, b, a, strength=0.105)
    boundary = BASE + timedelta(days=30)

    assert decay_user(user_id, boundary - SECOND).relationship_strength_decayed == 0
    assert decay_user(user_id, boundary).relationship_strength_decayed == 2
    assert column(db, user_id, "relationships", tie, "strength") == pytest.approx(0.475, abs=1e-5)
    assert column(db, user_id, "relationships", faint, "strength") == pytest.approx(0.1, abs=1e-6)


def test_new_evidence_is_a_co_mention_that_restarts_the_edges_clock(db, user_id):
    a = person(db, user_id, "Lena")
    b = person(db, user_id, "Omar")
    tie = edge(db, user_id, a, b, strength=0.5)
    evidence = remember(db, user_id, "Lena and Omar came to dinner", changed_at=BASE + timedelta(days=20))
    with db.user_transaction(user_id) as conn:
        rel_repo.upsert_edge(
            conn, user_id, from_entity_id=a, to_entity_id=b, kind="has_relationship_with",
            relationship_type="friend", valid_from=BASE, recorded_at=BASE, evidence_memory_id=evidence,
        )  # fmt: skip
    strength = column(db, user_id, "relationships", tie, "strength")

    assert decay_user(user_id, BASE + timedelta(days=50) - SECOND).relationship_strength_decayed == 0
    assert decay_user(user_id, BASE + timedelta(days=50)).relationship_strength_decayed == 1
    assert column(db, user_id, "relationships", tie, "strength") == pytest.approx(strength * 0.95, abs=1e-5)


# --- state ladder ----------------------------------------------------------------------------------------


def test_memories_climb_candidate_active_core_and_fall_to_archived(db, user_id):
    never = remember(db, user_id, "never retrieved", salience=0.5, confidence=0.9)
    once = remember(db, user_id, "retrieved once", recall_frequency=1, salience=0.5)
    nine = remember(db, user_id, "retrieved nine times", recall_frequency=9, state="active", salience=0.5)
    ten = remember(db, user_id, "retrieved ten times", recall_frequency=10, state="active", salience=0.5)
    faded = remember(db, user_id, "faded away", state="active", salience=0.0105, confidence=0.9)

    result = decay_user(user_id, BASE + WEEK)

    states = {m: memory(db, user_id, m)["state"] for m in (never, once, nine, ten, faded)}
    assert states == {never: "candidate", once: "active", nine: "active", ten: "core", faded: "archived"}
    assert (result.memories_to_active, result.memories_to_core, result.memories_archived) == (1, 1, 1)
    archived = memory(db, user_id, faded)
    assert archived["status"] == "archived"  # out of search, as archive_row does
    assert archived["valid_to"] is not None
    assert archived["metadata"]["archived_reason"] == "salience"


def test_salience_archiving_happens_exactly_below_0_01(db, user_id):
    at = remember(db, user_id, "at the threshold", state="active", salience=0.01, importance="high")
    below = remember(db, user_id, "just below", state="active", salience=0.0099, importance="high")
    decay_user(user_id, BASE)  # not idle yet: no salience step, only the ladder
    assert memory(db, user_id, at)["state"] == "active"
    assert memory(db, user_id, below)["state"] == "archived"


def test_a_critical_memory_is_never_archived_by_salience(db, user_id):
    mid = remember(
        db, user_id, "Blood type O negative", importance="critical", state="active", salience=0.001
    )
    decay_user(user_id, BASE + timedelta(days=365))
    assert (memory(db, user_id, mid)["state"], memory(db, user_id, mid)["status"]) == ("active", "active")


def test_entities_and_relationships_climb_and_fall_the_same_ladder(db, user_id):
    core = person(db, user_id, "Mom", recall_frequency=12, state="active")
    active = person(db, user_id, "Coach", recall_frequency=2)
    faded = person(db, user_id, "Old neighbour", salience=0.005, state="active")
    tie = edge(db, user_id, core, active, recall_frequency=1)
    gone = edge(db, user_id, active, faded, salience=0.001, state="active")

    result = decay_user(user_id, BASE)

    assert column(db, user_id, "entities", core, "state") == "core"
    assert column(db, user_id, "entities", active, "state") == "active"
    assert column(db, user_id, "entities", faded, "state") == "archived"
    assert column(db, user_id, "relationships", tie, "state") == "active"
    assert column(db, user_id, "relationships", gone, "state") == "archived"
    assert column(db, user_id, "relationships", gone, "valid_to") is None  # archived, not ended
    assert (result.entities_to_core, result.entities_to_active, result.entities_archived) == (1, 1, 1)
    assert (result.relationships_to_active, result.relationships_archived) == (1, 1)


# --- across steps ----------------------------------------------------------------------------------------


def test_keep_forever_is_untouched_by_every_step(db, user_id):
    mid = remember(
        db, user_id, "Wedding anniversary June 15", ttl_policy="keep_forever", importance="trivial",
        importance_score=0.5, salience=0.005, recall_frequency=12,
    )  # fmt: skip
    node = person(db, user_id, "Grandpa", ttl_policy="keep_forever", salience=0.005, recall_frequency=3)
    before = memory(db, user_id, mid)

    decay_user(user_id, BASE + timedelta(days=400))

    after = memory(db, user_id, mid)
    keys = ("importance_score", "salience", "state", "status", "metadata")
    assert {k: after[k] for k in keys} == {k: before[k] for k in keys}
    assert column(db, user_id, "entities", node, "state") == "candidate"
    assert column(db, user_id, "entities", node, "salience") == pytest.approx(0.005)


def test_the_owner_node_is_never_decayed_or_archived(db, user_id):
    with db.user_transaction(user_id) as conn:
        owner = rel_repo.ensure_owner(conn, user_id, at=BASE)
        conn.execute("UPDATE entities SET salience = 0.001, created_at = %s WHERE id = %s", (BASE, owner))
    decay_user(user_id, BASE + timedelta(days=400))
    assert column(db, user_id, "entities", owner, "state") == "core"


def test_a_second_run_at_the_same_instant_changes_nothing(db, user_id):
    remember(db, user_id, "a", importance="trivial", importance_score=0.5, salience=0.5, recall_frequency=1)
    sarah = person(db, user_id, "Sarah", salience=0.5)
    edge(db, user_id, sarah, person(db, user_id, "Dan"), salience=0.5)
    now = BASE + timedelta(days=40)

    first = decay_user(user_id, now)
    second = decay_user(user_id, now)

    assert first.importance_decayed == 1
    assert first.memory_salience_decayed == 1
    assert first.memories_to_active == 1
    assert first.relationship_strength_decayed == 1
    assert second == DecayResult()


def test_another_users_rows_are_untouched(db, user_id, other_user_id):
    theirs = remember(db, other_user_id, "theirs", importance="trivial", importance_score=0.5, salience=0.005)
    remember(db, user_id, "mine", importance="trivial", importance_score=0.5, salience=0.005)

    mine = decay_user(user_id, BASE + timedelta(days=60))

    assert mine.importance_decayed == 1
    row = memory(db, other_user_id, theirs)
    assert (row["importance_score"], row["state"]) == (pytest.approx(0.5), "candidate")
