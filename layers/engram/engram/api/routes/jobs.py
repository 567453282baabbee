"""GET /v1/jobs and GET /v1/jobs/{id}: the caller's background work and its status.

The filters are typed, so an unknown status or job type is a 400 naming the filter.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.routes.paging import DEFAULT_PAGE_SIZE, PageCursor, PageLimit
from engram.domain.jobs import JobStatus, JobType, JobView
from engram.pipeline.job_status import JobPage, list_jobs_page
from engram.pipeline.job_status import read_job as read_job_status

router = Router()


@router.get("/v1/jobs")
def list_jobs(
    user_id: CurrentUser,
    status: Annotated[JobStatus | None, Query()] = None,
    job_type: Annotated[JobType | None, Query()] = None,
    limit: PageLimit = DEFAULT_PAGE_SIZE,
    cursor: PageCursor = None,
) -> JobPage:
    return list_jobs_page(user_id, status=status, job_type=job_type, limit=limit, cursor=cursor)


@router.get("/v1/jobs/<job_id>")
def read_job(user_id: CurrentUser, job_id: UUID) -> JobView:
    return read_job_status(user_id, job_id)
