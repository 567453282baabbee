"""The needs-search classifier (does a message need memory at all?): heuristics offline, a model when set."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engram.errors import ProviderUnavailable
from engram.models import Message
from engram.providers.base import LLM, LLMResult, ToolCall, ToolSpec
from engram.retrieval.classifier import CLASSIFY_TOOL, heuristic_decision, needs_search

# Ten typical messages that need no memory search: general tasks and knowledge.
TYPICAL_NO_SEARCH = [
    "Explain quantum entanglement simply.",
    "Write a Python script to scrape headlines.",
    "Help me draft a polite resignation email.",
    "Summarize this PDF in bullet points.",
    "Debug this TypeScript function.",
    "Give me 5 startup ideas in the AI space.",
    "Rewrite my dating profile to sound more natural.",
    "Design a morning routine for productivity.",
    "What's the difference between gpt-4.1 and gpt-5?",
    "Brainstorm fantasy names for a coastal kingdom.",
]
OTHER_NO_SEARCH = [
    "hi there!",
    "Thanks so much",
    "Translate 'good morning' into Spanish",
    "What is 17 * 23?",
    "Define serendipity",
    "How do I reverse a list in Python?",
    "What's the capital of France?",
    "What does 'ephemeral' mean?",
    "Who is Taylor Swift?",
    "Can you help me understand black holes?",
]
PERSONAL = [
    "What did Sarah say about the offer?",
    "Remember when we went to Lisbon?",
    "When is my mom's birthday?",
    "Did I already tell you about my new job?",
    "How's my sister doing with her new baby?",
    "What should I get Marcus for his birthday?",
    "Am I still on track with my marathon training?",
    "What was the name of the restaurant we went to last time?",
    "Should I take the Google job offer?",
    "What are my plans for this weekend?",
    "Write an email to my boss asking for a raise",
    "How is Sarah doing?",
]


@pytest.mark.parametrize("query", TYPICAL_NO_SEARCH + OTHER_NO_SEARCH)
def test_generic_messages_need_no_search(query: str):
    decision = heuristic_decision(query)
    assert decision.needs_search is False, decision.reasons
    assert decision.reasons


@pytest.mark.parametrize("query", PERSONAL)
def test_personal_messages_need_search(query: str):
    decision = heuristic_decision(query)
    assert decision.needs_search is True, decision.reasons
    assert decision.reasons


def test_an_unclear_message_defaults_to_searching():
    assert heuristic_decision("the blue one, probably").needs_search is True


def test_a_person_the_user_knows_makes_a_generic_looking_question_personal():
    # "What's a good gift for Emma?" reads generic; Emma being in the user's graph makes it personal.
    assert heuristic_decision("Give me gift ideas for Emma", known_names={"emma"}).needs_search is True


def test_a_follow_up_inherits_the_previous_message_decision():
    personal = [Message(role="user", content="Did Sarah like the apartment we saw?")]
    generic = [Message(role="user", content="Write a Python script to scrape headlines.")]
    assert heuristic_decision("and the other one?", personal).needs_search is True
    assert heuristic_decision("and in Rust?", generic).needs_search is False


# --- with a model ---------------------------------------------------------------------------------------


class FakeLLM:
    """Implements the `LLM` Protocol; answers with a scripted tool call or raises."""

    name = "fake"
    model = "fake-1"

    def __init__(self, answer: dict | None = None, error: Exception | None = None):
        self.answer, self.error, self.calls = answer, error, 0

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
        self.calls += 1
        assert tool_choice == CLASSIFY_TOOL.name
        if self.error:
            raise self.error
        calls = [ToolCall("1", CLASSIFY_TOOL.name, self.answer)] if self.answer is not None else []
        return LLMResult(text="", tool_calls=calls, model=self.model)


def test_fake_llm_implements_the_port():
    assert isinstance(FakeLLM(), LLM)


def test_the_model_decides_when_the_heuristic_is_unsure():
    llm = FakeLLM({"needs_search": True, "reasons": ["refers to the user's own resignation"]})
    decision = needs_search("Help me draft a polite resignation email.", llm=llm)
    assert (decision.needs_search, decision.method, llm.calls) == (True, "llm", 1)
    assert decision.reasons == ["refers to the user's own resignation"]


def test_a_certain_heuristic_answer_skips_the_model():
    llm = FakeLLM({"needs_search": False})
    decision = needs_search("Remember what Sarah said last time?", llm=llm)
    assert (decision.needs_search, decision.method, llm.calls) == (True, "heuristic", 0)


def test_a_model_failure_falls_back_to_the_heuristic():
    llm = FakeLLM(error=ProviderUnavailable("throttled", retry_after=5))
    decision = needs_search("Explain quantum entanglement simply.", llm=llm)
    assert (decision.needs_search, decision.method, llm.calls) == (False, "heuristic", 1)


@pytest.mark.parametrize("answer", [None, {"reasons": ["no boolean"]}, {"needs_search": "maybe"}])
def test_a_malformed_model_answer_falls_back_to_the_heuristic(answer):
    decision = needs_search("Should I take the Google job offer?", llm=FakeLLM(answer))
    assert (decision.needs_search, decision.method) == (True, "heuristic")


def test_a_quoted_boolean_from_the_model_is_accepted():
    decision = needs_search(
        "Design a morning routine for productivity.", llm=FakeLLM({"needs_search": "false"})
    )
    assert (decision.needs_search, decision.method) == (False, "llm")
