"""Every date phrase of a clause, resolved, with its role (event, start, end), time of day and label."""

from __future__ import annotations

import logging
import re
from bisect import bisect_right
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from engram.language.temporal.grammar import DATE_PATTERNS
from engram.language.temporal.grammar_spans import SPAN_PATTERNS
from engram.language.temporal.mentions import DateMention
from engram.language.temporal.periods import _aware, _end, _start, day_label
from engram.language.temporal.tense import detect_tense
from engram.language.temporal.vocabulary import (
    _COUNTED_THINGS,
    _EVERY_BEFORE,
    _TIME,
    END_CUE,
    RANGE_END_CUE,
    RANGE_JOINERS,
    RECURRENCE_CUES,
    START_CUE,
    TIMEZONE_OFFSETS,
)
from engram.request_rules import is_storable_time

logger = logging.getLogger(__name__)


def find_dates(
    text: str,
    observed_at: datetime,
    tense: str | None = None,
    exclude: list[tuple[int, int]] | None = None,
    *,
    by_sentence: bool = False,
) -> list[DateMention]:
    """Every date phrase of `text` resolved against `observed_at`, in order, with roles and labels.

    `exclude` are spans already explained (durations such as "for the next week"). `tense` points the
    dates that have no direction of their own; `by_sentence`, the tense of each date's own sentence
    does, `tense` only where that sentence has none (`_SentenceDirections`).
    """
    base = _aware(observed_at)
    tense = tense or detect_tense(text)
    direction = "past" if tense == "past" else "future"
    directions = _SentenceDirections(text, direction) if by_sentence else None
    taken: list[tuple[int, int]] = list(exclude or [])
    mentions: list[DateMention] = []
    for pattern, handler in (*SPAN_PATTERNS, *DATE_PATTERNS):
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(start < b and end > a for a, b in taken):
                continue
            if _EVERY_BEFORE.search(text[max(0, start - 12) : start]):
                continue  # "every Monday", "each March": recurrence, not a date
            try:
                resolved = handler(match, base, directions.at(start) if directions else direction)
            except (ValueError, KeyError, OverflowError):
                resolved = None
            if resolved is None:
                continue
            value, last, granularity, label = resolved
            taken.append((start, end))
            mentions.append(DateMention(start, end, match.group(0), value, last, granularity, "event", label))
    mentions.extend(_fallback_dates(text, base, taken))
    if exclude:
        taken = taken[len(exclude) :]
    mentions.sort(key=lambda m: m.start)
    mentions = _attach_time(text, base, mentions, tense)
    # "in the year 9999", "at 23:59 on 31 Dec 9999": real dates, but outside what can be stored and read.
    mentions = [m for m in mentions if is_storable_time(m.value) and is_storable_time(m.last)]
    return _assign_roles(text, mentions)


# Where one sentence of a note ends and the next begins: "found an apartment. moving Dec 6".
_SENTENCE_END = re.compile(r"[.!?;]+\s+|\n+")
# A sentence led by a verb in -ing is a plan when it has no tense of its own: "moving Dec 6", "flying
# out Friday".
_LED_BY_ING = re.compile(r"^\W*[a-z]+ing\b", re.IGNORECASE)


class _SentenceDirections:
    """Which way an undirected date points, read from its own sentence: in "found an apartment. moving
    Dec 6" the move is to come, though the note's first verb is past. A sentence with no tense of its
    own ("Dinner on Friday with Sam") takes the note's (`overall`)."""

    def __init__(self, text: str, overall: str) -> None:
        self.text = text
        self.overall = overall
        self.starts = [0, *(m.end() for m in _SENTENCE_END.finditer(text))]

    def at(self, position: int) -> str:
        if len(self.starts) == 1:
            return self.overall
        index = bisect_right(self.starts, position) - 1
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.text)
        sentence = self.text[self.starts[index] : end]
        tense = detect_tense(sentence)
        if tense == "present":
            return "future" if _LED_BY_ING.search(sentence) else self.overall
        return "past" if tense == "past" else "future"


_FALLBACK_HINT = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b")


def _fallback_dates(text: str, base: datetime, taken: list[tuple[int, int]]) -> list[DateMention]:
    """dateparser for absolute formats the grammar skipped ("15.06.2024", "the 3rd of June").

    Only runs when the clause shows a digit-date hint, and only keeps matches containing a digit, because
    dateparser's search also reads "We" or "may" as dates.
    """
    hints = [m.span() for m in _FALLBACK_HINT.finditer(text)]
    if not any(not any(a <= start and end <= b for a, b in taken) for start, end in hints):
        return []
    try:
        from dateparser.search import search_dates

        found = search_dates(text, languages=["en"], settings=_dateparser_settings(base)) or []
    except Exception:  # noqa: BLE001 - a parser failure must never fail extraction
        logger.debug("dateparser failed", exc_info=True)
        return []
    out: list[DateMention] = []
    for phrase, value in found:
        index = text.find(phrase)
        if index < 0 or not re.search(r"\d", phrase) or _counts_a_thing(text, index, phrase):
            continue
        span = (index, index + len(phrase))
        if any(span[0] < b and span[1] > a for a, b in taken):
            continue
        day = _aware(value).date()
        out.append(DateMention(span[0], span[1], phrase, _start(day), _end(day), "day", "event", None))
        taken.append(span)
    return out


