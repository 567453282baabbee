"""Finding the node a name refers to, and folding one node into another when they turn out to be the
same (a corrected name, a nickname, a duplicate). Every link is re-pointed in set statements."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories.edge_claims import repoint_claims
from engram.db.repositories.memories import MEMORY_COLUMNS

CANDIDATE_COLUMNS = """id, name, canonical_name, aliases, kind, entity_type, relationship, mention_count,
    last_mentioned_at, is_owner"""


def _candidates_sql(canonical: str, kind: str) -> str:
    """`resolution_candidates` of SQL expressions of the name and its kind."""
    exact = f"(canonical_name = {canonical} OR {canonical} = ANY(aliases))"
    return f"""
        SELECT {CANDIDATE_COLUMNS}, {exact} AS exact
        FROM entities
        WHERE user_id = %(uid)s AND kind = {kind} AND merged_into IS NULL AND NOT is_owner
          AND ({exact} OR canonical_name %% {canonical}
               OR split_part(canonical_name, ' ', 1) = split_part({canonical}, ' ', 1)
               OR EXISTS (SELECT 1 FROM unnest(aliases) a WHERE a %% {canonical}))
        ORDER BY {exact} DESC, similarity(canonical_name, {canonical}) DESC, mention_count DESC
        LIMIT %(limit)s"""


def resolution_candidates(conn: Conn, user_id: str, canonical: str, kind: str, limit: int = 10) -> list[dict]:
    """Nodes of the same kind whose name or an alias is this name exactly, then the close spellings of
    either (trigram) and the names that share its first token, so a typo, a longer or a shorter form
    ("Micheal" / "Michael", "Sarah" / "Sarah Elizabeth Chen-Montgomery") is considered too. Which of them
    is the same thing is the caller's decision (`graph.resolution.choose`)."""
    return conn.execute(
        _candidates_sql("%(c)s", "%(kind)s"), {"uid": user_id, "c": canonical, "kind": kind, "limit": limit}
    ).fetchall()


def resolution_candidates_many(
    conn: Conn, user_id: str, names: Sequence[tuple[str, str]], limit: int = 10
) -> list[list[dict]]:
    """`resolution_candidates` of each (canonical name, kind), in one statement, each name's in the order
    that function gives them."""
    if not names:
        return []
    params: dict[str, object] = {"uid": user_id, "limit": limit}
    parts = []
    for i, (canonical, kind) in enumerate(names):
        # numbered as the name's own statement orders them (counted as the ordered rows come)
        ordered = _candidates_sql(f"%(c{i})s", f"%(kind{i})s")
        parts.append(f"SELECT {i} AS i, row_number() OVER () AS rank, x.* FROM ({ordered}) x")
        params |= {f"c{i}": canonical, f"kind{i}": kind}
    found: list[list[dict]] = [[] for _ in names]
    for row in conn.execute(" UNION ALL ".join(parts) + " ORDER BY i, rank", params).fetchall():
        del row["rank"]
        found[row.pop("i")].append(row)
    return found


def find_by_name(conn: Conn, user_id: str, canonical: str) -> list[dict]:
    """Every live node called this (by name or alias), the most mentioned first."""
    return conn.execute(
        f"""SELECT {CANDIDATE_COLUMNS} FROM entities
            WHERE user_id = %(uid)s AND merged_into IS NULL AND NOT is_owner
              AND (canonical_name = %(c)s OR %(c)s = ANY(aliases))
            ORDER BY mention_count DESC, last_mentioned_at DESC NULLS LAST""",
        {"uid": user_id, "c": canonical},
    ).fetchall()


