"""The local job queue: rows in Postgres, run by LocalWorker through the real repositories."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engram.config import get_settings, reset_settings
from engram.db.connection import Database
from engram.db.repositories import jobs as jobs_repo
from engram.domain.jobs import Job, JobType, JobView, NewJob
from engram.errors import ProviderError
from engram.jobs.local_worker import LocalWorker
from engram.jobs.port import DispatchBeforeCommit
from engram.jobs.queue import LocalJobQueue, get_job_queue, reset_job_queue
from engram.jobs.runner import (
    JobHandler,
    describe_error,
    get_job_handler,
    register_job_handler,
    run_claimed_job,
    unregister_job_handler,
)

SECRET = "my bank PIN is 4921"


@pytest.fixture(autouse=True)
def fast_retries(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Short but non-zero backoff, so run_until_idle really waits for retries."""
    monkeypatch.setenv("ENGRAM_JOB_BACKOFF_SECONDS", "0.05")
    reset_settings()
    reset_job_queue()
    yield
    reset_job_queue()


@pytest.fixture(autouse=True)
def leave_no_pending_jobs(db: Database, user_id: str, other_user_id: str) -> Iterator[None]:
    """Tests share one database: never leave a runnable job for the next test's worker."""
    yield
    for uid in (user_id, other_user_id):
        with db.user_transaction(uid) as conn:
            jobs_repo.cancel_pending_jobs(conn, uid)


@pytest.fixture(autouse=True)
def no_pending_jobs_of_other_tests(db: Database) -> None:
    """The claim and stale-sweep tests read the whole queue, as a worker does: a job another test left
    pending in the shared database (one whose run_after came due since) would be claimed with theirs."""
    with db.system_transaction() as conn:
        rows = conn.execute("SELECT DISTINCT user_id FROM memory_jobs WHERE status = 'pending'").fetchall()
    for row in rows:
        with db.user_transaction(row["user_id"]) as conn:
            jobs_repo.cancel_pending_jobs(conn, row["user_id"])


@pytest.fixture
def handlers() -> Iterator[Callable[[JobType, Callable[[str, Job], dict[str, Any]]], None]]:
    """Swap in handlers for a test; afterwards each job type gets back the handler it had (registration
    is process-global: a test that only unregistered would take the real `extract` away from later ones)."""
    previous: dict[JobType, JobHandler | None] = {}

    def register(job_type: JobType, fn: Callable[[str, Job], dict[str, Any]]) -> None:
        previous.setdefault(job_type, get_job_handler(job_type))
        register_job_handler(job_type, fn)

    yield register
    for job_type, handler in previous.items():
        if handler is None:
            unregister_job_handler(job_type)
        else:
            register_job_handler(job_type, handler)


