"""memories, memory_versions and memory_relations: the fact store and its history.

Every function takes the caller's transaction (a `user_transaction`) and filters by user_id itself;
row-level security is the second line of defence, not the first.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid4

from psycopg import sql
from psycopg.types.json import Jsonb
from pydantic import BaseModel

from engram.db.connection import Conn, execute_counting
from engram.db.repositories import user_vector_indexes, vector_index
from engram.db.repositories.visibility import memory_visible
from engram.domain.memories import MemoryListFilter
from engram.language.concepts import concepts_of
from engram.models import IMPORTANCE_SCORES, SimilarMemory, cap_evidence, clamp_confidence

if TYPE_CHECKING:
    import numpy as np

_SIMILARITY = vector_index.similarity_sql("embedding", "%(emb)s")
# A current memory of someone holding one of the one-person ties `{ties}` (an SQL text[] expression).
HOLDS_A_TIE = """status = 'active' AND NOT is_historical AND metadata->>'attribute' = 'relation'
    AND lower(metadata->>'value') = ANY({ties})"""

# Everything but the vector and the generated tsvector: what a memory "is" to the rest of the code.
MEMORY_COLUMNS = (
    "id, user_id, content, name, memory_type, layer, category, entity_type, relationship, confidence, "
    "source_type, evidence, importance, importance_score, sentiment, is_historical, effective_from, "
    "expires_at, recurrence, document_date, event_date, valid_from, valid_to, sensitivity_level, status, "
    "state, ttl_policy, salience, recall_frequency, last_recall_interval, decay_gradient, version, "
    "parent_id, root_id, supersedes_id, superseded_by, mention_count, access_count, last_accessed_at, "
    "last_reinforced_at, outcome, outcome_sentiment, outcome_recorded_at, content_hash, container_tag, "
    "session_id, source_id, provenance, metadata, embedding_model, created_at, updated_at"
)
_JSON_COLUMNS = frozenset({"recurrence", "provenance", "metadata"})
# Columns a caller may set on insert/update (never id, user_id, tsv, timestamps).
WRITABLE_COLUMNS = frozenset(
    c.strip()
    for c in MEMORY_COLUMNS.split(",")
    if c.strip() not in {"id", "user_id", "created_at", "updated_at"}
) | {"embedding"}


# The fields a fact states under the memory column of the same name, whoever produced the fact.
FACT_FIELDS = (
    "content", "name", "memory_type", "layer", "category", "entity_type", "relationship", "confidence",
    "source_type", "evidence", "importance", "sentiment", "is_historical", "effective_from", "expires_at",
    "recurrence", "event_date", "sensitivity_level", "outcome", "outcome_sentiment",
)  # fmt: skip


def fact_columns(fact: BaseModel) -> dict[str, Any]:
    """The columns of a new memory row that come from the fact itself — extraction's `CandidateFact` or
    an imported fact, which share these field names: `FACT_FIELDS` with the confidence clamped, the
    evidence capped, plus the importance's score. The caller adds (or overrides) the row's times, its
    provenance, hash and vector, which depend on how the fact arrived."""
    columns = {name: getattr(fact, name) for name in FACT_FIELDS}
    columns["confidence"] = clamp_confidence(columns["confidence"])
    columns["evidence"] = cap_evidence(columns["evidence"])
    columns["importance_score"] = IMPORTANCE_SCORES[columns["importance"]]
    return columns


def _adapt(column: str, value: Any) -> Any:
    if column in _JSON_COLUMNS and value is not None:
        return Jsonb(value)
    if column == "embedding" and value is not None:
        import numpy as np

        return np.asarray(value, dtype=np.float32)
    return value


def _check_columns(fields: dict[str, Any]) -> None:
    unknown = set(fields) - WRITABLE_COLUMNS
    if unknown:
        raise ValueError(f"not writable memory columns: {sorted(unknown)}")


def with_concepts(fields: dict[str, Any], current: dict[str, Any] | None = None) -> dict[str, Any]:
    """`fields` plus the `concepts` their text stands for (`engram.language.concepts`), derived whenever the
    text (content or name) is written, so the search document never disagrees with the memory."""
    if "content" not in fields and "name" not in fields:
        return fields
    content = fields.get("content", (current or {}).get("content")) or ""
    name = fields.get("name", (current or {}).get("name")) or ""
    return {**fields, "concepts": concepts_of(f"{name} {content}")}


def derive_missing_concepts(conn: Conn, user_id: str, limit: int = 2000) -> int:
    """Derive `concepts` for up to `limit` of the user's memories that have none yet (rows written before
    the column, or whose concepts a lexicon change cleared): one read, one set-based update."""
    rows = conn.execute(
        "SELECT id, coalesce(name, '') || ' ' || content AS text FROM memories "
        "WHERE user_id = %s AND concepts IS NULL LIMIT %s",
        (user_id, limit),
    ).fetchall()
    if not rows:
        return 0
    conn.execute(
        """UPDATE memories m SET concepts = d.concepts
           FROM unnest(%s::uuid[], %s::text[]) AS d(id, concepts)
           WHERE m.user_id = %s AND m.id = d.id""",
        ([r["id"] for r in rows], [concepts_of(r["text"]) for r in rows], user_id),
    )
    return len(rows)


def insert_memory(conn: Conn, user_id: str, fields: dict[str, Any]) -> dict[str, Any]:
    """Insert one memory; `root_id` defaults to the row's own id (the start of its version chain), named
    here so that one statement writes it."""
    _check_columns(fields)
    fields = with_concepts(fields)
    if fields.get("root_id") is None:
        memory_id = uuid4()
        fields = {**fields, "id": memory_id, "root_id": memory_id}
    names = list(fields)
    query = sql.SQL(
        "INSERT INTO memories (user_id, {cols}) VALUES (%s, {vals}) RETURNING " + MEMORY_COLUMNS
    ).format(
        cols=sql.SQL(", ").join(sql.Identifier(n) for n in names),
        vals=sql.SQL(", ").join(sql.Placeholder() for _ in names),
    )
    row = conn.execute(query, (user_id, *(_adapt(n, fields[n]) for n in names))).fetchone()
    assert row is not None
    return row


def update_memory(conn: Conn, user_id: str, memory_id: UUID, fields: dict[str, Any]) -> dict[str, Any] | None:
    """Set columns of one of the user's memories; returns the new row (None if it is not theirs)."""
    _check_columns(fields)
    if not fields:
        return get_memory(conn, user_id, memory_id)
    if ("content" in fields) != ("name" in fields):  # the other half of the text is the stored one
        stored = conn.execute(
            "SELECT content, name FROM memories WHERE id = %s AND user_id = %s", (memory_id, user_id)
        ).fetchone()
        fields = with_concepts(fields, stored)
    else:
        fields = with_concepts(fields)
    query, params = _update_statement(user_id, memory_id, fields)
    return conn.execute(query + sql.SQL(" RETURNING " + MEMORY_COLUMNS), params).fetchone()


