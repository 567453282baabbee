"""Questions that ask what the user likes, and the memories that say what they like.

"How do I take my coffee?" is answered by "coffee Turkish style, medium sweet, never milk", not by
"Coffee with Vesela after rehearsal", though both share the question's words: only a memory that says
what one likes, loves, prefers or cannot stand says a taste. The question asks it through a verb of
preferring or disliking ("do I prefer four-on-four-off?", "what kind of places do I dislike?"),
whether one likes a thing ("do I like olives?"), or how one has it ("how do I take my coffee?", "how
do I like my food?"). A memory says it through the same verbs ("I can't stand crowded bars", "I'm a big fan of
jazz"), a strong word ("never milk", "always", "favourite", "the only real tomato", "the best") or
an aversion ("cannot do bland food"). Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.attributes import PREFERENCE
from engram.language.lexicons import STRONG_PREFERENCE

# A question that asks for a taste stated as one: what one prefers, dislikes or cannot stand, how one
# has a thing, whether one likes it. Not "what sports does John like?" or "what are Nate's favourite
# desserts?": they ask for instances, which a memory tells as what was done ("went hiking with the
# kids"), not as a liking (LOCOMO with MiniLM: five such questions lost their answers, none gained).
_ASKS = re.compile(
    r"\b(?:prefer(?:s|red)?|preference|dislike[sd]?|hate[sd]?|can't\s+stand|cannot\s+stand)\b"
    r"|^\s*(?:do|does|did)\s+(?:I|we|you|he|she|they|[A-Z][\w'-]+)\s+(?:really\s+|still\s+)?"
    r"(?:like|love|enjoy|mind|fancy)\b"
    r"|\bhow\s+(?:do|does)\s+(?:I|we|he|she|they|[A-Z][\w'-]+)\s+(?:take|have|like|drink|eat)\s+"
    r"(?:my|our|his|her|their)\b",
    re.IGNORECASE,
)
# Words that say a taste beyond the verbs of liking: what is best, rather, the only real one, one's go-to,
# what one cannot do ("i cannot do bland food").
_TASTE_WORDS = re.compile(
    r"\b(?:best|rather|go-to|only\s+real|can(?:'t|not|’t)\s+do|no\s+good|too\s+(?:loud|sweet|spicy|hot|"
    r"bland|salty|noisy|busy|crowded))\b",
    re.IGNORECASE,
)


def asks_taste(question: str) -> bool:
    """Does the question ask what someone likes, dislikes or prefers, or how they have a thing?"""
    return bool(_ASKS.search(question))


def states_taste(text: str) -> bool:
    """Does the memory say what someone likes, dislikes or prefers?"""
    return bool(PREFERENCE.search(text) or STRONG_PREFERENCE.search(text) or _TASTE_WORDS.search(text))


# A question that asks what is liked, as instances or as a taste: "what kind of food do I like?", "what
# music is Emil into?", "what's my favourite dish?"; not one that asks what is disliked.
_ASKS_LIKING = re.compile(
    r"\b(?:do|does|did)\s+(?:I|we|you|he|she|they|[A-Z][\w'-]*)\s+(?:really\s+|most\s+)?(?:like|love|enjoy)\b"
    r"|\bfavou?rites?\b|\b(?:am|is|are)\s+(?:I|we|you|he|she|they|[A-Z][\w'-]*)\s+into\b",
    re.IGNORECASE,
)
_ASKS_DISLIKE = re.compile(r"\b(?:not|never|dislike[sd]?|hate[sd]?)\b|n't\b", re.IGNORECASE)
_YES_OR_NO = re.compile(r"^\s*(?:do|does|did|is|are|am|was|were)\b", re.IGNORECASE)


def asks_liking(question: str) -> bool:
    """Does the question ask what someone likes (not what they dislike)? Not one asked yes or no ("does
    Mum like olives?"): "Mum can't stand olives" answers that."""
    if _YES_OR_NO.match(question):
        return False
    return bool(_ASKS_LIKING.search(question)) and not _ASKS_DISLIKE.search(question)


def states_only_dislike(text: str) -> bool:
    """Does the memory say a dislike and no liking ("I really don't like mushrooms, the texture makes me
    gag")? Asked what is liked, it tells the opposite. The write path's reading of a preference's
    polarity (`PREFERENCE`) says which."""
    said = {"dislike" if found.group("neg") else "like" for found in PREFERENCE.finditer(text)}
    return said == {"dislike"}
