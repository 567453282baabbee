"""Jobs queued and run the way the worker does, for tests that need jobs in every state: the row goes in
through the jobs repository (as the queue stores it) and runs through the runner the SQS consumer and the
local worker share, with the real handlers."""

from __future__ import annotations

from typing import Any

from engram.db.repositories.jobs import insert_jobs, start_job
from engram.domain.jobs import Job, JobType, NewJob
from engram.jobs.runner import run_claimed_job
from engram.lifecycle.jobs import register_lifecycle_jobs


def queue_job(db: Any, user_id: str, job_type: JobType, payload: dict[str, Any], **fields: Any) -> Job:
    """A pending job, stored as the queue stores it (no worker runs it)."""
    with db.user_transaction(user_id) as conn:
        [job] = insert_jobs(conn, [NewJob(user_id=user_id, job_type=job_type, payload=payload, **fields)])
    return job


def run_job(db: Any, user_id: str, job_type: JobType, payload: dict[str, Any], **fields: Any) -> Job:
    """Queue a job, take it as the SQS consumer does and run it; the row as the run left it."""
    register_lifecycle_jobs()
    queued = queue_job(db, user_id, job_type, payload, **fields)
    with db.user_transaction(user_id) as conn:
        started = start_job(conn, user_id, queued.id)
    assert started is not None
    outcome = run_claimed_job(db, started)
    assert outcome.job is not None
    return outcome.job
