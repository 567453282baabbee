"""GET/PUT /v1/preferences (seed 000 §6.1)."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.router import Router

from engram.api.context import CurrentUser
from engram.db.connection import get_database
from engram.db.repositories.preferences import get_preferences
from engram.lifecycle.preferences import save_preferences
from engram.models import MemoryPreferences, PreferencesUpdate

router = Router()


@router.get("/v1/preferences")
def read_preferences(user_id: CurrentUser) -> MemoryPreferences:
    with get_database().user_transaction(user_id) as conn:
        return get_preferences(conn, user_id)


@router.put("/v1/preferences")
def update_preferences(user_id: CurrentUser, update: PreferencesUpdate) -> MemoryPreferences:
    return save_preferences(user_id, update)
