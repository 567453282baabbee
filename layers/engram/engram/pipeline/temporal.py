"""Temporal markers of one clause, resolved against when it was said (`observed_at`).

What a memory needs to know about time (seed 000 §1.3 "temporal detection"):

- `event_date`: when the thing happens or happened ("yesterday", "next Friday", "on June 15");
- `effective_from`: when a stated fact starts to be true ("starting next month", "from Monday", "as of June");
- `expires_at`: when it stops ("until Friday" -> that Friday 23:59:59, "for the next week" -> +7 days,
  "through December", "till the end of the month", "for now"/"temporary" -> +TEMPORARY_DEFAULT_DAYS);
- `is_historical`: the clause describes the past ("used to", "previously", "no longer", "back when");
- `recurrence`: seed 000's JSON plus an RFC 5545 rrule ("every Monday at 9am").

Relative phrases are resolved by a small grammar of our own (deterministic, ~0.1 ms per clause, and it
knows about tense: "on Friday" is the coming Friday in "I'm seeing her on Friday" and the past one in "I saw
her on Friday"); dateparser handles the rarer absolute formats the grammar does not cover, and recurrent
turns recurring phrases into rrules. Dates without a time resolve to 00:00 UTC of their day (period starts)
or 23:59:59 UTC (period ends, for expiry). Times are UTC unless the text names a zone ("at 9am PST").

Every resolved relative mention carries a label ("7 May 2023", "week of 1 May 2023", "April 2023") that the
extractor appends to the memory text, so the memory stands alone long after "yesterday" stopped meaning
anything. Call `warm_up()` once at start-up: dateparser's first call costs ~2 s.
"""

from __future__ import annotations

import calendar
import logging
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from engram.models import is_storable_time

logger = logging.getLogger(__name__)

TEMPORARY_DEFAULT_DAYS = 7  # "for now", "temporary", "for the time being": a short, reviewable horizon

MONTH_NAMES = (
    "",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
RRULE_DAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
MONTH_ABBREVIATIONS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
SEASON_START_MONTH = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}  # northern hemisphere
NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "a couple of": 2,
    "couple of": 2,
    "a couple": 2,
    "couple": 2,
    "a few": 3,
    "few": 3,
    "several": 3,
}
UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14}
# Offsets from UTC in hours for zone abbreviations people write after a time. Standard time is used for
# the US "ET/PT" shorthands: a deliberate approximation (the memory keeps the zone in its text anyway).
TIMEZONE_OFFSETS = {
    "utc": 0,
    "gmt": 0,
    "z": 0,
    "est": -5,
    "edt": -4,
    "et": -5,
    "cst": -6,
    "cdt": -5,
    "ct": -6,
    "mst": -7,
    "mdt": -6,
    "mt": -7,
    "pst": -8,
    "pdt": -7,
    "pt": -8,
    "akst": -9,
    "hst": -10,
    "bst": 1,
    "cet": 1,
    "cest": 2,
    "eet": 2,
    "eest": 3,
    "ist": 5.5,
    "sgt": 8,
    "jst": 9,
    "kst": 9,
    "aest": 10,
    "aedt": 11,
    "nzst": 12,
}

_NUM = (
    r"(?:\d{1,3}|a couple of|couple of|a couple|a few|several|an?|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
)
_UNIT = r"(?:day|week|fortnight|month|year|decade)"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_MONTH_ANY = _MONTH + r"|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_TZ = r"(?:" + "|".join(sorted(TIMEZONE_OFFSETS, key=len, reverse=True)) + r")"

