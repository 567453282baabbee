"""Maintenance as jobs: the schedule fans out one `cleanup`/`decay` job per user, workers run them.

The fan-out (`engram.lifecycle.fanout`) only lists users and submits jobs, so however large one tenant
is, the scheduled Lambda finishes in seconds; each user's work runs in its own job.

Every job of one fan-out carries the same `now` (the instant the schedule fired): a retried or
redelivered job applies the rules at the same boundaries as the first attempt, and the handlers are
idempotent at a fixed `now` (see `engram.lifecycle.cleanup` and `engram.lifecycle.decay`). On top of
that, `cleanup` and `decay` record their run on the job in the transaction that applies it, so a second
run of one job changes nothing and returns the first run's counts. `hierarchy` and a merging
`consolidate` span several transactions (model calls between them) and converge instead: each run brings
the user's rows to a state computed from the data (dirty rows rewritten and marked clean, duplicates
merged), so a second run finds nothing left to do; their counts are recorded on the job in their last
transaction, so a rerun of a finished job reports them and does not run again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, ValidationError

from engram.db.connection import Database, get_database
from engram.domain.jobs import Job
from engram.errors import ValidationFailed
from engram.jobs.runner import register_job_handler
from engram.lifecycle.cleanup import cleanup_user
from engram.lifecycle.consolidation import preview, run_consolidate_job
from engram.lifecycle.consolidation_models import ConsolidateRequest
from engram.lifecycle.decay import decay_user
from engram.lifecycle.fanout import iter_user_ids
from engram.lifecycle.hierarchy import run_hierarchy, run_hierarchy_job
from engram.lifecycle.reembed import run_reembed_job
from engram.lifecycle.vector_indexes import run_vector_index_job

# What `engram maintenance run` can run directly (the fan-out tasks plus the nightly/weekly ones).
DirectTask = Literal["cleanup", "decay", "hierarchy", "consolidate"]


class ConsolidationPreviewCounts(BaseModel):
    """What the weekly preview found for one user (it never merges)."""

    pairs: int = 0
    groups: int = 0
    duplicate_entities: int = 0


def _preview_counts(user_id: str, now: datetime, db: Database | None = None) -> ConsolidationPreviewCounts:
    found = preview(user_id, ConsolidateRequest(force=False), db=db)
    return ConsolidationPreviewCounts(
        pairs=found.count, groups=len(found.groups), duplicate_entities=len(found.entities)
    )


RUNNERS: dict[str, Callable[..., BaseModel]] = {
    "cleanup": cleanup_user,
    "decay": decay_user,
    "hierarchy": run_hierarchy,
    "consolidate": _preview_counts,
}


class MaintenancePayload(BaseModel):
    """What a `cleanup`/`decay` job carries: the reference instant, nothing about the user's data."""

    model_config = ConfigDict(extra="forbid")

    now: AwareDatetime | None = None


def _job_now(job: Job) -> datetime:
    try:
        payload = MaintenancePayload.model_validate(job.payload)
    except ValidationError as exc:
        raise ValidationFailed(
            "a maintenance job's payload is {now: ISO time with zone}", field="now"
        ) from exc
    return payload.now or datetime.now(UTC)


def run_cleanup_job(user_id: str, job: Job) -> dict[str, Any]:
    """Applied once per job: a rerun returns the counts the first run recorded on the job."""
    return cleanup_user(user_id, _job_now(job), job_id=job.id).model_dump()


def run_decay_job(user_id: str, job: Job) -> dict[str, Any]:
    """Applied once per job (one scheduled run decays once): a rerun returns the first run's counts."""
    return decay_user(user_id, _job_now(job), job_id=job.id).model_dump()


def register_lifecycle_jobs() -> None:
    """Make this process run the lifecycle jobs (called beside `register_pipeline_jobs`)."""
    register_job_handler("cleanup", run_cleanup_job)
    register_job_handler("decay", run_decay_job)
    register_job_handler("consolidate", run_consolidate_job)
    register_job_handler("hierarchy", run_hierarchy_job)
    register_job_handler("reembed", run_reembed_job)
    register_job_handler("vector_index", run_vector_index_job)


def run_directly(
    task: DirectTask, now: datetime, *, user_id: str | None = None, db: Database | None = None
) -> Iterator[tuple[str, BaseModel]]:
    """Run `task` in this process without the queue (the CLI): one user, or every user page by page.

    Yields `(user_id, result)` as each user finishes, so a caller can print progress.
    """
    database = db or get_database()
    runner = RUNNERS[task]
    pages = [[user_id]] if user_id is not None else iter_user_ids(database)
    for page in pages:
        for uid in page:
            yield uid, runner(uid, now, database)
