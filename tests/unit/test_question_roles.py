"""The ties a question says as the user's, in every word the write path may have stored them by."""

from __future__ import annotations

import pytest

from engram.language.question_roles import roles_said, ties_said


@pytest.mark.parametrize(
    ("question", "stored"),
    [
        ("what did my mum say?", "mother"),  # "my mum Carol" is stored as her mother
        ("is my mom coming?", "mother"),
        ("what are the kids doing at the weekend?", "child"),
        ("when is my partner free?", "husband"),  # the same tie in another word
        ("did my hubby call?", "husband"),
        ("when am I next seeing my physio?", "physio"),  # a role as stored, no tie word
        ("who is my team lead?", "team lead"),
        ("where does my older sister live?", "sister"),
    ],
)
def test_a_tie_said_reaches_the_word_it_is_stored_by(question: str, stored: str) -> None:
    assert stored in roles_said(question)


def test_a_tie_of_someone_named_is_no_role_of_the_users() -> None:
    assert "husband" not in roles_said("what does Priya's husband do?")
    assert roles_said("the 14th floor is closed") == []


def test_each_role_said_keeps_the_ties_it_may_be_stored_by() -> None:
    said = ties_said("when do I next see the physio and my mum?")
    assert "physio" in said["physio"] and "mother" not in said["physio"]
    assert {"mum", "mother"} <= said["mum"] and "physio" not in said["mum"]
