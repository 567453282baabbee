"""A question about people joined in a list is read once for each of them; other questions are not."""

from __future__ import annotations

import pytest

from engram.retrieval.question_parts import question_parts


@pytest.mark.parametrize(
    ("query", "parts"),
    [("What animal do both Nate and Joanna like?",
      ["What animal do Nate like?", "What animal do Joanna like?"]),
     ("What did my sister and Tom give us?", ["What did my sister give us?", "What did Tom give us?"]),
     ("What did Ana, Tom and Priya bring?", ["What did Ana bring?", "What did Tom bring?",
                                             "What did Priya bring?"]),
     ("Did Tom or Leo call?", ["Did Tom call?", "Did Leo call?"]),
     ("Which city have Jean & John each visited?", ["Which city have Jean visited?",
                                                    "Which city have John visited?"])],
)  # fmt: skip
def test_people_in_a_list_make_parts(query: str, parts: list[str]) -> None:
    assert question_parts(query) == parts


@pytest.mark.parametrize(
    "query",
    ["Where does Tom work?", "What did Mum say about Dad?", "Where did Ana and I go in May?",
     "Did Tom meet Ana at work?", "What did Tom and Tom's brother build?", "what do we like?"],
)  # fmt: skip
def test_other_questions_are_read_whole(query: str) -> None:
    assert question_parts(query) == []
