"""memory_jobs: every statement about background jobs.

The row is the truth about a job; queues only carry "run job X of user U". Functions take the caller's
connection so they join the caller's transaction: user-scoped ones (`get_job`, `start_job`,
`complete_job`, `fail_job`, ...) run inside `Database.user_transaction(user_id)` and still filter by
`user_id` themselves (RLS is the second line of defence, not the first); cross-user ones
(`claim_next_jobs`, `requeue_stale`, `claim_stranded_jobs`, ...) are for the worker and maintenance
sweeps and run in `Database.system_transaction()`.

Invariants kept here, so every caller gets them:
- a `pending` row always has `attempts < max_attempts` (a failure with no attempt left becomes `failed`);
- a job that fails for good takes the pending jobs that depend on it down with it (`DependencyFailed`),
  so nothing waits forever on a dependency that will never complete;
- `last_error` is clipped to 500 characters of one line (callers pass a sanitised text, see
  `engram.jobs.runner.describe_error`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg.types.json import Jsonb

from engram.db.connection import Conn
from engram.db.repositories.keyset import page_params
from engram.domain.jobs import Job, NewJob
from engram.errors import NotFound

MAX_ERROR_CHARS = 500
# For a caller with neither a heartbeat nor a deadline (an SQS record handled without a Lambda context):
# longer than any job runs. The local worker locks for `job_lock_seconds` and heartbeats instead.
DEFAULT_LOCK_SECONDS = 600.0

ABANDONED_ERROR = "JobAbandoned: the worker stopped before recording an outcome (lock expired)"


_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")

# Dependencies must have completed; under RLS only the user's own jobs are visible, which is what we want.
_DEPENDENCY_MET = """(j.depends_on IS NULL OR EXISTS (
        SELECT 1 FROM memory_jobs d WHERE d.id = j.depends_on AND d.status = 'completed'))"""


def clip_error(error: str) -> str:
    """One line, at most MAX_ERROR_CHARS: last_error is shown in API responses and log lines."""
    text = _CONTROL.sub(" ", error).strip()
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 1] + "…"


def _job(row: dict[str, Any]) -> Job:
    return Job.model_validate(row)


def insert_jobs_returning_xid(conn: Conn, jobs: Sequence[NewJob]) -> tuple[list[Job], str | None]:
    """Insert jobs in one statement; also return the inserting transaction's id (see `transaction_status`).

    `created_at` is the statement's clock time plus one microsecond per position, so jobs submitted
    together keep their submission order (the per-user order of the local worker follows `created_at`)
    even though they share one transaction.
    """
    if not jobs:
        return [], None
    rows = conn.execute(
        """
        WITH base AS (SELECT clock_timestamp() AS t)
        INSERT INTO memory_jobs (user_id, job_type, payload, priority, source_id, depends_on, max_attempts,
                                 scheduled_for, created_at)
        SELECT v.user_id, v.job_type, v.payload, v.priority, v.source_id, v.depends_on, v.max_attempts,
               coalesce(v.scheduled_for, now()), base.t + (v.ord - 1) * interval '1 microsecond'
        FROM base, unnest(%s::text[], %s::text[], %s::jsonb[], %s::int[], %s::uuid[], %s::uuid[], %s::int[],
                          %s::timestamptz[])
             WITH ORDINALITY AS v(user_id, job_type, payload, priority, source_id, depends_on, max_attempts,
                                  scheduled_for, ord)
        ORDER BY v.ord
        RETURNING *, pg_current_xact_id()::text AS xact_id
        """,
        (
            [j.user_id for j in jobs],
            [j.job_type for j in jobs],
            [Jsonb(j.payload) for j in jobs],
            [j.priority for j in jobs],
            [j.source_id for j in jobs],
            [j.depends_on for j in jobs],
            [j.max_attempts for j in jobs],
            [j.scheduled_for for j in jobs],
        ),
    ).fetchall()
    xact_id = rows[0].pop("xact_id")
    for row in rows[1:]:
        row.pop("xact_id")
    # RETURNING order is not promised by SQL; created_at is.
    return sorted((_job(r) for r in rows), key=lambda j: j.created_at), xact_id


def insert_jobs(conn: Conn, jobs: Sequence[NewJob]) -> list[Job]:
    """Insert jobs (one multi-row INSERT) as `pending`; returns them in submission order."""
    return insert_jobs_returning_xid(conn, jobs)[0]


def transaction_status(conn: Conn, xact_id: str) -> str | None:
    """'committed', 'in progress' or 'aborted' for a transaction id from `insert_jobs_returning_xid`.

    Lets a queue refuse to announce jobs whose transaction has not committed yet (the consumer would
    not find the rows) and skip those whose transaction rolled back. None when too old to know.
    """
    row = conn.execute("SELECT pg_xact_status(%s::xid8) AS status", (xact_id,)).fetchone()
    return row["status"] if row else None


def get_job(conn: Conn, user_id: str, job_id: UUID) -> Job | None:
    row = conn.execute(
        "SELECT * FROM memory_jobs WHERE id = %s AND user_id = %s", (job_id, user_id)
    ).fetchone()
    return _job(row) if row else None


def claim_next_jobs(
    conn: Conn,
    limit: int,
    lock_seconds: float = DEFAULT_LOCK_SECONDS,
    job_types: Sequence[str] | None = None,
) -> list[Job]:
    """Claim up to `limit` runnable jobs across users for the local worker (system transaction).

    `job_types`: only jobs of these types (the ones the calling process has handlers for; None = any).
    A job of another type is left pending for a worker that can run it — claiming it would only fail it
    for good — and, being the head of its user's line, it holds that user's younger jobs back.

    Keeps each user's jobs in order, like SQS FIFO message groups: per user only the head of the line
    (the oldest pending job that is due or waiting out a retry backoff) is a candidate, and not while
    that user has a job `processing`. So a failing job that is retried later still runs before the
    user's younger jobs, while a job deliberately scheduled for later does not block the line until
    it is due. Across users, lower priority numbers run first, then the longest waiting.
    `SKIP LOCKED` lets several workers claim at once without waiting on each other.
    """
    rows = conn.execute(
        f"""
        WITH heads AS (
            SELECT DISTINCT ON (user_id) id
            FROM memory_jobs
            WHERE status = 'pending' AND (scheduled_for <= now() OR attempts > 0)
            ORDER BY user_id, created_at, id
        ),
        picked AS (
            SELECT j.id
            FROM memory_jobs j
            JOIN heads h ON h.id = j.id
            WHERE j.status = 'pending'
              AND j.scheduled_for <= now()
              AND j.attempts < j.max_attempts
              AND NOT EXISTS (
                  SELECT 1 FROM memory_jobs p WHERE p.user_id = j.user_id AND p.status = 'processing')
              AND {_DEPENDENCY_MET}
              AND (%(types)s::text[] IS NULL OR j.job_type = ANY(%(types)s::text[]))
            ORDER BY j.priority, j.scheduled_for, j.created_at
            LIMIT %(limit)s
            FOR UPDATE OF j SKIP LOCKED
        )
        UPDATE memory_jobs m
        SET status = 'processing', attempts = m.attempts + 1, started_at = now(), completed_at = NULL,
            locked_until = now() + make_interval(secs => %(lock)s)
        FROM picked
        WHERE m.id = picked.id
        RETURNING m.*
        """,
        {"limit": limit, "lock": lock_seconds, "types": list(job_types) if job_types is not None else None},
    ).fetchall()
    return sorted((_job(r) for r in rows), key=lambda j: (j.priority, j.scheduled_for, j.created_at))


def start_job(
    conn: Conn, user_id: str, job_id: UUID, lock_seconds: float = DEFAULT_LOCK_SECONDS
) -> Job | None:
    """Take one job for the SQS consumer: pending -> processing, attempts + 1.

    Also takes a `processing` job whose lock expired (the invocation that held it died). Returns None
    when the job is not startable — finished (a redelivery: nothing to do), locked by a live run, or
    waiting on its dependency; the caller reads the row to tell these apart. A stale job with no
    attempt left is marked failed here instead of being run again.
    """
    abandoned = conn.execute(
        """
        UPDATE memory_jobs
        SET status = 'failed', last_error = %s, completed_at = now(), locked_until = NULL
        WHERE id = %s AND user_id = %s AND status = 'processing' AND locked_until < now()
          AND attempts >= max_attempts
        RETURNING id
        """,
        (ABANDONED_ERROR, job_id, user_id),
    ).fetchone()
    if abandoned:
        _fail_dependents(conn, [job_id])
        return None
    row = conn.execute(
        f"""
        UPDATE memory_jobs j
        SET status = 'processing', attempts = j.attempts + 1, started_at = now(), completed_at = NULL,
            locked_until = now() + make_interval(secs => %s)
        WHERE j.id = %s AND j.user_id = %s AND j.attempts < j.max_attempts
          AND (j.status = 'pending' OR (j.status = 'processing' AND j.locked_until < now()))
          AND {_DEPENDENCY_MET}
        RETURNING j.*
        """,
        (lock_seconds, job_id, user_id),
    ).fetchone()
    return _job(row) if row else None


def complete_job(conn: Conn, user_id: str, job_id: UUID, result: dict[str, Any]) -> Job | None:
    """Record success. Accepted from `pending` too: a run whose lock expired still did the work.

    Returns None when the job was already finished (e.g. cancelled meanwhile); it stays as it was.
    """
    row = conn.execute(
        """
        UPDATE memory_jobs
        SET status = 'completed', result = %s, completed_at = now(), locked_until = NULL
        WHERE id = %s AND user_id = %s AND status IN ('processing', 'pending')
        RETURNING *
        """,
        (Jsonb(result), job_id, user_id),
    ).fetchone()
    return _job(row) if row else None


def fail_job(conn: Conn, user_id: str, job_id: UUID, error: str, retry_at: datetime | None) -> Job | None:
    """Record a failed attempt of a `processing` job.

    `retry_at` set and an attempt left -> `pending` again, not before `retry_at`; otherwise `failed`
    for good, and the pending jobs that depend on it fail too. `error` must already be free of user
    content; it is clipped to one line of 500 characters. Returns None when the job was no longer
    processing (another run or a sweep owns it now).
    """
    row = conn.execute(
        """
        UPDATE memory_jobs
        SET status = CASE WHEN %(retry_at)s::timestamptz IS NOT NULL AND attempts < max_attempts
                          THEN 'pending' ELSE 'failed' END,
            scheduled_for = CASE WHEN %(retry_at)s::timestamptz IS NOT NULL AND attempts < max_attempts
                                 THEN %(retry_at)s::timestamptz ELSE scheduled_for END,
            completed_at = CASE WHEN %(retry_at)s::timestamptz IS NOT NULL AND attempts < max_attempts
                                THEN NULL ELSE now() END,
            last_error = %(error)s,
            locked_until = NULL
        WHERE id = %(id)s AND user_id = %(user_id)s AND status = 'processing'
        RETURNING *
        """,
        {"retry_at": retry_at, "error": clip_error(error), "id": job_id, "user_id": user_id},
    ).fetchone()
    if row is None:
        return None
    job = _job(row)
    if job.status == "failed":
        _fail_dependents(conn, [job.id])
    return job


def _fail_dependents(conn: Conn, failed_ids: Sequence[UUID]) -> int:
    """Fail every pending job that (transitively) depends on one of `failed_ids`."""
    if not failed_ids:
        return 0
    rows = conn.execute(
        """
        WITH RECURSIVE doomed AS (
            SELECT j.id, j.depends_on AS root FROM memory_jobs j
            WHERE j.depends_on = ANY(%s::uuid[]) AND j.status = 'pending'
            UNION
            SELECT j.id, d.root FROM memory_jobs j JOIN doomed d ON j.depends_on = d.id
            WHERE j.status = 'pending'
        )
        UPDATE memory_jobs m
        SET status = 'failed', completed_at = now(), locked_until = NULL,
            last_error = 'DependencyFailed: job ' || d.root || ' did not complete'
        FROM doomed d
        WHERE m.id = d.id
        RETURNING m.id
        """,
        (list(failed_ids),),
    ).fetchall()
    return len(rows)


def requeue_stale(conn: Conn) -> list[Job]:
    """Return `processing` jobs whose lock expired (their worker died) to `pending`, or to `failed`
    when they have no attempt left (system transaction). Returns the rows it changed.

    The abandoned attempt counts: a job that kills its worker every time must end, not loop.
    """
    rows = conn.execute(
        """
        UPDATE memory_jobs
        SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
            completed_at = CASE WHEN attempts >= max_attempts THEN now() ELSE NULL END,
            scheduled_for = CASE WHEN attempts >= max_attempts THEN scheduled_for ELSE now() END,
            last_error = %s,
            locked_until = NULL
        WHERE status = 'processing' AND locked_until < now()
        RETURNING *
        """,
        (ABANDONED_ERROR,),
    ).fetchall()
    jobs = [_job(r) for r in rows]
    _fail_dependents(conn, [j.id for j in jobs if j.status == "failed"])
    return jobs


def extend_lock(conn: Conn, job_id: UUID, attempt: int, lock_seconds: float) -> datetime | None:
    """The heartbeat of a running job (system transaction): its lock now ends `lock_seconds` from now.

    Only while the run that holds it is still the job's current run (`processing`, same `attempt`):
    once a sweep requeued the job or another run took it, this returns None and extends nothing.
    """
    row = conn.execute(
        """
        UPDATE memory_jobs SET locked_until = now() + make_interval(secs => %s)
        WHERE id = %s AND status = 'processing' AND attempts = %s
        RETURNING locked_until
        """,
        (lock_seconds, job_id, attempt),
    ).fetchone()
    return row["locked_until"] if row else None


def release_jobs(conn: Conn, job_ids: Sequence[UUID]) -> int:
    """Give back claimed jobs that were never started (a worker stopping mid-batch); the claim's
    attempt is undone, since no code ran."""
    if not job_ids:
        return 0
    rows = conn.execute(
        """
        UPDATE memory_jobs
        SET status = 'pending', attempts = greatest(attempts - 1, 0), started_at = NULL, locked_until = NULL
        WHERE id = ANY(%s::uuid[]) AND status = 'processing'
        RETURNING id
        """,
        (list(job_ids),),
    ).fetchall()
    return len(rows)


def earliest_pending_retry(conn: Conn, job_types: Sequence[str] | None = None) -> datetime | None:
    """When the next job waiting out a retry backoff becomes due (system transaction), or None.

    `job_types` as in `claim_next_jobs`: a retry nobody here can run is not worth waiting for.
    """
    row = conn.execute(
        """SELECT min(scheduled_for) AS due FROM memory_jobs
           WHERE status = 'pending' AND attempts > 0
             AND (%(types)s::text[] IS NULL OR job_type = ANY(%(types)s::text[]))""",
        {"types": list(job_types) if job_types is not None else None},
    ).fetchone()
    return row["due"] if row else None


def claim_stranded_jobs(conn: Conn, older_than_seconds: float, limit: int) -> list[Job]:
    """Pending jobs that are due but untouched for `older_than_seconds` — their queue message was
    never sent or got lost — stamped (`updated_at`) so a concurrent sweep does not resend them too.

    For the SQS sweep (system transaction). `older_than_seconds` must exceed the queue's visibility
    timeout, or a job waiting for its SQS redelivery is resent (harmless — consumers are idempotent —
    but wasteful).
    """
    rows = conn.execute(
        """
        UPDATE memory_jobs m
        SET updated_at = now()
        WHERE m.id IN (
            SELECT id FROM memory_jobs
            WHERE status = 'pending' AND scheduled_for <= now()
              AND updated_at <= now() - make_interval(secs => %s)
            ORDER BY created_at
            LIMIT %s
            FOR UPDATE SKIP LOCKED
        )
        RETURNING m.*
        """,
        (older_than_seconds, limit),
    ).fetchall()
    return sorted((_job(r) for r in rows), key=lambda j: j.created_at)


def get_jobs(conn: Conn, user_id: str, job_ids: Sequence[UUID]) -> list[Job]:
    """The user's jobs among `job_ids`, in submission order."""
    rows = conn.execute(
        "SELECT * FROM memory_jobs WHERE user_id = %s AND id = ANY(%s::uuid[]) ORDER BY created_at, id",
        (user_id, list(job_ids)),
    ).fetchall()
    return [_job(r) for r in rows]


