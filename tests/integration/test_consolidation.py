"""Consolidation against Postgres: candidates from the index self-join, groups, keeper, merges, audit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pytest

from engram.db.repositories import memories as memory_repo
from engram.db.repositories.operations import list_operations
from engram.lifecycle.consolidation import consolidate, preview
from engram.lifecycle.consolidation_models import ConsolidateRequest
from engram.pipeline.update import content_hash

DIM = 1536


def unit(rng: np.random.Generator) -> np.ndarray:
    v = rng.standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def near(base: np.ndarray, rng: np.random.Generator, noise: float = 0.2) -> np.ndarray:
    """A paraphrase's vector: cosine to `base` about 1 / sqrt(1 + noise^2) (0.98 at 0.2)."""
    v = base + rng.standard_normal(DIM).astype(np.float32) * noise / np.sqrt(DIM)
    return v / np.linalg.norm(v)


def store(db: Any, user_id: str, content: str, embedding: np.ndarray, **fields: Any) -> dict:
    with db.user_transaction(user_id) as conn:
        row = memory_repo.insert_memory(
            conn,
            user_id,
            {"content": content, "content_hash": content_hash(content), "embedding": embedding, **fields},
        )
        memory_repo.insert_version(conn, user_id, row, operation="ADD", strategy=None, changed_by="test")
    return row


def pair_ids(result: Any) -> set[frozenset]:
    return {frozenset((p.keep.id, p.merge.id)) for p in result.pairs}


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(42)


def test_planted_near_duplicates_are_found_and_distinct_memories_never_paired(db, user_id, rng):
    # Given 5 planted near-duplicate pairs among 40 distinct memories
    planted = set()
    for i in range(5):
        base = unit(rng)
        a = store(db, user_id, f"Fact number {i} about hiking.", base)
        b = store(db, user_id, f"Fact number {i} about hiking trips.", near(base, rng))
        planted.add(frozenset((a["id"], b["id"])))
    for i in range(40):
        store(db, user_id, f"Distinct memory {i}.", unit(rng))
    # When
    result = preview(user_id, ConsolidateRequest())
    # Then
    assert pair_ids(result) == planted
    assert result.mode == "preview" and result.count == 5
    assert all(p.similarity >= 0.85 and p.keep.content and p.merge.content for p in result.pairs)


def test_another_users_memories_are_never_paired(db, user_id, other_user_id, rng):
    base = unit(rng)
    store(db, user_id, "Sarah likes tea.", base)
    store(db, other_user_id, "Sarah likes green tea.", near(base, rng))
    assert preview(user_id, ConsolidateRequest()).pairs == []
    assert preview(other_user_id, ConsolidateRequest()).pairs == []


def test_incompatible_pairs_are_left_alone(db, user_id, rng):
    base, other, third, fourth = unit(rng), unit(rng), unit(rng), unit(rng)
    store(db, user_id, "Goes running on Sundays.", base, memory_type="goal")
    store(db, user_id, "Goes running on Sundays!", near(base, rng), memory_type="event")
    store(db, user_id, "Had therapy today.", other, sensitivity_level="sensitive")
    store(db, user_id, "Had therapy today again.", near(other, rng))
    store(
        db,
        user_id,
        "Marcus works at Google.",
        third,
        metadata={"subject": "Marcus", "attribute": "employer", "value": "Google"},
    )
    store(
        db,
        user_id,
        "Marcus works at Apple.",
        near(third, rng),
        metadata={"subject": "Marcus", "attribute": "employer", "value": "Apple"},
    )
    store(db, user_id, "Dana is a designer.", fourth, name="Dana")
    store(db, user_id, "Diana is a designer.", near(fourth, rng), name="Diana")
    assert preview(user_id, ConsolidateRequest()).pairs == []


def test_entity_and_fact_about_the_same_name_pair(db, user_id, rng):
    base = unit(rng)
    store(db, user_id, "Priya is my manager.", base, memory_type="entity", name="Priya")
    store(db, user_id, "Priya is my manager at work.", near(base, rng), memory_type="fact", name="priya")
    assert len(preview(user_id, ConsolidateRequest()).pairs) == 1


def test_keeper_scoring_prefers_importance_mentions_and_age(db, user_id, rng):
    base = unit(rng)
    old = datetime.now(UTC) - timedelta(days=400)
    store(db, user_id, "Allergic to peanuts.", base, importance_score=0.5, mention_count=1)
    keeper = store(
        db,
        user_id,
        "Allergic to peanuts, badly.",
        near(base, rng),
        importance_score=1.0,
        importance="critical",
    )
    result = preview(user_id, ConsolidateRequest())
    assert result.pairs[0].keep.id == keeper["id"]
    # An older memory outweighs a slightly more important one: age counts a year per point.
    base2 = unit(rng)
    aged = store(db, user_id, "Lives in Lisbon.", base2, importance_score=0.5)
    store(db, user_id, "Lives in Lisbon, Portugal.", near(base2, rng), importance_score=0.8, mention_count=3)
    with db.user_transaction(user_id) as conn:
        conn.execute("UPDATE memories SET created_at = %s WHERE id = %s", (old, aged["id"]))
    result = preview(user_id, ConsolidateRequest())
    lisbon = next(p for p in result.pairs if "Lisbon" in p.keep.content)
    assert lisbon.keep.id == aged["id"]


def test_transitive_duplicates_form_one_group(db, user_id, rng):
    base = unit(rng)
    rows = [
        store(db, user_id, f"Plays guitar {w}.", near(base, rng, 0.3)) for w in ("often", "daily", "well")
    ]
    result = preview(user_id, ConsolidateRequest())
    assert len(result.groups) == 1
    group = result.groups[0]
    assert {group.keep.id, *(m.id for m in group.merge)} == {r["id"] for r in rows}
    assert result.count == 2


