"""Full text weighs terms by their document frequency among the user's active memories, read from the
user's term dictionary (`memory_terms`, sql/0006), which the memories' own triggers keep exact."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from engram.db.repositories.search import DF_CAP, MAX_TERMS, idf, term_reads
from engram.retrieval.search import SearchParams, search_memories
from tests.memory_factory import add_memories


def _dictionary(db, user_id: str) -> dict[str, int]:
    with db.user_transaction(user_id) as conn:
        rows = conn.execute("SELECT lexeme, df FROM memory_terms WHERE user_id = %s", (user_id,)).fetchall()
    return {r["lexeme"]: r["df"] for r in rows}


def _counted(db, user_id: str) -> dict[str, int]:
    """What the dictionary must hold: every lexeme of the user's active memories, counted from scratch."""
    with db.user_transaction(user_id) as conn:
        rows = conn.execute(
            """SELECT l.lexeme, count(*) AS df FROM memories m CROSS JOIN LATERAL unnest(m.tsv) AS l
               WHERE m.user_id = %s AND m.status = 'active' GROUP BY 1""",
            (user_id,),
        ).fetchall()
    return {r["lexeme"]: r["df"] for r in rows}


def _fts(user_id: str, query: str, limit: int = 10) -> list[str]:
    params = SearchParams(query=query, limit=limit, signals={"fts"}, track_access=False)
    return [r.memory.content for r in search_memories(user_id, params)]


def test_the_dictionary_counts_the_active_memories_through_every_change(db, user_id, other_user_id):
    # Given memories of two users
    pottery, lisbon, _ = add_memories(
        db, user_id, "I took up pottery in March", "Dana moved to Lisbon", "Pottery class on Tuesday"
    )
    add_memories(db, other_user_id, "Pottery with my sister")
    assert _dictionary(db, user_id) == _counted(db, user_id)
    assert _dictionary(db, user_id)["potteri"] == 2 and _dictionary(db, other_user_id)["potteri"] == 1

    with db.user_transaction(user_id) as conn:
        # When a memory is edited, another superseded and a third renamed ...
        conn.execute(
            "UPDATE memories SET content = 'I took up ceramics in March' WHERE id = %s", (pottery["id"],)
        )
        conn.execute("UPDATE memories SET status = 'superseded' WHERE id = %s", (lisbon["id"],))
    # Then the counts follow: "potteri" once, Lisbon's words gone with its only active memory
    assert _dictionary(db, user_id) == _counted(db, user_id)
    assert _dictionary(db, user_id)["potteri"] == 1 and "lisbon" not in _dictionary(db, user_id)
    with db.user_transaction(user_id) as conn:
        # When the superseded memory becomes active again, its words come back
        conn.execute("UPDATE memories SET status = 'active' WHERE id = %s", (lisbon["id"],))
    assert _dictionary(db, user_id)["lisbon"] == 1
    # And the access updates of search change nothing
    before = _dictionary(db, user_id)
    assert _fts(user_id, "Lisbon pottery")
    with db.user_transaction(user_id) as conn:
        conn.execute("UPDATE memories SET access_count = access_count + 1 WHERE user_id = %s", (user_id,))
    assert _dictionary(db, user_id) == before
    # (the other user's words, and what they stand for: a sister is family, pottery a hobby)
    assert _dictionary(db, other_user_id) == _counted(db, other_user_id)
    assert {"potteri", "sister", "famili", "hobbi"} <= set(_dictionary(db, other_user_id))
    assert set(_dictionary(db, other_user_id).values()) == {1}


def test_forgetting_memories_leaves_none_of_their_words(db, user_id):
    ceramics, _ = add_memories(db, user_id, "Ceramics class with Ottilie", "Morning run by the river")
    with db.user_transaction(user_id) as conn:
        conn.execute("DELETE FROM memories WHERE id = %s", (ceramics["id"],))
    assert set(_dictionary(db, user_id)) == {"morn", "run", "river"}
    with db.user_transaction(user_id) as conn:
        conn.execute("DELETE FROM memories WHERE user_id = %s", (user_id,))
    assert _dictionary(db, user_id) == {}


