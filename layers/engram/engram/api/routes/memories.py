"""GET /v1/memories, GET/PUT/DELETE /v1/memories/{id}, GET /v1/memories/{id}/history and /related.

The path parameter is called `id` (as in every documented path) so a malformed one is reported as
`{"field": "id"}`; query parameters are typed, so unknown filter values are 400s naming the filter.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.routes.paging import DEFAULT_PAGE_SIZE, PageCursor, PageLimit
from engram.domain.memories import MemoryListFilter, MemoryPage, MemoryStatus
from engram.models import Layer, Memory, MemoryEdit, MemoryType, SensitivityLevel
from engram.pipeline.edits import (
    DeleteResult,
    HistoryPage,
    RelatedPage,
    delete_memory_by_user,
    edit_memory,
    get_memory_view,
    list_memories_page,
    memory_history,
    related_memories,
)
from engram.request_rules import Timestamp

router = Router()


@router.get("/v1/memories")
def list_memories(
    user_id: CurrentUser,
    status: Annotated[MemoryStatus, Query()] = "active",
    memory_type: Annotated[MemoryType | None, Query()] = None,
    include_historical: Annotated[bool, Query()] = False,
    q: Annotated[str | None, Query(max_length=500)] = None,
    layer: Annotated[Layer | None, Query()] = None,
    category: Annotated[str | None, Query(min_length=1, max_length=64)] = None,
    sensitivity: Annotated[SensitivityLevel | None, Query(description="exactly this level")] = None,
    created_after: Annotated[Timestamp | None, Query(description="created at or after")] = None,
    created_before: Annotated[Timestamp | None, Query(description="created before")] = None,
    limit: PageLimit = DEFAULT_PAGE_SIZE,
    cursor: PageCursor = None,
) -> MemoryPage:
    where = MemoryListFilter(
        status=status,
        memory_type=memory_type,
        include_historical=include_historical,
        text=q,
        layer=layer,
        category=category,
        sensitivity=sensitivity,
        created_after=created_after,
        created_before=created_before,
    )
    return list_memories_page(user_id, where=where, limit=limit, cursor=cursor)


@router.get("/v1/memories/<id>")
def read_memory(user_id: CurrentUser, id: UUID) -> Memory:
    return get_memory_view(user_id, id)


@router.put("/v1/memories/<id>")
def put_memory(user_id: CurrentUser, id: UUID, edit: MemoryEdit) -> Memory:
    return edit_memory(user_id, id, edit)


@router.delete("/v1/memories/<id>")
def remove_memory(user_id: CurrentUser, id: UUID, hard: Annotated[bool, Query()] = False) -> DeleteResult:
    return delete_memory_by_user(user_id, id, hard=hard)


@router.get("/v1/memories/<id>/history")
def read_history(user_id: CurrentUser, id: UUID) -> HistoryPage:
    return memory_history(user_id, id)


@router.get("/v1/memories/<id>/related")
def read_related(user_id: CurrentUser, id: UUID) -> RelatedPage:
    return related_memories(user_id, id)
