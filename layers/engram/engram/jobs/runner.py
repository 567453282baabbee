"""Run one claimed job and record its outcome — shared by the local worker and the SQS consumer.

Handlers are registered per job type by the module that owns the work (the write path registers
`extract`/`update`, maintenance `cleanup`/`decay`, ...), so this module never imports them. A handler is
`fn(user_id, job) -> dict`: it opens its own transactions (no transaction is held open around it, since
it may wait on a model provider for seconds) and returns a JSON-able result that is stored on the job.

Delivery is at least once: a worker can die after the handler's writes committed and before the outcome
was recorded, and then the job runs again. Handlers must be idempotent: each applies its writes in one
transaction that claims a step on its own job row and records what it did there
(`engram.db.repositories.jobs.claim_job_effects`), so a second run returns the recorded result instead
of applying it again — or, for the lifecycle jobs that span several transactions, each run converges on
a state computed from the data.

Registration is process-global. The local worker claims only the job types registered here, so a
process that lacks a handler leaves the job to one that has it rather than failing it.

A job that needs the model while its user's daily model-token budget is spent is not run: it is
deferred (`deferred`, pending again until the budget frees; `engram.jobs.budget`). Every job runs in a
`ModelScope` of its user, so its model calls are metered for that user.

Outcomes are never silent: success -> `completed` with the result; an exception with attempts left ->
`pending` again after an exponential backoff (`job_backoff_seconds * 2 ** (attempts - 1)`); no attempt
left, an error a retry cannot fix (`NOT_RETRYABLE`), or no handler for the job type -> `failed` with a
`last_error` that names the error type but never carries user content (exception messages often quote
the input they choked on).
"""

from __future__ import annotations

import os
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from aws_lambda_powertools import Logger
from aws_lambda_powertools.metrics import MetricUnit, single_metric
from aws_lambda_powertools.metrics.functions import is_metrics_disabled
from pydantic_core import to_jsonable_python

from engram.config import get_settings
from engram.db.connection import Database
from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import Job, JobType
from engram.domain.model_scope import model_scope
from engram.errors import EngramError, ExtractionFailed, ProviderError, Unprocessable, ValidationFailed
from engram.jobs.budget import budget_hold, defer_job
from engram.observability import METRICS_NAMESPACE, SERVICE

# Keys go in `extra=` on each call, not `append_keys`: the formatter's keys are shared by every thread,
# and the local worker runs beside the HTTP server's threads.
logger = Logger(service=SERVICE, child=True)

JobHandler = Callable[[str, Job], dict[str, Any] | None]
OutcomeKind = Literal["completed", "retry", "failed", "skipped", "deferred"]

_handlers: dict[str, JobHandler] = {}
_handlers_lock = threading.Lock()


class NoJobHandler(EngramError):
    """No handler is registered for a job type in this process (a wiring mistake, not a bad job)."""

    code = "no_job_handler"


# Errors a retry cannot fix (a bad payload, a provider refusing the request): the job fails at once
# instead of spending more attempts — and model calls — on the same outcome.
# `ExtractionFailed` comes after the extractor's own retry, with the source already marked failed.
NOT_RETRYABLE: tuple[type[Exception], ...] = (
    ProviderError,
    ValidationFailed,
    Unprocessable,
    NoJobHandler,
    ExtractionFailed,
)


def register_job_handler(job_type: JobType, fn: JobHandler) -> None:
    """Make `fn(user_id, job) -> dict` run every job of `job_type`; a later registration replaces it.

    Register at import time of the owning module, and import that module before a worker or the SQS
    consumer starts: a job whose type has no handler fails for good.
    """
    with _handlers_lock:
        _handlers[job_type] = fn


def unregister_job_handler(job_type: JobType) -> None:
    with _handlers_lock:
        _handlers.pop(job_type, None)


def get_job_handler(job_type: JobType) -> JobHandler | None:
    """The handler registered for `job_type`, if any (to restore it after swapping in another)."""
    with _handlers_lock:
        return _handlers.get(job_type)


def registered_job_types() -> list[str]:
    with _handlers_lock:
        return sorted(_handlers)


@dataclass(frozen=True)
class JobOutcome:
    """What happened to one run. `job` is the row after recording (None if the row had moved on)."""

    kind: OutcomeKind
    job: Job | None
    error: str | None = None

    @property
    def will_retry(self) -> bool:
        return self.kind == "retry"


