"""memory_operations: the audit trail of every decision (ADD/UPDATE/DELETE/NOOP/REINFORCE/CONSOLIDATE).

Rows outlive the memories they describe; for hard deletes they keep only ids (the caller passes a
snapshot of ids, never content).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from psycopg import sql
from psycopg.types.json import Jsonb

from engram.db.connection import Conn, execute_counting

_JSON = frozenset({"candidate_fact", "similar_memories", "deleted_snapshot"})
_COLUMNS = frozenset(
    {
        "operation", "memory_id", "candidate_fact", "similar_memories", "reasoning", "model", "input_tokens",
        "output_tokens", "merge_strategy", "old_content", "new_content", "old_version", "new_version",
        "hard_delete", "deleted_snapshot", "affected_memory_ids", "kept_memory_id", "job_id", "source_id",
        "latency_ms",
    }
)  # fmt: skip


def insert_operation(conn: Conn, user_id: str, **fields: Any) -> None:
    """The audit row of one operation. Nothing is read back: in pipeline mode (the write path's) the
    insert then travels with the next statement instead of costing a round trip of its own."""
    unknown = set(fields) - _COLUMNS
    if unknown:
        raise ValueError(f"unknown audit columns: {sorted(unknown)}")
    names = list(fields)
    query = sql.SQL("INSERT INTO memory_operations (user_id, {cols}) VALUES (%s, {vals})").format(
        cols=sql.SQL(", ").join(sql.Identifier(n) for n in names),
        vals=sql.SQL(", ").join(sql.Placeholder() for _ in names),
    )
    values = [Jsonb(fields[n]) if n in _JSON and fields[n] is not None else fields[n] for n in names]
    conn.execute(query, (user_id, *values))


def list_operations(
    conn: Conn, user_id: str, *, source_id: UUID | None = None, limit: int = 100
) -> list[dict]:
    if source_id is not None:
        return conn.execute(
            "SELECT * FROM memory_operations WHERE user_id = %s AND source_id = %s "
            "ORDER BY created_at LIMIT %s",
            (user_id, source_id, limit),
        ).fetchall()
    return conn.execute(
        "SELECT * FROM memory_operations WHERE user_id = %s ORDER BY created_at DESC LIMIT %s",
        (user_id, limit),
    ).fetchall()


def scrub_audit_for_memory(conn: Conn, user_id: str, memory_id: UUID) -> int:
    """After a hard delete, audit rows keep only ids of the memory, never its content.

    "Forget that" means forget: the ADD/UPDATE rows that once recorded the text are emptied of it,
    other decisions that were shown it as a similar memory keep only its id, and feedback that
    quoted it loses the quote.
    """
    scrubbed = execute_counting(
        conn,
        """
        UPDATE memory_operations SET
            candidate_fact = CASE WHEN candidate_fact IS NULL THEN NULL
                                  ELSE jsonb_build_object('memory_type', candidate_fact->'memory_type') END,
            similar_memories = coalesce((SELECT jsonb_agg(jsonb_build_object('id', s->'id'))
                                         FROM jsonb_array_elements(similar_memories) s), '[]'::jsonb),
            reasoning = NULL, old_content = NULL, new_content = NULL
        WHERE user_id = %(uid)s AND (memory_id = %(id)s OR %(id)s = ANY(affected_memory_ids))
        """,
        {"uid": user_id, "id": memory_id},
    )
    conn.execute(
        """
        UPDATE memory_operations SET similar_memories = (
            SELECT jsonb_agg(
                CASE WHEN s->>'id' = %(id)s::text THEN jsonb_build_object('id', s->'id') ELSE s END)
            FROM jsonb_array_elements(similar_memories) s)
        WHERE user_id = %(uid)s
          AND similar_memories @> jsonb_build_array(jsonb_build_object('id', %(id)s::text))
        """,
        {"uid": user_id, "id": memory_id},
    )
    conn.execute(
        """UPDATE feedback SET new_content = NULL, comment = NULL, correction = NULL
           WHERE user_id = %s AND memory_id = %s""",
        (user_id, memory_id),
    )
    return scrubbed
