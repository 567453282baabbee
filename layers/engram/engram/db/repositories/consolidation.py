"""Consolidation: near-duplicate memory pairs and duplicate entity nodes, found in SQL; the merge's writes.

Candidates come from one self-join: every active memory of the user looks up its nearest neighbours
through the binary-quantized HNSW index (sql/0009), the few it gets back are re-ranked by exact cosine
and kept at or above the threshold, and only compatible pairs survive. Nothing compares memories two by
two in Python; the caller only groups the pairs that come back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from engram.db.connection import Conn

# Columns a preview shows and the keeper score reads.
BRIEF_COLUMNS = (
    "id, content, name, memory_type, importance, importance_score, mention_count, confidence, "
    "sensitivity_level, created_at"
)


def candidate_pairs(
    conn: Conn,
    user_id: str,
    *,
    threshold: float,
    neighbours: int = 5,
    ef_search: int = 20,
    cap: int = 10_000,
) -> list[dict[str, Any]]:
    """Pairs `(x, y, similarity)` of the user's active memories, each pair once (x < y), most similar first.

    For each memory, the `neighbours` nearest by the Hamming distance of the sign bits (HNSW, iterative
    scan so the user filter does not starve the lookup), then exact cosine >= `threshold`. Compatible
    means: the same memory type (or an entity and a fact with the same name); no two different names;
    the same sensitivity level (merging either way would move a sensitive detail into a normal row, or
    hide a normal fact behind the sensitivity ceiling); both current or both historical; the same
    container; and never two values of one subject's attribute (those contradict, they do not repeat).
    Only type-independent filters sit inside the lookup: a filter there makes the iterative scan walk
    far through the graph for a memory whose nearest neighbours are all of another type.
    """
    conn.execute(
        "SELECT set_config('hnsw.ef_search', %s, true),"
        " set_config('hnsw.iterative_scan', 'relaxed_order', true)",
        (str(ef_search),),
    )
    return conn.execute(
        """
        WITH near AS (
            SELECT a.id AS a_id, b.id AS b_id, b.similarity
            FROM memories a
            CROSS JOIN LATERAL (
                SELECT m.id, 1 - (m.embedding <=> a.embedding) AS similarity
                FROM memories m
                WHERE m.user_id = %(uid)s AND m.status = 'active' AND m.embedding IS NOT NULL
                  AND m.id <> a.id
                ORDER BY binary_quantize(m.embedding)::bit(1536) <~> binary_quantize(a.embedding)::bit(1536)
                LIMIT %(k)s
            ) b
            WHERE a.user_id = %(uid)s AND a.status = 'active' AND a.embedding IS NOT NULL
              AND b.similarity >= %(threshold)s
        ), pairs AS (
            SELECT least(a_id, b_id) AS x, greatest(a_id, b_id) AS y, max(similarity) AS similarity
            FROM near GROUP BY 1, 2
        )
        SELECT p.x, p.y, p.similarity
        FROM pairs p
        JOIN memories mx ON mx.id = p.x AND mx.user_id = %(uid)s
        JOIN memories my ON my.id = p.y AND my.user_id = %(uid)s
        WHERE mx.superseded_by IS NULL AND my.superseded_by IS NULL
          AND (mx.memory_type = my.memory_type
               OR (mx.memory_type IN ('entity', 'fact') AND my.memory_type IN ('entity', 'fact')
                   AND lower(mx.name) = lower(my.name)))
          AND (mx.name IS NULL OR my.name IS NULL OR lower(mx.name) = lower(my.name))
          AND mx.sensitivity_level = my.sensitivity_level
          AND mx.is_historical = my.is_historical
          AND mx.container_tag IS NOT DISTINCT FROM my.container_tag
          AND NOT (mx.metadata ? 'attribute' AND my.metadata ? 'attribute'
                   AND mx.metadata ? 'value' AND my.metadata ? 'value'
                   AND lower(mx.metadata->>'subject') IS NOT DISTINCT FROM lower(my.metadata->>'subject')
                   AND mx.metadata->>'attribute' = my.metadata->>'attribute'
                   AND lower(mx.metadata->>'value') <> lower(my.metadata->>'value'))
        ORDER BY p.similarity DESC, p.x, p.y
        LIMIT %(cap)s
        """,
        {"uid": user_id, "threshold": threshold, "k": neighbours, "cap": cap},
    ).fetchall()


def memory_briefs(conn: Conn, user_id: str, ids: Sequence[UUID]) -> dict[UUID, dict[str, Any]]:
    """The preview columns of these memories, by id."""
    if not ids:
        return {}
    rows = conn.execute(
        f"SELECT {BRIEF_COLUMNS} FROM memories WHERE user_id = %s AND id = ANY(%s)", (user_id, list(ids))
    ).fetchall()
    return {row["id"]: row for row in rows}


def pair_similarities(
    conn: Conn, user_id: str, pairs: Sequence[tuple[UUID, UUID]]
) -> dict[tuple[UUID, UUID], float]:
    """Exact cosine similarity of given pairs (a group's keeper and members it was not paired with)."""
    if not pairs:
        return {}
    rows = conn.execute(
        """SELECT p.a, p.b, 1 - (ma.embedding <=> mb.embedding) AS similarity
           FROM unnest(%s::uuid[], %s::uuid[]) AS p(a, b)
           JOIN memories ma ON ma.id = p.a AND ma.user_id = %s
           JOIN memories mb ON mb.id = p.b AND mb.user_id = %s
           WHERE ma.embedding IS NOT NULL AND mb.embedding IS NOT NULL""",
        ([a for a, _ in pairs], [b for _, b in pairs], user_id, user_id),
    ).fetchall()
    return {(row["a"], row["b"]): float(row["similarity"]) for row in rows}


def lock_memories(conn: Conn, user_id: str, ids: Sequence[UUID]) -> dict[UUID, dict[str, Any]]:
    """Full rows of these memories, locked in id order (two merges touching one row cannot deadlock)."""
    from engram.db.repositories.memories import MEMORY_COLUMNS

    rows = conn.execute(
        f"SELECT {MEMORY_COLUMNS} FROM memories WHERE user_id = %s AND id = ANY(%s) ORDER BY id FOR UPDATE",
        (user_id, list(ids)),
    ).fetchall()
    return {row["id"]: row for row in rows}


def repoint_memory_links(conn: Conn, user_id: str, keep: UUID, merged: UUID) -> list[UUID]:
    """The merged memory's entity links and edge evidence move to the keeper; returns the entities
    touched (their counters are recomputed by the caller)."""
    params = {"uid": user_id, "keep": keep, "merged": merged}
    touched = [
        row["entity_id"]
        for row in conn.execute(
            "SELECT entity_id FROM memory_entities WHERE user_id = %(uid)s AND memory_id = %(merged)s", params
        ).fetchall()
    ]
    conn.execute(
        """INSERT INTO memory_entities (memory_id, entity_id, user_id, mention_type)
           SELECT %(keep)s, entity_id, user_id, mention_type FROM memory_entities
           WHERE user_id = %(uid)s AND memory_id = %(merged)s
           ON CONFLICT (memory_id, entity_id) DO NOTHING""",
        params,
    )
    conn.execute("DELETE FROM memory_entities WHERE user_id = %(uid)s AND memory_id = %(merged)s", params)
    conn.execute(
        """UPDATE relationships SET evidence_memory_ids = ARRAY(
               SELECT DISTINCT unnest(array_replace(evidence_memory_ids, %(merged)s, %(keep)s)))
           WHERE user_id = %(uid)s AND %(merged)s = ANY(evidence_memory_ids)""",
        params,
    )
    return touched


def duplicate_entity_pairs(conn: Conn, user_id: str, *, cap: int = 1000) -> list[dict[str, Any]]:
    """Live nodes of one kind where one's canonical name is the other's name or alias (set join on
    names, not a loop): `(a, b)` rows with both nodes' resolution columns, each pair once. Whether two
    namesakes are really one (compatible types and ties) is the caller's rule, shared with resolution."""
    return conn.execute(
        """
        WITH live AS (
            SELECT id, kind, canonical_name, aliases FROM entities
            WHERE user_id = %(uid)s AND merged_into IS NULL AND NOT is_owner
        ), names AS (
            SELECT id, kind, canonical_name AS name FROM live
            UNION
            SELECT id, kind, unnest(aliases) FROM live
        ), pairs AS (
            SELECT DISTINCT least(c.id, n.id) AS a, greatest(c.id, n.id) AS b
            FROM live c JOIN names n ON n.name = c.canonical_name AND n.kind = c.kind AND n.id <> c.id
        )
        SELECT ea.id AS a_id, ea.name AS a_name, ea.canonical_name AS a_canonical, ea.kind AS a_kind,
               ea.entity_type AS a_entity_type, ea.relationship AS a_relationship,
               ea.mention_count AS a_mention_count, ea.created_at AS a_created_at,
               eb.id AS b_id, eb.name AS b_name, eb.canonical_name AS b_canonical, eb.kind AS b_kind,
               eb.entity_type AS b_entity_type, eb.relationship AS b_relationship,
               eb.mention_count AS b_mention_count, eb.created_at AS b_created_at
        FROM pairs p
        JOIN entities ea ON ea.id = p.a AND ea.user_id = %(uid)s
        JOIN entities eb ON eb.id = p.b AND eb.user_id = %(uid)s
        ORDER BY ea.canonical_name, p.a, p.b
        LIMIT %(cap)s
        """,
        {"uid": user_id, "cap": cap},
    ).fetchall()


def entity_alive(conn: Conn, user_id: str, entity_id: UUID) -> bool:
    return (
        conn.execute(
            "SELECT 1 FROM entities WHERE user_id = %s AND id = %s AND merged_into IS NULL",
            (user_id, entity_id),
        ).fetchone()
        is not None
    )


def users_page(conn: Conn, *, after: str | None, limit: int, min_memories: int = 2) -> list[str]:
    """Users (by id, keyset) holding at least `min_memories` active memories with vectors: the ones a
    consolidation preview can find anything for. Run as the login role (schedule fan-out)."""
    rows = conn.execute(
        """SELECT u.id FROM users u
           WHERE (%(after)s::text IS NULL OR u.id > %(after)s)
             AND (SELECT count(*) FROM (SELECT 1 FROM memories m
                                        WHERE m.user_id = u.id AND m.status = 'active'
                                          AND m.embedding IS NOT NULL
                                        LIMIT %(min)s) x) >= %(min)s
           ORDER BY u.id LIMIT %(limit)s""",
        {"after": after, "limit": limit, "min": min_memories},
    ).fetchall()
    return [row["id"] for row in rows]
