"""Which of a user's never-store or auto-sensitive topics a text is about, tolerant of simple inflections."""

from __future__ import annotations

import re
from collections.abc import Sequence

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def _word_forms(word: str) -> frozenset[str]:
    """The forms a word is compared by: itself minus possessive/plural, plus -ed/-ing and -y/-ist variants."""
    word = word.lower().replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    word = word.rstrip("'")
    forms = {word}
    # plural -> singular
    if len(word) > 4 and word.endswith("ies"):
        forms.add(word[:-3] + "y")
    elif len(word) > 4 and word.endswith(("sses", "ches", "shes", "xes", "zes")):
        forms.add(word[:-2])
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        forms.add(word[:-1])
    # -ed / -ing ("divorced", "divorcing" -> "divorce"; "meetings" -> "meeting" -> "meet")
    for form in list(forms):
        for suffix in ("ed", "ing"):
            if form.endswith(suffix):
                stem = form[: -len(suffix)]
                forms.update(s for s in (stem, stem + "e") if len(s) >= 4)
    # the practitioner and the practice: "therapist" <-> "therapy", "psychologist" <-> "psychology"
    for form in list(forms):
        if form.endswith("ist") and len(form) >= 7:
            forms.add(form[:-3] + "y")
        elif form.endswith("y") and len(form) >= 5:
            forms.add(form[:-1] + "ist")
    return frozenset(forms)


def _words(text: str) -> list[frozenset[str]]:
    return [_word_forms(match.group(0)) for match in _WORD.finditer(text)]


def matches_topics(text: str, topics: Sequence[str]) -> list[str]:
    """The user's topics (never-store or auto-sensitive lists) that `text` is about, in `topics` order.

    Matching is case-insensitive on whole words, multi-word topics match as consecutive words, and
    each word is compared through its simple inflections: possessive ("mom's"), plural ("meetings",
    "therapies"), -ed/-ing ("divorced", "divorcing" match "divorce") and the practice/practitioner
    pair -y/-ist ("therapist" matches "therapy", "psychologist" matches "psychology"). Deliberately no
    other stemming: "healthy" does not match "health" and "party" does not match "part", because a
    never-store topic that over-matches silently drops memories the user wanted kept.
    """
    if not text or not topics:
        return []
    words = _words(text)
    found: list[str] = []
    for topic in topics:
        topic_words = _words(topic)
        if not topic_words or topic in found:
            continue
        span = len(topic_words)
        for start in range(len(words) - span + 1):
            if all(words[start + i] & topic_words[i] for i in range(span)):
                found.append(topic)
                break
    return found