def test_force_merges_with_provenance_audit_relation_and_archive(db, user_id, rng):
    base = unit(rng)
    first = [{"source_id": "s1", "message_ids": ["m1"]}]
    second = [{"source_id": "s2", "message_ids": ["m7"]}]
    keeper = store(
        db, user_id, "Sarah loves hiking in the Alps.", base,
        importance_score=0.8, mention_count=2, confidence=0.6, provenance=first,
    )  # fmt: skip
    other = store(
        db, user_id, "Sarah loves hiking, especially in Colorado.", near(base, rng),
        mention_count=3, confidence=0.9, provenance=second,
    )  # fmt: skip
    result = consolidate(user_id, ConsolidateRequest(force=True))
    assert result.mode == "merged" and result.count == 1
    assert result.merged[0].kept == keeper["id"] and result.merged[0].merged == other["id"]
    with db.user_transaction(user_id) as conn:
        kept = memory_repo.get_memory(conn, user_id, keeper["id"])
        gone = memory_repo.get_memory(conn, user_id, other["id"])
        versions = memory_repo.list_versions(conn, user_id, keeper["id"])
        relations = memory_repo.list_relations(conn, user_id, keeper["id"])
        ops = [o for o in list_operations(conn, user_id) if o["operation"] == "CONSOLIDATE"]
    assert kept["content"] == "Sarah loves hiking in the Alps, especially in Colorado."
    assert kept["mention_count"] == 5 and kept["confidence"] == pytest.approx(0.9) and kept["version"] == 2
    assert {p["source_id"] for p in kept["provenance"]} == {"s1", "s2"}
    assert gone["status"] == "archived" and gone["superseded_by"] == keeper["id"]
    assert [v["operation"] for v in versions] == ["ADD", "CONSOLIDATE"]
    assert [(r["relation_type"], r["id"]) for r in relations] == [("derives", other["id"])]
    assert len(ops) == 1
    op = ops[0]
    assert op["kept_memory_id"] == keeper["id"] and op["affected_memory_ids"] == [other["id"]]
    assert op["old_content"] == "Sarah loves hiking in the Alps." and op["new_content"] == kept["content"]


def test_second_force_finds_nothing(db, user_id, rng):
    for i in range(3):
        base = unit(rng)
        store(db, user_id, f"Detail {i}.", base)
        store(db, user_id, f"Detail {i} again.", near(base, rng))
    assert consolidate(user_id, ConsolidateRequest(force=True)).count == 3
    again = consolidate(user_id, ConsolidateRequest(force=True))
    assert again.count == 0 and again.merged == []
    assert preview(user_id, ConsolidateRequest()).pairs == []


def test_entity_links_follow_the_keeper_and_duplicate_entities_merge(db, user_id, rng):
    base = unit(rng)
    keeper = store(db, user_id, "Tom plays chess.", base, importance_score=0.9)
    other = store(db, user_id, "Tom plays chess weekly.", near(base, rng))
    with db.user_transaction(user_id) as conn:
        e1 = conn.execute(
            "INSERT INTO entities (user_id, kind, entity_type, name, canonical_name, mention_count) "
            "VALUES (%s, 'person', 'person', 'Tom', 'tom', 3) RETURNING id",
            (user_id,),
        ).fetchone()["id"]
        e2 = conn.execute(
            "INSERT INTO entities (user_id, kind, entity_type, name, canonical_name, aliases, mention_count) "
            "VALUES (%s, 'person', '', 'Thomas', 'thomas', '{tom}', 1) RETURNING id",
            (user_id,),
        ).fetchone()["id"]
        conn.execute(
            "INSERT INTO memory_entities (memory_id, entity_id, user_id) VALUES (%s, %s, %s)",
            (other["id"], e1, user_id),
        )
    shown = preview(user_id, ConsolidateRequest())
    assert [(e.keep_id, e.merge_id) for e in shown.entities] == [(e1, e2)]
    result = consolidate(user_id, ConsolidateRequest(force=True))
    assert [e.merge_id for e in result.entities_merged] == [e2]
    with db.user_transaction(user_id) as conn:
        links = conn.execute(
            "SELECT memory_id, entity_id FROM memory_entities WHERE user_id = %s", (user_id,)
        ).fetchall()
        left = conn.execute("SELECT id FROM entities WHERE user_id = %s", (user_id,)).fetchall()
    assert [(r["memory_id"], r["entity_id"]) for r in links] == [(keeper["id"], e1)]
    assert [r["id"] for r in left] == [e1]


def test_weekly_schedule_submits_preview_jobs_that_never_merge(db, user_id, rng):
    from engram.jobs.queue import reset_job_queue
    from engram.lifecycle.consolidation import run_consolidate_job
    from engram.lifecycle.schedule import run_scheduled_task

    base = unit(rng)
    store(db, user_id, "Walks the dog at seven.", base)
    other = store(db, user_id, "Walks the dog at seven every morning.", near(base, rng))
    reset_job_queue()
    outcome = run_scheduled_task({"task": "consolidation_preview"})
    assert outcome["status"] == "ok" and outcome["result"]["users"] >= 1
    with db.user_transaction(user_id) as conn:
        [job] = conn.execute(
            "SELECT * FROM memory_jobs WHERE user_id = %s AND job_type = 'consolidate'", (user_id,)
        ).fetchall()
    assert job["payload"] == {"force": False}

    class Job:
        payload = job["payload"]

    assert run_consolidate_job(user_id, Job()) == {"mode": "preview", "pairs": 1, "groups": 1, "entities": 0}
    with db.user_transaction(user_id) as conn:
        assert memory_repo.get_memory(conn, user_id, other["id"])["status"] == "active"
