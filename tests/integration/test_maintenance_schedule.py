"""The maintenance schedules end to end: the EventBridge event through the Lambda handler fans out one job
per user, and the local worker completes them; the in-process scheduler uses the template's expressions."""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engram.config import reset_settings
from engram.jobs.local_worker import LocalWorker
from engram.jobs.queue import reset_job_queue
from engram.jobs.runner import unregister_job_handler
from engram.lifecycle.fanout import fan_out
from engram.lifecycle.jobs import register_lifecycle_jobs
from engram.lifecycle.schedule import SCHEDULES
from tests.lambda_context import FakeLambdaContext
from tests.memory_factory import add_memories

ROOT = Path(__file__).resolve().parents[2]


def maintenance_handler() -> ModuleType:
    path = ROOT / "functions" / "maintenance" / "app.py"
    spec = importlib.util.spec_from_file_location("engram_function_maintenance_schedule", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cancel_maintenance_jobs(db) -> None:
    """Tests share one database: leave no fanned-out job pending for another test's worker."""
    with db.system_transaction() as conn:
        conn.execute(
            "UPDATE memory_jobs SET status = 'cancelled' "
            "WHERE status = 'pending' AND job_type IN ('cleanup', 'decay')"
        )


@pytest.fixture(autouse=True)
def lambda_environment(monkeypatch, db) -> Iterator[None]:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "engram-maintenance-test")
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "EngramTest")
    reset_settings()
    reset_job_queue()
    cancel_maintenance_jobs(db)
    yield
    cancel_maintenance_jobs(db)
    reset_job_queue()
    unregister_job_handler("cleanup")
    unregister_job_handler("decay")


def maintenance_jobs(db, user_id: str, job_type: str) -> list[dict[str, Any]]:
    with db.user_transaction(user_id) as conn:
        return conn.execute(
            "SELECT status, payload, result, priority FROM memory_jobs WHERE user_id = %s AND job_type = %s",
            (user_id, job_type),
        ).fetchall()


@pytest.mark.own_database  # the worker runs a job for every user of the database, not only these
def test_cleanup_event_fans_out_one_job_per_user_and_the_worker_completes_them(db, user_id, other_user_id):
    # Given two users, each with a memory that expired yesterday
    yesterday = datetime.now(UTC) - timedelta(days=1)
    mine = add_memories(db, user_id, "Dentist at 3pm", expires_at=yesterday)[0]
    theirs = add_memories(db, other_user_id, "Gym class at 6", expires_at=yesterday)[0]
    event = json.loads((ROOT / "events" / "maintenance_cleanup.json").read_text())

    # When EventBridge delivers {"task": "cleanup"} to the maintenance function
    response = maintenance_handler().lambda_handler(event, FakeLambdaContext(remaining_ms=290_000))

    # Then each user has exactly one pending cleanup job carrying the schedule's instant
    assert response["status"] == "ok"
    assert response["result"]["users"] >= 2
    assert response["result"]["jobs"] == response["result"]["users"]
    for uid in (user_id, other_user_id):
        jobs = maintenance_jobs(db, uid, "cleanup")
        assert [(j["status"], j["payload"]) for j in jobs] == [
            ("pending", {"now": response["result"]["now"]})
        ]

    # And the worker completes them, each in its own user's transaction
    register_lifecycle_jobs()
    LocalWorker(db).run_until_idle(timeout=120)
    for uid, memory in ((user_id, mine), (other_user_id, theirs)):
        (job,) = maintenance_jobs(db, uid, "cleanup")
        assert job["status"] == "completed"
        assert job["result"]["expired_archived"] == 1
        with db.user_transaction(uid) as conn:
            status = conn.execute("SELECT status FROM memories WHERE id = %s", (memory["id"],)).fetchone()
        assert status["status"] == "archived"


@pytest.mark.own_database  # the worker runs a job for every user of the database, not only these
def test_decay_event_fans_out_and_the_worker_completes_the_jobs(db, user_id):
    add_memories(db, user_id, "Likes hiking", recall_frequency=1)
    response = maintenance_handler().lambda_handler(
        {"task": "decay"}, FakeLambdaContext(remaining_ms=290_000)
    )
    assert response["status"] == "ok"

    register_lifecycle_jobs()
    LocalWorker(db).run_until_idle(timeout=120)

    (job,) = maintenance_jobs(db, user_id, "decay")
    assert job["status"] == "completed"
    assert job["result"]["memories_to_active"] == 1


def test_fan_out_pages_through_users_without_skipping_or_repeating_anyone(db, user_id, other_user_id):
    add_memories(db, user_id, "one")
    add_memories(db, other_user_id, "two")
    now = datetime(2026, 3, 1, 3, 0, tzinfo=UTC)

    result = fan_out("cleanup", now, page_size=2)

    assert result["jobs"] == result["users"]
    for uid in (user_id, other_user_id):
        jobs = maintenance_jobs(db, uid, "cleanup")
        assert [j["payload"] for j in jobs] == [{"now": now.isoformat()}]
        assert jobs[0]["priority"] == 9  # after user-facing work


def test_a_job_with_a_malformed_instant_fails_without_retrying(db, user_id):
    from engram.domain.jobs import NewJob
    from engram.jobs.queue import get_job_queue

    register_lifecycle_jobs()
    (job,) = get_job_queue().submit([NewJob(user_id=user_id, job_type="cleanup", payload={"now": "soon"})])
    LocalWorker(db).run_until_idle(timeout=30)
    with db.user_transaction(user_id) as conn:
        row = conn.execute("SELECT status, attempts FROM memory_jobs WHERE id = %s", (job.id,)).fetchone()
    assert (row["status"], row["attempts"]) == ("failed", 1)


def test_schedules_are_the_templates_expressions():
    template = (ROOT / "template.yaml").read_text()
    found = dict(
        (json.loads(task_input)["task"], expression)
        for expression, task_input in re.findall(
            r"ScheduleExpression: (\S+(?: \S+)*)\n"
            r"(?:\s+ScheduleExpressionTimezone: UTC\n)?\s+Input: '([^']+)'",
            template,
        )
    )
    assert found == SCHEDULES
