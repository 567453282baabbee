"""Every request the client can make, as data: an `Endpoint` (method, path, the body and query fields it
sends, the model it reads) and a `Call` (one request to it). The sync and async clients only run calls,
so both speak the API identically, and tests/client/test_contract.py checks each endpoint listed in
`ENDPOINTS` against the served OpenAPI document.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, TypeVar
from urllib.parse import quote

from pydantic import BaseModel

from engram.client.models import (
    AnalyzeRequest,
    AnalyzeResult,
    DeleteResult,
    Entity,
    EntityDetail,
    Health,
    Job,
    Macro,
    Memory,
    Page,
    Profile,
    RecallRequest,
    RecallResult,
    RequestModel,
    SearchRequest,
    SearchResult,
    Source,
    SourceDetail,
    Storyline,
    Timeline,
    TimelineRequest,
)

ResponseT = TypeVar("ResponseT", bound=BaseModel)

PAGING = ("limit", "cursor")


@dataclass(frozen=True)
class Endpoint(Generic[ResponseT]):
    method: str
    path: str
    """As the OpenAPI document writes it: `/v1/memories/{id}`."""
    response: type[ResponseT]
    body: type[RequestModel] | None = None
    query: tuple[str, ...] = ()


@dataclass(frozen=True)
class Call(Generic[ResponseT]):
    endpoint: Endpoint[ResponseT]
    path_params: Mapping[str, str] = field(default_factory=dict)
    query: Mapping[str, Any] = field(default_factory=dict)
    body: RequestModel | None = None

    def __post_init__(self) -> None:
        # Only what the endpoint declares, so the contract test's check of `ENDPOINTS` covers every call.
        undeclared = set(self.query) - set(self.endpoint.query)
        if undeclared:
            raise ValueError(f"{self.endpoint.path} declares no query parameter {sorted(undeclared)}")

    @property
    def method(self) -> str:
        return self.endpoint.method

    def url(self) -> str:
        """The path with its parameters filled in; relative, so a base URL with a stage path keeps it."""
        filled = self.endpoint.path.format(**{k: quote(v, safe="") for k, v in self.path_params.items()})
        return filled.lstrip("/")

    def params(self) -> dict[str, str]:
        return {k: _query_value(v) for k, v in self.query.items() if v is not None}

    def json(self) -> dict[str, Any] | None:
        return self.body.body() if self.body is not None else None

    def parse(self, data: Any) -> ResponseT:
        return self.endpoint.response.model_validate(data)

    def with_query(self, **changes: Any) -> Call[ResponseT]:
        return dataclasses.replace(self, query={**self.query, **changes})


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


HEALTH = Endpoint("GET", "/v1/health", Health)
ANALYZE = Endpoint("POST", "/v1/analyze", AnalyzeResult, body=AnalyzeRequest)
SEARCH = Endpoint("POST", "/v1/search", SearchResult, body=SearchRequest)
RECALL = Endpoint("POST", "/v1/recall", RecallResult, body=RecallRequest)
TIMELINE = Endpoint("POST", "/v1/timeline", Timeline, body=TimelineRequest)
LIST_MEMORIES = Endpoint(
    "GET",
    "/v1/memories",
    Page[Memory],
    query=(
        "status",
        "memory_type",
        "include_historical",
        "q",
        "layer",
        "category",
        "sensitivity",
        "created_after",
        "created_before",
        *PAGING,
    ),
)
GET_MEMORY = Endpoint("GET", "/v1/memories/{id}", Memory)
DELETE_MEMORY = Endpoint("DELETE", "/v1/memories/{id}", DeleteResult, query=("hard",))
LIST_ENTITIES = Endpoint(
    "GET",
    "/v1/entities",
    Page[Entity],
    query=("kind", "entity_type", "name", "include_owner", "sensitivity_max", *PAGING),
)
GET_ENTITY = Endpoint("GET", "/v1/entities/{id}", EntityDetail, query=("as_of", "days", "sensitivity_max"))
ENTITY_MEMORIES = Endpoint(
    "GET", "/v1/entities/{id}/memories", Page[Memory], query=("status", "sensitivity_max", *PAGING)
)
LIST_SOURCES = Endpoint(
    "GET",
    "/v1/sources",
    Page[Source],
    query=("context_type", "since", "until", "sensitivity_max", *PAGING),
)
GET_SOURCE = Endpoint("GET", "/v1/sources/{id}", SourceDetail, query=("sensitivity_max",))
PROFILE = Endpoint("GET", "/v1/profile", Profile, query=("include_history",))
GET_JOB = Endpoint("GET", "/v1/jobs/{job_id}", Job)
LIST_JOBS = Endpoint("GET", "/v1/jobs", Page[Job], query=("status", "job_type", *PAGING))
LIST_STORYLINES = Endpoint("GET", "/v1/storylines", Page[Storyline], query=("sensitivity_max", *PAGING))
LIST_MACROS = Endpoint("GET", "/v1/macros", Page[Macro], query=("sensitivity_max", *PAGING))

ENDPOINTS: tuple[Endpoint[Any], ...] = (
    HEALTH,
    ANALYZE,
    SEARCH,
    RECALL,
    TIMELINE,
    LIST_MEMORIES,
    GET_MEMORY,
    DELETE_MEMORY,
    LIST_ENTITIES,
    GET_ENTITY,
    ENTITY_MEMORIES,
    LIST_SOURCES,
    GET_SOURCE,
    PROFILE,
    GET_JOB,
    LIST_JOBS,
    LIST_STORYLINES,
    LIST_MACROS,
)
