"""GET /v1/jobs/{id}: the status of background work."""

from __future__ import annotations

from uuid import UUID

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.domain.jobs import JobView
from engram.pipeline.job_status import read_job as read_job_status

router = Router()


@router.get("/v1/jobs/<job_id>")
def read_job(user_id: CurrentUser, job_id: UUID) -> JobView:
    return read_job_status(user_id, job_id)
