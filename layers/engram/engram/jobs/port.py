"""The job queue port and the submit/dispatch bookkeeping its adapters share.

Submitting a job has two steps, because the row and the announcement live in different systems:

1. **insert** the `memory_jobs` rows — inside the caller's transaction, so a job exists exactly when the
   source (or memory) it works on exists;
2. **dispatch** them once that transaction has committed — send the SQS messages, or wake the local
   worker. Announcing earlier would let a consumer look for a row it cannot see yet.

Three ways to use it, easiest first:

    # a) the queue owns the transaction: insert, commit, dispatch
    with queue.transaction(user_id) as tx:
        source = insert_source(tx.conn, ...)
        tx.submit([NewJob(user_id=user_id, job_type="extract", source_id=source.id)])
    # <- committed and dispatched here; an exception inside the block rolls back and sends nothing

    # b) jobs on their own
    jobs = queue.submit([NewJob(...)])            # own transaction(s), dispatched before returning

    # c) inside a transaction you already hold
    with db.user_transaction(user_id) as conn:
        jobs = queue.submit(new_jobs, conn=conn)
    queue.dispatch(jobs)                          # after the `with`, never inside it

Misuse is caught: `dispatch` checks with Postgres that the inserting transaction committed, raises
`DispatchBeforeCommit` if it is still open, and sends nothing if it rolled back. A forgotten
`dispatch` is not lost either: the local worker polls the table, and `recover()` (run by the
maintenance schedule in AWS) re-announces pending jobs nobody picked up.

The adapters (`LocalJobQueue` and the factory `get_job_queue()` in `engram.jobs.queue`, `SqsJobQueue` in
`engram.jobs.sqs`) only say how jobs are announced (`_announce`) and recovered.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol, runtime_checkable

from aws_lambda_powertools import Logger

from engram.db.connection import Conn, Database, get_database
from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import Job, NewJob
from engram.errors import EngramError
from engram.observability import SERVICE

logger = Logger(service=SERVICE, child=True)


class JobDispatchError(EngramError):
    """Jobs were stored (pending, visible in `GET /v1/jobs/{id}`) but could not be announced.

    Nothing is lost: `recover()` re-announces pending jobs that nobody picked up. Callers may report
    the jobs as accepted and log this error, or surface it as 503.
    """

    status = 503
    code = "queue_unavailable"

    def __init__(self, message: str, job_ids: Sequence[str] = ()):
        super().__init__(message)
        self.job_ids = list(job_ids)


class DispatchBeforeCommit(RuntimeError):
    """`dispatch` was called while the transaction that inserted the jobs was still open (a bug)."""


class SubmittedJobs(list[Job]):
    """The jobs `submit` inserted, in submission order, plus what `dispatch` needs to know about them."""

    def __init__(self, jobs: Iterable[Job] = (), xact_ids: Iterable[str] = (), dispatched: bool = False):
        super().__init__(jobs)
        self.xact_ids: tuple[str, ...] = tuple(xact_ids)
        self.dispatched = dispatched


@runtime_checkable
class JobQueue(Protocol):
    """Where background jobs go. The `memory_jobs` table is the truth; the queue only announces."""

    def submit(self, jobs: Sequence[NewJob], *, conn: Conn | None = None) -> list[Job]:
        """Insert `jobs` as pending; returns them in submission order.

        With `conn` (a `user_transaction` of the jobs' user): the rows join that transaction and the
        caller must call `dispatch(returned)` after it commits. Without: each user's jobs are inserted
        in their own transaction and dispatched before this returns.
        """
        ...

    def dispatch(self, jobs: Sequence[Job]) -> None:
        """Announce committed jobs to consumers. Idempotent for jobs `submit` already dispatched.

        Raises `DispatchBeforeCommit` if their transaction is still open, `JobDispatchError` if the
        announcement failed (the jobs stay pending and `recover()` retries).
        """
        ...

    def transaction(self, user_id: str) -> AbstractContextManager[JobTransaction]:
        """`with queue.transaction(uid) as tx:` — a user transaction whose `tx.submit` jobs are
        dispatched after it commits (and dropped with it on rollback)."""
        ...

    def recover(self) -> int:
        """Return abandoned jobs to pending and re-announce stranded ones; returns how many."""
        ...


class JobTransaction:
    """A user transaction that collects submitted jobs for dispatch after commit."""

    def __init__(self, queue: BaseJobQueue, conn: Conn):
        self.queue = queue
        self.conn = conn
        self.jobs = SubmittedJobs()

    def submit(self, jobs: Sequence[NewJob]) -> list[Job]:
        submitted = self.queue.submit(jobs, conn=self.conn)
        self.jobs.extend(submitted)
        xact_ids = getattr(submitted, "xact_ids", ())
        self.jobs.xact_ids = tuple(dict.fromkeys([*self.jobs.xact_ids, *xact_ids]))
        return list(submitted)


class BaseJobQueue:
    """Insert/commit/dispatch bookkeeping shared by the adapters; they implement `_announce`."""

    def __init__(self, db: Database | None = None):
        self._db = db

    @property
    def db(self) -> Database:
        # Resolved per call so tests that reset the process-wide database never hold a stale one.
        return self._db or get_database()

    def submit(self, jobs: Sequence[NewJob], *, conn: Conn | None = None) -> list[Job]:
        if not jobs:
            return SubmittedJobs(dispatched=True)
        if conn is not None:
            inserted, xact_id = jobs_repo.insert_jobs_returning_xid(conn, jobs)
            return SubmittedJobs(inserted, [xact_id] if xact_id else [])
        submitted = SubmittedJobs()
        try:
            for user_id, user_jobs in _by_user(jobs).items():
                with self.db.user_transaction(user_id) as own:
                    submitted.extend(jobs_repo.insert_jobs(own, user_jobs))
        finally:
            # If a later user's insert fails, the earlier users' jobs are committed: announce them anyway.
            if submitted:
                self._announce(submitted)
                submitted.dispatched = True
        return submitted

    def dispatch(self, jobs: Sequence[Job]) -> None:
        if not jobs or getattr(jobs, "dispatched", False):
            return
        xact_ids = getattr(jobs, "xact_ids", ())
        if xact_ids:
            with self.db.system_transaction() as conn:
                states = {x: jobs_repo.transaction_status(conn, x) for x in xact_ids}
            if "in progress" in states.values():
                raise DispatchBeforeCommit(
                    "dispatch() was called inside the transaction that submitted the jobs; "
                    "call it after the `with db.user_transaction(...)` block"
                )
            if "aborted" in states.values():
                logger.info("jobs not dispatched: their transaction rolled back", extra={"count": len(jobs)})
                return
        self._announce(list(jobs))
        if isinstance(jobs, SubmittedJobs):
            jobs.dispatched = True

    @contextmanager
    def transaction(self, user_id: str) -> Iterator[JobTransaction]:
        with self.db.user_transaction(user_id) as conn:
            tx = JobTransaction(self, conn)
            yield tx
        self.dispatch(tx.jobs)

    def recover(self) -> int:
        raise NotImplementedError

    def _announce(self, jobs: list[Job]) -> None:
        raise NotImplementedError


def _by_user(jobs: Sequence[NewJob]) -> dict[str, list[NewJob]]:
    grouped: dict[str, list[NewJob]] = {}
    for job in jobs:
        grouped.setdefault(job.user_id, []).append(job)
    return grouped
