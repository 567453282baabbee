"""Tense and history of a clause: which way an undirected date points, and whether it is about the past."""

from __future__ import annotations

from datetime import datetime

from engram.language.temporal.vocabulary import (
    _NOT_PAST_ED,
    _PRESENT_PERFECT,
    _WAS_FOR_YEARS,
    _YEAR_RANGE,
    FUTURE_MARKERS,
    HISTORICAL_CUES,
    PAST_MARKERS,
)


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
