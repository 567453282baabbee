"""Recurrence: the repeating pattern of "every Monday at 9am" as JSON plus an RFC 5545 rrule."""

from __future__ import annotations

import logging
import re
import threading
import warnings
from datetime import datetime
from typing import Any

from engram.language.temporal.periods import _aware, _month_number, _safe_date
from engram.language.temporal.vocabulary import (
    _TIME,
    _WEEKDAY,
    _YEARLY_DATE,
    RECURRENCE_CUES,
    RRULE_DAYS,
    TIMES_A_WEEK_SHORT,
    WEEKDAY_HABIT,
    WEEKDAY_NAMED,
    WEEKDAY_NAMES,
    WEEKDAY_SPAN,
    WEEKLY_MARKER,
)

logger = logging.getLogger(__name__)


_RRULE_ORDER = ("FREQ", "INTERVAL", "BYMONTH", "BYMONTHDAY", "BYDAY", "BYHOUR", "BYMINUTE")
_FREQ_TYPES = {"DAILY": "daily", "WEEKLY": "weekly", "MONTHLY": "monthly", "YEARLY": "yearly"}
_OWN_RECURRENCES: list[tuple[re.Pattern[str], dict[str, str]]] = [
    (
        re.compile(r"\b(?:bi-?weekly|fortnightly|every\s+(?:other|second)\s+week)\b", re.I),
        {"FREQ": "WEEKLY", "INTERVAL": "2"},
    ),
    (
        re.compile(r"\bbi-?monthly|every\s+(?:other|second)\s+month\b", re.I),
        {"FREQ": "MONTHLY", "INTERVAL": "2"},
    ),
    (re.compile(r"\bquarterly\b", re.I), {"FREQ": "MONTHLY", "INTERVAL": "3"}),
    (
        re.compile(
            r"\b(?:every|each)\s+(?:morning|evening|night|day|afternoon)\b|\b(?:daily|nightly)\b", re.I
        ),
        {"FREQ": "DAILY"},
    ),
    (
        re.compile(
            r"\b(?:once|twice|(?:three|four|\d)\s+times)\s+a\s+week\b|\bweekly\b"
            rf"|\b{TIMES_A_WEEK_SHORT}\b",
            re.I,
        ),
        {"FREQ": "WEEKLY"},
    ),
    (
        re.compile(r"\b(?:once|twice|(?:three|\d)\s+times)\s+a\s+month\b|\bmonthly\b", re.I),
        {"FREQ": "MONTHLY"},
    ),
    (re.compile(r"\b(?:once|twice)\s+a\s+year\b|\b(?:yearly|annually|annual)\b", re.I), {"FREQ": "YEARLY"}),
    (re.compile(r"\bstand-?ups?\b", re.I), {"FREQ": "DAILY"}),  # a standup is daily unless told otherwise
]
_TIMES_PER = re.compile(
    r"\b(?P<n>once|twice|three|four|\d)\s+(?:times\s+)?a\s+(?:day|week|month|year)\b", re.I
)


def parse_recurrence(text: str, observed_at: datetime) -> dict[str, Any] | None:
    """The recurrence as JSON (type, day, time, interval ...) plus `rrule`; None for no repeating pattern.

    "every Monday at 9am" -> {"type": "weekly", "day": "Monday", "time": "09:00",
    "rrule": "RRULE:FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0"}; "our anniversary is June 15" ->
    {"type": "yearly", "month": 6, "day": 15, ...}; "every other week" -> weekly with "interval": 2.
    recurrent does most of the work; it returns None or a plain date for some phrases (and then has no
    `is_recurring`), so every call is guarded and our own patterns fill the gaps.
    """
    if not RECURRENCE_CUES.search(text):
        return _weekly_habit(text)
    yearly = _YEARLY_DATE.search(text)
    if yearly:
        month = _month_number(yearly.group("m1") or yearly.group("m2"))
        day = int(yearly.group("d1") or yearly.group("d2"))
        if _safe_date(2024, month, day):
            return _recurrence_json({"FREQ": "YEARLY", "BYMONTH": str(month), "BYMONTHDAY": str(day)}, text)
    if re.search(r"\b(?:birthday|anniversary|bday)\b", text, re.I) and not re.search(
        r"\b(?:every|each|yearly|annually|annual)\b", text, re.I
    ):
        return None  # "my birthday party was fun" is one event, not a rule
    params = _recurrent_params(text, observed_at)
    if params is None:
        for pattern, own in _OWN_RECURRENCES:
            if pattern.search(text):
                params = dict(own)
                break
    if params is None:
        weekday = re.search(
            r"\bon\s+(?P<day>" + _WEEKDAY + r")s\b|\bevery\s+(?P<day2>" + _WEEKDAY + r")\b", text, re.I
        )
        if weekday:
            weekday_name = (weekday.group("day") or weekday.group("day2")).capitalize()
            params = {"FREQ": "WEEKLY", "BYDAY": RRULE_DAYS[WEEKDAY_NAMES.index(weekday_name)]}
    if params is None:
        return _weekly_habit(text)
    return _with_time(params, text)


# A span of weekdays this long is a schedule ("Mon-Fri", "mon to sat"); a shorter one may be one trip
# ("Fri-Sun at the cabin").
SCHEDULE_DAYS = 5


