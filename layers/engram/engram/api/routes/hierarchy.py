"""GET /v1/storylines and GET /v1/macros: the caller's storylines (threads of sources about one node) and
macros (storylines sharing a root over a long span), read-only, newest activity first, paginated."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.routes.ceiling import Ceiling
from engram.api.routes.paging import DEFAULT_PAGE_SIZE, PageCursor, PageLimit
from engram.lifecycle.hierarchy_view import MacroPage, StorylinePage, list_macros_page, list_storylines_page

router = Router()


@router.get("/v1/storylines")
def list_storylines(
    user_id: CurrentUser,
    limit: PageLimit = DEFAULT_PAGE_SIZE,
    cursor: PageCursor = None,
    sensitivity_max: Ceiling = None,
) -> StorylinePage:
    return list_storylines_page(user_id, limit=limit, cursor=cursor, sensitivity_max=sensitivity_max)


@router.get("/v1/macros")
def list_macros(
    user_id: CurrentUser,
    limit: PageLimit = DEFAULT_PAGE_SIZE,
    cursor: PageCursor = None,
    sensitivity_max: Ceiling = None,
) -> MacroPage:
    return list_macros_page(user_id, limit=limit, cursor=cursor, sensitivity_max=sensitivity_max)
