"""Entity descriptions kept fresh: which nodes a change made stale, their material, the new text.

A node is marked `description_stale` by triggers in the transaction of any change of what its
description reads (migration 0012); `engram.graph.descriptions` rebuilds the stale ones before a read
shows them. The material is the nightly job's (`hierarchy.dirty_entities`): the node's live notes and
its best usable memories, so one rule describes a node whichever path writes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories.hierarchy import live_notes, node_memories, told_relationship

if TYPE_CHECKING:
    import numpy as np

_MATERIAL = f"""
    SELECT e.id, e.kind, e.entity_type, e.name, e.is_owner, {told_relationship("e")} AS relationship,
           e.description,
           {live_notes("n.entity_id = e.id")} AS notes,
           {node_memories("e")} AS memories
    FROM entities e
    WHERE e.user_id = %(uid)s AND e.merged_into IS NULL"""


def claim_stale_entities(conn: Conn, user_id: str, limit: int) -> list[UUID]:
    """Clear the stale mark of up to `limit` of the user's nodes and return them, for the caller to
    describe in this transaction. The mark is cleared before the material is read, so a change committed
    meanwhile marks the node again rather than being missed. Rows a concurrent write holds are skipped
    (that write marks them again): a read never waits on, or deadlocks with, a write."""
    rows = conn.execute(
        """UPDATE entities e SET description_stale = false
           WHERE e.id IN (SELECT s.id FROM entities s
                          WHERE s.user_id = %(uid)s AND s.description_stale AND s.merged_into IS NULL
                          ORDER BY s.id LIMIT %(limit)s FOR UPDATE SKIP LOCKED)
           RETURNING e.id""",
        {"uid": user_id, "limit": limit},
    ).fetchall()
    return [r["id"] for r in rows]


def entity_material(
    conn: Conn, user_id: str, now: datetime, ids: Sequence[UUID] | None = None
) -> list[dict[str, Any]]:
    """Each node's own fields, stored description, live notes and best usable memories: of `ids`, or
    of every node of the user (not merged away) when `ids` is None."""
    where = "" if ids is None else " AND e.id = ANY(%(ids)s)"
    return conn.execute(
        _MATERIAL + where + " ORDER BY e.id",
        {"uid": user_id, "now": now, "ids": list(ids or [])},
    ).fetchall()


def write_descriptions(
    conn: Conn, user_id: str, writes: Sequence[tuple[UUID, str, np.ndarray]], model: str
) -> None:
    """(node id, description, embedding of description and notes) for nodes just described."""
    import numpy as np

    if not writes:
        return
    with conn.cursor() as cur:
        cur.executemany(
            """UPDATE entities SET description = %(text)s, embedding = %(emb)s, embedding_model = %(model)s
               WHERE user_id = %(uid)s AND id = %(id)s""",
            [
                {
                    "uid": user_id,
                    "id": node,
                    "text": text,
                    "emb": np.asarray(vector, dtype=np.float32),
                    "model": model,
                }
                for node, text, vector in writes
            ],
        )