# An ordinal that counts, not a day of the month: "Tom's 40th", "her 70th", "our 10th anniv", "the
# 14th floor". dateparser reads each as a date (2040, the 10th).
_ORDINAL = re.compile(
    r"^(?:on\s+)?(?:the\s+|(?P<article>an?)\s+)?(?P<n>\d{1,3})(?:st|nd|rd|th)$", re.IGNORECASE
)
_OWNER_BEFORE = re.compile(r"(?:'s|\u2019s|\b(?:my|his|her|our|their|your|its))\s+$", re.IGNORECASE)
_A_BEFORE = re.compile(r"\ban?\s+$", re.IGNORECASE)
_THING_AFTER = re.compile(r"^\s+(?:" + _COUNTED_THINGS + r")\b", re.IGNORECASE)


def _counts_a_thing(text: str, index: int, phrase: str) -> bool:
    ordinal = _ORDINAL.match(phrase.strip())
    if ordinal is None:
        return False
    return (
        int(ordinal.group("n")) > 31
        or bool(ordinal.group("article"))  # "a 2nd deck oven", "a 3rd try": another one, no day
        or bool(_A_BEFORE.search(text[:index]))
        or bool(_OWNER_BEFORE.search(text[:index]))
        or bool(_THING_AFTER.match(text[index + len(phrase) :]))
    )


def _dateparser_settings(base: datetime) -> dict[str, Any]:
    return {
        "RELATIVE_BASE": base.replace(tzinfo=None),
        "PREFER_DATES_FROM": "future",
        "TIMEZONE": "UTC",
        "TO_TIMEZONE": "UTC",
        "RETURN_AS_TIMEZONE_AWARE": True,
        "DATE_ORDER": "DMY",
    }


# What someone does as a rule, not on one day: a lone time in such a clause names no day.
_HABIT = re.compile(
    r"\b(?:usually|always|often|normally|generally|typically|tend to|best|prefer|like to|love to|"
    r"most days|never|rarely|sometimes)\b",
    re.IGNORECASE,
)


def _attach_time(text: str, base: datetime, mentions: list[DateMention], tense: str) -> list[DateMention]:
    """Fold "at 3pm" into the day it belongs to; a lone time in a plan means today (or tomorrow if past)."""
    match = _TIME.search(text)
    if not match or RECURRENCE_CUES.search(text):
        return mentions
    if match.group("word"):
        hour, minute = (12, 0) if match.group("word").lower() == "noon" else (0, 0)
        zone = None
    elif match.group("h2"):
        hour, minute, zone = int(match.group("h2")), int(match.group("m2")), match.group("tz2")
    else:
        hour, minute, zone = int(match.group("h")), int(match.group("m") or 0), match.group("tz")
        ampm = match.group("ampm").lower().replace(".", "")
        hour = hour % 12 + (12 if ampm == "pm" else 0)
    if hour > 23 or minute > 59:
        return mentions
    offset = TIMEZONE_OFFSETS.get((zone or "utc").lower(), 0)
    zone_text = (zone or "UTC").upper()

    def at(day: date) -> datetime:
        return datetime.combine(day, time(hour, minute), tzinfo=UTC) - timedelta(hours=offset)

    days = [m for m in mentions if m.granularity == "day"]
    if days:
        target = min(days, key=lambda m: abs(m.start - match.start()))
        value = at(target.value.date())
        label = f"{day_label(target.value.date())}, {hour:02d}:{minute:02d} {zone_text}"
        end = target.end
        if 0 <= match.start() - target.end <= 1:  # "tomorrow at 3pm": the label goes after the time
            end = match.end()
        updated = DateMention(
            target.start,
            end,
            text[target.start : end],
            value,
            value,
            "time",
            target.role,
            label if target.label else None,
            True,
        )
        return [updated if m is target else m for m in mentions]
    if mentions or tense == "past" or (tense == "present" and _HABIT.search(text)):
        return mentions  # "I study best after 10pm", "I usually run at 6am": a habit, no day of its own
    day = base.date() if at(base.date()) >= base else base.date() + timedelta(days=1)
    value = at(day)
    return [
        *mentions,
        DateMention(
            match.start(),
            match.end(),
            match.group(0),
            value,
            value,
            "time",
            "event",
            f"{day_label(day)}, {hour:02d}:{minute:02d} {zone_text}",
            True,
        ),
    ]


# Two dates joined into a range with no "from" before the first: "camping Thursday to Sunday",
# "28 Feb - 2 Mar".
_RANGE_JOIN = re.compile(r"^\s*(?:" + RANGE_JOINERS + r")\s*$", re.IGNORECASE)


def _assign_roles(text: str, mentions: list[DateMention]) -> list[DateMention]:
    out: list[DateMention] = []
    start: DateMention | None = None
    for mention in mentions:
        before = text[max(0, mention.start - 30) : mention.start]
        role = "event"
        value, last, label = mention.value, mention.last, mention.label
        if out and out[-1].role == "event" and _RANGE_JOIN.match(text[out[-1].end : mention.start]):
            start = out[-1] = replace(out[-1], role="start")
            role = "end"
        elif END_CUE.search(before):
            role = "end"
        elif START_CUE.search(before):
            role = "start"
        elif start is not None and RANGE_END_CUE.search(before):
            role = "end"
        if role == "end" and start is not None and last <= start.value and mention.granularity == "day":
            # "from Monday to Wednesday": the end weekday is the one after the start.
            value, last = value + timedelta(days=7), last + timedelta(days=7)
            label = day_label(value.date()) if label else None
        updated = DateMention(
            mention.start,
            mention.end,
            mention.text,
            value,
            last,
            mention.granularity,
            role,
            label,
            mention.has_time,
        )
        if role == "start":
            start = updated
        out.append(updated)
    return out