# --- effects: what a job's run applied, recorded in the same transaction (`memory_jobs.effects`) ----------


def claim_job_effects(conn: Conn, user_id: str, job_id: UUID, step: str) -> dict[str, Any] | None:
    """Take the right to apply `step` of a job in the caller's transaction, or learn that a run did.

    None: go ahead, apply the step's writes and call `record_job_effects` before committing (a
    rollback releases the claim with the writes). A dict: a run already applied the step and this is
    what it recorded — apply nothing. Two runs at once take turns at the job's row lock; the second
    sees the first's record once it commits. Raises `NotFound` when the job's row does not exist (its
    user was forgotten meanwhile): a job that is gone applies nothing.
    """
    claimed = conn.execute(
        """
        UPDATE memory_jobs
        SET effects = coalesce(effects, '{}'::jsonb) || jsonb_build_object(%(step)s::text, '{}'::jsonb)
        WHERE id = %(id)s AND user_id = %(uid)s AND NOT coalesce(effects, '{}'::jsonb) ? %(step)s
        RETURNING id
        """,
        {"step": step, "id": job_id, "uid": user_id},
    ).fetchone()
    if claimed is not None:
        return None
    recorded = recorded_job_effects(conn, user_id, job_id, step)
    if recorded is None:
        raise NotFound("the job no longer exists", field="job_id")
    return recorded