def describe_error(exc: BaseException) -> str:
    """A short, content-free description for `last_error`.

    Our own errors (`EngramError`) have messages we wrote, without user content by convention, so the
    message is kept. Anything else keeps only its type (and SQLSTATE for database errors): their
    messages are free text that often quotes the offending input.
    """
    name = type(exc).__name__
    if isinstance(exc, EngramError):
        return jobs_repo.clip_error(f"{name}: {exc.message}")
    sqlstate = getattr(exc, "sqlstate", None)
    if isinstance(sqlstate, str):
        return f"{name} (sqlstate {sqlstate}): message withheld; the worker log has the stack for this job_id"
    return f"{name}: message withheld; the worker log has the stack for this job_id"


def backoff_seconds(attempts: int) -> float:
    """Delay before the next attempt after `attempts` failed ones: base * 2 ** (attempts - 1)."""
    return get_settings().job_backoff_seconds * 2 ** max(attempts - 1, 0)


def emit_metric(name: str, job_type: str) -> None:
    """One EMF count with the job type as dimension. Never lets metrics break job processing.

    `single_metric` writes its EMF line at once, so nothing needs flushing in the local worker thread;
    `POWERTOOLS_METRICS_DISABLED` (or `POWERTOOLS_DEV`) silences it on a laptop.
    """
    if is_metrics_disabled():
        return
    try:
        namespace = os.environ.get("POWERTOOLS_METRICS_NAMESPACE") or METRICS_NAMESPACE
        with single_metric(name=name, unit=MetricUnit.Count, value=1, namespace=namespace) as metric:
            metric.add_dimension(name="job_type", value=job_type)
    except Exception:  # noqa: BLE001 - a metrics hiccup must not turn a finished job into a failed one
        logger.debug("metric emission failed", extra={"metric": name})


def run_claimed_job(db: Database, job: Job) -> JobOutcome:
    """Run a job that is already `processing` (claimed or started) and record the outcome.

    The outcome is recorded in a transaction confined to the job's user. If recording itself fails
    (database gone), the exception propagates and the row stays `processing` until its lock expires,
    when `requeue_stale` (or the SQS consumer) picks it up again.
    """
    keys = job_log_keys(job)
    handler = _handlers.get(job.job_type)
    if handler is None:
        error = describe_error(NoJobHandler(f"no handler is registered for job type '{job.job_type}'"))
        logger.error("job has no handler", extra={**keys, "error": error})
        return _record_failure(db, job, error, retry=False)
    hold = budget_hold(db, job)
    if hold.defers:
        deferred = defer_job(db, job, hold)
        logger.info("job deferred: model budget spent", extra={**keys, "deferred_jobs": deferred})
        emit_metric("job_deferred", job.job_type)
        return JobOutcome("deferred", None)
    try:
        with model_scope(hold.scope):
            result = handler(job.user_id, job)
        stored = to_jsonable_python(result if result is not None else {})
        if not isinstance(stored, dict):
            raise TypeError("a job handler must return a dict")
    except Exception as exc:  # noqa: BLE001 - any handler failure is recorded on the job, never lost
        error = describe_error(exc)
        extra: dict[str, Any] = {**keys, "error": error, "stack": traceback.format_tb(exc.__traceback__)}
        if get_settings().verbose_logging:
            extra["detail"] = str(exc)
        logger.warning("job attempt failed", extra=extra)
        return _record_failure(db, job, error, retry=not isinstance(exc, NOT_RETRYABLE))
    with db.user_transaction(job.user_id) as conn:
        done = jobs_repo.complete_job(conn, job.user_id, job.id, stored)
    if done is None:
        logger.warning("job finished but its row had moved on; outcome not recorded", extra=keys)
        return JobOutcome("skipped", None)
    logger.info("job completed", extra=keys)
    emit_metric("job_completed", job.job_type)
    return JobOutcome("completed", done)


def job_log_keys(job: Job) -> dict[str, Any]:
    """Log keys for a job: ids and counters only — no user id, payload or result."""
    return {"job_id": str(job.id), "job_type": job.job_type, "attempt": job.attempts}


def _record_failure(db: Database, job: Job, error: str, *, retry: bool) -> JobOutcome:
    keys = job_log_keys(job)
    retry_at = None
    if retry and job.attempts < job.max_attempts:
        retry_at = datetime.now(UTC) + timedelta(seconds=backoff_seconds(job.attempts))
    with db.user_transaction(job.user_id) as conn:
        recorded = jobs_repo.fail_job(conn, job.user_id, job.id, error, retry_at)
    if recorded is None:
        logger.warning("job failed but its row had moved on; outcome not recorded", extra=keys)
        return JobOutcome("skipped", None, error)
    if recorded.status == "pending":
        emit_metric("job_retried", job.job_type)
        logger.info("job will be retried", extra={**keys, "retry_at": recorded.scheduled_for.isoformat()})
        return JobOutcome("retry", recorded, error)
    emit_metric("job_failed", job.job_type)
    logger.error("job failed", extra={**keys, "error": error})
    return JobOutcome("failed", recorded, error)
