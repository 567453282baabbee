"""memory_edge_claims: the edges each memory states (its ends resolved to nodes), read with what the
derivation of `relationships` needs of the memory: when its statement became true and until when.

A scope names the claims one change can affect, three ways (each index-driven): `directed` (a
subject's claims of a type: every employer of Marcus), `touching` (claims of a type at either end of
a node: every partner tie of Sarah) and `pairs` (the claims of one edge, either orientation).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any
from uuid import UUID

from engram.db.connection import Conn

# When a memory's statement became true: its effective date, a past event date, or when it was said;
# until it was superseded or archived (an active memory's claims hold on).
CLAIM_SELECT = """
    c.id AS claim_id, c.memory_id, c.from_entity_id AS from_id, c.to_entity_id AS to_id, c.kind,
    c.relationship_type, c.ends, c.strength, c.attitude, c.proximity, c.describes,
    coalesce(m.effective_from,
             CASE WHEN m.event_date <= coalesce(m.valid_from, m.created_at) THEN m.event_date END,
             m.valid_from, m.created_at) AS since,
    CASE WHEN m.status = 'active' THEN NULL ELSE coalesce(m.valid_to, m.updated_at) END AS until,
    m.content, m.mention_count AS mentions, m.superseded_by
"""


def insert_claims(conn: Conn, user_id: str, memory_id: UUID, claims: Sequence[dict[str, Any]]) -> None:
    """The memory's claims (from_id, to_id, kind, relationship_type, ends, strength, attitude,
    proximity, describes), in the order its fact states them."""
    if not claims:
        return
    conn.cursor().executemany(
        """INSERT INTO memory_edge_claims (user_id, memory_id, from_entity_id, to_entity_id, kind,
                                           relationship_type, ends, strength, attitude, proximity, describes)
           VALUES (%(uid)s, %(mid)s, %(from_id)s, %(to_id)s, %(kind)s, %(relationship_type)s, %(ends)s,
                   %(strength)s, %(attitude)s, %(proximity)s, %(describes)s)""",
        [{"uid": user_id, "mid": memory_id} | claim for claim in claims],
    )


def claims_of_memories(
    conn: Conn, user_id: str, memory_ids: Collection[UUID], *, bare: bool = False
) -> list[dict[str, Any]]:
    """The memories' claims, with what the derivation reads of each memory (`bare`: the claims alone)."""
    if bare:
        return conn.execute(
            """SELECT id AS claim_id, from_entity_id AS from_id, to_entity_id AS to_id, relationship_type,
                      ends
               FROM memory_edge_claims WHERE user_id = %(uid)s AND memory_id = ANY(%(ids)s::uuid[])
               ORDER BY id""",
            {"uid": user_id, "ids": list(memory_ids)},
        ).fetchall()
    return conn.execute(
        f"""SELECT {CLAIM_SELECT} FROM memory_edge_claims c JOIN memories m ON m.id = c.memory_id
            WHERE c.user_id = %(uid)s AND c.memory_id = ANY(%(ids)s::uuid[]) ORDER BY c.id""",
        {"uid": user_id, "ids": list(memory_ids)},
    ).fetchall()


def delete_claims_by_id(conn: Conn, user_id: str, claim_ids: Collection[int]) -> None:
    if claim_ids:
        conn.execute(
            "DELETE FROM memory_edge_claims WHERE user_id = %(uid)s AND id = ANY(%(ids)s::bigint[])",
            {"uid": user_id, "ids": list(claim_ids)},
        )


def all_claims(conn: Conn, user_id: str) -> list[dict[str, Any]]:
    return conn.execute(
        f"""SELECT {CLAIM_SELECT} FROM memory_edge_claims c JOIN memories m ON m.id = c.memory_id
            WHERE c.user_id = %(uid)s ORDER BY c.id""",
        {"uid": user_id},
    ).fetchall()


