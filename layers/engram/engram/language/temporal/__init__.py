"""Temporal markers of one clause, resolved against when it was said (`observed_at`).

What a memory needs to know about time:

- `event_date`: when the thing happens or happened ("yesterday", "next Friday", "on June 15");
- `effective_from`: when a stated fact starts to be true ("starting next month", "from Monday", "as of June");
- `expires_at`: when it stops ("until Friday" -> that Friday 23:59:59, "for the next week" -> +7 days,
  "through December", "till the end of the month", "for now"/"temporary" -> +TEMPORARY_DEFAULT_DAYS);
- `is_historical`: the clause describes the past ("used to", "previously", "no longer", "back when");
- `recurrence`: type/day/time/interval as JSON plus an RFC 5545 rrule ("every Monday at 9am").

Relative phrases are resolved by a small grammar of our own (deterministic, cheap on every clause, and it
knows about tense: "on Friday" is the coming Friday in "I'm seeing her on Friday" and the past one in "I saw
her on Friday"); dateparser handles the rarer absolute formats the grammar does not cover, and recurrent
turns recurring phrases into rrules. Dates without a time resolve to 00:00 UTC of their day (period starts)
or 23:59:59 UTC (period ends, for expiry). Times are UTC unless the text names a zone ("at 9am PST").

Every resolved relative mention carries a label ("7 May 2023", "week of 1 May 2023", "April 2023") that the
extractor appends to the memory text, so the memory stands alone long after "yesterday" stopped meaning
anything. Call `warm_up()` once at start-up: dateparser's first call takes seconds.

This package is the public entry: import from `engram.language.temporal`. Its modules share their
underscore helpers with each other, never outside the package.
"""

from __future__ import annotations

from engram.language.temporal.analysis import analyse_temporal, warm_up
from engram.language.temporal.dates import find_dates
from engram.language.temporal.mentions import DateMention, TemporalInfo
from engram.language.temporal.periods import as_utc, day_label
from engram.language.temporal.recurrence import parse_recurrence
from engram.language.temporal.tense import detect_tense, is_historical_text
from engram.language.temporal.vocabulary import (
    BEGINS,
    END_CUE,
    FUTURE_MARKERS,
    HISTORICAL_CUES,
    MONTH_ABBREVIATIONS,
    MONTH_NAMES,
    NUMBER_WORDS,
    PAST_MARKERS,
    RANGE_END_CUE,
    RECURRENCE_CUES,
    RRULE_DAYS,
    SEASON_START_MONTH,
    START_CUE,
    TEMPORARY_DEFAULT_DAYS,
    TIMEZONE_OFFSETS,
    UNIT_DAYS,
    WEEKDAY_NAMES,
)

__all__ = [
    "BEGINS",
    "END_CUE",
    "FUTURE_MARKERS",
    "HISTORICAL_CUES",
    "MONTH_ABBREVIATIONS",
    "MONTH_NAMES",
    "NUMBER_WORDS",
    "PAST_MARKERS",
    "RANGE_END_CUE",
    "RECURRENCE_CUES",
    "RRULE_DAYS",
    "SEASON_START_MONTH",
    "START_CUE",
    "TEMPORARY_DEFAULT_DAYS",
    "TIMEZONE_OFFSETS",
    "UNIT_DAYS",
    "WEEKDAY_NAMES",
    "DateMention",
    "TemporalInfo",
    "analyse_temporal",
    "as_utc",
    "day_label",
    "detect_tense",
    "find_dates",
    "is_historical_text",
    "parse_recurrence",
    "warm_up",
]
