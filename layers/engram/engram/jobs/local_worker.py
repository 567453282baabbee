"""The local queue's worker: a thread that claims jobs from `memory_jobs` and runs them.

Locally the rows in Postgres are the queue (no SQS, nothing else to run). The worker claims a small
batch across users with `claim_next_jobs` — at most one job per user, never a user who already has a
job processing, so each user's jobs apply in order like an SQS FIFO message group — and runs each with
`run_claimed_job`. It claims only the job types this process has handlers for: a job another process
can run is left to that process instead of being failed here for want of a handler. It sleeps
`poll_interval` between empty polls unless `wake()`d (the local queue wakes it after a submit commits),
and every `stale_sweep_seconds` returns jobs abandoned by a dead worker (`requeue_stale`). Several
workers, in one process or several, can share a database: claims use `SKIP LOCKED`.

Locks are short and kept alive by a heartbeat. A claim locks the job for `job_lock_seconds` (30 s); while
the handler runs, a heartbeat thread extends the lock every `job_heartbeat_seconds` (10 s), so a live
job is never taken from its worker however long it runs, and a dead worker's job — and with it the
user's whole line, which waits behind a processing job — is requeued by the next sweep after its lock
runs out: within `job_lock_seconds + job_stale_sweep_seconds` (40 s) of the crash, instead of the ten
minutes a lock long enough for any job would hold it. A rerun is safe: handlers apply their effects
once per job (`engram.db.repositories.jobs.claim_job_effects`).

The worker thread uses its own connection (`Database` keeps one per thread). Job handlers must be
registered (`engram.jobs.runner.register_job_handler`) before `start()`.
"""

from __future__ import annotations

import threading
import time
import weakref
from datetime import UTC, datetime

from aws_lambda_powertools import Logger

from engram.config import get_settings
from engram.db.connection import Database, get_database
from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import Job
from engram.jobs.runner import job_log_keys, registered_job_types, run_claimed_job
from engram.observability import SERVICE

logger = Logger(service=SERVICE, child=True)

_active_workers: weakref.WeakSet[LocalWorker] = weakref.WeakSet()
_active_lock = threading.Lock()


def wake_local_workers() -> None:
    """Wake every started worker of this process (called after jobs were committed)."""
    with _active_lock:
        workers = list(_active_workers)
    for worker in workers:
        worker.wake()


