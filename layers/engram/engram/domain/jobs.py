"""Job models, one per boundary: what a caller asks for (`NewJob`), what the table holds (`Job`), what
travels on the queue (`JobMessage`) and what `GET /v1/jobs/{id}` shows (`JobView`).

The `memory_jobs` row is the truth about a job; the queue message only says "look at job X of user U".
That is why `JobMessage` carries no payload: a redelivered or duplicated message can never run stale
input, and user content never sits in SQS.

They sit in the models layer, below `engram.jobs` and `engram.db`: the jobs repository reads and writes
`Job`/`NewJob`, the API shows `JobView`, and neither may import the queue to get them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from engram.config import get_settings

# Must match the CHECK constraints of memory_jobs (sql/0003_jobs_and_audit.sql, job types as of
# sql/0018_user_vector_indexes.sql).
JobType = Literal[
    "extract",
    "update",
    "consolidate",
    "decay",
    "cleanup",
    "graph_update",
    "hierarchy",
    "reembed",
    "vector_index",
]
JobStatus = Literal["pending", "processing", "completed", "failed", "cancelled"]

UserId = Annotated[str, Field(min_length=1, max_length=128)]
Priority = Annotated[int, Field(ge=1, le=10, description="1 runs first.")]

FINISHED_STATUSES: frozenset[str] = frozenset({"completed", "failed", "cancelled"})


def _default_max_attempts() -> int:
    return get_settings().job_max_attempts


class NewJob(BaseModel):
    """A job to submit. `max_attempts` defaults to `ENGRAM_JOB_MAX_ATTEMPTS`, read when the job is built."""

    model_config = ConfigDict(extra="forbid")

    user_id: UserId
    job_type: JobType
    payload: dict[str, Any] = Field(default_factory=dict)
    priority: Priority = 5
    source_id: UUID | None = None
    depends_on: UUID | None = Field(None, description="Not claimed before this job has completed.")
    max_attempts: Annotated[int, Field(ge=1, le=10)] = Field(default_factory=_default_max_attempts)
    scheduled_for: datetime | None = Field(None, description="Not run before this time; None = now.")


class Job(BaseModel):
    """A `memory_jobs` row as the domain sees it (every column)."""

    model_config = ConfigDict(frozen=True)

    id: UUID
    user_id: str
    job_type: JobType
    payload: dict[str, Any]
    status: JobStatus
    priority: int
    attempts: int
    max_attempts: int
    last_error: str | None
    source_id: UUID | None
    depends_on: UUID | None
    result: dict[str, Any] | None
    scheduled_for: datetime
    started_at: datetime | None
    completed_at: datetime | None
    locked_until: datetime | None
    created_at: datetime
    updated_at: datetime

    @property
    def is_finished(self) -> bool:
        return self.status in FINISHED_STATUSES


class JobMessage(BaseModel):
    """The queue message body. Versioned so a consumer can refuse a shape it does not know."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal[1] = 1
    job_id: UUID
    user_id: UserId
    job_type: JobType

    @classmethod
    def for_job(cls, job: Job) -> JobMessage:
        return cls(job_id=job.id, user_id=job.user_id, job_type=job.job_type)


class JobView(BaseModel):
    """What `GET /v1/jobs/{id}` returns. No payload: it may hold the user's words, and status is enough."""

    id: UUID
    job_type: JobType
    status: JobStatus
    attempts: int
    max_attempts: int
    last_error: str | None
    result: dict[str, Any] | None
    source_id: UUID | None
    created_at: datetime
    started_at: datetime | None
    completed_at: datetime | None
    scheduled_for: datetime

    @classmethod
    def from_job(cls, job: Job) -> JobView:
        return cls.model_validate(job.model_dump(include=set(cls.model_fields)))
