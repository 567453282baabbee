"""The SQS adapter of the job queue: rows in Postgres, announcements on an SQS FIFO queue.

Each committed job becomes one `JobMessage` (ids only, no payload) sent with `send_message_batch` in
chunks of 10, `MessageGroupId` = the user (so one user's jobs are delivered in order while users run in
parallel) and `MessageDeduplicationId` = the job id (so a resend within SQS's 5-minute window is
dropped by SQS itself). The consumer is `engram.jobs.sqs_consumer`.

When a send fails, the jobs stay `pending` in the table — visible through `GET /v1/jobs/{id}` — and
`JobDispatchError` names them. `recover()`, called by the maintenance schedule, re-sends pending jobs
that are due and untouched for `stranded_after_seconds` (longer than the queue's visibility timeout, so
a job waiting for its SQS redelivery is left alone) and returns jobs of dead consumers to pending. A
resent job that already ran is a no-op for the consumer (`start_job` refuses finished jobs), so
resending is always safe; it can run a user's old job after their newer ones, which is the price of
recovery.

SQS FIFO has no per-message delay, so jobs scheduled for later are not sent at submit time; `recover()`
sends them once they are due.
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from aws_lambda_powertools import Logger

from engram.db.connection import Database
from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import Job, JobMessage
from engram.jobs.port import BaseJobQueue, JobDispatchError
from engram.observability import SERVICE

logger = Logger(service=SERVICE, child=True)

SQS_BATCH_LIMIT = 10
# What SQS accepts in MessageGroupId: 1-128 alphanumeric or punctuation characters.
_GROUP_ID = re.compile(r"""^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~]{1,128}$""")


def message_group_id(user_id: str) -> str:
    """The user id itself when SQS accepts it, else a stable digest of it (user ids are opaque text
    and may hold spaces or non-ASCII characters). Either way one user maps to one group."""
    if _GROUP_ID.match(user_id):
        return user_id
    return "u-" + hashlib.sha256(user_id.encode()).hexdigest()


class SqsJobQueue(BaseJobQueue):
    """Jobs in Postgres, announced on SQS after the inserting transaction commits."""

    def __init__(
        self,
        queue_url: str,
        db: Database | None = None,
        client: Any = None,
        region: str | None = None,
        stranded_after_seconds: float = 900.0,
    ):
        super().__init__(db)
        self.queue_url = queue_url
        self.region = region
        self.stranded_after_seconds = stranded_after_seconds
        self._client = client

    @property
    def fifo(self) -> bool:
        return self.queue_url.endswith(".fifo")

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3  # lazily: only processes that queue to SQS pay for the import

            self._client = boto3.client("sqs", region_name=self.region)
        return self._client

    def _announce(self, jobs: list[Job]) -> None:
        soon = datetime.now(UTC) + timedelta(seconds=1)
        due = [job for job in jobs if job.scheduled_for <= soon and not job.is_finished]
        if not due:
            return
        entries = [self._entry(job) for job in due]
        unsent: list[str] = []
        reason = ""
        for start in range(0, len(entries), SQS_BATCH_LIMIT):
            chunk = entries[start : start + SQS_BATCH_LIMIT]
            try:
                response = self.client.send_message_batch(QueueUrl=self.queue_url, Entries=chunk)
            except Exception as exc:  # noqa: BLE001 - botocore errors and network failures alike
                reason = type(exc).__name__
                unsent = [entry["Id"] for entry in entries[start:]]
                break
            failed = response.get("Failed") or []
            if failed:
                # Stop at the first failure: later chunks may hold the same users' younger jobs, and
                # sending those now would let them overtake the failed ones.
                reason = ", ".join(sorted({f.get("Code", "unknown") for f in failed}))
                unsent = [f["Id"] for f in failed] + [entry["Id"] for entry in entries[start + len(chunk) :]]
                break
        if unsent:
            job_ids = [str(job.id) for job in due if job.id.hex in set(unsent)]
            logger.error("sending job messages failed", extra={"unsent": len(job_ids), "reason": reason})
            raise JobDispatchError(
                f"{len(job_ids)} job(s) stored but not sent to SQS ({reason}); they stay pending and are "
                "re-sent by the recovery sweep",
                job_ids,
            )

    def _entry(self, job: Job) -> dict[str, Any]:
        entry: dict[str, Any] = {"Id": job.id.hex, "MessageBody": JobMessage.for_job(job).model_dump_json()}
        if self.fifo:
            entry["MessageGroupId"] = message_group_id(job.user_id)
            entry["MessageDeduplicationId"] = str(job.id)
        return entry

    def recover(self, limit: int = 500) -> int:
        """Requeue jobs of dead consumers and re-send stranded pending jobs; returns how many were sent.

        Run it on a schedule (every 15 minutes is plenty). Raises `JobDispatchError` if SQS refuses.
        """
        with self.db.system_transaction() as conn:
            requeued = [j for j in jobs_repo.requeue_stale(conn) if j.status == "pending"]
        with self.db.system_transaction() as conn:
            stranded = jobs_repo.claim_stranded_jobs(conn, self.stranded_after_seconds, limit)
        seen = {j.id for j in requeued}
        to_send = requeued + [j for j in stranded if j.id not in seen]
        if to_send:
            logger.warning("re-sending stranded jobs", extra={"count": len(to_send)})
            self._announce(to_send)
        return len(to_send)
