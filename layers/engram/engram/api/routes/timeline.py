"""POST /v1/timeline: events in a window or a period named in words, in date order, grouped by day."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.openapi import answers
from engram.models import TimelineRequest
from engram.retrieval.response_models import TimelineResponse
from engram.retrieval.timeline import timeline

router = Router()


@router.post("/v1/timeline", responses=answers(TimelineResponse))
def post_timeline(user_id: CurrentUser, request: TimelineRequest) -> dict:
    return timeline(user_id, request)
