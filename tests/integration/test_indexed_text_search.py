"""The index-backed text matchers of sql/0008 run as the table owner: they must still see only the rows
of the user the transaction is scoped to, exactly as row-level security would."""

from __future__ import annotations

from engram.db.repositories.search import name_grams, query_terms
from tests.memory_factory import add_memories


def _term_hits(db, user_id: str, terms: list[str]) -> set:
    with db.user_transaction(user_id) as conn:
        rows = conn.execute("SELECT memory_id FROM engram_term_matches(%s, 100)", (terms,)).fetchall()
    return {r["memory_id"] for r in rows}


def _name_hits(db, user_id: str, query: str) -> set:
    with db.user_transaction(user_id) as conn:
        rows = conn.execute(
            "SELECT memory_id FROM engram_name_matches(%s, 100)", (name_grams(query),)
        ).fetchall()
    return {r["memory_id"] for r in rows}


def test_term_matches_return_only_the_scoped_users_rows(db, user_id, other_user_id):
    mine = add_memories(db, user_id, "I took up pottery in March")[0]
    add_memories(db, other_user_id, "Pottery class every Tuesday")
    assert _term_hits(db, user_id, ["potteri"]) == {mine["id"]}


def test_name_matches_return_only_the_scoped_users_rows(db, user_id, other_user_id):
    mine = add_memories(db, user_id, "Marcus is my coworker", name="Marcus", memory_type="entity")[0]
    add_memories(db, other_user_id, "Marcus is my brother", name="Marcus", memory_type="entity")
    assert _name_hits(db, user_id, "what does Marcus do?") == {mine["id"]}


def test_without_a_scoped_user_the_matchers_return_nothing(db, user_id):
    add_memories(db, user_id, "I took up pottery in March", name="Pottery")
    with db.system_transaction() as conn:
        terms = conn.execute(
            "SELECT count(*) AS n FROM engram_term_matches(ARRAY['potteri'], 100)"
        ).fetchone()
        names = conn.execute(
            "SELECT count(*) AS n FROM engram_name_matches(ARRAY['pottery'], 100)"
        ).fetchone()
    assert terms["n"] == 0 and names["n"] == 0


def test_query_terms_are_the_stemmed_words_without_stop_words(db, user_id):
    with db.user_transaction(user_id) as conn:
        assert query_terms(conn, "What did Caroline say about the pottery classes?") == [
            "carolin", "say", "potteri", "class",
        ]  # fmt: skip


def test_name_grams_cover_one_to_three_word_names():
    grams = name_grams("Did I tell you about Blue Bottle Coffee?")
    assert "blue bottle coffee" in grams and "blue bottle" in grams and "coffee" in grams
    assert "did" not in grams and "i" not in grams
