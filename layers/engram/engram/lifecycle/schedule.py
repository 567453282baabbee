"""Entry point of the EventBridge schedules (the maintenance function).

Each rule's Input is `{"task": ...}`. The tasks themselves are built by the lifecycle issue; until
a task has an implementation it is reported as `not_implemented` (logged, not raised, so a nightly
schedule does not retry into its DLQ for work that does not exist yet).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from engram.errors import ValidationFailed
from engram.observability import logger

Task = Literal["cleanup", "decay", "hierarchy", "consolidation_preview", "recover_jobs"]


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
