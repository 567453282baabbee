"""The whole of one user at once: forget (delete everything), export (read everything), bulk import.

Every function runs inside the caller's `user_transaction(user_id)`, filters by the user itself, and
works a table at a time (one statement per table, never per row); row-level security is the second
line of defence.

`FORGET_ORDER` is the explicit list of user-data tables, children before parents, so each table's
count is its own rows rather than rows a cascade took with it. A test compares it with the catalog,
and `forget_user` also sweeps any table the catalog shows with a `user_id` column that the list
does not name (a table added by a later migration is forgotten too, just counted under its name).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from psycopg import sql
from psycopg.types.json import Jsonb

from engram.db.connection import Conn, execute_counting
from engram.db.repositories.memories import with_concepts
from engram.db.repositories.teams import leave_every_team
from engram.db.repositories.timeline import derived_timeline

# (table, the column holding the user id), children first. `users` itself is deleted last, separately.
FORGET_ORDER: tuple[tuple[str, str], ...] = (
    ("feedback", "user_id"),
    ("reembed_vectors", "user_id"),
    ("macro_storylines", "user_id"),
    ("storyline_sources", "user_id"),
    ("macros", "user_id"),
    ("storylines", "user_id"),
    ("artifacts", "user_id"),
    ("sentiment_history", "user_id"),
    ("source_mentions", "user_id"),
    ("memory_edge_claims", "user_id"),
    ("memory_entities", "user_id"),
    ("entity_notes", "user_id"),
    ("relationships", "user_id"),
    ("memory_relations", "user_id"),
    ("memory_versions", "user_id"),
    ("memory_operations", "user_id"),
    ("memory_jobs", "user_id"),
    ("model_token_usage", "user_id"),
    ("user_vector_indexes", "user_id"),
    ("profiles", "user_id"),
    ("conversation_state", "user_id"),
    ("memory_preferences", "user_id"),
    ("memory_names", "user_id"),
    ("memory_terms", "user_id"),
    ("memories", "user_id"),
    ("entities", "user_id"),
    # Every source the user owns, team-shared ones included: a team keeps what its other members
    # wrote, not what the forgotten user wrote.
    ("sources", "user_id"),
    # Emptied by `leave_every_team` first (ownership handed over, teams left with no one deleted); a
    # team the user created but no longer belongs to stays, its `created_by` cleared by the schema.
    ("team_members", "user_id"),
)


def user_data_tables(conn: Conn) -> list[str]:
    """Tables of the public schema with a `user_id` column, from the catalog (what must be emptied)."""
    rows = conn.execute(
        """
        SELECT c.relname AS name
        FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attname = 'user_id'
          AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname
        """
    ).fetchall()
    return [r["name"] for r in rows]


def forget_user(conn: Conn, user_id: str) -> dict[str, int]:
    """Delete every row of the user in every table; rows deleted per table, `users` last.

    The transaction helper inserts the `users` row on first sight, so a second forget finds a row this
    very transaction created; it is deleted but not counted (`xmin` is the current transaction), which
    keeps a repeated forget at all zeros.
    """
    counts = leave_every_team(conn, user_id)  # while the user still holds their roles
    for table, column in FORGET_ORDER:
        counts[table] = counts.get(table, 0) + _delete_where(conn, table, column, user_id)
    for table in user_data_tables(conn):
        if table not in counts:
            counts[table] = _delete_where(conn, table, "user_id", user_id)
    row = conn.execute(
        "DELETE FROM users WHERE id = %s RETURNING xmin = pg_current_xact_id()::xid AS created_now",
        (user_id,),
    ).fetchone()
    counts["users"] = 1 if row is not None and not row["created_now"] else 0
    return counts


def _delete_where(conn: Conn, table: str, column: str, user_id: str) -> int:
    query = sql.SQL("DELETE FROM {} WHERE {} = %s").format(sql.Identifier(table), sql.Identifier(column))
    return execute_counting(conn, query, (user_id,))


# --- export ---------------------------------------------------------------------------------------------

# Never exported: vectors (6 KB each, derived from the content and recomputed on import) and their compact
# copies, the generated full-text vector, and a source's cached API response (a copy of what analyze
# answered).
_NO_EXPORT = [
    "user_id",
    "embedding",
    "embedding_bits",
    "relation_embedding",
    "tsv",
    "concepts",
    "response",
    "description_stale",
]

# section -> (FROM clause with alias t, extra keys as jsonb_build_object arguments, ORDER BY);
# each reads one table of the user.
_SECTIONS: dict[str, tuple[str, str, str]] = {
    "memories": (
        "memories t",
        """'history', (SELECT coalesce(jsonb_agg(to_jsonb(v) - 'user_id' ORDER BY v.version, v.created_at),
                                   '[]'::jsonb)
                        FROM memory_versions v WHERE v.memory_id = t.id AND v.user_id = t.user_id),
           'entity_ids', (SELECT coalesce(jsonb_agg(me.entity_id ORDER BY me.entity_id), '[]'::jsonb)
                          FROM memory_entities me WHERE me.memory_id = t.id AND me.user_id = t.user_id),
           'edge_claims', (SELECT coalesce(jsonb_agg(to_jsonb(c) - 'user_id' - 'memory_id' ORDER BY c.id),
                                           '[]'::jsonb)
                           FROM memory_edge_claims c WHERE c.memory_id = t.id AND c.user_id = t.user_id)""",
        "t.created_at, t.id",
    ),
    "memory_relations": ("memory_relations t", "", "t.created_at, t.id"),
    "entities": ("entities t", "", "t.created_at, t.id"),
    "relationships": ("relationships t", "", "t.created_at, t.id"),
    "notes": ("entity_notes t", "", "t.date_added, t.id"),
    "sentiment_history": ("sentiment_history t", "", "t.created_at, t.id"),
    # A note's raw_content repeats its content; a conversation's keeps what content does not (each
    # message's role, speaker, time and client id), so only conversations carry it.
    "sources": (
        "sources t",
        """'raw_content', CASE WHEN t.raw_content->>'kind' = 'conversation' THEN t.raw_content END,
           'entity_ids', (SELECT coalesce(jsonb_agg(sm.entity_id ORDER BY sm.entity_id), '[]'::jsonb)
                          FROM source_mentions sm WHERE sm.source_id = t.id AND sm.user_id = t.user_id)""",
        "t.created_at, t.id",
    ),
    "conversation_state": ("conversation_state t", "", "t.conversation_id"),
    "preferences": ("memory_preferences t", "", "t.user_id"),
    "profile": ("profiles t", "", "t.category, t.key, t.valid_from"),
    "feedback": ("feedback t", "", "t.created_at, t.id"),
    "operations": ("memory_operations t", "", "t.created_at, t.id"),
    "jobs": ("memory_jobs t", "", "t.created_at, t.id"),
    "storylines": (
        "storylines t",
        """'source_ids', (SELECT coalesce(jsonb_agg(ss.source_id ORDER BY ss.source_id), '[]'::jsonb)
                          FROM storyline_sources ss
                          WHERE ss.storyline_id = t.id AND ss.user_id = t.user_id)""",
        "t.created_at, t.id",
    ),
    "macros": (
        "macros t",
        """'storyline_ids', (SELECT coalesce(jsonb_agg(ms.storyline_id ORDER BY ms.storyline_id), '[]'::jsonb)
                             FROM macro_storylines ms WHERE ms.macro_id = t.id AND ms.user_id = t.user_id)""",
        "t.created_at, t.id",
    ),
    "artifacts": ("artifacts t", "", "t.created_at, t.id"),
    "team_memberships": ("team_members t", "", "t.joined_at"),
}

# Tables whose rows are exported inside another section's rows rather than as a section of their own.
EXPORTED_WITHIN = {
    "memory_versions": "memories.history",
    "memory_entities": "memories.entity_ids",
    "memory_edge_claims": "memories.edge_claims",
    "source_mentions": "sources.entity_ids",
    "storyline_sources": "storylines.source_ids",
    "macro_storylines": "macros.storyline_ids",
}
EXPORTED_TABLES = frozenset(clause.split()[0] for clause, _, _ in _SECTIONS.values()) | EXPORTED_WITHIN.keys()


def export_section(conn: Conn, user_id: str, section: str) -> list[dict[str, Any]]:
    """All of the user's rows of one section as JSON objects (timestamps ISO, ids strings)."""
    source, extra, order = _SECTIONS[section]
    added = f" || jsonb_build_object({extra})" if extra else ""
    rows = conn.execute(
        f"""SELECT (to_jsonb(t) - %(drop)s::text[]){added} AS row
            FROM {source} WHERE t.user_id = %(uid)s ORDER BY {order}""",
        {"uid": user_id, "drop": _NO_EXPORT},
    ).fetchall()
    return [r["row"] for r in rows]


