"""The thing a question asks for by name (its focus noun), read from the shape of the question."""

from __future__ import annotations

import pytest

from engram.language.question_focus import asked_focus, focus_said


@pytest.mark.parametrize(
    ("question", "focus"),
    [
        ("Which airline am I flying to Lisbon on?", "airline"),
        ("What car do I drive?", "car"),
        ("What football team does my brother support?", "team"),
        ("What kind of music does Ana like?", "music"),
        ("Which of my ankles did I sprain?", "ankles"),
        ("Which breed of dog is Rex?", "breed"),
        ("Which brand of trainers do I wear?", "trainers"),
        ("What is Theo's school called?", "school"),
        ("What's my blood type?", None),  # a type of anything: no kind of thing named
        ("What is my supervisor's phone number?", None),  # a number of anything: no kind of thing
        ("Do I have a driver's licence?", "licence"),
        ("Have I got a boyfriend?", "boyfriend"),
        ("Do we have any pets?", "pets"),
        # no kind of answer named: a place, a time, a doing, a person by name
        ("Where do I work?", None),
        ("What did I do last weekend?", None),
        ("What does Callum do for a living?", None),
        ("What time is my flight?", None),
        ("What year did we move?", None),
        ("What hours do I work at St. Clare?", None),
        ("What is my sister studying?", None),
        ("What kind of places do I like going out to?", None),
        ("How old is Isla?", None),
        # a category the answer need not say: "the pottery class was cancelled", "Seattle"
        ("What setback did Melanie face in October?", None),
        ("Which city have we both visited?", None),
        ("What major achievement did Joanna accomplish?", None),
        ("What activities does John enjoy?", None),
        ("What recognition did Maria receive?", None),
        # a word of when after the thing is no thing ("back", "now"); a title, a take, a status are said of
        # no memory's words ("Project Engineer, VPS 5", "she said I'm too cheap", "single")
        ("What was my job back in Lagos?", "job"),
        ("What is my car now?", "car"),
        ("What's my job title now?", None),
        ("What was Funmi's take on my pricing?", None),
        ("What is Caroline's relationship status?", None),
        ("Which outdoor spot did Joanna visit?", None),
        # things whose names end as abstract nouns do
        ("Which instrument do I play?", "instrument"),
        ("Which university did I study at?", "university"),
    ],
)
def test_the_focus_is_the_kind_of_thing_asked_for(question: str, focus: str | None) -> None:
    assert asked_focus(question) == focus


def test_a_focus_typed_differently_is_said():
    assert focus_said("torunament", ["Nate won the regional tournament last week"])  # a typo in the question
    assert focus_said("restaurant", ["tried the new resturant on George St"])  # a typo in the memory
    assert not focus_said("airline", ["Flying to Melbourne 4-18 December"])
    assert not focus_said("car", ["a cat called Biscuit"])  # short words are told apart exactly
