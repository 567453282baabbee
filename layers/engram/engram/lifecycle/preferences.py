"""`GET`/`PUT /v1/preferences`: the user's settings, stored with secrets out of their free text.

Custom instructions are free text a user may paste anything into, and topics are stored as typed;
both pass the privacy filter like every other text a request brings.
"""

from __future__ import annotations

from engram.db.connection import get_database
from engram.db.repositories.preferences import get_preferences, upsert_preferences
from engram.language.privacy import redact_model
from engram.models import MemoryPreferences, PreferencesUpdate


def save_preferences(user_id: str, update: PreferencesUpdate) -> MemoryPreferences:
    """Apply a partial update (fields left out keep their value) after redacting its text."""
    update, _ = redact_model(update)
    with get_database().user_transaction(user_id) as conn:
        return upsert_preferences(conn, user_id, update.model_dump(exclude_unset=True))


def read_preferences(user_id: str) -> MemoryPreferences:
    """The user's settings, or the defaults when they never saved any."""
    with get_database().user_transaction(user_id) as conn:
        return get_preferences(conn, user_id)
