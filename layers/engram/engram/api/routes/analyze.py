"""POST /v1/analyze: notes and conversations into memories."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.openapi import answers
from engram.models import AnalyzeRequest, AnalyzeResult
from engram.pipeline.analyze import analyze

router = Router()


@router.post(
    "/v1/analyze",
    responses={
        **answers(AnalyzeResult, 200, "Extracted: every fact applied"),
        **answers(AnalyzeResult, 202, "Accepted: stored, processing continues in the background"),
    },
)
def post_analyze(user_id: CurrentUser, request: AnalyzeRequest) -> Response[dict]:
    outcome = analyze(user_id, request)
    return Response(
        status_code=outcome.status_code, content_type=content_types.APPLICATION_JSON, body=outcome.body
    )
