"""A question that asks for a figure someone measured is answered by a memory that states one."""

import pytest

from engram.language.question_figure import asks_figure, states_figure


@pytest.mark.parametrize(
    "question",
    [
        "What did Chidi score in post-UTME?",
        "What mark did I get in the course I share with my lab partner?",
        "What was my finishing time in the spring race?",
        "What dose of levothyroxine do I take?",
        "What warfarin dose was I on?",
        "What was my cholesterol reading?",
        "How much do I weigh now?",
        "How far is the new office from home?",
    ],
)
def test_a_question_about_a_measure_asks_for_a_figure(question):
    assert asks_figure(question)


@pytest.mark.parametrize(
    "question",
    [
        "What am I taking for my blood pressure now?",  # a medicine, not a reading
        "How many times did I go swimming in May?",  # a count: what is counted holds no number
        "What was Miggy's asthma treatment before his dose was reduced?",
        "What time does the parkrun start?",
        "Where did I run my first parkrun?",
    ],
)
def test_other_questions_ask_for_no_figure(question):
    assert not asks_figure(question)


def test_a_figure_is_stated_in_digits_or_in_words():
    assert states_figure("DID THE SUN RUN 10K 1:08:40")
    assert states_figure("Dr Lam upped me to 88mcg")
    assert states_figure("Cholesterol came back six point four")
    assert not states_figure("UNILAG mechanical engineering if post-UTME goes well")
