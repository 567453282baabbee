"""The timeline read: the memories that record something that happened, in date order.

The timeline is derived from the memory rows when it is read, by one rule (`engram.language.happenings`:
events, decisions, actions, dated memories, changes that superseded an earlier memory, and facts whose
text reports a happening). Nothing is recorded for it at write time, so a supersede, an edit, an archive
or a forget is on the next read with no bookkeeping, and a rebuild is the read itself.

A memory is on the timeline at its event date, else its effective date, else the date of the note it
came from, else when it was recorded (`TIMELINE_DATE`, which `memories_timeline_idx` indexes with the
user and the id). A window is read through that index in date order, in batches; the rule keeps or
drops each row, and reading stops as soon as the page is full, so standing facts in a window cost a
cheap read of their row, never a page slot. Listed: active memories and those cleanup archived only
because they expired (a past event is expired by definition, and it still happened); superseded
versions have their successor on the timeline, and other archived ones were removed by the user.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories.visibility import SENSITIVITY_ORDER
from engram.language.happenings import STANDING_TYPES, happening_kind

TITLE_CHARS = 200
# The day a memory is on the timeline; the same expression as `memories_timeline_idx` (a CASE rather than
# coalesce, which row-level security would keep out of the index conditions as possibly leaky).
TIMELINE_DATE = (
    "(CASE WHEN m.event_date IS NOT NULL THEN m.event_date"
    " WHEN m.effective_from IS NOT NULL THEN m.effective_from"
    " WHEN m.document_date IS NOT NULL THEN m.document_date ELSE m.created_at END)"
)
_EARLIEST = datetime(1, 1, 2, tzinfo=UTC)
_LATEST = datetime(9999, 12, 30, tzinfo=UTC)
_MIN_BATCH = 64

# One batch of the window, oldest first (`after`: past a keyset position). The rule's inputs come with
# each row; standing types without an event date can never be on the timeline, so they are not read.
# Every condition is one the planner can estimate, so a window is read through the index in its order.
_BATCH_SQL = f"""
    SELECT m.id AS memory_id, {TIMELINE_DATE} AS event_date, m.memory_type,
           left(m.content, %(title_chars)s) AS title, m.event_date IS NOT NULL AS dated,
           m.supersedes_id IS NOT NULL AS supersedes, m.outcome AS description, m.source_id,
           m.is_historical, m.recurrence, m.importance, m.recurrence IS NOT NULL AS recurring
    FROM memories m
    WHERE m.user_id = %(uid)s AND m.status IN ('active', 'archived')
      AND {TIMELINE_DATE} >= %(start)s AND {TIMELINE_DATE} < %(end)s
      {{after}}
      AND (m.status = 'active' OR m.metadata->>'archived_reason' = 'expired')
      AND (m.memory_type <> ALL(%(standing)s::text[]) OR m.event_date IS NOT NULL)
      AND m.sensitivity_level = ANY(%(levels)s::text[])
      AND (%(ids)s::uuid[] IS NULL OR m.id = ANY(%(ids)s::uuid[]))
    ORDER BY {TIMELINE_DATE}, m.id
    LIMIT %(batch)s
"""
_BATCH = _BATCH_SQL.format(after="")
_BATCH_AFTER = _BATCH_SQL.format(
    after=f"AND ({TIMELINE_DATE}, m.id) > (%(after_date)s::timestamptz, %(after_id)s::uuid)"
)

# The entity an event is about: the memory's subject if it has one, else the first entity linked.
_ENTITIES = """
    SELECT DISTINCT ON (me.memory_id) me.memory_id, me.entity_id
    FROM memory_entities me
    WHERE me.user_id = %s AND me.memory_id = ANY(%s::uuid[])
    ORDER BY me.memory_id, me.mention_type <> 'subject', me.created_at, me.entity_id
"""


def _happenings(conn: Conn, params: dict[str, Any], batch: int) -> Iterator[dict[str, Any]]:
    """The window's rows the rule keeps, oldest first, read in batches of `batch` rows."""
    params = params | {"batch": batch}
    while True:
        rows = conn.execute(_BATCH if params["after_date"] is None else _BATCH_AFTER, params).fetchall()
        for row in rows:
            kind = happening_kind(
                row["memory_type"],
                row["title"],
                dated=row["dated"],
                supersedes=row["supersedes"],
                recurring=row["recurring"],
            )
            if kind is not None:
                yield row | {"event_type": kind}
        if len(rows) < batch:
            return
        params = params | {"after_date": rows[-1]["event_date"], "after_id": rows[-1]["memory_id"]}


def timeline_window(
    conn: Conn,
    user_id: str,
    *,
    start: datetime | None,
    end: datetime | None,
    sensitivity_max: str = "normal",
    memory_ids: Sequence[UUID] | None = None,
    after: tuple[datetime, str] | None = None,
    limit: int | None = 200,
) -> list[dict[str, Any]]:
    """Events with `start <= event_date < end` (either bound may be open), oldest first, at most `limit`
    (None: all of them).

    Within the sensitivity ceiling. `memory_ids` restricts the result to those memories (a search
    inside the window); `after` is the keyset `(event_date, sort_key)` of the previous page's last row.
    Each row has the response's fields plus `sort_key`, the stable tie-breaker for equal dates.
    """
    params: dict[str, Any] = {
        "uid": user_id,
        "start": start or _EARLIEST,
        "end": end or _LATEST,
        "after_date": after[0] if after else None,
        "after_id": UUID(after[1]) if after else None,
        "standing": list(STANDING_TYPES),
        "levels": [
            level for level, rank in SENSITIVITY_ORDER.items() if rank <= SENSITIVITY_ORDER[sensitivity_max]
        ],
        "ids": [str(i) for i in memory_ids] if memory_ids is not None else None,
        "title_chars": TITLE_CHARS,
    }
    rows: list[dict[str, Any]] = []
    for row in _happenings(conn, params, max(_MIN_BATCH, 2 * (limit or 0))):
        rows.append(row)
        if limit is not None and len(rows) >= limit:
            break
    entities = {
        r["memory_id"]: r["entity_id"]
        for r in conn.execute(_ENTITIES, (user_id, [r["memory_id"] for r in rows])).fetchall()
    }
    return [
        row
        | {
            "event_id": row["memory_id"],
            "entity_id": entities.get(row["memory_id"]),
            "sort_key": str(row["memory_id"]),
        }  # fmt: skip
        for row in rows
    ]


def derived_timeline(conn: Conn, user_id: str) -> list[dict[str, Any]]:
    """The user's whole timeline as export rows: every event whatever its sensitivity, oldest first."""
    rows = timeline_window(conn, user_id, start=None, end=None, sensitivity_max="private", limit=None)
    return [
        {
            "memory_id": r["memory_id"],
            "entity_id": r["entity_id"],
            "source_id": r["source_id"],
            "event_type": r["event_type"],
            "event_date": r["event_date"],
            "title": r["title"],
            "description": r["description"],
        }
        for r in rows
    ]
