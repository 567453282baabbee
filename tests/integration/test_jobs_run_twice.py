"""Jobs are delivered at least once: every job type, run a second time or rerun after a failure mid-way,
leaves the state of one run.

Each test runs the same work for two users: `twice` gets the second delivery (or the crash and the
rerun), `once` the single clean run; their states, compared without ids or clock times, must be equal.
The second delivery is what happens when a worker dies after its handler committed and before the
outcome was recorded: the handler runs, then the job's next run goes through the real runner. A crash
mid-write is a real failure of the database (a CHECK constraint aimed at this one job or source), never
a patched function.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest

from engram.db.connection import Database
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories.timeline import derived_timeline
from engram.domain.jobs import Job, NewJob
from engram.jobs.queue import LocalJobQueue, reset_job_queue
from engram.jobs.runner import get_job_handler, run_claimed_job
from engram.lifecycle.jobs import register_lifecycle_jobs
from engram.models import AnalyzeRequest
from engram.pipeline.analyze import analyze
from engram.pipeline.jobs import register_pipeline_jobs
from tests.memory_factory import add_memories

WHEN = "2026-03-10T10:00:00Z"
KNOWN = "My manager Priya seems great. I'm vegetarian."
NOTE = "Started my new job at Notion today! My manager Priya seems great. I'm vegetarian."
CHAT = [
    {"role": "user", "content": "I had lunch with Sam today, he's leaving Stripe for a startup."},
    {"role": "user", "content": "My sister Anna lives in Boston."},
]


@pytest.fixture(autouse=True)
def handlers(db: Database) -> Iterator[None]:
    reset_job_queue()
    register_pipeline_jobs()
    register_lifecycle_jobs()
    yield
    reset_job_queue()


@pytest.fixture(autouse=True)
def leave_no_pending_jobs(db: Database, user_id: str, other_user_id: str) -> Iterator[None]:
    yield
    for uid in (user_id, other_user_id):
        with db.user_transaction(uid) as conn:
            jobs_repo.cancel_pending_jobs(conn, uid)


# --- running jobs -----------------------------------------------------------------------------------------


def start(db: Database, job: Job) -> Job:
    """Take the job as a worker would (the lock already run out, as if that worker died)."""
    with db.user_transaction(job.user_id) as conn:
        started = jobs_repo.start_job(conn, job.user_id, job.id, lock_seconds=0)
    assert started is not None, "job not startable"
    return started


def run_once(db: Database, job: Job) -> None:
    outcome = run_claimed_job(db, start(db, job))
    assert outcome.kind == "completed", outcome.error


def run_twice(db: Database, job: Job) -> None:
    """The handler commits and its worker dies before recording the outcome; the job runs again."""
    started = start(db, job)
    handler = get_job_handler(started.job_type)
    assert handler is not None
    first = handler(started.user_id, started)
    outcome = run_claimed_job(db, started)
    assert outcome.kind == "completed", outcome.error
    assert outcome.job is not None and outcome.job.result == first


def pending(db: Database, user_id: str) -> list[Job]:
    with db.user_transaction(user_id) as conn:
        rows = conn.execute(
            "SELECT id FROM memory_jobs WHERE user_id = %s AND status = 'pending' ORDER BY created_at, id",
            (user_id,),
        ).fetchall()
        return jobs_repo.get_jobs(conn, user_id, [r["id"] for r in rows])


def drain(db: Database, user_id: str, run: Callable[[Database, Job], None]) -> int:
    """Run the user's jobs in their order with `run`, children included; returns how many ran."""
    ran = 0
    while jobs := pending(db, user_id):
        run(db, jobs[0])
        ran += 1
    return ran


def submit(db: Database, user_id: str, job_type: str, payload: dict[str, Any]) -> Job:
    [job] = LocalJobQueue(db).submit([NewJob(user_id=user_id, job_type=job_type, payload=payload)])  # type: ignore[arg-type]
    return job


