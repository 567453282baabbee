"""GET /v1/entities, GET /v1/entities/{id}, GET /v1/entities/{id}/memories, and notes on entities and
relationships (POST /v1/entities/{id}/notes, POST /v1/relationships/{id}/notes).

Path parameters are called `id` (as in every documented path) so a malformed one is reported as
`{"field": "id"}`; query parameters are typed, so unknown filter values are 400s naming the filter.
Reads show only what the sensitivity ceiling lets through (`sensitivity_max`, else the user's default): a
hidden entity reads as a missing one.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.openapi import answers
from engram.api.routes.ceiling import Ceiling
from engram.api.routes.paging import DEFAULT_PAGE_SIZE, PageCursor, PageLimit
from engram.domain.memories import MemoryPage, MemoryStatus
from engram.graph.entities import (
    add_entity_note,
    add_relationship_note,
    get_entity_detail,
    list_entities_page,
    list_entity_memories_page,
)
from engram.graph.entity_models import EntityDetail, EntityKind, EntityPage, Note, NoteCreate
from engram.request_rules import Timestamp

router = Router()


@router.get("/v1/entities")
def list_entities(
    user_id: CurrentUser,
    kind: Annotated[EntityKind | None, Query()] = None,
    entity_type: Annotated[str | None, Query(max_length=100)] = None,
    name: Annotated[str | None, Query(max_length=300)] = None,
    include_owner: Annotated[bool, Query()] = False,
    limit: PageLimit = DEFAULT_PAGE_SIZE,
    cursor: PageCursor = None,
    sensitivity_max: Ceiling = None,
) -> EntityPage:
    return list_entities_page(
        user_id,
        kind=kind,
        entity_type=entity_type,
        name=name,
        include_owner=include_owner,
        limit=limit,
        cursor=cursor,
        sensitivity_max=sensitivity_max,
    )


@router.get("/v1/entities/<id>")
def read_entity(
    user_id: CurrentUser,
    id: UUID,
    as_of: Annotated[Timestamp | None, Query()] = None,
    days: Annotated[int, Query(ge=1, le=730)] = 90,
    sensitivity_max: Ceiling = None,
) -> EntityDetail:
    return get_entity_detail(user_id, id, as_of=as_of, days=days, sensitivity_max=sensitivity_max)


@router.get("/v1/entities/<id>/memories")
def read_entity_memories(
    user_id: CurrentUser,
    id: UUID,
    status: Annotated[MemoryStatus, Query()] = "active",
    limit: PageLimit = DEFAULT_PAGE_SIZE,
    cursor: PageCursor = None,
    sensitivity_max: Ceiling = None,
) -> MemoryPage:
    return list_entity_memories_page(
        user_id, id, status=status, limit=limit, cursor=cursor, sensitivity_max=sensitivity_max
    )


def _created(note: Note) -> Response[dict]:
    return Response(
        status_code=201, content_type=content_types.APPLICATION_JSON, body=note.model_dump(mode="json")
    )


@router.post("/v1/entities/<id>/notes", responses=answers(Note, 201, "Created"))
def post_entity_note(user_id: CurrentUser, id: UUID, note: NoteCreate) -> Response[dict]:
    return _created(add_entity_note(user_id, id, note))


@router.post("/v1/relationships/<id>/notes", responses=answers(Note, 201, "Created"))
def post_relationship_note(user_id: CurrentUser, id: UUID, note: NoteCreate) -> Response[dict]:
    return _created(add_relationship_note(user_id, id, note))
