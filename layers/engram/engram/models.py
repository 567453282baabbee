"""Pydantic models of the domain and of the API: one source of truth for field names and limits."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal, get_args
from uuid import UUID

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    model_validator,
)
from pydantic_core import PydanticCustomError

from engram.request_rules import ApiModel, JsonScalars, Timestamp

# A user id (a token's subject) longer than this is refused: it is stored in every row the user owns.
MAX_USER_ID_LENGTH = 128

MemoryType = Literal["entity", "fact", "preference", "event", "goal", "procedure", "decision", "action"]
SensitivityLevel = Literal["normal", "sensitive", "private"]
MEMORY_TYPES: tuple[MemoryType, ...] = get_args(MemoryType)
SENSITIVITY_LEVELS: tuple[SensitivityLevel, ...] = get_args(SensitivityLevel)  # least to most sensitive

Topic = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]


class MemoryPreferences(BaseModel):
    """How a user wants Engram to remember and recall: categories, sensitivity, retention, recall."""

    custom_instructions: str | None = None
    enabled_categories: list[MemoryType] = Field(default_factory=lambda: list(MEMORY_TYPES))
    auto_mark_sensitive: list[str] = Field(
        default_factory=lambda: ["health", "medical", "financial", "death", "mental health", "therapy"]
    )
    never_store: list[str] = Field(default_factory=list)
    default_expiry_days: int | None = None
    events_auto_expire: bool = True
    prefer_recent: bool = True
    include_historical_by_default: bool = False
    default_sensitivity_level: SensitivityLevel = "normal"
    min_confidence: float = 0.6
    notify_on_consolidation: bool = False
    notify_on_conflict: bool = True
    updated_at: datetime | None = None


class PreferencesUpdate(ApiModel):
    """`PUT /v1/preferences`: a partial update; fields left out keep their value."""

    custom_instructions: Annotated[str, StringConstraints(max_length=4000)] | None = None
    enabled_categories: Annotated[list[MemoryType], Field(min_length=1, max_length=8)] | None = None
    auto_mark_sensitive: Annotated[list[Topic], Field(max_length=100)] | None = None
    never_store: Annotated[list[Topic], Field(max_length=100)] | None = None
    default_expiry_days: Annotated[int, Field(ge=1, le=36500)] | None = None
    events_auto_expire: StrictBool | None = None
    prefer_recent: StrictBool | None = None
    include_historical_by_default: StrictBool | None = None
    default_sensitivity_level: SensitivityLevel | None = None
    min_confidence: Annotated[float, Field(ge=0.0, le=1.0)] | None = None
    notify_on_consolidation: StrictBool | None = None
    notify_on_conflict: StrictBool | None = None

    @model_validator(mode="after")
    def _null_only_where_clearable(self) -> PreferencesUpdate:
        """`null` clears custom_instructions/default_expiry_days; elsewhere it is a client error."""
        for name in self.model_fields_set - CLEARABLE_PREFERENCES:
            if getattr(self, name) is None:
                raise PydanticCustomError("null_not_allowed", f"{name} cannot be null", {"field": name})
        return self


CLEARABLE_PREFERENCES = frozenset({"custom_instructions", "default_expiry_days"})


# ---------------------------------------------------------------------------------------------------
# Write path: analyze (extraction) and update (one decision per candidate fact)
# ---------------------------------------------------------------------------------------------------

Layer = Literal["working", "episodic", "semantic", "procedural"]
Importance = Literal["critical", "high", "medium", "low", "trivial"]
IMPORTANCE_LEVELS: tuple[Importance, ...] = get_args(Importance)[::-1]  # least to most important
FactSourceType = Literal["explicit", "inferred"]
Operation = Literal["ADD", "UPDATE", "DELETE", "NOOP", "REINFORCE"]
MergeStrategy = Literal["replace", "append", "supersede"]
ContextType = Literal[
    "work-session", "team-meeting", "phone-call", "personal-reflection",
    "planning", "brainstorming", "email-thread", "slack-discussion",
]  # fmt: skip

EVIDENCE_MAX_CHARS = 120
# The default `threshold` of a search, on calibrated relevance: set on the app relevance set so that
# questions nothing answers mostly return nothing while answerable ones keep their answer.
SEARCH_THRESHOLD = 0.3
CONFIDENCE_MIN, CONFIDENCE_MAX = 0.3, 1.0
IMPORTANCE_SCORES: dict[str, float] = {
    "critical": 1.0,
    "high": 0.8,
    "medium": 0.5,
    "low": 0.3,
    "trivial": 0.1,
}


def clamp_confidence(value: float | None, default: float = 0.5) -> float:
    """Confidence lives in 0.3-1.0; out-of-range model output is clamped, never refused."""
    if value is None:
        return default
    return round(min(CONFIDENCE_MAX, max(CONFIDENCE_MIN, float(value))), 3)


def cap_evidence(text: str | None) -> str | None:
    """Evidence is a short pointer (<= 120 chars), not a copy of the source.

    The cut falls between words: a word cut in half is no longer recognisable to the privacy filter,
    which runs after this, so half a password would be kept. A single word longer than the cap is
    dropped whole."""
    if not text:
        return None
    text = " ".join(str(text).split())
    if len(text) <= EVIDENCE_MAX_CHARS:
        return text
    room = EVIDENCE_MAX_CHARS - 1  # and the ellipsis
    cut = room if text[room] == " " else text[:room].rfind(" ")
    return (text[:cut].rstrip() + "…") if cut > 0 else None


class Message(ApiModel):
    """One conversation turn as the client sends it."""

    role: Literal["user", "assistant", "system", "tool"] = "user"
    content: Annotated[str, StringConstraints(min_length=1, max_length=20_000)]
    timestamp: Timestamp | None = None
    id: Annotated[str, StringConstraints(min_length=1, max_length=128)] | None = None
    name: Annotated[str, StringConstraints(min_length=1, max_length=100)] | None = None
    # In a team's shared source: the member who said it (their own words are "I" in their memories).
    user_id: Annotated[str, StringConstraints(min_length=1, max_length=128)] | None = None


class SourceSpec(ApiModel):
    """Optional description of where the content came from (stored on its `sources` row)."""

    type: Annotated[str, StringConstraints(min_length=1, max_length=64)] = "note"
    context_type: ContextType | None = None
    document_date: Timestamp | None = None
    # With `team_id` the source is shared: stored once, read by the team's members, and each participant
    # (member user ids; the caller always is one) gets their own memories of it.
    team_id: UUID | None = None
    participants: Annotated[
        list[Annotated[str, StringConstraints(min_length=1, max_length=128)]], Field(max_length=50)
    ] = []
    external_id: Annotated[str, StringConstraints(max_length=256)] | None = None
    conversation_id: Annotated[str, StringConstraints(max_length=256)] | None = None
    tags: Annotated[list[Annotated[str, StringConstraints(max_length=64)]], Field(max_length=50)] = []


class ProvenanceEntry(BaseModel):
    """Where a memory came from: the source and the client's message ids within it."""

    source_id: str
    message_ids: list[str] = Field(default_factory=list)


