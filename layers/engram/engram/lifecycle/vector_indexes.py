"""When a user gets an HNSW index of their own, and when it goes (`user_vector_indexes`, sql/0018).

Searching a user's compact vector copies (`engram.db.repositories.vector_index`) is exact and fast for the
long tail of users, but linear in the user's memory count. A user with `ENGRAM_VECTOR_INDEX_MIN_MEMORIES`
active memories or more gets a partial HNSW index on `memories` of their own, which their searches, explore
and the write path's similar-memory lookup read instead (searches that include history still scan).

One job type does all of it, `vector_index`: it brings the user's index to what their memories call for
(`converge_user_index`) and is safe to run any number of times:

* over the threshold and no index: record `building`, `CREATE INDEX CONCURRENTLY` (writes go on), record
  `ready` with the rows, size and build time. A build that fails drops what it left and its record;
* an index of another dimension than the user's space (a re-embed switched them: the switch marks it
  `dropping` in its own transaction, so searches stop using it at once), one marked `dropping`, or a user
  now under half the threshold: `DROP INDEX CONCURRENTLY`, then rebuilt if still over the threshold;
* a `building` record younger than `STALE_BUILD_S` belongs to a build still running elsewhere: left alone.

The nightly schedule (`schedule_vector_indexes`) finds the users who need a job in one set-based statement
and submits one per user, and drops indexes whose user was forgotten (the forget request drops its user's
index after it commits; this catches a drop that did not run). Until a user's index is ready, their
searches scan the compact copies as before: correct, only slower.

Limits: the build must finish within the worker's timeout (120 s; measured 26 s at 50,000 memories of
1,536 dimensions, 195 MB, `ENGRAM_VECTOR_INDEX_BUILD_MEMORY` large enough to hold the graph); an HNSW graph
degrades after mass deletes until rebuilt; one index per big user suits dozens to hundreds of them, not
thousands (each costs its writes an HNSW insertion and the planner a look at it).
"""

from __future__ import annotations

import time
from typing import Any

from engram.config import get_settings
from engram.db.connection import Database, get_database
from engram.db.repositories import user_vector_indexes as repo
from engram.db.repositories.vector_index import HNSW_MAX_DIMS
from engram.domain.jobs import Job, NewJob
from engram.jobs.queue import get_job_queue
from engram.observability import logger

# A `building` record older than this is a build that died (a killed worker leaves an invalid index).
STALE_BUILD_S = 3600
# After user-facing work, like the other maintenance jobs (1 runs first).
PRIORITY = 9


def converge_user_index(user_id: str, *, db: Database | None = None) -> dict[str, Any]:
    """Bring the user's index to what their active memories call for (see module); what was done."""
    database = db or get_database()
    settings = get_settings()
    with database.user_transaction(user_id) as conn:
        record = repo.record(conn, user_id)
        space = repo.vector_dims(conn, user_id)
        rows = repo.active_vectors(conn, user_id, space[0]) if space is not None else 0
    wanted = space is not None and rows >= settings.vector_index_min_memories and space[0] <= HNSW_MAX_DIMS
    result: dict[str, Any] = {"active_vectors": rows, "dropped": None, "built": None}
    if record is not None:
        keep_ready = (
            record["state"] == "ready"
            and space is not None
            and record["dims"] == space[0]
            and rows >= max(settings.vector_index_min_memories // 2, 1)
        )
        if keep_ready:
            return result | {"action": "kept", "index": record["index_name"]}
        if record["state"] == "building" and record["age_s"] < STALE_BUILD_S:
            return result | {"action": "building elsewhere", "index": record["index_name"]}
        drop_user_index(database, user_id, record["index_name"])
        result["dropped"] = record["index_name"]
    if not wanted or space is None:
        return result | {"action": "dropped" if result["dropped"] else "none"}
    built = _build(database, user_id, space[0], space[1], rows, settings.vector_index_build_memory)
    return result | built


def _build(
    database: Database, user_id: str, dims: int, model: str | None, rows: int, memory: str
) -> dict[str, Any]:
    name = repo.new_index_name()
    with database.user_transaction(user_id) as conn:
        if not repo.start_build(conn, user_id, name, dims, model):
            return {"action": "building elsewhere"}
    began = time.perf_counter()
    conn = database.connection()  # autocommit, no transaction open: CONCURRENTLY needs that
    try:
        repo.build_index(conn, name, user_id, dims, memory=memory)
    except BaseException:
        drop_user_index(database, user_id, name)
        raise
    build_ms = int((time.perf_counter() - began) * 1000)
    size = repo.index_size(database.connection(), name)
    with database.user_transaction(user_id) as conn:
        ready = repo.mark_ready(conn, user_id, name, rows=rows, size_bytes=size, build_ms=build_ms)
    if not ready:  # the user re-embedded or was forgotten meanwhile: the next run (or the schedule) drops it
        return {"action": "built, superseded", "index": name}
    logger.info(
        "user vector index built",
        extra={"task": "vector_index", "rows": rows, "build_ms": build_ms, "size_bytes": size, "dims": dims},
    )
    return {"action": "built", "built": name, "index": name, "build_ms": build_ms, "size_bytes": size}


def drop_user_index(database: Database, user_id: str, index_name: str) -> None:
    """Drop the index (concurrently: searches and writes go on), then its record."""
    repo.drop_index(database.connection(), index_name)
    with database.user_transaction(user_id) as conn:
        repo.forget_record(conn, user_id, index_name)


def drop_forgotten_index(index_name: str | None, *, db: Database | None = None) -> None:
    """After a user was forgotten (their record went with them): drop the index they had, if any."""
    if index_name is not None:
        repo.drop_index((db or get_database()).connection(), index_name)


def schedule_vector_indexes(*, db: Database | None = None) -> dict[str, Any]:
    """The nightly look: one `vector_index` job per user whose index is missing, stale or to drop (one
    set-based statement over every user's active memory count), and orphaned indexes dropped."""
    database = db or get_database()
    with database.system_transaction() as conn:
        users = repo.users_to_converge(
            conn, min_memories=get_settings().vector_index_min_memories, stale_building_s=STALE_BUILD_S
        )
        orphans = repo.orphan_indexes(conn)
    for name in orphans:
        repo.drop_index(database.connection(), name)
    jobs = get_job_queue().submit(
        [NewJob(user_id=uid, job_type="vector_index", priority=PRIORITY) for uid in users]
    )
    logger.info("vector indexes scheduled", extra={"users": len(users), "orphans_dropped": len(orphans)})
    return {"users": len(users), "jobs": len(jobs), "orphans_dropped": len(orphans)}


def submit_vector_index_job(user_id: str) -> None:
    """Have a worker converge the user's index (after a re-embed switched their space)."""
    get_job_queue().submit([NewJob(user_id=user_id, job_type="vector_index", priority=PRIORITY)])


def run_vector_index_job(user_id: str, job: Job) -> dict[str, Any]:
    """A `vector_index` job: converges, so a rerun finds the index built (or building) and does nothing."""
    return converge_user_index(user_id)
