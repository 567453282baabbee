"""The index-backed text matchers of sql/0008 run as the table owner: they must still see only the rows
of the user the transaction is scoped to, exactly as row-level security would."""

from __future__ import annotations

from engram.db.repositories.search import name_grams, query_terms
from tests.memory_factory import add_memories


def _term_hits(db, user_id: str, terms: list[str]) -> set:
    with db.user_transaction(user_id) as conn:
        rows = conn.execute("SELECT id FROM engram_term_matches(%s, 100)", (terms,)).fetchall()
    return {r["id"] for r in rows}


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


def _names(db, user_id: str) -> set[str]:
    with db.system_transaction() as conn:
        rows = conn.execute("SELECT name FROM memory_names WHERE user_id = %s", (user_id,)).fetchall()
    return {r["name"] for r in rows}


def test_a_name_is_found_by_a_close_spelling_and_only_while_specific(db, user_id):
    # Given one memory about Priyanka and 41 about the user's partner Sam
    priyanka = add_memories(db, user_id, "Priyanka runs the climbing gym", name="Priyanka")[0]
    add_memories(db, user_id, *(f"Sam cooked dinner on day {i}" for i in range(41)), name="Sam")
    # Then a misspelt name still finds her, and a name in more than 40 memories ranks nothing
    assert _name_hits(db, user_id, "where does priyanca climb") == {priyanka["id"]}
    assert _name_hits(db, user_id, "what did Sam cook") == set()


def test_the_name_dictionary_follows_renames_and_forgets_deleted_names(db, user_id):
    # Given two memories named Dana and one named Lee
    dana_1, dana_2 = add_memories(db, user_id, "Dana plays cello", "Dana moved to Lisbon", name="Dana")
    lee = add_memories(db, user_id, "Lee fixed my bike", name="Lee")[0]
    assert _names(db, user_id) == {"dana", "lee"}
    with db.user_transaction(user_id) as conn:
        # When one Dana memory is deleted the name stays (the other still carries it) ...
        conn.execute("DELETE FROM memories WHERE id = %s", (dana_1["id"],))
        # ... and when Lee's memory is renamed, the old name goes and the new one comes
        conn.execute("UPDATE memories SET name = 'Leo' WHERE id = %s", (lee["id"],))
    assert _names(db, user_id) == {"dana", "leo"}
    assert _name_hits(db, user_id, "what about Leo") == {lee["id"]}
    # When the last memory carrying a name is forgotten, the name is gone too
    with db.user_transaction(user_id) as conn:
        conn.execute("DELETE FROM memories WHERE id = %s", (dana_2["id"],))
    assert _names(db, user_id) == {"leo"}
    assert _name_hits(db, user_id, "Dana") == set()


def test_a_superseded_memory_keeps_its_name_but_is_not_matched(db, user_id):
    old = add_memories(db, user_id, "Kofi works at Stripe", name="Kofi")[0]
    with db.user_transaction(user_id) as conn:
        conn.execute("UPDATE memories SET status = 'superseded' WHERE id = %s", (old["id"],))
    assert _names(db, user_id) == {"kofi"}
    assert _name_hits(db, user_id, "Kofi") == set()
