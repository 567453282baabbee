"""The local job queue: rows in Postgres, run by LocalWorker through the real repositories."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engram.config import reset_settings
from engram.db.connection import Database
from engram.db.repositories import jobs as jobs_repo
from engram.errors import ProviderError
from engram.jobs.local_worker import LocalWorker
from engram.jobs.models import Job, JobType, JobView, NewJob
from engram.jobs.queue import DispatchBeforeCommit, LocalJobQueue, get_job_queue, reset_job_queue
from engram.jobs.runner import describe_error, register_job_handler, unregister_job_handler

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


@pytest.fixture
def handlers() -> Iterator[Callable[[JobType, Callable[[str, Job], dict[str, Any]]], None]]:
    registered: list[JobType] = []

    def register(job_type: JobType, fn: Callable[[str, Job], dict[str, Any]]) -> None:
        register_job_handler(job_type, fn)
        registered.append(job_type)

    yield register
    for job_type in registered:
        unregister_job_handler(job_type)


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
        seen.append(job.payload["n"])
        return {"n": job.payload["n"], "user_matches": uid == job.user_id}

    handlers("update", record_order)

    # Given three jobs submitted together
    jobs = queue.submit([NewJob(user_id=user_id, job_type="update", payload={"n": n}) for n in range(3)])
    # When the worker runs until idle
    ran = worker.run_until_idle(timeout=10)

    # Then all ran once, in submission order, and their results are stored
    assert ran == 3
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


def test_job_without_handler_fails_with_clear_error(db, user_id, queue, worker) -> None:
    unregister_job_handler("hierarchy")
    [job] = queue.submit([NewJob(user_id=user_id, job_type="hierarchy")])

    worker.run_until_idle(timeout=10)

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

    assert sorted(ran_for) == sorted([user_id, user_id, other_user_id, other_user_id])
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
    handlers("summary", lambda uid, job: {"summarised": True})
    worker = LocalWorker(db, poll_interval=5.0)  # a long poll: the submit's wake-up must do the work
    worker.start()
    try:
        [job] = queue.submit([NewJob(user_id=user_id, job_type="summary")])
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
