"""The entity API's service: list the user's graph nodes, read one with what surrounds it (edges now or
at a moment, ended edges, notes, sentiment, superseded facts), page its memories, and add notes.

A node or edge that is not the caller's is reported exactly like a missing one (404), so ids cannot be
probed for existence. So is a node the sensitivity ceiling hides (the user's default level, or the
request's `sensitivity_max`; see `db.repositories.visibility`): every part of a read shows only what the
ceiling lets through.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn, get_database
from engram.db.repositories import entities as repo
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.keyset import read_cursor, split_page
from engram.db.repositories.source_access import with_source_access
from engram.db.repositories.visibility import SENSITIVITY_ORDER, ceiling_rank
from engram.domain.memories import MemoryPage, MemoryStatus
from engram.errors import NotFound, ValidationFailed
from engram.graph.descriptions import fresh_descriptions
from engram.graph.entity_models import (
    Entity,
    EntityDetail,
    EntityKind,
    EntityPage,
    EntityRelationship,
    EntitySentiment,
    NodeRef,
    Note,
    NoteCreate,
    SentimentPoint,
    SupersededFact,
)
from engram.language.privacy import redact_secrets
from engram.language.sentiment import TREND_WINDOW_DAYS, sentiment_trend
from engram.models import Memory, SensitivityLevel

USER_AUTHOR = "user"  # entity_notes.added_by for notes the user wrote through the API
DETAIL_EDGE_LIMIT = 200
DETAIL_HISTORY_LIMIT = 100
DETAIL_NOTE_LIMIT = 50
DETAIL_SUPERSEDED_LIMIT = 50
NOTE_MAX_CHARS = 4000  # entity_notes.content's CHECK


def _utc(at: datetime) -> datetime:
    """A time without a zone is read as UTC (every time in Engram is)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _no_nul(value: str | None, field: str) -> None:
    if value is not None and "\x00" in value:
        raise ValidationFailed(f"{field} must not contain NUL characters", field=field)


def to_entity(row: dict[str, Any]) -> Entity:
    return Entity.model_validate(row)


def _owned_entity(conn: Conn, user_id: str, entity_id: UUID, ceiling: int = 0) -> dict[str, Any]:
    row = repo.get_entity(conn, user_id, entity_id, ceiling=ceiling)
    if row is None:
        raise NotFound("no such entity", field="id")
    return row


# --- reads -----------------------------------------------------------------------------------------------


def list_entities_page(
    user_id: str,
    *,
    kind: EntityKind | None = None,
    entity_type: str | None = None,
    name: str | None = None,
    include_owner: bool = False,
    limit: int = 50,
    cursor: str | None = None,
    sensitivity_max: SensitivityLevel | None = None,
) -> EntityPage:
    """The caller's entities within the ceiling, most recently mentioned first, keyset-paginated (stable
    under inserts)."""
    after = read_cursor(cursor, repo.decode_cursor)
    _no_nul(name, "name")
    _no_nul(entity_type, "entity_type")
    text = (name or "").strip() or None
    with get_database().user_transaction(user_id) as conn:
        fresh_descriptions(conn, user_id)
        rows = repo.list_entities(
            conn,
            user_id,
            kind=kind,
            entity_type=(entity_type or "").strip() or None,
            name=text,
            include_owner=include_owner,
            limit=limit,
            after=after,
            ceiling=ceiling_rank(conn, user_id, sensitivity_max),
        )
    page, next_cursor = split_page(rows, limit, lambda row: repo.encode_cursor(row["recency"], row["id"]))
    return EntityPage(items=[to_entity(row) for row in page], next_cursor=next_cursor)


def _to_relationship(row: dict[str, Any]) -> EntityRelationship:
    other = NodeRef(
        id=row["other_id"],
        name=row["other_name"],
        kind=row["other_kind"],
        entity_type=row["other_entity_type"],
        is_owner=row["other_is_owner"],
    )
    return EntityRelationship.model_validate({**row, "other": other})


def _sentiment(
    conn: Conn, user_id: str, entity_id: UUID, *, now: datetime, days: int, ceiling: int
) -> EntitySentiment:
    points = repo.sentiment_trajectory(conn, user_id, entity_id, now=now, days=days, ceiling=ceiling)
    windows = repo.sentiment_windows(
        conn, user_id, entity_id, now=now, window_days=TREND_WINDOW_DAYS, ceiling=ceiling
    )
    trend = sentiment_trend(
        windows["current_avg"], windows["current_count"], windows["previous_avg"], windows["previous_count"]
    )
    readings = sum(p["count"] for p in points)
    average = sum(p["avg"] * p["count"] for p in points) / readings if readings else None
    return EntitySentiment(
        trend=trend.trend,
        trajectory=[
            SentimentPoint(
                day=p["day"],
                avg=round(p["avg"], 3),
                min=round(p["min"], 3),
                max=round(p["max"], 3),
                count=p["count"],
            )
            for p in points
        ],
        average=round(average, 3) if average is not None else None,
        days=days,
        current_average=_round(trend.current_average),
        previous_average=_round(trend.previous_average),
        change=_round(trend.change),
    )


