"""GET /v1/graph/neighbors, GET /v1/graph/path and POST /v1/traverse (personalized PageRank
from the entities a query names and, in place of a raw graph query language, a structured query mode).

Entities are given by id or name; `from`/`to` are Python keywords, hence the aliased parameters.

The traverse body is a union chosen by `mode`. It is validated here rather than by the resolver because
pydantic puts the chosen tag into an error's location (`query.query.from.label`, `ppr.damping`); the
errors are re-raised without it, so a 400 names the field as the client wrote it.
"""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError
from aws_lambda_powertools.event_handler.openapi.params import Body, Query
from aws_lambda_powertools.event_handler.router import Router
from pydantic import TypeAdapter, ValidationError

from engram.api.context import CurrentUser
from engram.api.routes.ceiling import Ceiling
from engram.domain.graph import (
    CypherTraverse,
    NeighborsResponse,
    PathResponse,
    PprResponse,
    PprTraverse,
    QueryResponse,
    QueryTraverse,
    TraverseRequest,
)
from engram.graph.traversal import NEIGHBOR_LIMIT, find_path, neighbors, traverse
from engram.request_rules import Timestamp

router = Router()

EntityParam = Annotated[str, Query(min_length=1, max_length=300)]


@router.get("/v1/graph/neighbors")
def get_neighbors(
    user_id: CurrentUser,
    entity: EntityParam,
    depth: Annotated[int, Query(ge=1, le=3)] = 1,
    min_strength: Annotated[float, Query(ge=0.0, le=1.0)] = 0.0,
    as_of: Annotated[Timestamp | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=NEIGHBOR_LIMIT)] = 200,
    sensitivity_max: Ceiling = None,
) -> NeighborsResponse:
    return neighbors(
        user_id,
        entity,
        depth=depth,
        min_strength=min_strength,
        as_of=as_of,
        limit=limit,
        sensitivity_max=sensitivity_max,
    )


@router.get("/v1/graph/path")
def get_path(
    user_id: CurrentUser,
    source: Annotated[str, Query(alias="from", min_length=1, max_length=300)],
    target: Annotated[str, Query(alias="to", min_length=1, max_length=300)],
    max_hops: Annotated[int, Query(ge=1, le=3)] = 3,
    as_of: Annotated[Timestamp | None, Query()] = None,
    sensitivity_max: Ceiling = None,
) -> PathResponse:
    return find_path(user_id, source, target, max_hops=max_hops, as_of=as_of, sensitivity_max=sensitivity_max)


_TRAVERSE: TypeAdapter[PprTraverse | QueryTraverse | CypherTraverse] = TypeAdapter(TraverseRequest)
_MODES = ("ppr", "query", "cypher")


def parse_traverse(body: dict[str, Any]) -> PprTraverse | QueryTraverse | CypherTraverse:
    """The traverse request, or a RequestValidationError whose locations are the client's field paths."""
    try:
        return _TRAVERSE.validate_python(body)
    except ValidationError as exc:
        errors = []
        for error in exc.errors(include_url=False, include_context=False):
            loc = tuple(error["loc"])
            if error["type"] in ("union_tag_invalid", "union_tag_not_found"):
                error = {**error, "type": "literal_error" if "mode" in body else "missing"}
                loc = ("mode",)
            elif loc and loc[0] in _MODES:
                loc = loc[1:]
            errors.append({**error, "loc": ("body", *loc)})
        raise RequestValidationError(errors, body=body) from None


TRAVERSE_BODY = Body(
    description='`{"mode": "ppr", "seed_nodes": [...], "max_depth": 3, "damping": 0.85, "top_k": 20}` '
    'or `{"mode": "query", "query": {"from": {...}, "edge": {...}, "to": {...}, "directed": false, '
    '"limit": 50}}` (raw Cypher is refused)',
    examples=[
        {"mode": "ppr", "seed_nodes": ["Sarah"], "max_depth": 3, "top_k": 20},
        {
            "mode": "query",
            "query": {
                "from": {"is_owner": True},
                "edge": {"kinds": ["has_relationship_with"]},
                "to": {"kind": "person", "name_contains": "sar"},
            },
        },
    ],
)


@router.post("/v1/traverse")
def post_traverse(
    user_id: CurrentUser, body: Annotated[dict[str, Any], TRAVERSE_BODY]
) -> PprResponse | QueryResponse:
    return traverse(user_id, parse_traverse(body))