class LocalWorker:
    """Runs queued jobs from Postgres, in a daemon thread (`start`/`stop`) or inline (`run_until_idle`)."""

    def __init__(
        self,
        db: Database | None = None,
        poll_interval: float = 0.5,
        batch: int = 4,
        lock_seconds: float | None = None,
        heartbeat_seconds: float | None = None,
        stale_sweep_seconds: float | None = None,
    ):
        """Unset timings come from settings (`ENGRAM_JOB_LOCK_SECONDS`, `..._HEARTBEAT_SECONDS`,
        `..._STALE_SWEEP_SECONDS`)."""
        settings = get_settings()
        self._db = db
        self.poll_interval = poll_interval
        self.batch = batch
        self.lock_seconds = lock_seconds if lock_seconds is not None else settings.job_lock_seconds
        # At least three beats per lock: one slow or failed beat never lets a live job's lock run out.
        self.heartbeat_seconds = min(
            heartbeat_seconds if heartbeat_seconds is not None else settings.job_heartbeat_seconds,
            self.lock_seconds / 3,
        )
        self.stale_sweep_seconds = (
            stale_sweep_seconds if stale_sweep_seconds is not None else settings.job_stale_sweep_seconds
        )
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def db(self) -> Database:
        return self._db or get_database()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # --- lifecycle ------------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the daemon thread (idempotent)."""
        if self.running:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._loop, name="engram-job-worker", daemon=True)
        with _active_lock:
            _active_workers.add(self)
        logger.info("job worker started", extra={"job_types": registered_job_types()})
        self._thread.start()

    def stop(self, timeout: float = 30.0) -> bool:
        """Stop after the job in hand finishes; claimed jobs not yet started go back to pending.

        Returns False if the thread was still busy after `timeout` seconds (it stops after its job).
        """
        with _active_lock:
            _active_workers.discard(self)
        self._stopping.set()
        self._wake.set()
        thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        if thread.is_alive():
            logger.warning("job worker still finishing a job at shutdown", extra={"timeout": timeout})
            return False
        self._thread = None
        return True

    def wake(self) -> None:
        """Poll now instead of at the end of the current sleep."""
        self._wake.set()

    # --- work -----------------------------------------------------------------------------------------

    def run_once(self) -> int:
        """Claim one batch and run it; returns the number of jobs run."""
        with self.db.system_transaction() as conn:
            claimed = jobs_repo.claim_next_jobs(conn, self.batch, self.lock_seconds, registered_job_types())
        ran = 0
        for index, job in enumerate(claimed):
            if self._stopping.is_set():
                self._release(claimed[index:])
                break
            self._run(job)
            ran += 1
        return ran

    def run_until_idle(self, timeout: float = 30.0) -> int:
        """Run jobs inline until none is runnable, waiting out retry backoffs; returns how many ran.

        Jobs scheduled for later on purpose are not waited for; retries are. Raises TimeoutError if a
        retry is still due after `timeout` seconds. For tests, the demo and one-shot CLI commands.
        """
        deadline = time.monotonic() + timeout
        self.requeue_stale()
        ran = 0
        while True:
            count = self.run_once()
            ran += count
            if count:
                continue
            with self.db.system_transaction() as conn:
                due = jobs_repo.earliest_pending_retry(conn, registered_job_types())
            if due is None:
                return ran
            wait = max((due - datetime.now(UTC)).total_seconds(), 0.0)
            if time.monotonic() + wait > deadline:
                raise TimeoutError(f"jobs were still waiting to be retried after {timeout:.1f}s")
            # A due retry the claim did not take is blocked (its user has a job processing elsewhere).
            time.sleep(max(wait, 0.02))

    def requeue_stale(self) -> list[Job]:
        """Return jobs abandoned by a dead worker to pending (or failed); never raises."""
        try:
            with self.db.system_transaction() as conn:
                requeued = jobs_repo.requeue_stale(conn)
        except Exception:  # noqa: BLE001 - the sweep retries on its next round
            logger.exception("requeue of stale jobs failed")
            return []
        for job in requeued:
            logger.warning("requeued an abandoned job", extra={**job_log_keys(job), "status": job.status})
        return requeued

    def _run(self, job: Job) -> None:
        try:
            with JobHeartbeat(self.db, job, self.heartbeat_seconds, self.lock_seconds):
                run_claimed_job(self.db, job)
        except Exception:  # noqa: BLE001 - the row stays processing; requeue_stale picks it up later
            logger.exception("recording a job outcome failed", extra=job_log_keys(job))

    def _release(self, jobs: list[Job]) -> None:
        try:
            with self.db.system_transaction() as conn:
                jobs_repo.release_jobs(conn, [j.id for j in jobs])
        except Exception:  # noqa: BLE001 - their locks expire and requeue_stale returns them
            logger.exception("releasing claimed jobs failed")

    def _loop(self) -> None:
        next_sweep = 0.0
        failures = 0
        while not self._stopping.is_set():
            if time.monotonic() >= next_sweep:
                self.requeue_stale()
                next_sweep = time.monotonic() + self.stale_sweep_seconds
            try:
                ran = self.run_once()
                failures = 0
            except Exception:  # noqa: BLE001 - e.g. the database restarting; keep the thread alive
                failures += 1
                logger.exception("claiming jobs failed", extra={"consecutive_failures": failures})
                ran = 0
            if ran:
                continue
            # Back off while the database is unreachable; otherwise sleep until woken or the next poll.
            delay = min(self.poll_interval * 2**failures, 10.0) if failures else self.poll_interval
            self._wake.wait(delay)
            self._wake.clear()


class JobHeartbeat:
    """`with JobHeartbeat(db, job, interval, lock_seconds):` keeps a running job's lock alive.

    A thread of its own extends the lock to `lock_seconds` from now every `interval` seconds, until the
    block ends; it opens a connection only when its first beat is due (most jobs finish sooner) and
    closes it when it stops. When the job is no longer this run's (a sweep requeued it after a stall
    longer than the lock), it stops beating and says so: the handler's effects are recorded once per
    job, so a second run is safe, but it is worth a warning.
    """

    def __init__(self, db: Database, job: Job, interval: float, lock_seconds: float):
        self.db = db
        self.job = job
        self.interval = interval
        self.lock_seconds = lock_seconds
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._beat, name="engram-job-heartbeat", daemon=True)

    def __enter__(self) -> JobHeartbeat:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()

    def _beat(self) -> None:
        keys = job_log_keys(self.job)
        try:
            while not self._done.wait(self.interval):
                try:
                    with self.db.system_transaction() as conn:
                        until = jobs_repo.extend_lock(conn, self.job.id, self.job.attempts, self.lock_seconds)
                except Exception:  # noqa: BLE001 - the next beat tries again; the lock has room for two misses
                    logger.warning("job heartbeat failed", extra=keys, exc_info=True)
                    continue
                if until is None:
                    logger.warning(
                        "job lock lost: the job was requeued or is held by another run", extra=keys
                    )
                    return
        finally:
            self.db.close_thread_connection()
