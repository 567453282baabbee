"""POST /v1/explore: the explore tool of an agent (nodes, relationships, sources, storylines, macros)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.openapi import answers
from engram.retrieval.explore_models import ExploreRequest, ExploreResult

router = Router()


@router.post("/v1/explore", responses=answers(ExploreResult))
def post_explore(user_id: CurrentUser, request: ExploreRequest) -> dict:
    from engram.retrieval.explore import explore  # loaded by the first explore, not by the function's start

    return explore(user_id, request)
