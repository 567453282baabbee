"""The date grammar: each pattern of a date phrase with the handler that resolves it against a base time.

Handlers take the match, the base (aware UTC) and a direction ("past"/"future", from the clause's tense)
and return (first second, last second, granularity, label), or None for a phrase too vague to date.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta

from engram.language.temporal.periods import (
    _add_months,
    _day,
    _end,
    _month,
    _month_last_day,
    _month_number,
    _number,
    _period,
    _period_step,
    _Resolved,
    _safe_date,
    _season,
    _shift,
    _start,
    _year,
)
from engram.language.temporal.vocabulary import (
    _COUNTED_THINGS,
    _MONTH,
    _MONTH_TYPED,
    _NUM,
    _UNIT,
    _WEEKDAY_TYPED,
    MONTH_NAMES,
    WEEKDAY_NAMES,
)

_Handler = Callable[[re.Match[str], datetime, str], "_Resolved | None"]


def _h_fixed_offset(days: int) -> _Handler:
    def handler(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
        return _day(base.date() + timedelta(days=days))

    return handler


_SIMPLE_DAY_OFFSETS = {
    "yesterday": -1,
    "today": 0,
    "tonight": 0,
    "tomorrow": 1,
    "tmrw": 1,
    "tmr": 1,
    # typed on a phone
    "tmw": 1,
    "2mrw": 1,
    "2moro": 1,
    "2morrow": 1,
    "tmoro": 1,
    "tomoz": 1,
    "yday": -1,
    "ystrday": -1,
    "yest": -1,
    "2day": 0,
    "2nite": 0,
    "tonite": 0,
    "last night": -1,
    "this morning": 0,
    "this afternoon": 0,
    "this evening": 0,
    "earlier today": 0,
    "later today": 0,
    "later tonight": 0,
}


def _h_simple_day(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    return _day(base.date() + timedelta(days=_SIMPLE_DAY_OFFSETS[match.group(0).lower()]))


def _h_ago(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    if match.group("n").lower() in ("a few", "few", "several"):
        return None  # vague: no date rather than a wrong one
    return _shift(base, -_number(match.group("n")), match.group("unit"))


# "First holiday in 15 years", "the best sleep in weeks", "only the second time in a month": the span
# looks back over the time since, it names no date ahead.
_SINCE_SPAN = re.compile(
    r"\b(?:first|second|third|best|worst|longest|shortest|biggest|hottest|coldest|wettest|only)\b"
    r"[^.!?;,]{0,40}$",
    re.I,
)


def _h_in_n(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    if match.group("n").lower() in ("a few", "few", "several"):
        return None
    if match.group(0).lower().startswith("in ") and _SINCE_SPAN.search(match.string[: match.start()]):
        return None
    return _shift(base, _number(match.group("n")), match.group("unit"))


def _h_relative_period(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    which = match.group("which").lower().replace("nxt", "next")
    period = _period(match.group("period"))
    step = (
        -1 if which in ("last", "past", "previous") else 1 if which in ("next", "coming", "following") else 0
    )
    if which.startswith("this coming"):
        step = 1 if period in ("week", "month", "year") else 0
    return _period_step(period, base, step)


def _pick_weekday(base: date, weekday: int, which: str, direction: str) -> date:
    if which in ("last", "past", "previous"):
        return base - timedelta(days=(base.weekday() - weekday) % 7 or 7)
    if which in ("this",):
        return base - timedelta(days=base.weekday()) + timedelta(days=weekday)
    if which in ("next", "coming", "this coming", "until", "till", "by", "from"):
        return base + timedelta(days=(weekday - base.weekday()) % 7 or 7)
    if direction == "past":
        return base - timedelta(days=(base.weekday() - weekday) % 7 or 7)
    return base + timedelta(days=(weekday - base.weekday()) % 7 or 7)


def _preceding_word(match: re.Match[str]) -> str:
    """The word right before a match ("until" in "until Friday"): it can set the direction."""
    found = re.search(r"(\w+)\W*$", match.string[: match.start()])
    return found.group(1).lower() if found else ""


# Words before a date that point forward whatever the verb tense ("The gym closed through December").
_FORWARD_WORDS = frozenset(
    {"until", "till", "til", "through", "thru", "by", "from", "starting", "beginning", "effective", "of"}
    | {"start", "starts", "begins", "due"}  # "HIRED at St. Clare ... start Oct 1", "essay due Nov 3"
    # the steps of a home bought or let: "Sale agreed ... closing date 14 August", "possession Dec 1"
    | {"possession", "closing", "completion", "handover", "move-in"}
)


_RESCHEDULED = re.compile(
    r"\b(?:moved|pushed|rescheduled|postponed|bumped|shifted|changed|delayed)\s+(?:it\s+|back\s+)?"
    r"(?:to|for|until|till)\s+(?:next\s+)?$",
    re.IGNORECASE,
)


# "closing date 14 August", "start date: 3 June": the date of a step ahead
_STEP_DATE = re.compile(
    r"\b(?:closing|completion|possession|start|due|move(?:-in)?|handover)\s+date\W*$", re.IGNORECASE
)


# "start in September", "due on Friday": a word that points forward, then a preposition
_FORWARD_THEN_WORDS = _FORWARD_WORDS - {"of", "from"}  # "of in", "from on" say nothing
_FORWARD_THEN = re.compile(r"\b(\w+)\s+(?:in|on|at)\s+(?:the\s+)?$", re.IGNORECASE)


def _points_forward(match: re.Match[str]) -> bool:
    """ "until Friday", "moved to Thursday", "start in September": the date is ahead whatever the verb
    tense."""
    before = match.string[max(0, match.start() - 30) : match.start()]
    two_back = _FORWARD_THEN.search(before)
    return (
        _preceding_word(match) in _FORWARD_WORDS
        or (two_back is not None and two_back.group(1).lower() in _FORWARD_THEN_WORDS)
        or bool(_RESCHEDULED.search(before))
        or bool(_STEP_DATE.search(before))
    )


# Weekdays joined into a schedule ("tues + thurs in the office", "Monday and Wednesday 6pm"), or a
# weekday that heads the date it falls on ("tues 3 march", "Tuesday (feb 10)"): no date of its own.
_DAY_WORD = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*"
_SCHEDULE_AFTER = re.compile(r"^\s*(?:\+|&|/|,|and|or|-to-)\s*" + _DAY_WORD + r"\b", re.I)
_SCHEDULE_BEFORE = re.compile(r"\b" + _DAY_WORD + r"\s*(?:\+|&|/|,|and|or|-to-)\s*$", re.I)
_DATE_AFTER = re.compile(
    r"^[\s,(]*(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + _MONTH_TYPED + r")\b"
    r"|(?:" + _MONTH_TYPED + r")\s+\d"
    # a day of the month alone: "Thurs 3rd at 10" is the 3rd, which the ordinal day reads
    r"|\d{1,2}(?:st|nd|rd|th)\b)",
    re.I,
)


def _weekday_number(word: str) -> int:
    """Monday 0 .. Sunday 6 of a weekday's name, whole or short ("Tuesday", "tues", "thu")."""
    return [name[:3].lower() for name in WEEKDAY_NAMES].index(word[:3].lower())


