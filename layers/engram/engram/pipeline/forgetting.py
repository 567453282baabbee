"""The two ways a memory leaves: archived (soft, reversible, still auditable) or forgotten (hard).

Shared by the update phase ("forget that ...", contradiction archives) and the memories API, so a
memory is retired the same way whoever retires it. Callers write their own audit row.

Forgotten means gone everywhere (`forget_memories`): the rows, their versions and links, the graph
edges they alone supported, the entities only they knew, the profile rows read from them, and their
text wherever it was copied — the sources that carried it (the sentences are cut, and a source with
nothing left is deleted), the audit trail, job payloads, conversation state, timeline, notes,
descriptions and sentiment context (`engram.language.forgetting.Scrubber` decides each string).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import memories as memory_repo
from engram.graph.edge_sync import sync_memories
from engram.pipeline.scrubbing import forget_memories


def archive_row(
    conn: Conn,
    user_id: str,
    target: dict[str, Any],
    *,
    at: datetime | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Status and state archived, validity closed.

    `valid_to` keeps an earlier end (a superseded row already has one) and never precedes
    `valid_from` (a CHECK), so archiving never rewrites when a fact stopped being true.
    """
    now = at or datetime.now(UTC)
    valid_to = target["valid_to"] or max(now, target["valid_from"] or now)
    row = memory_repo.update_memory(
        conn,
        user_id,
        target["id"],
        {"status": "archived", "state": "archived", "valid_to": valid_to, **(extra or {})},
    )
    assert row is not None  # the caller holds the row lock
    sync_memories(conn, user_id, [target["id"]], at=now)  # its edges end where it ended
    return row


def forget_row(conn: Conn, user_id: str, memory_id: UUID, *, request_source: UUID | None = None) -> None:
    """Remove the memory for good and its text from everywhere it was copied (`forget_memories`)."""
    forget_memories(conn, user_id, [memory_id], request_source=request_source)
