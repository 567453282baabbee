"""Consolidation: near-duplicate memory pairs and duplicate entity nodes; the merge's writes.

Near-duplicate memories are found in two statements around an in-memory search
(`lifecycle.near_duplicates`): `active_vectors` reads the user's vectors once, as halfvec, and
`compatible_pairs` keeps, in SQL, only the pairs that may merge. The search itself is not SQL: a
self-join over an HNSW index pays one index lookup per memory, minutes for a large account.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from psycopg.rows import tuple_row

from engram.db.connection import Conn
from engram.db.repositories.memories import MEMORY_COLUMNS
from engram.db.repositories.vector_index import similarity_sql

if TYPE_CHECKING:
    import numpy as np

# Columns a preview shows and the keeper score reads.
BRIEF_COLUMNS = (
    "id, content, name, memory_type, importance, importance_score, mention_count, confidence, "
    "sensitivity_level, created_at"
)

VECTOR_PAGE = 5_000  # rows per round trip of the server-side cursor


@dataclass(frozen=True)
class VectorTable:
    """The user's vectors, row i being memory `id(i)`: float16 (n x dims), ids as raw 16-byte rows."""

    raw_ids: np.ndarray
    vectors: np.ndarray

    def __len__(self) -> int:
        return len(self.raw_ids)

    def id(self, row: int) -> UUID:
        return UUID(bytes=self.raw_ids[row].tobytes())


def active_vectors(conn: Conn, user_id: str) -> VectorTable:
    """Ids and embeddings of the user's active, current memories, as arrays.

    A server-side cursor of `uuid_send(id)`, `halfvec_send(embedding::halfvec)` in pages: each page is
    joined into one buffer and read by numpy, about twice as fast as a COPY read row by row or one
    Python object per row. halfvec halves the bytes on the wire; half
    precision moves a cosine by ~1e-3 at most, far inside what a 0.85 threshold can notice.
    """
    import numpy as np

    ids: list[np.ndarray] = []
    vectors: list[np.ndarray] = []
    with conn.cursor(name="engram_active_vectors", binary=True, row_factory=tuple_row) as cur:
        cur.itersize = VECTOR_PAGE
        cur.execute(
            """SELECT uuid_send(id), halfvec_send(embedding::halfvec) FROM memories
               WHERE user_id = %s AND status = 'active' AND superseded_by IS NULL
                 AND embedding IS NOT NULL""",
            (user_id,),
        )
        while rows := cur.fetchmany(VECTOR_PAGE):
            ids.append(np.frombuffer(b"".join(r[0] for r in rows), dtype=np.uint8).reshape(len(rows), 16))
            # halfvec_send: int16 dims, int16 unused, then dims big-endian halves
            words = np.frombuffer(b"".join(r[1] for r in rows), dtype=">u2").reshape(len(rows), -1)
            vectors.append(words[:, 2:].astype(np.uint16).view(np.float16))
    if not ids:
        return VectorTable(np.empty((0, 16), dtype=np.uint8), np.empty((0, 0), dtype=np.float16))
    return VectorTable(np.concatenate(ids), np.concatenate(vectors))


def compatible_pairs(
    conn: Conn,
    user_id: str,
    pairs: Sequence[tuple[UUID, UUID, float]],
    *,
    cap: int = 10_000,
) -> list[dict[str, Any]]:
    """The pairs `(x, y, similarity)` that may merge, each once (x < y), most similar first.

    Compatible means: the same memory type (or an entity and a fact with the same name); no two different
    names; the same sensitivity level (merging either way would move a sensitive detail into a normal
    row, or hide a normal fact behind the sensitivity ceiling); both current or both historical; the same
    container; and never two values of one subject's attribute (those contradict, they do not repeat).
    Rows changed since the vectors were read are re-checked here (still active, not superseded).
    """
    if not pairs:
        return []
    return conn.execute(
        """
        WITH given AS (
            SELECT least(a, b) AS x, greatest(a, b) AS y, max(s) AS similarity
            FROM unnest(%(a)s::uuid[], %(b)s::uuid[], %(s)s::float8[]) AS p(a, b, s)
            WHERE a <> b GROUP BY 1, 2
        )
        SELECT p.x, p.y, p.similarity
        FROM given p
        JOIN memories mx ON mx.id = p.x AND mx.user_id = %(uid)s
        JOIN memories my ON my.id = p.y AND my.user_id = %(uid)s
        WHERE mx.status = 'active' AND my.status = 'active'
          AND mx.superseded_by IS NULL AND my.superseded_by IS NULL
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
        {
            "uid": user_id,
            "a": [a for a, _, _ in pairs],
            "b": [b for _, b, _ in pairs],
            "s": [float(s) for _, _, s in pairs],
            "cap": cap,
        },
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
        f"""SELECT p.a, p.b, {similarity_sql("ma.embedding", "mb.embedding")} AS similarity
           FROM unnest(%s::uuid[], %s::uuid[]) AS p(a, b)
           JOIN memories ma ON ma.id = p.a AND ma.user_id = %s
           JOIN memories mb ON mb.id = p.b AND mb.user_id = %s
           WHERE ma.embedding IS NOT NULL AND mb.embedding IS NOT NULL""",
        ([a for a, _ in pairs], [b for _, b in pairs], user_id, user_id),
    ).fetchall()
    return {(row["a"], row["b"]): float(row["similarity"]) for row in rows}


def lock_memories(conn: Conn, user_id: str, ids: Sequence[UUID]) -> dict[UUID, dict[str, Any]]:
    """Full rows of these memories, locked in id order (two merges touching one row cannot deadlock)."""
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
                                          AND m.embedding_bits IS NOT NULL
                                        LIMIT %(min)s) x) >= %(min)s
           ORDER BY u.id LIMIT %(limit)s""",
        {"after": after, "limit": limit, "min": min_memories},
    ).fetchall()
    return [row["id"] for row in rows]
