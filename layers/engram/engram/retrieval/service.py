"""`POST /v1/search`: special queries are recognised first; everything else is a standard search."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engram.models import SearchRequest
from engram.retrieval.search import standard_search


def search(user_id: str, request: SearchRequest, *, now: datetime | None = None) -> dict[str, Any]:
    now = now or datetime.now(UTC)
    return standard_search(user_id, request, now=now)