class ProvenanceView(ProvenanceEntry):
    """A provenance entry as a memory read shows it: `accessible` is false when the caller no longer
    reads the source (they left the team it was shared with), so a client says "source no longer
    accessible" rather than following a link to a 404."""

    accessible: bool | None = None


class EntityMention(BaseModel):
    """A person, place, organisation or concept a fact mentions (linked into the graph later)."""

    name: str
    kind: Literal["person", "concept", "entity"] = "entity"
    entity_type: str | None = None  # person|place|organization|project|pet|product|event|concept|other
    relationship: str | None = None  # to the user, for people: friend, coworker, sister ...
    role: Literal["subject", "object", "mention"] = "mention"


class CandidateFact(BaseModel):
    """One candidate memory produced by extraction, before the update decision.

    `subject`/`attribute`/`value` scope contradictions: two facts only retire each other when they
    are about the same subject and the same attribute ("Marcus" / "employer"), never because they
    merely look alike. `forget` marks an explicit request to forget what `content` describes.
    """

    model_config = ConfigDict(extra="ignore")

    content: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=2000)]
    name: str | None = None
    memory_type: MemoryType = "fact"
    layer: Layer = "semantic"
    category: str | None = None
    entity_type: str | None = None
    relationship: str | None = None
    sentiment: Annotated[float, Field(ge=-1.0, le=1.0)] | None = None
    importance: Importance = "medium"
    confidence: float = 0.7
    source_type: FactSourceType = "explicit"
    evidence: str | None = None
    is_historical: bool = False
    effective_from: Timestamp | None = None
    expires_at: Timestamp | None = None
    event_date: Timestamp | None = None
    recurrence: dict | None = None
    sensitivity_level: SensitivityLevel = "normal"
    outcome: str | None = None
    outcome_sentiment: Annotated[float, Field(ge=-1.0, le=1.0)] | None = None
    subject: str | None = None
    attribute: str | None = None
    value: str | None = None
    is_correction: bool = False
    forget: bool = False
    entities: list[EntityMention] = Field(default_factory=list)
    provenance: list[ProvenanceEntry] = Field(default_factory=list)

    @model_validator(mode="after")
    def _normalise(self) -> CandidateFact:
        self.confidence = clamp_confidence(self.confidence)
        self.evidence = cap_evidence(self.evidence)
        if self.expires_at and self.effective_from and self.expires_at <= self.effective_from:
            self.expires_at = None
        return self


