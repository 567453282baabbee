"""The schedules' fan-out: one job per user, the users listed a page at a time.

A scheduled run only lists users (keyset on `users.id`, in a system transaction per page) and submits
one job per user per page, so however large one tenant is, the scheduled Lambda finishes in seconds and
each user's work runs in its own job, inside that user's transaction, retried on its own. The cleanup,
decay, hierarchy and consolidation-preview schedules all fan out this way.

This module imports no lifecycle work, only the database and the queue: the maintenance function
imports it to fan out (and every 15 minutes to recover jobs) without loading what the jobs run.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

from engram.db.connection import Conn, Database, get_database
from engram.db.repositories import consolidation as consolidation_repo
from engram.db.repositories import maintenance as maintenance_repo
from engram.domain.jobs import JobType, NewJob
from engram.jobs.queue import get_job_queue
from engram.observability import logger

# The tasks whose jobs carry the instant the schedule fired (a retry applies the same boundaries).
TimedTask = Literal["cleanup", "decay", "hierarchy"]

# Users per page of the fan-out: one SELECT and one batch of submits per page.
FANOUT_PAGE_SIZE = 500
# After user-facing work (extract/update default to 5; 1 runs first).
MAINTENANCE_PRIORITY = 9


class UserPage(Protocol):
    """One page of user ids in id order after `after` (a repository function, run in a system
    transaction because it crosses users)."""

    def __call__(self, conn: Conn, *, after: str | None, limit: int) -> list[str]: ...


def iter_user_ids(
    db: Database, page_size: int = FANOUT_PAGE_SIZE, *, page: UserPage = maintenance_repo.list_user_ids
) -> Iterator[list[str]]:
    """Every user id `page` lists, a page at a time (keyset: no OFFSET, stable while users are added)."""
    after: str | None = None
    while True:
        with db.system_transaction() as conn:
            ids = page(conn, after=after, limit=page_size)
        if not ids:
            return
        yield ids
        if len(ids) < page_size:
            return
        after = ids[-1]


def submit_per_user(
    pages: Iterable[list[str]],
    job_type: JobType,
    payload: dict[str, Any],
    *,
    priority: int = MAINTENANCE_PRIORITY,
) -> tuple[int, int]:
    """One `job_type` job with `payload` per user, a page per submit; returns (users, jobs submitted)."""
    queue = get_job_queue()
    users = submitted = 0
    for ids in pages:
        jobs = queue.submit(
            [NewJob(user_id=uid, job_type=job_type, payload=dict(payload), priority=priority) for uid in ids]
        )
        users += len(ids)
        submitted += len(jobs)
    return users, submitted


def fan_out(task: TimedTask, now: datetime | None = None, *, page_size: int = FANOUT_PAGE_SIZE) -> dict:
    """Submit one `task` job per user carrying `now`, page by page; returns how many users and jobs."""
    at = now or datetime.now(UTC)
    pages = iter_user_ids(get_database(), page_size)
    users, submitted = submit_per_user(pages, task, {"now": at.isoformat()})
    logger.info("maintenance fanned out", extra={"task": task, "users": users, "jobs": submitted})
    return {"now": at.isoformat(), "users": users, "jobs": submitted}


def fan_out_hierarchy(now: datetime | None = None) -> dict[str, Any]:
    """The nightly schedule: one `hierarchy` job per user (`engram.lifecycle.hierarchy` does the work)."""
    return fan_out("hierarchy", now)


def preview_all_users(*, db: Database | None = None, page_size: int = FANOUT_PAGE_SIZE) -> dict[str, int]:
    """Weekly schedule: one `consolidate` preview job per user who has anything to compare, submitted
    page by page (the schedule never merges: the jobs carry `force: false`)."""
    pages = iter_user_ids(db or get_database(), page_size, page=consolidation_repo.users_page)
    users, jobs = submit_per_user(pages, "consolidate", {"force": False})
    logger.info("consolidation preview scheduled", extra={"users": users, "jobs": jobs})
    return {"users": users, "jobs": jobs}
