"""How long a user's job line stalls after a worker dies mid-job, with the default lock settings.

About a minute and a half with the defaults. A worker takes the user's first job and dies at once (nobody
heartbeats its lock); a live `LocalWorker` with the default settings polls the queue. Reported: the time
from the crash until the abandoned job has run again and until the user's next job has completed, beside
the bound the settings promise (lock + sweep + poll). Then a job that runs for longer than the lock window
on the live worker: its lock is extended by the heartbeat and it completes in one attempt. Nothing is
asserted.

    python -m bench.bench_job_recovery

The settings are read from the environment like the service's: ENGRAM_JOB_LOCK_SECONDS (30),
ENGRAM_JOB_HEARTBEAT_SECONDS (10), ENGRAM_JOB_STALE_SWEEP_SECONDS (10).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path


def main() -> None:
    from engram.config import get_settings
    from engram.db.connection import get_database
    from engram.db.repositories import jobs as jobs_repo
    from engram.domain.jobs import Job, NewJob
    from engram.jobs.local_worker import LocalWorker
    from engram.jobs.queue import LocalJobQueue
    from engram.jobs.runner import register_job_handler
    from engram.local.runtime import start_local_runtime

    root = Path(tempfile.mkdtemp(prefix="engram-bench-recovery-"))
    runtime = start_local_runtime(root)
    try:
        db, settings = get_database(), get_settings()
        lock, sweep = settings.job_lock_seconds, settings.job_stale_sweep_seconds
        ran: list[int] = []

        def handle(user_id: str, job: Job) -> dict:
            if job.payload.get("sleep"):
                time.sleep(job.payload["sleep"])
            ran.append(job.payload["n"])
            return {}

        register_job_handler("update", handle)
        queue, user = LocalJobQueue(db), "bench-recovery"
        first, second = queue.submit(
            [NewJob(user_id=user, job_type="update", payload={"n": n}) for n in (0, 1)]
        )
        with db.user_transaction(user) as conn:
            jobs_repo.start_job(conn, user, first.id, lock)  # the worker that dies holding it
        crashed = time.monotonic()
        worker = LocalWorker(db)
        worker.start()
        rerun_at = done_at = None
        while done_at is None and time.monotonic() - crashed < lock + sweep + 30:
            if rerun_at is None and ran[:1] == [0]:
                rerun_at = time.monotonic() - crashed
            with db.user_transaction(user) as conn:
                job = jobs_repo.get_job(conn, user, second.id)
            if job is not None and job.status == "completed":
                done_at = time.monotonic() - crashed
            time.sleep(0.05)
        print(
            f"lock {lock:.0f} s, heartbeat {worker.heartbeat_seconds:.0f} s, sweep {sweep:.0f} s, "
            f"poll {worker.poll_interval} s"
        )
        print(
            f"abandoned job ran again after {rerun_at:.1f} s"
            if rerun_at
            else "abandoned job did not run again"
        )
        print(
            f"user's next job completed after {done_at:.1f} s "
            f"(bound: {lock + sweep + worker.poll_interval:.1f} s)"
        )

        [long] = queue.submit(
            [NewJob(user_id=user, job_type="update", payload={"n": 2, "sleep": 1.5 * lock})]
        )
        started = time.monotonic()
        while time.monotonic() - started < 1.5 * lock + 30:
            with db.user_transaction(user) as conn:
                job = jobs_repo.get_job(conn, user, long.id)
            if job is not None and job.is_finished:
                break
            time.sleep(0.5)
        assert job is not None
        print(f"a {1.5 * lock:.0f} s job on a {lock:.0f} s lock: {job.status} in {job.attempts} attempt(s)")
        worker.stop()
    finally:
        runtime.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    argparse.ArgumentParser(
        prog="python -m bench.bench_job_recovery",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    ).parse_args()
    main()