class ChangeDetected(BaseModel):
    model_config = ConfigDict(extra="ignore")

    entity: str
    change_type: str  # job|location|relationship|status|preference|goal|name
    old_value: str | None = None
    new_value: str | None = None
    is_correction: bool = False


class DecisionRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    decision: str
    context: str | None = None
    alternatives_considered: list[str] = Field(default_factory=list)


class ActionRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    action: str
    outcome: str | None = None
    outcome_sentiment: Annotated[float, Field(ge=-1.0, le=1.0)] | None = None


class ExtractionResult(BaseModel):
    """What phase 1 produced for one source."""

    facts: list[CandidateFact] = Field(default_factory=list)
    changes_detected: list[ChangeDetected] = Field(default_factory=list)
    decisions: list[DecisionRecord] = Field(default_factory=list)
    actions: list[ActionRecord] = Field(default_factory=list)
    model: str = "rules-v1"
    input_tokens: int = 0
    output_tokens: int = 0
    summary: str | None = None  # a refreshed rolling conversation summary, when the extractor made one


class ClientFact(CandidateFact, JsonScalars):
    """A candidate fact as a client sends it to `POST /v1/memory-update`: JSON types held strictly
    (a fact from a model's answer stays lenient: `CandidateFact`)."""


class SimilarMemory(BaseModel):
    """An existing active memory offered to the update decision (most similar first)."""

    id: UUID
    content: str
    name: str | None = None
    memory_type: MemoryType = "fact"
    similarity: float
    confidence: float = 0.5
    importance: Importance = "medium"
    is_historical: bool = False
    sensitivity_level: SensitivityLevel = "normal"
    subject: str | None = None
    attribute: str | None = None
    value: str | None = None
    content_hash: str | None = None
    created_at: datetime | None = None
    relationship: str | None = None  # who the memory's named person is to the user, when it says


# The metadata key of a memory a correction retired (`UpdateDecision.corrects`): search reads it as no
# history.
CORRECTED_METADATA = "corrected"


