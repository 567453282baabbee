"""What `POST /v1/search`, `POST /v1/recall` and `POST /v1/timeline` answer, for the OpenAPI document.

The services build these bodies as plain dicts (they are hot paths: no second validation pass); these
models describe them field by field, and the contract tests hold every real answer to them. Unknown
fields are refused, so a key added to a body without its place here fails those tests instead of
going undocumented. A field that some answers leave out is optional (and typed nullable).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, RootModel

from engram.models import Importance, Memory, MemoryType, SearchSignal


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


# --- search: hits ---------------------------------------------------------------------------------------


class SignalRank(_Body):
    rank: int
    rrf: float


class RelevanceEvidence(_Body):
    """What the calibrated relevance is built from (`engram.retrieval.relevance`): the IDF-weighted share of
    what the query asks (its words but the names; a word the memory only stands for, "music" of a memory
    about jazz, counts part) the memory holds, the rescaled embedding similarity, whether the memory
    stores the attribute the question asks for and how much of the question that explains (`slot_share`:
    the share of what it asks held by the words that ask for the attribute, the words that frame a
    question and the memory's own words; the slot weighs in proportion), whether it reports the words of
    the person the question asks what they said (`told`: half its weight in proportion to `slot_share`,
    the speech verbs counted with the framing words), whether it carries a name the query names, the
    share of the query's known names it holds (null when the query names no one the memories know: a
    memory about someone else counts half), and whether the query asks an amount of money or a measured
    figure (a score, a dose) that the memory does not state (`amount_untold`: it keeps a third) or what
    someone is called and the memory speaks of them without a name (`name_untold`: it keeps a third), and
    whether the query names the kind of thing
    it asks for and no memory of the user holds that word (`focus_untold`: every candidate keeps 0.4, so
    it changes no order, only whether any result clears the threshold), and whether the query
    asks where and the memory names no place (`place_untold`: it keeps 0.6, unless it stores the
    attribute asked), and whether the query asks what is not done ("what won't I drink?") and the memory
    says nothing is avoided, refused or given up (`refusal_untold`: it keeps 0.6, unless it stores the
    attribute asked),
    and whether the query asks what someone likes or prefers and the memory says no liking
    (`taste_untold`: it keeps 0.6, unless it stores the attribute asked), whether it asks how old someone
    is and the memory says no age or birth (`age_untold`: it keeps 0.6, unless it stores the attribute
    asked), whether it asks whom the user was with ("who did I see last week?") and the memory names no
    one (`company_untold`: it keeps 0.6, unless it stores the attribute asked), and whether the query
    asks when something is to happen and the memory says no time
    (`time_untold`: it keeps 0.6, unless it stores the attribute asked), and whether the query asks about
    someone's thing ("my salary", "Declan's girlfriend") and the memory speaks of it as another's only,
    says someone named does what the user is asked to do, or stores the attribute a question about the
    user asks of someone else (`other_owner`: it keeps half)."""

    words: float
    meaning: float
    slot: bool
    told: bool
    slot_share: float | None = None
    named: bool
    names: float | None = None
    amount_untold: bool = False
    name_untold: bool = False
    focus_untold: bool = False
    place_untold: bool = False
    refusal_untold: bool = False
    taste_untold: bool = False
    age_untold: bool = False
    company_untold: bool = False
    time_untold: bool = False
    other_owner: bool = False


# The signals an explanation names: those a request can choose, and `period` (the memories dated in a
# period the query names), which comes with full text.
ExplainedSignal = SearchSignal | Literal["period"]


class SearchExplanation(_Body):
    """Why a hit ranked where it did (`explain: true`): each signal's rank and its weighted share, the
    fused rank share (`fused`, 0-1 among this query's candidates), the calibrated relevance with its
    evidence, and the terms of `final_score`."""

    signals: dict[ExplainedSignal, SignalRank]
    similarity: float
    relevance: float
    fused: float
    evidence: RelevanceEvidence
    contributions: dict[str, float]


class SearchHit(Memory):
    """A memory as search returns it: the memory's fields; `similarity`, the cosine similarity of its
    embedding to the query's (0 when it has none); `relevance`, how well it answers the query (0-1,
    calibrated: the same value means the same whatever else was found; the threshold applies to it);
    `final_score`, the order of the results (the signals' fused ranks with importance, recency and
    access)."""

    model_config = ConfigDict(extra="forbid")

    similarity: float
    relevance: float = 0.0
    final_score: float
    explain: SearchExplanation | None = None


class DatedHit(SearchHit):
    happened_at: datetime


class SupersededHit(SearchHit):
    superseded_at: datetime | None


class StandardSearch(_Body):
    type: Literal["standard"]
    query: str
    results: list[SearchHit]
    took_ms: float


# --- search: the special queries --------------------------------------------------------------------------


class _Special(_Body):
    query: str
    results: list[SearchHit]
    took_ms: float


class EntityView(_Body):
    id: UUID
    name: str
    kind: str
    entity_type: str | None
    relationship: str | None
    mention_count: int
    sentiment_average: float | None
    first_mentioned_at: datetime | None
    last_mentioned_at: datetime | None


class PersonMention(_Body):
    name: str
    relationship: str | None
    mention_count: int


class SelfSummary(_Special):
    type: Literal["self_summary"]
    found: bool
    summary: str
    summary_source: str = Field(description="`template` or the model that wrote the summary")
    categories: dict[str, list[str]]
    memory_count: int
    people: list[PersonMention]


class EntityTie(_Body):
    type: str
    with_: str = Field(alias="with")
    strength: float | None


class Trend(_Body):
    trend: Literal["improving", "declining", "stable", "unknown"]
    average: float | None
    recent_average: float | None
    previous_average: float | None
    change: float | None
    basis: str | None


class EntitySummary(_Special):
    type: Literal["entity_summary"]
    found: bool
    entity: EntityView | None
    name: str
    summary: str
    summary_source: str = Field(description="`template` or the model that wrote the summary")
    memories: list[SearchHit]
    history: list[SupersededHit]
    relationships: list[EntityTie]
    sentiment_trend: Trend | None


class NamedEntity(_Body):
    """An entity the question names; the entity's fields when it was found."""

    name: str
    found: bool
    id: UUID | None = None
    kind: str | None = None
    entity_type: str | None = None
    relationship: str | None = None
    mention_count: int | None = None
    sentiment_average: float | None = None
    first_mentioned_at: datetime | None = None
    last_mentioned_at: datetime | None = None


