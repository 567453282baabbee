"""Questions that ask where, and the memories that say where.

"Where did I do fieldwork?" is answered by "Fieldwork on Maria Island for two weeks", not by "I can now
dive for fieldwork", though the second shares the question's words as well: only a memory that names a
place says where. A place is named by its name (a town, a street, a region, an organisation one is at:
entity spotting and the gazetteer), by a name after a word that introduces a place ("in the Ardennes"),
or in common words for where one is ("at home", "at the gym", "at Sarah's"). Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text import MONTHS, WEEKDAYS, spot_entities
from engram.language.text.gazetteer import place_kinds

# "Where" that asks: opening the question or a part of it ("..., and where is it?"), or after a verb of
# knowing ("do you remember where I parked?"); not a "where" that says which thing ("the show where he
# taught vegan recipes").
_ASKS = re.compile(
    r"^\W*(?:(?:so|and|but|ok|okay|hey)\W+)?where\b|\b(?:and|or|but)\s+where\b|"
    r"\b(?:remember|recall|know|knows|tell\s+me|remind\s+me|forgot|forget|idea|wonder|sure|find\s+out|"
    r"say|said|mention|mentioned)\s+where\b",
    re.IGNORECASE,
)
_INTRODUCES = r"\b(?:in|at|to|from|near|into|around|outside|through|across|along|via|on|off|up|down)\s+"
# A name after a word that introduces a place: "in the Ardennes", "at Loch Lomond", "to Narrogin"; not a
# time ("in March", "on Monday", "at Christmas").
_TIMES = "|".join(
    (
        *MONTHS,
        *WEEKDAYS,
        "christmas",
        "easter",
        "new year",
        "halloween",
        "diwali",
        "eid",
        "ramadan",
        "hanukkah",
    )
)
_NAMED = re.compile(
    r"\b(?i:in|at|to|from|near|into|around|outside|through|across|along|via)\s+(?i:the\s+)?"
    rf"(?!(?i:{_TIMES})\b)[A-Z][\w'-]+"
)
# Where one is, in common words: "at home", "at the gym", "along the coast", "at Sarah's".
_VENUE = re.compile(
    _INTRODUCES + r"(?:home|work|(?:the|a|an|my|our|his|her|their)\s+(?:[\w-]+\s+)?"
    r"(?:office|gym|pub|bar|cafe|café|restaurant|park|beach|school|church|hospital|clinic|library|shop|"
    r"market|club|pool|station|airport|hotel|centre|center|studio|lake|river|mountains?|coast|farm|"
    r"garden|house|flat|apartment|cinema|theatre|theater|museum|stadium|campsite|shelter|festival|"
    r"conference|island|village|town|city|country)\b|\w+'s\b)|\babroad\b",
    re.IGNORECASE,
)


def asks_place(question: str) -> bool:
    """Does the question ask where something is or happened? ("where do I live?", "where did we go
    camping?", "do you remember where I parked?"; not "whereas")."""
    return bool(_ASKS.search(question))


def names_place(text: str) -> bool:
    """Does the memory say where: a place it names, a name introduced as a place, or a place in common
    words?"""
    if _NAMED.search(text) or _VENUE.search(text) or place_kinds(text):
        return True
    return any(e.entity_type in ("place", "organization") for e in spot_entities(text))
