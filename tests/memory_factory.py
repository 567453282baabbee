"""Memories stored directly through the real repositories, for tests about reading them."""

from __future__ import annotations

from typing import Any

from engram.db.repositories.memories import insert_memory, insert_version
from engram.pipeline.update import content_hash
from engram.providers.spaces import user_embedder


def add_memories(db: Any, user_id: str, *contents: str, **fields: Any) -> list[dict]:
    """Store memories as the update phase would (hash, embedding in the user's space, version 1), in one
    transaction."""
    embedder = user_embedder(user_id, db=db)
    rows = []
    with db.user_transaction(user_id) as conn:
        for content in contents:
            row = insert_memory(
                conn,
                user_id,
                {
                    "content": content,
                    "content_hash": content_hash(content),
                    "embedding": embedder.embed_one(content),
                    "embedding_model": embedder.model,
                    **fields,
                },
            )
            insert_version(conn, user_id, row, operation="ADD", strategy=None, changed_by="test")
            rows.append(row)
    return rows
