"""Whether a question asks how things were rather than how they are: "where did I use to live?", "who
was my previous boss?", "what did I eat before the diet?". Search and recall rank what is no longer true
below what is, except for these questions, which the past answers. Pure: no I/O.
"""

from __future__ import annotations

import re

PAST_QUERY = re.compile(
    r"\b(?:used to|use to|previously|in the past|history|historical|changed?|changes|before|any ?more|"
    r"no longer|formerly|former|originally|back (?:then|when|in)|years ago|over (?:the )?(?:years|time)|"
    r"(?:my|his|her|their|our|the) (?:old|previous|ex|first|original)\b|ex-\w+|when did)",
    re.IGNORECASE,
)


def is_past_query(query: str) -> bool:
    """Does the query ask how things were ("used to", "previously", "my old job", "what changed")?"""
    return bool(PAST_QUERY.search(query))