def record_job_effects(conn: Conn, user_id: str, job_id: UUID, step: str, effects: dict[str, Any]) -> None:
    """Store what `step` applied, in the transaction that claimed it (`claim_job_effects`)."""
    conn.execute(
        """UPDATE memory_jobs SET effects = jsonb_set(effects, ARRAY[%s::text], %s)
           WHERE id = %s AND user_id = %s""",
        (step, Jsonb(effects), job_id, user_id),
    )


def recorded_job_effects(conn: Conn, user_id: str, job_id: UUID, step: str) -> dict[str, Any] | None:
    """What a run recorded for `step` of the job, or None if no run has (a read; claims nothing)."""
    row = conn.execute(
        "SELECT effects -> %s AS step FROM memory_jobs WHERE id = %s AND user_id = %s",
        (step, job_id, user_id),
    ).fetchone()
    return row["step"] if row and row["step"] is not None else None


def cancel_pending_jobs(conn: Conn, user_id: str) -> int:
    """Cancel the user's jobs that have not started (e.g. before forgetting the user)."""
    rows = conn.execute(
        """
        UPDATE memory_jobs SET status = 'cancelled', completed_at = now(), locked_until = NULL
        WHERE user_id = %s AND status = 'pending'
        RETURNING id
        """,
        (user_id,),
    ).fetchall()
    return len(rows)


