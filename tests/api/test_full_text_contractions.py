"""Full text reads a negated verb's contraction as its two words, in a memory as in a question: "won't"
is "will not", not the "won" of "we won the quiz"; and "Wed" as Wednesday, not the "wed" of "wedding"."""

from __future__ import annotations

import pytest

from engram.db.repositories.dictionary_check import dictionary_differences
from engram.language.question_idioms import plain_question
from tests.memory_factory import add_memories


def _lexemes(conn, user_id: str) -> dict[str, set[str]]:
    rows = conn.execute(
        "SELECT content, tsvector_to_array(tsv) AS lexemes FROM memories WHERE user_id = %s", (user_id,)
    ).fetchall()
    return {r["content"]: set(r["lexemes"]) for r in rows}


def test_a_memorys_contraction_is_not_a_word_of_its_own(db, user_id):
    add_memories(db, user_id, "I won't go to the quiz", "We won the quiz", "I didn’t like the film")
    with db.user_transaction(user_id) as conn:
        lexemes = _lexemes(conn, user_id)
        assert "won" not in lexemes["I won't go to the quiz"]
        assert "won" in lexemes["We won the quiz"]
        assert not any("didn" in held for held in lexemes.values())
        assert not any(dictionary_differences(conn, user_id).values())


def test_a_wednesday_typed_short_is_no_wedding(api, db, user_id):
    add_memories(db, user_id, "Wheel throwing wed nights at Mud Room", "Grace's wedding is in Aug")
    asked = {"query": "Is there a wedding coming up?", "explain": True}
    response = api.post("/v1/search", asked, user=user_id)
    hits = {hit["content"]: hit for hit in response.body["results"]}
    assert next(iter(hits)) == "Grace's wedding is in Aug"
    wednesday = hits.get("Wheel throwing wed nights at Mud Room")
    # the offline hash embedder's own stems may still bring it, never full text and never its words
    assert wednesday is None or (
        "fts" not in wednesday["explain"]["signals"] and wednesday["explain"]["evidence"]["words"] == 0
    )
    response = api.post("/v1/search", {"query": "What do I do on Wednesday nights?"}, user=user_id)
    assert response.body["results"][0]["content"].startswith("Wheel throwing")


@pytest.mark.parametrize(
    "text",
    ["What won't I drink?", "I can't stand natto", "She didn't go", "We WON'T stop", "They couldn’t come",
     "The cant of the roof", "Don't, won't, can't", "Pottery wed nights", "Weds 7:30am", "The wedding"],
)  # fmt: skip
def test_questions_and_memories_read_contractions_alike(db, user_id, text: str):
    """The question's reading (`plain_question`) and the memory's (`engram_plain_text`) agree."""
    with db.user_transaction(user_id) as conn:
        row = conn.execute("SELECT engram_plain_text(%s) AS plain", (text,)).fetchone()
    assert row["plain"].lower() == plain_question(text).lower()
