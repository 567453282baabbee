"""What the user does to their memories directly: list, read, edit, delete, history, related.

The user is the final authority over their memories, so these paths skip the update decision, but
they keep the pipeline's guarantees: an edit is a new version of the same row (the old content stays
retrievable through `memory_versions`), every change writes a `memory_operations` row in the same
transaction, and a hard delete leaves an audit row that holds ids only — forgetting must not leave
the forgotten words behind in the log.

Memories that are not the caller's are reported exactly like missing ones (404), so ids cannot be
probed for existence.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal
from uuid import UUID

from pydantic import BaseModel

from engram.db.connection import Conn, get_database
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.keyset import read_cursor, split_page
from engram.db.repositories.operations import insert_operation
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.source_access import with_source_access
from engram.db.repositories.visibility import ceiling_rank
from engram.domain.memories import MemoryListFilter, MemoryPage, MemoryStatus
from engram.errors import Conflict, NotFound, ValidationFailed
from engram.graph.edge_sync import sync_memories
from engram.language.privacy import redact_model
from engram.models import IMPORTANCE_SCORES, Memory, MemoryEdit, MemoryType
from engram.pipeline.edit_reading import read_edit, reclaim_edges, reread_metadata, reread_name
from engram.pipeline.forgetting import archive_row, forget_row
from engram.pipeline.scrubbing import redact_removed_detail
from engram.pipeline.update import content_hash
from engram.providers.spaces import user_embedder

if TYPE_CHECKING:
    import numpy as np

RELATED_LIMIT = 50
USER_MODEL = "user"  # memory_operations.model for changes the user made, not a model


class MemoryVersionView(BaseModel):
    """One entry of a memory's history: the content it had at `version` and what produced it."""

    memory_id: UUID
    version: int
    content: str
    operation: str
    strategy: str | None = None
    changed_by: str
    created_at: datetime


class HistoryPage(BaseModel):
    """A memory's history, oldest first; one page always (a chain is short), so `next_cursor` is null."""

    items: list[MemoryVersionView]
    next_cursor: str | None = None


class RelatedMemory(BaseModel):
    """A memory connected to another: by a typed relation, or by an entity they both mention.

    `direction` is "outgoing"/"incoming" for relations (seen from the memory asked about) and "shared"
    for a shared entity, whose name is in `entity`; shared-entity links carry no confidence.
    """

    id: UUID
    content: str
    memory_type: MemoryType
    status: MemoryStatus
    relation_type: str
    direction: Literal["outgoing", "incoming", "shared"]
    confidence: float | None = None
    entity: str | None = None


class RelatedPage(BaseModel):
    items: list[RelatedMemory]
    next_cursor: str | None = None


class DeleteResult(BaseModel):
    deleted: bool = True
    hard: bool
    memory_id: UUID


def to_memory(row: dict[str, Any]) -> Memory:
    """The API view of a memories row (the table's columns; the vector is never selected)."""
    return Memory.model_validate(row)


# --- reads ---------------------------------------------------------------------------------------------


def list_memories_page(
    user_id: str, *, where: MemoryListFilter, limit: int = 50, cursor: str | None = None
) -> MemoryPage:
    """The caller's memories, newest first, keyset-paginated (stable under concurrent inserts)."""
    after = read_cursor(cursor, memory_repo.decode_cursor)
    text = (where.text or "").strip() or None
    if text is not None and "\x00" in text:
        raise ValidationFailed("q must not contain NUL characters", field="q")
    if where.created_after and where.created_before and where.created_before <= where.created_after:
        raise ValidationFailed("created_before must be after created_after", field="created_before")
    with get_database().user_transaction(user_id) as conn:
        where = replace(where, text=text)
        rows = memory_repo.list_memories(conn, user_id, where=where, limit=limit, after=after)
        page, next_cursor = split_page(rows, limit, memory_repo.memory_cursor)
        with_source_access(conn, user_id, page)
    return MemoryPage(items=[to_memory(row) for row in page], next_cursor=next_cursor)


def _owned(
    conn: Conn, user_id: str, memory_id: UUID, *, field: str = "id", lock: bool = False
) -> dict[str, Any]:
    row = memory_repo.get_memory(conn, user_id, memory_id, for_update=lock)
    if row is None:
        raise NotFound("no such memory", field=field)
    return row


