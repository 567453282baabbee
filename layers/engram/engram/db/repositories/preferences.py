"""memory_preferences: one row per user, created with the defaults on first write."""

from __future__ import annotations

from typing import Any

from psycopg import sql

from engram.db.connection import Conn
from engram.models import MemoryPreferences

_COLUMNS = [name for name in MemoryPreferences.model_fields if name != "updated_at"]


def get_preferences(conn: Conn, user_id: str) -> MemoryPreferences:
    """The user's preferences, or the defaults when they never set any."""
    row = conn.execute("SELECT * FROM memory_preferences WHERE user_id = %s", (user_id,)).fetchone()
    return MemoryPreferences.model_validate(row) if row else MemoryPreferences()


def upsert_preferences(conn: Conn, user_id: str, changes: dict[str, Any]) -> MemoryPreferences:
    """Apply a partial update; unspecified fields keep their stored (or default) value."""
    unknown = set(changes) - set(_COLUMNS)
    if unknown:
        raise ValueError(f"unknown preference fields: {sorted(unknown)}")
    if not changes:
        return get_preferences(conn, user_id)
    names = list(changes)
    query = sql.SQL(
        "INSERT INTO memory_preferences (user_id, {cols}) VALUES (%s, {vals}) "
        "ON CONFLICT (user_id) DO UPDATE SET {sets} RETURNING *"
    ).format(
        cols=sql.SQL(", ").join(sql.Identifier(n) for n in names),
        vals=sql.SQL(", ").join(sql.Placeholder() for _ in names),
        sets=sql.SQL(", ").join(sql.SQL("{0} = EXCLUDED.{0}").format(sql.Identifier(n)) for n in names),
    )
    row = conn.execute(query, (user_id, *(changes[n] for n in names))).fetchone()
    return MemoryPreferences.model_validate(row)
