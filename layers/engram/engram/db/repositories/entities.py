"""Reading the graph one node at a time (the entity API), and the notes attached to nodes and edges.

Merged nodes (`merged_into` set) are never listed; reading one by id reads the node it was merged into.
Every query filters by user_id itself; row-level security is the second line of defence. Every read takes
the caller's sensitivity ceiling (`ceiling`, a rank from `visibility.ceiling_rank`) and shows nodes,
edges, notes, memories and sentiment only as far as `visibility` allows; the default is the strictest.
"""

from __future__ import annotations

import base64
import json
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from psycopg import sql

from engram.db.connection import Conn, execute_counting
from engram.db.repositories.memories import MEMORY_COLUMNS
from engram.db.repositories.relationships import RELATIONSHIP_COLUMNS
from engram.db.repositories.visibility import (
    edge_description,
    edge_evidence_visible,
    entity_visible,
    memory_visible,
    note_visible,
)

# Everything but the vector: what an entity "is" to the API.
ENTITY_COLUMNS = (
    "id, kind, entity_type, name, canonical_name, aliases, description, is_owner, relationship, "
    "sentiment_average, mention_count, first_mentioned_at, last_mentioned_at, source_count, "
    "distinct_source_days, is_dirty, confidence, salience, state, ttl_policy, access_count, "
    "last_accessed_at, recall_frequency, has_storyline, has_macro, metadata, created_at, updated_at"
)
NOTE_COLUMNS = (
    "id, entity_id, relationship_id, content, added_by, source_id, lifetime, date_added, expires_at"
)
# Entities never mentioned (imports) sort by when they were created, so the keyset never meets a NULL.
_RECENCY = "coalesce(last_mentioned_at, created_at)"
_CURSOR_TAG = "e1"  # a cursor of another list (or another version of this one) is refused, not misread
NOTES_PER_EDGE = 10  # an edge shows its 10 most recent non-expired notes
MAX_MERGE_HOPS = 10  # a merge chain longer than this is a loop, not history
_NOTE_LIFETIMES = {"week": "7 days", "month": "30 days", "year": "365 days"}


