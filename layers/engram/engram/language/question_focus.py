"""The thing a question asks for by name: its focus noun ("which *airline* am I flying on?").

"Which airline am I flying to Melbourne on?" shares two rare words with "Flying to Melbourne 4-18
December", yet the memory does not say what is asked: the airline. A question that names the kind of
answer it wants ("what car", "which university", "what is Theo's school called?", "do I have a
driver's licence?") is answered by a memory that holds that word or a word it stands for (its concepts:
"Toyota" is a car), or by one that stores the attribute asked (a slot). When no memory of the user
holds the word, relevance says that none may answer (`relevance.FOCUS_UNTOLD_FACTOR`). Pure: no I/O.
"""

from __future__ import annotations

import re

from engram.language.text.words import STOPWORDS

_AUX = (
    r"(?:do|does|did|am|is|are|was|were|have|has|had|will|would|can|could|should|must|shall|might"
    r"|'s|'re|'m)"
)
_KIND = r"(?:(?:kind|sort|type|make|brand|model|colour|color)s?\s+of\s+)?"
# what/which + [kind of] + up to three words + an auxiliary: "what football team do I support?"
_WHICH = re.compile(rf"^\s*(?:what|which)\s+{_KIND}((?:[\w-]+\s+){{0,2}}[\w-]+)\s+{_AUX}\b", re.IGNORECASE)
# what is + someone's/my + up to three words + "called"/end/a preposition/a word of when: "what is Theo's
# school called?", "what was my job back in Lagos?", "what's my job title now?"
_WHAT_IS = re.compile(
    r"^\s*what(?:'s|\s+is|\s+was|\s+are|\s+were)\s+(?:my|our|his|her|their|the|[\w-]+'s)\s+"
    r"((?:[\w-]+'s\s+)?(?:[\w-]+\s+){0,2}?[\w-]+)(?:\s+(?:called|named|at|in|for|of|on|with|like|now|back|then|"
    r"currently|exactly|again|these\s+days|nowadays)\b|\s*\??\s*$)",
    re.IGNORECASE,
)
# have/got: "do I have a driver's licence?", "have I got a boyfriend?"
_HAVE = re.compile(
    r"^\s*(?:do|did|does)\s+(?:i|we|he|she|they)\s+(?:still\s+)?(?:have|own)\s+(?:a|an|any)\s+"
    r"((?:[\w-]+'s\s+)?[\w-]+(?:\s+[\w-]+)?)\s*\??\s*$"
    r"|^\s*(?:have|has)\s+(?:i|we|he|she|they)\s+got\s+(?:a|an|any)\s+((?:[\w-]+'s\s+)?[\w-]+(?:\s+[\w-]+)?)\s*\??\s*$",
    re.IGNORECASE,
)
# Words that ask for no thing of a kind: a time ("what year"), a quantity, the question's own frame.
_NOT_A_FOCUS = frozenset(
    """
    time times year years day days date month months week weeks hour hours minutes age old long much many
    often happened happen thing things else one ones way kind sort type name names number matter worth
    part bit place places stuff title
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
# Words for a category an answer belongs to rather than a word it says: "what setback did she face?" is
# answered by "the pottery class was cancelled", "which city did he visit?" by "Seattle". Abstract
# nouns (achievement, recognition, activity, kindness) and places by their kind are among them.
_CATEGORY = frozenset(
    """
    topic topics subject subjects item items issue issues problem problems setback setbacks event events
    reason reasons idea ideas goal goals plan plans change changes step steps field fields area areas
    city cities town towns country countries state states region regions village villages county
    continent suburb suburbs neighbourhood neighborhood neighbourhoods neighborhoods spot spots
    take view views opinion opinions thoughts status
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
# Abstract nouns by their ending ("recognition", "kindness"), and those ending as concrete ones do
# ("instrument", "apartment", "university" are things; "achievement", "activity" are not).
_ABSTRACT = re.compile(r"(?:tion|sion|ness|tions|sions|nesses)$")
_ABSTRACT_WORDS = frozenset(
    """
    achievement achievements accomplishment accomplishments improvement improvements development
    developments agreement arrangement arrangements commitment commitments involvement excitement
    disappointment encouragement enjoyment entertainment statement announcement adjustment investment
    investments movement treatment assessment moment moments experiment experiments requirement
    activity activities ability abilities opportunity opportunities quality qualities responsibility
    responsibilities priority priorities identity community communities personality
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def asked_focus(question: str) -> str | None:
    """The focus noun of the question, lower case ("airline", "school", "licence"), or None when it
    names no kind of answer ("where do I work?", "what did I do?", "what time is it?") or only a
    category its answer need not say ("what setback did she face?")."""
    text = question.replace("’", "'")
    for pattern in (_WHICH, _WHAT_IS, _HAVE):
        found = pattern.search(text)
        if found is not None:
            return _head(next(group for group in found.groups() if group))
    return None


def _head(phrase: str) -> str | None:
    """The last word of the noun phrase before its verb, of its "of" ("which of my knees", "which
    part of Manchester"), when it names a kind of thing."""
    words = [w for w in re.split(r"\s+|'s\b", phrase.lower()) if w]
    if words and words[0] == "of":
        words = words[1:]
    elif "of" in words:
        words = words[: words.index("of")]
    if not words or re.fullmatch(_AUX, words[0]):  # "what does Callum do?": no kind asked
        return None
    verb = next((i for i, w in enumerate(words) if re.fullmatch(_AUX, w)), len(words))
    nouns = [w for w in words[:verb] if w not in STOPWORDS]  # "what kind of writings does Joanna do?"
    if not nouns:
        return None
    head = nouns[-1]
    if head in _NOT_A_FOCUS or head in _CATEGORY or head in _ABSTRACT_WORDS or _ABSTRACT.search(head):
        return None
    return head if head.isalpha() and not head.endswith("ing") else None


# How alike a word of a memory and the focus must be for the focus to be said, misspelt on one side or
# the other ("torunament", "resturant"): rapidfuzz's ratio (0-100).
TYPO_SIMILARITY = 85


def focus_said(focus: str, texts: list[str]) -> bool:
    """Whether any of `texts` holds a word that is the focus as typed differently: a typo of it, or it
    a typo of the word ("resturant" of "restaurant"). A focus no memory holds may be a word the user
    misspelt in the question; then the memories that hold it rightly are no proof it was never told."""
    from rapidfuzz import fuzz

    if len(focus) < 5:
        return False
    for text in texts:
        for word in re.findall(r"[a-z]{4,}", text.lower()):
            if abs(len(word) - len(focus)) <= 2 and fuzz.ratio(word, focus) >= TYPO_SIMILARITY:
                return True
    return False
