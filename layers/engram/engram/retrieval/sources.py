"""`GET /v1/sources` and `GET /v1/sources/{id}`: the sources a user reads (see
`db.repositories.source_access` for the rule), and which of their own memories came from one."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from engram.db.connection import get_database
from engram.db.repositories import source_access as repo
from engram.db.repositories.keyset import read_cursor, split_page
from engram.db.repositories.visibility import ceiling_rank
from engram.errors import NotFound, ValidationFailed
from engram.models import SensitivityLevel
from engram.retrieval.source_models import SourceDetail, SourceMessage, SourcePage, SourceSummary

CITING_LIMIT = 200


def list_sources_page(
    user_id: str,
    *,
    team_id: UUID | None = None,
    context_type: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int = 50,
    cursor: str | None = None,
    sensitivity_max: SensitivityLevel | None = None,
) -> SourcePage:
    """The caller's readable sources, newest first, keyset-paginated."""
    if since is not None and until is not None and until <= since:
        raise ValidationFailed("until must be after since", field="until")
    after = read_cursor(cursor, repo.decode_cursor)
    with get_database().user_transaction(user_id) as conn:
        rows = repo.list_sources(
            conn,
            user_id,
            ceiling=ceiling_rank(conn, user_id, sensitivity_max),
            limit=limit,
            team_id=team_id,
            context_type=context_type,
            since=since,
            until=until,
            after=after,
        )
    page, next_cursor = split_page(rows, limit, lambda r: repo.encode_cursor(r["happened_at"], r["id"]))
    return SourcePage(items=[SourceSummary.model_validate(r) for r in page], next_cursor=next_cursor)


def get_source_detail(
    user_id: str, source_id: UUID, *, sensitivity_max: SensitivityLevel | None = None
) -> SourceDetail:
    """One readable source with its messages and the caller's memories citing it; 404 otherwise (a
    source the caller does not read is not revealed to exist)."""
    with get_database().user_transaction(user_id) as conn:
        row = repo.get_source(conn, user_id, source_id, ceiling=ceiling_rank(conn, user_id, sensitivity_max))
        if row is None:
            raise NotFound("no such source", field="id")
        citing = repo.memories_citing(conn, user_id, source_id, CITING_LIMIT)
    return SourceDetail.model_validate(row | {"messages": _messages(row), "memories": citing})


def _messages(row: dict[str, Any]) -> list[SourceMessage]:
    raw = row["raw_content"] or {}
    if raw.get("kind") == "conversation":
        return [SourceMessage.model_validate(m) for m in raw.get("messages", [])]
    return [SourceMessage(content=raw.get("content") or row["content"], timestamp=row["document_date"])]
