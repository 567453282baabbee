"""When to send a request again: 429 and 503 mean the server did not do the work and asks to be asked
later, so the client waits as long as `Retry-After` says (or backs off exponentially without it) and
tries again, a bounded number of times. Other statuses are answers and are never retried.

A wait longer than `max_wait` is not slept through: the error is raised at once with its
`retry_after`, since a caller (or an agent waiting on a tool) is better told than left hanging.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

RETRIED_STATUSES = frozenset({429, 503})


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 4
    """Requests in all, the first one included (1 = never retry)."""
    backoff: float = 0.5
    """The first wait when the server gave no Retry-After; doubled on each further attempt."""
    max_backoff: float = 8.0
    max_wait: float = 30.0
    """The longest Retry-After the client sleeps through."""

    def wait_before_retry(self, status: int, retry_after: float | None, attempt: int) -> float | None:
        """Seconds to wait before attempt `attempt + 1`, or None when the answer stands."""
        if status not in RETRIED_STATUSES or attempt >= self.max_attempts:
            return None
        if retry_after is not None:
            return retry_after if retry_after <= self.max_wait else None
        delay = min(self.max_backoff, self.backoff * 2 ** (attempt - 1))
        return delay * random.uniform(0.75, 1.0)  # spread clients that failed together


NO_RETRY = RetryPolicy(max_attempts=1)


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """`Retry-After` in seconds: delta-seconds ("2") or an HTTP date; None when absent or unreadable."""
    if not value:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())
