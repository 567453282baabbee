"""feedback: what the user said about a memory, an entity note or a recall.

Rows are kept as given (after the caller's redaction); their effects on memories are applied by the
service in the same transaction, so a feedback row never exists without its effect or vice versa.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

from engram.db.connection import Conn


def insert_feedback(
    conn: Conn,
    user_id: str,
    *,
    kind: str,
    action: str | None = None,
    memory_id: UUID | None = None,
    note_id: UUID | None = None,
    query: str | None = None,
    memory_ids: Sequence[UUID] = (),
    helpful: bool | None = None,
    correction: str | None = None,
    comment: str | None = None,
    new_content: str | None = None,
) -> UUID:
    row = conn.execute(
        """INSERT INTO feedback (user_id, kind, action, memory_id, note_id, query, memory_ids, helpful,
                                 correction, comment, new_content)
           VALUES (%s, %s, %s, %s, %s, %s, %s::uuid[], %s, %s, %s, %s)
           RETURNING id""",
        (
            user_id,
            kind,
            action,
            memory_id,
            note_id,
            query,
            list(memory_ids),
            helpful,
            correction,
            comment,
            new_content,
        ),
    ).fetchone()
    assert row is not None
    return row["id"]


def entity_note_exists(conn: Conn, user_id: str, note_id: UUID) -> bool:
    """Whether `note_id` is one of the user's entity notes (someone else's is as good as missing)."""
    row = conn.execute(
        "SELECT 1 FROM entity_notes WHERE id = %s AND user_id = %s", (note_id, user_id)
    ).fetchone()
    return row is not None


def list_feedback(conn: Conn, user_id: str, *, memory_id: UUID | None = None, limit: int = 100) -> list[dict]:
    """The user's feedback rows, newest first (optionally about one memory)."""
    return conn.execute(
        """SELECT * FROM feedback
           WHERE user_id = %(uid)s AND (%(mid)s::uuid IS NULL OR memory_id = %(mid)s)
           ORDER BY created_at DESC, id DESC LIMIT %(limit)s""",
        {"uid": user_id, "mid": memory_id, "limit": limit},
    ).fetchall()


def apply_recall_verdict(
    conn: Conn,
    user_id: str,
    memory_ids: Sequence[UUID],
    *,
    salience_delta: float,
    confidence_delta: float,
    confidence_floor: float,
) -> list[dict]:
    """One UPDATE for every memory a recall verdict names: salience and confidence move, a helpful
    recall promotes a `candidate` to `active` (it was used), an unhelpful one never promotes."""
    if not memory_ids:
        return []
    return conn.execute(
        """UPDATE memories SET
               salience = least(1.0, greatest(0.0, salience + %(ds)s)),
               confidence = least(1.0, greatest(%(floor)s, confidence + %(dc)s)),
               state = CASE WHEN %(ds)s > 0 AND state = 'candidate' THEN 'active' ELSE state END
           WHERE user_id = %(uid)s AND id = ANY(%(ids)s) AND status = 'active'
           RETURNING id, salience, confidence, state""",
        {
            "uid": user_id,
            "ids": list(memory_ids),
            "ds": salience_delta,
            "dc": confidence_delta,
            "floor": confidence_floor,
        },
    ).fetchall()
