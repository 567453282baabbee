"""The SQS consumer: runs the jobs announced by `SqsJobQueue` and reports partial batch failures.

Each record's body is a `JobMessage`; the `memory_jobs` row is loaded and started in the user's own
transaction (so row-level security confines the work to the user the message names), run with the
registered handler, and the outcome recorded — the same `run_claimed_job` the local worker uses.

Per record:
- malformed body -> that record fails (and, after maxReceiveCount, lands in the DLQ: it can never run);
- job already completed/failed/cancelled, or unknown -> success, nothing done (a redelivery or resend);
- job waiting on its dependency, or held by a live run -> the record fails and SQS redelivers it later;
- job deferred because its user's daily model-token budget is spent (`engram.jobs.budget`) -> success:
  the row is pending again, due when the budget frees, and `SqsJobQueue.recover` sends it then;
- handler fails with attempts left -> the row goes back to `pending` with `last_error` (visible through
  `GET /v1/jobs/{id}`) and the record fails, so SQS redelivers it after the visibility timeout;
- handler fails with no attempt left -> the row is `failed` and the record succeeds, so the message is
  deleted instead of looping; the DLQ only catches what never reached an outcome here (a crash, a
  timeout, a malformed body). Set the queue's maxReceiveCount above `ENGRAM_JOB_MAX_ATTEMPTS`.

FIFO event sources (`eventSourceARN` ending in `.fifo`) use Powertools' `SqsFifoPartialProcessor`:
once a record fails, the records after it are not processed but reported as failed too, so SQS hands
them back in their original order and a user's younger job can never overtake an older one that is
being retried. We pass `skip_group_on_error=True`: that rule applies per message group (= per user),
so records of other users in the same batch still run. Standard queues use `BatchProcessor`, where a
failed record fails alone.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.utilities.batch import (
    BatchProcessor,
    EventType,
    SqsFifoPartialProcessor,
    process_partial_response,
)
from aws_lambda_powertools.utilities.batch.base import BasePartialBatchProcessor
from aws_lambda_powertools.utilities.parser.models import SqsRecordModel
from pydantic import Json

from engram.db.connection import Database, get_database
from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import JobMessage
from engram.errors import EngramError
from engram.jobs.runner import job_log_keys, run_claimed_job
from engram.observability import SERVICE

logger = Logger(service=SERVICE, child=True)

# A started job stays locked this long past the invocation's deadline: by then that run is surely over.
# No heartbeat is needed here, unlike the local worker's short locks: Lambda ends the run at its
# deadline, so the lock never expires under a live run, and a run that died is taken again by the next
# delivery once the lock ran out (SQS redelivers after the visibility timeout, >= 6x the function's
# timeout, so the lock is always out by then). The rerun applies nothing twice: handlers record their
# effects on the job (`engram.db.repositories.jobs.claim_job_effects`).
LOCK_MARGIN_SECONDS = 60.0


class JobSqsRecord(SqsRecordModel):
    """An SQS record whose body is a `JobMessage` (a body that does not parse fails its record)."""

    body: Json[JobMessage]  # type: ignore[assignment]


class JobNotReady(EngramError):
    """The job cannot start yet (dependency not completed, or another run holds it): redeliver later."""

    status = 409
    code = "job_not_ready"


class JobAttemptFailed(EngramError):
    """The attempt failed and the job will be retried: fail the record so SQS redelivers it."""

    code = "job_attempt_failed"


def process_sqs_batch(event: dict[str, Any], context: Any = None, *, db: Database | None = None) -> dict:
    """Process an SQS event; returns `{"batchItemFailures": [{"itemIdentifier": messageId}, ...]}`.

    The Lambda handler is `return process_sqs_batch(event, context)` (its event source mapping must
    enable `ReportBatchItemFailures`). Handlers of the job types must be registered before.
    """
    records = event.get("Records") or []
    if not records:
        return {"batchItemFailures": []}
    processor = _processor_for(records)
    lock_seconds = _lock_seconds(context)

    def handle(record: JobSqsRecord) -> str:
        return _handle_message(db or get_database(), record.body, lock_seconds)

    return dict(
        process_partial_response(event=event, record_handler=handle, processor=processor, context=context)
    )


def _processor_for(records: list[dict[str, Any]]) -> BasePartialBatchProcessor:
    processor: BasePartialBatchProcessor
    if str(records[0].get("eventSourceARN", "")).endswith(".fifo"):
        processor = SqsFifoPartialProcessor(model=JobSqsRecord, skip_group_on_error=True)
    else:
        processor = BatchProcessor(event_type=EventType.SQS, model=JobSqsRecord)
    # Report every failure as batchItemFailures, even when all records failed, instead of raising:
    # SQS treats both the same, and an exception would only add a spurious function error.
    processor.raise_on_entire_batch_failure = False
    return processor


def _lock_seconds(context: Any) -> float:
    remaining = getattr(context, "get_remaining_time_in_millis", None)
    if callable(remaining):
        return max(float(remaining()) / 1000.0, 1.0) + LOCK_MARGIN_SECONDS
    return jobs_repo.DEFAULT_LOCK_SECONDS


def _handle_message(db: Database, message: JobMessage, lock_seconds: float) -> str:
    keys = {"job_id": str(message.job_id), "job_type": message.job_type}
    with db.user_transaction(message.user_id) as conn:
        job = jobs_repo.start_job(conn, message.user_id, message.job_id, lock_seconds)
        current = job or jobs_repo.get_job(conn, message.user_id, message.job_id)
    if current is None:
        # Deleted with its user, or never committed: nothing will ever run it, so do not redeliver.
        logger.warning("job message for an unknown job; dropped", extra=keys)
        return "unknown"
    if job is None:
        if current.is_finished:
            logger.info("job already finished; redelivery ignored", extra={**keys, "status": current.status})
            return current.status
        raise JobNotReady("the job is waiting on its dependency or held by another run")
    outcome = run_claimed_job(db, job)
    if outcome.will_retry:
        raise JobAttemptFailed(outcome.error or "the job attempt failed")
    logger.info("job message processed", extra={**job_log_keys(job), "outcome": outcome.kind})
    return outcome.kind
