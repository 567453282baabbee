"""A question that asks what is not done, and whether a memory says something is not done."""

from __future__ import annotations

import pytest

from engram.language.question_refusal import asks_refusal, states_refusal


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What won't I drink?", True),
        ("what dont i eat", True),  # typed without the apostrophe
        ("Which foods do I avoid?", True),
        ("What was I told not to do while my knee healed?", True),
        ("What did I give up for Lent?", True),
        ("What did I cut out on keto?", True),
        ("What should the baby be kept away from?", True),
        ("What foods do I no longer eat?", True),
        ("Why can't Zosia have a kitten?", False),  # asks a reason, not what is not done
        ("What do I want for my birthday?", False),  # "want" is no negation
        ("What did I drink at the wedding?", False),
        ("Do I eat meat?", False),
        # a stopping in a clause of when is a time, not what is asked
        ("What did Fiona say when I quit?", False),
        ("What did I eat before I stopped eating meat?", False),
        ("What does Vesela cook for me now that I'm cutting back on salt?", True),  # what, instead
        ("Which foods can't I eat since the diagnosis?", True),
    ],
)
def test_a_question_asks_what_is_not_done(question: str, asks: bool):
    assert asks_refusal(question) is asks


@pytest.mark.parametrize(
    "memory",
    [
        "I drink Earl Grey with lemon, never with milk",
        "I don't drink, i'll have a Fanta thanks",
        "No more fizzy drinks for me",
        "Not allowed to drive for six weeks",
        "I can read without glasses now",
        "I make matcha every morning instead",
        "Gave up coffee because of the migraines",
        "Cutting back on bread and white rice",
        "The doctor says keep off the softdrinks",
        "I can't stand natto, the smell is too much",
        "Going vegetarian, properly this time",
        "First gluten-free Christmas",
    ],
)
def test_a_memory_that_says_something_is_not_done(memory: str):
    assert states_refusal(memory)


@pytest.mark.parametrize(
    "memory",
    [
        "I do the cryptic crossword every morning with my tea",
        "I won a travel scholarship to visit a kelp lab in Norway",
        "Porridge with sultanas every morning",
        "Notable: the knot held",  # words that begin like a negation
    ],
)
def test_a_memory_that_says_nothing_is_not_done_does_not(memory: str):
    assert not states_refusal(memory)