def analyze_async(user_id: str, **request: Any) -> None:
    body = {"source": {"document_date": WHEN}, "async": True} | request
    outcome = analyze(user_id, AnalyzeRequest.model_validate(body))
    assert outcome.status_code == 202, outcome.body


def analyze_inline(user_id: str, content: str) -> None:
    outcome = analyze(
        user_id, AnalyzeRequest.model_validate({"content": content, "source": {"document_date": WHEN}})
    )
    assert outcome.status_code == 200, outcome.body


# --- state, without ids or clock times ----------------------------------------------------------------------


STATE_QUERIES = {
    "memories": """SELECT content, memory_type, status, mention_count,
                          round(confidence::numeric, 3) AS confidence, version,
                          round(importance_score::numeric, 4) AS importance,
                          round(salience::numeric, 4) AS salience, state
                   FROM memories WHERE user_id = %(u)s ORDER BY content, version, status""",
    "versions": "SELECT operation, count(*) FROM memory_versions WHERE user_id = %(u)s GROUP BY 1 ORDER BY 1",
    "operations": """SELECT operation, count(*) FROM memory_operations WHERE user_id = %(u)s
                     GROUP BY 1 ORDER BY 1""",
    "relations": """SELECT relation_type, count(*) FROM memory_relations WHERE user_id = %(u)s
                    GROUP BY 1 ORDER BY 1""",
    "jobs": """SELECT job_type, status, count(*) FROM memory_jobs WHERE user_id = %(u)s
               GROUP BY 1, 2 ORDER BY 1, 2""",
    "entities": """SELECT canonical_name, mention_count, source_count, state, description, is_dirty
                   FROM entities WHERE user_id = %(u)s ORDER BY 1""",
    "storylines": """SELECT name, description, is_dirty, source_count,
                            (SELECT count(*) FROM storyline_sources ss
                             WHERE ss.storyline_id = sl.id) AS members
                     FROM storylines sl WHERE user_id = %(u)s ORDER BY 1""",
    "edges": """SELECT f.canonical_name AS source, t.canonical_name AS target, r.relationship_type,
                       round(r.strength::numeric, 4) AS strength, r.co_mention_count, r.is_active,
                       round(r.salience::numeric, 4) AS salience
                FROM relationships r JOIN entities f ON f.id = r.from_entity_id
                JOIN entities t ON t.id = r.to_entity_id WHERE r.user_id = %(u)s ORDER BY 1, 2, 3""",
    "memory_entities": "SELECT count(*) FROM memory_entities WHERE user_id = %(u)s",
    "source_mentions": "SELECT count(*) FROM source_mentions WHERE user_id = %(u)s",
    "sentiment": "SELECT count(*) FROM sentiment_history WHERE user_id = %(u)s",
    "conversations": """SELECT conversation_id, message_count, jsonb_array_length(recent_messages) AS recent,
                               rolling_summary FROM conversation_state WHERE user_id = %(u)s ORDER BY 1""",
    "sources": """SELECT processing_status, attempts,
                         jsonb_array_length(coalesce(response -> 'operations', '[]'::jsonb)) AS operations
                  FROM sources WHERE user_id = %(u)s ORDER BY created_at""",
}


def state(db: Database, user_id: str) -> dict[str, list[tuple[Any, ...]]]:
    with db.user_transaction(user_id) as conn:
        tables = {
            name: [tuple(row.values()) for row in conn.execute(query, {"u": user_id}).fetchall()]
            for name, query in STATE_QUERIES.items()
        }
        timeline = [(e["event_type"], e["title"]) for e in derived_timeline(conn, user_id)]
    return tables | {"timeline": timeline}


@contextmanager
def failing_writes(db: Database, table: str, check: str) -> Iterator[None]:
    """A CHECK constraint on `table` that rejects the rows `check` excludes: the write fails in Postgres."""
    name = f"test_crash_{uuid.uuid4().hex[:12]}"
    with db.system_transaction() as conn:
        conn.execute(f"ALTER TABLE {table} ADD CONSTRAINT {name} CHECK ({check}) NOT VALID")
    try:
        yield
    finally:
        with db.system_transaction() as conn:
            conn.execute(f"ALTER TABLE {table} DROP CONSTRAINT {name}")


