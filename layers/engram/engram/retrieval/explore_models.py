"""`POST /v1/explore`, an agent's tool for browsing memory: the request and the granularity-aware result.

The result always has the same shape (`meta`, `semantic`, `episodic`); granularity decides which
sections are full, which are minimal references and which stay empty, so an agent reads one structure
whatever it asked for. `entity_key` is our uuid. A few fields are there for agents rather than for
the data model (`relevance_score` on nodes and relationships, endpoint names on relationships) because
an agent cannot rank or read opaque ids, and `explanation` appears on a hit only when the request asked
for explanations.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import BaseModel, Field, StrictBool, StringConstraints, model_serializer, model_validator
from pydantic_core import PydanticCustomError

from engram.models import SensitivityLevel
from engram.request_rules import ApiModel

Granularity = Literal[1, 2, 3]
Scale = Literal[1, 2, 3, 4, 5]
NodeType = Literal["Person", "Concept", "Entity"]
QueryText = Annotated[str, StringConstraints(min_length=1, max_length=2000)]
MatchText = Annotated[str, StringConstraints(min_length=1, max_length=200)]
RelationshipType = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Weight = Annotated[float, Field(ge=0.0, le=1.0)]

MAX_QUERIES = 5
MAX_TEXT_MATCHES = 10


def _refuse_nul(values: list[str], field: str) -> None:
    """PostgreSQL text cannot hold U+0000: the client's error, not a 500."""
    if any("\x00" in v for v in values):
        raise PydanticCustomError("nul_character", "must not contain NUL characters", {"field": field})


class ExploreQuery(ApiModel):
    """One embedding search; hits less similar than `threshold` (cosine, 0-1) do not count for it."""

    query: QueryText
    threshold: Weight = 0.0


class RelationshipFilters(ApiModel):
    """Hard filter on edges, applied in SQL before any scoring: a filtered edge is never a candidate."""

    min_attitude: Scale | None = None
    max_attitude: Scale | None = None
    min_proximity: Scale | None = None
    max_proximity: Scale | None = None
    relationship_types: Annotated[list[RelationshipType], Field(max_length=20)] | None = None
    exclude_relationship_types: Annotated[list[RelationshipType], Field(max_length=20)] | None = None

    @model_validator(mode="after")
    def _ranges(self) -> RelationshipFilters:
        for low, high in (("min_attitude", "max_attitude"), ("min_proximity", "max_proximity")):
            lo, hi = getattr(self, low), getattr(self, high)
            if lo is not None and hi is not None and lo > hi:
                raise PydanticCustomError(
                    "range_error", f"{low} must not exceed {high}", {"field": "relationship_filters"}
                )
        _refuse_nul(
            [*(self.relationship_types or []), *(self.exclude_relationship_types or [])],
            "relationship_filters",
        )
        return self


class ExploreLimits(ApiModel):
    """Overrides of the default per-section counts (5 nodes, 10 relationships, 5 sources, ...)."""

    nodes: Annotated[int, Field(ge=1, le=20)] | None = None
    relationships: Annotated[int, Field(ge=1, le=50)] | None = None
    sources: Annotated[int, Field(ge=1, le=20)] | None = None
    storylines: Annotated[int, Field(ge=1, le=20)] | None = None
    macros: Annotated[int, Field(ge=1, le=20)] | None = None
    artifacts: Annotated[int, Field(ge=1, le=20)] | None = None


class ExploreRequest(ApiModel):
    """`POST /v1/explore`. At least one of `queries` / `text_matches` is required.

    `granularity` says how much to return; a missing one means 1 (micro) so mobile clients that only
    want "what happened" can leave it out. `mode: "deep"` or `multi_query: true` adds model
    reformulations of each query when a model is configured (offline: abbreviation expansion only).
    Weights are the scoring weights of `final` (semantic 0.3, time 0.3, salience 0.4 by default).
    """

    queries: Annotated[list[ExploreQuery], Field(max_length=MAX_QUERIES)] = Field(default_factory=list)
    text_matches: Annotated[list[MatchText], Field(max_length=MAX_TEXT_MATCHES)] = Field(default_factory=list)
    relationship_filters: RelationshipFilters | None = None
    granularity: Granularity = 1
    multi_query: StrictBool = False
    mode: Literal["fast", "deep"] = "fast"
    semantic_weight: Weight = 0.3
    time_weight: Weight = 0.3
    salience_weight: Weight = 0.4
    return_explanations: StrictBool = False
    limits: ExploreLimits | None = None
    sensitivity_max: SensitivityLevel | None = Field(
        None, description="the most sensitive level shown (default: the user's default sensitivity level)"
    )
    team_id: UUID | None = Field(
        None,
        description="also look through every source shared with this team (the caller must be a member); "
        "without it, the caller's own sources and the shared ones they took part in",
    )

    @model_validator(mode="after")
    def _something_to_explore(self) -> ExploreRequest:
        if not self.queries and not self.text_matches:
            raise PydanticCustomError("missing", "queries or text_matches is required", {"field": "queries"})
        _refuse_nul([q.query for q in self.queries], "queries")
        _refuse_nul(list(self.text_matches), "text_matches")
        return self

    @property
    def expand(self) -> bool:
        return self.multi_query or self.mode == "deep"


