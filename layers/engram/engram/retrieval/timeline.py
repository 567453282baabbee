"""`POST /v1/timeline`: what happened (or will) in a period, in date order, grouped by day.

The events are the memories that record something that happened (an activity, an event, a change, a
decision, an action), derived from the memories when read (`engram.db.repositories.timeline`), each on
its event date, else its effective date, else the date of the note it came from, else when recorded.

A request names the window directly (`start`/`end`) or in words (`query`). Words are resolved against
the current time with the write path's own temporal grammar (`engram.language.temporal`: "last week",
"in March", "yesterday", "since June", "between March and June"), plus what that grammar has no use for
when storing memories but people ask of a timeline: quarters ("Q1", "the last quarter"), "the past
3 months" and "recently"/"lately". Whatever words remain once the period and the filler ("what
happened", "show me") are removed are a search ("with Sarah"): the hybrid search runs inside the window
and only the events it matches are listed, each with its score, still in date order.

With no period and nothing else to search, a query means "lately": the last RECENT_DAYS days. With no
period but other words, the whole history is searched. Days are UTC days, as every stored time is UTC.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from engram.db.connection import get_database
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.search_visibility import SearchFilters
from engram.db.repositories.timeline import timeline_window
from engram.errors import ValidationFailed
from engram.language.temporal import DateMention, detect_tense, find_dates
from engram.models import TimelineRequest
from engram.providers.spaces import user_embedder
from engram.retrieval.query_vectors import query_vector
from engram.retrieval.recall import direct_match
from engram.retrieval.search import SearchParams, search_in
from engram.retrieval.transform import content_words, expand_abbreviations

RECENT_DAYS = 30
SEARCH_LIMIT = 100
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_QUARTER = re.compile(
    r"\b(?:(?:in|during)\s+)?(?:the\s+)?(?:q(?P<q>[1-4])|(?P<ord>first|1st|second|2nd|third|3rd|fourth|4th)"
    r"\s+quarter)(?:\s+(?:of\s+)?(?P<year>(?:19|20)\d{2}))?\b",
    re.IGNORECASE,
)
_RELATIVE_QUARTER = re.compile(
    r"\b(?:(?:in|during)\s+)?(?:the\s+)?(?P<which>last|this|next|previous|past|current)\s+quarter\b",
    re.IGNORECASE,
)
_PAST_N = re.compile(
    r"\b(?:(?:in|during|over|for)\s+)?(?:the\s+)?(?:last|past|previous)\s+(?P<n>\d{1,3}|two|three|four|five|"
    r"six|seven|eight|nine|ten|eleven|twelve|a few|few|couple of)\s+(?P<unit>day|week|month|year)s\b",
    re.IGNORECASE,
)
_RECENT = re.compile(r"\b(?:recently|lately|these days|of late)\b", re.IGNORECASE)
_SINCE = re.compile(r"\bsince\s+$", re.IGNORECASE)
_THIS_WEEK = re.compile(r"\b(?:this|the current) week\b(?!end)", re.IGNORECASE)
THIS_WEEK_DAYS = 7
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "eleven": 11, "twelve": 12, "a few": 3, "few": 3, "couple of": 2}  # fmt: skip
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
# Words that ask for a timeline rather than narrowing it.
_FILLER = frozenset(
    """
    happened happen happens happening events event timeline show list everything anything things stuff
    going during schedule calendar agenda plans plan planned up doing done occurred occur went go
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


@dataclass(frozen=True)
class Period:
    """A resolved window `[start, end)` and the character spans of the words that named it."""

    start: datetime | None
    end: datetime | None
    spans: tuple[tuple[int, int], ...]


def _quarter_start(year: int, quarter: int) -> datetime:
    return datetime(year, 3 * quarter - 2, 1, tzinfo=UTC)


def _add_quarters(year: int, quarter: int, delta: int) -> tuple[int, int]:
    index = year * 4 + (quarter - 1) + delta
    return index // 4, index % 4 + 1