def _round(value: float | None) -> float | None:
    return round(value, 3) if value is not None else None


def get_entity_detail(
    user_id: str,
    entity_id: UUID,
    *,
    as_of: datetime | None = None,
    days: int = 90,
    now: datetime | None = None,
    sensitivity_max: SensitivityLevel | None = None,
) -> EntityDetail:
    """One entity with its surroundings, read in one transaction so the parts agree with each other.

    Notes and edge notes are those unexpired at `now`; the sentiment covers the `days` before `now`.
    """
    now = _utc(now or datetime.now(UTC))
    as_of = _utc(as_of) if as_of is not None else None
    with get_database().user_transaction(user_id) as conn:
        fresh_descriptions(conn, user_id)
        ceiling = ceiling_rank(conn, user_id, sensitivity_max)
        entity = _owned_entity(conn, user_id, entity_id, ceiling)
        entity_id = entity["id"]  # the merged-into node when the id was merged away
        current = repo.list_entity_edges(
            conn, user_id, entity_id, now=now, as_of=as_of, limit=DETAIL_EDGE_LIMIT, ceiling=ceiling
        )
        ended = repo.list_entity_edges(
            conn, user_id, entity_id, now=now, closed=True, limit=DETAIL_HISTORY_LIMIT, ceiling=ceiling
        )
        notes = repo.list_notes(
            conn, user_id, entity_id=entity_id, now=now, limit=DETAIL_NOTE_LIMIT, ceiling=ceiling
        )
        sentiment = _sentiment(conn, user_id, entity_id, now=now, days=days, ceiling=ceiling)
        superseded = repo.list_superseded_facts(
            conn, user_id, entity_id, limit=DETAIL_SUPERSEDED_LIMIT, ceiling=ceiling
        )
    return EntityDetail.model_validate(
        {
            **entity,
            "as_of": as_of,
            "relationships": [_to_relationship(row) for row in current],
            "relationship_history": [_to_relationship(row) for row in ended],
            "notes": [Note.model_validate(row) for row in notes],
            "sentiment": sentiment,
            "superseded_facts": [SupersededFact.model_validate(row) for row in superseded],
        }
    )


def list_entity_memories_page(
    user_id: str,
    entity_id: UUID,
    *,
    status: MemoryStatus = "active",
    limit: int = 50,
    cursor: str | None = None,
    sensitivity_max: SensitivityLevel | None = None,
) -> MemoryPage:
    """Memories linked to the entity within the ceiling, newest first, shaped exactly like
    `GET /v1/memories` items."""
    after = read_cursor(cursor, memory_repo.decode_cursor)
    with get_database().user_transaction(user_id) as conn:
        ceiling = ceiling_rank(conn, user_id, sensitivity_max)
        entity_id = _owned_entity(conn, user_id, entity_id, ceiling)["id"]
        rows = repo.list_entity_memories(
            conn, user_id, entity_id, status=status, limit=limit, after=after, ceiling=ceiling
        )
        page, next_cursor = split_page(rows, limit, memory_repo.memory_cursor)
        with_source_access(conn, user_id, page)
    return MemoryPage(items=[Memory.model_validate(row) for row in page], next_cursor=next_cursor)


# --- notes -----------------------------------------------------------------------------------------------


def add_entity_note(user_id: str, entity_id: UUID, request: NoteCreate) -> Note:
    """The user's note on one of their entities; the entity becomes dirty (description refresh)."""
    return _add_note(user_id, request, entity_id=entity_id, missing="no such entity")


def add_relationship_note(user_id: str, relationship_id: UUID, request: NoteCreate) -> Note:
    """The user's note on one of their edges; the edge becomes dirty (description refresh)."""
    return _add_note(user_id, request, relationship_id=relationship_id, missing="no such relationship")


def _add_note(
    user_id: str,
    request: NoteCreate,
    *,
    missing: str,
    entity_id: UUID | None = None,
    relationship_id: UUID | None = None,
) -> Note:
    # Notes are stored and later shown to a model like memories are: secrets never reach the table.
    content = redact_secrets(request.content).text
    if len(content) > NOTE_MAX_CHARS:
        raise ValidationFailed("content is too long once secrets are redacted", field="content")
    with get_database().user_transaction(user_id) as conn:
        if entity_id is not None:
            # A write is not a read: the user may note anything of theirs, whatever their ceiling.
            entity_id = _owned_entity(conn, user_id, entity_id, SENSITIVITY_ORDER["private"])["id"]
        row = repo.add_note(
            conn,
            user_id,
            entity_id=entity_id,
            relationship_id=relationship_id,
            content=content,
            added_by=USER_AUTHOR,
            lifetime=request.lifetime,
        )
    if row is None:
        raise NotFound(missing, field="id")
    return Note.model_validate(row)
