"""POST /v1/memory-update: the update phase for one candidate fact (add, update, supersede or skip)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.openapi import answers
from engram.models import MemoryUpdateRequest, OperationResult
from engram.pipeline.memory_update import update_memory_from_fact

router = Router()


@router.post("/v1/memory-update", responses=answers(OperationResult))
def post_memory_update(user_id: CurrentUser, request: MemoryUpdateRequest) -> dict:
    return update_memory_from_fact(user_id, request)
