"""Keyset pagination shared by every list route: a page is `limit` rows read after the cursor, plus one
more row that says whether there is a next page. Each list encodes its own cursor (the sort key of its
last row); this module holds what they have in common."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

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