def _weekly_habit(text: str) -> dict[str, Any] | None:
    """A schedule told by its weekdays alone: "Mon-Fri", "mon to sat", "Tuesday mornings", "Tuesdays", or
    a weekday with words that make it every week ("sunday dinner = jollof one week, jjigae the next")."""
    span = WEEKDAY_SPAN.search(text)
    if span:
        first = _day_index(span.group("a") or span.group("a2"))
        last = _day_index(span.group("b") or span.group("b2"))
        days = [RRULE_DAYS[(first + i) % 7] for i in range((last - first) % 7 + 1)]
        if len(days) >= SCHEDULE_DAYS:
            return _with_time({"FREQ": "WEEKLY", "BYDAY": ",".join(days)}, text)
    habit = WEEKDAY_HABIT.search(text)
    if habit:
        day = _day_index(habit.group("day") or habit.group("day2"))
        return _with_time({"FREQ": "WEEKLY", "BYDAY": RRULE_DAYS[day]}, text)
    named = WEEKDAY_NAMED.search(text)
    if named and WEEKLY_MARKER.search(text):  # "sunday dinner = jollof one week, jjigae the next"
        return _with_time({"FREQ": "WEEKLY", "BYDAY": RRULE_DAYS[_day_index(named.group("day"))]}, text)
    return None


def _day_index(name: str) -> int:
    return [d[:2].lower() for d in WEEKDAY_NAMES].index(name[:2].lower())


def _with_time(params: dict[str, str], text: str) -> dict[str, Any]:
    """The rule with the time of day the text says ("every Monday at 9am"), as JSON."""
    if "BYHOUR" not in params:
        time_match = _TIME.search(text)
        if time_match and time_match.group("word") is None:
            if time_match.group("h2"):
                hour, minute = int(time_match.group("h2")), int(time_match.group("m2"))
            else:
                hour, minute = int(time_match.group("h")), int(time_match.group("m") or 0)
                hour = hour % 12 + (12 if time_match.group("ampm").lower().startswith("p") else 0)
            if hour < 24 and minute < 60:
                params["BYHOUR"], params["BYMINUTE"] = str(hour), str(minute)
    return _recurrence_json(params, text)


_PER_THREAD = threading.local()


def _calendar_constants() -> Any:
    """parsedatetime's locale tables, built once per thread: recurrent otherwise builds them for every
    parser, which was a third of each parse."""
    constants = getattr(_PER_THREAD, "constants", None)
    if constants is None:
        import parsedatetime

        constants = parsedatetime.Constants(usePyICU=False)
        constants.use24 = False  # what recurrent reads of given constants; its own default clock
        _PER_THREAD.constants = constants
    return constants


def _recurrent_params(text: str, observed_at: datetime) -> dict[str, str] | None:
    try:
        from recurrent.event_parser import RecurringEvent

        with warnings.catch_warnings():
            # recurrent builds a parsedatetime Calendar in the deprecated "flag style" for every parser.
            warnings.filterwarnings("ignore", message="Flag style will be deprecated")
            parser = RecurringEvent(
                now_date=_aware(observed_at).replace(tzinfo=None), parse_constants=_calendar_constants()
            )
            result = parser.parse(text)
        recurring = bool(getattr(parser, "is_recurring", False))
    except Exception:  # noqa: BLE001 - recurrent raises on phrases it half-understands
        logger.debug("recurrent failed", exc_info=True)
        return None
    if not recurring or not isinstance(result, str) or not result.startswith("RRULE:"):
        return None
    params = dict(part.split("=", 1) for part in result.removeprefix("RRULE:").split(";") if "=" in part)
    return params if params.get("FREQ") in _FREQ_TYPES else None


def _recurrence_json(params: dict[str, str], text: str) -> dict[str, Any]:
    interval = int(params.get("INTERVAL", "1") or 1)
    params = {key: value for key, value in params.items() if key != "INTERVAL" or interval > 1}
    out: dict[str, Any] = {"type": _FREQ_TYPES[params["FREQ"]]}
    if interval > 1:
        out["interval"] = interval
    days = [day for day in params.get("BYDAY", "").split(",") if day]
    if days:
        names = []
        for code in days:
            ordinal = code[:-2]
            names.append(WEEKDAY_NAMES[RRULE_DAYS.index(code[-2:])])
            if ordinal:
                out["week_of_month"] = int(ordinal)
        if len(names) == 1:
            out["day"] = names[0]
        else:
            out["days"] = names
    if params.get("BYMONTH"):
        out["month"] = int(params["BYMONTH"].split(",")[0])
    if params.get("BYMONTHDAY"):
        out["day" if out["type"] == "yearly" else "day_of_month"] = int(params["BYMONTHDAY"].split(",")[0])
    if params.get("BYHOUR"):
        out["time"] = f"{int(params['BYHOUR'].split(',')[0]):02d}:{int(params.get('BYMINUTE', '0') or 0):02d}"
        zone = _TIME.search(text)
        zone_name = zone and (zone.group("tz") or zone.group("tz2"))
        if zone_name:
            out["timezone"] = zone_name.upper()
    per = _TIMES_PER.search(text)
    if per and per.group("n").lower() not in ("once", "1"):
        out["times_per_period"] = {"twice": 2, "three": 3, "four": 4}.get(per.group("n").lower()) or int(
            per.group("n")
        )
    out["rrule"] = "RRULE:" + ";".join(f"{key}={params[key]}" for key in _RRULE_ORDER if key in params)
    return out
