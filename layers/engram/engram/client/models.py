"""What the client sends and reads: pydantic models of the HTTP API's bodies, kept by the client itself.

The client imports nothing of the service, so an app can use it without the service's dependencies;
tests/client/test_contract.py holds these models to the served OpenAPI document instead. Response
models declare the fields an app reads and keep any others the server sends (`extra="allow"`), so a
server that gains a field never breaks an older client. Request models leave out what the caller left
unset (`None`), so the server's own defaults apply rather than copies of them kept here.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

MemoryType = Literal["entity", "fact", "preference", "event", "goal", "procedure", "decision", "action"]
MemoryStatus = Literal["active", "superseded", "archived"]
Layer = Literal["working", "episodic", "semantic", "procedural"]
Importance = Literal["critical", "high", "medium", "low", "trivial"]
Sensitivity = Literal["normal", "sensitive", "private"]
EntityKind = Literal["person", "concept", "entity"]
JobStatus = Literal["pending", "processing", "completed", "failed", "cancelled"]
JobType = Literal[
    "extract",
    "update",
    "consolidate",
    "decay",
    "cleanup",
    "graph_update",
    "hierarchy",
    "reembed",
    "vector_index",
]
Role = Literal["user", "assistant", "system", "tool"]
ContextType = Literal[
    "work-session",
    "team-meeting",
    "phone-call",
    "personal-reflection",
    "planning",
    "brainstorming",
    "email-thread",
    "slack-discussion",
]

ItemT = TypeVar("ItemT")


class ApiModel(BaseModel):
    """A body the server sends."""

    model_config = ConfigDict(extra="allow")


class RequestModel(BaseModel):
    """A body the client sends: a misspelt field fails here, before any request."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    def body(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


# --- requests -------------------------------------------------------------------------------------------


class Message(RequestModel):
    """One turn of a conversation."""

    role: Role = "user"
    content: str
    timestamp: datetime | None = None
    name: str | None = None


class SourceSpec(RequestModel):
    """Where a note or conversation came from."""

    context_type: ContextType | None = None
    document_date: datetime | None = None
    external_id: str | None = None
    conversation_id: str | None = None
    tags: list[str] | None = None


class AnalyzeRequest(RequestModel):
    content: str | None = None
    messages: list[Message] | None = None
    source: SourceSpec | None = None
    run_async: bool | None = Field(None, alias="async")
    idempotency_key: str | None = None


class SearchRequest(RequestModel):
    query: str
    limit: int | None = None
    threshold: float | None = None
    memory_types: list[MemoryType] | None = None
    include_historical: bool | None = None
    sensitivity_max: Sensitivity | None = None
    explain: bool | None = None


class RecallRequest(RequestModel):
    query: str
    max_chars: int | None = None
    history: list[Message] | None = None
    sensitivity_max: Sensitivity | None = None


class TimelineRequest(RequestModel):
    start: datetime | None = None
    end: datetime | None = None
    query: str | None = None
    limit: int | None = None
    cursor: str | None = None
    sensitivity_max: Sensitivity | None = None


# --- responses ------------------------------------------------------------------------------------------


class Page(ApiModel, Generic[ItemT]):
    """One page of a listing; `next_cursor` asks for the next (None on the last page)."""

    items: list[ItemT]
    next_cursor: str | None = None


class Memory(ApiModel):
    id: str
    content: str
    name: str | None = None
    memory_type: MemoryType
    layer: Layer
    category: str | None = None
    status: MemoryStatus
    is_historical: bool
    confidence: float
    importance: Importance
    sensitivity_level: Sensitivity
    version: int
    event_date: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    source_id: str | None = None
    created_at: datetime
    updated_at: datetime


class SearchHit(Memory):
    similarity: float
    relevance: float = 0.0
    final_score: float
    explain: dict[str, Any] | None = None


class SearchResult(ApiModel):
    """A standard search (`type` "standard"), or a special query's answer: its other fields are extras."""

    type: str
    query: str
    results: list[SearchHit]
    took_ms: float


class RecallMemory(ApiModel):
    id: str
    content: str
    memory_type: MemoryType
    section: str