# --- result -----------------------------------------------------------------------------------------------


class Hit(BaseModel):
    """A result item; `explanation` is left out of the JSON unless the request asked for it."""

    explanation: dict[str, Any] | None = None

    # No return annotation: with one, pydantic documents the serialized hit as that type (any object)
    # instead of the model's fields, and the OpenAPI document would lose every hit's shape.
    @model_serializer(mode="wrap")
    def _drop_missing_explanation(self, handler: Any):
        data = handler(self)
        if data.get("explanation") is None:
            data.pop("explanation", None)
        return data


class NodeRef(BaseModel):
    entity_key: str
    node_type: NodeType
    name: str
    description: str | None = None


class SemanticNodeHit(Hit):
    entity_key: str
    node_type: NodeType
    name: str
    description: str | None
    notes_snippets: list[str] = Field(default_factory=list)
    salience: float
    state: str
    last_accessed_at: datetime | None
    relevance_score: float


class RelationshipHit(Hit):
    from_entity_key: str
    to_entity_key: str
    from_name: str
    to_name: str
    relationship_kind: str
    relationship_type: str
    description: str | None
    attitude: int
    proximity: int
    notes_snippets: list[str] = Field(default_factory=list)
    salience: float
    state: str
    relevance_score: float


class StorylineRef(BaseModel):
    storyline_id: str
    name: str


class MacroRef(BaseModel):
    macro_id: str
    name: str


class SourcePreview(BaseModel):
    entity_key: str
    summary: str
    started_at: datetime | None
    context_type: str | None


class SourceHit(Hit):
    entity_key: str
    summary: str
    context_type: str | None
    source_type: str
    started_at: datetime | None
    ended_at: datetime | None
    relevance_score: float
    mentioned_nodes: list[NodeRef] = Field(default_factory=list)
    storyline_refs: list[StorylineRef] = Field(default_factory=list)
    macro_refs: list[MacroRef] = Field(default_factory=list)


class NamedNode(BaseModel):
    entity_key: str
    name: str
    description: str | None = None


class TypedNode(NamedNode):
    type: str


class StorylineHit(Hit):
    storyline_id: str
    name: str
    description: str | None
    relevance_score: float
    source_count: int
    started_at: datetime | None
    last_source_at: datetime | None
    anchor: NodeRef
    top_people: list[NamedNode] = Field(default_factory=list)
    top_entities: list[TypedNode] = Field(default_factory=list)
    top_concepts: list[NamedNode] = Field(default_factory=list)
    preview_sources: list[SourcePreview] = Field(default_factory=list)


class MacroStoryline(BaseModel):
    storyline_id: str
    name: str
    one_liner: str
    source_count: int
    started_at: datetime | None
    last_source_at: datetime | None


class MacroHit(Hit):
    macro_id: str
    name: str
    description: str | None
    relevance_score: float
    storyline_count: int
    total_source_count: int
    started_at: datetime | None
    last_event_at: datetime | None
    anchor: NodeRef
    storylines: list[MacroStoryline] = Field(default_factory=list)


class ArtifactHit(Hit):
    entity_key: str
    name: str
    description: str
    content_type: str
    created_at: datetime
    related_nodes: list[NodeRef] = Field(default_factory=list)
    relevance_score: float


class ExploreMeta(BaseModel):
    granularity: Granularity
    query_used: list[str]
    text_used: list[str]
    took_ms: float = 0.0


class SemanticSection(BaseModel):
    people: list[SemanticNodeHit] = Field(default_factory=list)
    concepts: list[SemanticNodeHit] = Field(default_factory=list)
    entities: list[SemanticNodeHit] = Field(default_factory=list)
    relationships: list[RelationshipHit] = Field(default_factory=list)


class EpisodicSection(BaseModel):
    sources: list[SourceHit | SourcePreview] = Field(default_factory=list)
    storylines: list[StorylineHit | StorylineRef] = Field(default_factory=list)
    macros: list[MacroHit | MacroRef] = Field(default_factory=list)
    artifacts: list[ArtifactHit] = Field(default_factory=list)


class ExploreResult(BaseModel):
    meta: ExploreMeta
    semantic: SemanticSection = Field(default_factory=SemanticSection)
    episodic: EpisodicSection = Field(default_factory=EpisodicSection)

    def view(self) -> dict[str, Any]:
        return self.model_dump(mode="json")
