"""A name's "'s" is "has" before a past participle, "is" before a state, and a possessive otherwise."""

from __future__ import annotations

import pytest

from engram.language.phrases import expand_has_contraction


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("Hannah's moved to Cardiff", "Hannah has moved to Cardiff"),
        ("Craig's finally left Telstra", "Craig has finally left Telstra"),
        ("Tomás's just started at Allegro", "Tomás has just started at Allegro"),
        ("Priya's married now", "Priya is married now"),
        ("my mum's retired!", "my mum has retired!"),
    ],
)
def test_before_a_participle_it_is_has_and_before_a_state_is(said: str, read: str) -> None:
    assert expand_has_contraction(said) == read


@pytest.mark.parametrize(
    "said", ["Hannah's mum is lovely", "Priya's now a nurse", "Kuba's had tummy pains", "It's finally over"]
)
def test_otherwise_it_is_left_as_written(said: str) -> None:
    assert expand_has_contraction(said) == said
