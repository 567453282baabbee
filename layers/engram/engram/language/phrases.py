"""Regex building blocks for names and noun phrases, shared by the fact grammars.

Names stay case-sensitive inside IGNORECASE patterns (`(?-i:...)`): a capital letter is often the only
sign that a word names someone.
"""

from __future__ import annotations

import re

from engram.language.text import RELATION_WORDS

CAP = r"(?-i:[A-Z][\w'&.\-]*)"  # names stay case-sensitive inside IGNORECASE patterns
CAP_RUN = rf"{CAP}(?:(?:\s+(?:of|de|&)\s+|\s+){CAP})*"  # "Blue Bottle", "Bank of America", "NYC"
NAME = r"(?-i:[A-Z][a-z'\-]+(?:\s+[A-Z][a-z'\-]+)?)"
PARTNER_WORD = (
    r"(?:(?:my|his|her|their)\s+(?:ex|girlfriend|boyfriend|partner|wife|husband|fianc[ée]e?|spouse)\s+)?"
)


RELATION_ALTERNATION = "|".join(sorted(map(re.escape, RELATION_WORDS), key=len, reverse=True))
