"""Jobs queued and run the way the worker does, for tests that need jobs in every state: the row goes in
through the jobs repository (as the queue stores it) and runs through the runner the SQS consumer and the
local worker share, with the real handlers."""

from __future__ import annotations

from typing import Any

from engram.db.repositories.jobs import cancel_pending_jobs, insert_jobs, start_job
from engram.domain.jobs import Job, JobType, NewJob
from engram.jobs.runner import get_job_handler, register_job_handler, run_claimed_job, unregister_job_handler
from engram.lifecycle.jobs import register_lifecycle_jobs

# The types `register_lifecycle_jobs` registers.
LIFECYCLE_JOB_TYPES: tuple[JobType, ...] = ("cleanup", "decay", "consolidate", "hierarchy")


def queue_job(db: Any, user_id: str, job_type: JobType, payload: dict[str, Any], **fields: Any) -> Job:
    """A pending job, stored as the queue stores it (no worker runs it)."""
    with db.user_transaction(user_id) as conn:
        [job] = insert_jobs(conn, [NewJob(user_id=user_id, job_type=job_type, payload=payload, **fields)])
    return job


def run_job(db: Any, user_id: str, job_type: JobType, payload: dict[str, Any], **fields: Any) -> Job:
    """Queue a lifecycle job, take it as the SQS consumer does and run it with the real handlers; the row
    as the run left it. The process's handlers are as they were afterwards (registration is global)."""
    queued = queue_job(db, user_id, job_type, payload, **fields)
    with db.user_transaction(user_id) as conn:
        started = start_job(conn, user_id, queued.id)
    assert started is not None
    saved = {kind: get_job_handler(kind) for kind in LIFECYCLE_JOB_TYPES}
    register_lifecycle_jobs()
    try:
        outcome = run_claimed_job(db, started)
    finally:
        for kind, handler in saved.items():
            if handler is None:
                unregister_job_handler(kind)
            else:
                register_job_handler(kind, handler)
    assert outcome.job is not None
    return outcome.job


def cancel_left_jobs(db: Any, *user_ids: str) -> None:
    """Cancel what the users still have pending: the test database is shared, and a test that drains the
    queue with a worker would otherwise run (and retry) these jobs."""
    for user_id in user_ids:
        with db.user_transaction(user_id) as conn:
            cancel_pending_jobs(conn, user_id)
