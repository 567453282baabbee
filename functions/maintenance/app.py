"""The maintenance function: EventBridge schedules deliver `{"task": ...}` (cleanup, decay,
hierarchy, consolidation_preview)."""

from typing import Any

from engram.lifecycle.schedule import run_scheduled_task
from engram.observability import logger, metrics


@logger.inject_lambda_context
@metrics.log_metrics(raise_on_empty_metrics=False)
def lambda_handler(event: dict, context: Any) -> dict:
    return run_scheduled_task(event)
