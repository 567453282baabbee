"""Keyset pagination shared by every list route: a page is `limit` rows read after the cursor, plus one
more row that says whether there is a next page. Each list encodes its own cursor (the sort key of its
last row); this module holds what they have in common."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TypeVar
from uuid import UUID

from engram.errors import ValidationFailed

Key = TypeVar("Key")
Row = TypeVar("Row")


def read_cursor(cursor: str | None, decode: Callable[[str], Key]) -> Key | None:
    """The position a cursor names, or None for the first page. A cursor is opaque: anything this API
    did not issue is the client's mistake (400 naming `cursor`), never a 500."""
    if not cursor:
        return None
    try:
        return decode(cursor)
    except (ValueError, TypeError) as exc:
        raise ValidationFailed("cursor is not one this API issued", field="cursor") from exc


def split_page(
    rows: Sequence[Row], limit: int, cursor_of: Callable[[Row], str]
) -> tuple[list[Row], str | None]:
    """The page (the first `limit` of `limit + 1` rows read) and the cursor of the next one, if any."""
    page = list(rows[:limit])
    return page, (cursor_of(page[-1]) if len(rows) > limit else None)


def encode_time_cursor(tag: str, at: datetime, row_id: UUID) -> str:
    """The cursor after a row of a list sorted by (time, id) descending. The tag names the list, so a
    cursor of another list (or another version of this one) is refused, not misread."""
    raw = json.dumps([tag, at.isoformat(), str(row_id)]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_time_cursor(tag: str, cursor: str) -> tuple[datetime, UUID]:
    """The (time, id) an `encode_time_cursor(tag, ...)` cursor names; ValueError/TypeError for anything
    else (`read_cursor` turns them into a 400)."""
    found, at, row_id = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    if found != tag:
        raise ValueError(f"not a {tag} cursor")
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:
        raise ValueError("cursor time without a time zone")
    return moment, UUID(row_id)


def page_params(limit: int, after: tuple[datetime, UUID] | None) -> dict[str, object]:
    """The statement parameters of a (time, id) keyset page: `after_at`/`after_id` (NULL on the first
    page) and `limit + 1` rows, the one more saying whether there is a next page."""
    return {
        "after_at": after[0] if after else None,
        "after_id": after[1] if after else None,
        "limit": limit + 1,
    }
