"""A user with many active memories gets an HNSW index of their own (`engram.lifecycle.vector_indexes`,
sql/0018): built by a `vector_index` job the schedule submits, used by search (the planner proves its
partial predicate from the statement's own values), dropped when the user is forgotten, rebuilt when the
user is re-embedded in another dimension; and search stays exact while the user has none.

The threshold is set low (`ENGRAM_VECTOR_INDEX_MIN_MEMORIES`) so a few dozen memories make a big user."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest

from engram.config import get_settings, reset_settings
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import memories as memory_repo
from engram.db.repositories import user_vector_indexes as repo
from engram.db.repositories.search import hybrid_candidates
from engram.db.repositories.search_visibility import SearchFilters, visibility_params, visible_predicate
from engram.jobs.runner import run_claimed_job
from engram.lifecycle.account import forget_user
from engram.lifecycle.jobs import register_lifecycle_jobs
from engram.lifecycle.reembed import reembed_user
from engram.lifecycle.vector_indexes import schedule_vector_indexes
from engram.retrieval.search import SearchParams, search_memories
from tests.memory_factory import add_memories
from tests.query_plans import ExplainingConnection

pytestmark = pytest.mark.own_database  # builds and drops indexes on `memories`; CONCURRENTLY waits for
# every transaction of the database, so no other test's may be open in it

THRESHOLD = 40
TOPICS = ("garden", "violin", "sailing", "chess", "baking", "astronomy")


@pytest.fixture
def threshold(db, monkeypatch) -> int:
    monkeypatch.setenv("ENGRAM_VECTOR_INDEX_MIN_MEMORIES", str(THRESHOLD))
    reset_settings()
    register_lifecycle_jobs()  # as the memory_update function and `engram serve` do
    return THRESHOLD


def _notes(n: int, seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    words = ["morning", "friend", "weekend", "old", "new", "little", "long", "quiet", "red", "club"]
    return [
        f"I spent the {rng.choice(words)} {TOPICS[i % len(TOPICS)]} session number {i} with "
        f"{rng.choice(words)} people and {rng.choice(words)} tools"
        for i in range(n)
    ]


def _jobs(db: Any, user: str) -> list[Any]:
    with db.user_transaction(user) as conn:
        rows = conn.execute(
            "SELECT id FROM memory_jobs WHERE user_id = %s AND job_type = 'vector_index' "
            "AND status = 'pending'",
            (user,),
        ).fetchall()
    return [r["id"] for r in rows]


def _run_pending(db: Any, user: str) -> list[dict[str, Any]]:
    """Run the user's pending `vector_index` jobs as a worker would; their results."""
    results = []
    for job_id in _jobs(db, user):
        with db.user_transaction(user) as conn:
            started = jobs_repo.start_job(conn, user, job_id)
        assert started is not None
        outcome = run_claimed_job(db, started)
        assert outcome.kind == "completed", outcome.error
        assert outcome.job is not None
        results.append(outcome.job.result)
    return results


def _indexes(db: Any) -> dict[str, str]:
    with db.system_transaction() as conn:
        rows = conn.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE indexname LIKE 'memories_uvec_%%'"
        ).fetchall()
    return {r["indexname"]: r["indexdef"] for r in rows}


def _record(db: Any, user: str) -> dict[str, Any] | None:
    with db.user_transaction(user) as conn:
        return repo.record(conn, user)


def _query_vector(user: str, text: str) -> np.ndarray:
    from engram.providers.spaces import user_embedder

    return user_embedder(user).embed_one(text)


def _exact(db: Any, user: str, vector: np.ndarray, k: int = 10) -> list[Any]:
    filters = SearchFilters(now=datetime.now(UTC))
    with db.user_transaction(user) as conn:
        rows = conn.execute(
            f"SELECT m.id FROM memories m WHERE {visible_predicate(filters).as_string()} "
            "ORDER BY m.embedding <=> %(emb)s, m.id LIMIT %(k)s",
            visibility_params(user, filters) | {"emb": vector, "k": k},
        ).fetchall()
    return [r["id"] for r in rows]


def _vector_signal(conn: Any, user: str, vector: np.ndarray, k: int = 10) -> list[Any]:
    rows = hybrid_candidates(
        conn, user, query="", embedding=vector, filters=SearchFilters(now=datetime.now(UTC)),
        signals={"vector"}, per_signal=50, hnsw_ef_search=get_settings().vector_index_ef_search,
    )  # fmt: skip
    return [r.id for r in sorted(rows, key=lambda r: r.vector_rank or 0)[:k]]


def _plan(db: Any, user: str, vector: np.ndarray) -> str:
    with db.user_transaction(user) as conn:
        # The planner's own choice, nothing forced: the statement proves the index's predicate and orders by
        # its expression, and sorting the user's rows by a half-precision distance is costed as what it is
        # (sql/0018), so even these 60 rows are read through the index.
        explaining = ExplainingConnection(conn)
        _vector_signal(explaining, user, vector)
    return "\n".join(explaining.plan)


@pytest.fixture
def big_and_small(db, threshold, user_id, other_user_id) -> dict[str, str]:
    add_memories(db, user_id, *_notes(THRESHOLD + 20, 1))
    add_memories(db, other_user_id, *_notes(THRESHOLD - 10, 2))
    return {"big": user_id, "small": other_user_id}


def _same_ranking(found: list[Any], exact: list[Any]) -> bool:
    return set(found) == set(exact)


