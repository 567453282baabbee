"""How a slot's value and the clause around it are read: hedged ("thinking about leaving Stripe"),
negated, said as no longer so; a value cleaned of its article; a value that is a day or a rank, not a
place ("moving in with me in November", "moving up to Head of Engineering"). Shared by the slot readers
(`slots`) and the fields they fill (`fields`). Pure: no I/O."""

from __future__ import annotations

import re

from engram.language.cues import TENTATIVE
from engram.language.text import MONTHS, ORGANISATIONS, PLACES, WEEKDAYS, words
from engram.language.text.vocabulary import JOB_TITLES


def tentative(text: str, position: int) -> bool:
    return bool(TENTATIVE.search(text[:position]))


def negated(text: str, position: int) -> bool:
    before = words(text[max(0, position - 30) : position])[-4:]
    return any(
        word in ("not", "never", "don't", "doesn't", "didn't", "no", "isn't", "aren't") for word in before
    )


def says_no_longer(text: str) -> bool:
    return bool(re.search(r"\bno longer\b|\b(?:any ?more)\b|\bnot .* anymore\b", text, re.IGNORECASE))


def clean_value(value: str | None) -> str | None:
    if not value:
        return None
    value = re.sub(r"^(?:the)\s+(?=[A-Z])", "", value.strip())
    value = re.sub(r"(?:'s)$", "", value)
    return value.strip(" ,.;:!?") or None


def first_group(match: re.Match[str], prefix: str) -> str | None:
    """The value of the first named group of `prefix` that matched: a grammar names the same value in each
    of its alternatives ("other", "other2", ...; "v", "v2", ...)."""
    return next(
        (value for name, value in match.groupdict().items() if value and name.startswith(prefix)), None
    )


def is_org_like(value: str) -> bool:
    """No place and no day: "booked the physio for Tuesday" names when, not for whom."""
    lowered = value.lower()
    if lowered.split()[0].rstrip("s") in DAYS:
        return False
    return lowered in ORGANISATIONS or lowered not in PLACES


DAYS = frozenset((*WEEKDAYS, *MONTHS))


def a_rank(value: str) -> bool:
    """A job one moves up to ("Head of Engineering", "Senior Manager"), not a place."""
    return any(w in JOB_TITLES or w in ("head", "lead", "chief") for w in value.lower().split())


def a_day(value: str) -> bool:
    """A month or a weekday, alone or with its date ("November", "June 2025"): when, not where."""
    parts = value.lower().split()
    return parts[0] in DAYS and all(w.strip(",").isdigit() for w in parts[1:])
