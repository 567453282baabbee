"""What became of a piece of background work: the memory_jobs row is the truth."""

from __future__ import annotations

from uuid import UUID

from pydantic import BaseModel

from engram.db.connection import get_database
from engram.db.repositories.jobs import JOB_CURSOR_TAG, get_job, list_jobs
from engram.db.repositories.keyset import decode_time_cursor, encode_time_cursor, read_cursor, split_page
from engram.domain.jobs import Job, JobStatus, JobType, JobView
from engram.errors import NotFound


class JobPage(BaseModel):
    """One page of `GET /v1/jobs`, newest first; `next_cursor` is null on the last page."""

    items: list[JobView]
    next_cursor: str | None = None


def read_job(user_id: str, job_id: UUID) -> JobView:
    """The user's job by id; another user's job is as unknown as a missing one (404)."""
    with get_database().user_transaction(user_id) as conn:
        job = get_job(conn, user_id, job_id)
    if job is None:
        raise NotFound("no such job", field="id")
    return JobView.from_job(job)


def list_jobs_page(
    user_id: str,
    *,
    status: JobStatus | None = None,
    job_type: JobType | None = None,
    limit: int = 50,
    cursor: str | None = None,
) -> JobPage:
    """The caller's own jobs, newest first, keyset-paginated (stable while new jobs are queued)."""
    after = read_cursor(cursor, lambda text: decode_time_cursor(JOB_CURSOR_TAG, text))
    with get_database().user_transaction(user_id) as conn:
        jobs = list_jobs(conn, user_id, status=status, job_type=job_type, limit=limit, after=after)

    def cursor_of(job: Job) -> str:
        return encode_time_cursor(JOB_CURSOR_TAG, job.created_at, job.id)

    page, next_cursor = split_page(jobs, limit, cursor_of)
    return JobPage(items=[JobView.from_job(job) for job in page], next_cursor=next_cursor)
