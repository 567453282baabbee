"""Request and response models of forget-me (`DELETE /v1/me`), export (`GET /v1/export`) and import
(`POST /v1/import`, `engram import FILE`).

Import items are validated in full before anything is written, so a bad item is a 400 naming it
(`facts[3].content`) and nothing of the request is stored. Two kinds of item:

- `LegacyEntity`: a row of a legacy `user_entities` table (name, type, relationship, context,
  mention_count, verified, first/last mention timestamps). Legacy exports carry whatever other
  columns their table had (id, user_id, status, metadata, visual_description ...), so unknown keys
  are ignored here; the user id never comes from the file.
- `ImportFact`: `content` plus any memory field a client may set. Unknown keys are refused (a typo
  must not be silently dropped), except the bookkeeping keys `GET /v1/export` writes on each memory
  (`EXPORT_BOOKKEEPING_KEYS`: ids, versions, hashes, history ...), which are dropped so an export's
  `memories` can be imported as they are.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from engram.models import (
    MEMORY_CONTENT_MAX_CHARS,
    FactSourceType,
    Importance,
    Layer,
    MemoryType,
    SensitivityLevel,
    TtlPolicy,
)
from engram.request_rules import JsonScalars, Timestamp

MAX_IMPORT_ITEMS = 5_000  # entities + facts per request; `engram import` sends larger files in chunks

# Keys `GET /v1/export` writes on a memory that are not something to import: identities and links
# that belong to the exporting database (ids, version chain, sources), derived values (hash, vectors,
# access statistics) and the nested history. Dropped on import, so an export round-trips.
EXPORT_BOOKKEEPING_KEYS = frozenset(
    {
        "id", "user_id", "version", "parent_id", "root_id", "supersedes_id", "superseded_by", "content_hash",
        "embedding", "embedding_model", "tsv", "updated_at", "history", "entity_ids", "edge_claims",
        "provenance", "source_id", "access_count", "last_accessed_at", "recall_frequency",
        "last_recall_interval", "decay_gradient", "session_id", "container_tag",
    }
)  # fmt: skip

ShortText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]
Label = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
LegacyLabel = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)]
MemoryStatusValue = Literal["active", "superseded", "archived"]
MemoryStateValue = Literal["candidate", "active", "core", "archived"]
Unit = Annotated[float, Field(ge=0.0, le=1.0)]
Signed = Annotated[float, Field(ge=-1.0, le=1.0)]


def _no_nul(value: Any) -> Any:
    """PostgreSQL text cannot hold U+0000: refused as the client's error, never a 500."""
    if isinstance(value, str) and "\x00" in value:
        raise ValueError("must not contain NUL characters")
    return value


class LegacyEntity(JsonScalars):
    """One legacy entity (a `user_entities` row): becomes an entity node and an entity memory."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    name: ShortText
    # Legacy rows hold "" where they mean "none" (type: "person"): documented as accepted, read as unset.
    type: LegacyLabel | None = "person"  # null: the legacy rows' own value, read as "person"
    relationship: LegacyLabel | None = None
    context: Annotated[str, StringConstraints(max_length=4000)] | None = None
    # null (the legacy rows' own value) reads as metadata's count or 1: never None after validation
    mention_count: Annotated[int, Field(ge=0, le=1_000_000)] | None = 1
    verified: StrictBool = False
    first_mentioned_at: Timestamp | None = None
    last_mentioned_at: Timestamp | None = None
    created_at: Timestamp | None = None

    @model_validator(mode="before")
    @classmethod
    def _legacy_spellings(cls, data: Any) -> Any:
        """Legacy exports hold the text in `details` or `context`, may leave `type` empty (a person) and
        keep the count in `metadata.mention_count`; an Engram export names the type `entity_type`."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        if data.get("context") in (None, "") and data.get("details"):
            data["context"] = data["details"]
        if data.get("type") in (None, "") and data.get("entity_type"):
            data["type"] = data["entity_type"]
        for key in ("type", "relationship", "context"):
            if data.get(key) == "":
                data[key] = None if key != "type" else "person"
        if data.get("type") is None:
            data["type"] = "person"
        metadata = data.get("metadata")
        if data.get("mention_count") is None and isinstance(metadata, dict) and "mention_count" in metadata:
            data["mention_count"] = metadata["mention_count"]
        if data.get("mention_count") is None:
            data["mention_count"] = 1
        return data

    @field_validator("name", "type", "relationship", "context")
    @classmethod
    def _text(cls, value: Any) -> Any:
        return _no_nul(value)

    @model_validator(mode="after")
    def _ordered_mentions(self) -> LegacyEntity:
        self.type = self.type or "person"  # blank after stripping: what "" means in a legacy row
        self.relationship = self.relationship or None
        self.context = self.context or None
        if self.first_mentioned_at is None:
            self.first_mentioned_at = self.created_at
        if self.last_mentioned_at is None:
            self.last_mentioned_at = self.first_mentioned_at
        if (
            self.first_mentioned_at
            and self.last_mentioned_at
            and self.last_mentioned_at < self.first_mentioned_at
        ):
            self.first_mentioned_at, self.last_mentioned_at = self.last_mentioned_at, self.first_mentioned_at
        return self


