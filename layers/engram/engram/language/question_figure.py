"""Questions that ask for a figure someone measured, and the memories that state one.

"What did Chidi score in post-UTME?" is about Chidi's exam, and "UNILAG mechanical engineering if
post-UTME goes well" shares its words, but only a memory that states a figure ("scored 287", "1:08:40",
"75mcg", "down to 51") answers it. A score, a mark, a finishing time, a dose, a reading or a weight is
said in figures or number words; a memory that states none is about the right thing and not about what
is asked, as a memory that states no amount is for "how much did the house sell for?"
(`question_amount`). Counting questions ("how many times did I go swimming?") are not among them: the
memories counted need hold no number. Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text.vocabulary import CARDINAL_WORDS

_ASKS = re.compile(
    r"\b(?:score|scored|scores)\b"  # "what did Chidi score?", "what was my score?"
    r"|\bwhat\s+(?:\w+\s+)?(?:mark|marks|percentage|dose|dosage)\b"  # "what mark did I get?", "what dose of"
    r"|\b(?:finishing|finish|race|run|marathon|parkrun|personal\s+best)\s+time\b"
    r"|\bwhat\s+(?:was|is|were|are)\s+(?:my|his|her|their|our|\w+'s)\s+(?:\w+\s+){0,2}(?:reading|level)\b"
    r"|\bweigh\b|\bhow\s+(?:tall|heavy|far)\b",
    re.IGNORECASE,
)
_FIGURE = re.compile(rf"\d|\b(?:{CARDINAL_WORDS}|hundred|thousand|dozen|half|once|twice)\b", re.IGNORECASE)


def asks_figure(question: str) -> bool:
    """Does the question ask for a figure someone measured (a score, a mark, a finishing time, a dose,
    a reading, a weight, a height or a distance)?"""
    return bool(_ASKS.search(question))


def states_figure(text: str) -> bool:
    """Does the memory state a figure, in digits or in words?"""
    return bool(_FIGURE.search(text))