def test_search_is_exact_while_the_user_has_no_index_and_while_it_builds(db, big_and_small):
    user = big_and_small["big"]
    vector = _query_vector(user, "a quiet violin session")
    exact = _exact(db, user, vector)

    with db.user_transaction(user) as conn:
        assert _same_ranking(_vector_signal(conn, user, vector), exact)
        assert repo.start_build(conn, user, repo.new_index_name(), get_settings().embedding_dim, None)
    # a build under way (or one that died): its record is `building`, and search scans the compact copies
    with db.user_transaction(user) as conn:
        assert _same_ranking(_vector_signal(conn, user, vector), exact)
    assert "memories_uvec_" not in _plan(db, user, vector)
    [found] = search_memories(user, SearchParams(query="a quiet violin session", limit=1, track_access=False))
    assert found.memory.id in exact


def test_the_schedule_indexes_the_user_over_the_threshold_and_search_reads_it(db, big_and_small):
    big, small = big_and_small["big"], big_and_small["small"]

    scheduled = schedule_vector_indexes()

    assert scheduled["users"] >= 1 and _jobs(db, big) and not _jobs(db, small)
    [result] = _run_pending(db, big)
    assert result["action"] == "built" and result["active_vectors"] == THRESHOLD + 20
    record = _record(db, big)
    assert record is not None and record["state"] == "ready" and record["rows_at_build"] == THRESHOLD + 20
    assert record["size_bytes"] > 0 and record["dims"] == get_settings().embedding_dim
    definition = _indexes(db)[record["index_name"]]
    assert "hnsw" in definition and f"'{big}'::text" in definition and "'active'::text" in definition
    assert _record(db, small) is None

    # the same ranking as an exact scan, through the index
    for text in ("a quiet violin session", "baking with friends", "astronomy club night"):
        vector = _query_vector(big, text)
        with db.user_transaction(big) as conn:
            found = _vector_signal(conn, big, vector)
        assert _same_ranking(found, _exact(db, big, vector)), text
    plan = _plan(db, big, _query_vector(big, "chess"))
    assert f"Index Scan using {record['index_name']}" in plan, plan
    assert "memories_uvec_" not in _plan(db, small, _query_vector(small, "chess"))
    # the write path's similar memories read it too
    vector = _query_vector(big, "a long sailing session")
    with db.user_transaction(big) as conn:
        similar = memory_repo.find_similar(conn, big, vector, k=10, hnsw_ef_search=200)
    assert {m.id for m in similar} >= set(_exact(db, big, vector))

    # the next night finds nothing to do for them
    schedule_vector_indexes()
    assert not _jobs(db, big)


def test_forgetting_the_user_drops_their_index(db, big_and_small):
    big = big_and_small["big"]
    schedule_vector_indexes()
    _run_pending(db, big)
    name = _record(db, big)["index_name"]  # type: ignore[index]
    assert name in _indexes(db)

    forget_user(big)

    assert name not in _indexes(db)
    assert _record(db, big) is None


def test_an_index_left_by_a_forget_that_did_not_finish_is_dropped_by_the_schedule(db, big_and_small):
    big = big_and_small["big"]
    schedule_vector_indexes()
    _run_pending(db, big)
    name = _record(db, big)["index_name"]  # type: ignore[index]
    with db.user_transaction(big) as conn:  # the record went with the user, the drop after it did not run
        conn.execute("DELETE FROM user_vector_indexes WHERE user_id = %s", (big,))

    assert schedule_vector_indexes()["orphans_dropped"] == 1

    assert name not in _indexes(db)


def test_reembedding_the_user_rebuilds_their_index_in_the_new_dimension(db, big_and_small, monkeypatch):
    big = big_and_small["big"]
    schedule_vector_indexes()
    _run_pending(db, big)
    old = _record(db, big)["index_name"]  # type: ignore[index]

    monkeypatch.setenv("ENGRAM_EMBEDDING_DIM", "384")
    reset_settings()
    result = reembed_user(big)

    assert result.switched
    record = _record(db, big)
    assert record is not None and record["state"] == "dropping"  # searches stopped using it at the switch
    vector = _query_vector(big, "baking with friends")
    assert len(vector) == 384
    with db.user_transaction(big) as conn:
        assert _same_ranking(_vector_signal(conn, big, vector), _exact(db, big, vector))
    [rebuilt] = _run_pending(db, big)  # the switch submitted it
    assert rebuilt["dropped"] == old and rebuilt["action"] == "built"
    record = _record(db, big)
    assert record is not None and record["state"] == "ready" and record["dims"] == 384
    indexes = _indexes(db)
    assert old not in indexes and "halfvec(384)" in indexes[record["index_name"]]
    with db.user_transaction(big) as conn:
        assert _same_ranking(_vector_signal(conn, big, vector), _exact(db, big, vector))
    assert f"Index Scan using {record['index_name']}" in _plan(db, big, vector)


def test_a_user_fallen_under_half_the_threshold_loses_their_index(db, big_and_small):
    big = big_and_small["big"]
    schedule_vector_indexes()
    _run_pending(db, big)
    name = _record(db, big)["index_name"]  # type: ignore[index]
    with db.user_transaction(big) as conn:
        conn.execute(
            "UPDATE memories SET status = 'archived' WHERE id IN "
            "(SELECT id FROM memories WHERE user_id = %s AND status = 'active' LIMIT %s)",
            (big, THRESHOLD + 1),  # 19 of 60 left: under half of 40
        )

    assert schedule_vector_indexes()["users"] >= 1
    [result] = _run_pending(db, big)

    assert result["dropped"] == name and result["action"] == "dropped"
    assert name not in _indexes(db) and _record(db, big) is None