# Cue words right before a mention that give it a role other than "when it happens".
END_CUE = re.compile(
    r"(?:\buntil|\btill|\btil|'til|\bthrough|\bthru|\bup to|\bending|\bends|\bno later than|\bexpires?|"
    r"\bexpiring|\bvalid through)\s+(?:on\s+|in\s+)?(?:the\s+)?(?:end\s+of\s+)?$",
    re.IGNORECASE,
)
# Verb forms ("the course starts Monday") stay events: the extractor turns them into effective_from only
# when the clause announces a change of state ("my new job starts Monday").
START_CUE = re.compile(
    r"(?:\bstarting|\bbeginning|\bfrom|\bas of|\beffective|\bcommencing|\bstart(?:ing)? date is)\s+"
    r"(?:on\s+|in\s+|from\s+|at\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)
RANGE_END_CUE = re.compile(r"(?:\bto|-|\band)\s+$", re.IGNORECASE)
_EVERY_BEFORE = re.compile(r"\b(?:every|each|other|alternate)\s+$", re.IGNORECASE)

FUTURE_MARKERS = re.compile(
    r"\b(?:will|shall|won't|going to|gonna|plan(?:s|ning)? to|about to|next|upcoming|tomorrow|soon|"
    r"scheduled|intend(?:s|ing)? to|hope to|want to|would like to|coming up|later|until|till|starting|"
    r"from now|"
    # a past decision about a later event: "decided to take the trip in May" is about the coming May
    r"(?:decided|chose|agreed|promised|planned|arranged|booked|signed up|registered|committed) (?:to|for)|"
    r"(?:booked|reserved|got tickets)\b[^.!?]{0,40}?\bfor)\b|'ll\b",
    re.IGNORECASE,
)
PAST_MARKERS = re.compile(
    r"\b(?:was|were|did|had|yesterday|ago|last|went|got|came|saw|met|told|said|took|made|gave|found|"
    r"felt|thought|bought|left|ran|won|lost|sold|spent|sent|began|wrote|drove|flew|knew|heard|paid|"
    r"kept|slept|ate|fell|became|moved|\w{3,}ed)\b",
    re.IGNORECASE,
)
# Past-tense adjectives and present-tense forms that look like "-ed" pasts.
_NOT_PAST_ED = re.compile(
    r"\b(?:excited|interested|tired|worried|scared|stressed|married|engaged|"
    r"based|obsessed|bored|need|feed|seed|speed|indeed|supposed|used to)\b",
    re.IGNORECASE,
)
_PRESENT_PERFECT = re.compile(r"\b(?:have|has|'ve|'s)\s+been\b", re.IGNORECASE)

HISTORICAL_CUES = re.compile(
    r"\b(?:used to|previously|no longer|back when|back in|in the past|formerly|once upon a time|"
    r"growing up|when (?:I|we|he|she) (?:was|were) (?:a kid|a child|little|young|younger|small|"
    r"a teen(?:ager)?|in (?:college|school|high school|university))|as a (?:kid|child|teen|teenager)|"
    r"(?:my|his|her|our) (?:old|former|previous) (?:job|apartment|house|place|company|employer|boss|"
    r"school|city|home|team|role)|in my (?:old|former|previous) (?:job|life|role))\b",
    re.IGNORECASE,
)
_WAS_FOR_YEARS = re.compile(
    r"\b(?:was|were|worked|lived|studied|taught|dated|served|played|stayed|ran|owned|managed|led)\b"
    r"[^.;]{0,60}?\bfor\s+(?:" + _NUM + r"|many|several|a few|almost|nearly|over|about)\s+"
    r"(?:\w+\s+)?(?:years?|months?|decades?)\b",
    re.IGNORECASE,
)
_YEAR_RANGE = re.compile(r"\b(?:from|between)\s+((?:19|20)\d{2})\s+(?:to|and|until|-)\s+((?:19|20)\d{2})\b")

RECURRENCE_CUES = re.compile(
    r"\b(?:every|each\s+(?:day|week|month|year|morning|evening|night|weekday|weekend|" + _WEEKDAY + r")|"
    r"daily|nightly|weekly|bi-?weekly|fortnightly|monthly|bi-?monthly|quarterly|yearly|annually|annual|"
    r"once\s+a|twice\s+a|(?:three|four|\d)\s+times\s+a|weekdays|weekends|on\s+" + _WEEKDAY + r"s|"
    r"anniversary|birthday|standups?|stand-ups?)\b",
    re.IGNORECASE,
)
_YEARLY_DATE = re.compile(
    r"\b(?:anniversary|birthday|bday|b-day)\b[^.;]{0,30}?\b(?:is|on|falls on|=|:)?\s*(?:on\s+)?"
    r"(?:(?P<m1>" + _MONTH_ANY + r")\s+(?P<d1>\d{1,2})(?:st|nd|rd|th)?|"
    r"(?:the\s+)?(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m2>" + _MONTH_ANY + r"))\b",
    re.IGNORECASE,
)
_TIME = re.compile(
    r"\b(?:at\s+|@\s*)?(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>a\.m\.|p\.m\.|am|pm)(?![a-z])"
    r"(?:\s+(?P<tz>" + _TZ + r")\b)?|\bat\s+(?P<h2>\d{1,2}):(?P<m2>\d{2})(?:\s+(?P<tz2>" + _TZ + r")\b)?|"
    r"\bat\s+(?P<word>noon|midnight)\b",
    re.IGNORECASE,
)


# ---------------------------------------------------------------------------------------------------
# Result types
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DateMention:
    """One resolved date phrase of a clause.

    `value` is the start of the period the phrase names and `last` its final second; `role` says what
    the date means for the memory ("event", "start" = effective_from, "end" = expires_at). `label` is the
    absolute form appended to the memory text (None when the phrase is already absolute with a year).
    """

    start: int
    end: int
    text: str
    value: datetime
    last: datetime
    granularity: str  # time | day | week | weekend | month | season | year
    role: str = "event"
    label: str | None = None
    has_time: bool = False


@dataclass
class TemporalInfo:
    """Everything temporal about one clause (see module docstring)."""

    tense: str = "present"  # past | present | future
    mentions: list[DateMention] = field(default_factory=list)
    event_date: datetime | None = None
    effective_from: datetime | None = None
    expires_at: datetime | None = None
    is_historical: bool = False
    recurrence: dict[str, Any] | None = None

    def annotate(self, text: str) -> str:
        """`text` with each relative mention's absolute label appended in parentheses after it.

        "went to a support group yesterday" -> "went to a support group yesterday (7 May 2023)". Mentions
        are located in `text` by their own words, so the text may have been edited before the mention.
        """
        out = text
        for mention in sorted(self.mentions, key=lambda m: m.start, reverse=True):
            if not mention.label:
                continue
            index = out.find(mention.text)
            if index < 0 or f"({mention.label})" in out:
                continue
            insert_at = index + len(mention.text)
            out = f"{out[:insert_at]} ({mention.label}){out[insert_at:]}"
        return out


# ---------------------------------------------------------------------------------------------------
# Calendar helpers
# ---------------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------------
# Tense
# ---------------------------------------------------------------------------------------------------


def detect_tense(text: str) -> str:
    """ "future" when the clause talks about what will happen, "past" when it reports, else "present".

    Only used to pick a direction for phrases that have none of their own ("on Friday", "in March").
    """
    if FUTURE_MARKERS.search(text):
        return "future"
    cleaned = _NOT_PAST_ED.sub(" ", text)
    if PAST_MARKERS.search(cleaned):
        return "past"
    return "present"


def is_historical_text(text: str, observed_at: datetime | None = None) -> bool:
    """Lexical history cues: "used to", "previously", "no longer", "back when", "I was a nurse for 10 years".

    "I've been vegan for 5 years" is NOT history (present perfect: still true).
    """
    if HISTORICAL_CUES.search(text):
        return True
    if _WAS_FOR_YEARS.search(text) and not _PRESENT_PERFECT.search(text):
        return True
    match = _YEAR_RANGE.search(text)
    reference_year = observed_at.year if observed_at else 9999
    return bool(match and int(match.group(2)) <= reference_year and "will" not in text.lower())


# ---------------------------------------------------------------------------------------------------
# Date grammar
# ---------------------------------------------------------------------------------------------------

_Resolved = tuple[datetime, datetime, str, str | None]  # value, last, granularity, label
_Handler = Callable[[re.Match[str], datetime, str], "_Resolved | None"]


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


def _shift(base: datetime, amount: int, unit: str) -> _Resolved:
    unit = unit.lower()
    if unit in UNIT_DAYS:
        target = base.date() + timedelta(days=amount * UNIT_DAYS[unit])
        return _day(target) if unit == "day" else _week(target)
    if unit == "month":
        year, month = _add_months(base.year, base.month, amount)
        return _month(year, month)
    years = amount * (10 if unit == "decade" else 1)
    return _year(base.year + years)


def _h_ago(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    if match.group("n").lower() in ("a few", "few", "several"):
        return None  # vague: no date rather than a wrong one
    return _shift(base, -_number(match.group("n")), match.group("unit"))


def _h_in_n(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    if match.group("n").lower() in ("a few", "few", "several"):
        return None
    return _shift(base, _number(match.group("n")), match.group("unit"))


def _h_relative_period(match: re.Match[str], base: datetime, direction: str) -> _Resolved:
    which = match.group("which").lower()
    period = match.group("period").lower()
    step = (
        -1 if which in ("last", "past", "previous") else 1 if which in ("next", "coming", "following") else 0
    )
    if which.startswith("this coming"):
        step = 1 if period in ("week", "month", "year") else 0
    today = base.date()
    if period == "week":
        return _week(today + timedelta(days=7 * step))
    if period == "weekend":
        monday = today - timedelta(days=today.weekday())
        if step == -1:
            return _weekend(monday - timedelta(days=2))
        saturday = monday + timedelta(days=5)
        return _weekend(saturday if step == 0 or saturday > today else saturday + timedelta(days=7))
    if period == "month":
        year, month = _add_months(base.year, base.month, step)
        return _month(year, month)
    if period == "year":
        return _year(base.year + step)
    # Seasons: "last summer" is the most recent one that is over, "next summer" the next one to start.
    start_month = SEASON_START_MONTH[period]
    if step == -1:
        year = base.year if base.month > start_month + 2 else base.year - 1
    elif step == 1:
        year = base.year if base.month < start_month else base.year + 1
    else:
        year = base.year
    return _season(period, year)


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
)


_RESCHEDULED = re.compile(
    r"\b(?:moved|pushed|rescheduled|postponed|bumped|shifted|changed|delayed)\s+(?:it\s+|back\s+)?"
    r"(?:to|for|until|till)\s+(?:next\s+)?$",
    re.IGNORECASE,
)


def _points_forward(match: re.Match[str]) -> bool:
    """ "until Friday", "moved to Thursday": the date is ahead whatever the verb tense."""
    before = match.string[max(0, match.start() - 30) : match.start()]
    return _preceding_word(match) in _FORWARD_WORDS or bool(_RESCHEDULED.search(before))


def _h_weekday(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    if match.group("plural"):
        return None  # "on Mondays" is a recurrence, not a date
    which = (match.group("which") or "").lower()
    if not which and _points_forward(match):
        which = "next"
    weekday = WEEKDAY_NAMES.index(match.group("day").capitalize())
    return _day(_pick_weekday(base.date(), weekday, which, direction))


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


def _h_month_day(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    year = int(match.group("year")) if match.group("year") else None
    if _points_forward(match):
        direction = "future"
    resolved = _resolve_month_day(
        base, _month_number(match.group("month")), int(match.group("day")), year, direction
    )
    return _day(resolved, label=year is None) if resolved else None


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
            resolved[1],
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
    year_text = match.group("y")
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


def _h_ordinal_day(match: re.Match[str], base: datetime, direction: str) -> _Resolved | None:
    day = int(match.group("day"))
    which = (match.group("which") or "").lower()
    step = {"next": 1, "last": -1, "this": 0}.get(which)
    if step is None:
        candidate = _safe_date(base.year, base.month, day)
        step = 0
        if candidate and direction != "past" and candidate < base.date():
            step = 1
        elif candidate and direction == "past" and candidate > base.date():
            step = -1
    year, month = _add_months(base.year, base.month, step)
    resolved = _safe_date(year, month, day)
    return _day(resolved) if resolved else None


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
            r"\b(?P<month>" + _MONTH_ANY + r")\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b(?!:)"
            r"(?:,?\s+(?P<year>(?:19|20)\d{2})\b)?"
        ),
        _h_month_day,
    ),
    (
        re.compile(
            r"\b(?:the\s+)?(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>" + _MONTH_ANY + r")"
            r"(?:,?\s+(?P<year>(?:19|20)\d{2})\b)?"
        ),
        _h_month_day,
    ),
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
            r"\b(?:yesterday|today|tonight|tomorrow|tmrw|tmr|last night|this (?:morning|afternoon|"
            r"evening)|earlier today|later today|later tonight)\b",
            re.I,
        ),
        _h_simple_day,
    ),
    (
        re.compile(
            r"\b(?:the\s+)?(?P<which>last|next|this coming|this|coming|past|previous|following)\s+"
            r"(?P<period>week|weekend|month|year|summer|winter|spring|fall|autumn)\b",
            re.I,
        ),
        _h_relative_period,
    ),
    (
        re.compile(
            r"\b(?:(?P<which>last|next|this coming|this|coming)\s+)?"
            r"(?P<day>" + _WEEKDAY + r")(?P<plural>s)?\b",
            re.I,
        ),
        _h_weekday,
    ),
    (
        re.compile(
            r"\b(?:(?P<which>last|next|this|coming|early|mid|late)[\s\-]+)?(?P<month>" + _MONTH + r")"
            r"(?:\s+(?P<year>(?:19|20)\d{2}))?\b(?!\s+(?:I|you|we|he|she|they|be)\s)"
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
            r"\bon\s+the\s+(?P<day>\d{1,2})(?:st|nd|rd|th)\b(?:\s+of\s+(?P<which>this|next|last)\s+month)?",
            re.I,
        ),
        _h_ordinal_day,
    ),
]

