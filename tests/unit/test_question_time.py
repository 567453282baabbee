"""Questions about how things were are told from questions about how they are, and questions about what
happened from questions about what is."""

from __future__ import annotations

import pytest

from engram.language.question_time import (
    asks_about_past_events,
    asks_now,
    asks_previous,
    before_anchor,
    is_past_query,
)


@pytest.mark.parametrize(
    "query",
    ["Where did I use to live?", "Who was my previous boss?", "What was my old job?",
     "What did I do before the move?", "Where did we live originally?", "Who was my first girlfriend?",
     "What metformin dose did I start on?", "How often was I taking iron when I started?",
     "What did the physio say at first?"],
)  # fmt: skip
def test_questions_about_the_past(query):
    assert is_past_query(query)


@pytest.mark.parametrize(
    "query",
    ["Where do I live?", "Who is my boss now?", "What do I eat for breakfast?", "What dose do I take now?",
     "When does the course start?"],
)  # fmt: skip
def test_questions_about_now(query):
    assert not is_past_query(query)


@pytest.mark.parametrize(
    "query",
    ["Where did I do fieldwork?", "Was Ana at the wedding?", "Have I ever been to Japan?",
     "Which course were we on in the spring?", "Has Tom visited Lisbon?", "Who had the flu?"],
)  # fmt: skip
def test_questions_about_what_happened(query):
    assert asks_about_past_events(query)


@pytest.mark.parametrize(
    "query", ["Where am I doing fieldwork?", "What do I have to do today?", "Who is staying with us?",
              "Is Ana coming to the wedding?", "What have I got on this week?"],
)  # fmt: skip
def test_questions_about_what_is(query):
    assert not asks_about_past_events(query)


@pytest.mark.parametrize(
    ("question", "previous"),
    [("Who was my previous girlfriend?", True), ("where did I use to live?", True),
     ("Which restaurant did I work at before?", True), ("what was my old job?", True),
     ("When did I move to Galway?", False), ("Who is my girlfriend now?", False),
     ("What has changed at work?", False)],
)  # fmt: skip
def test_a_question_about_the_one_before_the_present(question: str, previous: bool) -> None:
    # "when did I move to Galway?" asks about the past, but about the present home, not the one before
    assert asks_previous(question) is previous


@pytest.mark.parametrize(
    ("question", "anchor"),
    [
        ("What did I drive before the RAV4?", "the RAV4"),
        ("Who was I dating before Tiago?", "Tiago"),
        ("Where did he study before coming to UCT?", "coming to UCT"),
        ("What did we do prior to the move?", "the move"),
        # a time is the period the temporal grammar reads, not the one before
        ("What did I do the week before 3 August 2023?", None),
        ("What did I buy before Christmas?", None),
        ("Where was I before lunch?", None),
        ("Where did I work before?", None),
    ],
)
def test_a_question_about_the_one_before_names_what_it_was_before(question: str, anchor: str | None):
    assert before_anchor(question) == anchor


@pytest.mark.parametrize(
    ("question", "now"),
    [
        ("What am I taking for my blood pressure now?", True),
        ("Is my knee still a problem?", True),
        ("What was my most recent HbA1c result?", True),
        ("Where do I live these days?", True),
        ("Who am I seeing at the moment?", True),
        ("Where did I live in 2019?", False),
        ("What is the name of my dog?", False),
        ("Did I know Ana in school?", False),  # "know" is no "now"
    ],
)
def test_a_question_about_how_things_are_now(question: str, now: bool):
    assert asks_now(question) is now


def test_a_vague_time_gives_way_to_a_period_the_question_names_as_well():
    from datetime import UTC, datetime

    from engram.retrieval.calibration import named_period

    now = datetime(2026, 3, 1, tzinfo=UTC)
    period = named_period("What did Joanna recently recommend to Nate on February 7, 2022?", now)
    assert period is not None and (period.start, period.end) == (
        datetime(2022, 2, 7, tzinfo=UTC),
        datetime(2022, 2, 8, tzinfo=UTC),
    )
    assert named_period("What have I been up to recently?", now) is None
