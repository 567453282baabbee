"""`POST /v1/search`: special queries are recognised first; everything else is a standard search."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engram.models import SearchRequest
from engram.retrieval.search import standard_search
from engram.retrieval.special import detect_special_query, run_special_query


def search(user_id: str, request: SearchRequest, *, now: datetime | None = None) -> dict[str, Any]:
    """A special query's answer (a question about the memory as a whole) when the query is one and
    `request.special` allows it, else a standard hybrid search. Both carry `results`, the ranked memories."""
    now = now or datetime.now(UTC)
    if request.special:
        special = detect_special_query(request.query, now)
        if special is not None:
            return run_special_query(user_id, request, special, now=now)
    return standard_search(user_id, request, now=now)
