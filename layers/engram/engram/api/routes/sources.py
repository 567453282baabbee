"""GET /v1/sources and GET /v1/sources/{id}: what the user sent, and the team sources shared with them.

A user reads the sources they stored and, while a member, the sources shared with their teams; a
source they do not read is a 404 like a missing one. Each source lists the caller's own memories that
cite it, never another member's.
"""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.routes.ceiling import Ceiling
from engram.api.routes.paging import DEFAULT_PAGE_SIZE, PageCursor, PageLimit
from engram.models import ContextType
from engram.request_rules import Timestamp
from engram.retrieval.source_models import SourceDetail, SourcePage
from engram.retrieval.sources import get_source_detail, list_sources_page

router = Router()


@router.get("/v1/sources")
def list_sources(
    user_id: CurrentUser,
    team_id: Annotated[UUID | None, Query()] = None,
    context_type: Annotated[ContextType | None, Query()] = None,
    since: Annotated[Timestamp | None, Query()] = None,
    until: Annotated[Timestamp | None, Query()] = None,
    limit: PageLimit = DEFAULT_PAGE_SIZE,
    cursor: PageCursor = None,
    sensitivity_max: Ceiling = None,
) -> SourcePage:
    return list_sources_page(
        user_id,
        team_id=team_id,
        context_type=context_type,
        since=since,
        until=until,
        limit=limit,
        cursor=cursor,
        sensitivity_max=sensitivity_max,
    )


@router.get("/v1/sources/<id>")
def read_source(user_id: CurrentUser, id: UUID, sensitivity_max: Ceiling = None) -> SourceDetail:
    return get_source_detail(user_id, id, sensitivity_max=sensitivity_max)
