"""Whether a question asks how things were rather than how they are: "where did I use to live?", "who
was my previous boss?", "what did I eat before the diet?". Search and recall rank what is no longer true
below what is, except for these questions, which the past answers. And whether it asks what happened
("where did I do fieldwork?"): what has expired since answers that. Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text import MONTHS, WEEKDAYS

PAST_QUERY = re.compile(
    r"\b(?:used to|use to|previously|in the past|history|historical|changed?|changes|before|any ?more|"
    r"no longer|formerly|former|originally|back (?:then|when|in)|years ago|over (?:the )?(?:years|time)|"
    r"(?:my|his|her|their|our|the) (?:old|previous|ex|first|original)\b|ex-\w+|when did|"
    # how it began: "what dose did I start on?", "how often did I take it when I started?"
    r"did (?:i|we|you|he|she|they) (?:first )?start|when (?:i|we|he|she|they) (?:first )?started|"
    r"at first|initially|to begin with|in the beginning)",
    re.IGNORECASE,
)


# A question in the simple past asks about what happened ("where did I do fieldwork?", "was Ana at the
# wedding?", "have I ever been to Japan?"), which may be over by now: a stay, a trip, a course.
PAST_EVENT_QUERY = re.compile(
    r"\b(?:did|was|were|had)\b|\bever\b|"
    r"\b(?:have|has)\s+(?:i|we|you|he|she|they|[a-z][\w'-]*)\s+(?:been|gone|done|seen|visited|tried|met|lived)\b",
    re.IGNORECASE,
)


def asks_about_past_events(query: str) -> bool:
    """Does the question ask what happened (simple past, "ever")? What has expired since answers it."""
    return bool(PAST_EVENT_QUERY.search(query))


def is_past_query(query: str) -> bool:
    """Does the query ask how things were ("used to", "previously", "my old job", "what changed")?"""
    return bool(PAST_QUERY.search(query))


# A question about the one before ("who was my previous girlfriend?", "where did I work before?", "my old
# flat", "where did I use to live?"): the present holder of what it asks is the one it does not mean.
PREVIOUS_QUERY = re.compile(
    r"\b(?:used to|use to|previously|formerly|former|originally|before|"
    r"(?:my|his|her|their|our|the) (?:old|previous|ex|first|original)\b|ex-\w+)",
    re.IGNORECASE,
)


def asks_ever(query: str) -> bool:
    """Does the question ask about any time, now or before ("have I ever worked in hospitality?",
    "did I ever live abroad?")? Every holder of what it asks answers, the past ones too."""
    return bool(_EVER.search(query))


_EVER = re.compile(r"\bever\b", re.IGNORECASE)


def asks_previous(query: str) -> bool:
    """Does the question ask about the one before the present one (see PREVIOUS_QUERY)?"""
    return bool(PREVIOUS_QUERY.search(query))


# What a question about the one before is asked before ("what did I drive before *the RAV4*?", "who was I
# dating before *Tiago*?", "where did he study before *coming to UCT*?"): the present one, which locates
# the answer in time and is not what is asked. A time ("before 3 August", "before Christmas", "the week
# before") is the period the temporal grammar reads, no anchor.
_BEFORE = re.compile(r"\b(?:before|prior\s+to)\s+(?P<anchor>[^?.!]+)", re.IGNORECASE)
_A_TIME = re.compile(
    rf"\b\d+(?:st|nd|rd|th|s)?\b|\b(?:{'|'.join((*MONTHS, *WEEKDAYS))}|christmas|easter|new\s+year|"
    r"today|yesterday|tomorrow|tonight|then|now|last|next|this|that|morning|afternoon|evening|night|noon|"
    r"midnight|lunch|dinner|breakfast|bed|work|school|the\s+(?:day|week|month|year|weekend))\b",
    re.IGNORECASE,
)


def before_anchor(question: str) -> str | None:
    """What the question asks about the one before of (see `_BEFORE`), or None."""
    found = _BEFORE.search(question)
    if found is None or _A_TIME.search(found.group("anchor")):
        return None
    return found.group("anchor").strip()


# A question about how things are now ("what am I taking for my blood pressure *now*?", "is my knee
# *still* a problem?", "my *most recent* HbA1c?"): of the memories that answer it about as well, the one
# told last is the answer, the others are how it was.
NOW_QUERY = re.compile(
    r"\b(?:now|currently|these\s+days|at\s+the\s+moment|right\s+now|still|nowadays|any\s?more|lately|"
    r"latest|most\s+recent|recently)\b",
    re.IGNORECASE,
)


def asks_now(query: str) -> bool:
    """Does the question ask how things are now (see NOW_QUERY)?"""
    return bool(NOW_QUERY.search(query))
