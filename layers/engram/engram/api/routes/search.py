"""POST /v1/search: hybrid search, and the special queries it detects (counts, "when did", lists)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.openapi import answers
from engram.models import SearchRequest
from engram.retrieval.response_models import SearchResponse
from engram.retrieval.service import search

router = Router()


@router.post("/v1/search", responses=answers(SearchResponse))
def post_search(user_id: CurrentUser, request: SearchRequest) -> dict:
    return search(user_id, request)