# --- the write path: extract and update ------------------------------------------------------------------


def test_analyze_jobs_delivered_twice_leave_the_state_of_one_run(db, user_id, other_user_id) -> None:
    # Given two users who know the same facts and send the same note to be analysed in the background
    for uid in (user_id, other_user_id):
        analyze_inline(uid, KNOWN)
        analyze_async(uid, content=NOTE)

    # When every job of one user (the extract job and each update job it queues) runs twice
    ran_twice = drain(db, user_id, run_twice)
    ran_once = drain(db, other_user_id, run_once)

    # Then the extract job queued its update jobs once, and each fact was applied once
    assert ran_twice == ran_once > 2
    twice, once = state(db, user_id), state(db, other_user_id)
    assert twice == once
    assert ("REINFORCE",) in {(op,) for op, _ in once["operations"]}


def test_a_conversation_extracted_twice_takes_its_messages_in_once(db, user_id, other_user_id) -> None:
    for uid in (user_id, other_user_id):
        analyze_async(uid, messages=CHAT, source={"document_date": WHEN, "conversation_id": "chat-1"})

    drain(db, user_id, run_twice)
    drain(db, other_user_id, run_once)

    twice = state(db, user_id)
    assert twice == state(db, other_user_id)
    [(conversation, messages, recent, _)] = twice["conversations"]
    assert (conversation, messages, recent) == ("chat-1", 2, 2)


def test_update_job_failing_mid_write_writes_nothing_and_its_rerun_applies_the_fact_once(
    db, user_id, other_user_id
) -> None:
    for uid in (user_id, other_user_id):
        analyze_inline(uid, KNOWN)
        analyze_async(uid, content=NOTE)
        [extract] = pending(db, uid)
        run_once(db, extract)
    before = state(db, user_id)
    first = pending(db, user_id)[0]

    # When the first update job fails at its last write (the audit row), after the memory, its version,
    # graph links and counters were written in the same transaction
    with failing_writes(db, "memory_operations", f"job_id IS DISTINCT FROM '{first.id}'"):
        outcome = run_claimed_job(db, start(db, first))
    assert outcome.kind == "retry" and outcome.error and "CheckViolation" in outcome.error

    # Then nothing of it stayed, and no effect was recorded on the job
    assert state(db, user_id) | {"jobs": []} == before | {"jobs": []}
    with db.user_transaction(user_id) as conn:
        assert jobs_repo.recorded_job_effects(conn, user_id, first.id, "fact") is None

    # And its rerun, then the rest of the line, leave exactly the state of one clean run
    drain(db, user_id, run_once)
    drain(db, other_user_id, run_once)
    assert state(db, user_id) == state(db, other_user_id)


def test_extract_job_failing_mid_write_queues_its_updates_once_on_the_rerun(
    db, user_id, other_user_id
) -> None:
    for uid in (user_id, other_user_id):
        analyze_async(uid, messages=CHAT, source={"document_date": WHEN, "conversation_id": "chat-1"})
    [extract] = pending(db, user_id)
    assert extract.source_id is not None

    # When the extract job fails while inserting its update jobs, after it marked the source processed
    # and took the conversation's messages into its rolling state
    with (
        failing_writes(
            db, "memory_jobs", f"job_type <> 'update' OR source_id IS DISTINCT FROM '{extract.source_id}'"
        ),
        pytest.raises(psycopg.errors.CheckViolation),
    ):
        get_job_handler("extract")(user_id, start(db, extract))  # type: ignore[misc]
    with db.user_transaction(user_id) as conn:
        assert conn.execute(
            "SELECT count(*) AS n FROM conversation_state WHERE user_id = %s", (user_id,)
        ).fetchone() == {"n": 0}

    # Then the rerun queues each update job once and counts the messages once
    run_claimed_job(db, start_again(db, extract))
    drain(db, user_id, run_once)
    drain(db, other_user_id, run_once)
    assert state(db, user_id) == state(db, other_user_id)


