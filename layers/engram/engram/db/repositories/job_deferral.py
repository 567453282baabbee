"""Deferring a user's model jobs until their daily model-token budget frees (system transaction).

A deferred job is neither failed nor retried: it goes back to `pending`, due at `until`, with the
attempt its claim counted given back (no code of the job ran) and `last_error` saying why it waits.
The user's other pending model jobs due before then are deferred in the same statement, so a queue
full of one user's work costs one deferral, not one claim per job.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories.jobs import clip_error


def defer_model_jobs(
    conn: Conn, user_id: str, job_id: UUID, until: datetime, job_types: Sequence[str], reason: str
) -> int:
    """Defer the claimed job `job_id` and the user's pending jobs of `job_types` to `until`; returns how
    many jobs were deferred."""
    rows = conn.execute(
        """
        UPDATE memory_jobs
        SET status = 'pending',
            attempts = CASE WHEN status = 'processing' THEN greatest(attempts - 1, 0) ELSE attempts END,
            scheduled_for = %(until)s, started_at = NULL, locked_until = NULL, last_error = %(reason)s
        WHERE user_id = %(uid)s
          AND ((id = %(id)s AND status = 'processing')
               OR (status = 'pending' AND job_type = ANY(%(types)s::text[]) AND scheduled_for < %(until)s))
        RETURNING id
        """,
        {
            "until": until,
            "reason": clip_error(reason),
            "uid": user_id,
            "id": job_id,
            "types": list(job_types),
        },
    ).fetchall()
    return len(rows)
