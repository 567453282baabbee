"""Date phrases that count from another date: "the weekend before last", "two Fridays ago", "a week on
Friday", "this time last year", "at the weekend", "in the spring", and a span of days ("from 3 to 7
June", "4-18 December", "between the 2nd and the 5th of January").

They are read before the phrases of `grammar` (`SPAN_PATTERNS`), which would otherwise take part of
them ("last" of "the week before last", "June" of "3 to 7 June"). Measured on a labelled set of time
expressions written apart from this grammar (bench/bench_dates.py, docs/benchmarks.md).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from engram.language.temporal.grammar import (
    _DAY_WORD,
    _Handler,
    _pick_weekday,
    _points_forward,
    _resolve_month_day,
    _weekday_number,
)
from engram.language.temporal.periods import (
    _add_months,
    _day,
    _end,
    _month_last_day,
    _month_number,
    _number,
    _period_step,
    _Resolved,
    _season,
    _season_begun,
    _start,
    day_label,
)
from engram.language.temporal.vocabulary import _MONTH_TYPED, _NUM, MONTH_NAMES, RANGE_JOINERS

_PERIOD = r"week|weekend|month|year|summer|winter|spring|fall|autumn"
_SEASON = r"summer|winter|spring|fall|autumn"


def _h_before_last(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    """ "the week before last", "the weekend after next", "the winter before last", "the Tuesday
    before last": two of them back or on."""
    step = -2 if match.group("which").lower().startswith("before") else 2
    word = match.group("period").lower()
    if not re.fullmatch(_PERIOD, word):  # a weekday
        nearest = _pick_weekday(base.date(), _weekday_number(word), "last" if step < 0 else "next", direction)
        return _day(nearest + timedelta(days=7 if step > 0 else -7))
    return _period_step(word, base, step)


