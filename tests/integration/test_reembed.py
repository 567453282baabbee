"""Re-embedding a user in another embedding space (`engram.lifecycle.reembed`): the user keeps being read
with the old space while the job runs and after it stops halfway, a write meanwhile is not lost, and the
job resumed from its checkpoint switches the user with every vector in the new space.

The two spaces are the offline hash embedder at 1536 and at 384 dimensions (`ENGRAM_EMBEDDING_DIM`)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest

from engram.cli import main
from engram.config import reset_settings
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories.memories import insert_memory
from engram.domain.jobs import NewJob
from engram.errors import DatabaseUnavailable
from engram.jobs.queue import get_job_queue
from engram.jobs.runner import run_claimed_job
from engram.lifecycle.hierarchy import run_hierarchy
from engram.lifecycle.jobs import register_lifecycle_jobs
from engram.lifecycle.reembed import reembed_user
from engram.providers.spaces import user_space
from engram.retrieval.search import SearchParams, search_memories
from tests.integration.test_hierarchy import ANDREW as NOTES
from tests.memory_factory import add_memories
from tests.scenarios.conftest import Engram

NOW = datetime(2026, 5, 1, 3, 0, tzinfo=UTC)
KINDS = ("memories", "entities", "storylines", "macros", "sources")


def _vectors(db: Any, user_id: str) -> dict[str, list[tuple[str, int]]]:
    """Per table, (model, dimension) of each stored vector of the user."""
    with db.user_transaction(user_id) as conn:
        return {
            kind: [
                (r["embedding_model"], r["dim"])
                for r in conn.execute(
                    f"SELECT embedding_model, vector_dims(embedding) AS dim FROM {kind} "
                    "WHERE user_id = %s AND embedding IS NOT NULL",
                    (user_id,),
                ).fetchall()
            ]
            for kind in KINDS
        }


def _edges(db: Any, user_id: str) -> list[tuple[int | None, bool]]:
    """(dimension of the relation vector, dirty) of each edge of the user."""
    with db.user_transaction(user_id) as conn:
        rows = conn.execute(
            "SELECT vector_dims(relation_embedding) AS dim, is_dirty FROM relationships WHERE user_id = %s",
            (user_id,),
        ).fetchall()
    return [(r["dim"], r["is_dirty"]) for r in rows]


def _top(user_id: str, query: str) -> str:
    params = SearchParams(query=query, limit=1, signals={"vector"}, track_access=False)
    [best] = search_memories(user_id, params)
    return best.memory.content


def _run_job(db: Any, api: Any, user_id: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Submit a `reembed` job, run it as the SQS consumer would, and read it back through the API."""
    register_lifecycle_jobs()  # as the memory_update function and `engram serve` do
    [job] = get_job_queue().submit([NewJob(user_id=user_id, job_type="reembed", payload=payload)])
    with db.user_transaction(user_id) as conn:
        started = jobs_repo.start_job(conn, user_id, job.id)
    assert started is not None
    outcome = run_claimed_job(db, started)
    assert outcome.kind == "completed", outcome.error
    response = api.get(f"/v1/jobs/{job.id}", user=user_id)
    assert response.status == 200 and response.body["status"] == "completed"
    return response.body["result"]


@pytest.fixture
def dimension(monkeypatch):
    """Point the settings at another dimension, as an operator changing ENGRAM_EMBEDDING_DIM would."""

    def change(size: int) -> None:
        monkeypatch.setenv("ENGRAM_EMBEDDING_DIM", str(size))
        reset_settings()

    yield change
    monkeypatch.delenv("ENGRAM_EMBEDDING_DIM", raising=False)
    reset_settings()