def _quarter_window(year: int, quarter: int) -> tuple[datetime, datetime]:
    end_year, end_quarter = _add_quarters(year, quarter, 1)
    return _quarter_start(year, quarter), _quarter_start(end_year, end_quarter)


def resolve_period(query: str, now: datetime) -> Period | None:
    """The window a query names, resolved against `now`; None when it names none.

    "Q1" is January 1 to April 1 of the current year (of the previous year when the question is in the
    past tense and this year's Q1 has not started); several phrases ("between March and June") span from
    the earliest start to the latest end. Without a future marker ("next", "upcoming", "will") a bare
    month or weekday means the most recent one: timelines are mostly asked about the past.
    """
    now = now.astimezone(UTC)
    windows: list[tuple[datetime | None, datetime | None]] = []
    spans: list[tuple[int, int]] = []
    current_quarter = (now.month - 1) // 3 + 1
    for match in _QUARTER.finditer(query):
        quarter = int(match.group("q")) if match.group("q") else _ORDINALS[match.group("ord").lower()]
        year = int(match.group("year")) if match.group("year") else now.year
        if not match.group("year") and _quarter_start(year, quarter) > now and detect_tense(query) == "past":
            year -= 1
        windows.append(_quarter_window(year, quarter))
        spans.append(match.span())
    for match in _RELATIVE_QUARTER.finditer(query):
        step = {"last": -1, "previous": -1, "past": -1, "next": 1}.get(match.group("which").lower(), 0)
        windows.append(_quarter_window(*_add_quarters(now.year, current_quarter, step)))
        spans.append(match.span())
    for match in _PAST_N.finditer(query):
        amount_text = match.group("n").lower()
        amount = int(amount_text) if amount_text.isdigit() else _NUMBERS[amount_text]
        windows.append((now - timedelta(days=amount * _UNIT_DAYS[match.group("unit").lower()]), now))
        spans.append(match.span())
    for match in _RECENT.finditer(query):
        windows.append((now - timedelta(days=RECENT_DAYS), now))
        spans.append(match.span())
    # A timeline question is about the past unless it says otherwise ("coming up in December", "next").
    tense = "future" if detect_tense(query) == "future" else "past"
    for mention in find_dates(query, now, tense, exclude=list(spans)):
        end: datetime | None = mention.last + timedelta(seconds=1)
        if _SINCE.search(query[: mention.start]):
            end = now  # "since March": from March until now
        elif mention.role == "start":
            end = None  # "from June" / "starting Monday": open-ended
        windows.append((_looking_back(query, mention, now, tense), end))
        spans.append((mention.start, mention.end))
    if not windows:
        return None
    starts = [w[0] for w in windows if w[0] is not None]
    ends = [w[1] for w in windows]
    return Period(
        start=min(starts) if starts else None,
        end=None if any(e is None for e in ends) else max(e for e in ends if e is not None),
        spans=tuple(sorted(spans)),
    )


def _looking_back(query: str, mention: DateMention, now: datetime, tense: str) -> datetime:
    """Where a mentioned period starts. "What happened this week" asked early in the week means the
    days just past: the week reaches back THIS_WEEK_DAYS days (today included) when its Monday is
    nearer than that, so what happened on Sunday is still "this week" on a Tuesday."""
    if tense == "future" or not _THIS_WEEK.fullmatch(query[mention.start : mention.end].strip()):
        return mention.value
    days_back = datetime.combine(now.date(), datetime.min.time(), UTC) - timedelta(days=THIS_WEEK_DAYS - 1)
    return min(mention.value, days_back)


def remaining_words(query: str, spans: tuple[tuple[int, int], ...] = ()) -> str:
    """What is left to search once the period's words and timeline filler are removed."""
    kept, cursor = [], 0
    for start, end in sorted(spans):
        kept.append(query[cursor:start])
        cursor = max(cursor, end)
    kept.append(query[cursor:])
    text = expand_abbreviations(" ".join(kept))
    return " ".join(w for w in content_words(text) if w.lower() not in _FILLER)


