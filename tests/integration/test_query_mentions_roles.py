"""What a query names includes the person in a role it says as the user's ("my physio", "my mum"): the
roles it says are read as words, with the plain word of each tie and the words for the same tie, and
compared with the stored roles as values (sql/0045). A role is whatever the write path stored for a
person, and a model's extraction may store any characters ("friend (college)", "boss [old]"): those are
values to compare, never a pattern, so a query must not fail on them."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from engram.db.repositories.search import hybrid_candidates
from engram.db.repositories.search_visibility import SearchFilters
from engram.providers.factory import get_embedder
from tests.memory_factory import add_memories

SIGNALS = {"vector", "fts", "name", "entity", "graph"}


def _person(db, user_id: str, name: str, relationship: str, memory_id) -> None:
    with db.user_transaction(user_id) as conn:
        entity = conn.execute(
            "INSERT INTO entities (user_id, kind, entity_type, name, canonical_name, relationship, "
            "mention_count) VALUES (%s, 'person', 'person', %s, lower(%s), %s, 1) RETURNING id",
            (user_id, name, name, relationship),
        ).fetchone()["id"]
        conn.execute(
            "INSERT INTO memory_entities (memory_id, entity_id, user_id) VALUES (%s, %s, %s)",
            (memory_id, entity, user_id),
        )


def _candidates(db, user_id: str, query: str) -> list:
    embedding = np.asarray(get_embedder().embed_one(query), dtype=np.float32)
    with db.user_transaction(user_id) as conn:
        return hybrid_candidates(
            conn, user_id, query=query, embedding=embedding, filters=SearchFilters(now=datetime.now(UTC)),
            signals=SIGNALS, per_signal=10,
        )  # fmt: skip


def test_a_role_with_pattern_characters_is_matched_as_text(db, user_id):
    # Given people whose stored roles hold characters a regular expression would read
    (odd,) = add_memories(db, user_id, "Ana lent me her tent for the trip")
    (physio,) = add_memories(db, user_id, "Marco booked me in for Wednesday")
    _person(db, user_id, "Ana", "friend (college", odd["id"])
    _person(db, user_id, "Bo", "boss[", odd["id"])
    _person(db, user_id, "Marco", "physio", physio["id"])
    # Then any query runs, and a role said as the user's still reaches its person
    assert _candidates(db, user_id, "0") is not None
    assert _candidates(db, user_id, "my friend (college) and my boss[") is not None
    found = _candidates(db, user_id, "when do I see my physio?")
    assert any(row.id == physio["id"] and row.entity_rank is not None for row in found)


def test_a_role_said_in_another_word_reaches_its_person(db, user_id):
    # Given people the write path stored by the canonical tie ("my mum Carol" is stored as her mother)
    (mum,) = add_memories(db, user_id, "Carol rang about the garden")
    (partner,) = add_memories(db, user_id, "Tom booked the table for Friday")
    (kids,) = add_memories(db, user_id, "Zosia and Kuba have swimming on Saturday")
    _person(db, user_id, "Carol", "mother", mum["id"])
    _person(db, user_id, "Tom", "husband", partner["id"])
    _person(db, user_id, "Zosia", "child", kids["id"])
    # Then the query's word for the tie reaches them: mum, my partner, the kids
    for query, memory in (
        ("what did my mum say about the garden?", mum),
        ("when is my partner free?", partner),
        ("what are the kids doing at the weekend?", kids),
    ):
        found = _candidates(db, user_id, query)
        assert any(row.id == memory["id"] and row.entity_rank is not None for row in found), query