class RecallStats(ApiModel):
    needs_search: bool
    candidates: int
    chars: int
    max_chars: int
    took_ms: float


class RecallResult(ApiModel):
    """The context for the app's LLM, within `stats.max_chars` characters, and the memories in it."""

    needs_search: bool
    context: str
    memories: list[RecallMemory]
    stats: RecallStats


class TimelineEvent(ApiModel):
    memory_id: str | None
    title: str
    event_type: str
    memory_type: str | None
    event_date: datetime
    description: str | None
    is_historical: bool
    importance: str | None


class TimelineDay(ApiModel):
    date: date
    events: list[TimelineEvent]


class Timeline(ApiModel):
    start: datetime | None
    end: datetime | None
    query: str | None
    days: list[TimelineDay]
    count: int
    next_cursor: str | None


class Entity(ApiModel):
    id: str
    kind: EntityKind
    entity_type: str
    name: str
    aliases: list[str] = []
    description: str | None = None
    is_owner: bool
    relationship: str | None = None
    sentiment_average: float | None = None
    mention_count: int
    created_at: datetime
    updated_at: datetime


class EntityDetail(Entity):
    """An entity with its relationships, notes and sentiment, as the server shapes them."""

    relationships: list[dict[str, Any]]
    notes: list[dict[str, Any]]
    sentiment: dict[str, Any]
    superseded_facts: list[dict[str, Any]]


class Source(ApiModel):
    id: str
    created_by: str
    source_type: str
    context_type: str | None = None
    summary: str | None = None
    tags: list[str] = []
    document_date: datetime | None = None
    created_at: datetime


class SourceDetail(Source):
    content: str
    messages: list[dict[str, Any]]
    memories: list[dict[str, Any]]


class ProfileItem(ApiModel):
    id: str
    category: str
    key: str
    value: str
    confidence: float
    sensitivity_level: Sensitivity
    valid_from: datetime
    valid_to: datetime | None


class Profile(ApiModel):
    """The user's key facts: `profile` by category and key, `items` with where each came from."""

    profile: dict[str, dict[str, str]]
    items: list[ProfileItem]


class JobRef(ApiModel):
    id: str
    job_type: str
    status: str


class Operation(ApiModel):
    """What one extracted fact did to memory: ADD, UPDATE, DELETE or NONE."""

    operation: str
    memory_id: str | None = None
    content: str | None = None


class AnalyzeResult(ApiModel):
    """`status` "extracted" when every fact was applied; "queued" when jobs carry on in the background."""

    source_id: str
    status: Literal["queued", "raw", "processed", "extracted", "failed"]
    operations: list[Operation] | None = None
    jobs: list[JobRef] | None = None
    idempotent_replay: bool | None = None


class Job(ApiModel):
    """A background job; `last_error` says why a failed one failed (never with the user's words)."""

    id: str
    job_type: str
    status: str
    attempts: int
    last_error: str | None
    source_id: str | None
    created_at: datetime
    completed_at: datetime | None


class Named(ApiModel):
    id: str
    name: str


class NodeRef(Named):
    kind: EntityKind


class StorylineMemory(ApiModel):
    id: str
    content: str
    memory_type: MemoryType


class HierarchyRow(Named):
    """A storyline or a macro: its title (`name`), summary and the node it is about."""

    description: str | None = None
    anchor: NodeRef


class Storyline(HierarchyRow):
    """A thread of the user's sources about one node: its period, its memories, the macros above it."""

    source_count: int
    started_at: datetime | None = None
    last_source_at: datetime | None = None
    memory_count: int
    memories: list[StorylineMemory]
    macros: list[Named]


class MacroStoryline(Named):
    source_count: int
    started_at: datetime | None = None
    last_source_at: datetime | None = None


class Macro(HierarchyRow):
    """Storylines that share a root node over a long span."""

    storyline_count: int
    total_source_count: int
    started_at: datetime | None = None
    last_event_at: datetime | None = None
    storylines: list[MacroStoryline]


class DeleteResult(ApiModel):
    deleted: bool = True
    hard: bool
    memory_id: str


class Health(ApiModel):
    status: str
    database: str
    version: str
    stage: str
