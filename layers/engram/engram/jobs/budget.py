"""Queued model work waits for its user's daily model-token budget instead of failing.

Before a job runs, the runner asks `budget_hold`: when a budget applies (`ENGRAM_MODEL_BUDGET_DAILY`
and a model that spends tokens) and the job's user has spent it, a job that needs the model is deferred
to the end of the budget day (midnight UTC), with every other pending model job of that user due
before then (`engram.db.repositories.job_deferral`): pending again, its claim's attempt given back, a
`last_error` saying why it waits. The local worker claims it once it is due; on SQS its message is
consumed and the recovery sweep (`SqsJobQueue.recover`, every 15 minutes) sends it again once due.
A job that needs no model runs, with model calls refused (`ModelScope.refused_until`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from engram.config import get_settings
from engram.db.connection import Database
from engram.db.repositories import usage_limits
from engram.db.repositories.job_deferral import defer_model_jobs
from engram.domain.jobs import Job
from engram.domain.model_scope import ModelScope, budget_day_ends, refusal

# The job types whose handlers cannot do their work without the model when one is configured:
# extraction, the update decision, consolidation's merges, the hierarchy's summaries.
MODEL_JOB_TYPES = ("extract", "update", "consolidate", "hierarchy", "summary")


@dataclass(frozen=True)
class BudgetHold:
    """What the budget says about running a job now: the scope to run it in, or defer it until `until`."""

    scope: ModelScope
    until: datetime | None = None
    now: datetime | None = None

    @property
    def defers(self) -> bool:
        return self.until is not None


def budget_hold(db: Database, job: Job) -> BudgetHold:
    settings = get_settings()
    if not settings.model_budget_applies:
        return BudgetHold(ModelScope(job.user_id))
    with db.system_transaction() as conn:
        today = usage_limits.tokens_today(conn, job.user_id)
    if today.tokens < settings.model_budget_daily:
        return BudgetHold(ModelScope(job.user_id))
    until = budget_day_ends(today.now)
    if job.job_type in MODEL_JOB_TYPES:
        return BudgetHold(ModelScope(job.user_id, refused_until=until), until, today.now)
    return BudgetHold(ModelScope(job.user_id, refused_until=until))


def defer_job(db: Database, job: Job, hold: BudgetHold) -> int:
    """Defer `job` and the user's other pending model jobs to the end of the budget day; returns how many."""
    assert hold.until is not None and hold.now is not None
    reason = f"deferred: {refusal(hold.until, hold.now).message}"
    with db.system_transaction() as conn:
        return defer_model_jobs(conn, job.user_id, job.id, hold.until, MODEL_JOB_TYPES, reason)