def get_memory_view(user_id: str, memory_id: UUID) -> Memory:
    """One of the caller's memories, whatever its status (history and archive stay readable)."""
    with get_database().user_transaction(user_id) as conn:
        return to_memory(with_source_access(conn, user_id, [_owned(conn, user_id, memory_id)])[0])


def memory_history(user_id: str, memory_id: UUID) -> HistoryPage:
    """Every version of the memory and of the memories it superseded, oldest first."""
    with get_database().user_transaction(user_id) as conn:
        _owned(conn, user_id, memory_id)
        rows = memory_repo.list_versions(conn, user_id, memory_id)
    return HistoryPage(items=[MemoryVersionView.model_validate(row) for row in rows])


def related_memories(user_id: str, memory_id: UUID) -> RelatedPage:
    """Typed relations first (they are explicit decisions), then memories sharing an entity; each
    memory once, at most RELATED_LIMIT. Related memories are a discovery view, not the memory the user
    asked for: only those within the user's sensitivity ceiling are shown."""
    with get_database().user_transaction(user_id) as conn:
        _owned(conn, user_id, memory_id)
        ceiling = ceiling_rank(conn, user_id)
        relations = memory_repo.list_relations(conn, user_id, memory_id, ceiling=ceiling)
        shared = memory_repo.list_shared_entity_memories(
            conn, user_id, memory_id, limit=RELATED_LIMIT, ceiling=ceiling
        )
    items: dict[UUID, RelatedMemory] = {}
    for row in relations:
        items.setdefault(
            row["id"],
            RelatedMemory(
                id=row["id"],
                content=row["content"],
                memory_type=row["memory_type"],
                status=row["status"],
                relation_type=row["relation_type"],
                direction=row["direction"],
                confidence=row["confidence"],
            ),
        )
    for row in shared:
        items.setdefault(
            row["id"],
            RelatedMemory(
                id=row["id"],
                content=row["content"],
                memory_type=row["memory_type"],
                status=row["status"],
                relation_type="shared_entity",
                direction="shared",
                entity=row["entity_name"],
            ),
        )
    return RelatedPage(items=list(items.values())[:RELATED_LIMIT])


# --- writes --------------------------------------------------------------------------------------------


def edit_memory(user_id: str, memory_id: UUID, edit: MemoryEdit) -> Memory:
    """`PUT /v1/memories/{id}`: apply the user's edit as a new version of the same memory.

    The new content is embedded before the transaction opens, so a slow embedding provider never
    holds the row lock.
    """
    edit, _ = redact_model(edit)  # content, name, category and recurrence alike
    changes = edit.model_dump(exclude_unset=True)
    embedder = user_embedder(user_id)
    embedding = None
    if "content" in changes:
        embedding = embedder.embed_one(changes["content"])
    with get_database().user_transaction(user_id) as conn:
        target = _owned(conn, user_id, memory_id, lock=True)
        row = apply_user_edit(
            conn, user_id, target, changes, embedding=embedding, embedding_model=embedder.model
        )
    return to_memory(row)


