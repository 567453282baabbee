"""Requests and responses of the graph read API (`/v1/graph/*`, `POST /v1/traverse`).

The structured query mode (`GraphQuery`) stands in for a raw Cypher mode: a client describes a
pattern `(from)-[edge]-(to)` with filters on each part and Engram compiles it to parameterised SQL.
Every model forbids unknown fields, so anything outside the grammar — a raw query string, a typo, an
operator we do not have — is a 400 naming the field rather than something we try to interpret.

They sit in the models layer because the graph traversal repository compiles `GraphQuery` and its
filters into SQL, and a repository must not import the graph service to get them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal
from uuid import UUID

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StringConstraints,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from engram.models import SensitivityLevel
from engram.request_rules import ApiModel, Timestamp

EdgeKind = Literal[
    "has_relationship_with", "engages_with", "associated_with", "relates_to", "involves", "connected_to"
]
NodeKind = Literal["person", "concept", "entity"]
NodeType = Literal["Person", "Concept", "Entity"]
NODE_TYPES: dict[str, NodeType] = {"person": "Person", "concept": "Concept", "entity": "Entity"}

MAX_SEEDS = 20
_CEILING = "the most sensitive level shown (default: the user's default sensitivity level)"


def _no_nul(value: str) -> str:
    # PostgreSQL text cannot hold U+0000: refuse it as the client's error rather than fail in the database.
    if "\x00" in value:
        raise PydanticCustomError("nul_character", "must not contain NUL characters")
    return value


def _utc(value: datetime) -> datetime:
    """Times are UTC: a time without an offset is read as UTC, never as server-local."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


EntityKey = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300), AfterValidator(_no_nul)
]
Label = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64), AfterValidator(_no_nul)
]
NameText = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100), AfterValidator(_no_nul)
]
UtcDatetime = Annotated[Timestamp, AfterValidator(_utc)]
Scale5 = Annotated[int, Field(ge=1, le=5)]


def _not_below(value: float | int | datetime | None, info: ValidationInfo, lower: str) -> object:
    """A `max_*`/`until` bound must not be below its `min_*`/`since` partner (an empty range is a typo)."""
    low = info.data.get(lower)
    if value is not None and low is not None and value < low:
        raise PydanticCustomError("empty_range", "must not be below {lower}", {"lower": lower})
    return value


# ---------------------------------------------------------------------------------------------------
# Structured query grammar
# ---------------------------------------------------------------------------------------------------


class NodeFilter(ApiModel):
    """Conditions on one end of the pattern; all given conditions must hold."""

    kind: NodeKind | None = None
    entity_type: Label | None = None
    is_owner: StrictBool | None = None
    name: NameText | None = Field(None, description="exact name or alias, case-insensitive")
    name_contains: NameText | None = Field(None, description="substring of the name, case-insensitive")
    mentioned_since: UtcDatetime | None = None


class EdgeFilter(ApiModel):
    """Conditions on the edge. Without `as_of`, `since` or `until` only currently valid edges match;
    `as_of` asks what held at that time; `since`/`until` match edges valid at any moment of the window."""

    kinds: Annotated[list[EdgeKind], Field(min_length=1, max_length=6)] | None = None
    types: Annotated[list[Label], Field(min_length=1, max_length=20)] | None = None
    min_attitude: Scale5 | None = None
    max_attitude: Scale5 | None = None
    min_proximity: Scale5 | None = None
    max_proximity: Scale5 | None = None
    min_strength: Annotated[float, Field(ge=0.0, le=1.0)] | None = None
    as_of: UtcDatetime | None = None
    since: UtcDatetime | None = None
    until: UtcDatetime | None = None

    @field_validator("max_attitude")
    @classmethod
    def _attitude_range(cls, value: int | None, info: ValidationInfo) -> object:
        return _not_below(value, info, "min_attitude")

    @field_validator("max_proximity")
    @classmethod
    def _proximity_range(cls, value: int | None, info: ValidationInfo) -> object:
        return _not_below(value, info, "min_proximity")

    @field_validator("until")
    @classmethod
    def _window(cls, value: datetime | None, info: ValidationInfo) -> object:
        if value is not None and info.data.get("as_of") is not None:
            raise PydanticCustomError("as_of_or_window", "cannot be combined with as_of")
        return _not_below(value, info, "since")

    @field_validator("since")
    @classmethod
    def _since_not_with_as_of(cls, value: datetime | None, info: ValidationInfo) -> object:
        if value is not None and info.data.get("as_of") is not None:
            raise PydanticCustomError("as_of_or_window", "cannot be combined with as_of")
        return value


