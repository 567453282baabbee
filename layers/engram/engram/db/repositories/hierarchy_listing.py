"""The user's storylines and macros as lists (`GET /v1/storylines`, `GET /v1/macros`): read-only views of
what `hierarchy` builds, newest activity first, keyset-paginated.

They are the caller's own rows only (a team's are read through explore) and follow explore's privacy:
a storyline built on a source the ceiling hides, or anchored on a hidden node, is left out, and so is a
macro with such a storyline (`explore_visibility`). A storyline's memories are the caller's active
memories taken from its sources that the ceiling shows: their count and the oldest few.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories.explore_visibility import HIDDEN_SOURCES, entity_allowed, storyline_hidden
from engram.db.repositories.keyset import page_params
from engram.db.repositories.visibility import memory_visible

STORYLINE_CURSOR_TAG = "storylines"
MACRO_CURSOR_TAG = "macros"
MEMORIES_SHOWN = 5

_ANCHOR = "jsonb_build_object('id', a.id, 'name', a.name, 'kind', a.kind, 'entity_type', a.entity_type)"


def _macro_hidden(alias: str) -> sql.Composed:
    return sql.SQL(
        """EXISTS (SELECT 1 FROM macro_storylines hms JOIN storylines hsl ON hsl.id = hms.storyline_id
                   WHERE hms.macro_id = {alias}.id AND {hidden})"""
    ).format(alias=sql.Identifier(alias), hidden=storyline_hidden("hsl"))


# The pieces both statements are composed of.
_PIECES = {
    "hidden_sources": HIDDEN_SOURCES,
    "anchor": sql.SQL(_ANCHOR),
    "anchor_allowed": entity_allowed("a"),
    "macro_hidden": _macro_hidden("mc"),
}

_STORYLINES = sql.SQL(
    """WITH {hidden_sources}
    SELECT sl.id, sl.name, sl.description, sl.source_count, sl.started_at, sl.last_source_at, sl.state,
           sl.salience, coalesce(sl.last_source_at, sl.created_at) AS touched_at, {anchor} AS anchor,
           mem.memory_count, mem.memories,
           coalesce((SELECT jsonb_agg(jsonb_build_object('id', mc.id, 'name', mc.name)
                                      ORDER BY mc.name, mc.id)
                     FROM macro_storylines ms JOIN macros mc ON mc.id = ms.macro_id
                     WHERE ms.storyline_id = sl.id AND mc.user_id = %(uid)s AND NOT {macro_hidden}),
                    '[]'::jsonb) AS macros
    FROM storylines sl
    JOIN entities a ON a.id = sl.anchor_entity_id
    CROSS JOIN LATERAL (
        SELECT count(*)::int AS memory_count,
               coalesce(jsonb_agg(jsonb_build_object(
                            'id', x.id, 'content', x.content, 'memory_type', x.memory_type,
                            'created_at', x.created_at) ORDER BY x.rank) FILTER (WHERE x.rank <= {shown}),
                        '[]'::jsonb) AS memories
        FROM (SELECT m.id, m.content, m.memory_type, m.created_at,
                     row_number() OVER (ORDER BY m.created_at, m.id) AS rank
              FROM memories m
              WHERE m.user_id = %(uid)s AND m.status = 'active' AND {memory_visible}
                AND m.source_id IN (SELECT ss.source_id FROM storyline_sources ss
                                    WHERE ss.storyline_id = sl.id)) x) mem
    WHERE sl.user_id = %(uid)s AND {anchor_allowed} AND NOT {storyline_hidden}
      AND (%(after_at)s::timestamptz IS NULL
           OR (coalesce(sl.last_source_at, sl.created_at), sl.id) < (%(after_at)s, %(after_id)s))
    ORDER BY touched_at DESC, sl.id DESC
    LIMIT %(limit)s"""
).format(
    **_PIECES,
    shown=sql.Literal(MEMORIES_SHOWN),
    memory_visible=sql.SQL(memory_visible("m")),
    storyline_hidden=storyline_hidden("sl"),
)

_MACROS = sql.SQL(
    """WITH {hidden_sources}
    SELECT mc.id, mc.name, mc.description, mc.storyline_count, mc.total_source_count, mc.started_at,
           mc.last_event_at, mc.state, mc.salience, coalesce(mc.last_event_at, mc.created_at) AS touched_at,
           {anchor} AS anchor,
           coalesce((SELECT jsonb_agg(jsonb_build_object(
                                'id', sl.id, 'name', sl.name, 'source_count', sl.source_count,
                                'started_at', sl.started_at, 'last_source_at', sl.last_source_at)
                            ORDER BY sl.last_source_at DESC NULLS LAST, sl.id)
                     FROM macro_storylines ms JOIN storylines sl ON sl.id = ms.storyline_id
                     WHERE ms.macro_id = mc.id AND sl.user_id = %(uid)s), '[]'::jsonb) AS storylines
    FROM macros mc
    JOIN entities a ON a.id = mc.anchor_entity_id
    WHERE mc.user_id = %(uid)s AND {anchor_allowed} AND NOT {macro_hidden}
      AND (%(after_at)s::timestamptz IS NULL
           OR (coalesce(mc.last_event_at, mc.created_at), mc.id) < (%(after_at)s, %(after_id)s))
    ORDER BY touched_at DESC, mc.id DESC
    LIMIT %(limit)s"""
).format(**_PIECES)


def _params(user_id: str, ceiling: int, limit: int, after: tuple[datetime, UUID] | None) -> dict[str, Any]:
    return {"uid": user_id, "ceiling": ceiling} | page_params(limit, after)


def list_storylines(
    conn: Conn, user_id: str, *, ceiling: int, limit: int, after: tuple[datetime, UUID] | None = None
) -> list[dict[str, Any]]:
    """The caller's storylines the ceiling shows, latest activity first (`limit + 1` rows for the page
    test), each with its anchor, its memories (count and the oldest few) and the macros above it."""
    return conn.execute(_STORYLINES, _params(user_id, ceiling, limit, after)).fetchall()


def list_macros(
    conn: Conn, user_id: str, *, ceiling: int, limit: int, after: tuple[datetime, UUID] | None = None
) -> list[dict[str, Any]]:
    """The caller's macros the ceiling shows, latest activity first (`limit + 1` rows), each with its
    anchor and its storylines."""
    return conn.execute(_MACROS, _params(user_id, ceiling, limit, after)).fetchall()
