"""profiles: the user's key facts (category/key/value) derived from memories, with validity.

A changed value closes the old row (`valid_to`) and opens a new one, like relationship edges, so the
profile keeps its history ("home: Boston until March, Denver since")."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from engram.db.connection import Conn, execute_counting
from engram.db.repositories.visibility import level_visible

PROFILE_COLUMNS = """id, category, key, value, confidence, source_memory_ids, sensitivity_level, valid_from,
    valid_to, created_at, updated_at"""


def profile_sources(conn: Conn, user_id: str, ceiling: int, limit: int = 2000) -> list[dict[str, Any]]:
    """Active memories that state something about the user (or a person's tie to the user) through a
    subject/attribute/value, up to the sensitivity ceiling, newest first."""
    return conn.execute(
        """
        SELECT id, content, memory_type, confidence, sensitivity_level,
               coalesce(effective_from, event_date, document_date, created_at) AS since,
               metadata->>'subject' AS subject, metadata->>'attribute' AS attribute,
               metadata->>'value' AS value, name, is_historical
        FROM memories
        WHERE user_id = %(uid)s AND status = 'active' AND NOT is_historical AND metadata ? 'attribute'
          AND (CASE sensitivity_level WHEN 'normal' THEN 0 WHEN 'sensitive' THEN 1 ELSE 2 END) <= %(ceiling)s
        ORDER BY coalesce(effective_from, event_date, document_date, created_at) DESC, created_at DESC
        LIMIT %(limit)s
        """,
        {"uid": user_id, "ceiling": ceiling, "limit": limit},
    ).fetchall()


def claim_stale_profile(conn: Conn, user_id: str) -> bool:
    """Clear the user's stale mark; True when it was set (the caller rebuilds in this transaction)."""
    row = conn.execute(
        "UPDATE users SET profile_stale = false WHERE id = %(uid)s AND profile_stale RETURNING id",
        {"uid": user_id},
    ).fetchone()
    return row is not None


def current_profile(
    conn: Conn, user_id: str, *, include_history: bool = False, ceiling: int = 2
) -> list[dict[str, Any]]:
    """The profile's rows (current, or with their history), those at or below the sensitivity ceiling:
    a profile is read at the reader's ceiling, whatever ceiling it was built at."""
    shown = level_visible("sensitivity_level")
    return conn.execute(
        f"""SELECT {PROFILE_COLUMNS} FROM profiles
            WHERE user_id = %(uid)s AND (%(history)s OR valid_to IS NULL) AND {shown}
            ORDER BY category, key, valid_from DESC""",
        {"uid": user_id, "history": include_history, "ceiling": ceiling},
    ).fetchall()


def replace_profile(
    conn: Conn, user_id: str, facts: Sequence[dict[str, Any]], *, now: datetime
) -> dict[str, int]:
    """Make the current rows equal `facts` (category, key, value, confidence, source_memory_ids,
    sensitivity_level, valid_from; one per category/key) in three set statements: a row whose value
    changed closes when the new value began, one no memory supports any more closes now, unchanged
    ones are refreshed, new ones opened."""
    params = {
        "uid": user_id,
        "now": now,
        "cats": [f["category"] for f in facts],
        "keys": [f["key"] for f in facts],
        "vals": [f["value"] for f in facts],
        "confs": [f["confidence"] for f in facts],
        "sens": [f["sensitivity_level"] for f in facts],
        "froms": [f["valid_from"] for f in facts],
        "srcs": [",".join(str(s) for s in f["source_memory_ids"]) for f in facts],
    }
    wanted = """SELECT * FROM unnest(%(cats)s::text[], %(keys)s::text[], %(vals)s::text[], %(confs)s::real[],
                                     %(sens)s::text[], %(froms)s::timestamptz[], %(srcs)s::text[])
                AS w(category, key, value, confidence, sensitivity_level, valid_from, sources)"""
    closed = execute_counting(
        conn,
        f"""UPDATE profiles p SET valid_to = greatest(p.valid_from, least(%(now)s, coalesce(
                   (SELECT w.valid_from FROM ({wanted}) w WHERE w.category = p.category AND w.key = p.key),
                   %(now)s)))
            WHERE p.user_id = %(uid)s AND p.valid_to IS NULL
              AND NOT EXISTS (SELECT 1 FROM ({wanted}) w
                              WHERE w.category = p.category AND w.key = p.key AND w.value = p.value)""",
        params,
    )
    kept = execute_counting(
        conn,
        f"""UPDATE profiles p SET confidence = w.confidence, sensitivity_level = w.sensitivity_level,
                   source_memory_ids = string_to_array(w.sources, ',')::uuid[]
            FROM ({wanted}) w
            WHERE p.user_id = %(uid)s AND p.valid_to IS NULL
              AND w.category = p.category AND w.key = p.key AND w.value = p.value""",
        params,
    )
    opened = execute_counting(
        conn,
        f"""INSERT INTO profiles (user_id, category, key, value, confidence, source_memory_ids,
                                  sensitivity_level, valid_from)
            SELECT %(uid)s, w.category, w.key, w.value, w.confidence,
                   string_to_array(w.sources, ',')::uuid[], w.sensitivity_level,
                   least(%(now)s, w.valid_from)
            FROM ({wanted}) w
            WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = %(uid)s AND p.valid_to IS NULL
                                AND p.category = w.category AND p.key = w.key)""",
        params,
    )
    return {"opened": opened, "closed": closed, "unchanged": kept}
