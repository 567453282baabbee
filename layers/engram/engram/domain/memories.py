"""Memories as lists read them: the status a list filters on and one page of results.

Shared by the user's own memory list (`GET /v1/memories`) and an entity's memories
(`GET /v1/entities/{id}/memories`), which live in different services.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engram.models import Memory

MemoryStatus = Literal["active", "superseded", "archived"]


class MemoryPage(BaseModel):
    """One page of `GET /v1/memories`; `next_cursor` is null on the last page."""

    items: list[Memory]
    next_cursor: str | None = None