def claims_in_scope(
    conn: Conn,
    user_id: str,
    *,
    directed: Collection[tuple[UUID, str]],
    touching: Collection[tuple[UUID, str]],
    pairs: Collection[tuple[UUID, UUID, str]],
) -> list[dict[str, Any]]:
    return conn.execute(
        f"""
        WITH picked AS ({scope_ids("memory_edge_claims")})
        SELECT {CLAIM_SELECT} FROM picked
        JOIN memory_edge_claims c ON c.id = picked.id
        JOIN memories m ON m.id = c.memory_id
        ORDER BY c.id
        """,
        scope_params(user_id, directed, touching, pairs),
    ).fetchall()


def scope_ids(table: str) -> str:
    """The ids of `table`'s rows (claims or edges: the same end and type columns) a scope covers, one
    index-driven branch per kind of scope (see the module docstring)."""
    return f"""
        SELECT x.id FROM unnest(%(d_node)s::uuid[], %(d_type)s::text[]) AS d(node, type)
        JOIN {table} x ON x.user_id = %(uid)s AND x.from_entity_id = d.node AND x.relationship_type = d.type
        UNION
        SELECT x.id FROM unnest(%(t_node)s::uuid[], %(t_type)s::text[]) AS t(node, type)
        JOIN {table} x ON x.user_id = %(uid)s AND x.from_entity_id = t.node AND x.relationship_type = t.type
        UNION
        SELECT x.id FROM unnest(%(t_node)s::uuid[], %(t_type)s::text[]) AS t(node, type)
        JOIN {table} x ON x.user_id = %(uid)s AND x.to_entity_id = t.node AND x.relationship_type = t.type
        UNION
        SELECT x.id FROM unnest(%(p_a)s::uuid[], %(p_b)s::uuid[], %(p_type)s::text[]) AS p(a, b, type)
        JOIN {table} x ON x.user_id = %(uid)s AND x.relationship_type = p.type
             AND ((x.from_entity_id = p.a AND x.to_entity_id = p.b)
                  OR (x.from_entity_id = p.b AND x.to_entity_id = p.a))"""


def scope_params(
    user_id: str,
    directed: Collection[tuple[UUID, str]],
    touching: Collection[tuple[UUID, str]],
    pairs: Collection[tuple[UUID, UUID, str]],
) -> dict[str, Any]:
    return {
        "uid": user_id,
        "d_node": [d[0] for d in directed],
        "d_type": [d[1] for d in directed],
        "t_node": [t[0] for t in touching],
        "t_type": [t[1] for t in touching],
        "p_a": [p[0] for p in pairs],
        "p_b": [p[1] for p in pairs],
        "p_type": [p[2] for p in pairs],
    }


def repoint_claims(conn: Conn, user_id: str, keep: UUID, merged: UUID) -> list[UUID]:
    """A merge of two nodes: the merged node's claims name the kept one (a claim that would join the
    node to itself goes). Returns the memories whose claims changed, so their edges are derived again."""
    rows = conn.execute(
        """WITH moved AS (
               UPDATE memory_edge_claims SET
                   from_entity_id
                       = CASE WHEN from_entity_id = %(merged)s THEN %(keep)s ELSE from_entity_id END,
                   to_entity_id = CASE WHEN to_entity_id = %(merged)s THEN %(keep)s ELSE to_entity_id END
               WHERE user_id = %(uid)s AND (from_entity_id = %(merged)s OR to_entity_id = %(merged)s)
                 AND from_entity_id <> to_entity_id
                 AND NOT (from_entity_id IN (%(merged)s, %(keep)s) AND to_entity_id IN (%(merged)s, %(keep)s))
               RETURNING memory_id),
           dropped AS (
               DELETE FROM memory_edge_claims
               WHERE user_id = %(uid)s AND from_entity_id IN (%(merged)s, %(keep)s)
                 AND to_entity_id IN (%(merged)s, %(keep)s)
               RETURNING memory_id)
           SELECT memory_id FROM moved UNION SELECT memory_id FROM dropped""",
        {"uid": user_id, "keep": keep, "merged": merged},
    ).fetchall()
    return [r["memory_id"] for r in rows]
