"""Search computes a candidate's cosine similarity once, where it is cheapest: the vector signal's own
candidates carry it from their distance, the others get it only when a threshold needs it or when they
are returned. Every path must give the same number."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from engram.db.repositories.search import hybrid_candidates, result_rows
from engram.db.repositories.search_visibility import SearchFilters
from engram.providers.factory import get_embedder
from tests.memory_factory import add_memories

SIGNALS = {"vector", "fts", "name"}


def test_every_path_gives_a_candidate_the_same_similarity(db, user_id):
    # Given three memories, and signals that each return only their best candidate: the paddle by
    # meaning and words, the trip by its name
    rows = add_memories(db, user_id, "Kayaking trip on Lake Tahoe", name="Tahoe")
    rows += add_memories(db, user_id, "Kayaking lessons every Sunday", "Bought a red kayak paddle")
    query = "bought a red paddle for tahoe"
    embedding = np.asarray(get_embedder().embed_one(query), dtype=np.float32)
    filters = SearchFilters(now=datetime.now(UTC))
    with db.user_transaction(user_id) as conn:
        lazy = hybrid_candidates(
            conn, user_id, query=query, embedding=embedding, filters=filters, signals=SIGNALS, per_signal=1
        )
        eager = hybrid_candidates(
            conn, user_id, query=query, embedding=embedding, filters=filters, signals=SIGNALS,
            per_signal=1, with_similarity=True,
        )  # fmt: skip
        ids = [r["id"] for r in rows]
        filled = result_rows(conn, user_id, ids, embedding=embedding, similarity_of=ids)
    lazy_by_id = {r.id: r for r in lazy}
    eager_by_id = {r.id: r.similarity for r in eager}
    # Then the name-only candidate has no similarity until asked, and every path agrees
    assert [r.similarity is None for r in lazy].count(False) == 1  # the vector signal's one candidate
    assert any(r.similarity is None and r.name_rank is not None for r in lazy)
    for memory_id, similarity in eager_by_id.items():
        expected = float(np.dot(embedding, _stored(db, user_id, memory_id)))
        assert abs(similarity - expected) < 1e-4
        assert abs(filled[memory_id]["similarity"] - similarity) < 1e-6
        if lazy_by_id[memory_id].similarity is not None:
            assert abs(lazy_by_id[memory_id].similarity - similarity) < 1e-6


def _stored(db, user_id: str, memory_id) -> np.ndarray:
    with db.user_transaction(user_id) as conn:
        row = conn.execute("SELECT embedding FROM memories WHERE id = %s", (memory_id,)).fetchone()
    vector = np.asarray(row["embedding"].to_numpy(), dtype=np.float32)
    return vector / np.linalg.norm(vector)
