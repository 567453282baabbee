"""GET /v1/jobs/{id}: the status of background work (the memory_jobs row is the truth)."""

from __future__ import annotations

from uuid import UUID

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.db.connection import get_database
from engram.db.repositories.jobs import get_job
from engram.domain.jobs import JobView
from engram.errors import NotFound

router = Router()


@router.get("/v1/jobs/<job_id>")
def read_job(user_id: CurrentUser, job_id: UUID) -> JobView:
    with get_database().user_transaction(user_id) as conn:
        job = get_job(conn, user_id, job_id)
    if job is None:
        raise NotFound("no such job", field="id")
    return JobView.from_job(job)