def _two_writers(writer_a: Callable[[], None], writer_b: Callable[[], None]) -> list[Exception]:
    """Run B in a thread and A here, at once; what either raised."""
    failures: list[Exception] = []

    def run(writer: Callable[[], None]) -> None:
        try:
            writer()
        except Exception as exc:  # noqa: BLE001 - the caller asserts there were none
            failures.append(exc)

    thread = threading.Thread(target=run, args=(writer_b,))
    thread.start()
    run(writer_a)
    thread.join(10)
    return failures


INSERT = "INSERT INTO memories (user_id, content) VALUES (%s, %s) RETURNING id"


def test_two_writers_of_one_user_take_turns_instead_of_deadlocking(db, user_id):
    # Writer A adds a memory with a new word, then writer B (another transaction) adds one with another
    # new word and, later, A's word; A meanwhile adds B's word. Each would wait for the other's
    # uncommitted word: a deadlock, one of the two writes failing. With the dictionaries' lock
    # (`engram_lock_memory_dictionaries`) B waits from its first change until A commits.
    a_inserted, b_inserted, a_waited = threading.Event(), threading.Event(), threading.Event()
    with db.user_transaction(user_id):
        pass  # the user exists: B does not wait for A's first sight of them

    def writer_a() -> None:
        with db.user_transaction(user_id) as conn:
            conn.execute(INSERT, (user_id, "Alpaca trekking in the Andes"))
            a_inserted.set()
            b_inserted.wait(0.5)  # with the lock, B is still waiting for A
            a_waited.set()
            conn.execute(INSERT, (user_id, "Gondolas and gelato"))

    def writer_b() -> None:
        a_inserted.wait(5)
        with db.user_transaction(user_id) as conn:
            conn.execute(INSERT, (user_id, "Gondolas in Venice"))
            b_inserted.set()
            a_waited.wait(5)
            conn.execute(INSERT, (user_id, "Alpaca wool from Peru"))

    assert _two_writers(writer_a, writer_b) == []
    assert _dictionary(db, user_id) == _counted(db, user_id)
    assert _dictionary(db, user_id)["alpaca"] == 2 and _dictionary(db, user_id)["gondola"] == 2


def test_a_writer_that_locks_a_memory_first_takes_turns_with_one_that_links_to_it(db, user_id):
    # A fact's execution locks its target memory, then inserts the new one; another writer has already
    # inserted a memory (holding the user's dictionary lock) and now links it to that same target (a
    # foreign-key check on the locked row). With the lock taken only by the insert's trigger, each
    # waited for the other: a deadlock. Opened with `memory_writes`, A waits at its start for B.
    (target,) = add_memories(db, user_id, "Marcus works at Stripe")
    b_inserted, a_locked = threading.Event(), threading.Event()

    def writer_a() -> None:
        b_inserted.wait(5)
        with db.user_transaction(user_id, memory_writes=True) as conn:
            conn.execute("SELECT id FROM memories WHERE id = %s FOR UPDATE", (target["id"],))
            a_locked.set()
            conn.execute(INSERT, (user_id, "Marcus left Stripe"))

    def writer_b() -> None:
        with db.user_transaction(user_id) as conn:
            new = conn.execute(INSERT, (user_id, "Marcus joined Notion")).fetchone()["id"]
            b_inserted.set()
            a_locked.wait(0.5)  # with the lock at A's start, A is still waiting for B
            conn.execute(
                "INSERT INTO memory_relations (user_id, source_id, target_id, relation_type)"
                " VALUES (%s, %s, %s, 'updates')",
                (user_id, new, target["id"]),
            )

    assert _two_writers(writer_a, writer_b) == []
    assert _dictionary(db, user_id) == _counted(db, user_id)


