"""The periods a special query names ("last week", "the past 3 days", "Q1", "since March", "recently"),
resolved against `now` into an aware UTC [start, end)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from engram.language.temporal import NUMBER_WORDS, find_dates

_I = re.IGNORECASE

RECENT_DAYS = 14  # "recently", "lately": two weeks (a few days is too short for a weekly journal)


@dataclass(frozen=True)
class Timeframe:
    """A period [start, end) a question is about; `vague` when we chose its length ("recently")."""

    start: datetime
    end: datetime
    label: str
    vague: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"start": iso(self.start), "end": iso(self.end), "label": self.label}


def iso(value: datetime | None) -> str | None:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z") if value else None


_ROLLING = re.compile(
    r"\b(?:(?:in|over|during|within|for)\s+)?(?:the\s+)?(?:past|last|previous)\s+(?P<n>\d{1,3}|"
    + "|".join(sorted((re.escape(w) for w in NUMBER_WORDS), key=len, reverse=True))
    + r")\s+(?P<unit>days?|weeks?|months?|years?)\b",
    _I,
)
_ROLLING_ONE = re.compile(
    r"\b(?:(?:in|over|during|within|for)\s+)?the\s+past\s+(?P<unit>day|week|month|year)\b", _I
)
_RECENT = re.compile(
    r"\b(?:(?:in\s+)?recent(?:ly| days| weeks)|lately|of late|these days|nowadays|the last few days|"
    r"the past few days)\b",
    _I,
)
_QUARTER = re.compile(
    r"\b(?:(?:in|during|over)\s+)?(?:the\s+)?(?:q(?P<q>[1-4])|(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th)"
    r"\s+quarter)(?:\s+(?:of\s+)?(?:(?P<year>(?:19|20)\d{2})|(?P<rel>this|last)\s+year))?\b",
    _I,
)
_MONTH_WORDS = re.compile(
    r"\b(january|february|march|april|may|june|july|august|september|october|november|december)\b", _I
)
# A question about what is arranged ("what am I doing over December?", "what's on in March?", "where
# will we be in May?") asks about the coming month; any other, what happened then: the last one.
_AHEAD = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|upcoming|coming\s+up|planned|booked)\b|'ll\b|"
    r"\b(?:am|are|is)\s+[\w']+\s+(?:doing|up\s+to|planning|having|going|coming|leaving|moving|"
    r"flying|visiting|starting|getting\s+up\s+to)\b|"
    r"\bwhat(?:'s|\s+is)\s+(?:on|happening)\b|\b(?:have|has)\s+[\w']+\s+got\s+on\b",
    _I,
)
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_QUARTER_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}


def resolve_timeframe(text: str, now: datetime) -> tuple[Timeframe, tuple[int, int]] | None:
    """The first period `text` names, resolved against `now`, with the span of the words that named it.

    Rolling windows end now ("the past 3 days", "the past week", "recently" = RECENT_DAYS); calendar
    phrases keep their calendar period as the write path resolves them ("last week" is Monday-Sunday of
    the previous week, "in March" the most recent March, or the coming one asked what is arranged: "what
    am I doing in March?", `_AHEAD`; "yesterday" that day); "since March" runs to now;
    "Q1"/"first quarter" is the most recent such quarter that has started (or of the year named).
    """
    now = now.astimezone(UTC)
    match = _ROLLING.search(text)
    if match:
        amount = (
            int(match.group("n")) if match.group("n").isdigit() else NUMBER_WORDS[match.group("n").lower()]
        )
        unit = match.group("unit").lower().rstrip("s")
        start = now - timedelta(days=amount * _UNIT_DAYS[unit])
        return Timeframe(start, now, f"past {amount} {unit}{'s' if amount != 1 else ''}"), match.span()
    match = _ROLLING_ONE.search(text)
    if match:
        unit = match.group("unit").lower()
        return Timeframe(now - timedelta(days=_UNIT_DAYS[unit]), now, f"past {unit}"), match.span()
    match = _QUARTER.search(text)
    if match:
        return _quarter(match, now), match.span()
    match = _RECENT.search(text)
    if match:
        start = now - timedelta(days=RECENT_DAYS)
        return Timeframe(start, now, f"recently (last {RECENT_DAYS} days)", vague=True), match.span()
    # The date grammar is case-sensitive about month names (so that "may" stays a verb): capitalise them.
    prepared = _MONTH_WORDS.sub(lambda m: m.group(1).capitalize(), text)
    mentions = find_dates(prepared, now, "future" if _AHEAD.search(text) else "past")
    if not mentions:
        return None
    first = mentions[0]
    end = first.last + timedelta(seconds=1)
    span = (first.start, first.end)
    label = first.label or first.text
    since = re.search(r"\bsince\s+$", prepared[max(0, first.start - 10) : first.start], _I)
    if since:
        return Timeframe(first.value, now, f"since {label}"), (first.start - len(since.group(0)), first.end)
    range_end = next(
        (
            m
            for m in mentions[1:]
            if re.match(r"\s*(?:to|until|till|through|and|-)\s*$", prepared[first.end : m.start], _I)
        ),
        None,
    )
    start = first.value
    if range_end is not None:
        end = range_end.last + timedelta(seconds=1)
        start = _before(start, end)
        label = f"{start:%B %Y}" if start != first.value else label  # the year moved: say which
        label = f"{label} to {range_end.label or range_end.text}"
        span = (first.start, range_end.end)
    return Timeframe(start, end, label), span


def _before(start: datetime, end: datetime) -> datetime:
    """The start of a range moved back by whole years until it precedes its end: in "between April and
    June 2024" the year is said once, for both, and "April" alone read as the most recent April."""
    while start >= end:
        try:
            start = start.replace(year=start.year - 1)
        except ValueError:  # 29 February
            start = start.replace(year=start.year - 1, day=28)
    return start


def _quarter(match: re.Match[str], now: datetime) -> Timeframe:
    number = int(match.group("q")) if match.group("q") else _QUARTER_ORDINALS[match.group("ord").lower()]
    if match.group("year"):
        year = int(match.group("year"))
    elif match.group("rel"):
        year = now.year - (1 if match.group("rel").lower() == "last" else 0)
    else:
        year = now.year if (number - 1) * 3 + 1 <= now.month else now.year - 1
    start = datetime(year, (number - 1) * 3 + 1, 1, tzinfo=UTC)
    end = (
        datetime(year + 1, 1, 1, tzinfo=UTC) if number == 4 else datetime(year, number * 3 + 1, 1, tzinfo=UTC)
    )
    return Timeframe(start, end, f"Q{number} {year}")
