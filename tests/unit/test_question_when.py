"""A question that asks when something is to happen, and whether a memory says a time."""

from __future__ import annotations

import pytest

from engram.language.question_when import asks_planned_time, states_time


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("When am I going to Melbourne?", True),
        ("when's my next dental appointment", True),
        ("When does my mum land?", True),
        ("When will I hand in my thesis?", True),
        ("When was I going to Ghana?", True),  # a plan, told in the past
        ("What day is the school play?", True),
        ("When did I move into the flat?", False),  # what happened: the day it was told may say
        ("When was my knee operation?", False),
        ("When have I been to Rome?", False),
        ("Where am I going in May?", False),
    ],
)
def test_a_question_asks_when_something_is_to_happen(question: str, asks: bool):
    assert asks_planned_time(question) is asks


@pytest.mark.parametrize(
    "memory",
    [
        "Flying to Melbourne 4-18 December",
        "Landing in Shannon on 7 Nov",
        "RAV4 booked in for a service Monday",
        "Dentist at 3.30pm, don't forget",
        "Dentist on the 22nd",
        "Going home to PE for Christmas",
        "Submitting the thesis by 2027",
        "Back from Dubai in March",
        "Meeting the landlord tomorrow",
        "The school play is next week",
        "I get up at 6 most days",  # a clock time by its hour
        "Doors open at seven o'clock",
    ],
)
def test_a_memory_that_says_a_time(memory: str):
    assert states_time(memory)


@pytest.mark.parametrize(
    "memory",
    [
        "Our daughter Fiona rang from Melbourne",
        "I may go back to college",  # "may" the verb
        "The band will march through town",  # "march" the verb
        "Mama is coming over from Łódź",
        "The flat is at 12 Quay Street",  # an address, not a time
    ],
)
def test_a_memory_that_says_no_time_does_not(memory: str):
    assert not states_time(memory)
