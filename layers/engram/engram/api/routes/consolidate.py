"""POST /v1/consolidate: preview (`force: false`) or merge (`force: true`) near-duplicate memories."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.lifecycle.consolidation import consolidate, preview
from engram.lifecycle.consolidation_models import ConsolidateRequest, MergeResult, PreviewResult

router = Router()


@router.post("/v1/consolidate")
def post_consolidate(user_id: CurrentUser, request: ConsolidateRequest) -> PreviewResult | MergeResult:
    if request.force:
        return consolidate(user_id, request)
    return preview(user_id, request)
