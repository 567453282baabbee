"""POST /v1/recall: the type-aware context for the app's LLM, and whether memory was needed at all."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.openapi import answers
from engram.models import RecallRequest
from engram.retrieval.response_models import RecallResponse

router = Router()


@router.post("/v1/recall", responses=answers(RecallResponse))
def post_recall(user_id: CurrentUser, request: RecallRequest) -> dict:
    from engram.retrieval.recall import recall  # loaded by the first recall, not by the function's start

    return recall(user_id, request)
