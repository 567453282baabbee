"""Questions that ask how old someone is, and the memories that say an age.

"How old is my father exactly?" is answered by "Papa turns 78 in March" or "Zosia (9)", not by "Papa is
my father", though both are about him: only a memory that says an age (`concepts.AGE`, which the
concepts also read), or when someone was born, says how old. Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.concepts import AGE

_ASKS = re.compile(
    r"\bhow\s+old\b|\bwhat\s+age\b|\b(?:his|her|their|my|[A-Z][\w'-]*'s)\s+age\b", re.IGNORECASE
)
# When someone was born, or which birthday: an age too.
_BORN = re.compile(
    r"\bborn\s+(?:in\s+|on\s+)?(?:\d{1,2}\s+\w+\s+)?(?:19|20)\d{2}\b|\b\d{1,3}(?:st|nd|rd|th)\s+birthday\b",
    re.IGNORECASE,
)


def asks_age(question: str) -> bool:
    """Does the question ask how old someone is ("how old is my daughter?", "what age is Isla?")?"""
    return bool(_ASKS.search(question))


def states_age(text: str) -> bool:
    """Does the memory say how old someone is, or when they were born ("Zosia (9)", "turning 33", "born
    in 1958", "her 90th birthday")?"""
    return bool(AGE.search(text) or _BORN.search(text))