class UpdateDecision(BaseModel):
    """The one operation phase 2 chose for a candidate fact."""

    operation: Operation
    target_id: UUID | None = None
    strategy: MergeStrategy | None = None
    new_content: str | None = None
    hard_delete: bool = False
    # A supersede of a value said to be wrong ("Op is 14 March not the 4th"): the old memory never held,
    # and is no history a question about the past reads.
    corrects: bool = False
    reasoning: str = ""
    model: str = "rules-v1"
    input_tokens: int = 0
    output_tokens: int = 0


class Memory(BaseModel):
    """A memory as the API returns it: the `memories` table's column names (no vectors)."""

    id: UUID
    content: str
    name: str | None = None
    memory_type: MemoryType
    layer: Layer
    category: str | None = None
    entity_type: str | None = None
    relationship: str | None = None
    status: Literal["active", "superseded", "archived"]
    state: str
    is_historical: bool
    confidence: float
    source_type: FactSourceType
    evidence: str | None = None
    importance: Importance
    importance_score: float
    sentiment: float | None = None
    sensitivity_level: SensitivityLevel
    effective_from: datetime | None = None
    expires_at: datetime | None = None
    recurrence: dict | None = None
    document_date: datetime | None = None
    event_date: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    version: int
    root_id: UUID | None = None
    parent_id: UUID | None = None
    supersedes_id: UUID | None = None
    superseded_by: UUID | None = None
    mention_count: int
    access_count: int
    last_accessed_at: datetime | None = None
    last_reinforced_at: datetime | None = None
    outcome: str | None = None
    outcome_sentiment: float | None = None
    source_id: UUID | None = None
    provenance: list[ProvenanceView] = Field(default_factory=list)
    metadata: dict = Field(default_factory=dict)
    ttl_policy: str = "decay"
    salience: float = 0.5
    created_at: datetime
    updated_at: datetime


class OperationResult(BaseModel):
    """One executed decision, as the API reports it (an item of `operations`)."""

    operation: Operation
    memory_id: UUID | None = None
    strategy: MergeStrategy | None = None
    reasoning: str = ""
    previous_memory_id: UUID | None = None
    content: str | None = None


class AnalyzeRequest(ApiModel):
    """`POST /v1/analyze`: a note (`content`) or a conversation (`messages`), never both."""

    content: Annotated[str, StringConstraints(min_length=1, max_length=50_000)] | None = None
    messages: Annotated[list[Message], Field(min_length=1, max_length=500)] | None = None
    source: SourceSpec | None = None
    run_async: StrictBool = Field(False, alias="async")
    idempotency_key: Annotated[str, StringConstraints(min_length=1, max_length=256)] | None = None
    include_assistant: StrictBool = False

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, populate_by_name=True)

    @model_validator(mode="after")
    def _one_kind_of_content(self) -> AnalyzeRequest:
        if (self.content is None) == (self.messages is None):
            raise PydanticCustomError(
                "content_or_messages", "send either content or messages, not both", {"field": "content"}
            )
        return self


class JobRef(BaseModel):
    """A background job the request queued (`GET /v1/jobs/{id}` follows it)."""

    model_config = ConfigDict(extra="forbid")

    id: UUID
    job_type: str
    status: str


