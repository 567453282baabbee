"""The job queue the settings choose: `LocalJobQueue` (the rows in Postgres are the queue) or `SqsJobQueue`.

The port, the submit/dispatch rules and their errors are in `engram.jobs.port`.
"""

from __future__ import annotations

from functools import lru_cache

from engram.config import get_settings
from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import Job
from engram.errors import EngramError
from engram.jobs.local_worker import wake_local_workers
from engram.jobs.port import BaseJobQueue, JobQueue
from engram.jobs.sqs import SqsJobQueue


class LocalJobQueue(BaseJobQueue):
    """The rows in Postgres are the queue; dispatch only wakes this process's workers early.

    A worker in another process finds the jobs on its next poll (`poll_interval`), so nothing depends
    on the wake-up.
    """

    def _announce(self, jobs: list[Job]) -> None:
        wake_local_workers()

    def recover(self) -> int:
        """Requeue jobs abandoned by a dead worker; workers also do this themselves periodically."""
        with self.db.system_transaction() as conn:
            requeued = jobs_repo.requeue_stale(conn)
        if requeued:
            self._announce(requeued)
        return len(requeued)


@lru_cache(maxsize=1)
def get_job_queue() -> JobQueue:
    """The process-wide queue from settings: `ENGRAM_QUEUE=local` (default) or `sqs` (boto3 is imported
    when the SQS queue first sends, so the local path and functions that never queue do not pay for it).
    """
    settings = get_settings()
    if settings.queue == "sqs":
        if not settings.queue_url:
            raise EngramError("ENGRAM_QUEUE_URL is required when ENGRAM_QUEUE=sqs")
        return SqsJobQueue(queue_url=settings.queue_url, region=settings.aws_region)
    return LocalJobQueue()


def reset_job_queue() -> None:
    """Forget the cached queue (tests, after changing settings)."""
    get_job_queue.cache_clear()
