"""Embedding spaces: the model and dimension each user is read with, and the re-embed that moves a user
to another one (sql/0015_embedding_spaces.sql; `engram.lifecycle.reembed` drives it).

A re-embed stages the new vectors in `reembed_vectors` while the user is still read with the old ones,
then `switch` copies them into the rows and moves the user in one transaction. A row written again
meanwhile loses its staged vector (a trigger), so it shows up in `unstaged` again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal
from uuid import UUID

from psycopg.types.json import Jsonb

from engram.db.connection import Conn, execute_counting, executemany_counting
from engram.db.repositories.hierarchy import live_notes

if TYPE_CHECKING:
    import numpy as np

# The tables whose vectors are re-embedded from their own text, in the order a re-embed takes them.
Kind = Literal["memories", "entities", "storylines", "macros", "sources"]
KINDS: tuple[Kind, ...] = ("memories", "entities", "storylines", "macros", "sources")

# Each kind's text fields, as the writers embed them (`engram.lifecycle.reembed.text_of`).
_FIELDS: dict[str, str] = {
    "memories": "t.content",
    "sources": "t.content",
    "entities": f"t.description, {live_notes('n.entity_id = t.id')} AS notes",
    "storylines": "t.name, t.description",
    "macros": "t.name, t.description",
}


@dataclass(frozen=True)
class Space:
    """Vectors are comparable only within one space: the provider and model that made them, and their
    dimension."""

    provider: str
    model: str
    dimension: int


def read_space(conn: Conn, user_id: str) -> Space | None:
    """The space the user is read with; None before the user's first vector (or first sight)."""
    row = conn.execute(
        "SELECT embedding_provider, embedding_model, embedding_dim FROM users WHERE id = %s", (user_id,)
    ).fetchone()
    if row is None or row["embedding_model"] is None:
        return None
    return Space(row["embedding_provider"], row["embedding_model"], row["embedding_dim"])


def pin_space(conn: Conn, user_id: str, space: Space) -> Space | None:
    """Give a user without a space `space`; returns the user's space after (a concurrent pin may have won),
    None when the user has no row yet (the first write creates it, and the next look pins it)."""
    conn.execute(
        """UPDATE users SET embedding_provider = %s, embedding_model = %s, embedding_dim = %s
           WHERE id = %s AND embedding_model IS NULL""",
        (space.provider, space.model, space.dimension, user_id),
    )
    return read_space(conn, user_id)


def lock_space(conn: Conn, user_id: str) -> Space | None:
    """The user's space, locked until the transaction ends: a writer of a vector waits (its trigger
    reads the space FOR KEY SHARE), and one that already wrote has committed, so its row is visible."""
    conn.execute("SELECT 1 FROM users WHERE id = %s FOR UPDATE", (user_id,))
    return read_space(conn, user_id)


_NOT_IN_TARGET = "(t.embedding_model IS DISTINCT FROM %(model)s OR vector_dims(t.embedding) <> %(dim)s)"


def drop_other_targets(conn: Conn, user_id: str, target: Space) -> int:
    """Forget vectors staged for another space (a re-embed abandoned after the settings changed)."""
    return execute_counting(
        conn,
        """DELETE FROM reembed_vectors
           WHERE user_id = %(uid)s AND (model <> %(model)s OR vector_dims(embedding) <> %(dim)s)""",
        {"uid": user_id, "model": target.model, "dim": target.dimension},
    )


def progress(conn: Conn, user_id: str, target: Space) -> dict[str, dict[str, int]]:
    """Per kind, {"done": vectors staged, "total": vectors not in `target` yet}."""
    parts = [
        f"""SELECT '{kind}' AS kind, count(*) AS total,
                   count(*) FILTER (WHERE EXISTS (
                       SELECT 1 FROM reembed_vectors r WHERE r.kind = '{kind}' AND r.row_id = t.id)) AS done
            FROM {kind} t WHERE t.user_id = %(uid)s AND t.embedding IS NOT NULL AND {_NOT_IN_TARGET}"""
        for kind in KINDS
    ]
    rows = conn.execute(
        " UNION ALL ".join(parts), {"uid": user_id, "model": target.model, "dim": target.dimension}
    ).fetchall()
    return {r["kind"]: {"done": r["done"], "total": r["total"]} for r in rows}


