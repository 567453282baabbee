"""Which memories a read may return: the filters of a search (`SearchFilters`) and the predicate over
alias `m` they make (`visible_predicate`, with `visibility_params`): status, history, expiry, effective
date, type, importance, sensitivity, a date window and ids left out. Every search signal, recall, the
explorer and the special queries read through it, so one request sees one set of memories.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from psycopg import sql

from engram.db.repositories.visibility import SENSITIVITY_ORDER, memory_visible
from engram.models import CORRECTED_METADATA

# When a memory happened, or else when it was told: what a period the question names is compared with.
DATED = "coalesce(m.event_date, m.document_date, m.created_at)"


@dataclass
class SearchFilters:
    """Which memories may be returned at all: status, history, expiry, effective date, sensitivity."""

    now: datetime
    include_historical: bool = False
    exclude_expired: bool = True
    memory_types: list[str] | None = None
    min_importance: float | None = None
    sensitivity_max: str = "normal"
    since: datetime | None = None  # event/document date window (temporal queries)
    until: datetime | None = None
    # Expired memories still in force at this moment are visible (default: now): a question about a
    # past period ("where was I in March?") is answered by what was true then ("fieldwork on Maria
    # Island until 22 March").
    alive_at: datetime | None = None
    exclude_ids: list[Any] = field(default_factory=list)

    @property
    def reads_expired(self) -> bool:
        """Whether memories that expired are visible (`exclude_expired` off, or a moment before now):
        then so are those the daily cleanup archived because they expired (`_EXPIRED_ARCHIVE`), or what
        expired would be visible only until the night after it did."""
        return not self.exclude_expired or (self.alive_at is not None and self.alive_at < self.now)


def visibility_needs(filters: SearchFilters) -> tuple[bool, ...]:
    """Which of the optional visibility conditions `filters` need (`visible_predicate`)."""
    f = filters
    return (not f.include_historical, f.include_historical, f.exclude_expired, f.reads_expired,
            bool(f.memory_types),
            f.min_importance is not None, f.sensitivity_max != "private", f.since is not None,
            f.until is not None, bool(f.exclude_ids))  # fmt: skip


def visible_predicate(filters: SearchFilters | None = None) -> sql.SQL:
    """Which memories a read may return, over alias `m`, with `visibility_params(...)`.

    Without `filters`, every condition, each switched by its parameter (one text for any request).
    With them, only the conditions those filters need: search sends its predicate once per signal, and
    a shorter one is cheaper to send, parse and plan (a default search needs six of the twelve)."""
    return predicate_for(None if filters is None else visibility_needs(filters))


# Of the archived memories a search reads (`SearchFilters.reads_expired`), only those the daily cleanup
# archived because they expired: never one the user forgot or one archived as trivial. By id, as full
# text's candidates come from `engram_term_matches` without the metadata.
_EXPIRED_ARCHIVE = (
    "(m.status <> 'archived' OR EXISTS (SELECT 1 FROM memories x WHERE x.id = m.id "
    "AND x.metadata->>'archived_reason' = 'expired'))"
)


# Of the superseded memories a search that reads history reads, not one a correction retired: a value
# said to be wrong never held ("hip op is 4 March" after "Op is 14 March not the 4th"), and "where did I
# run my first parkrun?" is no question about it. By id, as `_EXPIRED_ARCHIVE`.
_NOT_CORRECTED = (
    "(m.status <> 'superseded' OR NOT EXISTS (SELECT 1 FROM memories x WHERE x.id = m.id "
    f"AND x.metadata ? '{CORRECTED_METADATA}'))"
)


@functools.lru_cache(maxsize=64)
def predicate_for(needs: tuple[bool, ...] | None) -> sql.SQL:
    """`visible_predicate` with the optional conditions `needs` (None: all, each switched by a parameter)."""
    wanted = iter(needs or ())
    conditions = ["m.user_id = %(uid)s AND m.status = ANY(%(statuses)s)"]

    def add(generic: str, specific: str) -> None:
        if needs is None:
            conditions.append(generic)
        elif next(wanted):
            conditions.append(specific)

    add("(%(historical_ok)s OR NOT m.is_historical)", "NOT m.is_historical")
    add(f"(NOT %(historical_ok)s OR {_NOT_CORRECTED})", _NOT_CORRECTED)
    add("(NOT %(exclude_expired)s OR m.expires_at IS NULL OR m.expires_at > %(alive_at)s)",
        "(m.expires_at IS NULL OR m.expires_at > %(alive_at)s)")  # fmt: skip
    add(_EXPIRED_ARCHIVE, _EXPIRED_ARCHIVE)
    conditions.append("(m.effective_from IS NULL OR m.effective_from <= %(now)s)")
    add("(%(types)s::text[] IS NULL OR m.memory_type = ANY(%(types)s::text[]))",
        "m.memory_type = ANY(%(types)s::text[])")  # fmt: skip
    important = "m.importance_score >= %(min_importance)s::real"
    add(f"(%(min_importance)s::real IS NULL OR {important})", important)
    ceiling = memory_visible("m")  # the most private ceiling admits everything
    add(ceiling, ceiling)
    # event/document date window (temporal queries)
    dated = DATED
    add(f"(%(since)s::timestamptz IS NULL OR {dated} >= %(since)s::timestamptz)",
        f"{dated} >= %(since)s::timestamptz")  # fmt: skip
    add(f"(%(until)s::timestamptz IS NULL OR {dated} < %(until)s::timestamptz)",
        f"{dated} < %(until)s::timestamptz")  # fmt: skip
    exclude = "NOT (m.id::text = ANY(%(exclude)s::text[]))"
    add(exclude, exclude)
    # Every condition is one of the fixed texts above: values only ever travel as parameters.
    return sql.SQL("\n    AND ".join(conditions))


VISIBLE = visible_predicate()
# The default visibility (not historical, not expired, in effect, at or below the ceiling): it reads only
# what the (user_id, status) btree holds, so a nearest-vector lookup under it reads no table row
# (`vector_index`).
DEFAULT_VISIBLE = predicate_for((True, False, True, False, False, False, True, False, False, False))


def statuses_read(filters: SearchFilters) -> list[str]:
    """The statuses a search reads: active; superseded with history; archived when it reads what expired
    (of the archived, only what expired: `_EXPIRED_ARCHIVE`)."""
    return [
        "active",
        *(["superseded"] if filters.include_historical else []),
        *(["archived"] if filters.reads_expired else []),
    ]


def visibility_params(user_id: str, filters: SearchFilters) -> dict[str, Any]:
    return {
        "uid": user_id,
        "statuses": statuses_read(filters),
        "historical_ok": filters.include_historical,
        "exclude_expired": filters.exclude_expired,
        "now": filters.now,
        "alive_at": min(filters.alive_at or filters.now, filters.now),
        "types": filters.memory_types,
        "min_importance": filters.min_importance,
        "ceiling": SENSITIVITY_ORDER[filters.sensitivity_max],
        "since": filters.since,
        "until": filters.until,
        "exclude": [str(i) for i in filters.exclude_ids],
    }