# Durations that end a fact: "for the next week", "for 3 days", "for the rest of the month".
_FOR_NEXT = re.compile(
    r"\bfor\s+the\s+next\s+(?:(?P<n>" + _NUM + r")\s+)?(?P<unit>" + _UNIT + r"|hour)s?\b", re.I
)
_FOR_N = re.compile(
    r"\bfor\s+(?:about\s+|around\s+|another\s+|a further\s+)?(?P<n>" + _NUM + r")\s+"
    r"(?P<unit>" + _UNIT + r"|hour)s?\b",
    re.I,
)
_REST_OF = re.compile(r"\bfor\s+the\s+rest\s+of\s+(?:the|this)\s+(?P<period>day|week|month|year)\b", re.I)
_TEMPORARY = re.compile(
    r"\b(?:for now|for the time being|for the moment|temporar(?:y|ily)|short[- ]term)\b", re.I
)


def _duration(amount: int, unit: str) -> timedelta:
    unit = unit.lower()
    if unit == "hour":
        return timedelta(hours=amount)
    if unit in UNIT_DAYS:
        return timedelta(days=amount * UNIT_DAYS[unit])
    if unit == "month":
        return timedelta(days=30 * amount)
    return timedelta(days=365 * amount * (10 if unit == "decade" else 1))


