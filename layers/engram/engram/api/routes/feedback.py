"""POST /v1/feedback: note feedback (approve|reject|edit|comment) and recall feedback."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.models import FeedbackRequest
from engram.pipeline.feedback import FeedbackResult, record_feedback

router = Router()


@router.post("/v1/feedback")
def post_feedback(user_id: CurrentUser, request: FeedbackRequest) -> FeedbackResult:
    return record_feedback(user_id, request)
