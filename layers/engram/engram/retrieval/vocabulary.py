"""What search remembers about a user's vocabulary between requests, per process, for a few minutes.

Full text weighs each query term by its rarity among the user's memories (IDF), which needs the number
of memories (N) and, per term, whether it is common (more than `DF_CAP` matches). Counting either costs
more than the rest of the signal for a large user: N is a count over 100,000 rows, a common term is only
known to be common after reading `DF_CAP + 1` of its matches (~10 ms for a few common words). Both
change slowly — a term in 500 of a user's memories does not become rare within minutes, and a slightly
stale N moves every IDF alike — so a warm process (a Lambda container serves many searches of the same
users) keeps them for `TTL_SECONDS`. A cold process counts, as before.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from engram.db.connection import Conn
from engram.db.repositories.search import count_active_memories

TTL_SECONDS = 300.0
MAX_USERS = 10_000
MAX_TERMS_PER_USER = 2_000

_corpus: dict[str, tuple[int, float]] = {}
_common: dict[str, dict[str, float]] = {}


def corpus_size(conn: Conn, user_id: str) -> int:
    """The user's active memory count, counted at most every `TTL_SECONDS` per process."""
    now = time.monotonic()
    cached = _corpus.get(user_id)
    if cached is not None and cached[1] > now:
        return cached[0]
    size = count_active_memories(conn, user_id)
    if len(_corpus) >= MAX_USERS:
        _corpus.clear()
    _corpus[user_id] = (size, now + TTL_SECONDS)
    return size


def known_common(user_id: str) -> frozenset[str]:
    """Lexemes a search in the last `TTL_SECONDS` found common for this user."""
    terms = _common.get(user_id)
    if not terms:
        return frozenset()
    now = time.monotonic()
    return frozenset(term for term, until in terms.items() if until > now)


def remember_common(user_id: str, terms: Iterable[str]) -> None:
    terms = list(terms)
    if not terms:
        return
    if len(_common) >= MAX_USERS:
        _common.clear()
    known = _common.setdefault(user_id, {})
    if len(known) + len(terms) > MAX_TERMS_PER_USER:
        known.clear()
    until = time.monotonic() + TTL_SECONDS
    for term in terms:
        known[term] = until


def forget(user_id: str | None = None) -> None:
    """Drop what is cached (one user's, or everyone's): after a bulk change, or between tests."""
    if user_id is None:
        _corpus.clear()
        _common.clear()
    else:
        _corpus.pop(user_id, None)
        _common.pop(user_id, None)