def change_memory(conn: Conn, user_id: str, memory: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """Set columns of `memory` (a row of the user's, read in this transaction) and return the row as it is
    now, computed rather than read back: nothing waits on the statement, which a pipelined transaction
    sends with the next one. Only for changes of neither text nor vector: those are derived by the
    database (`concepts`, the compact vector). `updated_at` is the one column the row does not show
    as written (the database's clock sets it)."""
    _check_columns(fields)
    if {"content", "name", "embedding"} & fields.keys():
        raise ValueError("change_memory does not derive what text or vector changes")
    query, params = _update_statement(user_id, memory["id"], fields)
    conn.execute(query, params)
    return {**memory, **fields}


def _update_statement(
    user_id: str, memory_id: UUID, fields: dict[str, Any]
) -> tuple[sql.Composed, tuple[Any, ...]]:
    names = list(fields)
    query = sql.SQL("UPDATE memories SET {sets} WHERE id = %s AND user_id = %s").format(
        sets=sql.SQL(", ").join(
            sql.SQL("{} = {}").format(sql.Identifier(n), sql.Placeholder()) for n in names
        )
    )
    return query, (*(_adapt(n, fields[n]) for n in names), memory_id, user_id)


def get_memory(
    conn: Conn, user_id: str, memory_id: UUID, *, for_update: bool = False
) -> dict[str, Any] | None:
    lock = " FOR UPDATE" if for_update else ""
    return conn.execute(
        f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id = %s AND user_id = %s{lock}", (memory_id, user_id)
    ).fetchone()


def memory_to_change(
    conn: Conn, user_id: str, memory_id: UUID, *, source_id: UUID | None
) -> dict[str, Any] | None:
    """The memory a fact's operation changes, locked, with `counted_by_source`: whether `source_id` already
    counted a mention of it (it added the memory, or an operation of the source added, reinforced or
    updated it). The write path's "one mention per note": a second fact of the same note landing on the
    same memory is not a second mention. One round trip for both."""
    return conn.execute(
        f"""SELECT {MEMORY_COLUMNS}, {counted_by_source_sql("memories")} AS counted_by_source
            FROM memories WHERE id = %(id)s AND user_id = %(uid)s FOR UPDATE""",
        {"id": memory_id, "uid": user_id, "src": source_id},
    ).fetchone()


def counted_by_source_sql(alias: str) -> str:
    """Whether the source `%(src)s` already counted a mention of the memory `alias` (`memory_to_change`)."""
    return f"""(%(src)s::uuid IS NOT NULL AND ({alias}.source_id = %(src)s OR EXISTS (
                   SELECT 1 FROM memory_operations o
                   WHERE o.user_id = %(uid)s AND o.memory_id = {alias}.id AND o.source_id = %(src)s
                     AND o.operation IN ('ADD', 'REINFORCE', 'UPDATE'))))"""


def delete_memory(conn: Conn, user_id: str, memory_id: UUID) -> bool:
    """Hard delete: the row and (by cascade) its versions, relations, links and timeline events."""
    return (
        execute_counting(conn, "DELETE FROM memories WHERE id = %s AND user_id = %s", (memory_id, user_id))
        == 1
    )


def shares_scope_sql(alias: str, subject: str, attribute: str, name: str, content_hash: str) -> str:
    """Whether the memory `alias` shares a fact's subject+attribute, its exact content hash or its name (SQL
    expressions of what the fact states)."""
    return f"""(({subject}::text IS NOT NULL AND {attribute}::text IS NOT NULL
                 AND {alias}.metadata ? 'attribute' AND lower({alias}.metadata->>'subject') = lower({subject})
                 AND {alias}.metadata->>'attribute' = {attribute})
                OR ({content_hash}::text IS NOT NULL AND {alias}.content_hash = {content_hash})
                OR ({name}::text IS NOT NULL AND lower({alias}.name) = lower({name})))"""


def similar_candidates_sql(
    emb: str, subject: str, attribute: str, name: str, content_hash: str, *, hnsw_dims: int | None = None
) -> str:
    """The ids a fact's similar memories are drawn from, for SQL expressions of what the fact states: its
    `%(k)s` nearest active memories (`vector_index`), and the `%(k)s` newest active memories that share
    its scope (`shares_scope_sql`), whatever their similarity (a memory may be both). Which ones share
    it is ordered, so that every way of asking (one fact, or a note's facts at once) is offered the same
    ones when more than k do (a subject the user states often). With `hnsw_dims`, the nearest come from
    the user's own HNSW index (`vector_index.nearest_ids`), exact distances: k of them are enough."""
    nearest = vector_index.nearest_ids(
        "n",
        "n.user_id = %(uid)s AND n.status = 'active'",
        f"{emb}::vector",
        "%(candidates)s" if hnsw_dims is None else "%(k)s",
        hnsw_dims=hnsw_dims,
    )
    scoped = shares_scope_sql("s", subject, attribute, name, content_hash)
    return f"""
        (SELECT id FROM memories WHERE user_id = %(uid)s AND id IN ({nearest})
         ORDER BY embedding <=> {emb} LIMIT %(k)s)
        UNION
        (SELECT s.id FROM memories s
         WHERE s.user_id = %(uid)s AND s.status = 'active' AND {scoped}
         ORDER BY s.created_at DESC, s.id DESC LIMIT %(k)s)"""


def find_similar(
    conn: Conn,
    user_id: str,
    embedding: np.ndarray,
    *,
    k: int = 10,
    subject: str | None = None,
    attribute: str | None = None,
    name: str | None = None,
    content_hash: str | None = None,
    hnsw_ef_search: int | None = None,
) -> list[SimilarMemory]:
    """The user's active memories nearest to `embedding` (top k), most similar first (the newest first among
    equally similar ones: every way of asking offers them in one order). With `hnsw_ef_search`, through
    the user's own HNSW index if they have a ready one (`user_vector_indexes`).

    Candidates that share the fact's subject+attribute, exact content hash or name are always
    included whatever their similarity: a contradiction or a duplicate must never hide behind a
    weak embedding (duplicates are caught in layers, not by similarity alone)."""
    import numpy as np

    hnsw_dims = None
    if hnsw_ef_search is not None:
        hnsw_dims = user_vector_indexes.ready_index(conn, user_id, ef_search=hnsw_ef_search)
    candidates = similar_candidates_sql(
        "%(emb)s", "%(subject)s", "%(attribute)s", "%(name)s", "%(hash)s", hnsw_dims=hnsw_dims
    )
    query = f"""
        SELECT {MEMORY_COLUMNS},
               CASE WHEN embedding IS NULL THEN 0 ELSE {_SIMILARITY} END AS similarity
        FROM memories
        WHERE user_id = %(uid)s AND id IN ({candidates})
        ORDER BY similarity DESC, created_at DESC, id DESC
        """
    params = {
        "uid": user_id,
        "emb": np.asarray(embedding, dtype=np.float32),
        "k": k,
        "candidates": vector_index.candidates(k),
        "subject": subject,
        "attribute": attribute,
        "name": name,
        "hash": content_hash,
    }
    rows = conn.execute(query, params).fetchall()
    return [to_similar(row) for row in rows]


def current_tie_holders(
    conn: Conn, user_id: str, ties: Sequence[str], *, limit: int = 5
) -> list[SimilarMemory]:
    """The user's current memories of someone holding one of `ties` ("Professor Haldane is my supervisor"),
    newest first: the write path offers them to the decision on a new holder of a one-person tie, however
    unlike the two sentences are."""
    rows = conn.execute(
        f"""SELECT {MEMORY_COLUMNS} FROM memories
            WHERE user_id = %s AND {HOLDS_A_TIE.format(ties="%s")}
            ORDER BY created_at DESC, id DESC LIMIT %s""",
        (user_id, list(ties), limit),
    ).fetchall()
    return [to_similar(row) for row in rows]


def to_similar(row: dict[str, Any]) -> SimilarMemory:
    meta = row.get("metadata") or {}
    return SimilarMemory(
        id=row["id"],
        content=row["content"],
        name=row["name"],
        memory_type=row["memory_type"],
        similarity=float(row.get("similarity") or 0.0),
        confidence=row["confidence"],
        importance=row["importance"],
        is_historical=row["is_historical"],
        sensitivity_level=row["sensitivity_level"],
        subject=meta.get("subject"),
        attribute=meta.get("attribute"),
        value=meta.get("value"),
        content_hash=row["content_hash"],
        created_at=row["created_at"],
        relationship=row.get("relationship"),
    )


def insert_version(
    conn: Conn, user_id: str, memory: dict[str, Any], *, operation: str, strategy: str | None, changed_by: str
) -> None:
    """Record the content a memory has at `memory["version"]` (its history is these rows, in order)."""
    snapshot = {
        k: memory.get(k)
        for k in (
            "memory_type",
            "name",
            "confidence",
            "importance",
            "sensitivity_level",
            "is_historical",
            "status",
        )
    }
    conn.execute(
        """INSERT INTO memory_versions
               (user_id, memory_id, version, content, snapshot, operation, strategy, changed_by)
           VALUES (%s, %s, %s, %s, %s, %s, %s, %s)
           ON CONFLICT (memory_id, version) DO NOTHING""",
        (
            user_id,
            memory["id"],
            memory["version"],
            memory["content"],
            Jsonb(snapshot),
            operation,
            strategy,
            changed_by,
        ),
    )


def list_versions(conn: Conn, user_id: str, memory_id: UUID) -> list[dict[str, Any]]:
    """The memory's own versions plus the rows it superseded (its chain), oldest first."""
    return conn.execute(
        """
        WITH RECURSIVE chain AS (
            SELECT id, supersedes_id, 0 AS depth FROM memories WHERE id = %(id)s AND user_id = %(uid)s
            UNION ALL
            SELECT m.id, m.supersedes_id, c.depth + 1 FROM memories m
            JOIN chain c ON m.id = c.supersedes_id
            WHERE m.user_id = %(uid)s AND c.depth < 100
        )
        SELECT v.memory_id, v.version, v.content, v.operation, v.strategy, v.changed_by, v.snapshot,
               v.created_at
        FROM memory_versions v JOIN chain c ON c.id = v.memory_id
        WHERE v.user_id = %(uid)s
        ORDER BY v.created_at, v.version
        """,
        {"id": memory_id, "uid": user_id},
    ).fetchall()


def insert_relation(
    conn: Conn,
    user_id: str,
    source_id: UUID,
    target_id: UUID,
    relation_type: str,
    *,
    confidence: float = 1.0,
    evidence: str | None = None,
) -> None:
    conn.execute(
        """INSERT INTO memory_relations (user_id, source_id, target_id, relation_type, confidence, evidence)
           VALUES (%s, %s, %s, %s, %s, %s)
           ON CONFLICT (source_id, target_id, relation_type) DO NOTHING""",
        (user_id, source_id, target_id, relation_type, confidence, evidence),
    )


def list_relations(conn: Conn, user_id: str, memory_id: UUID, *, ceiling: int = 2) -> list[dict[str, Any]]:
    """The memory's typed relations, each with the memory at its other end (one the ceiling shows)."""
    return conn.execute(
        f"""SELECT r.relation_type, r.confidence, r.evidence, r.created_at,
                  CASE WHEN r.source_id = %(id)s THEN 'outgoing' ELSE 'incoming' END AS direction,
                  m.id, m.content, m.memory_type, m.status
           FROM memory_relations r
           JOIN memories m ON m.id = CASE WHEN r.source_id = %(id)s THEN r.target_id ELSE r.source_id END
           WHERE r.user_id = %(uid)s AND (r.source_id = %(id)s OR r.target_id = %(id)s)
             AND {memory_visible("m")}
           ORDER BY r.created_at""",
        {"id": memory_id, "uid": user_id, "ceiling": ceiling},
    ).fetchall()


def merge_provenance(existing: Sequence[dict] | None, new: Sequence[dict] | None) -> list[dict]:
    """Union of provenance entries by source, message ids kept in first-seen order."""
    merged: dict[str, list[str]] = {}
    for entry in [*(existing or []), *(new or [])]:
        ids = merged.setdefault(str(entry["source_id"]), [])
        for message_id in entry.get("message_ids") or []:
            if message_id not in ids:
                ids.append(message_id)
    return [{"source_id": source, "message_ids": ids} for source, ids in merged.items()]


# --- listing (GET /v1/memories) ---------------------------------------------------------------------


def encode_cursor(created_at: datetime, memory_id: UUID) -> str:
    raw = json.dumps([created_at.isoformat(), str(memory_id)]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def memory_cursor(row: dict[str, Any]) -> str:
    """The cursor of the page after this row (lists of memories sort by creation time, then id)."""
    return encode_cursor(row["created_at"], row["id"])


def decode_cursor(cursor: str) -> tuple[datetime, UUID]:
    padded = cursor + "=" * (-len(cursor) % 4)
    created_at, memory_id = json.loads(base64.urlsafe_b64decode(padded))
    return datetime.fromisoformat(created_at), UUID(memory_id)


# Optional equality and range filters of the listing: the filter's field, the statement's clause.
_LIST_CLAUSES = (
    ("memory_type", "memory_type = %(memory_type)s"),
    ("layer", "layer = %(layer)s"),
    ("category", "category = %(category)s"),
    ("sensitivity", "sensitivity_level = %(sensitivity)s"),
    ("created_after", "created_at >= %(created_after)s"),
    ("created_before", "created_at < %(created_before)s"),
)


def list_memories(
    conn: Conn,
    user_id: str,
    *,
    where: MemoryListFilter | None = None,
    limit: int = 50,
    after: tuple[datetime, UUID] | None = None,
) -> list[dict[str, Any]]:
    """Newest first, keyset-paginated on (created_at, id); returns up to limit+1 rows (the +1 says more).
    Every filter is a clause of the one statement, so a page costs one index walk whatever the filters."""
    where = where or MemoryListFilter()
    params: dict[str, Any] = {"uid": user_id, "limit": limit + 1} | asdict(where)
    clauses = [sql.SQL("user_id = %(uid)s"), sql.SQL("status = %(status)s")]
    clauses += [sql.SQL(clause) for field, clause in _LIST_CLAUSES if params[field] is not None]
    if where.status == "active" and not where.include_historical:
        clauses.append(sql.SQL("NOT is_historical"))
    if where.text:
        clauses.append(sql.SQL("(content ILIKE %(q)s OR name ILIKE %(q)s)"))
        params["q"] = "%" + where.text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    if after:
        clauses.append(sql.SQL("(created_at, id) < (%(after_ts)s, %(after_id)s)"))
        params["after_ts"], params["after_id"] = after
    query = sql.SQL(
        "SELECT "
        + MEMORY_COLUMNS
        + " FROM memories WHERE {where} ORDER BY created_at DESC, id DESC LIMIT %(limit)s"
    ).format(where=sql.SQL(" AND ").join(clauses))
    return conn.execute(query, params).fetchall()


# --- user-facing reads (GET /v1/memories/{id}/related, DELETE, feedback) ------------------------------


def list_shared_entity_memories(
    conn: Conn, user_id: str, memory_id: UUID, *, limit: int = 50, ceiling: int = 2
) -> list[dict[str, Any]]:
    """The user's other active memories (those the ceiling shows) linked to an entity this memory is
    linked to.

    One row per memory, those sharing the most entities first (then newest); `entity_name` is the
    alphabetically first shared entity, so the answer is stable.
    """
    return conn.execute(
        f"""
        SELECT m.id, m.content, m.memory_type, m.status,
               min(e.name) AS entity_name, count(*) AS shared
        FROM memory_entities mine
        JOIN memory_entities theirs
          ON theirs.entity_id = mine.entity_id AND theirs.memory_id <> mine.memory_id
        JOIN memories m ON m.id = theirs.memory_id
        JOIN entities e ON e.id = mine.entity_id
        WHERE mine.memory_id = %(id)s AND mine.user_id = %(uid)s AND theirs.user_id = %(uid)s
          AND m.user_id = %(uid)s AND e.user_id = %(uid)s AND m.status = 'active'
          AND {memory_visible("m")}
        GROUP BY m.id
        ORDER BY shared DESC, m.created_at DESC, m.id
        LIMIT %(limit)s
        """,
        {"id": memory_id, "uid": user_id, "limit": limit, "ceiling": ceiling},
    ).fetchall()


def list_linked_entity_ids(conn: Conn, user_id: str, memory_id: UUID) -> list[UUID]:
    """Entities the memory is linked to (their counters change when the memory is removed)."""
    rows = conn.execute(
        "SELECT entity_id FROM memory_entities WHERE memory_id = %s AND user_id = %s", (memory_id, user_id)
    ).fetchall()
    return [row["entity_id"] for row in rows]


def owned_memory_ids(conn: Conn, user_id: str, memory_ids: Sequence[UUID]) -> list[UUID]:
    """The subset of `memory_ids` that are the user's memories, in the order given, without repeats."""
    if not memory_ids:
        return []
    rows = conn.execute(
        "SELECT id FROM memories WHERE user_id = %s AND id = ANY(%s)", (user_id, list(memory_ids))
    ).fetchall()
    owned = {row["id"] for row in rows}
    return list(dict.fromkeys(m for m in memory_ids if m in owned))
