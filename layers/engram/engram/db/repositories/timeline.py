"""The timeline read: dated memories and timeline_events rows in a window, one entry per memory.

A memory can be on the timeline two ways: it has an `event_date` (the write path sets it for "dinner
with Sarah on Friday") or the write path recorded a `timeline_events` row for it (events dated by their
`effective_from` or observation time). Both are gathered through their `(user_id, date)` indexes, then
joined once with the memory. The memory's own `event_date` wins over the row's date, because user edits
change the memory and not the recorded row; the title is the memory's current text for the same reason.
Timeline rows without a memory (none are written today, but the column is nullable) are listed as they
are.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories.search import SENSITIVITY_ORDER

TITLE_CHARS = 200


def _in_window(column: str) -> sql.Composed:
    """`start <= column < end`, either bound open when its parameter is NULL."""
    return sql.SQL(
        """(%(start)s::timestamptz IS NULL OR {column} >= %(start)s::timestamptz)
              AND (%(end)s::timestamptz IS NULL OR {column} < %(end)s::timestamptz)"""
    ).format(column=sql.SQL(column))


# The newest timeline row of each memory that has one in the window.
_RECORDED = sql.SQL(
    """te AS (
            SELECT DISTINCT ON (t.memory_id)
                   t.memory_id, t.id, t.event_type, t.event_date, t.description, t.entity_id
            FROM timeline_events t
            WHERE t.user_id = %(uid)s AND t.memory_id IS NOT NULL
              AND {window}
            ORDER BY t.memory_id, t.created_at DESC
        )"""
).format(window=_in_window("t.event_date"))

# Memories dated in the window by their own event_date or by a timeline row.
_DATED = sql.SQL(
    """ids AS (
            SELECT m.id FROM memories m
            WHERE m.user_id = %(uid)s AND m.event_date IS NOT NULL
              AND {window}
            UNION
            SELECT memory_id FROM te
        )"""
).format(window=_in_window("m.event_date"))

# One entry per memory (its own date and text win over its row's), then the rows without a memory.
_EVENTS = sql.SQL(
    """events AS (
            SELECT m.id AS memory_id, te.id AS event_id,
                   coalesce(m.event_date, te.event_date) AS event_date,
                   coalesce(te.event_type, m.memory_type) AS event_type,
                   m.memory_type, left(m.content, %(title_chars)s) AS title, te.description,
                   te.entity_id, m.source_id, m.is_historical, m.recurrence, m.importance,
                   m.id::text AS sort_key
            FROM ids JOIN memories m ON m.id = ids.id AND m.user_id = %(uid)s
            LEFT JOIN te ON te.memory_id = m.id
            WHERE (m.status = 'active'
                   -- an event archived by cleanup because its date passed is still what happened
                   OR (m.status = 'archived' AND m.metadata->>'archived_reason' = 'expired'))
              AND (CASE m.sensitivity_level WHEN 'normal' THEN 0 WHEN 'sensitive' THEN 1 ELSE 2 END)
                  <= %(ceiling)s
              AND (%(ids)s::uuid[] IS NULL OR m.id = ANY(%(ids)s::uuid[]))
            UNION ALL
            SELECT NULL, t.id, t.event_date, t.event_type, NULL, left(t.title, %(title_chars)s),
                   t.description, t.entity_id, t.source_id, false, NULL, NULL, t.id::text
            FROM timeline_events t
            WHERE t.user_id = %(uid)s AND t.memory_id IS NULL AND %(ids)s::uuid[] IS NULL
              AND {window}
        )"""
).format(window=_in_window("t.event_date"))

# The page: in the window (a memory's own date can move it out), after the previous page's last row.
_TIMELINE = sql.SQL(
    """
        WITH {recorded},
        {dated},
        {events}
        SELECT * FROM events e
        WHERE {window}
          AND (%(after_date)s::timestamptz IS NULL
               OR (e.event_date, e.sort_key) > (%(after_date)s::timestamptz, %(after_key)s::text))
        ORDER BY e.event_date, e.sort_key
        LIMIT %(limit)s
        """
).format(recorded=_RECORDED, dated=_DATED, events=_EVENTS, window=_in_window("e.event_date"))
# Composed once, as text (see `search.hybrid_statement`).
_TIMELINE_TEXT = _TIMELINE.as_string()


def timeline_window(
    conn: Conn,
    user_id: str,
    *,
    start: datetime | None,
    end: datetime | None,
    sensitivity_max: str = "normal",
    memory_ids: Sequence[UUID] | None = None,
    after: tuple[datetime, str] | None = None,
    limit: int = 200,
) -> list[dict[str, Any]]:
    """Events with `start <= event_date < end` (either bound may be open), oldest first.

    Active memories count, and those cleanup archived only because they expired (a past event is
    expired by definition, and it still happened); superseded versions have a successor on the
    timeline, and other archived ones were removed by the user. Within the sensitivity ceiling.
    `memory_ids` restricts the result to those memories (a search inside the window); `after` is the
    keyset `(event_date, sort_key)` of the previous page's last row.
    Each row has `sort_key`, the stable tie-breaker for equal dates.
    """
    params: dict[str, Any] = {
        "uid": user_id,
        "start": start,
        "end": end,
        "ceiling": SENSITIVITY_ORDER[sensitivity_max],
        "ids": [str(i) for i in memory_ids] if memory_ids is not None else None,
        "after_date": after[0] if after else None,
        "after_key": after[1] if after else None,
        "limit": limit,
        "title_chars": TITLE_CHARS,
    }
    return conn.execute(_TIMELINE_TEXT, params).fetchall()
