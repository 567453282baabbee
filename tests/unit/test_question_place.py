"""A question that asks where, and whether a memory says where."""

from __future__ import annotations

import pytest

from engram.language.question_place import asks_place, names_place


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("Where do I live?", True),
        ("where did we go camping last summer", True),
        ("Do you remember where I parked?", True),
        ("Where's my passport?", True),
        ("When is the dentist?", False),
        ("What did I do somewhere nice?", False),  # not the word "where"
        ("Which days am I in the office, and where is it?", True),
        ("Did Mum say where she left the keys?", True),
        # a "where" that says which thing asks no place
        ("What type of show did Nate host where he taught vegan recipes?", False),
    ],
)
def test_a_question_asks_where(question: str, asks: bool):
    assert asks_place(question) is asks


@pytest.mark.parametrize(
    "memory",
    [
        "We went camping in the Ardennes for a week",  # a name introduced as a place
        "Flew into Auckland on Friday",  # the gazetteer
        "Sale agreed on a three-bed semi in Oranmore",  # entity spotting
        "I work from home on Fridays",  # common words for where one is
        "We met at the gym after work",
        "Had dinner at Sarah's on Saturday",
        "Joined the choir at St Mary's church",
    ],
)
def test_a_memory_that_names_a_place_says_where(memory: str):
    assert names_place(memory)


@pytest.mark.parametrize(
    "memory",
    [
        "I can now dive for fieldwork",
        "In the morning I always run before breakfast",  # a time, not a place
        "My boyfriend is a morning person",
        "Finished the course at last",
    ],
)
def test_a_memory_that_names_no_place_does_not(memory: str):
    assert not names_place(memory)