def _h_days_ago(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    """ "two Fridays ago", "three weekends ago": the last one, and a week back for each more."""
    count = match.group("n").lower()
    if count in ("a few", "few", "several"):
        return None
    weeks = _number(count) - 1
    word = match.group("day").lower()
    if word.startswith("weekend"):
        return _period_step("weekend", base, -1 - weeks)
    return _day(_pick_weekday(base.date(), _weekday_number(word), "last", direction) - timedelta(weeks=weeks))


def _h_week_on(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    """ "a week on Friday", "a week from tomorrow", "Monday week": the day, and a week after it."""
    word = (match.group("day") or f"{match.group('day2')}day").lower()
    if word in ("today", "tomorrow", "tmrw", "tmr"):
        first = base.date() + timedelta(days=0 if word == "today" else 1)
    else:
        first = _pick_weekday(base.date(), _weekday_number(word), "next", direction)
    return _day(first + timedelta(days=7))


def _h_this_time(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    """ "this time last year", "this time next week": the same day a period back or on."""
    step = -1 if match.group("which").lower() == "last" else 1
    period = match.group("period").lower()
    today = base.date()
    if period == "week":
        return _day(today + timedelta(days=7 * step))
    if period == "month":
        year, month = _add_months(today.year, today.month, step)
    else:
        year, month = today.year + step, today.month
    # the 31st of a month of 30 days is its last
    return _day(date(year, month, min(today.day, _month_last_day(year, month).day)))


def _h_the_weekend(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    """ "at the weekend", "over the weekend": the coming one in a plan, the one just gone in the past;
    said at the weekend, this one."""
    if base.weekday() >= 5:
        return _period_step("weekend", base, 0)
    return _period_step("weekend", base, -1 if direction == "past" else 1)


def _h_the_season(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    """ "in the spring", "over the summer": the one under way or last begun in the past, the one under
    way or next to begin in a plan."""
    season = match.group("season").lower()
    begun, over = _season_begun(season, base)
    return _season(season, begun + 1 if over and direction != "past" else begun)


def _h_day_span(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    """ "from 3 to 7 June", "4-18 December", "the 27th through the 3rd of February": the second end
    is a date, the first its day number in the same month, or the month before when it is larger."""
    month = _month_number(match.group("month"))
    year = int(match.group("year")) if match.group("year") else None
    if _points_forward(match):
        direction = "future"
    last = _resolve_month_day(base, month, int(match.group("d2")), year, direction)
    if last is None:
        return None
    first_day = int(match.group("d1"))
    year_first, month_first = (
        (last.year, last.month) if first_day <= last.day else _add_months(last.year, last.month, -1)
    )
    try:
        first = date(year_first, month_first, first_day)
    except ValueError:
        return None
    label = f"{day_label(first)} to {day_label(last)}"
    return _start(first), _end(last), "days", label


def _part_of(which: str | None, year: int, month: int) -> _Resolved:
    """A month, or its first, middle or last third ("early March" 1-10, "mid-July" 11-20, "late
    August" 21 to its end)."""
    first, last = date(year, month, 1), _month_last_day(year, month)
    part = (which or "").lower().replace("the middle of", "mid")
    if part == "early":
        last = date(year, month, 10)
    elif part == "mid":
        first, last = date(year, month, 11), date(year, month, 20)
    elif part == "late":
        first = date(year, month, 21)
    label = f"{part + ' ' if part else ''}{MONTH_NAMES[month]} {year}".replace("mid ", "mid-")
    return _start(first), _end(last), "month", label


def _h_part_of_month(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    """ "mid next month", "early last month": a third of the month before or after this one."""
    step = {"next": 1, "last": -1}.get(match.group("which").lower(), 0)
    return _part_of(match.group("part"), *_add_months(base.year, base.month, step))


def _h_month_of_year(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    """ "mid-May last year", "March next year", "Feb '27": a month of a year said apart."""
    if match.group("yy"):
        year = 2000 + int(match.group("yy"))
    else:
        year = base.year + {"next": 1, "last": -1}.get(match.group("rel").lower(), 0)
    return _part_of(match.group("part"), year, _month_number(match.group("month")))


def _h_ago_today(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    """ "a month ago today", "a year ago today": that very day."""
    amount = _number(match.group("n")) * {"week": 7, "day": 1}.get(match.group("unit").lower(), 0)
    if amount:
        return _day(base.date() - timedelta(days=amount))
    months = _number(match.group("n")) * (12 if match.group("unit").lower() == "year" else 1)
    year, month = _add_months(base.year, base.month, -months)
    return _day(min(date(year, month, 1) + timedelta(days=base.day - 1), _month_last_day(year, month)))


def _h_in_hours(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    """ "in 48 hours": the day it lands on."""
    return _day((base + timedelta(hours=_number(match.group("n")))).date())


_ORD = r"(?:st|nd|rd|th)?"
_SPAN_JOIN = r"\s*(?:" + RANGE_JOINERS + r"|and)\s*"

SPAN_PATTERNS: list[tuple[re.Pattern[str], _Handler]] = [
    (
        re.compile(
            r"\b(?:the\s+)?(?P<period>"
            + _PERIOD
            + r"|"
            + _DAY_WORD
            + r")\s+(?P<which>before\s+last|after\s+next)\b",
            re.I,
        ),
        _h_before_last,
    ),
    (
        re.compile(r"\b(?P<n>" + _NUM + r")\s+(?P<day>" + _DAY_WORD + r"days|weekends)\s+ago\b", re.I),
        _h_days_ago,
    ),
    (
        re.compile(
            r"\ba\s+week\s+(?:on|from)\s+(?:this\s+)?(?P<day>" + _DAY_WORD + r"day|today|tomorrow|tmrw|tmr)\b"
            r"|\b(?P<day2>mon|tues|wednes|thurs|fri|satur|sun)day\s+week\b",
            re.I,
        ),
        _h_week_on,
    ),
    (
        re.compile(r"\bthis\s+time\s+(?P<which>last|next)\s+(?P<period>week|month|year)\b", re.I),
        _h_this_time,
    ),
    (
        re.compile(r"\b(?:at|over|during)\s+the\s+weekend\b(?!\s+of\b)|\b(?:wknd|wkend)\b", re.I),
        _h_the_weekend,
    ),
    (
        re.compile(
            r"\b(?P<part>early|mid|late|the\s+middle\s+of)[\s-]+(?P<which>next|last|this)\s+(?:month|mth)\b",
            re.I,
        ),
        _h_part_of_month,
    ),
    (
        re.compile(
            # the tail first: a cheap look ahead spares the months' alternation at every word
            r"\b(?=(?:\w+[\s-]+)?\w+\.?\s+(?:(?:last|next|this)\s+year\b|['\u2019]\d{2}\b))"
            r"(?:(?P<part>early|mid|late)[\s-]+)?(?P<month>" + _MONTH_TYPED + r")"
            r"(?:\s+(?P<rel>last|next|this)\s+year\b|\s+['\u2019](?P<yy>\d{2})\b)",
            re.I,
        ),
        _h_month_of_year,
    ),
    (
        re.compile(r"\b(?P<n>" + _NUM + r")\s+(?P<unit>day|week|month|year)s?\s+ago\s+today\b", re.I),
        _h_ago_today,
    ),
    (re.compile(r"\bin\s+(?P<n>\d{1,3})\s+(?:hours|hrs)\b", re.I), _h_in_hours),
    (
        re.compile(
            r"\b(?:in|over|during)\s+the\s+(?P<season>" + _SEASON + r")\b(?!\s+(?:of\s+)?(?:19|20)\d{2})",
            re.I,
        ),
        _h_the_season,
    ),
    (
        re.compile(
            r"\b(?:the\s+)?(?P<d1>\d{1,2})"
            + _ORD
            + _SPAN_JOIN
            + r"(?:the\s+)?(?P<d2>\d{1,2})"
            + _ORD
            + r"(?:\s+of)?\s+(?P<month>"
            + _MONTH_TYPED
            + r")(?:,?\s+(?P<year>(?:19|20)\d{2})\b)?"
        ),
        _h_day_span,
    ),
]
