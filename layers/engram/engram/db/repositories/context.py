"""What extraction sees besides the new content: known facts and the conversation's rolling state."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from psycopg.types.json import Jsonb

from engram.db.connection import Conn, execute_counting
from engram.ranking import ESTABLISHED_CONFIDENCE, OBSERVATION_WINDOW_DAYS

CONTEXT_CANDIDATES = 300
CURRENT_MEDICATIONS = 10
# The people and pets of a user's graph that extraction knows by name: the most mentioned first.
KNOWN_PEOPLE = 500


def known_facts(
    conn: Conn, user_id: str, now: datetime, limit: int = CONTEXT_CANDIDATES
) -> list[dict[str, Any]]:
    """Active established facts, and observations from the last 180 days, best first (capped later).

    Observations older than the window are left out here even before cleanup deletes them.
    """
    return conn.execute(
        """
        SELECT content, confidence, coalesce(last_reinforced_at, created_at) AS learned_at
        FROM memories
        WHERE user_id = %(uid)s AND status = 'active'
          AND (confidence >= %(established)s OR coalesce(last_reinforced_at, created_at) >= %(since)s)
        ORDER BY confidence DESC, coalesce(last_reinforced_at, created_at) DESC
        LIMIT %(limit)s
        """,
        {
            "uid": user_id,
            "established": ESTABLISHED_CONFIDENCE,
            "since": now - timedelta(days=OBSERVATION_WINDOW_DAYS),
            "limit": limit,
        },
    ).fetchall()


def current_medications(conn: Conn, user_id: str, limit: int = CURRENT_MEDICATIONS) -> list[dict[str, Any]]:
    """The active memories of a medicine's dose or schedule (`medication:<medicine>`), newest first: a
    later note may change one without naming it ("Dr Lam upped me to 88mcg"), however far down the
    best-first facts it has fallen."""
    return conn.execute(
        """
        SELECT content, confidence, coalesce(last_reinforced_at, created_at) AS learned_at
        FROM memories
        WHERE user_id = %s AND status = 'active' AND metadata->>'attribute' LIKE 'medication:%%'
        ORDER BY created_at DESC
        LIMIT %s
        """,
        (user_id, limit),
    ).fetchall()


def known_people(conn: Conn, user_id: str, limit: int = KNOWN_PEOPLE) -> list[str]:
    """The names (and aliases) of the people and pets the user's graph holds, the user apart."""
    rows = conn.execute(
        """
        SELECT name, aliases FROM entities
        WHERE user_id = %s AND NOT is_owner AND (kind = 'person' OR entity_type = 'pet')
        ORDER BY mention_count DESC, last_mentioned_at DESC NULLS LAST
        LIMIT %s
        """,
        (user_id, limit),
    ).fetchall()
    return list(dict.fromkeys(name for row in rows for name in (row["name"], *row["aliases"])))


def get_conversation_state(conn: Conn, user_id: str, conversation_id: str) -> dict[str, Any] | None:
    return conn.execute(
        "SELECT * FROM conversation_state WHERE user_id = %s AND conversation_id = %s",
        (user_id, conversation_id),
    ).fetchone()


def save_conversation_state(
    conn: Conn,
    user_id: str,
    conversation_id: str,
    *,
    rolling_summary: str,
    recent_messages: list[dict],
    last_message_id: str | None,
    last_processed_at: datetime,
    added_messages: int,
) -> None:
    conn.execute(
        """
        INSERT INTO conversation_state (user_id, conversation_id, rolling_summary, recent_messages,
                                        last_processed_message_id, last_processed_at, message_count)
        VALUES (%(uid)s, %(cid)s, %(summary)s, %(recent)s, %(last)s, %(at)s, %(added)s)
        ON CONFLICT (user_id, conversation_id) DO UPDATE SET
            rolling_summary = EXCLUDED.rolling_summary,
            recent_messages = EXCLUDED.recent_messages,
            last_processed_message_id = EXCLUDED.last_processed_message_id,
            last_processed_at = EXCLUDED.last_processed_at,
            message_count = conversation_state.message_count + EXCLUDED.message_count,
            updated_at = now()
        """,
        {
            "uid": user_id,
            "cid": conversation_id,
            "summary": rolling_summary,
            "recent": Jsonb(recent_messages),
            "last": last_message_id,
            "at": last_processed_at,
            "added": added_messages,
        },
    )


def delete_stale_observations(conn: Conn, user_id: str, now: datetime) -> int:
    """Observations (< 0.6) older than 180 days that were never reinforced are deleted."""
    return execute_counting(
        conn,
        """DELETE FROM memories
           WHERE user_id = %s AND confidence < %s AND ttl_policy <> 'keep_forever'
             AND coalesce(last_reinforced_at, created_at) < %s""",
        (user_id, ESTABLISHED_CONFIDENCE, now - timedelta(days=OBSERVATION_WINDOW_DAYS)),
    )
