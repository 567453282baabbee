"""Memories as lists read them: the status a list filters on, what the user's list filters by, and one
page of results.

Shared by the user's own memory list (`GET /v1/memories`) and an entity's memories
(`GET /v1/entities/{id}/memories`), which live in different services.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from pydantic import BaseModel

from engram.models import Layer, Memory, MemoryType, SensitivityLevel

MemoryStatus = Literal["active", "superseded", "archived"]


@dataclass(frozen=True)
class MemoryListFilter:
    """What `GET /v1/memories` narrows the list to; None (or False) leaves a column unfiltered.
    `created_after` is inclusive and `created_before` exclusive, so adjacent windows do not overlap."""

    status: MemoryStatus = "active"
    memory_type: MemoryType | None = None
    include_historical: bool = False
    text: str | None = None
    layer: Layer | None = None
    category: str | None = None
    sensitivity: SensitivityLevel | None = None
    created_after: datetime | None = None
    created_before: datetime | None = None


class MemoryPage(BaseModel):
    """One page of `GET /v1/memories`; `next_cursor` is null on the last page."""

    items: list[Memory]
    next_cursor: str | None = None
