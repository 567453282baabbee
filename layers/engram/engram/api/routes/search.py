"""POST /v1/search: hybrid search (and, as they land, the special queries of seed 000 §6.2)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.models import SearchRequest
from engram.retrieval.service import search

router = Router()


@router.post("/v1/search")
def post_search(user_id: CurrentUser, request: SearchRequest) -> dict:
    return search(user_id, request)
