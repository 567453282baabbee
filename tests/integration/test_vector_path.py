"""A user who holds many of all memories gets the vector signal through the HNSW index; others keep the
planner's exact scan (`_prologue`, settings `vector_index_min_memories` / `vector_index_min_share`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest

from engram.config import reset_settings
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.search import SearchFilters, hybrid_candidates
from engram.providers.factory import get_embedder
from tests.memory_factory import add_memories

TOPICS = ["kayak", "pottery", "chess", "sourdough", "marathon", "violin"]


class _Explaining:
    """Forwards to the connection, but EXPLAINs the hybrid statement instead of running it."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.plan: list[str] = []

    def execute(self, sql: str, params: Any = None) -> Any:
        if sql.lstrip().startswith("WITH"):
            cursor = self.conn.execute("EXPLAIN " + sql, params)
            self.plan = [r["QUERY PLAN"] for r in cursor.fetchall()]
            return self.conn.execute("SELECT 1 WHERE false")
        return self.conn.execute(sql, params)

    def pipeline(self) -> Any:
        return self.conn.pipeline()


def _vector_search(db, user_id: str, query: str, monkeypatch, at_least: int) -> tuple[list[str], list]:
    monkeypatch.setenv("ENGRAM_VECTOR_INDEX_MIN_MEMORIES", str(at_least))
    monkeypatch.setenv("ENGRAM_VECTOR_INDEX_MIN_SHARE", "0")
    reset_settings()
    from engram.retrieval.search import SearchParams, search_in

    embedding = np.asarray(get_embedder().embed_one(query), dtype=np.float32)
    filters = SearchFilters(now=datetime.now(UTC))
    with db.user_transaction(user_id) as conn:
        explaining = _Explaining(conn)
        hybrid_candidates(
            explaining, user_id, query=query, embedding=embedding, filters=filters, signals={"vector"},
            per_signal=50, vector_index=(30, at_least, 0.0),
        )  # fmt: skip
        assert conn.execute("SELECT current_setting('enable_sort') AS s").fetchone()["s"] == "on"
        params = SearchParams(query=query, limit=5, signals={"vector"}, track_access=False)
        results = search_in(conn, user_id, params, embedding)
        assert conn.execute("SELECT current_setting('enable_sort') AS s").fetchone()["s"] == "on"
    return explaining.plan, [r.memory.id for r in results]


@pytest.mark.parametrize("query", ["paddling the kayak at dawn", "a new violin teacher"])
def test_a_large_user_searches_vectors_through_the_index_and_finds_the_same(db, user_id, monkeypatch, query):
    add_memories(
        db, user_id, *[f"Notes on {t} number {i} from the weekend" for i in range(5) for t in TOPICS]
    )
    exact_plan, exact = _vector_search(db, user_id, query, monkeypatch, at_least=10_000)
    index_plan, indexed = _vector_search(db, user_id, query, monkeypatch, at_least=20)
    assert not any("memories_embedding_hnsw" in line for line in exact_plan)  # 30 memories: exact
    assert any("memories_embedding_hnsw" in line for line in index_plan)  # "large" from 20 on: HNSW
    assert set(indexed) == set(exact)  # the same memories either way (30 vectors: HNSW is exact here)


def test_the_write_path_finds_a_large_users_nearest_memories_through_the_index_too(db, user_id):
    add_memories(
        db, user_id, *[f"Notes on {t} number {i} from the weekend" for i in range(5) for t in TOPICS]
    )
    embedding = get_embedder().embed_one("Notes on kayak number 3 from the weekend")
    found = {}
    for name, rule in (("exact", (30, 10_000, 0.0)), ("index", (30, 20, 0.0))):
        with db.user_transaction(user_id) as conn:
            explaining = _Explaining(conn)
            memory_repo.find_similar(explaining, user_id, embedding, vector_index=rule)
            assert any("memories_embedding_hnsw" in line for line in explaining.plan) == (name == "index")
            found[name] = [
                m.id for m in memory_repo.find_similar(conn, user_id, embedding, vector_index=rule)
            ]
            assert conn.execute("SELECT current_setting('enable_sort') AS s").fetchone()["s"] == "on"
    assert set(found["index"]) == set(found["exact"]) and len(found["exact"]) == 10
