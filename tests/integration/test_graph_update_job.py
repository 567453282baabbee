"""`graph_update` jobs through the local queue and worker: edges from the queue follow the write path's
rules, and a bad payload fails visibly without writing anything."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import NewJob
from engram.jobs.local_worker import LocalWorker
from engram.jobs.queue import LocalJobQueue
from engram.jobs.runner import registered_job_types
from engram.pipeline.jobs import register_pipeline_jobs


@pytest.fixture
def run_jobs(db) -> Iterator:
    register_pipeline_jobs()
    queue, worker = LocalJobQueue(db), LocalWorker(db, poll_interval=0.05)

    def run(user_id: str, payload: dict):
        [job] = queue.submit([NewJob(user_id=user_id, job_type="graph_update", payload=payload)])
        worker.run_until_idle(timeout=10)
        with db.user_transaction(user_id) as conn:
            return jobs_repo.get_job(conn, user_id, job.id)

    yield run


def _edges(db, user_id):
    with db.user_transaction(user_id) as conn:
        return conn.execute(
            """SELECT f.name AS source, t.name AS target, r.relationship_type, r.valid_to, r.attitude
               FROM relationships r JOIN entities f ON f.id = r.from_entity_id
               JOIN entities t ON t.id = r.to_entity_id WHERE r.user_id = %s ORDER BY r.created_at""",
            (user_id,),
        ).fetchall()


def test_the_worker_knows_graph_update_jobs(db):
    register_pipeline_jobs()
    assert "graph_update" in registered_job_types()


def test_edges_from_the_queue_open_and_a_new_employer_closes_the_old(db, user_id, run_jobs):
    marcus = {"name": "Marcus", "kind": "person"}
    first = run_jobs(
        user_id,
        {
            "valid_from": "2026-03-02T09:00:00Z",
            "edges": [
                {"from": "me", "to": marcus, "kind": "has_relationship_with", "relationship_type": "coworker",
                 "attitude": 4},
                {"from": marcus, "to": {"name": "Stripe", "entity_type": "organization"},
                 "kind": "engages_with", "relationship_type": "works_at"},
            ],
        },
    )  # fmt: skip
    second = run_jobs(
        user_id,
        {
            "valid_from": "2026-03-06T09:00:00Z",
            "edges": [
                {"from": marcus, "to": {"name": "Notion", "entity_type": "organization"},
                 "kind": "engages_with", "relationship_type": "works_at"}
            ],
        },
    )  # fmt: skip
    assert first.status == "completed" and first.result == {"edges_touched": 2}
    assert second.status == "completed"
    edges = {(e["source"], e["relationship_type"], e["target"]): e for e in _edges(db, user_id)}
    assert edges[("Me", "coworker", "Marcus")]["attitude"] == 4
    assert edges[("Marcus", "works_at", "Stripe")]["valid_to"] is not None
    assert edges[("Marcus", "works_at", "Notion")]["valid_to"] is None


def test_a_bad_edge_fails_the_job_by_field_and_writes_nothing(db, user_id, run_jobs):
    job = run_jobs(
        user_id,
        {
            "edges": [
                {"from": "me", "to": {"name": "Sarah", "kind": "person"}, "relationship_type": "friend"},
                {"from": "me", "to": {"name": "Dan"}, "relationship_type": "friend", "attitude": 9},
            ]
        },
    )
    assert job.status == "failed" and job.attempts == 1
    assert "ValidationFailed" in (job.last_error or "")
    assert _edges(db, user_id) == []