def test_a_common_word_weighs_by_how_common_it_is(db, user_id, other_user_id):
    # Given a word in more memories than DF_CAP, and a rare one
    add_memories(db, user_id, *[f"Morning coffee number {i} before work" for i in range(DF_CAP + 10)])
    lake = add_memories(
        db, user_id, "Coffee with Priya at the lake", "Priya swims at the lake on Sundays", "The lake froze"
    )
    add_memories(db, other_user_id, "A lake house with coffee")
    assert _dictionary(db, user_id)["coffe"] == DF_CAP + 11

    # Then the memory with both words comes first, and the rare word's memories before the common's
    ranked = _fts(user_id, "coffee at the lake")
    assert ranked[0] == "Coffee with Priya at the lake"
    assert set(ranked[:3]) == {m["content"] for m in lake}
    assert all("coffee" in c.lower() for c in ranked[3:])
    assert "A lake house with coffee" not in ranked  # another user's


def test_a_query_of_common_words_only_reads_the_rarer_and_still_finds_memories(db, user_id):
    # "morning" in every memory, "coffee" in half of them: both common
    add_memories(db, user_id, *[f"Morning coffee number {i} before work" for i in range(DF_CAP + 10)])
    add_memories(db, user_id, *[f"Morning tea number {i} at home" for i in range(DF_CAP + 10)])
    ranked = _fts(user_id, "morning coffee", limit=20)
    assert len(ranked) == 20 and all("coffee" in c for c in ranked)


def test_words_in_no_memory_do_not_stop_the_others(db, user_id):
    add_memories(db, user_id, "Ottilie teaches the ceramics class")
    assert _fts(user_id, "zyxwv ceramics qwertz") == ["Ottilie teaches the ceramics class"]
    assert _fts(user_id, "zyxwv qwertz") == []


class TestTermReads:
    """The plan full text follows (`term_reads`): whose matches are the candidates, what each term weighs."""

    def test_the_rarest_terms_are_read_until_enough_candidates_are_known(self):
        plan = term_reads(["walk", "lisbon", "dana", "cafe"], [40, 3, 9, 70], corpus=1000, wanted=50)
        assert plan.rare == ["lisbon", "dana", "walk"]  # 3 + 9 + 40 = 52 >= 50 candidates
        assert plan.sampled is None
        assert plan.weights == {
            t: idf(df, 1000) for t, df in [("lisbon", 3), ("dana", 9), ("walk", 40), ("cafe", 70)]
        }

    def test_a_common_term_is_sampled_as_far_as_candidates_are_still_wanted(self):
        plan = term_reads(["morn", "coffe", "lake"], [5000, 800, 20], corpus=10_000, wanted=100)
        assert plan.rare == ["lake"] and (plan.sampled, plan.sample_cap) == ("coffe", 80)
        assert set(plan.weights) == {"morn", "coffe", "lake"}  # the unread term still weighs in

    def test_a_query_of_common_terms_samples_the_least_common(self):
        plan = term_reads(["morn", "coffe"], [5000, 800], corpus=10_000, wanted=50)
        assert plan.rare == [] and (plan.sampled, plan.sample_cap) == ("coffe", 50)

    def test_absent_terms_are_dropped_and_a_long_query_keeps_its_rarest_terms(self):
        lexemes = [f"w{i}" for i in range(MAX_TERMS + 5)]
        plan = term_reads(lexemes, [0, *range(MAX_TERMS + 4, 0, -1)], corpus=100, wanted=1)
        assert "w0" not in plan.weights and len(plan.weights) == MAX_TERMS
        assert plan.rare == [f"w{MAX_TERMS + 4}"]  # df 1: enough

    @pytest.mark.parametrize("df", [1, 10, DF_CAP, 50_000])
    def test_rarer_terms_weigh_more_and_stale_counts_stay_positive(self, df):
        assert idf(df, 100_000) > idf(df + 1, 100_000) > 0
        assert idf(df, corpus=1) > 0  # a cached corpus size smaller than a term's count
