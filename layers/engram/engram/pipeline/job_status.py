"""What became of a piece of background work: the memory_jobs row is the truth."""

from __future__ import annotations

from uuid import UUID

from engram.db.connection import get_database
from engram.db.repositories.jobs import get_job
from engram.domain.jobs import JobView
from engram.errors import NotFound


def read_job(user_id: str, job_id: UUID) -> JobView:
    """The user's job by id; another user's job is as unknown as a missing one (404)."""
    with get_database().user_transaction(user_id) as conn:
        job = get_job(conn, user_id, job_id)
    if job is None:
        raise NotFound("no such job", field="id")
    return JobView.from_job(job)
