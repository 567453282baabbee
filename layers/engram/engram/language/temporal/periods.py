"""Calendar arithmetic: days, weeks, weekends, months, seasons and years as first and last second (UTC),
with the absolute labels the extractor appends to a memory's text."""

from __future__ import annotations

import calendar
from datetime import UTC, date, datetime, time, timedelta

from engram.language.temporal.vocabulary import (
    MONTH_ABBREVIATIONS,
    MONTH_NAMES,
    NUMBER_WORDS,
    SEASON_START_MONTH,
    TYPED_PERIODS,
    UNIT_DAYS,
)


def as_utc(value: datetime) -> datetime:
    """Aware UTC: a naive datetime is read as UTC (the API contract), an aware one is converted."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


_aware = as_utc


def _start(day: date) -> datetime:
    return datetime.combine(day, time(0, 0), tzinfo=UTC)


def _end(day: date) -> datetime:
    return datetime.combine(day, time(23, 59, 59), tzinfo=UTC)


def _month_last_day(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _add_months(year: int, month: int, delta: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + delta
    return index // 12, index % 12 + 1


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def day_label(day: date) -> str:
    """ "7 May 2023": day first, month name, no leading zero (unambiguous in every locale)."""
    return f"{day.day} {MONTH_NAMES[day.month]} {day.year}"


def _number(text: str) -> int:
    text = text.lower().strip()
    return int(text) if text.isdigit() else NUMBER_WORDS.get(text, 1)


def _month_number(text: str) -> int:
    text = text.lower().rstrip(".")
    for index, name in enumerate(MONTH_NAMES):
        if name and name.lower() == text:
            return index
    return MONTH_ABBREVIATIONS[text[:4] if text.startswith("sept") else text[:3]]


_Resolved = tuple[datetime, datetime, str, str | None]  # value, last, granularity, label


def _day(day: date, label: bool = True) -> _Resolved:
    return _start(day), _end(day), "day", day_label(day) if label else None


def _week(day: date) -> _Resolved:
    monday = day - timedelta(days=day.weekday())
    return _start(monday), _end(monday + timedelta(days=6)), "week", f"week of {day_label(monday)}"


def _weekend(day: date) -> _Resolved:
    saturday = (
        day + timedelta(days=(5 - day.weekday()) % 7)
        if day.weekday() < 5
        else day - timedelta(days=day.weekday() - 5)
    )
    return (
        _start(saturday),
        _end(saturday + timedelta(days=1)),
        "weekend",
        f"weekend of {day_label(saturday)}",
    )


def _month(year: int, month: int, label: bool = True) -> _Resolved:
    first = date(year, month, 1)
    return (
        _start(first),
        _end(_month_last_day(year, month)),
        "month",
        (f"{MONTH_NAMES[month]} {year}" if label else None),
    )


def _year(year: int, label: bool = True) -> _Resolved:
    return _start(date(year, 1, 1)), _end(date(year, 12, 31)), "year", str(year) if label else None


def _season(season: str, year: int) -> _Resolved:
    month = SEASON_START_MONTH[season.lower()]
    first = date(year, month, 1)
    end_year, end_month = _add_months(year, month, 2)
    return _start(first), _end(_month_last_day(end_year, end_month)), "season", f"{season.lower()} {year}"


def _period(word: str) -> str:
    """ "wk" is "week", "Month" "month"."""
    return TYPED_PERIODS.get(word.lower(), word.lower())


def _saturday(today: date) -> date:
    """The Saturday of the coming weekend, or of this one when said at the weekend."""
    if today.weekday() < 5:
        return today + timedelta(days=5 - today.weekday())
    return today - timedelta(days=today.weekday() - 5)


def _season_begun(season: str, base: datetime) -> tuple[int, bool]:
    """The year the season last began in, and whether that one is over."""
    start_month = SEASON_START_MONTH[season]
    begun = base.year if base.month >= start_month else base.year - 1
    end_year, end_month = _add_months(begun, start_month, 3)
    return begun, base.date() >= date(end_year, end_month, 1)


def _season_year(season: str, base: datetime, step: int) -> int:
    """The year of the season `step` of them back or on: "last summer" (-1) is the most recent one that
    is over, "next summer" (1) the next one to begin, "this summer" (0) the one under way, or else this
    year's (said in April, the coming one; in October, the one just over)."""
    begun, over = _season_begun(season, base)
    if step < 0:
        return (begun if over else begun - 1) + step + 1
    if step > 0:
        return begun + step
    return begun + 1 if over and begun < base.year else begun


def _period_step(period: str, base: datetime, step: int) -> _Resolved:
    """The week, weekend, month, year or season `step` of them back or on from the one `base` is in: -1
    the last ("last weekend": the one just gone), 0 this one ("this weekend": the coming one, or the
    one under way), 1 the next ("next weekend" said on a Wednesday: the coming one, as people say it;
    said on a Saturday: the one after), -2 and 2 the one before last and after next."""
    period = _period(period)
    today = base.date()
    if period == "week":
        return _week(today + timedelta(days=7 * step))
    if period == "weekend":
        saturday = _saturday(today)
        if step > 0 and today.weekday() < 5:
            step -= 1  # on a weekday, the next weekend is the coming one
        return _weekend(saturday + timedelta(days=7 * step))
    if period == "month":
        return _month(*_add_months(base.year, base.month, step))
    if period == "year":
        return _year(base.year + step)
    return _season(period, _season_year(period, base, step))


def _shift(base: datetime, amount: int, unit: str) -> _Resolved:
    unit = _period(unit)
    if unit in UNIT_DAYS:
        target = base.date() + timedelta(days=amount * UNIT_DAYS[unit])
        return _day(target) if unit == "day" else _week(target)
    if unit == "month":
        year, month = _add_months(base.year, base.month, amount)
        return _month(year, month)
    years = amount * (10 if unit == "decade" else 1)
    return _year(base.year + years)


def _duration(amount: int, unit: str) -> timedelta:
    unit = _period(unit)
    if unit == "hour":
        return timedelta(hours=amount)
    if unit in UNIT_DAYS:
        return timedelta(days=amount * UNIT_DAYS[unit])
    if unit == "month":
        return timedelta(days=30 * amount)
    return timedelta(days=365 * amount * (10 if unit == "decade" else 1))