def find_dates(
    text: str, observed_at: datetime, tense: str | None = None, exclude: list[tuple[int, int]] | None = None
) -> list[DateMention]:
    """Every date phrase of `text` resolved against `observed_at`, in order, with roles and labels.

    `exclude` are spans already explained (durations such as "for the next week").
    """
    base = _aware(observed_at)
    tense = tense or detect_tense(text)
    direction = "past" if tense == "past" else "future"
    taken: list[tuple[int, int]] = list(exclude or [])
    mentions: list[DateMention] = []
    for pattern, handler in DATE_PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(start < b and end > a for a, b in taken):
                continue
            if _EVERY_BEFORE.search(text[max(0, start - 12) : start]):
                continue  # "every Monday", "each March": recurrence, not a date
            try:
                resolved = handler(match, base, direction)
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
        if index < 0 or not re.search(r"\d", phrase):
            continue
        span = (index, index + len(phrase))
        if any(span[0] < b and span[1] > a for a, b in taken):
            continue
        day = _aware(value).date()
        out.append(DateMention(span[0], span[1], phrase, _start(day), _end(day), "day", "event", None))
        taken.append(span)
    return out


def _dateparser_settings(base: datetime) -> dict[str, Any]:
    return {
        "RELATIVE_BASE": base.replace(tzinfo=None),
        "PREFER_DATES_FROM": "future",
        "TIMEZONE": "UTC",
        "TO_TIMEZONE": "UTC",
        "RETURN_AS_TIMEZONE_AWARE": True,
        "DATE_ORDER": "DMY",
    }


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
    if mentions or tense == "past":
        return mentions
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


