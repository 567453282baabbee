"""Words, stems and topics: the tokens the extractor and the decider compare texts by."""

from __future__ import annotations

import re
from functools import lru_cache

from engram.language.text.vocabulary import FIRST_PERSON

_WORD = re.compile(r"[^\W_]+(?:['\-.&][^\W_]+)*'?", re.UNICODE)


STOPWORDS = frozenset(
    """
    a an the and or but if then so of to in on at by for with from into onto about as is am are was were
    be been being do does did have has had i me my mine we us our you your yours he him his she her it
    its they them their this that these those there here what which who whom how when where why will
    would shall should can could may might must just very also too than really i'm i've i'd i'll im ive
    it's that's there's he's she's we're they're you're 's s don't doesn't didn't myself yourself
    himself herself themselves ourselves themself some any all got get gets getting one
    """.split()  # noqa: SIM905 - a word list reads better as prose
)
NEGATIONS = frozenset(
    """
    not no never don't doesn't didn't isn't wasn't aren't weren't can't cannot won't hasn't haven't
    hadn't nor nothing neither anymore longer
    """.split()  # noqa: SIM905 - a word list reads better as prose
)


def words(text: str) -> list[str]:
    """Lowercased word tokens (apostrophes kept: "don't", "Sarah's")."""
    return [token.lower().rstrip("'") for token in _WORD.findall(text)]


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A light suffix stemmer (plural, -ing, -ed, possessive) so "hiking"/"hikes" compare equal."""
    word = word.lower().removesuffix("'s")
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ing") and len(word) >= 6:
        word = word[:-3]
        if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
            word = word[:-1]
    elif word.endswith("ed") and len(word) >= 5 and not word.endswith("eed"):
        word = word[:-2]
        if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
            word = word[:-1]
    elif word.endswith(("ches", "shes", "xes", "sses")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def content_stems(text: str) -> set[str]:
    """Stems of the words that carry meaning (stopwords and date labels' digits kept out)."""
    return {stem(word) for word in words(text) if word not in STOPWORDS and not word.isdigit()}


def has_negation(text: str) -> bool:
    """True when the text negates its statement ("don't like", "no longer", "never")."""
    return any(word in NEGATIONS for word in words(text)) or "n't" in text.lower()


def singular(word: str) -> str:
    """Plural -> singular for topic matching ("dogs" -> "dog", "allergies" -> "allergy")."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@lru_cache(maxsize=1024)
def _topic_pattern(topic: str) -> re.Pattern[str] | None:
    parts = [singular(part) for part in re.findall(r"[a-z0-9']+", topic.lower())]
    if not parts:
        return None
    # Each word may appear singular or plural; words of a multi-word topic in order, spaces/hyphens between.
    body = r"[\s\-]+".join(
        rf"{re.escape(part)}(?:s|es)?"
        if not part.endswith("y")
        else rf"(?:{re.escape(part)}s?|{re.escape(part[:-1])}ies)"
        for part in parts
    )
    return re.compile(rf"(?<![\w']){body}(?![\w'])", re.IGNORECASE)


def matches_topic(topic: str, *texts: str | None) -> bool:
    """Case-insensitive, word-boundary, singular/plural tolerant topic match over any of `texts`.

    "dog" matches "dogs" and "Dog", "mental health" matches "mental-health", "allergy" matches "allergies";
    "art" does not match "party".
    """
    pattern = _topic_pattern(topic)
    return bool(pattern) and any(text and pattern.search(text) for text in texts)  # type: ignore[union-attr]


def has_first_person(text: str) -> bool:
    """Any first-person word (I, my, me, we, our ...)."""
    return any(word in FIRST_PERSON for word in words(text))
