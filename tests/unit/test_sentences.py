"""Where a note's sentences end, as people type them on a phone."""

from __future__ import annotations

import pytest

from engram.language.text import split_sentences
from engram.language.text.sentences import split_clauses


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # a full stop ends a sentence before a word in lower case
        ("new job in Aberdeen. his room goes to Lukas", ["new job in Aberdeen.", "his room goes to Lukas"]),
        ("dinner with Paolo. ok we're official i guess", ["dinner with Paolo.", "ok we're official i guess"]),
        ("shift 7am-3pm. pay 18k/mo, not enough but ok", ["shift 7am-3pm.", "pay 18k/mo, not enough but ok"]),
        # a short remark stays with the sentence it remarks on
        ("Lost my good cap at the bus stop. annoyed", ["Lost my good cap at the bus stop. annoyed"]),
        ("failed Accounting with 48%. so close it hurts", ["failed Accounting with 48%. so close it hurts"]),
        # a statement in lower case after letters in capitals starts a sentence ("it's RA. starting ...")
        (
            "Rheum appt: it's RA. starting methotrexate once a week",
            ["Rheum appt: it's RA.", "starting methotrexate once a week"],
        ),
        ("the U.S. economy is fine", ["the U.S. economy is fine"]),
        # a short question is no remark: joined, the statement before it would be read as a question
        (
            "walked in at 4:30 in the dark. sell the Corolla? not yet",
            ["walked in at 4:30 in the dark.", "sell the Corolla?", "not yet"],
        ),
        # abbreviations, initials and figures end nothing
        ("approx. two hours each way", ["approx. two hours each way"]),
        ("e.g. tea or coffee", ["e.g. tea or coffee"]),
        ("I met J. k. rowling once", ["I met J. k. rowling once"]),
        ("it costs 3.5 million now", ["it costs 3.5 million now"]),
        ("Saw Dr. Patel today. She was kind.", ["Saw Dr. Patel today.", "She was kind."]),
    ],
)
def test_sentences_end_where_a_phone_typist_ends_them(text: str, sentences: list[str]) -> None:
    assert split_sentences(text) == sentences


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [("Had coffee with Priya, my old boss", ["Had coffee with Priya, my old boss"]),
     ("Met Ivo, my brother, at the station", ["Met Ivo, my brother, at the station"]),
     ("I live in Leeds, my sister lives in York", ["I live in Leeds", "my sister lives in York"])],
)  # fmt: skip
def test_a_tie_set_off_after_a_name_is_no_clause_of_its_own(sentence: str, clauses: list[str]) -> None:
    assert split_clauses(sentence) == clauses


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [("Bought it off Ed (my dentist, he's retiring)", ["Bought it off Ed (my dentist, he's retiring)"]),
     ("Met Tom (he's back from Oslo), we had a pint", ["Met Tom (he's back from Oslo)", "we had a pint"])],
)  # fmt: skip
def test_an_aside_in_brackets_is_no_clause_of_its_own(sentence: str, clauses: list[str]) -> None:
    assert split_clauses(sentence) == clauses


def test_contractions_typed_without_the_apostrophe_get_it_back() -> None:
    from engram.language.text import normalise_text

    assert normalise_text("Cant wait, dont go, im ok") == "Can't wait, don't go, I'm ok"
    assert normalise_text("as is his wont, well then") == "as is his wont, well then"
