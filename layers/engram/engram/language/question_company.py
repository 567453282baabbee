"""Questions that ask whom the user was with ("who did I see last week?", "who did I meet at the
conference?", "who was I with on Saturday?"), and the memories that name someone.

Such a question asks for people, and its verb is no topic: "Went to the cinema with Jess" answers "who did
I see last week?" without saying "see". Search reads the question as "who was I with ..." (its verb a
framing word, `question_idioms`), so every memory of the period or place asked holds what is asked, and
this rule lets those that name nobody ("Gym session, legs day") keep less: the ones that name someone
come first, and a week in which the user saw no one leaves nothing above the threshold. Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text import RELATION_WORDS, spot_entities

# After the idioms put it plainly: "who was I with last week?", "who were we with in Rome?"; not "who was
# I dating?" (the partner, a slot) nor "who was with me?" (the same, but rare enough to leave).
_ASKS = re.compile(r"^\s*who\s+(?:was|were)\s+(?:I|we)\s+with\b", re.IGNORECASE)
# People said by what they are to the user or in the plural: "with Mum", "the kids", "my colleagues".
_PEOPLE_WORDS = re.compile(
    r"\b(?:friends?|mates?|colleagues?|coworkers?|team|family|kids|parents|cousins?|neighbou?rs?|"
    r"everyone|people|guys|girls|crew|gang|group)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")


def asks_company(question: str) -> bool:
    """Does the question (as search reads it) ask whom the user was with?"""
    return bool(_ASKS.search(question))


def names_company(text: str) -> bool:
    """Does the memory name someone the user could have been with: a person by name, a relative or a
    friend by what they are ("Mum", "my sister"), or people in the plural ("the team", "friends")?"""
    if _PEOPLE_WORDS.search(text) or any(w in RELATION_WORDS for w in _WORD.findall(text.lower())):
        return True
    return any(e.kind == "person" for e in spot_entities(text))