def count_open_jobs_for_source(
    conn: Conn, user_id: str, source_id: UUID, *, exclude_job_id: UUID | None
) -> int:
    """Update jobs of a source still pending or running (the last one to finish finalises the source)."""
    row = conn.execute(
        """SELECT count(*) AS n FROM memory_jobs
           WHERE user_id = %s AND source_id = %s AND job_type = 'update'
             AND status IN ('pending', 'processing') AND id IS DISTINCT FROM %s""",
        (user_id, source_id, exclude_job_id),
    ).fetchone()
    return int(row["n"]) if row else 0


def completed_job_results(conn: Conn, user_id: str, source_id: UUID, job_type: str) -> list[dict[str, Any]]:
    """Results of a source's completed jobs of one type, in submission order."""
    rows = conn.execute(
        """SELECT result FROM memory_jobs
           WHERE user_id = %s AND source_id = %s AND job_type = %s AND status = 'completed'
           ORDER BY created_at""",
        (user_id, source_id, job_type),
    ).fetchall()
    return [r["result"] for r in rows if r["result"]]


# --- listing (GET /v1/jobs) ----------------------------------------------------------------------------

JOB_CURSOR_TAG = "jobs"


def list_jobs(
    conn: Conn,
    user_id: str,
    *,
    status: str | None = None,
    job_type: str | None = None,
    limit: int = 50,
    after: tuple[datetime, UUID] | None = None,
) -> list[Job]:
    """The user's jobs, newest first, keyset-paginated on (created_at, id); up to limit+1 rows (the +1
    says there is a next page). Reads `memory_jobs_user_idx` in order."""
    return [
        _job(row)
        for row in conn.execute(
            """SELECT * FROM memory_jobs
               WHERE user_id = %(uid)s
                 AND (%(status)s::text IS NULL OR status = %(status)s)
                 AND (%(type)s::text IS NULL OR job_type = %(type)s)
                 AND (%(after_at)s::timestamptz IS NULL OR (created_at, id) < (%(after_at)s, %(after_id)s))
               ORDER BY created_at DESC, id DESC
               LIMIT %(limit)s""",
            {"uid": user_id, "status": status, "type": job_type} | page_params(limit, after),
        ).fetchall()
    ]
