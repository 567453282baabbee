"""Regex building blocks for names and noun phrases, shared by the fact grammars.

Names stay case-sensitive inside IGNORECASE patterns (`(?-i:...)`): a capital letter is often the only
sign that a word names someone.
"""

from __future__ import annotations

import re

from engram.language.text import RELATION_WORDS

# A name in Latin letters, accented ones too ("Tomás", "Zoë", "Łukasz", "Søren", "Ørsted"): one word, or two.
_UPPER = "A-ZÀ-ÖØ-ÞĀ-Ž"
_LOWER = "a-zß-öø-ÿā-ž"
CAP = rf"(?-i:[{_UPPER}][\w'&.\-]*)"  # names stay case-sensitive inside IGNORECASE patterns
CAP_RUN = rf"{CAP}(?:(?:\s+(?:of|de|&)\s+|\s+){CAP})*"  # "Blue Bottle", "Bank of America", "NYC"
NAME = rf"(?-i:[{_UPPER}][{_LOWER}'\-]+(?:\s+[{_UPPER}][{_LOWER}'\-]+)?)"
# A tie set off after a name, between commas, brackets or dashes: "Thandi, my best friend, is ...", "Dev
# (my son) turned out ...", "Ayo - my cousin - is staying".
TIE_SET_OFF = r"\s*(?:,|\(|\s-|\s–)\s*(?:my|our)\s+[^,()]{1,30}?(?:,|\)|\s-|\s–)"
# "Hannah's moved to Cardiff", "Mum's left the library": a name's "'s" before a past participle is "has"
# (before "married" or "engaged" it is "is"); before anything else it is a possessive ("Hannah's mum").
_HAS_CONTRACTION = re.compile(
    rf"^(?P<who>(?:(?:my|our)\s+[a-z]+|{NAME}))['’]s\s+(?=(?:(?:just|finally|now|already|officially)\s+)?"
    r"(?P<next>(?:moved|left|quit|got|gotten|been|started|joined|sold|gone|retired|split|broken|resigned|"
    r"become|bought|landed|switched|relocated|dumped|finished|handed|signed|married|engaged|separated|"
    r"divorced|proposed|emigrated|transferred)\b))",
    re.IGNORECASE,
)
_IS_STATES = ("married", "engaged", "separated", "divorced")


def expand_has_contraction(text: str) -> str:
    """ "Hannah's moved to Cardiff" -> "Hannah has moved to Cardiff": the grammars read the verb."""
    match = _HAS_CONTRACTION.match(text)
    if not match:
        return text
    verb = "is" if match.group("next").lower() in _IS_STATES else "has"
    return f"{match.group('who')} {verb} {text[match.end() :]}"


PARTNER_WORD = (
    r"(?:(?:my|his|her|their)\s+(?:ex|girlfriend|boyfriend|partner|wife|husband|fianc[ée]e?|spouse)\s+)?"
)


RELATION_ALTERNATION = "|".join(sorted(map(re.escape, RELATION_WORDS), key=len, reverse=True))
