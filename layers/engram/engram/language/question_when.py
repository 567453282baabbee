"""Questions that ask when something is to happen, and the memories that say when.

"When am I going to Melbourne?" is answered by "Flying to Melbourne 4-18 December", not by "Our daughter
Fiona rang from Melbourne", though both share the question's name: only a memory that says a time says
when. A plan's time has to be told: a memory of what is to come is told before it happens, so the day
it was told is not the day asked about. A question about what happened ("when did I move?", "when was
my surgery?") is left alone: the day a memory was told is often the day asked (the write path dates a
memory by what it says or by when it was said), and such a memory need say no time. Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text import MONTHS, WEEKDAYS

_ASKS = re.compile(r"^\s*(?:when\b|what\s+(?:date|day|time)\b)", re.IGNORECASE)
# What happened: "when did", "when was I born", "when have I been"; but a plan in the past ("when was I
# going to Ghana?") still asks a plan's time.
_PAST = re.compile(
    r"\b(?:did|had|have|has|ago|last)\b|\b(?:was|were)\b(?!.*\b(?:going|supposed|meant|planning)\s+to\b)",
    re.IGNORECASE,
)
_MONTH_ABBREVIATIONS = "jan|feb|apr|jun|jul|aug|sep|sept|oct|nov|dec"
# A time a memory says: a date (months as words or abbreviations; "May" and "March" with their capital,
# being verbs too), a weekday, a holiday, a day relative to the telling ("tomorrow", "next week",
# "tonight"), a season, a clock time ("8am", "10:30"), a day of the month ("the 22nd"), a year.
_STATES = re.compile(
    rf"\b(?i:{'|'.join(m for m in MONTHS if m not in ('may', 'march'))}|{_MONTH_ABBREVIATIONS}|"
    rf"{'|'.join(WEEKDAYS)}|mon|tues?|wed|thurs?|fri|sat|sun|"
    r"christmas|xmas|easter|new\s+year|halloween|thanksgiving|diwali|eid|ramadan|hanukkah|"
    r"today|tonight|tomorrow|tmrw|tmr|yesterday|weekend|fortnight|morning|afternoon|evening|noon|midnight|"
    r"summer|winter|spring|autumn|soon|later|next|upcoming|(?:19|20)\d{2})\b|\b(?:May|March)\b|"
    r"\b\d{1,2}(?:[:.]\d{2})?\s?(?i:am|pm)\b|\b\d{1,2}:\d{2}\b|\b\d{1,2}(?i:st|nd|rd|th)\b|\b\d{1,2}/\d{1,2}\b|"
    # "at 6", "until 9" (not "at 12 Quay Street", an address)
    r"\b(?i:at|by|from|until|till)\s+\d{1,2}\b(?![.,]?\d)(?!\s+[A-Z])|\b(?i:o['’]clock)\b"
)


def asks_planned_time(question: str) -> bool:
    """Does the question ask when something is to happen ("when am I going to Melbourne?", "when's my
    next dental appointment?", "when was I going to Ghana?"; not "when did I move?")?"""
    return bool(_ASKS.search(question)) and not _PAST.search(question)


def states_time(text: str) -> bool:
    """Does the memory say a time (see `_STATES`)?"""
    return bool(_STATES.search(text))
