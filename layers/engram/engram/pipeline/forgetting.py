"""The two ways a memory leaves: archived (soft, reversible, still auditable) or forgotten (hard).

Shared by the update phase ("forget that ...", contradiction archives) and the memories API, so a
memory is retired the same way whoever retires it. Callers write their own audit row.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.operations import scrub_audit_for_memory
from engram.graph.edge_sync import scope_of_memories, sync_edges, sync_memories


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


def forget_row(conn: Conn, user_id: str, memory_id: UUID) -> None:
    """Remove the memory for good: the row, its versions/relations/links (cascade), the graph edges it
    alone was evidence for, and its text from the audit trail; entity counters stay exact."""
    entity_ids = memory_repo.list_linked_entity_ids(conn, user_id, memory_id)
    scope = scope_of_memories(conn, user_id, [memory_id])
    memory_repo.delete_memory(conn, user_id, memory_id)  # its claims go with it
    sync_edges(conn, user_id, scope, at=datetime.now(UTC))
    graph_repo.refresh_entity_counters(conn, user_id, entity_ids)
    scrub_audit_for_memory(conn, user_id, memory_id)
