"""The reads and writes of a forget: finding a topic's memories, and every stored string that may still
carry forgotten text (see engram/pipeline/forgetting.py for the rules).

`SCRUBBED` lists each free-text column of the user's tables with how it is rewritten; `NOT_FREE_TEXT`
lists the textual columns that hold ids, enums, settings or derived indexes instead. A test compares
the two with the catalog, so a column added later must be classified before the suite passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from psycopg import sql
from psycopg.types.json import Jsonb

from engram.db.connection import Conn, execute_counting


@dataclass(frozen=True)
class Target:
    """One table's free text. `required`: NOT NULL text whose emptied value deletes the row; `tie`: SQL
    (over %(mids)s memory ids, %(sids)s source ids, %(convs)s conversation ids) true for rows that
    belong to what is forgotten."""

    table: str
    keys: tuple[str, ...]
    texts: tuple[str, ...] = ()
    jsons: tuple[str, ...] = ()
    arrays: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    tie: str = "false"
    own: str = "false"

    @property
    def columns(self) -> tuple[str, ...]:
        return self.texts + self.jsons + self.arrays


SCRUBBED: tuple[Target, ...] = (
    Target(
        "sources", ("id",), ("content", "summary", "last_error"), ("raw_content", "response", "provenance"),
        ("keywords", "tags"), tie="id = ANY(%(sids)s::uuid[])", own="id = %(own)s::uuid",
    ),
    Target(
        "memories", ("id",), ("evidence", "outcome"), ("metadata", "provenance", "recurrence"),
        tie="id = ANY(%(mids)s::uuid[]) OR source_id = ANY(%(sids)s::uuid[])",
    ),
    Target("memory_versions", ("id",), ("content",), ("snapshot",), tie="memory_id = ANY(%(mids)s::uuid[])"),
    Target("memory_relations", ("id",), ("evidence",)),
    Target(
        "memory_operations", ("id",), ("reasoning", "old_content", "new_content"),
        ("candidate_fact", "similar_memories", "deleted_snapshot"),
        tie="memory_id = ANY(%(mids)s::uuid[]) OR affected_memory_ids && %(mids)s::uuid[]"
        " OR source_id = ANY(%(sids)s::uuid[])",
    ),
    Target(
        "memory_jobs", ("id",), ("last_error",), ("payload", "result", "effects"),
        tie="source_id = ANY(%(sids)s::uuid[])", own="source_id = %(own)s::uuid",
    ),
    Target(
        "conversation_state", ("user_id", "conversation_id"), ("rolling_summary",), ("recent_messages",),
        tie="conversation_id = ANY(%(convs)s::text[])",
    ),
    Target(
        "profiles", ("id",), ("value",), required=("value",), tie="source_memory_ids && %(mids)s::uuid[]"
    ),
    Target(
        "entity_notes", ("id",), ("content",), required=("content",), tie="source_id = ANY(%(sids)s::uuid[])"
    ),
    Target("entities", ("id",), ("description", "relationship"), ("metadata",), ("aliases",)),
    Target("relationships", ("id",), ("description",), ("metadata",)),
    Target(
        "sentiment_history", ("id",), ("context",),
        tie="memory_id = ANY(%(mids)s::uuid[]) OR source_id = ANY(%(sids)s::uuid[])",
    ),
    Target(
        "feedback", ("id",), ("query", "correction", "comment", "new_content"),
        tie="memory_id = ANY(%(mids)s::uuid[]) OR memory_ids && %(mids)s::uuid[]",
    ),
    Target("storylines", ("id",), ("name", "description"), required=("name",)),
    Target("macros", ("id",), ("name", "description"), required=("name",)),
    Target("artifacts", ("id",), ("title", "content"), tie="source_id = ANY(%(sids)s::uuid[])"),
)  # fmt: skip

# Textual columns that are not free text: ids, enums, names the graph resolves by (an entity named only
# by forgotten memories is deleted instead), the user's settings, and the trigger-kept search indexes
# (`memory_names`, `memory_terms`: a forgotten memory's words leave them when the memory row goes), and
# what the memory's text stands for (`tsv`, `concepts`: derived from the text in the statement that
# rewrites it).
NOT_FREE_TEXT = frozenset(
    """
    users.id users.display_name users.embedding_provider users.embedding_model
    teams.name teams.created_by teams.settings team_members.user_id
    team_members.role
    sources.user_id sources.participants sources.source_type sources.context_type sources.external_id
    sources.conversation_id sources.processing_status sources.idempotency_key sources.embedding_model
    sources.state sources.sensitivity sources.ttl_policy
    memories.user_id memories.content memories.name memories.memory_type memories.layer memories.category
    memories.entity_type memories.relationship memories.source_type memories.importance
    memories.sensitivity_level memories.status memories.state memories.ttl_policy memories.content_hash
    memories.container_tag memories.session_id memories.embedding_model memories.tsv memories.concepts
    memory_versions.user_id memory_versions.operation memory_versions.strategy memory_versions.changed_by
    memory_relations.user_id memory_relations.relation_type
    memory_operations.user_id memory_operations.operation memory_operations.model
    memory_operations.merge_strategy
    memory_jobs.user_id memory_jobs.job_type memory_jobs.status
    memory_preferences.user_id memory_preferences.custom_instructions memory_preferences.enabled_categories
    memory_preferences.auto_mark_sensitive memory_preferences.never_store
    memory_preferences.default_sensitivity_level
    conversation_state.user_id conversation_state.conversation_id conversation_state.last_processed_message_id
    entities.user_id entities.created_by entities.kind entities.entity_type entities.name
    entities.canonical_name entities.state entities.ttl_policy entities.embedding_model
    relationships.user_id relationships.kind relationships.relationship_type relationships.recorded_by
    relationships.state relationships.relation_embedding_model
    entity_notes.user_id entity_notes.added_by entity_notes.lifetime
    memory_entities.user_id memory_entities.mention_type source_mentions.user_id
    memory_edge_claims.user_id memory_edge_claims.kind memory_edge_claims.relationship_type
    sentiment_history.user_id
    profiles.user_id profiles.category profiles.key profiles.sensitivity_level
    feedback.user_id feedback.kind feedback.action
    storylines.user_id storylines.embedding_model storylines.state storylines.ttl_policy
    storyline_sources.user_id macros.user_id macros.embedding_model macros.state macros.ttl_policy
    macro_storylines.user_id artifacts.user_id artifacts.artifact_type artifacts.sensitivity
    artifacts.ttl_policy memory_names.user_id memory_names.name memory_terms.user_id memory_terms.lexeme
    request_counts.caller request_counts.route_class model_token_usage.user_id
    reembed_vectors.user_id reembed_vectors.kind reembed_vectors.model
    user_vector_indexes.user_id user_vector_indexes.index_name user_vector_indexes.embedding_model
    user_vector_indexes.state
    schema_migrations.version schema_migrations.name schema_migrations.checksum
    """.split()  # noqa: SIM905 - a column list reads better as prose
)


def rows_to_scrub(
    conn: Conn, user_id: str, target: Target, likes: Sequence[str], ties: dict[str, Any]
) -> list[dict[str, Any]]:
    """The user's rows of `target` with a column matching one of `likes`, each with `_tied` (it belongs to
    what is forgotten) and `_own` (it is the forget request's own source or job)."""
    if not likes:
        return []
    matches = sql.SQL(" OR ").join(
        sql.SQL("{}::text ILIKE ANY(%(likes)s)").format(sql.Identifier(c)) for c in target.columns
    )
    query = sql.SQL(
        "SELECT {cols}, coalesce({tie}, false) AS _tied, coalesce({own}, false) AS _own FROM {table} "
        "WHERE user_id = %(uid)s AND ({m})"
    ).format(
        cols=sql.SQL(", ").join(sql.Identifier(c) for c in (*target.keys, *target.columns)),
        tie=sql.SQL(target.tie),  # type: ignore[arg-type]  # a constant of this module
        own=sql.SQL(target.own),  # type: ignore[arg-type]
        table=sql.Identifier(target.table),
        m=matches,
    )
    return conn.execute(query, {"uid": user_id, "likes": list(likes), **ties}).fetchall()


def _where_keys(target: Target, row: dict[str, Any]) -> tuple[sql.Composable, dict[str, Any]]:
    clause = sql.SQL(" AND ").join(
        sql.SQL("{} = %(k_{})s").format(sql.Identifier(k), sql.SQL(k)) for k in target.keys
    )
    return clause, {f"k_{k}": row[k] for k in target.keys}


def update_row(
    conn: Conn, user_id: str, target: Target, row: dict[str, Any], changes: dict[str, Any]
) -> None:
    where, params = _where_keys(target, row)
    values = {c: Jsonb(v) if c in target.jsons and v is not None else v for c, v in changes.items()}
    query = sql.SQL("UPDATE {table} SET {sets} WHERE user_id = %(uid)s AND {where}").format(
        table=sql.Identifier(target.table),
        sets=sql.SQL(", ").join(
            sql.SQL("{} = %(v_{})s").format(sql.Identifier(c), sql.SQL(c)) for c in values
        ),
        where=where,
    )
    conn.execute(query, {"uid": user_id, **params, **{f"v_{c}": v for c, v in values.items()}})


def delete_row(conn: Conn, user_id: str, target: Target, row: dict[str, Any]) -> None:
    where, params = _where_keys(target, row)
    query = sql.SQL("DELETE FROM {table} WHERE user_id = %(uid)s AND {where}").format(
        table=sql.Identifier(target.table), where=where
    )
    conn.execute(query, {"uid": user_id, **params})


# --- what a forget is about -------------------------------------------------------------------------------


def memories_by_ids(conn: Conn, user_id: str, ids: Sequence[UUID]) -> list[dict[str, Any]]:
    return conn.execute(
        """SELECT id, content, name, evidence, source_id, provenance, metadata
           FROM memories WHERE user_id = %s AND id = ANY(%s)""",
        (user_id, list(ids)),
    ).fetchall()


def version_contents(conn: Conn, user_id: str, ids: Sequence[UUID]) -> list[str]:
    rows = conn.execute(
        "SELECT DISTINCT content FROM memory_versions WHERE user_id = %s AND memory_id = ANY(%s)",
        (user_id, list(ids)),
    ).fetchall()
    return [r["content"] for r in rows]


def memories_matching(conn: Conn, user_id: str, likes: Sequence[str]) -> list[dict[str, Any]]:
    """Memories of any status whose content, name or metadata matches one of `likes` (a prefilter)."""
    return conn.execute(
        """SELECT id, content, name, evidence, source_id, provenance, metadata FROM memories
           WHERE user_id = %(uid)s
             AND (content ILIKE ANY(%(likes)s) OR name ILIKE ANY(%(likes)s)
                  OR metadata::text ILIKE ANY(%(likes)s))""",
        {"uid": user_id, "likes": list(likes)},
    ).fetchall()


def topic_entities(
    conn: Conn, user_id: str, names: Sequence[str], relations: Sequence[str]
) -> list[dict[str, Any]]:
    """Entities named like the topic (name, canonical name or alias) or tied to the user by its relation."""
    return conn.execute(
        """SELECT id, name, aliases FROM entities
           WHERE user_id = %(uid)s AND NOT is_owner
             AND (lower(name) = ANY(%(names)s) OR canonical_name = ANY(%(names)s)
                  OR EXISTS (SELECT 1 FROM unnest(aliases) a WHERE lower(a) = ANY(%(names)s))
                  OR lower(relationship) = ANY(%(relations)s))""",
        {"uid": user_id, "names": [n.lower() for n in names], "relations": [r.lower() for r in relations]},
    ).fetchall()


def memories_linked_to(conn: Conn, user_id: str, entity_ids: Sequence[UUID]) -> list[dict[str, Any]]:
    return conn.execute(
        """SELECT m.id, m.content, m.name, m.evidence, m.source_id, m.provenance, m.metadata
           FROM memories m JOIN memory_entities me ON me.memory_id = m.id AND me.user_id = m.user_id
           WHERE m.user_id = %s AND me.entity_id = ANY(%s)""",
        (user_id, list(entity_ids)),
    ).fetchall()


def memories_of_sources(conn: Conn, user_id: str, source_ids: Sequence[UUID]) -> list[dict[str, Any]]:
    """Memories a source produced or contributed to (its id in `source_id` or in the provenance)."""
    return conn.execute(
        """SELECT id, content, name, evidence, source_id, provenance, metadata FROM memories
           WHERE user_id = %(uid)s
             AND (source_id = ANY(%(sids)s) OR EXISTS (
                  SELECT 1 FROM jsonb_array_elements(provenance) p
                  WHERE p->>'source_id' = ANY(%(sids)s::text[])))""",
        {"uid": user_id, "sids": list(source_ids)},
    ).fetchall()


def sources_by_ids(conn: Conn, user_id: str, ids: Sequence[UUID]) -> list[dict[str, Any]]:
    return conn.execute(
        """SELECT id, content, conversation_id, created_at FROM sources
           WHERE user_id = %s AND id = ANY(%s) ORDER BY created_at, id""",
        (user_id, list(ids)),
    ).fetchall()


def next_source(conn: Conn, user_id: str, source: dict[str, Any]) -> dict[str, Any] | None:
    """The user's next source of the same conversation (or the next note after a note)."""
    return conn.execute(
        """SELECT id, content, conversation_id, created_at FROM sources
           WHERE user_id = %(uid)s AND conversation_id IS NOT DISTINCT FROM %(conv)s
             AND (created_at, id) > (%(at)s, %(id)s)
           ORDER BY created_at, id LIMIT 1""",
        {"uid": user_id, "conv": source["conversation_id"], "at": source["created_at"], "id": source["id"]},
    ).fetchone()


def sentence_siblings(conn: Conn, user_id: str, memory: dict[str, Any], words: Sequence[str]) -> list[UUID]:
    """The other memories read from the same sentence of the same source as `memory` (the same
    evidence) that say one of `words`: side facts of a detail ("Dr. Lee is my therapist")."""
    if memory["source_id"] is None or not memory["evidence"] or not words:
        return []
    rows = conn.execute(
        """SELECT m.id FROM memories m
           WHERE m.user_id = %(uid)s AND m.source_id = %(sid)s AND m.evidence = %(evidence)s
             AND m.id <> %(mid)s
             AND EXISTS (SELECT 1 FROM unnest(%(words)s::text[]) w
                         WHERE m.content ~* ('\\m' || w || '\\M') OR m.name ~* ('\\m' || w || '\\M'))""",
        {
            "uid": user_id,
            "sid": memory["source_id"],
            "evidence": memory["evidence"],
            "mid": memory["id"],
            "words": list(words),
        },
    ).fetchall()
    return [r["id"] for r in rows]


def words_in_kept_memories(
    conn: Conn, user_id: str, words: Sequence[str], forgotten: Sequence[UUID]
) -> set[str]:
    """Which of `words` another memory of the user (any status) still says: those stay."""
    rows = conn.execute(
        """SELECT w FROM unnest(%(words)s::text[]) w
           WHERE EXISTS (SELECT 1 FROM memories m
                         WHERE m.user_id = %(uid)s AND NOT (m.id = ANY(%(ids)s))
                           AND (m.content ~* ('\\m' || w || '\\M') OR m.name ~* ('\\m' || w || '\\M')))""",
        {"uid": user_id, "words": list(words), "ids": list(forgotten)},
    ).fetchall()
    return {r["w"] for r in rows}


def linked_entity_ids(conn: Conn, user_id: str, memory_ids: Sequence[UUID]) -> list[UUID]:
    rows = conn.execute(
        "SELECT DISTINCT entity_id FROM memory_entities WHERE user_id = %s AND memory_id = ANY(%s)",
        (user_id, list(memory_ids)),
    ).fetchall()
    return [r["entity_id"] for r in rows]


def unlink_named_entities(conn: Conn, user_id: str, memory_id: UUID, names_pattern: str) -> None:
    """The memory no longer names these entities (an edit took their names out)."""
    conn.execute(
        """DELETE FROM memory_entities me USING entities e
           WHERE me.user_id = %(uid)s AND me.memory_id = %(mid)s AND e.id = me.entity_id
             AND e.name ~* %(pattern)s""",
        {"uid": user_id, "mid": memory_id, "pattern": names_pattern},
    )


def entities_going(
    conn: Conn, user_id: str, candidates: Sequence[UUID], forgotten: Sequence[UUID], names_pattern: str | None
) -> list[dict[str, Any]]:
    """The entities a forget takes with it: those of `candidates` whose every memory link is to a
    `forgotten` memory (known only from them), and any whose name carries a forgotten word
    (`names_pattern`, a POSIX regex); never the user's own node."""
    return conn.execute(
        """SELECT e.id, e.name, e.aliases FROM entities e
           WHERE e.user_id = %(uid)s AND NOT e.is_owner
             AND ((e.id = ANY(%(ids)s) AND NOT EXISTS (
                       SELECT 1 FROM memory_entities me
                       WHERE me.entity_id = e.id AND me.user_id = e.user_id
                         AND NOT (me.memory_id = ANY(%(forgotten)s))))
                  OR (%(pattern)s::text IS NOT NULL AND e.name ~* %(pattern)s))""",
        {"uid": user_id, "ids": list(candidates), "forgotten": list(forgotten), "pattern": names_pattern},
    ).fetchall()


def delete_entities(conn: Conn, user_id: str, entity_ids: Sequence[UUID]) -> int:
    """Their edges, notes, mentions, sentiment and storylines go by cascade."""
    return execute_counting(
        conn,
        "DELETE FROM entities WHERE user_id = %s AND id = ANY(%s) AND NOT is_owner",
        (user_id, list(entity_ids)),
    )


def delete_profile_rows(conn: Conn, user_id: str, memory_ids: Sequence[UUID]) -> int:
    """Profile rows (current and history) read from a forgotten memory: the next read rebuilds the rest."""
    return execute_counting(
        conn,
        "DELETE FROM profiles WHERE user_id = %s AND source_memory_ids && %s::uuid[]",
        (user_id, list(memory_ids)),
    )


def delete_source(conn: Conn, user_id: str, source_id: UUID) -> None:
    conn.execute("DELETE FROM sources WHERE user_id = %s AND id = %s", (user_id, source_id))
