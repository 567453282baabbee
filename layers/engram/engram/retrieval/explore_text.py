"""Explore's text matches: how well a term matches a hit's fields, and the patterns the database
prefilters candidates with (`like_pattern`, `word_regex`; see `engram.retrieval.explore`).

One string-similarity metric serves every kind of hit: 1.0 when exact (the whole term, as words, in a
name, alias, keyword, type, description or content), 0.8 when the term only appears inside a longer word,
and Jaro-Winkler similarity (at least 0.85, at most 0.9) for a near spelling of a short field.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rapidfuzz.distance import JaroWinkler

EXACT = 1.0
INSIDE_WORD = 0.8
FUZZY_FLOOR = 0.85
FUZZY_CAP = 0.9

_SEPARATORS = re.compile(r"[\s_\-]+")


def normalise(text: str) -> str:
    """Lowercase, with `_`, `-` and runs of whitespace as one space ("works_at" ~ "works at")."""
    return _SEPARATORS.sub(" ", text.casefold()).strip()


def _whole_words(term: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(term) + r"(?!\w)", text) is not None


def text_score(term: str, short: Sequence[str | None], long: Sequence[str | None] = ()) -> float:
    """How well `term` matches a hit's fields, 0-1 (see the module docstring). `short` fields (names,
    aliases, keywords, types) also accept near spellings; `long` ones (descriptions, notes, content)
    need the term itself."""
    t = normalise(term)
    if not t:
        return 0.0
    best = 0.0
    width = len(t.split())
    for raw in short:
        value = normalise(raw or "")
        if not value:
            continue
        if value == t or _whole_words(t, value):
            return EXACT
        if t in value:
            best = max(best, INSIDE_WORD)
        words = value.split()
        windows = [value] + [" ".join(words[i : i + width]) for i in range(max(1, len(words) - width + 1))]
        fuzzy = max(JaroWinkler.normalized_similarity(t, w) for w in windows)
        if fuzzy >= FUZZY_FLOOR:
            best = max(best, min(FUZZY_CAP, fuzzy))
    for raw in long:
        value = normalise(raw or "")
        if _whole_words(t, value):
            return EXACT
        if t in value:
            best = max(best, INSIDE_WORD)
    return best


def like_pattern(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def word_regex(term: str) -> str:
    """A PostgreSQL regex for `term` as whole words (every non-alphanumeric character escaped)."""
    escaped = "".join(c if c.isalnum() or c == " " else "\\" + c for c in term)
    return r"(^|[^[:alnum:]_])" + escaped + r"($|[^[:alnum:]_])"
