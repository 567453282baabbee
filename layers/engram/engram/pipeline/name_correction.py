"""A name correction is entity-wide: "Actually it's spelled Sara, not Sarah" renames the node (Sarah
stays an alias) and gives every active memory that still says Sarah a new version that says Sara, so
search, the entity's memories and everything derived from them read the corrected name. A memory about
a namesake (another Sarah, with her own node) keeps its name.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import entity_resolution as resolution_repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.operations import insert_operation
from engram.graph.edge_sync import sync_memories
from engram.graph.resolution import Correction, correct_name
from engram.models import UpdateDecision
from engram.pipeline.memory_hash import content_hash
from engram.providers.base import Embedder

if TYPE_CHECKING:
    import numpy as np

STRATEGY = "replace"  # the memory_versions strategy of a respelt memory: the same fact, its name corrected


def correct_name_everywhere(
    conn: Conn,
    user_id: str,
    old: str,
    new: str,
    *,
    embedder: Embedder,
    at: datetime,
    decision: UpdateDecision,
    source_id: UUID | None = None,
    job_id: UUID | None = None,
) -> list[UUID]:
    """Rename (or merge) the node, then respell its memories, all but the one the decision itself
    rewrites (an UPDATE's target). Returns the memories given a new version here."""
    skip = decision.target_id if decision.operation == "UPDATE" else None
    correction = correct_name(conn, user_id, old, new, at=at, source_id=source_id, job_id=job_id)
    if correction is None or not correction.old_names:
        return []
    rows = resolution_repo.memories_naming(
        conn, user_id, correction.old_names, entity_id=correction.entity_id, namesakes=correction.namesakes
    )
    rows = [row for row in rows if row["id"] != skip]
    contents = [respelt(row["content"], correction.old_names, new) for row in rows]
    retold = [content for row, content in zip(rows, contents, strict=True) if content != row["content"]]
    embeddings = iter(embedder.embed(retold) if retold else [])  # one call, however many memories
    changed = []
    for row, content in zip(rows, contents, strict=True):
        embedding = next(embeddings) if content != row["content"] else None
        if _respell(conn, user_id, row, content, embedding, correction, new, embedder.model, decision.model):
            changed.append(row["id"])
    if changed:
        sync_memories(conn, user_id, changed, at=at)  # their edges' descriptions say the new name too
        insert_operation(
            conn,
            user_id,
            operation="UPDATE",
            candidate_fact={
                "name_respelled": {
                    "entity_id": str(correction.entity_id),
                    "from": list(correction.old_names),
                    "to": new,
                }
            },
            reasoning=f"Name correction: every memory that said {correction.old_names[0]} now says {new}.",
            affected_memory_ids=changed,
            merge_strategy=STRATEGY,
            source_id=source_id,
            job_id=job_id,
        )
    return changed


def respelt(text: str, old_names: tuple[str, ...], new: str) -> str:
    """`text` with each old spelling, as a whole word and written as it was, replaced by `new`."""
    for old in sorted(old_names, key=len, reverse=True):  # "Sarah Chen" before "Sarah"
        text = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, text)
    return text


def _respell(
    conn: Conn,
    user_id: str,
    row: dict[str, Any],
    content: str,
    embedding: np.ndarray | None,
    correction: Correction,
    new: str,
    embedding_model: str,
    changed_by: str,
) -> bool:
    """One memory's new version: its text (re-embedded), its name, and the subject and value a later
    fact about the corrected name is scoped by."""
    changes: dict[str, Any] = {}
    if embedding is not None:
        changes |= {
            "content": content,
            "content_hash": content_hash(content),
            "embedding": embedding,
            "embedding_model": embedding_model,
        }
    if row["name"] in correction.old_names:
        changes["name"] = new
    metadata = dict(row["metadata"] or {})
    for key in ("subject", "value"):
        said = metadata.get(key)
        if isinstance(said, str) and respelt(said, correction.old_names, new) != said:
            metadata[key] = respelt(said, correction.old_names, new)
            changes["metadata"] = metadata
    if not changes:
        return False
    updated = memory_repo.update_memory(conn, user_id, row["id"], changes | {"version": row["version"] + 1})
    assert updated is not None
    memory_repo.insert_version(
        conn, user_id, updated, operation="UPDATE", strategy=STRATEGY, changed_by=changed_by
    )
    graph_repo.link_memory(conn, user_id, row["id"], [(correction.entity_id, "mention")])
    return True