# --- cursor ---------------------------------------------------------------------------------------------


def encode_cursor(event_date: datetime, sort_key: str) -> str:
    raw = json.dumps({"d": event_date.isoformat(), "k": sort_key}).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        data = json.loads(raw)
        return datetime.fromisoformat(data["d"]), str(UUID(str(data["k"])))
    except (binascii.Error, ValueError, KeyError, TypeError, AttributeError) as err:
        raise ValidationFailed("is not a cursor this API returned", field="cursor") from err


# --- the service ----------------------------------------------------------------------------------------


def _event_view(row: dict[str, Any], score: float | None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "memory_id": str(row["memory_id"]) if row["memory_id"] else None,
        "event_id": str(row["event_id"]) if row["event_id"] else None,
        "title": row["title"],
        "event_type": row["event_type"],
        "memory_type": row["memory_type"],
        "event_date": row["event_date"].astimezone(UTC).isoformat().replace("+00:00", "Z"),
        "description": row["description"],
        "entity_id": str(row["entity_id"]) if row["entity_id"] else None,
        "source_id": str(row["source_id"]) if row["source_id"] else None,
        "is_historical": row["is_historical"],
        "recurrence": row["recurrence"],
        "importance": row["importance"],
    }
    if score is not None:
        view["score"] = round(score, 4)
    return view


def _iso(value: datetime | None) -> str | None:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z") if value else None


def timeline(user_id: str, request: TimelineRequest, *, now: datetime | None = None) -> dict[str, Any]:
    """`{start, end, query, search, days: [{date, events}], count, next_cursor}` (see module docstring)."""
    now = now or datetime.now(UTC)
    start, end = request.start, request.end
    words = ""
    if request.query is not None:
        period = resolve_period(request.query, now)
        words = remaining_words(request.query, period.spans if period else ())
        if start is None and end is None:
            if period is not None:
                start, end = period.start, period.end
            elif not words:
                start, end = now - timedelta(days=RECENT_DAYS), now
    after = decode_cursor(request.cursor) if request.cursor else None
    vectors = query_vector(user_embedder(user_id), words) if words else None

    with get_database().user_transaction(user_id) as conn:
        ceiling = request.sensitivity_max or get_preferences(conn, user_id).default_sensitivity_level
        scores: dict[UUID, float] | None = None
        if words:
            filters = SearchFilters(
                now=now,
                include_historical=True,
                exclude_expired=False,
                sensitivity_max=ceiling,
                since=start,
                until=end,
            )
            params = SearchParams(
                query=words, limit=SEARCH_LIMIT, filters=filters, explain=True, track_access=False
            )
            hits = search_in(conn, user_id, params, vectors)
            scores = {hit.memory.id: hit.final_score for hit in hits if direct_match(hit)}
        rows = timeline_window(
            conn,
            user_id,
            start=start,
            end=end,
            sensitivity_max=ceiling,
            memory_ids=list(scores) if scores is not None else None,
            after=after,
            limit=request.limit + 1,
        )
    page, more = rows[: request.limit], len(rows) > request.limit
    days: list[dict[str, Any]] = []
    for row in page:
        day = row["event_date"].astimezone(UTC).date().isoformat()
        if not days or days[-1]["date"] != day:
            days.append({"date": day, "events": []})
        score = scores.get(row["memory_id"]) if scores is not None else None
        days[-1]["events"].append(_event_view(row, score))
    last = page[-1] if page else None
    return {
        "start": _iso(start),
        "end": _iso(end),
        "query": request.query,
        "search": words or None,
        "days": days,
        "count": len(page),
        "next_cursor": encode_cursor(last["event_date"], last["sort_key"]) if more and last else None,
    }
