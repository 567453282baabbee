"""Relationship edges, bi-temporal: what is true in the world (`valid_from`/`valid_to`) and when Engram
learned it (`recorded_at`). A contradiction never rewrites an edge: it closes the current one and opens
a new one, so "who did Marcus work for in March" still has an answer after he changes jobs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn, execute_counting
from engram.db.repositories.edge_claims import scope_ids, scope_params

RELATIONSHIP_COLUMNS = """
    id, from_entity_id, to_entity_id, kind, relationship_type, description, strength, attitude, proximity,
    confidence, valid_from, valid_to, recorded_at, recorded_by, started_at, ended_at, is_active, salience,
    state, co_mention_count, evidence_memory_ids, metadata, created_at, updated_at
"""

# Co-mention reinforcement: each new piece of evidence closes a fifth of the gap to 1.
STRENGTH_STEP = 0.2


def ensure_owner(conn: Conn, user_id: str, *, at: datetime, name: str = "Me") -> UUID:
    """The user's own node (one per user): the anchor of every "my friend", "my sister" edge.

    Its canonical name is not a word a query would contain, so name matching never lands on it."""
    row = conn.execute(
        """
        INSERT INTO entities (user_id, created_by, kind, entity_type, name, canonical_name, is_owner,
                              state, ttl_policy, first_mentioned_at, last_mentioned_at)
        VALUES (%(uid)s, %(uid)s, 'person', 'person', %(name)s, '@owner', true, 'core', 'keep_forever',
                %(at)s, %(at)s)
        ON CONFLICT (user_id) WHERE is_owner DO UPDATE SET last_mentioned_at = entities.last_mentioned_at
        RETURNING id
        """,
        {"uid": user_id, "name": name, "at": at},
    ).fetchone()
    assert row is not None
    return row["id"]


def current_edges_touching(
    conn: Conn, user_id: str, entity_id: UUID, relationship_types: Sequence[str]
) -> list[dict[str, Any]]:
    """The currently valid edges of these types at either end of a node (the ones a change may close:
    partner ties are mutual, so "Dan dating Sarah" is also Sarah's edge)."""
    return conn.execute(
        f"""SELECT {RELATIONSHIP_COLUMNS} FROM relationships
            WHERE user_id = %(uid)s AND (from_entity_id = %(id)s OR to_entity_id = %(id)s)
              AND relationship_type = ANY(%(types)s) AND valid_to IS NULL""",
        {"uid": user_id, "id": entity_id, "types": list(relationship_types)},
    ).fetchall()


def close_edges(conn: Conn, user_id: str, edge_ids: Sequence[UUID], *, at: datetime) -> int:
    """End edges at `at` (never before they began): they stay as history, inactive."""
    if not edge_ids:
        return 0
    return execute_counting(
        conn,
        """UPDATE relationships SET valid_to = greatest(valid_from, %(at)s),
                  ended_at = coalesce(ended_at, greatest(valid_from, %(at)s)), is_active = false
           WHERE user_id = %(uid)s AND id = ANY(%(ids)s) AND valid_to IS NULL""",
        {"uid": user_id, "ids": list(edge_ids), "at": at},
    )


def upsert_edge(
    conn: Conn,
    user_id: str,
    *,
    from_entity_id: UUID,
    to_entity_id: UUID,
    kind: str,
    relationship_type: str,
    valid_from: datetime,
    recorded_at: datetime,
    description: str | None = None,
    attitude: int | None = None,
    proximity: int | None = None,
    confidence: float = 0.8,
    strength: float = 0.5,
    started_at: datetime | None = None,
    evidence_memory_id: UUID | None = None,
    recorded_by: str | None = None,
) -> dict[str, Any]:
    """Open the edge, or reinforce the currently valid one (co-mention: strength grows, evidence
    accumulates, the latest description, attitude and proximity win)."""
    row = conn.execute(
        f"""
        INSERT INTO relationships AS r (
            user_id, from_entity_id, to_entity_id, kind, relationship_type, description, strength,
            attitude, proximity, confidence, valid_from, recorded_at, recorded_by, started_at,
            evidence_memory_ids)
        VALUES (%(uid)s, %(from)s, %(to)s, %(kind)s, %(type)s, %(descr)s, %(strength)s,
                coalesce(%(attitude)s, 3), coalesce(%(proximity)s, 3), %(conf)s, %(valid_from)s,
                %(recorded_at)s, %(by)s, %(started)s,
                CASE WHEN %(evidence)s::uuid IS NULL THEN '{{}}'::uuid[] ELSE ARRAY[%(evidence)s::uuid] END)
        ON CONFLICT (user_id, from_entity_id, to_entity_id, relationship_type) WHERE valid_to IS NULL
        DO UPDATE SET
            strength = least(1.0, r.strength + %(step)s * (1 - r.strength)),
            co_mention_count = r.co_mention_count + 1,
            confidence = greatest(r.confidence, EXCLUDED.confidence),
            description = coalesce(EXCLUDED.description, r.description),
            attitude = coalesce(%(attitude)s, r.attitude),
            proximity = coalesce(%(proximity)s, r.proximity),
            valid_from = least(r.valid_from, EXCLUDED.valid_from),
            started_at = coalesce(r.started_at, EXCLUDED.started_at),
            is_active = true,
            evidence_memory_ids = CASE
                WHEN %(evidence)s::uuid IS NULL OR %(evidence)s::uuid = ANY(r.evidence_memory_ids)
                THEN r.evidence_memory_ids
                -- the latest 50 pieces of evidence are enough to show why the edge exists
                ELSE (r.evidence_memory_ids || %(evidence)s::uuid)
                     [greatest(1, cardinality(r.evidence_memory_ids) - 48):]
            END
        RETURNING {RELATIONSHIP_COLUMNS}, (xmax = 0) AS inserted
        """,
        {
            "uid": user_id,
            "from": from_entity_id,
            "to": to_entity_id,
            "kind": kind,
            "type": relationship_type,
            "descr": description,
            "strength": strength,
            "attitude": attitude,
            "proximity": proximity,
            "conf": confidence,
            "valid_from": valid_from,
            "recorded_at": recorded_at,
            "by": recorded_by,
            "started": started_at,
            "evidence": evidence_memory_id,
            "step": STRENGTH_STEP,
        },
    ).fetchone()
    assert row is not None
    return row


def edges_of_entity(
    conn: Conn, user_id: str, entity_id: UUID, *, as_of: datetime | None = None, include_closed: bool = False
) -> list[dict[str, Any]]:
    """Edges touching a node: currently valid ones, those valid at `as_of`, or the whole history."""
    return conn.execute(
        f"""
        SELECT {RELATIONSHIP_COLUMNS} FROM relationships
        WHERE user_id = %(uid)s AND (from_entity_id = %(id)s OR to_entity_id = %(id)s)
          AND (%(all)s
               OR (%(as_of)s::timestamptz IS NULL AND valid_to IS NULL)
               OR (valid_from <= %(as_of)s::timestamptz
                   AND (valid_to IS NULL OR valid_to > %(as_of)s::timestamptz)))
        ORDER BY valid_from, recorded_at
        """,
        {"uid": user_id, "id": entity_id, "as_of": as_of, "all": include_closed},
    ).fetchall()


def edges_in_scope(
    conn: Conn,
    user_id: str,
    *,
    directed: Collection[tuple[UUID, str]],
    touching: Collection[tuple[UUID, str]],
    pairs: Collection[tuple[UUID, UUID, str]],
) -> list[dict[str, Any]]:
    """The stored edges a derivation scope covers (see `edge_claims`), history included, plus any
    edge a client asserted (a `graph_update` job: no evidence) on the same ends, which a derived edge
    adopts instead of duplicating."""
    return conn.execute(
        f"""
        WITH picked AS ({scope_ids("relationships")})
        SELECT {RELATIONSHIP_COLUMNS} FROM relationships WHERE id IN (SELECT id FROM picked)
        ORDER BY valid_from, id
        """,
        scope_params(user_id, directed, touching, pairs),
    ).fetchall()


def derived_edges(conn: Conn, user_id: str, *, asserted: bool = False) -> list[dict[str, Any]]:
    """Every edge some memory is evidence for (what a rebuild from the memories must reproduce); with
    `asserted`, the edges clients asserted without a memory as well."""
    return conn.execute(
        f"""SELECT {RELATIONSHIP_COLUMNS} FROM relationships
            WHERE user_id = %(uid)s AND (%(all)s OR evidence_memory_ids <> '{{}}') ORDER BY valid_from, id""",
        {"uid": user_id, "all": asserted},
    ).fetchall()


def delete_edges(conn: Conn, user_id: str, edge_ids: Collection[UUID]) -> None:
    if edge_ids:
        conn.execute(
            "DELETE FROM relationships WHERE user_id = %(uid)s AND id = ANY(%(ids)s::uuid[])",
            {"uid": user_id, "ids": list(edge_ids)},
        )


_DERIVED_FIELDS = """kind = %(kind)s, valid_from = %(valid_from)s, valid_to = %(valid_to)s,
    ended_at = %(valid_to)s, is_active = %(valid_to)s::timestamptz IS NULL, started_at = %(started_at)s,
    strength = %(strength)s, co_mention_count = %(evidence_count)s, evidence_memory_ids = %(evidence)s,
    attitude = coalesce(%(attitude)s, 3), proximity = coalesce(%(proximity)s, 3),
    description = %(description)s"""


def update_derived_edge(conn: Conn, user_id: str, edge_id: UUID, fields: dict[str, Any]) -> None:
    """Set what the memories say of an existing edge (its id, notes and access history stay)."""
    conn.execute(
        f"UPDATE relationships SET {_DERIVED_FIELDS} WHERE user_id = %(uid)s AND id = %(id)s",
        fields | {"uid": user_id, "id": edge_id},
    )


def insert_derived_edge(conn: Conn, user_id: str, fields: dict[str, Any], *, at: datetime) -> None:
    conn.execute(
        """INSERT INTO relationships (
               user_id, from_entity_id, to_entity_id, kind, relationship_type, valid_from, valid_to,
               ended_at, is_active, started_at, strength, co_mention_count, evidence_memory_ids, attitude,
               proximity, description, recorded_at, recorded_by)
           VALUES (%(uid)s, %(from_id)s, %(to_id)s, %(kind)s, %(relationship_type)s, %(valid_from)s,
                   %(valid_to)s, %(valid_to)s, %(valid_to)s::timestamptz IS NULL, %(started_at)s,
                   %(strength)s, %(evidence_count)s, %(evidence)s, coalesce(%(attitude)s, 3),
                   coalesce(%(proximity)s, 3), %(description)s, %(at)s, %(uid)s)""",
        fields | {"uid": user_id, "at": at},
    )
