"""API models of the entity endpoints: entities with the `entities` table's column names (never the vector),
their edges, notes and sentiment, and the body of a new note."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal
from uuid import UUID

from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from engram.language.sentiment import Trend
from engram.models import MemoryType
from engram.request_rules import ApiModel

EntityKind = Literal["person", "concept", "entity"]
NoteLifetime = Literal["week", "month", "year", "forever"]
Direction = Literal["outgoing", "incoming"]


def _no_nul(text: str) -> str:
    # PostgreSQL text cannot hold NUL: refuse it here as a 400 rather than fail in the database.
    if "\x00" in text:
        raise ValueError("must not contain NUL characters")
    return text


NoteContent = Annotated[str, StringConstraints(min_length=1, max_length=4000), AfterValidator(_no_nul)]


class Entity(BaseModel):
    """A node of the user's graph as the API returns it."""

    id: UUID
    kind: EntityKind
    entity_type: str
    name: str
    canonical_name: str
    aliases: list[str] = Field(default_factory=list)
    description: str | None = None
    is_owner: bool
    relationship: str | None = None
    sentiment_average: float | None = None
    mention_count: int
    first_mentioned_at: datetime | None = None
    last_mentioned_at: datetime | None = None
    source_count: int
    distinct_source_days: int
    is_dirty: bool
    confidence: float
    salience: float
    state: str
    ttl_policy: str
    access_count: int
    last_accessed_at: datetime | None = None
    recall_frequency: int
    has_storyline: bool
    has_macro: bool
    metadata: dict = Field(default_factory=dict)
    created_at: datetime
    updated_at: datetime


class EntityPage(BaseModel):
    """One page of `GET /v1/entities`; `next_cursor` is null on the last page."""

    items: list[Entity]
    next_cursor: str | None = None


class Note(BaseModel):
    """A note on a node (`entity_id`) or an edge (`relationship_id`); `expires_at` null = forever."""

    id: UUID
    entity_id: UUID | None = None
    relationship_id: UUID | None = None
    content: str
    added_by: str
    source_id: UUID | None = None
    lifetime: NoteLifetime
    date_added: datetime
    expires_at: datetime | None = None


class NoteCreate(ApiModel):
    """`POST /v1/entities/{id}/notes` and `POST /v1/relationships/{id}/notes`."""

    content: NoteContent
    lifetime: NoteLifetime = "forever"


class NodeRef(BaseModel):
    """The node at the other end of an edge."""

    id: UUID
    name: str
    kind: EntityKind
    entity_type: str
    is_owner: bool


class EntityRelationship(BaseModel):
    """An edge seen from the entity asked about: `direction` says whether it points away from it
    (`outgoing`: the entity is `from_entity_id`) or towards it; `other` is the node at the far end."""

    id: UUID
    direction: Direction
    other: NodeRef
    from_entity_id: UUID
    to_entity_id: UUID
    kind: str
    relationship_type: str
    description: str | None = None
    strength: float
    attitude: int
    proximity: int
    confidence: float
    valid_from: datetime
    valid_to: datetime | None = None
    recorded_at: datetime
    started_at: datetime | None = None
    ended_at: datetime | None = None
    is_active: bool
    state: str
    salience: float
    co_mention_count: int
    evidence_memory_ids: list[UUID] = Field(default_factory=list)
    notes: list[Note] = Field(default_factory=list)


class SentimentPoint(BaseModel):
    """One UTC day of readings."""

    day: date
    avg: float
    min: float
    max: float
    count: int


class EntitySentiment(BaseModel):
    """`trajectory` covers the last `days` days; `average` is the mean of all readings in them (null
    without any). The trend compares the last 14 days with the 14 before, whatever `days` is."""

    trend: Trend
    trajectory: list[SentimentPoint]
    average: float | None = None
    days: int
    current_average: float | None = None
    previous_average: float | None = None
    change: float | None = None


class SupersededFact(BaseModel):
    """Something that used to be true about the entity, and the memory that replaced it."""

    id: UUID
    content: str
    memory_type: MemoryType
    superseded_by: UUID | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    created_at: datetime
    updated_at: datetime


class EntityDetail(Entity):
    """`GET /v1/entities/{id}`: the node with its edges, notes, sentiment and superseded facts.

    `relationships` are the edges valid now, or at `as_of` when it was asked for; `relationship_history`
    the edges that have ended."""

    as_of: datetime | None = None
    relationships: list[EntityRelationship]
    relationship_history: list[EntityRelationship]
    notes: list[Note]
    sentiment: EntitySentiment
    superseded_facts: list[SupersededFact]