class Connection(_Body):
    from_: str = Field(alias="from")
    to: str
    relationship_type: str
    strength: float | None
    source: Literal["entity", "graph", "co_mention"]
    shared_memories: int | None = None


class RelationshipQuery(_Special):
    type: Literal["relationship_query"]
    found: bool
    entities: list[NamedEntity]
    includes_user: bool
    connections: list[Connection]
    shared_memories: list[SearchHit]


class Timeframe(_Body):
    start: datetime
    end: datetime
    label: str


class TemporalQuery(_Body):
    """Each hit also says when it happened."""

    type: Literal["temporal"]
    query: str
    timeframe: Timeframe
    topic: str | None
    memories: list[DatedHit]
    count: int
    results: list[DatedHit]
    took_ms: float


class HistoricalQuery(_Special):
    type: Literal["historical"]
    current: list[SearchHit]
    historical: list[SupersededHit]


class NegationQuery(_Special):
    type: Literal["negation"]
    positive: str | None
    excluded: list[str]
    excluded_count: int


class TopicName(_Body):
    name: str


class SentimentReading(_Body):
    date: datetime
    sentiment: float


class SentimentTrendQuery(_Special, Trend):
    type: Literal["sentiment_trend"]
    entity: EntityView | TopicName | None
    topic: str | None
    points: list[SentimentReading]
    source: Literal["sentiment_history", "memories"]


class DecisionItem(_Body):
    id: UUID
    content: str
    decision: str
    outcome: str | None
    outcome_sentiment: float | None
    date: datetime
    importance: Importance


class DecisionsQuery(_Special):
    type: Literal["decisions"]
    topic: str | None
    timeframe: Timeframe | None
    decisions: list[DecisionItem]
    total: int
    with_outcomes: int


class GoalCompletion(_Body):
    id: UUID
    content: str
    date: datetime


class GoalItem(_Body):
    id: UUID
    content: str
    goal: str
    importance: Importance
    created: datetime
    deadline: datetime | None
    achieved_reason: Literal["outcome", "historical", "action"] | None = None
    outcome: str | None = None
    achieved_date: datetime | None = None
    achieved_by: GoalCompletion | None = None


class GoalsQuery(_Special):
    type: Literal["goals"]
    active: list[GoalItem]
    achieved: list[GoalItem]
    total_active: int
    total_achieved: int


class SearchResponse(RootModel[Any]):
    """A standard search, or the answer to a special query with its `type`'s fields; all carry `results`."""

    root: Annotated[
        StandardSearch
        | SelfSummary
        | EntitySummary
        | RelationshipQuery
        | TemporalQuery
        | HistoricalQuery
        | NegationQuery
        | SentimentTrendQuery
        | DecisionsQuery
        | GoalsQuery,
        Field(discriminator="type"),
    ]


# --- recall -------------------------------------------------------------------------------------------------

RecallSection = Literal[
    "user_preferences",
    "active_goals",
    "relevant_context",
    "known_facts",
    "upcoming_events",
    "historical_context",
    "related_context",
]


class RecallMemory(_Body):
    id: UUID
    content: str
    memory_type: MemoryType
    section: RecallSection


class RecallStats(_Body):
    needs_search: bool
    classifier: str = Field(description="how `needs_search` was decided: `heuristic` or `llm`")
    reasons: list[str]
    query_used: str | None
    queries: list[str]
    transformations: list[str]
    candidates: int
    sections: dict[RecallSection, int]
    chars: int
    max_chars: int
    took_ms: float


class RecallResponse(_Body):
    needs_search: bool
    context: str
    memories: list[RecallMemory]
    stats: RecallStats


# --- timeline -----------------------------------------------------------------------------------------------


class TimelineEvent(_Body):
    memory_id: UUID | None
    event_id: UUID | None
    title: str
    event_type: str
    memory_type: MemoryType | None
    event_date: datetime
    description: str | None
    entity_id: UUID | None
    source_id: UUID | None
    is_historical: bool
    recurrence: dict[str, Any] | None
    importance: Importance | None
    score: float | None = Field(None, description="how well the event matched the query's other words")


class TimelineDay(_Body):
    date: date
    events: list[TimelineEvent]


class TimelineResponse(_Body):
    start: datetime | None
    end: datetime | None
    query: str | None
    search: str | None
    days: list[TimelineDay]
    count: int
    next_cursor: str | None