def _h_weekday(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    if match.group("plural"):
        return None  # "on Mondays" is a recurrence, not a date
    after, before = match.string[match.end() :], match.string[: match.start()]
    if _SCHEDULE_AFTER.match(after) or _SCHEDULE_BEFORE.search(before) or _DATE_AFTER.match(after):
        return None
    which = (match.group("which") or "").lower()
    if not which and _points_forward(match):
        which = "next"
    return _day(_pick_weekday(base.date(), _weekday_number(match.group("day")), which, direction))


def _resolve_month_day(base: datetime, month: int, day: int, year: int | None, direction: str) -> date | None:
    if year is not None:
        return _safe_date(year, month, day)
    candidate = _safe_date(base.year, month, day)
    if candidate is None:
        return None
    if direction == "past" and candidate > base.date():
        return _safe_date(base.year - 1, month, day)
    if direction != "past" and candidate < base.date():
        return _safe_date(base.year + 1, month, day)
    return candidate


_HALF_YEAR_DAYS = 183
# The weekday a date is said with ("tues 3 march", "Tuesday, June 13", "next tues (feb 10)").
_WEEKDAY_BEFORE = re.compile(r"\b(?P<day>" + _DAY_WORD + r")\b[\s,(]*(?:the\s+)?$", re.I)


def _h_month_day(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    year = int(match.group("year")) if match.group("year") else None
    if _points_forward(match):
        direction = "future"
    month, day = _month_number(match.group("month")), int(match.group("day"))
    resolved = _resolve_month_day(base, month, day, year, direction)
    said_on = _WEEKDAY_BEFORE.search(match.string[: match.start()]) if year is None else None
    if resolved and said_on:  # the weekday tells the year: 3 March is a Tuesday in 2026, not 2025
        resolved = _year_of_weekday(base.date(), month, day, said_on.group("day")) or resolved
    return _day(resolved, label=year is None) if resolved else None


def _year_of_weekday(today: date, month: int, day: int, weekday: str) -> date | None:
    """Of the dates within half a year of `today` (the last one and the next), the one that falls on
    `weekday`; None when neither does: a weekday that matches no near date is a slip, not a year."""
    index = _weekday_number(weekday)
    options = [d for y in (today.year - 1, today.year, today.year + 1) if (d := _safe_date(y, month, day))]
    matching = [d for d in options if d.weekday() == index and abs((d - today).days) <= _HALF_YEAR_DAYS]
    return matching[0] if len(matching) == 1 else None


def _h_month(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    month = _month_number(match.group("month"))
    which = (match.group("which") or "").lower()
    preceding = _preceding_word(match)
    if month == 5 and not which and preceding not in ("in", "of", "since", "until", "till", "by", "during"):
        following = match.string[match.end() :].lstrip()
        if not following or not following[0].isdigit():
            return None  # "May" is far more often the modal verb than the month without a preposition
    if not which and _points_forward(match):
        direction = "future"
    if preceding == "since":
        which = "since"
    if match.group("year"):
        return _month(int(match.group("year")), month, label=False)
    if which == "last":
        year = base.year if month < base.month else base.year - 1
    elif which in ("next", "coming"):
        year = base.year if month > base.month else base.year + 1
    elif which == "this":
        year = base.year
    elif direction == "past" or which == "since":
        year = base.year if month <= base.month else base.year - 1
    else:
        year = base.year if month >= base.month else base.year + 1
    resolved = _month(year, month)
    if which in ("early", "mid", "late"):
        first_day = {"early": 1, "mid": 11, "late": 21}[which]
        return (
            _start(date(year, month, first_day)),
            _end(date(year, month, first_day + 9)) if which != "late" else resolved[1],
            "month",
            f"{'mid-' if which == 'mid' else which + ' '}{MONTH_NAMES[month]} {year}",
        )
    return resolved


def _h_edge_of(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    edge = match.group("edge").lower()
    which = (match.group("which") or "this").lower()
    period = match.group("period")
    step = {"last": -1, "next": 1}.get(which, 0)
    if period.lower() == "week":
        monday = base.date() - timedelta(days=base.weekday()) + timedelta(days=7 * step)
        first, last = monday, monday + timedelta(days=6)
    elif period.lower() == "month":
        year, month = _add_months(base.year, base.month, step)
        first, last = date(year, month, 1), _month_last_day(year, month)
    elif period.lower() == "year":
        first, last = date(base.year + step, 1, 1), date(base.year + step, 12, 31)
    else:
        month = _month_number(period)
        year = base.year if (month >= base.month or direction == "past") else base.year + 1
        if direction == "past" and month > base.month:
            year -= 1
        first, last = date(year, month, 1), _month_last_day(year, month)
    if edge == "end":
        return _day(last)
    if edge == "middle":
        return _day(first + (last - first) // 2)
    return _day(first)


def _h_iso(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    resolved = _safe_date(int(match.group("y")), int(match.group("m")), int(match.group("d")))
    return _day(resolved, label=False) if resolved else None


def _h_numeric(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    first, second = int(match.group("a")), int(match.group("b"))
    month, day = (second, first) if first > 12 else (first, second)  # US order unless impossible
    year_text = match.groupdict().get("y")  # "on 3/4" has none
    year = None
    if year_text:
        year = int(year_text) + (2000 if len(year_text) == 2 else 0)
    resolved = _resolve_month_day(base, month, day, year, direction) if 1 <= month <= 12 else None
    return _day(resolved, label=True) if resolved else None


def _h_year(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    return _year(int(match.group("year")), label=False)


def _h_season_year(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    value, last, granularity, _ = _season(match.group("season"), int(match.group("year")))
    return value, last, granularity, None


# The words after which "the 14th" is a day of the month, left out of the match ("to the 14th": "to"
# says it ends a range, which the roles read from the text before the date).
_ORDINAL_CUES = (
    "on", "till", "until", "til", "by", "from", "to", "through", "thru", "since", "before", "after",
    "between", "and",
)  # fmt: skip
# An ordinal that counts a thing, not a day: "the 14th floor", "her 70th birthday", "our 10th anniv".
_NOT_A_DAY = r"(?!\s+(?:" + _COUNTED_THINGS + r")\b)"


def _h_ordinal_day(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    if not match.group("weekday") and _preceding_word(match) not in _ORDINAL_CUES:
        return None  # "the 3rd" is a day after "on", "till", "from the 10th to": not "the 3rd time"
    day = int(match.group("day"))
    which = (match.group("which") or "").lower()
    if not which and _points_forward(match):
        direction = "future"
    step = {"next": 1, "last": -1, "this": 0}.get(which)
    if step is None:
        candidate = _safe_date(base.year, base.month, day)
        step = 0
        if candidate and direction != "past" and candidate < base.date():
            step = 1
        elif candidate and direction == "past" and candidate > base.date():
            step = -1
    for _ in range(3):  # "on the 30th" said in February: the next month that has one
        year, month = _add_months(base.year, base.month, step)
        resolved = _safe_date(year, month, day)
        if resolved or which or day > 31:
            break
        step += -1 if direction == "past" else 1
    return _day(resolved) if resolved else None


# Holidays a life is told by ("Christmas at Leanne's", "over Easter", "New Year's Eve"): the day each falls
# on in a given year. Easter moves (dateutil's computus); Thanksgiving is the fourth Thursday of November
# (the United States').
_FIXED_HOLIDAYS = {
    "christmas eve": (12, 24),
    "christmas": (12, 25),
    "christmas day": (12, 25),
    "xmas": (12, 25),
    "boxing day": (12, 26),
    "new year's eve": (12, 31),
    "new years eve": (12, 31),
    "nye": (12, 31),
    "new year's day": (1, 1),
    "new years day": (1, 1),
    "halloween": (10, 31),
    "valentine's day": (2, 14),
    "valentines day": (2, 14),
    "valentine's": (2, 14),
    "bonfire night": (11, 5),
    "guy fawkes night": (11, 5),
    "st patrick's day": (3, 17),
    "st patricks day": (3, 17),
    "paddy's day": (3, 17),
}
_EASTER_OFFSETS = {"good friday": -2, "easter": 0, "easter sunday": 0, "easter monday": 1}


def _holiday_date(name: str, year: int) -> date:
    from dateutil.easter import easter

    if name in _FIXED_HOLIDAYS:
        return date(year, *_FIXED_HOLIDAYS[name])
    if name in _EASTER_OFFSETS:
        return easter(year) + timedelta(days=_EASTER_OFFSETS[name])
    first = date(year, 11, 1)  # thanksgiving: the fourth Thursday of November
    return first + timedelta(days=(3 - first.weekday()) % 7 + 21)


def _h_holiday(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    name = re.sub(r"\s+", " ", match.group("holiday").lower().replace("\u2019", "'").replace("st.", "st"))
    which = (match.group("which") or "").lower()
    if match.group("year"):
        return _day(_holiday_date(name, int(match.group("year"))), label=False)
    if match.group("rel"):  # "Christmas this year", "Easter last year": the year is said
        shift = {"this": 0, "last": -1, "next": 1}[match.group("rel").lower()]
        return _day(_holiday_date(name, base.year + shift))
    if which == "last":
        direction = "past"
    elif which == "next" or _points_forward(match):
        direction = "future"
    today = base.date()
    this_year = _holiday_date(name, today.year)
    if direction == "past" and this_year > today:
        return _day(_holiday_date(name, today.year - 1))
    if direction != "past" and this_year < today - timedelta(days=3):  # told on Boxing Day: still this one
        return _day(_holiday_date(name, today.year + 1))
    return _day(this_year)


_HOLIDAY = re.compile(
    r"\b(?:(?P<which>last|next|this)\s+)?(?P<holiday>christmas(?:\s+(?:eve|day))?|xmas|boxing\s+day|"
    r"new\s+year[\u2019']?s\s+(?:eve|day)|nye|halloween|valentine[\u2019']?s(?:\s+day)?|good\s+friday|"
    r"easter(?:\s+(?:sunday|monday))?|thanksgiving|bonfire\s+night|guy\s+fawkes\s+night|"
    r"st\.?\s+patrick[\u2019']?s\s+day|paddy[\u2019']?s\s+day)\b"
    r"(?:\s+(?P<year>(?:19|20)\d{2})\b|\s+(?P<rel>this|last|next)\s+year\b)?"
    # a thing of the season is no day: "the Christmas tree", "Christmas shopping", "an Easter egg"
    r"(?!\s+(?:tree|jumper|sweater|cards?|presents?|gifts?|lights|decorations|shopping|songs?|music|films?|"
    r"movies?|markets?|lists?|bonus|break|holidays?|hols|period|season|rush|eggs?|hunt|costumes?|candy)\b)",
    re.I,
)

# Ordered: longer, more specific phrases first; a later pattern never overlaps an earlier match.
DATE_PATTERNS: list[tuple[re.Pattern[str], _Handler]] = [
    (re.compile(r"\bthe day before yesterday\b", re.I), _h_fixed_offset(-2)),
    (re.compile(r"\bthe day after tomorrow\b", re.I), _h_fixed_offset(2)),
    (
        re.compile(
            r"\b(?:the\s+)?(?P<edge>end|beginning|start|middle)\s+of\s+(?:the\s+)?(?:(?P<which>this|next|"
            r"last)\s+)?(?P<period>week|month|year|" + _MONTH + r")\b",
            re.I,
        ),
        _h_edge_of,
    ),
    (re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})\b"), _h_iso),
    (re.compile(r"(?<![\d/])(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<y>\d{4}|\d{2})\b"), _h_numeric),
    (
        re.compile(r"\b(?:on|by|until|till|due|from)\s+(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![/\d])", re.I),
        _h_numeric,
    ),
    (
        re.compile(
            r"\b(?P<month>" + _MONTH_TYPED + r")\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b(?![:.]\d)"
            r"(?:,?\s+(?P<year>(?:19|20)\d{2})\b)?"
        ),
        _h_month_day,
    ),
    (
        re.compile(
            r"\b(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>" + _MONTH_TYPED + r")\b"
            r"(?:,?\s+(?P<year>(?:19|20)\d{2})\b)?"
        ),
        _h_month_day,
    ),
    (_HOLIDAY, _h_holiday),  # before "this year": "Christmas this year" is one day
    (
        re.compile(
            r"\b(?P<n>" + _NUM + r")\s+(?P<unit>" + _UNIT + r")s?\s+(?:ago|before now|earlier)\b", re.I
        ),
        _h_ago,
    ),
    (
        re.compile(
            r"\b(?:in|within)\s+(?P<n>" + _NUM + r")\s+(?P<unit>" + _UNIT + r")s?(?:'?\s*time)?\b"
            r"(?!\s+ago)",
            re.I,
        ),
        _h_in_n,
    ),
    (
        re.compile(r"\b(?P<n>" + _NUM + r")\s+(?P<unit>" + _UNIT + r")s?\s+from\s+(?:now|today)\b", re.I),
        _h_in_n,
    ),
    (
        re.compile(
            r"\b(?:yesterday|today|tonight|tomorrow|tmrw|tmr|tmw|2mrw|2moro|2morrow|tmoro|tomoz|yday|ystrday|"
            r"yest|2day|2nite|tonite|last night|this (?:morning|afternoon|"
            r"evening)|earlier today|later today|later tonight)\b",
            re.I,
        ),
        _h_simple_day,
    ),
    (
        re.compile(
            r"\b(?:the\s+)?(?P<which>last|next|nxt|this coming|this|coming|past|previous|following)\s+"
            r"(?P<period>week|weekend|month|year|summer|winter|spring|fall|autumn|wk|wknd|wkend|mth|mnth|yr)\b",
            re.I,
        ),
        _h_relative_period,
    ),
    (
        re.compile(
            r"\b(?:(?P<which>last|next|this coming|this|coming)\s+)?"
            r"(?P<day>" + _WEEKDAY_TYPED + r")(?P<plural>s)?\b",
            re.I,
        ),
        _h_weekday,
    ),
    (
        re.compile(
            r"\b(?:(?P<which>(?i:last|next|this|coming|early|mid|late))[\s\-]+)?(?P<month>" + _MONTH + r")"
            # "May I", "may we": the modal verb (only May is one)
            r"(?:\s+(?P<year>(?:19|20)\d{2}))?\b(?!(?<=May)\s+(?:I|you|we|he|she|they|be)\s)"
        ),
        _h_month,
    ),
    (
        re.compile(
            r"\b(?P<season>summer|winter|spring|fall|autumn)\s+(?:of\s+)?(?P<year>(?:19|20)\d{2})\b", re.I
        ),
        _h_season_year,
    ),
    (
        re.compile(
            r"\b(?:in|since|from|until|till|by|during|of|around|circa|before|after|back in)\s+"
            r"(?P<year>(?:19|20)\d{2})\b",
            re.I,
        ),
        _h_year,
    ),
    (
        re.compile(
            # "on the 3rd", or with its weekday: "Thurs 3rd at 10", "Fri 14th"
            # the word before is no part of the date ("to the 14th": "to" says it ends a range)
            r"(?:\bthe\s+|\b(?P<weekday>"
            + _DAY_WORD
            + r")\.?,?\s+(?:the\s+)?)(?P<day>\d{1,2})(?:st|nd|rd|th)\b"
            r"(?:\s+of\s+(?P<which>this|next|last)\s+month)?" + _NOT_A_DAY,
            re.I,
        ),
        _h_ordinal_day,
    ),
]