class GraphQuery(ApiModel):
    """`(from)-[edge]-(to)`: edges matched in either direction unless `directed`."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, populate_by_name=True)

    from_: NodeFilter = Field(default_factory=NodeFilter, alias="from")
    edge: EdgeFilter = Field(default_factory=EdgeFilter)
    to: NodeFilter = Field(default_factory=NodeFilter)
    directed: StrictBool = False
    limit: Annotated[int, Field(ge=1, le=200)] = 50


# ---------------------------------------------------------------------------------------------------
# POST /v1/traverse
# ---------------------------------------------------------------------------------------------------


class PprTraverse(ApiModel):
    """PPR mode: rank what is connected to the seeds, weighted by edge strength."""

    mode: Literal["ppr"]
    seed_nodes: Annotated[list[EntityKey], Field(min_length=1, max_length=MAX_SEEDS)]
    max_depth: Annotated[int, Field(ge=1, le=3)] = 3
    damping: Annotated[float, Field(gt=0.0, lt=1.0)] = 0.85
    top_k: Annotated[int, Field(ge=1, le=200)] = 20
    as_of: UtcDatetime | None = None
    sensitivity_max: SensitivityLevel | None = Field(None, description=_CEILING)


class QueryTraverse(ApiModel):
    """The structured query mode (in place of raw Cypher)."""

    mode: Literal["query"]
    query: GraphQuery
    sensitivity_max: SensitivityLevel | None = Field(None, description=_CEILING)


class CypherTraverse(BaseModel):
    """Recognised only to be refused with an explanation: raw graph queries are never executed."""

    model_config = ConfigDict(extra="allow")

    mode: Literal["cypher"]


TraverseRequest = Annotated[PprTraverse | QueryTraverse | CypherTraverse, Field(discriminator="mode")]


# ---------------------------------------------------------------------------------------------------
# Responses
# ---------------------------------------------------------------------------------------------------


class GraphNode(BaseModel):
    id: UUID
    name: str
    kind: NodeKind
    entity_type: str
    is_owner: bool
    relationship: str | None = None
    description: str | None = None
    mention_count: int = 0
    last_mentioned_at: datetime | None = None


class GraphEdge(BaseModel):
    id: UUID
    from_entity_id: UUID
    to_entity_id: UUID
    kind: EdgeKind
    relationship_type: str
    description: str | None = None
    strength: float
    attitude: int
    proximity: int
    confidence: float
    valid_from: datetime
    valid_to: datetime | None = None


class NeighborNode(GraphNode):
    depth: int
    via: UUID = Field(description="the node this one was reached from")
    edge_id: UUID = Field(description="the edge it was reached by")
    path_strength: float = Field(description="product of edge strengths along the strongest shortest path")


class NeighborsResponse(BaseModel):
    entity: GraphNode
    nodes: list[NeighborNode]
    edges: list[GraphEdge]
    truncated: bool = False


class PathResponse(BaseModel):
    found: bool
    hops: int | None = None
    strength: float | None = None
    nodes: list[GraphNode] = []
    edges: list[GraphEdge] = []


class PprResult(BaseModel):
    entity_key: UUID
    node_type: NodeType
    name: str
    score: float
    is_seed: bool
    depth: int
    description: str | None = None


class PprMeta(BaseModel):
    nodes: int
    edges: int
    iterations: int
    converged: bool


class PprResponse(BaseModel):
    mode: Literal["ppr"] = "ppr"
    results: list[PprResult]
    meta: PprMeta


class QueryMatch(BaseModel):
    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    from_: GraphNode = Field(alias="from")
    edge: GraphEdge
    to: GraphNode


class QueryMeta(BaseModel):
    count: int
    limit: int


class QueryResponse(BaseModel):
    mode: Literal["query"] = "query"
    results: list[QueryMatch]
    meta: QueryMeta
