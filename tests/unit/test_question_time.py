"""Questions about how things were are told from questions about how they are."""

from __future__ import annotations

import pytest

from engram.language.question_time import is_past_query


@pytest.mark.parametrize(
    "query",
    ["Where did I use to live?", "Who was my previous boss?", "What was my old job?",
     "What did I do before the move?", "Where did we live originally?", "Who was my first girlfriend?"],
)  # fmt: skip
def test_questions_about_the_past(query):
    assert is_past_query(query)


@pytest.mark.parametrize("query", ["Where do I live?", "Who is my boss now?", "What do I eat for breakfast?"])
def test_questions_about_now(query):
    assert not is_past_query(query)