def memories_naming(
    conn: Conn, user_id: str, spellings: Sequence[str], *, entity_id: UUID, namesakes: Sequence[UUID]
) -> list[dict]:
    """The user's active memories whose text uses one of `spellings` as a whole word (case as written:
    "Rose" the person, not "rose" the flower) or whose name is one of them, locked for rewriting. A
    memory linked to a namesake node (another Sarah) and not to `entity_id` is about the namesake."""
    patterns = [rf"\m{re.escape(s)}\M" for s in spellings]
    return conn.execute(
        f"""SELECT {MEMORY_COLUMNS} FROM memories m
            WHERE m.user_id = %(uid)s AND m.status = 'active'
              AND (m.content ~ ANY(%(patterns)s) OR m.name = ANY(%(spellings)s))
              AND NOT (EXISTS (SELECT 1 FROM memory_entities me
                               WHERE me.memory_id = m.id AND me.entity_id = ANY(%(namesakes)s))
                       AND NOT EXISTS (SELECT 1 FROM memory_entities me
                                       WHERE me.memory_id = m.id AND me.entity_id = %(entity)s))
            ORDER BY m.created_at
            FOR UPDATE""",
        {
            "uid": user_id,
            "patterns": patterns,
            "spellings": list(spellings),
            "namesakes": list(namesakes),
            "entity": entity_id,
        },
    ).fetchall()


def touch_entity(
    conn: Conn, user_id: str, entity_id: UUID, *, alias: str | None, relationship: str | None, at: datetime
) -> None:
    """A mention resolved to an existing node: it was mentioned now, perhaps under another spelling, and
    the latest word for how the user knows them wins ("girlfriend" -> "ex")."""
    conn.execute(
        """UPDATE entities SET
               relationship = coalesce(%(rel)s, relationship),
               last_mentioned_at = greatest(last_mentioned_at, %(at)s),
               first_mentioned_at = least(first_mentioned_at, %(at)s),
               aliases = CASE WHEN %(alias)s::text IS NULL OR %(alias)s = canonical_name
                                   OR %(alias)s = ANY(aliases) THEN aliases
                              ELSE array_append(aliases, %(alias)s) END
           WHERE user_id = %(uid)s AND id = %(id)s""",
        {"uid": user_id, "id": entity_id, "alias": alias, "rel": relationship, "at": at},
    )


def rename_entity(conn: Conn, user_id: str, entity_id: UUID, *, name: str, canonical: str) -> dict | None:
    """The node takes the corrected name; the old one stays an alias (people will still type it). It is
    marked dirty: its description was written with the old name."""
    return conn.execute(
        f"""UPDATE entities SET name = %(name)s, canonical_name = %(c)s, is_dirty = true,
               aliases = (SELECT coalesce(array_agg(DISTINCT a), '{{}}') FROM unnest(
                   array_append(aliases, canonical_name)) a WHERE a <> %(c)s)
           WHERE user_id = %(uid)s AND id = %(id)s
           RETURNING {CANDIDATE_COLUMNS}""",
        {"uid": user_id, "id": entity_id, "name": name, "c": canonical},
    ).fetchone()


def merge_entities(conn: Conn, user_id: str, keep: UUID, merged: UUID) -> dict[str, Any]:
    """Fold `merged` into `keep`: memories, sources, sentiment, notes and edges re-pointed,
    duplicate current edges combined (evidence and co-mentions summed), the merged names kept as
    aliases, then the merged node deleted so no duplicate remains. Returns the merged row (for the
    audit), the memory ids that changed node and those whose edge claims did (the caller derives
    their edges again: `engram.graph.edge_sync`)."""
    params = {"uid": user_id, "keep": keep, "merged": merged}
    snapshot = conn.execute(
        f"SELECT {CANDIDATE_COLUMNS} FROM entities WHERE user_id = %(uid)s AND id = %(merged)s FOR UPDATE",
        params,
    ).fetchone()
    if snapshot is None:
        return {"merged": None, "memory_ids": []}
    memory_ids = _repoint_links(conn, params)
    claim_memory_ids = repoint_claims(conn, user_id, keep, merged)
    _repoint_edges(conn, params)
    _absorb_names(conn, params)
    conn.execute("DELETE FROM entities WHERE user_id = %(uid)s AND id = %(merged)s", params)
    return {"merged": snapshot, "memory_ids": memory_ids, "claim_memory_ids": claim_memory_ids}


