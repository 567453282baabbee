"""A question that asks what someone likes, and whether a memory says a liking."""

from __future__ import annotations

import pytest

from engram.language.question_taste import asks_liking, asks_taste, states_only_dislike, states_taste


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("How do I take my coffee?", True),
        ("how do I like my food", True),
        ("What kind of places do I dislike going out to?", True),
        ("Do I prefer four-on-four-off or a normal working week?", True),
        ("Do I like olives?", True),
        ("What sports does John like besides basketball?", False),  # asks for instances
        ("What are Nate's favorite desserts?", False),
        ("What is Lagos like?", False),  # what a place is like, not a taste
        ("What would I like to do next year?", False),  # a wish
        ("Where do I work?", False),
    ],
)
def test_a_question_asks_what_someone_likes(question: str, asks: bool) -> None:
    assert asks_taste(question) is asks


@pytest.mark.parametrize(
    ("memory", "states"),
    [
        ("I can't stand crowded bars, too loud to hear anyone", True),
        ("Coffee Turkish style, medium sweet, never with milk", True),
        ("Ruse pink tomatoes, the only real tomato", True),
        ("i cannot do bland food, scotch bonnet in everything", True),
        ("I'm a big fan of Radio 2", True),
        ("Coffee with Vesela after rehearsal", False),
        ("Planted 24 tomatoes at the plot", False),
    ],
)
def test_a_memory_says_a_liking(memory: str, states: bool) -> None:
    assert states_taste(memory) is states


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What kind of food do I like?", True),
        ("What sports does John like besides basketball?", True),
        ("what music is Emil into?", True),
        ("What's my all-time favourite dish?", True),
        ("What food do I not like?", False),  # asks the dislike
        ("What do I hate about winter?", False),
        ("Does Mum like olives?", False),  # asked yes or no: a dislike answers it
        ("What is Lagos like?", False),
        ("What would I like to do next year?", False),
    ],
)
def test_a_question_asks_what_is_liked(question: str, asks: bool) -> None:
    assert asks_liking(question) is asks


@pytest.mark.parametrize(
    ("memory", "only"),
    [
        ("I really don't like mushrooms, the texture makes me gag", True),
        ("Not a fan of jazz, never was", True),
        ("Can't stand coriander", True),
        ("I love spicy food but hate coriander", False),  # a liking too
        ("I love very spicy food, scotch bonnets in everything", False),
        ("Mushroom risotto at Gino's", False),
    ],
)
def test_a_memory_says_only_a_dislike(memory: str, only: bool) -> None:
    assert states_only_dislike(memory) is only