def export_sections(conn: Conn, user_id: str) -> dict[str, list[dict[str, Any]]]:
    """Every section; `timeline_events` is the timeline derived from the memories (there is no table)."""
    sections = {section: export_section(conn, user_id, section) for section in _SECTIONS}
    return sections | {"timeline_events": derived_timeline(conn, user_id)}


def export_user_row(conn: Conn, user_id: str) -> dict[str, Any] | None:
    # the stale mark is bookkeeping of the export itself (it rebuilt the profile), not user data
    row = conn.execute(
        "SELECT to_jsonb(u) - 'profile_stale' AS row FROM users u WHERE u.id = %s", (user_id,)
    ).fetchone()
    return row["row"] if row else None


def export_created_teams(conn: Conn, user_id: str) -> list[dict[str, Any]]:
    """The teams the user owns now (role `owner`), whoever created them: a team is its owners' to take
    a copy of. A team the user created but has left, or handed over, is not theirs any more (and
    row-level security no longer shows it to them); every membership is in `team_memberships`."""
    rows = conn.execute(
        """SELECT to_jsonb(t) AS row FROM teams t
           JOIN team_members m ON m.team_id = t.id AND m.user_id = %s AND m.role = 'owner'
           ORDER BY t.created_at, t.id""",
        (user_id,),
    ).fetchall()
    return [r["row"] for r in rows]