def unstaged(
    conn: Conn, user_id: str, kind: Kind, target: Space, *, after: UUID | None, limit: int, now: datetime
) -> list[dict[str, Any]]:
    """Up to `limit` rows of `kind` (id order, after `after`) whose vector is neither in `target` nor
    staged for it, with the fields their text is made of and the row's version (`stage`'s guard)."""
    return conn.execute(
        f"""SELECT t.id, t.xmin::text AS version, {_FIELDS[kind]} FROM {kind} t
            WHERE t.user_id = %(uid)s AND t.embedding IS NOT NULL AND {_NOT_IN_TARGET}
              AND (%(after)s::uuid IS NULL OR t.id > %(after)s)
              AND NOT EXISTS (SELECT 1 FROM reembed_vectors r WHERE r.kind = %(kind)s AND r.row_id = t.id)
            ORDER BY t.id LIMIT %(limit)s""",
        {"uid": user_id, "model": target.model, "dim": target.dimension, "after": after, "limit": limit,
         "kind": kind, "now": now},
    ).fetchall()  # fmt: skip


def stage(
    conn: Conn,
    user_id: str,
    kind: Kind,
    target: Space,
    rows: Sequence[tuple[UUID, np.ndarray]],
    *,
    versions: Sequence[str] | None = None,
) -> int:
    """Keep the new vectors of `rows` until the switch; how many were kept. With `versions` (each row's
    `version` when its text was read), only for the rows not written since: the others are read again."""
    import numpy as np

    if not rows:
        return 0
    guards = list(versions) if versions is not None else [None] * len(rows)
    return executemany_counting(
        conn,
        f"""INSERT INTO reembed_vectors (kind, row_id, user_id, model, embedding)
            SELECT %(kind)s, t.id, t.user_id, %(model)s, %(emb)s FROM {kind} t
            WHERE t.id = %(id)s AND t.user_id = %(uid)s
              AND (%(version)s::text IS NULL OR t.xmin::text = %(version)s)
            ON CONFLICT (kind, row_id)
            DO UPDATE SET model = excluded.model, embedding = excluded.embedding""",
        [
            {"kind": kind, "model": target.model, "emb": np.asarray(vector, dtype=np.float32),
             "id": row_id, "uid": user_id, "version": version}
            for (row_id, vector), version in zip(rows, guards, strict=True)
        ],
    )  # fmt: skip


def switch(conn: Conn, user_id: str, target: Space) -> dict[str, int]:
    """Move the user to `target` in the caller's transaction (which holds `lock_space`): every staged
    vector into its row, the user's space, and the vectors that cannot be re-made from their row cleared
    (an edge's is embedded from a summary that is not stored: the edge is marked dirty, and the
    `hierarchy` job embeds it again). Returns rows switched per kind."""
    params = {"uid": user_id, "model": target.model, "dim": target.dimension, "provider": target.provider}
    conn.execute(
        """UPDATE users SET embedding_provider = %(provider)s, embedding_model = %(model)s,
                            embedding_dim = %(dim)s
           WHERE id = %(uid)s""",
        params,
    )
    switched: dict[str, int] = {}
    for kind in KINDS:
        switched[kind] = execute_counting(
            conn,
            f"""UPDATE {kind} t SET embedding = r.embedding, embedding_model = r.model
                FROM reembed_vectors r
                WHERE r.user_id = %(uid)s AND r.kind = '{kind}' AND r.row_id = t.id
                  AND t.user_id = %(uid)s""",
            params,
        )
    conn.execute(
        """UPDATE relationships
           SET relation_embedding = NULL, relation_embedding_model = NULL, is_dirty = true
           WHERE user_id = %(uid)s AND relation_embedding IS NOT NULL
             AND (relation_embedding_model IS DISTINCT FROM %(model)s
                  OR vector_dims(relation_embedding) <> %(dim)s)""",
        params,
    )
    conn.execute(
        "UPDATE artifacts SET embedding = NULL WHERE user_id = %(uid)s AND embedding IS NOT NULL", params
    )
    conn.execute("DELETE FROM reembed_vectors WHERE user_id = %(uid)s", params)
    return switched


def record_progress(conn: Conn, user_id: str, job_id: UUID, result: dict[str, Any]) -> None:
    """What a running re-embed job has done so far, shown by `GET /v1/jobs/{id}` before it finishes."""
    conn.execute(
        "UPDATE memory_jobs SET result = %s WHERE id = %s AND user_id = %s AND status = 'processing'",
        (Jsonb(result), job_id, user_id),
    )