def _assign_roles(text: str, mentions: list[DateMention]) -> list[DateMention]:
    out: list[DateMention] = []
    start: DateMention | None = None
    for mention in mentions:
        before = text[max(0, mention.start - 30) : mention.start]
        role = "event"
        value, last, label = mention.value, mention.last, mention.label
        if END_CUE.search(before):
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


# ---------------------------------------------------------------------------------------------------
# Recurrence
# ---------------------------------------------------------------------------------------------------

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
        re.compile(r"\b(?:once|twice|(?:three|four|\d)\s+times)\s+a\s+week\b|\bweekly\b", re.I),
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
    """Seed 000's recurrence JSON plus `rrule`, or None when the text describes no repeating pattern.

    "every Monday at 9am" -> {"type": "weekly", "day": "Monday", "time": "09:00",
    "rrule": "RRULE:FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0"}; "our anniversary is June 15" ->
    {"type": "yearly", "month": 6, "day": 15, ...}; "every other week" -> weekly with "interval": 2.
    recurrent does most of the work; it returns None or a plain date for some phrases (and then has no
    `is_recurring`), so every call is guarded and our own patterns fill the gaps.
    """
    if not RECURRENCE_CUES.search(text):
        return None
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
        return None
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


def _recurrent_params(text: str, observed_at: datetime) -> dict[str, str] | None:
    try:
        from recurrent.event_parser import RecurringEvent

        with warnings.catch_warnings():
            # recurrent builds a parsedatetime Calendar in the deprecated "flag style" for every parser.
            warnings.filterwarnings("ignore", message="Flag style will be deprecated")
            parser = RecurringEvent(now_date=_aware(observed_at).replace(tzinfo=None))
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