# --- import ---------------------------------------------------------------------------------------------

# The memory columns an import writes, in this order (ids are made by the caller, root_id = id).
IMPORT_COLUMNS: tuple[str, ...] = (
    "id", "root_id", "content", "name", "memory_type", "layer", "category", "entity_type", "relationship",
    "confidence", "source_type", "evidence", "importance", "importance_score", "sentiment", "is_historical",
    "effective_from", "expires_at", "recurrence", "document_date", "event_date", "valid_from", "valid_to",
    "sensitivity_level", "status", "state", "ttl_policy", "salience", "mention_count", "outcome",
    "outcome_sentiment", "outcome_recorded_at", "last_reinforced_at", "content_hash", "metadata",
    "embedding", "embedding_model", "created_at", "concepts",
)  # fmt: skip
_IMPORT_JSON = frozenset({"recurrence", "metadata"})


def lock_user_imports(conn: Conn, user_id: str) -> None:
    """Serialise one user's imports (until commit), so two concurrent runs of one file cannot both
    find a fact missing and both insert it."""
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('engram.import:' || %s, 0))", (user_id,))


def existing_hashes(conn: Conn, user_id: str, hashes: Sequence[str]) -> set[str]:
    """Which of these content hashes the user already holds, in any status (an archived or superseded
    memory was imported once; importing it again must not bring it back as a second row)."""
    if not hashes:
        return set()
    rows = conn.execute(
        "SELECT DISTINCT content_hash FROM memories WHERE user_id = %s AND content_hash = ANY(%s)",
        (user_id, list(set(hashes))),
    ).fetchall()
    return {r["content_hash"] for r in rows}


def entities_with_entity_memory(conn: Conn, user_id: str, entity_ids: Sequence[UUID]) -> set[UUID]:
    """Nodes that already have an active entity memory linked to them (the person is known)."""
    if not entity_ids:
        return set()
    rows = conn.execute(
        """SELECT DISTINCT me.entity_id FROM memory_entities me
           JOIN memories m ON m.id = me.memory_id AND m.user_id = me.user_id
           WHERE me.user_id = %s AND me.entity_id = ANY(%s)
             AND m.memory_type = 'entity' AND m.status = 'active'""",
        (user_id, list(set(entity_ids))),
    ).fetchall()
    return {r["entity_id"] for r in rows}


