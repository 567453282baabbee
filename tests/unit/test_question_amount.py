"""Questions asking an amount of money are told from others; the memories that state one are matched in
PostgreSQL (tests/scenarios/test_search_amounts_and_names.py)."""

from __future__ import annotations

import pytest

from engram.language.question_amount import asks_amount


@pytest.mark.parametrize(
    "question",
    ["How much did the Kearny house cost?", "What did I pay for the flat?", "What's my salary?",
     "How much is my PhD stipend?", "What is my monthly housing cost?", "What was the rent in Leeds?",
     "How much rent do we pay?", "How much money did I make at the market?"],
)  # fmt: skip
def test_questions_asking_an_amount(question: str) -> None:
    assert asks_amount(question)


@pytest.mark.parametrize(
    "question",
    ["Who pays my salary?", "How many times did I go swimming?", "Where did I pay the rent?",
     "What does Gunhild say about how much I talk?", "When did I buy the house?",
     "How much alcohol do I drink now?", "How much sleep am I getting?"],  # a quantity, no money
)  # fmt: skip
def test_other_questions(question: str) -> None:
    assert not asks_amount(question)
