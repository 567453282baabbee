"""sources: what the user sent, stored before any processing so nothing is lost on failure."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg.types.json import Jsonb

from engram.db.connection import Conn

SOURCE_COLUMNS = (
    "id, user_id, team_id, participants, source_type, context_type, external_id, raw_content, content, "
    "summary, keywords, tags, document_date, started_at, ended_at, conversation_id, processing_status, "
    "attempts, "
    "last_error, idempotency_key, response, created_at, updated_at"
)


def insert_source(conn: Conn, user_id: str, fields: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """Insert a source; with an idempotency key already used, return the first one instead.

    Returns (row, created). Concurrent retries with one key race on the unique index, and exactly
    one of them creates the row.
    """
    params = {
        "user_id": user_id,
        "team_id": fields.get("team_id"),
        "participants": fields.get("participants") or [],
        "source_type": fields.get("source_type") or "note",
        "context_type": fields.get("context_type"),
        "external_id": fields.get("external_id"),
        "raw_content": Jsonb(fields.get("raw_content") or {}),
        "content": fields.get("content") or "",
        "tags": fields.get("tags") or [],
        "document_date": fields.get("document_date"),
        "started_at": fields.get("started_at"),
        "ended_at": fields.get("ended_at"),
        "conversation_id": fields.get("conversation_id"),
        "idempotency_key": fields.get("idempotency_key"),
    }
    row = conn.execute(
        f"""
        INSERT INTO sources (user_id, team_id, participants, source_type, context_type, external_id,
                             raw_content, content, tags, document_date, started_at, ended_at,
                             conversation_id, idempotency_key)
        VALUES (%(user_id)s, %(team_id)s, %(participants)s, %(source_type)s, %(context_type)s,
                %(external_id)s, %(raw_content)s, %(content)s, %(tags)s, %(document_date)s, %(started_at)s,
                %(ended_at)s, %(conversation_id)s, %(idempotency_key)s)
        ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
        RETURNING {SOURCE_COLUMNS}
        """,
        params,
    ).fetchone()
    if row is not None:
        return row, True
    existing = conn.execute(
        f"SELECT {SOURCE_COLUMNS} FROM sources WHERE user_id = %s AND idempotency_key = %s",
        (user_id, params["idempotency_key"]),
    ).fetchone()
    assert existing is not None
    return existing, False


def get_source(
    conn: Conn, user_id: str, source_id: UUID, *, for_update: bool = False
) -> dict[str, Any] | None:
    lock = " FOR UPDATE" if for_update else ""
    return conn.execute(
        f"SELECT {SOURCE_COLUMNS} FROM sources WHERE id = %s AND user_id = %s{lock}", (source_id, user_id)
    ).fetchone()


def readable_source(conn: Conn, user_id: str, source_id: UUID) -> dict[str, Any] | None:
    """A source the user reads into their own memories: their own, or a team's shared source they take
    part in while they are a member of that team."""
    return conn.execute(
        f"""SELECT {SOURCE_COLUMNS} FROM sources
            WHERE id = %(id)s AND (user_id = %(uid)s OR (
                team_id IS NOT NULL AND %(uid)s = ANY(participants) AND engram_is_team_member(team_id)))""",
        {"id": source_id, "uid": user_id},
    ).fetchone()


def mark_source(
    conn: Conn,
    user_id: str,
    source_id: UUID,
    status: str,
    *,
    error: str | None = None,
    count_attempt: bool = False,
    summary: str | None = None,
    keywords: list[str] | None = None,
    response: dict | None = None,
    at: datetime | None = None,
) -> None:
    """Move a source through raw -> processed (extracted facts) -> extracted (applied) | failed."""
    conn.execute(
        """
        UPDATE sources SET
            processing_status = %(status)s,
            attempts = attempts + %(attempt)s,
            last_error = CASE WHEN %(status)s = 'failed' OR %(error)s::text IS NOT NULL
                              THEN %(error)s ELSE NULL END,
            summary = coalesce(%(summary)s, summary),
            keywords = coalesce(%(keywords)s, keywords),
            response = coalesce(%(response)s, response),
            processing_started_at = coalesce(processing_started_at, %(at)s),
            processing_completed_at = CASE WHEN %(status)s = 'processed' THEN %(at)s
                                           ELSE processing_completed_at END,
            extraction_started_at = CASE WHEN %(status)s = 'processed' THEN %(at)s
                                         ELSE extraction_started_at END,
            extraction_completed_at = CASE WHEN %(status)s = 'extracted' THEN %(at)s
                                           ELSE extraction_completed_at END
        WHERE id = %(id)s AND user_id = %(uid)s
        """,
        {
            "status": status,
            "attempt": 1 if count_attempt else 0,
            "error": error[:500] if error else None,
            "summary": summary,
            "keywords": keywords,
            "response": Jsonb(response) if response is not None else None,
            "at": at or datetime.now().astimezone(),
            "id": source_id,
            "uid": user_id,
        },
    )


def count_recent_sources_mentioning(
    conn: Conn, user_id: str, entity_ids: list[UUID], since: datetime, until: datetime
) -> list[dict[str, Any]]:
    """For each entity, how many distinct sources dated in [since, until] mention it (the "aha" insight)."""
    if not entity_ids:
        return []
    return conn.execute(
        """
        SELECT sm.entity_id, e.name, count(DISTINCT sm.source_id) AS sources
        FROM source_mentions sm
        JOIN sources s ON s.id = sm.source_id
        JOIN entities e ON e.id = sm.entity_id
        WHERE sm.user_id = %s AND sm.entity_id = ANY(%s)
          AND coalesce(s.document_date, s.created_at) BETWEEN %s AND %s
        GROUP BY sm.entity_id, e.name
        """,
        (user_id, entity_ids, since, until),
    ).fetchall()
