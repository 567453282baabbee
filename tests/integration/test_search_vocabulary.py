"""Full text remembers which of a user's words are common (retrieval/vocabulary.py): later searches skip
re-reading those words' matches, and must rank exactly as a search that counted them."""

from __future__ import annotations

from engram.db.repositories.search import DF_CAP
from engram.retrieval import vocabulary
from engram.retrieval.search import SearchParams, search_memories
from tests.memory_factory import add_memories


def _fts(user_id: str, query: str) -> list[str]:
    params = SearchParams(query=query, limit=10, signals={"fts"}, track_access=False)
    results = search_memories(user_id, params)
    return [r.memory.content for r in results]


def test_common_words_are_remembered_and_rank_the_same(db, user_id, other_user_id):
    add_memories(db, user_id, *[f"Morning coffee number {i} before work" for i in range(DF_CAP + 10)])
    lake = add_memories(
        db, user_id, "Coffee with Priya at the lake", "Priya swims at the lake on Sundays", "The lake froze"
    )
    add_memories(db, other_user_id, "A lake house with coffee")

    first = _fts(user_id, "coffee at the lake")
    assert "coffe" in vocabulary.known_common(user_id)  # counted past DF_CAP: common for this user
    assert first[0] == "Coffee with Priya at the lake"  # the rare word and the common one
    assert set(first[:3]) == {m["content"] for m in lake}

    assert _fts(user_id, "coffee at the lake") == first  # from memory: same ranking
    assert "coffe" not in vocabulary.known_common(other_user_id)  # per user

    vocabulary.forget(user_id)
    assert _fts(user_id, "coffee at the lake") == first  # counted again: still the same


def test_a_query_of_common_words_only_still_finds_memories(db, user_id):
    add_memories(db, user_id, *[f"Morning coffee number {i} before work" for i in range(DF_CAP + 10)])
    counted = _fts(user_id, "morning coffee")
    assert len(counted) == 10 and all("coffee" in c for c in counted)
    assert {"morn", "coffe"} <= vocabulary.known_common(user_id)
    remembered = _fts(user_id, "morning coffee")  # both known common: a few matches read, none counted
    assert len(remembered) == 10 and all("coffee" in c for c in remembered)