# ---------------------------------------------------------------------------------------------------
# Putting it together
# ---------------------------------------------------------------------------------------------------


_EXPLICIT_REPETITION = re.compile(
    r"\b(?:every|each|once a|twice a|times a|on\s+"
    + _WEEKDAY
    + r"s|weekdays|weekends|anniversary|birthday)\b",
    re.IGNORECASE,
)


def analyse_temporal(text: str, observed_at: datetime) -> TemporalInfo:
    """All temporal markers of one clause, resolved against `observed_at` (aware UTC in, aware UTC out)."""
    base = _aware(observed_at)
    tense = detect_tense(text)
    info = TemporalInfo(tense=tense, is_historical=is_historical_text(text, base))
    info.recurrence = parse_recurrence(text, base)
    if info.recurrence and tense == "past" and not _EXPLICIT_REPETITION.search(text):
        info.recurrence = None  # "I finished the quarterly report": one past happening, not a schedule
    durations = [m.span() for pattern in (_FOR_NEXT, _REST_OF) for m in pattern.finditer(text)]
    mentions = find_dates(text, base, tense, exclude=durations)
    if info.recurrence:
        # In "every Monday at 9am" the weekday is the rule, not a date; a yearly rule keeps its next date.
        mentions = [m for m in mentions if m.role != "event" or info.recurrence.get("type") == "yearly"]
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
    """Load dateparser's language data and recurrent once (call at start-up; the first call costs ~2 s)."""
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
