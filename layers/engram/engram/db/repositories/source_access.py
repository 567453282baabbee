"""Which sources a user reads, and the reads of `GET /v1/sources`.

A user reads a source they stored, and a team's shared source while they are a member of that team
(a participant's right to it ends with their membership, like everyone's). Row-level security says the
same (`sources_team_read`); every query here states the rule itself first. Above the caller's
sensitivity ceiling a source is hidden as explore hides it: marked high itself, or the source of one of
the caller's memories above the ceiling (`explore_visibility.source_hidden`).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories.explore_visibility import HIDDEN_SOURCES, source_hidden

# The caller (`%(uid)s`) reads source `s`.
READABLE = "(s.user_id = %(uid)s OR (s.team_id IS NOT NULL AND engram_is_team_member(s.team_id)))"
# What explore looks through: the caller's own sources and the shared ones they took part in, plus every
# source of the team the request names (`%(team)s`, NULL for none).
EXPLORED = """(s.user_id = %(uid)s OR (s.team_id IS NOT NULL AND engram_is_team_member(s.team_id)
    AND (%(uid)s = ANY(s.participants) OR s.team_id = %(team)s)))"""


def explored_rows(alias: str) -> str:
    """A storyline or macro (`alias`) explore looks through: the caller's own, or one of the team the
    request names, while the caller is a member."""
    return (
        f"({alias}.user_id = %(uid)s OR ({alias}.team_id = %(team)s"
        f" AND engram_is_team_member({alias}.team_id)))"
    )


WHEN = "coalesce(s.started_at, s.document_date, s.created_at)"
_COLUMNS = (
    "s.id, s.user_id AS created_by, s.team_id, s.participants, s.source_type, s.context_type, "
    "s.external_id, s.conversation_id, s.summary, s.tags, s.document_date, s.started_at, s.ended_at, "
    f"s.processing_status, s.created_at, {WHEN} AS happened_at"
)
_CURSOR_TAG = "sources"


def encode_cursor(happened_at: datetime, source_id: UUID) -> str:
    raw = json.dumps([_CURSOR_TAG, happened_at.isoformat(), str(source_id)]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, UUID]:
    """Raises ValueError/TypeError for anything `encode_cursor` did not produce."""
    tag, at, source_id = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    if tag != _CURSOR_TAG:
        raise ValueError("not a sources cursor")
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:
        raise ValueError("cursor time without a time zone")
    return moment, UUID(source_id)


def list_sources(
    conn: Conn,
    user_id: str,
    *,
    ceiling: int,
    limit: int,
    team_id: UUID | None = None,
    context_type: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    after: tuple[datetime, UUID] | None = None,
) -> list[dict[str, Any]]:
    """The sources the caller reads, newest first (`limit + 1` rows for the page test). With `team_id`,
    that team's sources (none when the caller is not a member)."""
    filters = [READABLE]
    if team_id is not None:
        filters.append("s.team_id = %(team)s")
    if context_type is not None:
        filters.append("s.context_type = %(context)s")
    if since is not None:
        filters.append(f"{WHEN} >= %(since)s")
    if until is not None:
        filters.append(f"{WHEN} < %(until)s")
    if after is not None:
        filters.append(f"({WHEN}, s.id) < (%(after_at)s, %(after_id)s)")
    statement = sql.SQL(
        "WITH {hidden} SELECT {columns} FROM sources s WHERE {where} AND NOT {hidden_row} "
        "ORDER BY {when} DESC, s.id DESC LIMIT %(limit)s"
    ).format(
        hidden=HIDDEN_SOURCES,
        columns=sql.SQL(_COLUMNS),
        where=sql.SQL(" AND ".join(filters)),
        hidden_row=source_hidden("s"),
        when=sql.SQL(WHEN),
    )
    return conn.execute(
        statement,
        {
            "uid": user_id,
            "ceiling": ceiling,
            "team": team_id,
            "context": context_type,
            "since": since,
            "until": until,
            "after_at": after[0] if after else None,
            "after_id": after[1] if after else None,
            "limit": limit + 1,
        },
    ).fetchall()


def get_source(conn: Conn, user_id: str, source_id: UUID, *, ceiling: int) -> dict[str, Any] | None:
    """One source the caller reads, with its messages (`raw_content`) and text; None when it is not
    theirs to read or the ceiling hides it."""
    statement = sql.SQL(
        "WITH {hidden} SELECT {columns}, s.raw_content, s.content FROM sources s "
        "WHERE s.id = %(id)s AND {readable} AND NOT {hidden_row}"
    ).format(
        hidden=HIDDEN_SOURCES,
        columns=sql.SQL(_COLUMNS),
        readable=sql.SQL(READABLE),
        hidden_row=source_hidden("s"),
    )
    return conn.execute(statement, {"uid": user_id, "id": source_id, "ceiling": ceiling}).fetchone()


def memories_citing(conn: Conn, user_id: str, source_id: UUID, limit: int) -> list[dict[str, Any]]:
    """The caller's own current memories taken from the source (as their source or in provenance)."""
    return conn.execute(
        """SELECT m.id, m.content, m.memory_type, m.status, m.created_at FROM memories m
           WHERE m.user_id = %(uid)s AND m.status IN ('active', 'archived')
             AND (m.source_id = %(id)s
                  OR m.provenance @> jsonb_build_array(jsonb_build_object('source_id', %(id)s::text)))
           ORDER BY m.created_at, m.id LIMIT %(limit)s""",
        {"uid": user_id, "id": source_id, "limit": limit},
    ).fetchall()


def readable_source_ids(conn: Conn, user_id: str, source_ids: Sequence[UUID]) -> set[UUID]:
    """Which of these sources the caller still reads (a memory's provenance says so for each)."""
    if not source_ids:
        return set()
    rows = conn.execute(
        f"SELECT s.id FROM sources s WHERE s.id = ANY(%(ids)s) AND {READABLE}",
        {"uid": user_id, "ids": list(set(source_ids))},
    ).fetchall()
    return {r["id"] for r in rows}


def with_source_access(conn: Conn, user_id: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Memory rows whose provenance entries say whether the caller still reads each source
    (`accessible`): a member who left a team keeps the memories they took from its sources, and their
    provenance says the source is no longer theirs to open instead of pointing at a 404."""
    entries = [
        (entry, _uuid(entry.get("source_id"))) for row in rows for entry in row.get("provenance") or []
    ]
    readable = readable_source_ids(conn, user_id, sorted({i for _, i in entries if i is not None}, key=str))
    for entry, source_id in entries:
        entry["accessible"] = source_id in readable
    return rows


def _uuid(value: Any) -> UUID | None:
    try:
        return UUID(str(value))
    except ValueError:
        return None
