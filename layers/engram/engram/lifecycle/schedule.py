"""Entry point of the EventBridge schedules (the maintenance function) and of `engram serve --scheduler`.

Each rule's Input is `{"task": ...}`. A task is a function without arguments, added to `TASKS` with
`register_task` (one line per task, at the end of this module); until a task has an implementation it
is reported as `not_implemented` (logged, not raised, so a nightly schedule does not retry into its
DLQ for work that does not exist yet).

`SCHEDULES` holds each task's expression exactly as template.yaml writes it (a contract test compares
them), so the in-process scheduler runs tasks at the same instants as EventBridge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from engram.errors import ValidationFailed
from engram.observability import logger

Task = Literal["cleanup", "decay", "hierarchy", "consolidation_preview", "recover_jobs"]


# EventBridge Scheduler expressions (UTC), as in template.yaml's ScheduleV2 events.
SCHEDULES: dict[Task, str] = {
    "cleanup": "cron(0 3 * * ? *)",  # daily 03:00
    "decay": "cron(0 4 ? * SUN *)",  # weekly, Sunday 04:00
    "hierarchy": "cron(0 2 * * ? *)",  # nightly 02:00
    "consolidation_preview": "cron(0 5 ? * SUN *)",  # weekly, Sunday 05:00, after decay
    "recover_jobs": "rate(15 minutes)",
}


class ScheduleInput(BaseModel):
    model_config = ConfigDict(extra="ignore")
    task: Task


def recover_jobs() -> dict:
    """Requeue jobs whose worker died and resend jobs whose SQS send failed (see engram.jobs.queue)."""
    from engram.jobs.queue import get_job_queue

    return {"recovered": get_job_queue().recover()}


TASKS: dict[str, Callable[[], dict]] = {"recover_jobs": recover_jobs}


def register_task(task: Task, fn: Callable[[], dict]) -> None:
    TASKS[task] = fn


def cleanup() -> dict:
    """Fan out one `cleanup` job per user (engram.lifecycle.cleanup does the work)."""
    from engram.lifecycle.jobs import fan_out

    return fan_out("cleanup")


def decay() -> dict:
    """Fan out one `decay` job per user (engram.lifecycle.decay does the work)."""
    from engram.lifecycle.jobs import fan_out

    return fan_out("decay")


def hierarchy() -> dict:
    """Fan out one `hierarchy` job per user (engram.lifecycle.hierarchy does the work)."""
    from engram.lifecycle.hierarchy import fan_out_hierarchy

    return fan_out_hierarchy()


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


register_task("cleanup", cleanup)
register_task("decay", decay)
register_task("hierarchy", hierarchy)
register_task(
    "consolidation_preview",
    lambda: __import__("engram.lifecycle.consolidation", fromlist=["*"]).preview_all_users(),
)