def start_again(db: Database, job: Job) -> Job:
    """The job back in line after its worker died (its lock had run out), and taken again."""
    with db.system_transaction() as conn:
        jobs_repo.requeue_stale(conn)
    return start(db, job)


def test_update_job_rerun_spares_the_model_call(db, user_id) -> None:
    analyze_async(user_id, content=NOTE)
    [extract] = pending(db, user_id)
    run_once(db, extract)
    update = pending(db, user_id)[0]
    started = start(db, update)
    handler = get_job_handler("update")
    assert handler is not None
    first = handler(user_id, started)

    with db.user_transaction(user_id) as conn:
        recorded = jobs_repo.recorded_job_effects(conn, user_id, update.id, "fact")
    assert recorded is not None and recorded["result"] == first
    assert handler(user_id, started) == first


def test_update_job_run_by_four_workers_at_once_applies_its_fact_once(db, user_id, other_user_id) -> None:
    # Four runs of one job at the same instant (a lock stolen from a live worker, SQS redelivering
    # meanwhile...): they take turns at the job's row, and all but the first return its record.
    for uid in (user_id, other_user_id):
        analyze_inline(uid, KNOWN)
        analyze_async(uid, content=NOTE)
        [extract] = pending(db, uid)
        run_once(db, extract)
    job = start(db, pending(db, user_id)[0])
    handler = get_job_handler("update")
    assert handler is not None
    barrier = threading.Barrier(4)
    results: list[dict[str, Any]] = []

    def run() -> None:
        barrier.wait()
        try:
            results.append(handler(user_id, job))  # type: ignore[misc]
        finally:
            db.close_thread_connection()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert len(results) == 4 and all(r == results[0] for r in results)
    assert run_claimed_job(db, job).kind == "completed"
    drain(db, user_id, run_once)
    drain(db, other_user_id, run_once)
    assert state(db, user_id) == state(db, other_user_id)


# --- graph_update ----------------------------------------------------------------------------------------


EDGES = {
    "valid_from": "2026-03-02T09:00:00Z",
    "edges": [
        {"from": "me", "to": {"name": "Marcus", "kind": "person"}, "kind": "has_relationship_with",
         "relationship_type": "coworker", "attitude": 4},
        {"from": {"name": "Marcus", "kind": "person"},
         "to": {"name": "Stripe", "entity_type": "organization"},
         "kind": "engages_with", "relationship_type": "works_at"},
    ],
}  # fmt: skip


def test_graph_update_job_delivered_twice_reinforces_its_edges_once(db, user_id, other_user_id) -> None:
    run_twice(db, submit(db, user_id, "graph_update", EDGES))
    run_once(db, submit(db, other_user_id, "graph_update", EDGES))

    twice = state(db, user_id)
    assert twice == state(db, other_user_id)
    assert len(twice["edges"]) == 2
    assert all(row[4] == 1 for row in twice["edges"])  # co_mention_count: reinforced by one run only


# --- lifecycle: decay and cleanup -----------------------------------------------------------------------


NOW = datetime(2026, 6, 1, 4, 0, tzinfo=UTC)


def aged_memories(db: Database, user_id: str) -> None:
    """Memories idle for months (decay has work), one expired yesterday (cleanup has work)."""
    old = NOW - timedelta(days=120)
    rows = add_memories(db, user_id, "Likes jazz", "Drinks oat milk", importance="low")
    [expired] = add_memories(db, user_id, "Dentist on Friday", expires_at=NOW - timedelta(days=1))
    with db.user_transaction(user_id) as conn:
        for row in [*rows, expired]:
            conn.execute("UPDATE memories SET created_at = %s WHERE id = %s", (old, row["id"]))
            conn.execute("UPDATE memory_versions SET created_at = %s WHERE memory_id = %s", (old, row["id"]))


