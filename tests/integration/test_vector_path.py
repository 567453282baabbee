"""A user's nearest memories come from compact copies of their vectors, re-scored with the full vectors
(`db/repositories/vector_index.py`, sql/0016): the same neighbours an exact scan finds, for a user with
a few memories and for one holding most of the table; and the compact copy follows every write."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import numpy as np
import psycopg
import pytest

from engram.config import get_settings
from engram.db.repositories import memories as memory_repo
from engram.db.repositories import vector_index
from engram.db.repositories.memories import insert_memory
from engram.db.repositories.search import hybrid_candidates
from engram.db.repositories.search_visibility import SearchFilters, visibility_params, visible_predicate
from tests.http_client import ApiClient
from tests.memory_factory import add_memories
from tests.query_plans import ExplainingConnection

CLUSTERS = 12


def _clustered(rng: np.random.Generator, centres: np.ndarray, n: int) -> np.ndarray:
    """Topic vectors: a random centre plus as much noise, normalised (nearest neighbours mean something,
    and the order within a topic is decided by small differences)."""
    noise = rng.standard_normal((n, centres.shape[1])) / np.sqrt(centres.shape[1])
    v = centres[rng.integers(0, len(centres), n)] + noise * rng.uniform(0.6, 1.2, (n, 1))
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def _store(db: Any, user: str, vectors: np.ndarray) -> None:
    with db.user_transaction(user) as conn:
        for i, vector in enumerate(vectors):
            insert_memory(conn, user, {"content": f"memory {i}", "embedding": vector, "embedding_model": "t"})


def _exact(conn: Any, user: str, vector: np.ndarray, k: int) -> list[Any]:
    filters = SearchFilters(now=datetime.now(UTC))
    rows = conn.execute(
        f"SELECT m.id FROM memories m WHERE {visible_predicate(filters).as_string()} "
        "ORDER BY m.embedding <=> %(emb)s LIMIT %(k)s",
        visibility_params(user, filters) | {"emb": vector, "k": k},
    ).fetchall()
    return [r["id"] for r in rows]


def _vector_signal(conn: Any, user: str, vector: np.ndarray) -> list[Any]:
    rows = hybrid_candidates(
        conn, user, query="", embedding=vector, filters=SearchFilters(now=datetime.now(UTC)),
        signals={"vector"}, per_signal=50,
    )  # fmt: skip
    return [r.id for r in sorted(rows, key=lambda r: r.vector_rank or 0)[:10]]


@pytest.fixture
def tenants(db, test_database_url, user_id, other_user_id, monkeypatch) -> dict[str, Any]:
    """A user holding most of the table (600 memories) and a small one (30), on the same topics; re-scoring
    at most 8 candidates per wanted row, so even these users are ranked by their compact copies first."""
    monkeypatch.setattr(vector_index, "MIN_CANDIDATES", 0)
    rng = np.random.default_rng(5)
    centres = rng.standard_normal((CLUSTERS, get_settings().embedding_dim))
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)
    _store(db, user_id, _clustered(rng, centres, 600))
    _store(db, other_user_id, _clustered(rng, centres, 30))
    _vacuum_until_all_visible(test_database_url)
    return {"big": user_id, "small": other_user_id, "queries": _clustered(rng, centres, 12)}


def _vacuum_until_all_visible(url: str) -> None:
    """VACUUM as autovacuum would, again while another session's snapshot (an autovacuum worker's
    ANALYZE, often, just after a bulk insert) keeps it from marking the new rows' pages all-visible:
    the planner prices an index-only scan by that share."""
    with psycopg.connect(url, autocommit=True) as conn:
        for _ in range(50):
            conn.execute("VACUUM ANALYZE memories")
            row = conn.execute("SELECT relpages, relallvisible FROM pg_class WHERE relname = 'memories'")
            pages, visible = row.fetchone()
            if visible >= pages:
                return
            time.sleep(0.1)


def test_a_big_and_a_small_user_get_the_exact_nearest_memories(db, tenants):
    for user in (tenants["big"], tenants["small"]):
        recall = {"search": [], "write path": []}
        with db.user_transaction(user) as conn:
            for vector in tenants["queries"]:
                exact = _exact(conn, user, vector, 10)
                assert len(exact) == 10
                recall["search"].append(len(set(_vector_signal(conn, user, vector)) & set(exact)) / 10)
                similar = memory_repo.find_similar(conn, user, vector, k=10)
                recall["write path"].append(len({m.id for m in similar} & set(exact)) / 10)
        # 400 of 600 re-scored for search, 80 of 600 for the write path's top 10; all of the small user's
        assert np.mean(recall["search"]) >= 0.97, (user, recall)
        assert np.mean(recall["write path"]) >= (0.9 if user == tenants["big"] else 1.0), (user, recall)


def test_the_users_compact_copies_are_ranked_from_the_btree_alone(db, tenants):
    user = tenants["big"]
    with db.user_transaction(user) as conn:
        # A table this small is cheaper to read than any index; on a large, vacuumed one the planner takes
        # the index-only scan (bench/bench_tenants.py shows its plans). Here: that it covers the predicate.
        conn.execute("SET LOCAL enable_seqscan = off")
        conn.execute("SET LOCAL enable_bitmapscan = off")
        explaining = ExplainingConnection(conn)
        _vector_signal(explaining, user, tenants["queries"][0])  # type: ignore[arg-type]
        indexes = conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'memories'").fetchall()
    plan = "\n".join(explaining.plan)
    assert "Index Only Scan using memories_user_status_idx" in plan, plan
    assert "embedding_bits" in plan and "<%>" in plan
    assert "memories_embedding_hnsw" not in {r["indexname"] for r in indexes}  # no write pays for HNSW


def _copies(db: Any, user: str) -> dict[Any, tuple[str, str]]:
    """Per memory of the user: its stored compact copy, and the one its vector has now."""
    with db.user_transaction(user) as conn:
        rows = conn.execute(
            "SELECT id, embedding_bits::text AS stored, (binary_quantize(embedding)::bit varying "
            "|| binary_quantize(embedding - embedding - embedding)::bit varying)::text AS fresh "
            "FROM memories WHERE user_id = %s",
            (user,),
        ).fetchall()
    return {r["id"]: (r["stored"], r["fresh"]) for r in rows}


def test_the_compact_copy_follows_the_vector_through_every_write(api: ApiClient, db, user_id):
    (row,) = add_memories(db, user_id, "My sister Margit keeps bees in the orchard")
    stored, fresh = _copies(db, user_id)[row["id"]]
    assert stored == fresh and len(stored) == 2 * get_settings().embedding_dim

    response = api.put(f"/v1/memories/{row['id']}", {"content": "My sister Margit sells honey"}, user=user_id)

    assert response.status == 200, response.body
    edited, fresh = _copies(db, user_id)[row["id"]]
    assert edited == fresh and edited != stored  # re-embedded, and the copy with it
    # and so through the writes of analyze, a topic forget's rewrite among them
    for note in ("My grandmother Wilhelmina taught me to knit scarves. My neighbour Oskar repairs bicycles.",
                 "Please forget everything I told you about my grandmother."):  # fmt: skip
        assert api.post("/v1/analyze", {"content": note}, user=user_id).status in (200, 202)
    copies = _copies(db, user_id)
    assert len(copies) > 1 and all(stored == fresh for stored, fresh in copies.values())
