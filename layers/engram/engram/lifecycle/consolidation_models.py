"""`POST /v1/consolidate`: the request, the preview and the merge result.

A preview and a merge have the same vocabulary: a `group` is one keeper and the memories that would be
(or were) merged into it; `pairs` flattens the groups into keeper/merge pairs with their similarity.
Both contents are shown, so the user can judge each merge before `force: true`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

from pydantic import BaseModel, Field, StrictBool

from engram.request_rules import ApiModel

DEFAULT_THRESHOLD = 0.85


class ConsolidateRequest(ApiModel):
    """`force: false` previews; `force: true` merges. `threshold` is cosine similarity (0.5-1);
    `limit` caps the merges a call shows or performs."""

    force: StrictBool = False
    threshold: Annotated[float, Field(ge=0.5, le=1.0)] = DEFAULT_THRESHOLD
    limit: Annotated[int, Field(ge=1, le=1000)] = 100


class MemoryBrief(BaseModel):
    id: UUID
    content: str
    name: str | None = None
    memory_type: str
    importance: str
    mention_count: int
    created_at: datetime
    keeper_score: float


class PairPreview(BaseModel):
    keep: MemoryBrief
    merge: MemoryBrief
    similarity: float


class GroupPreview(BaseModel):
    keep: MemoryBrief
    merge: list[MemoryBrief]
    similarity: float  # the lowest similarity of a member to the keeper


class EntityPair(BaseModel):
    keep_id: UUID
    keep_name: str
    merge_id: UUID
    merge_name: str
    kind: str


class PreviewResult(BaseModel):
    mode: Literal["preview"] = "preview"
    threshold: float
    count: int  # pairs in this preview (merges a force would perform, up to `limit`)
    pairs: list[PairPreview]
    groups: list[GroupPreview]
    entities: list[EntityPair]
    message: str


class MergedPair(BaseModel):
    kept: UUID
    merged: UUID
    similarity: float
    content: str
    version: int
    merger: str


class FailedPair(BaseModel):
    kept: UUID
    merged: UUID
    code: str
    message: str


class MergeResult(BaseModel):
    mode: Literal["merged"] = "merged"
    threshold: float
    count: int
    merged: list[MergedPair]
    skipped: list[FailedPair]
    failed: list[FailedPair]
    entities_merged: list[EntityPair]