def _repoint_links(conn: Conn, params: dict[str, Any]) -> list[UUID]:
    """Memories, sources, sentiment and notes of the merged node now point at the keeper; a
    memory or source already linked to both keeps its one keeper link. Returns the memories that moved."""
    memory_ids = [
        r["memory_id"]
        for r in conn.execute(
            """UPDATE memory_entities me SET entity_id = %(keep)s
               WHERE me.user_id = %(uid)s AND me.entity_id = %(merged)s
                 AND NOT EXISTS (SELECT 1 FROM memory_entities k
                                 WHERE k.memory_id = me.memory_id AND k.entity_id = %(keep)s)
               RETURNING me.memory_id""",
            params,
        ).fetchall()
    ]
    conn.execute(
        """UPDATE source_mentions sm SET entity_id = %(keep)s
           WHERE sm.user_id = %(uid)s AND sm.entity_id = %(merged)s
             AND NOT EXISTS (SELECT 1 FROM source_mentions k
                             WHERE k.source_id = sm.source_id AND k.entity_id = %(keep)s)""",
        params,
    )
    for table in ("sentiment_history", "entity_notes"):
        conn.execute(
            f"UPDATE {table} SET entity_id = %(keep)s WHERE user_id = %(uid)s AND entity_id = %(merged)s",
            params,
        )
    return memory_ids


def _repoint_edges(conn: Conn, params: dict[str, Any]) -> None:
    """An edge between the two would become a loop: it goes. A current edge the keeper already has is
    combined with the merged node's (evidence and co-mentions summed); every other edge is re-pointed."""
    conn.execute(
        """DELETE FROM relationships WHERE user_id = %(uid)s
             AND ((from_entity_id = %(keep)s AND to_entity_id = %(merged)s)
               OR (from_entity_id = %(merged)s AND to_entity_id = %(keep)s))""",
        params,
    )
    conn.execute(
        """
        WITH pairs AS (
            SELECT k.id AS keeper_edge, m.id AS merged_edge, m.evidence_memory_ids, m.co_mention_count
            FROM relationships m JOIN relationships k
              ON k.user_id = m.user_id AND k.relationship_type = m.relationship_type AND k.valid_to IS NULL
             AND k.from_entity_id
                 = CASE WHEN m.from_entity_id = %(merged)s THEN %(keep)s ELSE m.from_entity_id END
             AND k.to_entity_id = CASE WHEN m.to_entity_id = %(merged)s THEN %(keep)s ELSE m.to_entity_id END
            WHERE m.user_id = %(uid)s AND m.valid_to IS NULL
              AND (m.from_entity_id = %(merged)s OR m.to_entity_id = %(merged)s)),
        combined AS (
            UPDATE relationships r SET
                co_mention_count = r.co_mention_count + p.co_mention_count,
                evidence_memory_ids
                    = ARRAY(SELECT DISTINCT unnest(r.evidence_memory_ids || p.evidence_memory_ids)),
                strength = least(1.0, r.strength + 0.2 * (1 - r.strength))
            FROM pairs p WHERE r.id = p.keeper_edge
            RETURNING p.merged_edge)
        DELETE FROM relationships WHERE id IN (SELECT merged_edge FROM combined)
        """,
        params,
    )
    conn.execute(
        """UPDATE relationships SET
               from_entity_id = CASE WHEN from_entity_id = %(merged)s THEN %(keep)s ELSE from_entity_id END,
               to_entity_id = CASE WHEN to_entity_id = %(merged)s THEN %(keep)s ELSE to_entity_id END
           WHERE user_id = %(uid)s AND (from_entity_id = %(merged)s OR to_entity_id = %(merged)s)""",
        params,
    )


def _absorb_names(conn: Conn, params: dict[str, Any]) -> None:
    """The keeper takes the merged node's names as aliases and fills what it lacks from it (people will
    still type the other name); it is marked dirty so its description is written again."""
    conn.execute(
        """UPDATE entities k SET
               aliases = (SELECT coalesce(array_agg(DISTINCT a), '{}') FROM unnest(
                   k.aliases || m.aliases || m.canonical_name) a WHERE a <> k.canonical_name),
               relationship = coalesce(k.relationship, m.relationship),
               description = coalesce(k.description, m.description),
               first_mentioned_at = least(k.first_mentioned_at, m.first_mentioned_at),
               last_mentioned_at = greatest(k.last_mentioned_at, m.last_mentioned_at),
               is_dirty = true
           FROM entities m
           WHERE k.user_id = %(uid)s AND k.id = %(keep)s AND m.id = %(merged)s""",
        params,
    )
