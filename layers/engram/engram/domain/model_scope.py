"""Who the model calls made now are for, and whether that user may spend more today.

Whoever serves a user opens a scope for them: the API gate for a request, the job runner for a job.
The shared LLM (`engram.providers.metering.MeteredLLM`) meters each call for the scope's user and
refuses every call while `refused_until` lies ahead (the user's daily model-token budget is spent).

The scope lives in a context variable: a request or a job runs start to finish on one thread, and each
request replaces the scope its thread held before (`enter_model_scope`), so a pool thread never serves
one user under another's scope.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from engram.errors import ModelBudgetExhausted


@dataclass(frozen=True)
class ModelScope:
    """Model calls made now are for `user_id`; with `refused_until`, none may be made before then."""

    user_id: str
    refused_until: datetime | None = None


_scope: ContextVar[ModelScope | None] = ContextVar("engram_model_scope", default=None)


def enter_model_scope(scope: ModelScope | None) -> None:
    """The scope of whatever this thread serves next (None: no user, nothing metered)."""
    _scope.set(scope)


@contextmanager
def model_scope(scope: ModelScope | None) -> Iterator[None]:
    """`with model_scope(...)`: the scope for a block, the previous one restored after it."""
    token = _scope.set(scope)
    try:
        yield
    finally:
        _scope.reset(token)


def current_model_scope() -> ModelScope | None:
    return _scope.get()


def budget_day_ends(now: datetime) -> datetime:
    """When the budget day holding `now` ends: the next midnight UTC."""
    day = now.astimezone(UTC).date() + timedelta(days=1)
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def refusal(until: datetime, now: datetime) -> ModelBudgetExhausted:
    """The error for a user whose budget is spent until `until`; Retry-After rounds up, at least 1 s."""
    seconds = max(math.ceil((until - now).total_seconds()), 1)
    return ModelBudgetExhausted(
        f"the daily model-token budget is spent; model work resumes in {seconds} s (at {until:%H:%M} UTC)",
        retry_after=seconds,
    )
