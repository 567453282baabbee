"""How many active memories a user holds, remembered per process for a few minutes: the N of full text's
IDF.

Counting it is a scan of the user's active rows, which grows with the account; it changes slowly, and a
slightly stale N moves every term's IDF alike, so a warm process (a Lambda container serves many searches
of the same users) keeps it for `TTL_SECONDS`. Each term's own document frequency is exact and needs no
cache: it is read from the user's term dictionary (`memory_terms`, sql/0006_search_dictionaries.sql) in
the search's transaction.

It lives with the repositories because the search, the write path's duplicate lookup and forget-me all
need it, and each of them sits in a different service.
"""

from __future__ import annotations

import time

from engram.db.connection import Conn
from engram.db.repositories.search import count_active_memories

TTL_SECONDS = 300.0
MAX_USERS = 10_000

_corpus: dict[str, tuple[int, float]] = {}


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


def forget(user_id: str | None = None) -> None:
    """Drop what is cached (one user's, or everyone's): after a bulk change, or between tests."""
    if user_id is None:
        _corpus.clear()
    else:
        _corpus.pop(user_id, None)
