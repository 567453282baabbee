"""Fairness between users at the door: per-user request limits and the daily model-token budget.

`admit_user` runs in the API gate once the caller is known and before any route runs, so a refused
request has written nothing. It counts the request in its route class's window (one statement, see
`engram.db.repositories.usage_limits.count_request`) and refuses with 429 past the class's limit. When
a daily token budget applies and the user has spent it, a request that cannot do its work without the
model is refused with 429 until the budget day ends; any other request goes ahead with the model
refused (`ModelScope.refused_until`), so reads answer without it. Either way the request's model calls
are metered for the user.

A request admitted with budget left runs to the end even if its calls overspend: the budget may be
overshot by one request's worth, never cut a write in half.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from engram.config import get_settings
from engram.db.connection import get_database
from engram.db.repositories import usage_limits
from engram.domain.model_scope import ModelScope, budget_day_ends, enter_model_scope, refusal
from engram.errors import RateLimited


def forget_caller() -> None:
    """Nobody is served: a public or refused request runs no model call for the previous caller."""
    enter_model_scope(None)


def admit_user(user_id: str, route_class: str, needs_model: Callable[[], bool]) -> None:
    """Count the request; raise `RateLimited` / `ModelBudgetExhausted` (429 + Retry-After) or admit it.

    `needs_model()` says whether the request cannot be answered without the model (asked only when the
    budget is spent: it may read the body)."""
    settings = get_settings()
    enter_model_scope(ModelScope(user_id))
    limit = getattr(settings, f"rate_limit_{route_class}")
    budget = settings.model_budget_applies
    if not limit and not budget:
        return
    window = settings.rate_limit_window_seconds
    with get_database().system_transaction() as conn:
        if limit:
            counted = usage_limits.count_request(conn, user_id, route_class, window, with_tokens=budget)
            requests, spent, now = counted.requests, counted.tokens_today, counted.now
        else:
            today = usage_limits.tokens_today(conn, user_id)
            requests, spent, now = 0, today.tokens, today.now
    if limit and requests > limit:
        seconds = max(math.ceil((counted.window_ends - now).total_seconds()), 1)
        raise RateLimited(
            f"more than {limit} {route_class} requests in {window} s; retry in {seconds} s",
            retry_after=seconds,
        )
    if budget and spent >= settings.model_budget_daily:
        until = budget_day_ends(now)
        if needs_model():
            raise refusal(until, now)
        enter_model_scope(ModelScope(user_id, refused_until=until))