@pytest.fixture
def short_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1 s lock, a heartbeat every 0.2 s and a sweep every 0.2 s, so lock expiry is seen in seconds."""
    monkeypatch.setenv("ENGRAM_JOB_LOCK_SECONDS", "1")
    monkeypatch.setenv("ENGRAM_JOB_HEARTBEAT_SECONDS", "0.2")
    monkeypatch.setenv("ENGRAM_JOB_STALE_SWEEP_SECONDS", "0.2")
    reset_settings()


@pytest.fixture
def queue(db: Database) -> LocalJobQueue:
    return LocalJobQueue(db)


@pytest.fixture
def worker(db: Database) -> LocalWorker:
    return LocalWorker(db, poll_interval=0.05)


def fetch(db: Database, job: Job) -> Job:
    with db.user_transaction(job.user_id) as conn:
        found = jobs_repo.get_job(conn, job.user_id, job.id)
    assert found is not None
    return found


def test_factory_returns_the_local_queue_by_default(db: Database) -> None:
    assert isinstance(get_job_queue(), LocalJobQueue)


def test_jobs_complete_with_results_in_submission_order(db, user_id, queue, worker, handlers) -> None:
    seen: list[int] = []

    def record_order(uid: str, job: Job) -> dict[str, Any]:
        if uid == user_id:  # the worker drains every user's jobs in the database, not only this test's
            seen.append(job.payload["n"])
        return {"n": job.payload.get("n"), "user_matches": uid == job.user_id}

    handlers("update", record_order)

    # Given three jobs submitted together
    jobs = queue.submit([NewJob(user_id=user_id, job_type="update", payload={"n": n}) for n in range(3)])
    # When the worker runs until idle
    ran = worker.run_until_idle(timeout=10)

    # Then all ran once, in submission order, and their results are stored. (Not `ran == 3`: a job left
    # in the shared database by an interrupted run or another process runs too — counting it made this
    # test fail now and then, with NoJobHandler 'extract' when that job's type had no handler here.)
    assert ran >= 3
    assert seen == [0, 1, 2]
    done = [fetch(db, job) for job in jobs]
    assert [(j.status, j.attempts, j.result) for j in done] == [
        ("completed", 1, {"n": n, "user_matches": True}) for n in range(3)
    ]
    assert all(j.completed_at and j.started_at for j in done)


def test_job_failing_once_completes_on_second_attempt(db, user_id, queue, worker, handlers) -> None:
    calls: list[int] = []

    def flaky(uid: str, job: Job) -> dict[str, Any]:
        calls.append(job.attempts)
        if len(calls) == 1:
            raise ConnectionError("upstream hiccup")
        return {"ok": True}

    handlers("extract", flaky)
    [job] = queue.submit([NewJob(user_id=user_id, job_type="extract")])

    worker.run_until_idle(timeout=10)

    done = fetch(db, job)
    assert (done.status, done.attempts, done.result) == ("completed", 2, {"ok": True})
    assert calls == [1, 2]
    # The failed attempt stays visible.
    assert done.last_error is not None and done.last_error.startswith("ConnectionError")


def test_job_always_failing_ends_failed_with_error_free_of_user_content(
    db, user_id, queue, worker, handlers
) -> None:
    def choke(uid: str, job: Job) -> dict[str, Any]:
        raise ValueError(f"cannot parse: {job.payload['content']}")

    handlers("update", choke)
    [job] = queue.submit(
        [NewJob(user_id=user_id, job_type="update", payload={"content": SECRET}, max_attempts=3)]
    )

    worker.run_until_idle(timeout=10)

    failed = fetch(db, job)
    assert (failed.status, failed.attempts) == ("failed", 3)
    assert failed.last_error is not None and failed.last_error.startswith("ValueError")
    assert "4921" not in failed.last_error and "PIN" not in failed.last_error
    assert len(failed.last_error) <= 500
    view = JobView.from_job(failed)
    assert view.status == "failed" and view.last_error == failed.last_error
    assert SECRET not in view.model_dump_json()


def test_error_a_retry_cannot_fix_fails_the_job_at_once(db, user_id, queue, worker, handlers) -> None:
    def refuse(uid: str, job: Job) -> dict[str, Any]:
        raise ProviderError("the model answer was malformed twice")

    handlers("update", refuse)
    [job] = queue.submit([NewJob(user_id=user_id, job_type="update", max_attempts=3)])

    worker.run_until_idle(timeout=10)

    failed = fetch(db, job)
    assert (failed.status, failed.attempts) == ("failed", 1)
    assert failed.last_error == "ProviderError: the model answer was malformed twice"


def test_describe_error_keeps_our_messages_and_withholds_foreign_ones() -> None:
    assert describe_error(ProviderError("the model answer was malformed")) == (
        "ProviderError: the model answer was malformed"
    )
    assert SECRET not in describe_error(KeyError(SECRET))
    assert len(describe_error(ProviderError("x" * 2000))) <= 500


def test_worker_leaves_a_job_it_has_no_handler_for_to_a_process_that_has_one(
    db, user_id, queue, worker, handlers
) -> None:
    # Given a process where `hierarchy` has no handler (registration is per process)
    handlers("hierarchy", lambda uid, job: {})
    unregister_job_handler("hierarchy")
    [job] = queue.submit([NewJob(user_id=user_id, job_type="hierarchy")])

    # When its worker drains the queue
    worker.run_until_idle(timeout=10)

    # Then it did not take the job, which waits, untouched, for a worker that can run it
    waiting = fetch(db, job)
    assert (waiting.status, waiting.attempts, waiting.last_error) == ("pending", 0, None)


def test_job_started_without_a_handler_fails_with_clear_error(db, user_id, queue, handlers) -> None:
    handlers("hierarchy", lambda uid, job: {})
    unregister_job_handler("hierarchy")
    [job] = queue.submit([NewJob(user_id=user_id, job_type="hierarchy")])
    with db.user_transaction(user_id) as conn:  # as the SQS consumer starts the job its message names
        started = jobs_repo.start_job(conn, user_id, job.id)
    assert started is not None

    run_claimed_job(db, started)

    failed = fetch(db, job)
    assert (failed.status, failed.attempts) == ("failed", 1)
    assert failed.last_error == "NoJobHandler: no handler is registered for job type 'hierarchy'"


def test_jobs_of_two_users_both_complete(db, user_id, other_user_id, queue, worker, handlers) -> None:
    ran_for: list[str] = []
    handlers("update", lambda uid, job: ran_for.append(uid) or {"user": uid})

    jobs = queue.submit(
        [NewJob(user_id=uid, job_type="update") for uid in (user_id, other_user_id, user_id, other_user_id)]
    )
    worker.run_until_idle(timeout=10)

    ours = [uid for uid in ran_for if uid in (user_id, other_user_id)]
    assert sorted(ours) == sorted([user_id, user_id, other_user_id, other_user_id])
    assert [fetch(db, j).result for j in jobs] == [{"user": j.user_id} for j in jobs]


def test_users_next_job_is_not_claimed_while_one_is_processing(db, user_id, other_user_id, queue) -> None:
    first, second = queue.submit([NewJob(user_id=user_id, job_type="update") for _ in range(2)])
    [other] = queue.submit([NewJob(user_id=other_user_id, job_type="update")])

    # One claim takes only the head of each user's line
    with db.system_transaction() as conn:
        claimed = jobs_repo.claim_next_jobs(conn, limit=10)
    assert {j.id for j in claimed} == {first.id, other.id}
    # While the first is processing, the user's second job is not claimable
    with db.system_transaction() as conn:
        assert jobs_repo.claim_next_jobs(conn, limit=10) == []

    with db.user_transaction(user_id) as conn:
        jobs_repo.complete_job(conn, user_id, first.id, {})
    with db.system_transaction() as conn:
        claimed = jobs_repo.claim_next_jobs(conn, limit=10)
    assert [j.id for j in claimed] == [second.id]

    for job in (second, other):
        with db.user_transaction(job.user_id) as conn:
            jobs_repo.complete_job(conn, job.user_id, job.id, {})


def test_retrying_job_keeps_its_place_before_younger_jobs(db, user_id, queue, worker, handlers) -> None:
    order: list[int] = []

    def first_attempt_of_first_job_fails(uid: str, job: Job) -> dict[str, Any]:
        if job.payload["n"] == 0 and job.attempts == 1:
            raise TimeoutError("slow provider")
        order.append(job.payload["n"])
        return {}

    handlers("update", first_attempt_of_first_job_fails)
    queue.submit([NewJob(user_id=user_id, job_type="update", payload={"n": n}) for n in range(2)])

    worker.run_until_idle(timeout=10)

    assert order == [0, 1]


def test_job_scheduled_for_later_does_not_block_the_users_other_jobs(
    db, user_id, queue, worker, handlers
) -> None:
    handlers("update", lambda uid, job: {})
    later, now = queue.submit(
        [
            NewJob(user_id=user_id, job_type="update", scheduled_for=datetime.now(UTC) + timedelta(hours=1)),
            NewJob(user_id=user_id, job_type="update"),
        ]
    )

    worker.run_until_idle(timeout=10)

    assert (fetch(db, later).status, fetch(db, now).status) == ("pending", "completed")


def test_job_waits_for_its_dependency_and_fails_with_it(db, user_id, queue, worker, handlers) -> None:
    def fail_extract(uid: str, job: Job) -> dict[str, Any]:
        raise RuntimeError("extraction broke")

    handlers("extract", fail_extract)
    handlers("update", lambda uid, job: {})
    [extract] = queue.submit([NewJob(user_id=user_id, job_type="extract", max_attempts=1)])
    [update] = queue.submit([NewJob(user_id=user_id, job_type="update", depends_on=extract.id)])

    worker.run_until_idle(timeout=10)

    assert fetch(db, extract).status == "failed"
    dependent = fetch(db, update)
    assert (dependent.status, dependent.attempts) == ("failed", 0)
    assert dependent.last_error == f"DependencyFailed: job {extract.id} did not complete"


def test_requeue_stale_returns_abandoned_job_to_pending(db, user_id, queue, worker, handlers) -> None:
    handlers("update", lambda uid, job: {"ok": True})
    [job] = queue.submit([NewJob(user_id=user_id, job_type="update")])
    # Given a worker that claimed the job and died (its lock has already run out)
    with db.system_transaction() as conn:
        [claimed] = jobs_repo.claim_next_jobs(conn, limit=10, lock_seconds=0)
    assert claimed.id == job.id and claimed.status == "processing"

    # When the stale sweep runs
    with db.system_transaction() as conn:
        requeued = jobs_repo.requeue_stale(conn)

    # Then the job is pending again, the lost attempt counted and explained, and it runs to completion
    assert [(j.id, j.status, j.attempts) for j in requeued] == [(job.id, "pending", 1)]
    assert fetch(db, job).last_error == jobs_repo.ABANDONED_ERROR
    worker.run_until_idle(timeout=10)
    done = fetch(db, job)
    assert (done.status, done.attempts) == ("completed", 2)


def test_requeue_stale_fails_abandoned_job_without_attempts_left(db, user_id, queue) -> None:
    [job] = queue.submit([NewJob(user_id=user_id, job_type="update", max_attempts=1)])
    with db.system_transaction() as conn:
        jobs_repo.claim_next_jobs(conn, limit=10, lock_seconds=0)

    with db.system_transaction() as conn:
        [requeued] = jobs_repo.requeue_stale(conn)

    assert (requeued.id, requeued.status, requeued.last_error) == (
        job.id,
        "failed",
        jobs_repo.ABANDONED_ERROR,
    )


def test_get_job_of_another_user_returns_none(db, user_id, other_user_id, queue) -> None:
    [job] = queue.submit([NewJob(user_id=user_id, job_type="update")])

    with db.user_transaction(other_user_id) as conn:
        assert jobs_repo.get_job(conn, other_user_id, job.id) is None
        # Even asking with the owner's id from another user's transaction: RLS hides the row.
        assert jobs_repo.get_job(conn, user_id, job.id) is None
    with db.user_transaction(user_id) as conn:
        assert jobs_repo.get_job(conn, user_id, job.id) is not None


def test_background_worker_runs_a_submitted_job(db, user_id, queue, handlers) -> None:
    handlers("hierarchy", lambda uid, job: {"summarised": True})
    worker = LocalWorker(db, poll_interval=5.0)  # a long poll: the submit's wake-up must do the work
    worker.start()
    try:
        [job] = queue.submit([NewJob(user_id=user_id, job_type="hierarchy")])
        deadline = time.monotonic() + 5
        while fetch(db, job).status != "completed" and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        assert worker.stop(timeout=5)

    assert fetch(db, job).result == {"summarised": True}
    assert not worker.running


def test_queue_transaction_commits_then_dispatches(db, user_id, queue, worker, handlers) -> None:
    handlers("update", lambda uid, job: {})

    with queue.transaction(user_id) as tx:
        tx.conn.execute("SELECT 1")  # the caller's own writes would go here
        [job] = tx.submit([NewJob(user_id=user_id, job_type="update")])
    assert tx.jobs.dispatched

    worker.run_until_idle(timeout=10)
    assert fetch(db, job).status == "completed"


def test_dispatch_inside_the_submitting_transaction_is_refused(db, user_id, queue) -> None:
    with db.user_transaction(user_id) as conn:
        jobs = queue.submit([NewJob(user_id=user_id, job_type="update")], conn=conn)
        with pytest.raises(DispatchBeforeCommit):
            queue.dispatch(jobs)

    queue.dispatch(jobs)  # after commit it is fine
    assert fetch(db, jobs[0]).status == "pending"


# --- short locks and the heartbeat ------------------------------------------------------------------------


def test_dead_workers_job_is_requeued_within_the_lock_window_and_the_users_line_moves_on(
    db, user_id, queue, handlers, short_locks
) -> None:
    ran: list[int] = []
    handlers("update", lambda uid, job: ran.append(job.payload["n"]) or {})
    first, second = queue.submit(
        [NewJob(user_id=user_id, job_type="update", payload={"n": n}) for n in range(2)]
    )
    # Given a worker that took the user's first job and died at once: nobody heartbeats its lock
    with db.user_transaction(user_id) as conn:
        assert jobs_repo.start_job(conn, user_id, first.id, get_settings().job_lock_seconds) is not None
    crashed = time.monotonic()

    # When a live worker polls the queue
    worker = LocalWorker(db, poll_interval=0.05)
    worker.start()
    try:
        deadline = crashed + 10
        while fetch(db, second).status != "completed" and time.monotonic() < deadline:
            time.sleep(0.02)
        stalled = time.monotonic() - crashed
    finally:
        assert worker.stop(timeout=5)

    # Then the abandoned job ran again once its lock ran out, before the user's next job, and the user
    # waited about one lock window plus one sweep (1 s + 0.2 s here; 30 s + 10 s by default)
    print(f"\nuser's line stalled {stalled:.2f} s after the crash (lock 1 s, sweep 0.2 s)")
    assert ran == [0, 1]
    done = fetch(db, first)
    assert (done.status, done.attempts) == ("completed", 2)
    assert 0.9 <= stalled < 2.5


def test_heartbeat_keeps_a_live_long_jobs_lock_past_the_window(
    db, user_id, queue, handlers, short_locks
) -> None:
    calls: list[int] = []

    def slow(uid: str, job: Job) -> dict[str, Any]:
        calls.append(job.attempts)
        time.sleep(3.0)  # three lock windows
        return {"slow": True}

    handlers("hierarchy", slow)
    [job] = queue.submit([NewJob(user_id=user_id, job_type="hierarchy")])
    worker = LocalWorker(db, poll_interval=0.05)
    rival = LocalWorker(db, poll_interval=0.05)  # another worker, sweeping for dead workers' jobs
    worker.start()
    seen: list[Job] = []
    try:
        deadline = time.monotonic() + 10
        while (current := fetch(db, job)).status != "completed" and time.monotonic() < deadline:
            rival.requeue_stale()
            seen.append(current)
            time.sleep(0.1)
    finally:
        assert worker.stop(timeout=10)

    # The job was never taken from its live worker: one call, one attempt, no "abandoned" on record,
    # and its lock kept moving forward while it ran
    done = fetch(db, job)
    assert calls == [1]
    assert (done.status, done.attempts, done.last_error, done.result) == (
        "completed",
        1,
        None,
        {"slow": True},
    )
    running = [j for j in seen if j.status == "processing"]
    assert {j.status for j in seen} <= {"pending", "processing"} and len(running) > 10
    assert all(j.status == "processing" for j in seen[seen.index(running[0]) :])
    assert running[0].started_at is not None and running[-1].locked_until is not None
    assert running[-1].locked_until - running[0].started_at > timedelta(seconds=2)
