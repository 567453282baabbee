"""GET /v1/profile and POST /v1/profile/refresh: the user's key facts, derived from their memories."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler.openapi.params import Query
from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.api.openapi import answers
from engram.lifecycle.profile import get_profile, refresh_profile
from engram.lifecycle.profile_models import Profile, RefreshedProfile

router = Router()


@router.get("/v1/profile", responses=answers(Profile))
def read_profile(
    user_id: CurrentUser,
    include_history: Annotated[bool, Query(description="also the values that no longer hold")] = False,
) -> dict[str, Any]:
    return get_profile(user_id, include_history=include_history)


@router.post("/v1/profile/refresh", responses=answers(RefreshedProfile))
def post_refresh(user_id: CurrentUser) -> dict[str, Any]:
    return refresh_profile(user_id)
