"""The user's profile: name, home, work, family, diet, likes ... as category/key/value
facts read from the memories that state them.

Built from memories that carry a subject/attribute/value (both write engines produce them), about the
user or about a person's tie to the user. The newest memory of a key wins; a value that changed
closes the old row, so the profile has history. Nothing above the user's sensitivity ceiling (their
preference's default) goes in: a profile is what an app shows and injects, so it is held to the same
bar as search.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engram.db.connection import Conn, get_database
from engram.db.repositories import profiles as repo
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.visibility import SENSITIVITY_ORDER
from engram.graph.edges import FAMILY_TIES, PARTNER_TIES, SELF_SUBJECTS, tie_type
from engram.language.medicines import STOPPED

# attribute -> (category, key) for facts about the user; a prefix maps `prefix:<thing>` to a key per thing.
USER_ATTRIBUTES: dict[str, tuple[str, str]] = {
    "name": ("identity", "name"),
    "age": ("identity", "age"),
    "birthday": ("identity", "birthday"),
    "nationality": ("identity", "nationality"),
    "language": ("identity", "language"),
    "location": ("location", "home"),
    "hometown": ("location", "hometown"),
    "employer": ("work", "employer"),
    "job_title": ("work", "job_title"),
    "school": ("education", "school"),
    "relationship_status": ("relationships", "status"),
    "diet": ("health", "diet"),
}
USER_PREFIXES: dict[str, str] = {
    "preference": "preferences",
    "favorite": "favorites",
    "allergy": "health",
    "intolerance": "health",
    "avoids": "health",  # a food or drink one goes without: "coffee": "no coffee"
    "pet": "pets",
    "medication": "medications",  # the medicine's current dose; one stopped is no longer listed
}
PARTNER_STATES = {"dating": "dating", "engaged": "engaged", "married": "married"}


def profile_facts(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pure: memory rows (newest first) -> one fact per (category, key), the newest memory's value."""
    facts: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        mapped = _map(row)
        if mapped is None:
            continue
        category, key, value = mapped
        slot = (category, key)
        if slot in facts:
            if facts[slot]["value"] == value:  # the same value said again: more evidence
                facts[slot]["source_memory_ids"].append(row["id"])
                facts[slot]["confidence"] = max(facts[slot]["confidence"], float(row["confidence"]))
            continue
        facts[slot] = {
            "category": category,
            "key": key,
            "value": value,
            "confidence": float(row["confidence"]),
            "source_memory_ids": [row["id"]],
            "sensitivity_level": row["sensitivity_level"],
            "valid_from": row["since"],
        }
    return list(facts.values())


def _map(row: dict[str, Any]) -> tuple[str, str, str] | None:
    subject = (row["subject"] or "").strip()
    attribute = (row["attribute"] or "").strip().lower()
    value = (row["value"] or "").strip()
    if not attribute or not value:
        return None
    if subject.lower() in SELF_SUBJECTS:
        if attribute in USER_ATTRIBUTES:
            if attribute == "employer" and value.lower().startswith(("left ", "quit ")):
                return None
            category, key = USER_ATTRIBUTES[attribute]
            return category, key, value
        prefix, _, thing = attribute.partition(":")
        if prefix in USER_PREFIXES and thing:
            return None if value.lower() == STOPPED else (USER_PREFIXES[prefix], thing, value)
        if prefix == "relationship" and thing:
            state = next((s for w, s in PARTNER_STATES.items() if value.lower().startswith(w)), None)
            return ("relationships", "partner", f"{thing} ({state})") if state else None
        return None
    if attribute == "relation" and subject:
        tie = tie_type(value)[0]
        if value.lower() in FAMILY_TIES or tie in FAMILY_TIES:
            return "family", subject, value.lower()
        if value.lower() in PARTNER_TIES or tie == "partner":
            return "relationships", "partner", subject
    return None


def refresh_profile(user_id: str, *, now: datetime | None = None) -> dict[str, Any]:
    """Rebuild the profile now, whether or not it is stale (`POST /v1/profile/refresh`)."""
    with get_database().user_transaction(user_id) as conn:
        repo.claim_stale_profile(conn, user_id)
        counts = rebuild_profile(conn, user_id, now=now or datetime.now(UTC))
        rows = repo.current_profile(conn, user_id, ceiling=_ceiling(conn, user_id))
    return _view(rows) | {"refreshed": counts}


def get_profile(user_id: str, *, include_history: bool = False) -> dict[str, Any]:
    """The profile as the memories say it now: rebuilt first when a change made it stale."""
    with get_database().user_transaction(user_id) as conn:
        counts = fresh_profile(conn, user_id)
        rows = repo.current_profile(
            conn, user_id, include_history=include_history, ceiling=_ceiling(conn, user_id)
        )
    return _view(rows) | ({"refreshed": counts} if counts is not None else {})


def fresh_profile(conn: Conn, user_id: str, *, now: datetime | None = None) -> dict[str, int] | None:
    """Rebuild the profile inside the caller's transaction if a memory change marked it stale (see
    the `memories_profile_stale` trigger); the rebuild's counts, or None when it was fresh. The flag
    is cleared before the memories are read, so a change committed meanwhile marks it stale again
    rather than being missed."""
    if repo.claim_stale_profile(conn, user_id):
        return rebuild_profile(conn, user_id, now=now or datetime.now(UTC))
    return None


def rebuild_profile(conn: Conn, user_id: str, *, now: datetime) -> dict[str, int]:
    return repo.replace_profile(conn, user_id, derive_profile(conn, user_id), now=now)


def derive_profile(conn: Conn, user_id: str) -> list[dict[str, Any]]:
    """The profile's current facts from the memories alone (also what a rebuild check compares)."""
    return profile_facts(repo.profile_sources(conn, user_id, _ceiling(conn, user_id)))


def _ceiling(conn: Conn, user_id: str) -> int:
    """The user's sensitivity ceiling: the profile is built and read at it (history built at a higher
    one is not shown either)."""
    return SENSITIVITY_ORDER[get_preferences(conn, user_id).default_sensitivity_level]


def _view(rows: list[dict[str, Any]]) -> dict[str, Any]:
    items = [
        {
            "id": str(r["id"]),
            "category": r["category"],
            "key": r["key"],
            "value": r["value"],
            "confidence": round(float(r["confidence"]), 3),
            "sensitivity_level": r["sensitivity_level"],
            "valid_from": r["valid_from"].isoformat(),
            "valid_to": r["valid_to"].isoformat() if r["valid_to"] else None,
            "source_memory_ids": [str(i) for i in r["source_memory_ids"]],
        }
        for r in rows
    ]
    profile: dict[str, dict[str, str]] = {}
    for item in items:
        if item["valid_to"] is None:
            profile.setdefault(item["category"], {})[item["key"]] = item["value"]
    return {"profile": profile, "items": items}
