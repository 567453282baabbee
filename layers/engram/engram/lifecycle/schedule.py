"""Entry point of the EventBridge schedules (the maintenance function) and of `engram serve --scheduler`.

Each rule's Input is `{"task": ...}`. A task is a function without arguments in `TASKS`; a `Task` without
one is reported as `not_implemented` (logged, not raised, so a nightly schedule does not retry into its
DLQ for work that does not exist yet).

`SCHEDULES` holds each task's expression exactly as template.yaml writes it (a contract test compares
them), so the in-process scheduler runs tasks at the same instants as EventBridge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from engram.errors import ValidationFailed
from engram.jobs.queue import get_job_queue
from engram.lifecycle.fanout import fan_out, fan_out_hierarchy, preview_all_users
from engram.observability import logger

Task = Literal["cleanup", "decay", "hierarchy", "vector_indexes", "consolidation_preview", "recover_jobs"]


# EventBridge Scheduler expressions (UTC), as in template.yaml's ScheduleV2 events.
SCHEDULES: dict[Task, str] = {
    "cleanup": "cron(0 3 * * ? *)",  # daily 03:00
    "decay": "cron(0 4 ? * SUN *)",  # weekly, Sunday 04:00
    "hierarchy": "cron(0 2 * * ? *)",  # nightly 02:00
    "vector_indexes": "cron(30 2 * * ? *)",  # nightly 02:30
    "consolidation_preview": "cron(0 5 ? * SUN *)",  # weekly, Sunday 05:00, after decay
    "recover_jobs": "rate(15 minutes)",
}


class ScheduleInput(BaseModel):
    model_config = ConfigDict(extra="ignore")
    task: Task


def recover_jobs() -> dict:
    """Requeue jobs whose worker died and resend jobs whose SQS send failed (see engram.jobs.port)."""
    return {"recovered": get_job_queue().recover()}


def cleanup() -> dict:
    """Fan out one `cleanup` job per user (engram.lifecycle.cleanup does the work)."""
    return fan_out("cleanup")


def decay() -> dict:
    """Fan out one `decay` job per user (engram.lifecycle.decay does the work)."""
    return fan_out("decay")


def hierarchy() -> dict:
    """Fan out one `hierarchy` job per user (engram.lifecycle.hierarchy does the work)."""
    return fan_out_hierarchy()


def vector_indexes() -> dict:
    """One `vector_index` job per user whose own HNSW index is missing, stale or to drop
    (engram.lifecycle.vector_indexes; imported here, on use, to keep the function's cold start light)."""
    from engram.lifecycle.vector_indexes import schedule_vector_indexes

    return schedule_vector_indexes()


def consolidation_preview() -> dict:
    """Fan out one `consolidate` preview job per user with anything to compare (it never merges)."""
    return preview_all_users()


TASKS: dict[str, Callable[[], dict]] = {
    "cleanup": cleanup,
    "decay": decay,
    "hierarchy": hierarchy,
    "vector_indexes": vector_indexes,
    "consolidation_preview": consolidation_preview,
    "recover_jobs": recover_jobs,
}


def run_scheduled_task(event: dict) -> dict:
    try:
        schedule = ScheduleInput.model_validate(event)
    except ValidationError as exc:
        raise ValidationFailed("the schedule input needs a known `task`", field="task") from exc
    fn = TASKS.get(schedule.task)
    if fn is None:
        logger.warning("scheduled task not implemented yet", extra={"task": schedule.task})
        return {"task": schedule.task, "status": "not_implemented"}
    result = fn()
    logger.info("scheduled task done", extra={"task": schedule.task})
    return {"task": schedule.task, "status": "ok", "result": result}
