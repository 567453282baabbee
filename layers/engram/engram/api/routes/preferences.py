"""GET/PUT /v1/preferences: how a user wants Engram to remember and recall."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.lifecycle import preferences
from engram.models import MemoryPreferences, PreferencesUpdate

router = Router()


@router.get("/v1/preferences")
def read_preferences(user_id: CurrentUser) -> MemoryPreferences:
    return preferences.read_preferences(user_id)


@router.put("/v1/preferences")
def update_preferences(user_id: CurrentUser, update: PreferencesUpdate) -> MemoryPreferences:
    return preferences.save_preferences(user_id, update)