class ImportFact(JsonScalars):
    """One fact: `content` plus any `memories` column a client may set."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    content: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MEMORY_CONTENT_MAX_CHARS)
    ]
    name: Annotated[str, StringConstraints(min_length=1, max_length=300)] | None = None
    memory_type: MemoryType = "fact"
    layer: Layer = "semantic"
    category: Label | None = None
    entity_type: Label | None = None
    relationship: Label | None = None
    confidence: Annotated[float, Field(ge=0.0, le=1.0)] = 0.8
    source_type: FactSourceType = "explicit"
    evidence: Annotated[str, StringConstraints(max_length=2000)] | None = None
    importance: Importance = "medium"
    importance_score: Unit | None = None
    sentiment: Signed | None = None
    is_historical: StrictBool = False
    effective_from: Timestamp | None = None
    expires_at: Timestamp | None = None
    recurrence: dict[str, Any] | None = None
    document_date: Timestamp | None = None
    event_date: Timestamp | None = None
    valid_from: Timestamp | None = None
    valid_to: Timestamp | None = None
    sensitivity_level: SensitivityLevel | None = None
    status: MemoryStatusValue = "active"
    state: MemoryStateValue = "candidate"
    ttl_policy: TtlPolicy = "decay"
    salience: Unit | None = None
    mention_count: Annotated[int, Field(ge=0, le=1_000_000)] = 1
    outcome: Annotated[str, StringConstraints(max_length=2000)] | None = None
    outcome_sentiment: Signed | None = None
    outcome_recorded_at: Timestamp | None = None
    last_reinforced_at: Timestamp | None = None
    metadata: dict[str, Any] | None = None
    created_at: Timestamp | None = None

    @model_validator(mode="before")
    @classmethod
    def _drop_export_bookkeeping(cls, data: Any) -> Any:
        if isinstance(data, dict) and EXPORT_BOOKKEEPING_KEYS & data.keys():
            return {k: v for k, v in data.items() if k not in EXPORT_BOOKKEEPING_KEYS}
        return data

    @field_validator("content", "name", "category", "entity_type", "relationship", "evidence", "outcome")
    @classmethod
    def _text(cls, value: Any) -> Any:
        return _no_nul(value)

    @field_validator("recurrence", "metadata")
    @classmethod
    def _json_text(cls, value: Any) -> Any:
        if value is not None and "\\u0000" in json.dumps(value):
            raise ValueError("must not contain NUL characters")
        return value

    @field_validator("expires_at")
    @classmethod
    def _after_effective(cls, value: datetime | None, info: Any) -> datetime | None:
        start = info.data.get("effective_from")
        if value is not None and start is not None and value <= start:
            raise ValueError("must be after effective_from")
        return value

    @field_validator("valid_to")
    @classmethod
    def _after_valid_from(cls, value: datetime | None, info: Any) -> datetime | None:
        start = info.data.get("valid_from")
        if value is not None and start is not None and value < start:
            raise ValueError("must not be before valid_from")
        return value


class ImportRequest(JsonScalars):
    """`POST /v1/import`: legacy entities and facts, at most MAX_IMPORT_ITEMS in all."""

    model_config = ConfigDict(extra="forbid")

    entities: Annotated[list[LegacyEntity], Field(max_length=MAX_IMPORT_ITEMS)] = []
    facts: Annotated[list[ImportFact], Field(max_length=MAX_IMPORT_ITEMS)] = []

    @model_validator(mode="after")
    def _within_cap(self) -> ImportRequest:
        if len(self.entities) + len(self.facts) > MAX_IMPORT_ITEMS:
            raise PydanticCustomError(
                "too_many_items",
                "holds too many items: at most {limit} entities and facts together per request "
                "(send the rest in further requests)",
                {"limit": MAX_IMPORT_ITEMS, "field": "facts"},
            )
        return self


class SkippedItem(BaseModel):
    """An item that was valid but not stored, and why (never the content itself)."""

    index: int
    reason: str


class EntityImportCounts(BaseModel):
    created: int = 0
    existing: int = 0
    skipped: list[SkippedItem] = Field(default_factory=list)


class FactImportCounts(BaseModel):
    created: int = 0
    existing: int = 0
    skipped: list[SkippedItem] = Field(default_factory=list)


class ImportResult(BaseModel):
    """What an import did: `created` new memories, `existing` ones already held (re-imports create
    nothing), `skipped` items the privacy filter refused (index into the request's list)."""

    entities: EntityImportCounts = Field(default_factory=EntityImportCounts)
    facts: FactImportCounts = Field(default_factory=FactImportCounts)

    def add(self, other: ImportResult, entity_offset: int, fact_offset: int) -> None:
        """Fold a chunk's result in, re-basing its indexes onto the whole file (`engram import`)."""
        self.entities.created += other.entities.created
        self.entities.existing += other.entities.existing
        self.entities.skipped += [
            SkippedItem(index=s.index + entity_offset, reason=s.reason) for s in other.entities.skipped
        ]
        self.facts.created += other.facts.created
        self.facts.existing += other.facts.existing
        self.facts.skipped += [
            SkippedItem(index=s.index + fact_offset, reason=s.reason) for s in other.facts.skipped
        ]


class ForgetResult(BaseModel):
    """`DELETE /v1/me`: rows deleted per table (zeros when there was nothing left to forget)."""

    deleted: dict[str, int]


class ExportDocument(BaseModel):
    """`GET /v1/export`: everything Engram holds about the user, uncapped.

    Rows are the tables' own columns without `user_id` (it is the top-level `user_id`) and
    without what `omitted` lists. `counts` gives the number of rows of each section, so a reader can
    check completeness.
    """

    exported_at: datetime
    user_id: str
    user: dict[str, Any] | None
    memories: list[dict[str, Any]]
    memory_relations: list[dict[str, Any]]
    entities: list[dict[str, Any]]
    relationships: list[dict[str, Any]]
    notes: list[dict[str, Any]]
    sentiment_history: list[dict[str, Any]]
    timeline_events: list[dict[str, Any]]
    sources: list[dict[str, Any]]
    conversation_state: list[dict[str, Any]]
    preferences: dict[str, Any] | None
    profile: list[dict[str, Any]]
    feedback: list[dict[str, Any]]
    operations: list[dict[str, Any]]
    jobs: list[dict[str, Any]]
    storylines: list[dict[str, Any]]
    macros: list[dict[str, Any]]
    artifacts: list[dict[str, Any]]
    teams: list[dict[str, Any]]
    team_memberships: list[dict[str, Any]]
    counts: dict[str, int]
    omitted: dict[str, str]
    truncated: bool = False
