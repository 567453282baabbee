"""All temporal markers of one clause put together: dates with their roles, durations, history, recurrence."""

from __future__ import annotations

import logging
import re
from datetime import UTC, date, datetime, timedelta

from engram.language.temporal.dates import _dateparser_settings, find_dates
from engram.language.temporal.mentions import DateMention, TemporalInfo
from engram.language.temporal.periods import _aware, _duration, _end, _month_last_day, _number, day_label
from engram.language.temporal.recurrence import parse_recurrence
from engram.language.temporal.tense import detect_tense, is_historical_text
from engram.language.temporal.vocabulary import (
    _FOR_N,
    _FOR_NEXT,
    _PRESENT_PERFECT,
    _REST_OF,
    _TEMPORARY,
    _WEEKDAY,
    TEMPORARY_DEFAULT_DAYS,
)
from engram.request_rules import is_storable_time

logger = logging.getLogger(__name__)


_EXPLICIT_REPETITION = re.compile(
    r"\b(?:every|each|once a|twice a|times a|on\s+"
    + _WEEKDAY
    + r"s|weekdays|weekends|anniversary|birthday)\b(?!\s+ago)",  # "two weekends ago" is one weekend
    re.IGNORECASE,
)


_WEEKDAY_ONLY = re.compile(r"^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?$", re.IGNORECASE)


def analyse_temporal(text: str, observed_at: datetime) -> TemporalInfo:
    """All temporal markers of one clause, resolved against `observed_at` (aware UTC in, aware UTC out)."""
    base = _aware(observed_at)
    tense = detect_tense(text)
    info = TemporalInfo(tense=tense, is_historical=is_historical_text(text, base))
    info.recurrence = parse_recurrence(text, base)
    if info.recurrence and tense == "past" and not _EXPLICIT_REPETITION.search(text):
        info.recurrence = None  # "I finished the quarterly report": one past happening, not a schedule
    durations = [m.span() for pattern in (_FOR_NEXT, _REST_OF) for m in pattern.finditer(text)]
    mentions = find_dates(text, base, tense, exclude=durations, by_sentence=True)
    if info.recurrence:
        # In "every Monday at 9am" the weekday is the rule, not a date; a yearly rule keeps its next date.
        # So are the days of "I work Monday to Friday": the rule's days, no start and end.
        mentions = [
            m
            for m in mentions
            if (m.role != "event" or info.recurrence.get("type") == "yearly")
            and not _WEEKDAY_ONLY.match(m.text)
        ]
    info.mentions = mentions
    for mention in mentions:
        if mention.role == "start" and info.effective_from is None:
            info.effective_from = mention.value
        elif mention.role == "end" and info.expires_at is None:
            info.expires_at = mention.last
        elif mention.role == "event" and info.event_date is None:
            info.event_date = mention.value
    try:
        _apply_durations(text, base, info)
    except (OverflowError, ValueError):
        info.expires_at = None  # "for the next 9,999,999 years": past any date a calendar holds
    for name in ("effective_from", "expires_at", "event_date"):
        if not is_storable_time(getattr(info, name)):
            setattr(info, name, None)  # a duration from an edge date ("for the next 7,000 years")
    if info.expires_at and info.effective_from and info.expires_at <= info.effective_from:
        info.expires_at = None
    return info


def _apply_durations(text: str, base: datetime, info: TemporalInfo) -> None:
    if info.expires_at is not None:
        return
    upcoming = info.event_date if info.event_date and info.event_date > base else None
    origin = info.effective_from or upcoming or base  # "two weeks in Japan in April" ends in April
    match = _FOR_NEXT.search(text)
    if match:
        amount = _number(match.group("n")) if match.group("n") else 1
        info.expires_at = origin + _duration(amount, match.group("unit"))
        _add_until_label(info, match, info.expires_at)
        return
    match = _REST_OF.search(text)
    if match:
        period = match.group("period").lower()
        today = origin.date()
        if period == "day":
            info.expires_at = _end(today)
        elif period == "week":
            info.expires_at = _end(today + timedelta(days=6 - today.weekday()))
        elif period == "month":
            info.expires_at = _end(_month_last_day(today.year, today.month))
        else:
            info.expires_at = _end(date(today.year, 12, 31))
        _add_until_label(info, match, info.expires_at)
        return
    match = _FOR_N.search(text)
    # "for 3 days" ends a present or future state; in the past or present perfect it measures history.
    if match and info.tense != "past" and not _PRESENT_PERFECT.search(text) and not info.is_historical:
        info.expires_at = origin + _duration(_number(match.group("n")), match.group("unit"))
        _add_until_label(info, match, info.expires_at)
        return
    if _TEMPORARY.search(text):
        info.expires_at = origin + timedelta(days=TEMPORARY_DEFAULT_DAYS)


def _add_until_label(info: TemporalInfo, match: re.Match[str], until: datetime) -> None:
    info.mentions.append(
        DateMention(
            match.start(),
            match.end(),
            match.group(0),
            until,
            until,
            "day",
            "end",
            f"until {day_label(until.date())}",
        )
    )


def warm_up() -> None:
    """Load dateparser's language data and recurrent once (call at start-up: the first load takes seconds)."""
    base = datetime(2024, 1, 15, 12, 0, tzinfo=UTC)
    try:
        import dateparser
        from dateparser.search import search_dates

        dateparser.parse("next Friday at 3pm", languages=["en"], settings=_dateparser_settings(base))
        search_dates(
            "We met on the 3rd of June 2023 and again 15.06.2023",
            languages=["en"],
            settings=_dateparser_settings(base),
        )
    except Exception:  # noqa: BLE001 - warming is best effort
        logger.debug("dateparser warm-up failed", exc_info=True)
    parse_recurrence("every Monday at 9am", base)
    analyse_temporal("I went to a support group yesterday and start next month until Friday", base)