def _like_pattern(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


# --- entities ------------------------------------------------------------------------------------------


def encode_cursor(recency: datetime, entity_id: UUID) -> str:
    raw = json.dumps([_CURSOR_TAG, recency.isoformat(), str(entity_id)]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, UUID]:
    """Raises ValueError/TypeError for anything `encode_cursor` did not produce."""
    padded = cursor + "=" * (-len(cursor) % 4)
    tag, recency, entity_id = json.loads(base64.urlsafe_b64decode(padded))
    if tag != _CURSOR_TAG:
        raise ValueError("not an entities cursor")
    at = datetime.fromisoformat(recency)
    if at.tzinfo is None:
        raise ValueError("cursor time without a time zone")
    return at, UUID(entity_id)


def list_entities(
    conn: Conn,
    user_id: str,
    *,
    kind: str | None = None,
    entity_type: str | None = None,
    name: str | None = None,
    include_owner: bool = False,
    limit: int = 50,
    after: tuple[datetime, UUID] | None = None,
    ceiling: int = 0,
) -> list[dict[str, Any]]:
    """Most recently mentioned first, keyset-paginated on (recency, id); returns up to limit+1 rows (the +1
    says there is another page). `recency` is the sort key the next cursor is made of. `name` matches
    anywhere in the name, the canonical name or an alias, ignoring case."""
    clauses = [sql.SQL("user_id = %(uid)s"), sql.SQL("merged_into IS NULL"), sql.SQL(entity_visible("e"))]
    params: dict[str, Any] = {"uid": user_id, "limit": limit + 1, "ceiling": ceiling}
    if not include_owner:
        clauses.append(sql.SQL("NOT is_owner"))
    if kind:
        clauses.append(sql.SQL("kind = %(kind)s"))
        params["kind"] = kind
    if entity_type:
        clauses.append(sql.SQL("entity_type = %(etype)s"))
        params["etype"] = entity_type
    if name:
        clauses.append(
            sql.SQL(
                "(name ILIKE %(name)s OR canonical_name ILIKE %(name)s"
                " OR EXISTS (SELECT 1 FROM unnest(aliases) AS alias WHERE alias ILIKE %(name)s))"
            )
        )
        params["name"] = _like_pattern(name)
    if after:
        clauses.append(sql.SQL(f"({_RECENCY}, id) < (%(after_at)s, %(after_id)s)"))
        params["after_at"], params["after_id"] = after
    query = sql.SQL(
        f"SELECT {ENTITY_COLUMNS}, {_RECENCY} AS recency FROM entities e WHERE {{where}}"
        f" ORDER BY {_RECENCY} DESC, id DESC LIMIT %(limit)s"
    ).format(where=sql.SQL(" AND ").join(clauses))
    return conn.execute(query, params).fetchall()


def get_entity(conn: Conn, user_id: str, entity_id: UUID, *, ceiling: int = 0) -> dict[str, Any] | None:
    """The live entity `entity_id` names: itself, or the entity it was merged into (a client may still
    hold the old id). None when the user has no such entity, or the ceiling hides it."""
    return conn.execute(
        f"""
        WITH RECURSIVE chain(id, merged_into, hops) AS (
            SELECT id, merged_into, 0 FROM entities WHERE id = %(id)s AND user_id = %(uid)s
            UNION ALL
            SELECT e.id, e.merged_into, c.hops + 1
            FROM chain c JOIN entities e ON e.id = c.merged_into AND e.user_id = %(uid)s
            WHERE c.hops < {MAX_MERGE_HOPS}
        )
        SELECT {ENTITY_COLUMNS} FROM entities e
        WHERE user_id = %(uid)s AND id = (SELECT id FROM chain WHERE merged_into IS NULL LIMIT 1)
          AND {entity_visible("e")}
        """,
        {"id": entity_id, "uid": user_id, "ceiling": ceiling},
    ).fetchone()


# --- memories about an entity ----------------------------------------------------------------------------


def list_entity_memories(
    conn: Conn,
    user_id: str,
    entity_id: UUID,
    *,
    status: str = "active",
    limit: int = 50,
    after: tuple[datetime, UUID] | None = None,
    ceiling: int = 0,
) -> list[dict[str, Any]]:
    """Memories linked to the entity within the ceiling, newest first, keyset-paginated on (created_at, id)
    exactly like `memories.list_memories` (so its cursors are the same); up to limit+1 rows."""
    params: dict[str, Any] = {
        "uid": user_id,
        "eid": entity_id,
        "status": status,
        "limit": limit + 1,
        "ceiling": ceiling,
    }
    keyset = ""
    if after:
        keyset = "AND (created_at, id) < (%(after_ts)s, %(after_id)s)"
        params["after_ts"], params["after_id"] = after
    return conn.execute(
        f"""
        SELECT {MEMORY_COLUMNS} FROM memories m
        WHERE user_id = %(uid)s AND status = %(status)s AND {memory_visible("m")}
          AND id IN (SELECT memory_id FROM memory_entities WHERE entity_id = %(eid)s AND user_id = %(uid)s)
          {keyset}
        ORDER BY created_at DESC, id DESC
        LIMIT %(limit)s
        """,
        params,
    ).fetchall()


def list_superseded_facts(
    conn: Conn, user_id: str, entity_id: UUID, *, limit: int = 50, ceiling: int = 0
) -> list[dict[str, Any]]:
    """What used to be true about the entity: its superseded memories within the ceiling, most recently
    replaced first."""
    return conn.execute(
        f"""
        SELECT m.id, m.content, m.memory_type, m.superseded_by, m.valid_from, m.valid_to, m.created_at,
               m.updated_at
        FROM memories m
        WHERE m.user_id = %(uid)s AND m.status = 'superseded' AND {memory_visible("m")}
          AND m.id IN (SELECT memory_id FROM memory_entities WHERE entity_id = %(eid)s AND user_id = %(uid)s)
        ORDER BY m.updated_at DESC, m.id DESC
        LIMIT %(limit)s
        """,
        {"uid": user_id, "eid": entity_id, "limit": limit, "ceiling": ceiling},
    ).fetchall()


# --- edges with the node at their other end ---------------------------------------------------------------


def _edge_columns() -> str:
    """The edge's columns, its description as far as the ceiling shows it."""
    columns = [column.strip() for column in RELATIONSHIP_COLUMNS.split(",") if column.strip()]
    return ", ".join(
        f"{edge_description('r')} AS description" if column == "description" else f"r.{column}"
        for column in columns
    )


def list_entity_edges(
    conn: Conn,
    user_id: str,
    entity_id: UUID,
    *,
    now: datetime,
    as_of: datetime | None = None,
    closed: bool = False,
    limit: int = 200,
    ceiling: int = 0,
) -> list[dict[str, Any]]:
    """Edges touching the node, each with the node at the other end (`other_*`), the direction seen from
    this node, and its NOTES_PER_EDGE most recent notes unexpired at `now` (`notes`, a JSON list). Only
    edges the ceiling shows, to nodes it shows (the node itself is checked by its reader).

    Which edges: `closed` -> those that ended (history, latest ended first); otherwise those valid at
    `as_of`, or currently valid without it (strongest first).
    """
    if closed:
        validity, order = "r.valid_to IS NOT NULL", "r.valid_to DESC, r.id"
    elif as_of is not None:
        validity = "r.valid_from <= %(as_of)s AND (r.valid_to IS NULL OR r.valid_to > %(as_of)s)"
        order = "r.strength DESC, r.valid_from DESC, r.id"
    else:
        validity, order = "r.valid_to IS NULL", "r.strength DESC, r.valid_from DESC, r.id"
    return conn.execute(
        f"""
        SELECT {_edge_columns()},
               CASE WHEN r.from_entity_id = %(eid)s THEN 'outgoing' ELSE 'incoming' END AS direction,
               o.id AS other_id, o.name AS other_name, o.kind AS other_kind,
               o.entity_type AS other_entity_type, o.is_owner AS other_is_owner,
               coalesce(n.notes, '[]'::jsonb) AS notes
        FROM relationships r
        JOIN entities o
          ON o.user_id = %(uid)s
         AND o.id = CASE WHEN r.from_entity_id = %(eid)s THEN r.to_entity_id ELSE r.from_entity_id END
        LEFT JOIN LATERAL (
            SELECT jsonb_agg(to_jsonb(recent) ORDER BY recent.date_added DESC, recent.id DESC) AS notes
            FROM (
                SELECT {NOTE_COLUMNS} FROM entity_notes n
                WHERE user_id = %(uid)s AND relationship_id = r.id
                  AND (expires_at IS NULL OR expires_at > %(now)s) AND {note_visible("n")}
                ORDER BY date_added DESC, id DESC
                LIMIT %(per_edge)s
            ) recent
        ) n ON true
        WHERE r.user_id = %(uid)s AND (r.from_entity_id = %(eid)s OR r.to_entity_id = %(eid)s)
          AND {validity} AND {edge_evidence_visible("r")} AND {entity_visible("o")}
        ORDER BY {order}
        LIMIT %(limit)s
        """,
        {
            "uid": user_id,
            "eid": entity_id,
            "as_of": as_of,
            "now": now,
            "per_edge": NOTES_PER_EDGE,
            "limit": limit,
            "ceiling": ceiling,
        },
    ).fetchall()


# --- notes -----------------------------------------------------------------------------------------------


def add_note(
    conn: Conn,
    user_id: str,
    *,
    entity_id: UUID | None = None,
    relationship_id: UUID | None = None,
    content: str,
    added_by: str,
    source_id: UUID | None = None,
    lifetime: str = "forever",
    at: datetime | None = None,
) -> dict[str, Any] | None:
    """Attach a note to one of the user's nodes (not merged) or edges and mark it dirty, in one statement
    (the nightly job regenerates descriptions of dirty nodes and edges). `expires_at` follows
    the lifetime from `date_added`: week 7 days, month 30, year 365, forever never. None when the target
    is not the user's."""
    if (entity_id is None) == (relationship_id is None):
        raise ValueError("a note belongs to exactly one entity or one relationship")
    if lifetime != "forever" and lifetime not in _NOTE_LIFETIMES:
        raise ValueError(f"unknown note lifetime: {lifetime}")
    target = (
        "UPDATE entities SET is_dirty = true"
        " WHERE id = %(eid)s AND user_id = %(uid)s AND merged_into IS NULL RETURNING id"
        if entity_id is not None
        else "UPDATE relationships SET is_dirty = true WHERE id = %(rid)s AND user_id = %(uid)s RETURNING id"
    )
    return conn.execute(
        f"""
        WITH target AS ({target}), stamp AS (SELECT coalesce(%(at)s::timestamptz, now()) AS at)
        INSERT INTO entity_notes (user_id, entity_id, relationship_id, content, added_by, source_id, lifetime,
                                  date_added, expires_at)
        SELECT %(uid)s, %(eid)s, %(rid)s, %(content)s, %(by)s, %(source)s, %(lifetime)s, stamp.at,
               stamp.at + %(span)s::interval
        FROM target, stamp
        RETURNING {NOTE_COLUMNS}
        """,
        {
            "uid": user_id,
            "eid": entity_id,
            "rid": relationship_id,
            "content": content,
            "by": added_by,
            "source": source_id,
            "lifetime": lifetime,
            "at": at,
            "span": _NOTE_LIFETIMES.get(lifetime),
        },
    ).fetchone()


def list_notes(
    conn: Conn,
    user_id: str,
    *,
    entity_id: UUID | None = None,
    relationship_id: UUID | None = None,
    now: datetime,
    limit: int = 50,
    ceiling: int = 0,
) -> list[dict[str, Any]]:
    """A node's or an edge's notes that have not expired at `now` and the ceiling shows, newest first."""
    if (entity_id is None) == (relationship_id is None):
        raise ValueError("notes are listed for exactly one entity or one relationship")
    owner = "entity_id = %(eid)s" if entity_id is not None else "relationship_id = %(rid)s"
    return conn.execute(
        f"""
        SELECT {NOTE_COLUMNS} FROM entity_notes n
        WHERE user_id = %(uid)s AND {owner} AND (expires_at IS NULL OR expires_at > %(now)s)
          AND {note_visible("n")}
        ORDER BY date_added DESC, id DESC
        LIMIT %(limit)s
        """,
        {
            "uid": user_id,
            "eid": entity_id,
            "rid": relationship_id,
            "now": now,
            "limit": limit,
            "ceiling": ceiling,
        },
    ).fetchall()


def delete_expired_notes(conn: Conn, user_id: str, now: datetime) -> int:
    """Remove the user's notes whose lifetime ended by `now` (the cleanup job); returns how many."""
    return execute_counting(
        conn,
        "DELETE FROM entity_notes WHERE user_id = %s AND expires_at IS NOT NULL AND expires_at <= %s",
        (user_id, now),
    )


# --- sentiment -------------------------------------------------------------------------------------------


def _reading_visible() -> str:
    """A sentiment reading (alias `s`) not read out of a memory above the ceiling."""
    return f"""(s.memory_id IS NULL OR NOT EXISTS (
        SELECT 1 FROM memories m WHERE m.id = s.memory_id AND NOT {memory_visible("m")}))"""


def sentiment_trajectory(
    conn: Conn, user_id: str, entity_id: UUID, *, now: datetime, days: int, ceiling: int = 0
) -> list[dict[str, Any]]:
    """Per UTC day over the `days` before `now` (the entity's sentiment trajectory): the day's
    average, lowest and highest reading and how many there were, oldest day first."""
    return conn.execute(
        f"""
        SELECT (created_at AT TIME ZONE 'UTC')::date AS day,
               avg(sentiment)::float8 AS avg, min(sentiment)::float8 AS min, max(sentiment)::float8 AS max,
               count(*)::int AS count
        FROM sentiment_history s
        WHERE user_id = %(uid)s AND entity_id = %(eid)s AND {_reading_visible()}
          AND created_at > %(now)s - make_interval(days => %(days)s) AND created_at <= %(now)s
        GROUP BY 1
        ORDER BY 1
        """,
        {"uid": user_id, "eid": entity_id, "now": now, "days": days, "ceiling": ceiling},
    ).fetchall()


def sentiment_windows(
    conn: Conn, user_id: str, entity_id: UUID, *, now: datetime, window_days: int, ceiling: int = 0
) -> dict[str, Any]:
    """The average and count of readings in the last `window_days` before `now` (`current_*`) and in the
    `window_days` before those (`previous_*`): the two halves the sentiment trend compares."""
    row = conn.execute(
        f"""
        SELECT avg(sentiment) FILTER (WHERE created_at > %(now)s - %(w)s)::float8 AS current_avg,
               count(*) FILTER (WHERE created_at > %(now)s - %(w)s)::int AS current_count,
               avg(sentiment) FILTER (WHERE created_at <= %(now)s - %(w)s)::float8 AS previous_avg,
               count(*) FILTER (WHERE created_at <= %(now)s - %(w)s)::int AS previous_count
        FROM sentiment_history s
        WHERE user_id = %(uid)s AND entity_id = %(eid)s AND {_reading_visible()}
          AND created_at > %(now)s - 2 * %(w)s AND created_at <= %(now)s
        """,
        {
            "uid": user_id,
            "eid": entity_id,
            "now": now,
            "w": timedelta(days=window_days),
            "ceiling": ceiling,
        },
    ).fetchone()
    assert row is not None  # an aggregate without GROUP BY always answers
    return row
