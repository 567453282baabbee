"""What `GET /v1/sources` and `GET /v1/sources/{id}` return."""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from pydantic import BaseModel, Field


class SourceSummary(BaseModel):
    """A source the caller reads: theirs, or shared with a team they belong to (`created_by` says whose).
    The processing results of its creator are not part of it: each reader has their own memories."""

    id: UUID
    created_by: str
    team_id: UUID | None = None
    participants: list[str] = Field(default_factory=list)
    source_type: str
    context_type: str | None = None
    external_id: str | None = None
    conversation_id: str | None = None
    summary: str | None = None
    tags: list[str] = Field(default_factory=list)
    document_date: datetime | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    created_at: datetime


class SourcePage(BaseModel):
    """One page of `GET /v1/sources`, newest first; `next_cursor` is null on the last page."""

    items: list[SourceSummary]
    next_cursor: str | None = None


class SourceMessage(BaseModel):
    """One message as stored (after the privacy filter): who said it and what."""

    id: str | None = None
    role: str = "user"
    name: str | None = None
    user_id: str | None = None
    content: str
    timestamp: datetime | None = None


class CitingMemory(BaseModel):
    """One of the caller's own memories taken from the source."""

    id: UUID
    content: str
    memory_type: str
    status: str
    created_at: datetime


class SourceDetail(SourceSummary):
    """A source with its messages (a note is one message) and the caller's memories that cite it."""

    content: str
    messages: list[SourceMessage]
    memories: list[CitingMemory]
