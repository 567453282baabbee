"""Entity nodes and their links to memories and sources (the write path's part of the graph).

Counters (mention_count, source_count, distinct_source_days, sentiment_average) are recomputed from
the link tables in one set-based statement, so they stay exact under retries and reprocessing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from uuid import UUID

from engram.db.connection import Conn


def upsert_entity(
    conn: Conn,
    user_id: str,
    *,
    name: str,
    canonical: str,
    kind: str,
    entity_type: str = "",
    relationship: str | None = None,
    at: datetime,
) -> UUID:
    row = conn.execute(
        """
        INSERT INTO entities (user_id, created_by, kind, entity_type, name, canonical_name, relationship,
                              first_mentioned_at, last_mentioned_at)
        VALUES (%(uid)s, %(uid)s, %(kind)s, %(etype)s, %(name)s, %(canon)s, %(rel)s, %(at)s, %(at)s)
        ON CONFLICT (user_id, kind, entity_type, canonical_name) DO UPDATE SET
            relationship = coalesce(EXCLUDED.relationship, entities.relationship),
            first_mentioned_at = least(entities.first_mentioned_at, EXCLUDED.first_mentioned_at),
            last_mentioned_at = greatest(entities.last_mentioned_at, EXCLUDED.last_mentioned_at)
        RETURNING id
        """,
        {
            "uid": user_id,
            "kind": kind,
            "etype": entity_type or "",
            "name": name,
            "canon": canonical,
            "rel": relationship,
            "at": at,
        },
    ).fetchone()
    assert row is not None
    return row["id"]


def find_entities_by_canonical(conn: Conn, user_id: str, canonicals: Sequence[str]) -> list[dict]:
    if not canonicals:
        return []
    return conn.execute(
        """SELECT id, name, canonical_name, kind, entity_type, aliases FROM entities
           WHERE user_id = %s AND (canonical_name = ANY(%s) OR aliases && %s) AND merged_into IS NULL""",
        (user_id, list(canonicals), list(canonicals)),
    ).fetchall()


def link_memory(conn: Conn, user_id: str, memory_id: UUID, links: Sequence[tuple[UUID, str]]) -> None:
    for entity_id, mention_type in links:
        conn.execute(
            """INSERT INTO memory_entities (memory_id, entity_id, user_id, mention_type)
               VALUES (%s, %s, %s, %s)
               ON CONFLICT (memory_id, entity_id) DO NOTHING""",
            (memory_id, entity_id, user_id, mention_type),
        )


def link_source(conn: Conn, user_id: str, source_id: UUID, entity_ids: Sequence[UUID]) -> None:
    if not entity_ids:
        return
    conn.execute(
        """INSERT INTO source_mentions (source_id, entity_id, user_id)
           SELECT %s, e, %s FROM unnest(%s::uuid[]) AS e
           ON CONFLICT (source_id, entity_id) DO NOTHING""",
        (source_id, user_id, list(entity_ids)),
    )


def refresh_entity_counters(conn: Conn, user_id: str, entity_ids: Sequence[UUID]) -> None:
    """Recompute mention/source counters and the sentiment average from the link tables."""
    if not entity_ids:
        return
    conn.execute(
        """
        UPDATE entities e SET
            mention_count = coalesce(mm.n, 0),
            source_count = coalesce(ss.n, 0),
            distinct_source_days = coalesce(ss.days, 0),
            sentiment_average = sh.avg
        FROM unnest(%(ids)s::uuid[]) AS target(id)
        LEFT JOIN LATERAL (
            SELECT count(*) AS n FROM memory_entities WHERE entity_id = target.id
        ) mm ON true
        LEFT JOIN LATERAL (
            SELECT count(*) AS n,
                   count(DISTINCT (coalesce(s.document_date, s.created_at) AT TIME ZONE 'UTC')::date) AS days
            FROM source_mentions sm JOIN sources s ON s.id = sm.source_id
            WHERE sm.entity_id = target.id
        ) ss ON true
        LEFT JOIN LATERAL (
            SELECT avg(sentiment)::real AS avg FROM sentiment_history WHERE entity_id = target.id
        ) sh ON true
        WHERE e.id = target.id AND e.user_id = %(uid)s
        """,
        {"ids": list(entity_ids), "uid": user_id},
    )


def insert_sentiment(
    conn: Conn,
    user_id: str,
    entity_id: UUID,
    sentiment: float,
    *,
    memory_id: UUID | None,
    source_id: UUID | None,
    context: str | None,
    at: datetime,
) -> None:
    conn.execute(
        """INSERT INTO sentiment_history
               (user_id, entity_id, memory_id, sentiment, context, source_id, created_at)
           VALUES (%s, %s, %s, %s, %s, %s, %s)""",
        (user_id, entity_id, memory_id, sentiment, context, source_id, at),
    )
