"""Query transformation before memory search and the timeline's reading of periods in a query."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from engram.errors import ProviderError
from engram.models import Message
from engram.providers.base import LLMResult, ToolCall, ToolSpec
from engram.retrieval.timeline import remaining_words, resolve_period
from engram.retrieval.transform import (
    QUERIES_TOOL,
    expand_abbreviations,
    generate_queries,
    names_in,
    transform_query,
)

NOW = datetime(2026, 11, 22, 15, 0, tzinfo=UTC)  # a Sunday


def turns(*pairs: tuple[str, str]) -> list[Message]:
    return [Message(role=role, content=content) for role, content in pairs]


# --- follow-ups -----------------------------------------------------------------------------------------


def test_a_pronoun_takes_the_last_named_person():
    history = turns(("user", "I had dinner with Emma last night"), ("assistant", "Sounds lovely!"))
    result = transform_query("what about her sister?", history)
    assert result.query == "what about Emma's sister?"
    assert (result.entity, result.steps) == ("Emma", ["follow_up"])


def test_a_pronoun_prefers_a_person_the_graph_knows_over_a_later_name():
    history = turns(("user", "Sarah called me today. She got the job at Google!"))
    assert transform_query("how is she?", history).query.startswith("how is Google")
    assert transform_query("how is she?", history, people={"sarah"}).query.startswith("how is Sarah")


def test_a_vague_follow_up_borrows_the_name_and_topic():
    history = turns(
        ("user", "I'm not sure if I should take the Google job offer."),
        ("assistant", "What are you weighing?"),
    )
    result = transform_query("should I do it?", history)
    assert result.query == "should I do it? (Google take job offer)"
    assert result.entity == "Google"


def test_the_other_one_borrows_the_topic():
    history = turns(("user", "We looked at two apartments in Brooklyn today, the first one was tiny"))
    query = transform_query("and the other one?", history).query
    assert query.startswith("and the other one? (")
    assert "Brooklyn" in query and "apartments" in query


def test_a_new_subject_keeps_the_topic_but_not_the_old_subject():
    history = turns(("user", "Is Marcus coming to my birthday party?"))
    assert transform_query("what about sarah?", history).query == "what about sarah? (coming birthday party)"


def test_a_relationship_phrase_resolves_a_pronoun():
    history = turns(("user", "My boss wants me to lead the project"))
    assert transform_query("What does he think about it?", history).query.startswith(
        "What does my boss think about it?"
    )


def test_a_standalone_question_is_left_alone():
    history = turns(("user", "hello"), ("assistant", "Hi! How can I help?"))
    result = transform_query("What did Sarah say about the offer?", history)
    assert (result.query, result.steps) == ("What did Sarah say about the offer?", [])


def test_without_history_a_follow_up_is_left_alone():
    assert transform_query("what about her sister?").query == "what about her sister?"


def test_sentence_openers_are_not_names():
    assert names_in("Went hiking with Sarah. Sounds fun! Marcus said hi to my sister") == [
        "Sarah",
        "Marcus",
        "my sister",
    ]


# --- abbreviations --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Emma's bday mtg", "Emma's birthday meeting"),
        ("trip to NYC", "trip to New York City"),
        ("moving to SF in May", "moving to San Francisco in May"),
        ("YC app deadline", "Y Combinator application deadline"),
        ("dr appt tmrw", "doctor appointment tomorrow"),
        ("LA weekend", "Los Angeles weekend"),
        ("la la land", "la la land"),  # case-sensitive acronyms stay ordinary words in lowercase
        ("the ML model", "the machine learning model"),
        ("bdays", "bdays"),  # whole words only
    ],
)
def test_abbreviations_are_expanded(text: str, expected: str):
    assert expand_abbreviations(text) == expected


def test_an_expanded_query_also_searches_the_original_spelling():
    result = transform_query("when is Emma's bday?")
    assert result.steps == ["abbreviations"]
    assert result.queries == ["when is Emma's birthday?", "when is Emma's bday?"]


# --- multi-query with a model ---------------------------------------------------------------------------


class FakeLLM:
    name, model = "fake", "fake-1"

    def __init__(self, arguments: dict | None = None, error: Exception | None = None):
        self.arguments, self.error = arguments, error
        self.prompts: list[str] = []

    def complete(
        self,
        *,
        system: str,
        messages: Sequence[dict],
        tools: Sequence[ToolSpec] = (),
        tool_choice: str | None = None,
        max_tokens: int | None = None,
        temperature: float = 0.0,
    ) -> LLMResult:
        self.prompts.append(messages[-1]["content"])
        if self.error:
            raise self.error
        return LLMResult(text="", tool_calls=[ToolCall("1", QUERIES_TOOL.name, self.arguments or {})])


def test_model_reformulations_are_deduplicated_and_capped():
    llm = FakeLLM(
        {"queries": ["google job offer", "Google job offer", "career decisions", "tech jobs", "x y"]}
    )
    history = turns(("user", "I'm weighing the Google offer"))
    queries = generate_queries(llm, "should I take it?", history)
    assert queries == ["google job offer", "career decisions", "tech jobs"]
    assert "I'm weighing the Google offer" in llm.prompts[0]


def test_a_model_failure_means_no_extra_queries():
    assert generate_queries(FakeLLM(error=ProviderError("bad request")), "google job") == []
    assert generate_queries(FakeLLM({"queries": "not a list"}), "google job") == []


def test_reformulations_are_searched_after_the_main_query():
    result = transform_query("google job")
    result.alternatives = ["google job offer", "Google Job", "career decisions"]
    assert result.queries == ["google job", "google job offer", "career decisions"]


# --- periods in timeline queries ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("what happened in Q1", datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC)),
        ("Q4 2025", datetime(2025, 10, 1, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC)),
        ("the last quarter", datetime(2026, 7, 1, tzinfo=UTC), datetime(2026, 10, 1, tzinfo=UTC)),
        ("what happened last week", datetime(2026, 11, 9, tzinfo=UTC), datetime(2026, 11, 16, tzinfo=UTC)),
        ("yesterday", datetime(2026, 11, 21, tzinfo=UTC), datetime(2026, 11, 22, tzinfo=UTC)),
        ("what did I do in March", datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC)),
        ("between March and June", datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 7, 1, tzinfo=UTC)),
        ("since September", datetime(2026, 9, 1, tzinfo=UTC), NOW),
    ],
)
def test_periods_resolve_against_now(query: str, start: datetime, end: datetime):
    period = resolve_period(query, NOW)
    assert period is not None
    assert (period.start, period.end) == (start, end)


def test_the_past_n_days_and_recently_end_now():
    period = resolve_period("what happened in the past 2 weeks", NOW)
    assert period is not None and (period.end - period.start).days == 14 and period.end == NOW
    recent = resolve_period("what have I been up to lately", NOW)
    assert recent is not None and recent.end == NOW


def test_a_query_without_a_period_resolves_to_none():
    assert resolve_period("what happened with Sarah", NOW) is None


def test_the_words_left_after_the_period_are_the_search():
    period = resolve_period("what happened with Sarah last week", NOW)
    assert period is not None
    assert remaining_words("what happened with Sarah last week", period.spans) == "Sarah"
    q1 = resolve_period("what happened in Q1", NOW)
    assert q1 is not None and remaining_words("what happened in Q1", q1.spans) == ""
