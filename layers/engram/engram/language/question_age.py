"""Questions that ask how old someone is, and the memories that say an age.

"How old is my father exactly?" is answered by "Papa turns 78 in March" or "Zosia (9)", not by "Papa is
my father", though both are about him: only a memory that says an age, or when someone was born, says
how old (`concepts.states_age`). Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.concepts import states_age

_ASKS = re.compile(
    r"\bhow\s+old\b|\bwhat\s+age\b|\b(?:his|her|their|my|[A-Z][\w'-]*'s)\s+age\b", re.IGNORECASE
)


def asks_age(question: str) -> bool:
    """Does the question ask how old someone is ("how old is my daughter?", "what age is Isla?")?"""
    return bool(_ASKS.search(question))


__all__ = ["asks_age", "states_age"]