def insert_imported_memories(conn: Conn, user_id: str, rows: Sequence[dict[str, Any]]) -> None:
    """Insert memories (one batched statement per call through the pipeline), with an ADD version row
    and an ADD audit row each, written by two set statements."""
    if not rows:
        return
    query = sql.SQL("INSERT INTO memories (user_id, {cols}) VALUES (%s, {vals})").format(
        cols=sql.SQL(", ").join(sql.Identifier(c) for c in IMPORT_COLUMNS),
        vals=sql.SQL(", ").join(sql.Placeholder() for _ in IMPORT_COLUMNS),
    )
    with conn.cursor() as cur:
        cur.executemany(
            query,
            [(user_id, *(_adapt(c, row.get(c)) for c in IMPORT_COLUMNS)) for row in map(with_concepts, rows)],
        )
    ids = [row["id"] for row in rows]
    conn.execute(
        """
        INSERT INTO memory_versions (user_id, memory_id, version, content, snapshot, operation, changed_by)
        SELECT m.user_id, m.id, m.version, m.content,
               jsonb_build_object('memory_type', m.memory_type, 'name', m.name, 'confidence', m.confidence,
                                  'importance', m.importance, 'sensitivity_level', m.sensitivity_level,
                                  'is_historical', m.is_historical, 'status', m.status),
               'ADD', 'import'
        FROM memories m WHERE m.user_id = %s AND m.id = ANY(%s)
        """,
        (user_id, ids),
    )
    # The audit keeps content only for normal memories, as the write path does for sensitive ones.
    conn.execute(
        """
        INSERT INTO memory_operations (user_id, operation, memory_id, candidate_fact, reasoning, model,
                                       new_content, new_version, created_at)
        SELECT m.user_id, 'ADD', m.id, jsonb_build_object('imported', true, 'memory_type', m.memory_type),
               'imported', 'import', CASE WHEN m.sensitivity_level = 'normal' THEN m.content END, 1, now()
        FROM memories m WHERE m.user_id = %s AND m.id = ANY(%s)
        """,
        (user_id, ids),
    )


def _adapt(column: str, value: Any) -> Any:
    if column in _IMPORT_JSON and value is not None:
        return Jsonb(value)
    if column == "embedding" and value is not None:
        import numpy as np

        return np.asarray(value, dtype=np.float32)
    return value


def link_imported_memories(conn: Conn, user_id: str, links: Sequence[tuple[UUID, UUID]]) -> None:
    """(memory_id, entity_id) links: an entity memory is the subject of its node."""
    if not links:
        return
    conn.execute(
        """INSERT INTO memory_entities (memory_id, entity_id, user_id, mention_type)
           SELECT l.memory_id, l.entity_id, %s, 'subject'
           FROM unnest(%s::uuid[], %s::uuid[]) AS l(memory_id, entity_id)
           ON CONFLICT (memory_id, entity_id) DO NOTHING""",
        (user_id, [m for m, _ in links], [e for _, e in links]),
    )


def apply_legacy_entity_fields(
    conn: Conn,
    user_id: str,
    rows: Sequence[tuple[UUID, datetime | None, datetime | None, bool]],
) -> None:
    """Legacy mention window and the `verified` flag onto the nodes: (entity_id, first_mentioned_at,
    last_mentioned_at, verified). The legacy `context` is in the node's entity memory, which its
    description is written from like any other memory (`engram.graph.descriptions`)."""
    if not rows:
        return
    conn.execute(
        """
        UPDATE entities e SET
            first_mentioned_at = least(e.first_mentioned_at, u.first_at),
            last_mentioned_at = greatest(e.last_mentioned_at, u.last_at),
            metadata = CASE WHEN u.verified THEN e.metadata || '{"verified": true}'::jsonb ELSE e.metadata END
        FROM (
            SELECT DISTINCT ON (id) id, first_at, last_at, verified
            FROM unnest(%s::uuid[], %s::timestamptz[], %s::timestamptz[], %s::boolean[])
                AS x(id, first_at, last_at, verified)
            ORDER BY id, verified DESC
        ) u
        WHERE e.id = u.id AND e.user_id = %s
        """,
        (
            [r[0] for r in rows],
            [r[1] for r in rows],
            [r[2] for r in rows],
            [r[3] for r in rows],
            user_id,
        ),
    )