def apply_user_edit(
    conn: Conn,
    user_id: str,
    target: dict[str, Any],
    changes: dict[str, Any],
    *,
    embedding: np.ndarray | None,
    embedding_model: str,
    field: str = "id",
) -> dict[str, Any]:
    """Edit a locked active memory in the caller's transaction; returns the row as it now is.

    Only fields that actually differ count: re-sending the current values (a retried PUT) changes
    nothing and writes no version. A content change re-hashes and re-embeds (with `embedding`, which
    the caller computed for `changes["content"]`) and is read again (`engram.pipeline.edit_reading`):
    the memory's slot and edge claims become the new text's, so the profile and the graph follow it.
    """
    if target["status"] != "active":
        raise Conflict(f"only active memories can be edited; this one is {target['status']}", field=field)
    diff = {name: value for name, value in changes.items() if target.get(name) != value}
    if not diff:
        return target
    _check_validity_window(target, diff)
    columns = dict(diff)
    if "content" in diff:
        assert embedding is not None, "a content edit needs the new content's embedding"
        columns.update(
            content_hash=content_hash(diff["content"]), embedding=embedding, embedding_model=embedding_model
        )
        metadata = dict(target["metadata"] or {})
        facts = read_edit(
            diff["content"], metadata, observed_at=target["valid_from"] or datetime.now(UTC),
            preferences=get_preferences(conn, user_id),
        )  # fmt: skip
        if reread_metadata(metadata, facts) != metadata:
            columns["metadata"] = reread_metadata(metadata, facts)
        named = reread_name(target["name"], diff["content"], facts)
        if named != target["name"] and "name" not in changes:
            columns["name"] = named
    if "importance" in diff:
        columns["importance_score"] = IMPORTANCE_SCORES[diff["importance"]]
    columns["version"] = target["version"] + 1
    # Rows stored before versioning (imports) may lack their current version: keep it retrievable.
    memory_repo.insert_version(
        conn,
        user_id,
        target,
        operation="ADD" if target["version"] == 1 else "UPDATE",
        strategy=None,
        changed_by="system",
    )
    row = memory_repo.update_memory(conn, user_id, target["id"], columns)
    assert row is not None  # locked by the caller
    if "content" in diff:
        reclaim_edges(conn, user_id, row["id"], facts, at=datetime.now(UTC))
    else:  # a new date or status moves the span of its edges
        sync_memories(conn, user_id, [row["id"]], at=datetime.now(UTC))
    memory_repo.insert_version(conn, user_id, row, operation="EDIT", strategy="edit", changed_by="user")
    insert_operation(
        conn,
        user_id,
        operation="UPDATE",
        memory_id=row["id"],
        merge_strategy="replace",
        model=USER_MODEL,
        old_content=target["content"],
        new_content=row["content"],
        old_version=target["version"],
        new_version=row["version"],
        reasoning="edited by the user",
        affected_memory_ids=[row["id"]],
    )
    if "content" in diff:
        # An edit that took a detail out: the removed words leave the earlier versions, the audit and the
        # sources too (engram.pipeline.scrubbing.redact_removed_detail says which edits those are).
        redact_removed_detail(conn, user_id, target, row)
    return row


def _check_validity_window(target: dict[str, Any], diff: dict[str, Any]) -> None:
    """The merged row must satisfy `expires_at > effective_from` (a CHECK): say so as a 400."""
    effective_from = diff.get("effective_from", target["effective_from"])
    expires_at = diff.get("expires_at", target["expires_at"])
    if effective_from is not None and expires_at is not None and expires_at <= effective_from:
        raise ValidationFailed("expires_at must be after the memory's effective_from", field="expires_at")


def archive_memory(
    conn: Conn, user_id: str, target: dict[str, Any], *, reasoning: str, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Soft delete in the caller's transaction: status and state archived, validity closed, audited.

    `valid_to` keeps an earlier end (a superseded row already has one) and never precedes
    `valid_from` (a CHECK), so archiving never rewrites when a fact stopped being true.
    """
    row = archive_row(conn, user_id, target, extra=extra)
    insert_operation(
        conn,
        user_id,
        operation="DELETE",
        memory_id=target["id"],
        hard_delete=False,
        model=USER_MODEL,
        reasoning=reasoning,
        old_version=target["version"],
        affected_memory_ids=[target["id"]],
    )
    return row


def delete_memory_by_user(user_id: str, memory_id: UUID, *, hard: bool = False) -> DeleteResult:
    """`DELETE /v1/memories/{id}`: archive (default; idempotent) or, with `hard`, remove the row.

    A hard delete cascades to the memory's versions, relations and entity links, refreshes the
    counters of the entities it was linked to, and audits with ids only (`deleted_snapshot` holds
    the id and type, no content, no reasoning taken from the memory). It works from any status.
    """
    with get_database().user_transaction(user_id) as conn:
        target = _owned(conn, user_id, memory_id, lock=True)
        if hard:
            forget_row(conn, user_id, memory_id)
            insert_operation(
                conn,
                user_id,
                operation="DELETE",
                memory_id=memory_id,
                hard_delete=True,
                deleted_snapshot={"id": str(memory_id), "memory_type": target["memory_type"]},
                affected_memory_ids=[memory_id],
                model=USER_MODEL,
                reasoning="deleted by the user",
                old_version=target["version"],
            )
        elif target["status"] != "archived":
            archive_memory(conn, user_id, target, reasoning="deleted by the user")
    return DeleteResult(hard=hard, memory_id=memory_id)