def test_a_user_moves_to_another_dimension_in_a_resumable_job(api, db, user_id, dimension):
    engram = Engram(api, user_id)
    for when, text in NOTES:
        engram.note(text, when=when)
    with db.user_transaction(user_id) as conn:  # as a note on the edge would: its summary is rewritten
        conn.execute("UPDATE relationships SET is_dirty = true WHERE user_id = %s", (user_id,))
    run_hierarchy(user_id, NOW)  # nodes and the edge described, a storyline over Andrew: each with a vector
    before = _vectors(db, user_id)
    assert before["memories"] and before["entities"] and before["storylines"]
    assert {space for rows in before.values() for space in rows} == {("hash-v1", 1536)}
    assert (1536, False) in _edges(db, user_id)  # the cofounder edge, summarised and embedded
    assert user_space(user_id).dimension == 1536
    assert "pitch deck" in _top(user_id, "the pitch deck")

    # The settings now name 384 dimensions; the user is still read (and written) with 1536.
    dimension(384)
    assert "pitch deck" in _top(user_id, "the pitch deck")
    total = sum(len(rows) for rows in before.values())

    # A job that stops after two batches of three: half done, nothing switched.
    partial = _run_job(db, api, user_id, {"max_batches": 2, "batch_size": 3})
    assert partial["switched"] is False and partial["batches"] == 2 and partial["dimension"] == 384
    assert sum(p["done"] for p in partial["progress"].values()) == 6
    assert sum(p["total"] for p in partial["progress"].values()) == total
    assert user_space(user_id).dimension == 1536
    assert "pitch deck" in _top(user_id, "the pitch deck")  # the old space still answers
    # Written meanwhile: in the old space, and re-embedded before the switch.
    engram.note("Andrew booked the flights to San Francisco", when="2026-03-05T10:00:00Z")
    assert {d for rows in _vectors(db, user_id).values() for _, d in rows} == {1536}

    # Resumed: the rest (and the new memory) is embedded, the user switches.
    done = _run_job(db, api, user_id, {"batch_size": 3})
    assert done["switched"] is True
    assert all(p["done"] == p["total"] for p in done["progress"].values())
    assert done["batches"] >= 1
    after = _vectors(db, user_id)
    assert {space for rows in after.values() for space in rows} == {("hash-v1", 384)}
    assert {k: len(v) for k, v in after.items()} == {k: len(v) + (k == "memories") for k, v in before.items()}
    assert (None, True) in _edges(db, user_id)  # its vector cleared, for `hierarchy` to embed again
    assert all(dim is None for dim, _ in _edges(db, user_id))
    space = user_space(user_id)
    assert (space.provider, space.model, space.dimension) == ("hash", "hash-v1", 384)
    with db.user_transaction(user_id) as conn:
        staged = conn.execute("SELECT count(*) AS n FROM reembed_vectors WHERE user_id = %s", (user_id,))
        assert staged.fetchone()["n"] == 0
    assert "pitch deck" in _top(user_id, "the pitch deck")
    assert "San Francisco" in _top(user_id, "flights to San Francisco")


def test_a_vector_of_the_old_space_is_refused_after_the_switch(db, user_id, dimension):
    with db.user_transaction(user_id) as conn:
        assert user_space(user_id, conn=conn).dimension == 1536
    dimension(384)
    result = reembed_user(user_id)  # nothing stored yet: the switch alone
    assert result.switched and result.total == 0
    old = np.ones(1536, dtype=np.float32) / np.sqrt(1536)
    with pytest.raises(DatabaseUnavailable), db.user_transaction(user_id) as conn:
        late = {"content": "late write", "embedding": old, "embedding_model": "hash-v1"}
        insert_memory(conn, user_id, late)


def test_engram_reembed_moves_the_user_with_a_progress_bar(db, user_id, dimension, capsys):
    add_memories(db, user_id, "I keep bees on the roof", "My sister lives in Lisbon", "I play the cello")
    dimension(384)
    assert main(["reembed", "--user", user_id, "--batch-size", "2"]) == 0
    out, err = capsys.readouterr()
    [line] = out.splitlines()
    result = json.loads(line)
    assert result["user_id"] == user_id and result["switched"] and result["batches"] == 2
    assert result["progress"]["memories"] == {"done": 3, "total": 3}
    assert "reembed" in err and "3/3 vectors" in err
    assert _vectors(db, user_id)["memories"] == [("hash-v1", 384)] * 3
    assert "Lisbon" in _top(user_id, "where does my sister live")
