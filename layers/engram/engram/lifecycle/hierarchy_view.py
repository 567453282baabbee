"""`GET /v1/storylines` and `GET /v1/macros`: the hierarchy `lifecycle.hierarchy` builds, read back as
it stands (what each row holds and who may see it: `db.repositories.hierarchy_listing`)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Generic, TypeVar
from uuid import UUID

from pydantic import BaseModel

from engram.db.connection import get_database
from engram.db.repositories import hierarchy_listing as repo
from engram.db.repositories.keyset import decode_time_cursor, encode_time_cursor, read_cursor, split_page
from engram.db.repositories.visibility import ceiling_rank
from engram.graph.entity_models import EntityKind
from engram.models import MemoryType, SensitivityLevel

Lister = Callable[..., list[dict[str, Any]]]
PageT = TypeVar("PageT", bound=BaseModel)


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


class HierarchyRow(MacroRef):
    """What a storyline and a macro both are: a title (`name`), a summary (`description`, null until the
    hierarchy job has written one), the node it is about, its lifecycle state and salience."""

    description: str | None = None
    anchor: AnchorRef
    state: str
    salience: float


class Storyline(HierarchyRow):
    """A thread of the user's sources about one node, with its period, its memories and the macros above."""

    source_count: int
    started_at: datetime | None = None
    last_source_at: datetime | None = None
    memory_count: int
    memories: list[StorylineMemory]
    macros: list[MacroRef]


class StorylinePage(BaseModel):
    items: list[Storyline]
    next_cursor: str | None = None


class MacroStoryline(MacroRef):
    source_count: int
    started_at: datetime | None = None
    last_source_at: datetime | None = None


class Macro(HierarchyRow):
    """Storylines that share a root node over a long span, with its period and storylines."""

    storyline_count: int
    total_source_count: int
    started_at: datetime | None = None
    last_event_at: datetime | None = None
    storylines: list[MacroStoryline]


class MacroPage(BaseModel):
    items: list[Macro]
    next_cursor: str | None = None


class HierarchyList(Generic[PageT]):
    """One of the two lists: a page sorted by (latest activity, id), under the request's ceiling (the
    user's default without one)."""

    def __init__(self, tag: str, lister: Lister, page: type[PageT]):
        self.tag, self.lister, self.page = tag, lister, page

    def __call__(
        self,
        user_id: str,
        *,
        limit: int = 50,
        cursor: str | None = None,
        sensitivity_max: SensitivityLevel | None = None,
    ) -> PageT:
        after = read_cursor(cursor, lambda text: decode_time_cursor(self.tag, text))
        with get_database().user_transaction(user_id) as conn:
            ceiling = ceiling_rank(conn, user_id, sensitivity_max)
            rows = self.lister(conn, user_id, ceiling=ceiling, limit=limit, after=after)
        items, next_cursor = split_page(
            rows, limit, lambda row: encode_time_cursor(self.tag, row["touched_at"], row["id"])
        )
        return self.page.model_validate({"items": items, "next_cursor": next_cursor})


list_storylines_page = HierarchyList(repo.STORYLINE_CURSOR_TAG, repo.list_storylines, StorylinePage)
list_macros_page = HierarchyList(repo.MACRO_CURSOR_TAG, repo.list_macros, MacroPage)
