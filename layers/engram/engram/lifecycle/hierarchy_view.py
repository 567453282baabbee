"""`GET /v1/storylines` and `GET /v1/macros`: the hierarchy `lifecycle.hierarchy` builds, read back as
it stands (what each row holds and who may see it: `db.repositories.hierarchy_listing`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID

from pydantic import BaseModel

from engram.db.connection import get_database
from engram.db.repositories import hierarchy_listing as repo
from engram.db.repositories.keyset import decode_time_cursor, encode_time_cursor, read_cursor, split_page
from engram.db.repositories.visibility import ceiling_rank
from engram.graph.entity_models import EntityKind
from engram.models import MemoryType, SensitivityLevel

Lister = Callable[..., list[dict[str, Any]]]


class AnchorRef(BaseModel):
    """The node a storyline or macro is about."""

    id: UUID
    name: str
    kind: EntityKind
    entity_type: str | None = None


class StorylineMemory(BaseModel):
    id: UUID
    content: str
    memory_type: MemoryType
    created_at: datetime


class MacroRef(BaseModel):
    id: UUID
    name: str


class Storyline(BaseModel):
    """A thread of the user's sources about one node: its title (`name`), its summary (`description`,
    null until the hierarchy job has written one), its period, its memories and the macros above it."""

    id: UUID
    name: str
    description: str | None = None
    anchor: AnchorRef
    state: str
    salience: float
    source_count: int
    started_at: datetime | None = None
    last_source_at: datetime | None = None
    memory_count: int
    memories: list[StorylineMemory]
    macros: list[MacroRef]


class StorylinePage(BaseModel):
    items: list[Storyline]
    next_cursor: str | None = None


class MacroStoryline(BaseModel):
    id: UUID
    name: str
    source_count: int
    started_at: datetime | None = None
    last_source_at: datetime | None = None


class Macro(BaseModel):
    """Storylines that share a root node over a long span: its title, summary, period and storylines."""

    id: UUID
    name: str
    description: str | None = None
    anchor: AnchorRef
    state: str
    salience: float
    storyline_count: int
    total_source_count: int
    started_at: datetime | None = None
    last_event_at: datetime | None = None
    storylines: list[MacroStoryline]


class MacroPage(BaseModel):
    items: list[Macro]
    next_cursor: str | None = None


def _page(
    user_id: str,
    tag: str,
    lister: Lister,
    *,
    limit: int,
    cursor: str | None,
    sensitivity_max: SensitivityLevel | None,
) -> tuple[list[dict[str, Any]], str | None]:
    """One page of a list sorted by (latest activity, id), under the request's or the user's ceiling."""
    after = read_cursor(cursor, lambda text: decode_time_cursor(tag, text))
    with get_database().user_transaction(user_id) as conn:
        ceiling = ceiling_rank(conn, user_id, sensitivity_max)
        rows = lister(conn, user_id, ceiling=ceiling, limit=limit, after=after)
    return split_page(rows, limit, lambda row: encode_time_cursor(tag, row["touched_at"], row["id"]))


def list_storylines_page(
    user_id: str,
    *,
    limit: int = 50,
    cursor: str | None = None,
    sensitivity_max: SensitivityLevel | None = None,
) -> StorylinePage:
    """The caller's storylines, latest activity first, keyset-paginated."""
    rows, next_cursor = _page(
        user_id, repo.STORYLINE_CURSOR_TAG, repo.list_storylines,
        limit=limit, cursor=cursor, sensitivity_max=sensitivity_max,
    )  # fmt: skip
    return StorylinePage(items=[Storyline.model_validate(r) for r in rows], next_cursor=next_cursor)


def list_macros_page(
    user_id: str,
    *,
    limit: int = 50,
    cursor: str | None = None,
    sensitivity_max: SensitivityLevel | None = None,
) -> MacroPage:
    """The caller's macros, latest activity first, keyset-paginated."""
    rows, next_cursor = _page(
        user_id, repo.MACRO_CURSOR_TAG, repo.list_macros,
        limit=limit, cursor=cursor, sensitivity_max=sensitivity_max,
    )  # fmt: skip
    return MacroPage(items=[Macro.model_validate(r) for r in rows], next_cursor=next_cursor)