class UpdateInsight(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["update"]
    memory_id: str
    previous_memory_id: str
    previous: str
    current: str | None
    message: str


class PatternInsight(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["pattern"]
    entity: str
    entity_id: UUID
    mentions: int
    message: str


class AnalyzeResult(BaseModel):
    """`POST /v1/analyze`'s answer. Queued work (202) names the source and its jobs; a finished extraction
    (200) also lists the facts, the operation applied for each and what changed; a repeated
    idempotency key answers the first response again with `idempotent_replay`."""

    model_config = ConfigDict(extra="forbid")

    source_id: UUID
    status: Literal["queued", "raw", "processed", "extracted", "failed"]
    facts: list[CandidateFact] | None = None
    operations: list[OperationResult] | None = None
    changes_detected: list[ChangeDetected] | None = None
    decisions: list[DecisionRecord] | None = None
    actions: list[ActionRecord] | None = None
    insights: list[Annotated[UpdateInsight | PatternInsight, Field(discriminator="type")]] | None = None
    jobs: list[JobRef] | None = None
    idempotent_replay: bool | None = None


class MemoryUpdateRequest(ApiModel):
    """`POST /v1/memory-update`: run phase 2 (the update decision) for one fact the client extracted."""

    candidate_fact: ClientFact
    similar_memories: Annotated[list[UUID], Field(max_length=20)] = []
    observed_at: Timestamp | None = None
    source_id: UUID | None = None

    @model_validator(mode="before")
    @classmethod
    def _similar_as_ids(cls, data: object) -> object:
        """Accept `[{"id": ...}, ...]` as well as bare ids (a client may pass back whole memory objects)."""
        if isinstance(data, dict) and isinstance(data.get("similar_memories"), list):
            data = dict(data)
            data["similar_memories"] = [
                item.get("id") if isinstance(item, dict) else item for item in data["similar_memories"]
            ]
        return data


# ---------------------------------------------------------------------------------------------------
# User edits and feedback (`PUT /v1/memories/{id}`, `POST /v1/feedback`)
# ---------------------------------------------------------------------------------------------------

TtlPolicy = Literal["keep_forever", "decay", "ephemeral"]
FeedbackAction = Literal["approve", "reject", "edit", "comment"]
MEMORY_CONTENT_MAX_CHARS = 10_000  # the memories.content CHECK: refused here as a 400, not by the database

MemoryContent = Annotated[str, StringConstraints(min_length=1, max_length=MEMORY_CONTENT_MAX_CHARS)]
FeedbackText = Annotated[str, StringConstraints(min_length=1, max_length=4000)]


def _refuse_nul(model: BaseModel, names: tuple[str, ...]) -> None:
    """PostgreSQL text and jsonb cannot hold U+0000: refuse it as the client's error, not a 500."""
    import json

    for name in names:
        value = getattr(model, name)
        if value is None:
            continue
        text = value if isinstance(value, str) else json.dumps(value)
        if "\x00" in text or "\\u0000" in text:
            raise PydanticCustomError("nul_character", "must not contain NUL characters", {"field": name})


class MemoryEdit(ApiModel):
    """`PUT /v1/memories/{id}`: the user corrects a memory; fields left out keep their value.

    At least one field must be sent (an empty edit is a client bug, not a no-op). `null` clears the
    optional fields (name, category, dates, recurrence) and is refused for the others, so a client
    cannot blank a memory's type or importance by accident.
    """

    content: MemoryContent | None = None
    name: Annotated[str, StringConstraints(min_length=1, max_length=500)] | None = None
    memory_type: MemoryType | None = None
    importance: Importance | None = None
    sensitivity_level: SensitivityLevel | None = None
    is_historical: StrictBool | None = None
    effective_from: Timestamp | None = None
    expires_at: Timestamp | None = None
    event_date: Timestamp | None = None
    recurrence: dict | None = None
    category: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = None
    ttl_policy: TtlPolicy | None = None

    @model_validator(mode="after")
    def _a_real_edit(self) -> MemoryEdit:

        if not self.model_fields_set:
            raise PydanticCustomError("empty_edit", "must change at least one field", {"field": "body"})
        for name in self.model_fields_set - CLEARABLE_MEMORY_FIELDS:
            if getattr(self, name) is None:
                raise PydanticCustomError("null_not_allowed", "cannot be null", {"field": name})
        _refuse_nul(self, ("content", "name", "category", "recurrence"))
        if self.recurrence is not None and len(str(self.recurrence)) > 2000:
            raise PydanticCustomError("too_large", "is too large", {"field": "recurrence"})
        # Times are UTC: a time without an offset is read as UTC, never as server-local.
        for name in ("effective_from", "expires_at", "event_date"):
            value = getattr(self, name)
            if value is not None and value.tzinfo is None:
                setattr(self, name, value.replace(tzinfo=UTC))
        if self.effective_from and self.expires_at and self.expires_at <= self.effective_from:
            raise PydanticCustomError(
                "expires_before_effective", "must be after effective_from", {"field": "expires_at"}
            )
        return self


CLEARABLE_MEMORY_FIELDS = frozenset(
    {"name", "category", "effective_from", "expires_at", "event_date", "recurrence"}
)


class FeedbackRequest(ApiModel):
    """`POST /v1/feedback`: note feedback (on a memory or an entity note) or recall feedback.

    Note feedback (`kind` "note", the default) names an `action` and exactly one target: a memory
    (`memory_id`) or an entity note (`note_id`); `edit` carries `new_content`, `comment` a `comment`.
    Recall feedback (`kind` "recall") says whether the memories a query returned helped (`query`,
    `memory_ids`, `helpful`, optional `correction`). Fields of the other kind are refused rather than
    silently dropped, so a client mixing them up finds out at once.
    """

    kind: Literal["note", "recall"] = "note"
    action: FeedbackAction | None = None
    memory_id: UUID | None = None
    note_id: UUID | None = None
    new_content: MemoryContent | None = None
    comment: FeedbackText | None = None
    query: Annotated[str, StringConstraints(min_length=1, max_length=2000)] | None = None
    memory_ids: Annotated[list[UUID], Field(max_length=100)] = Field(default_factory=list)
    helpful: StrictBool | None = None
    correction: FeedbackText | None = None

    @model_validator(mode="after")
    def _consistent(self) -> FeedbackRequest:
        _refuse_nul(self, ("new_content", "comment", "query", "correction"))
        if self.kind == "recall":
            self._only_for("recall", ("action", "memory_id", "note_id", "new_content"))
            if self.query is None:
                raise PydanticCustomError("missing", "is required for recall feedback", {"field": "query"})
            if self.helpful is None:
                raise PydanticCustomError("missing", "is required for recall feedback", {"field": "helpful"})
            return self
        self._only_for("note", ("query", "helpful", "correction"))
        if "memory_ids" in self.model_fields_set:
            raise PydanticCustomError("not_for_kind", "is only for recall feedback", {"field": "memory_ids"})
        if self.action is None:
            raise PydanticCustomError("missing", "is required for note feedback", {"field": "action"})
        if (self.memory_id is None) == (self.note_id is None):
            raise PydanticCustomError(
                "one_target", "or note_id is required, not both", {"field": "memory_id"}
            )
        if self.action == "edit" and self.new_content is None:
            raise PydanticCustomError("missing", "is required to edit", {"field": "new_content"})
        if self.action != "edit" and self.new_content is not None:
            raise PydanticCustomError(
                "not_for_action", "is only for the edit action", {"field": "new_content"}
            )
        if self.action == "comment" and self.comment is None:
            raise PydanticCustomError("missing", "is required to comment", {"field": "comment"})
        return self

    def _only_for(self, kind: str, names: tuple[str, ...]) -> None:
        for name in names:
            if getattr(self, name) is not None:
                raise PydanticCustomError("not_for_kind", f"is not used by {kind} feedback", {"field": name})


# ---------------------------------------------------------------------------------------------------
# Read path: search and recall
# ---------------------------------------------------------------------------------------------------

SearchSignal = Literal["vector", "fts", "name", "entity", "graph"]
SEARCH_SIGNALS: tuple[SearchSignal, ...] = get_args(SearchSignal)


class SearchRequest(ApiModel):
    """`POST /v1/search`. `signals` turns hybrid signals off for evaluation (ablation); default all."""

    query: Annotated[str, StringConstraints(min_length=1, max_length=2000)]
    limit: Annotated[int, Field(ge=1, le=100)] = 10
    # On the calibrated `relevance` of each result (engram/retrieval/relevance.py): results below it are
    # left out, so an empty list means nothing known answers the query; 0 returns every candidate.
    threshold: Annotated[float, Field(ge=0.0, le=1.0)] = SEARCH_THRESHOLD
    memory_types: Annotated[list[MemoryType], Field(max_length=8)] | None = None
    include_historical: StrictBool = False
    exclude_expired: StrictBool = True
    min_importance: Importance | Annotated[float, Field(ge=0.0, le=1.0, strict=True)] | None = None
    sensitivity_max: SensitivityLevel | None = None
    explain: StrictBool = False
    signals: Annotated[list[SearchSignal], Field(min_length=1, max_length=5)] | None = None
    special: StrictBool = True  # detect special queries ("what do you know about me"); false = plain search


class ScoredMemory(BaseModel):
    """A search hit: the memory, its cosine similarity, fused relevance and the final re-ranked score."""

    memory: Memory
    similarity: float
    relevance: float
    final_score: float
    explain: dict[str, Any] | None = None

    def view(self) -> dict[str, Any]:
        body = self.memory.model_dump(mode="json")
        body.update(
            similarity=round(self.similarity, 4),
            relevance=round(self.relevance, 4),
            final_score=round(self.final_score, 4),
        )
        if self.explain is not None:
            body["explain"] = self.explain
        return body


# ---------------------------------------------------------------------------------------------------
# Recall and timeline (`POST /v1/recall`, `POST /v1/timeline`)
# ---------------------------------------------------------------------------------------------------

RECALL_DEFAULT_MAX_CHARS = 4000  # the extraction prompt's cap too (`ranking.DEFAULT_MAX_CHARS`)


class RecallRequest(ApiModel):
    """`POST /v1/recall`: the context for one message of the app's conversation.

    `history` holds the last few turns (same shape as `/v1/analyze` messages) so a follow-up such as
    "what about her sister?" can be resolved; `sensitivity_max` raises or lowers the user's default
    ceiling like it does for search; `multi_query` false skips the model's extra reformulations (one
    model call less) when a model is configured.
    """

    query: Annotated[str, StringConstraints(min_length=1, max_length=4000)]
    max_chars: Annotated[int, Field(ge=200, le=20_000)] = RECALL_DEFAULT_MAX_CHARS
    history: Annotated[list[Message], Field(max_length=20)] = Field(default_factory=list)
    sensitivity_max: SensitivityLevel | None = None
    multi_query: StrictBool = True

    @model_validator(mode="after")
    def _no_nul(self) -> RecallRequest:
        _refuse_nul(self, ("query",))
        return self


class TimelineRequest(ApiModel):
    """`POST /v1/timeline`: a window (`start`/`end`, either may be open) or a `query` ("what happened in
    Q1", "last week with Sarah"); with both, the window wins and the query's other words rank inside it.

    Times without an offset are UTC. `cursor` is the previous page's `next_cursor`.
    """

    start: Timestamp | None = None
    end: Timestamp | None = None
    query: Annotated[str, StringConstraints(min_length=1, max_length=2000)] | None = None
    limit: Annotated[int, Field(ge=1, le=1000)] = 200
    cursor: Annotated[str, StringConstraints(min_length=1, max_length=500)] | None = None
    sensitivity_max: SensitivityLevel | None = None

    @model_validator(mode="after")
    def _a_window_or_a_query(self) -> TimelineRequest:

        if self.start is None and self.end is None and self.query is None:
            raise PydanticCustomError("window_or_query", "or end or query is required", {"field": "start"})
        _refuse_nul(self, ("query",))
        for name in ("start", "end"):
            value = getattr(self, name)
            if value is not None and value.tzinfo is None:
                setattr(self, name, value.replace(tzinfo=UTC))
        if self.start is not None and self.end is not None and self.end <= self.start:
            raise PydanticCustomError("end_before_start", "must be after start", {"field": "end"})
        return self