@pytest.mark.parametrize("job_type", ["decay", "cleanup"])
def test_lifecycle_job_delivered_twice_applies_once_and_reports_the_first_run(
    db, user_id, other_user_id, job_type
) -> None:
    for uid in (user_id, other_user_id):
        aged_memories(db, uid)
    twice = submit(db, user_id, job_type, {"now": NOW.isoformat()})
    once = submit(db, other_user_id, job_type, {"now": NOW.isoformat()})

    run_twice(db, twice)
    run_once(db, once)

    assert state(db, user_id) == state(db, other_user_id)
    with db.user_transaction(user_id) as conn:
        result = jobs_repo.get_job(conn, user_id, twice.id).result  # type: ignore[union-attr]
    assert result and sum(result.values()) > 0  # the first run's counts, not a rerun's zeros


def test_decay_job_without_a_fixed_time_still_decays_once(db, user_id, other_user_id) -> None:
    # A job submitted without `now` uses the time it runs; its second run, later, must not decay again.
    for uid in (user_id, other_user_id):
        aged_memories(db, uid)
    run_twice(db, submit(db, user_id, "decay", {}))
    run_once(db, submit(db, other_user_id, "decay", {}))

    assert state(db, user_id)["memories"] == state(db, other_user_id)["memories"]


ANDREW = [
    ("2026-03-02T10:00:00Z", "Andrew is my cofounder and we are applying to Y Combinator"),
    ("2026-03-02T18:00:00Z", "Had coffee with Andrew to plan the Y Combinator interview"),
    ("2026-03-03T10:00:00Z", "Andrew and I rewrote the pitch deck"),
    ("2026-03-03T19:00:00Z", "Andrew loves climbing on weekends"),
    ("2026-03-04T10:00:00Z", "Andrew practised the Y Combinator demo with me"),
]


def test_hierarchy_job_delivered_twice_converges_on_the_state_of_one_run(db, user_id, other_user_id) -> None:
    # `hierarchy` spans several transactions (summaries between them): it converges rather than records
    for uid in (user_id, other_user_id):
        for when, text in ANDREW:
            outcome = analyze(
                uid, AnalyzeRequest.model_validate({"content": text, "source": {"document_date": when}})
            )
            assert outcome.status_code == 200
    now = {"now": "2026-05-01T03:00:00+00:00"}

    run_twice(db, submit(db, user_id, "hierarchy", now))
    run_once(db, submit(db, other_user_id, "hierarchy", now))

    twice = state(db, user_id)
    assert twice == state(db, other_user_id)
    [(name, _, dirty, _, members)] = twice["storylines"]
    assert (name.startswith("Andrew"), dirty, members) == (True, False, 5)


def test_merging_consolidate_job_delivered_twice_merges_once(db, user_id, other_user_id) -> None:
    for uid in (user_id, other_user_id):
        add_memories(
            db, uid, "Walks the dog at seven every morning.", "Walks the dog at seven every morning!"
        )
    payload = {"force": True, "threshold": 0.8}

    run_twice(db, submit(db, user_id, "consolidate", payload))
    run_once(db, submit(db, other_user_id, "consolidate", payload))

    twice = state(db, user_id)
    assert twice == state(db, other_user_id)
    assert sorted(status for _, _, status, *_ in twice["memories"]) == ["active", "archived"]


def test_job_of_a_forgotten_user_applies_nothing(db, user_id) -> None:
    job = start(db, submit(db, user_id, "graph_update", EDGES))
    with db.user_transaction(user_id) as conn:
        conn.execute("DELETE FROM memory_jobs WHERE id = %s", (job.id,))

    outcome = run_claimed_job(db, job)

    assert outcome.kind == "skipped"
    assert state(db, user_id)["edges"] == []
