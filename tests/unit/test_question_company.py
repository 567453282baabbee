"""Questions that ask whom the user was with, and the memories that name someone."""

from __future__ import annotations

import pytest

from engram.language.question_company import asks_company, names_company
from engram.language.question_idioms import plain_question


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("Who did I see last week?", True),
        ("who did I meet at the conference?", True),
        ("Who did we have dinner with on Friday?", True),
        ("who did I catch up with in March?", True),
        # the one dated, a slot of its own, and questions about someone named
        ("Who was I with before Mira?", False),
        ("When did I meet Callum?", False),
        ("Who is my dentist?", False),
    ],
)
def test_a_question_about_whom_the_user_saw_asks_for_company(question: str, asks: bool):
    assert asks_company(plain_question(question)) is asks


@pytest.mark.parametrize(
    ("memory", "names"),
    [
        ("Went to the cinema with Jess, saw Wicked", True),
        ("Dinner with the team at the Thai place", True),
        ("Mum called about Christmas", True),
        ("Gym session, legs day", False),
        ("Ran 10k along the river in 55 minutes", False),
    ],
)
def test_a_memory_names_someone_the_user_was_with(memory: str, names: bool):
    assert names_company(memory) is names
