"""The offline merger: every distinct detail of both, the keeper's wording first, nothing twice."""

from __future__ import annotations

import pytest

from engram.errors import ProviderUnavailable
from engram.lifecycle.merger import MERGE_TOOL, LLMMerger, MergeFailed, RulesMerger
from engram.providers.base import LLMResult, ToolCall


def merge(keeper: str, other: str) -> str:
    return RulesMerger().merge(keeper, other).content


def test_identical_wording_adds_nothing():
    assert merge("Likes green tea.", "likes green tea") == "Likes green tea."


def test_a_new_sentence_is_appended_after_the_keepers_text():
    assert merge("Sarah is my sister.", "Sarah is my sister. Her birthday is March 3.") == (
        "Sarah is my sister. Her birthday is March 3."
    )


def test_a_clause_that_continues_a_keeper_sentence_is_attached_not_repeated():
    assert merge("Sarah loves hiking in the Alps.", "Sarah loves hiking, especially in Colorado.") == (
        "Sarah loves hiking in the Alps, especially in Colorado."
    )


def test_a_shared_opening_is_not_repeated():
    assert merge("Works at Google as a software engineer", "Works at Google since 2019") == (
        "Works at Google as a software engineer, since 2019."
    )


def test_numbers_count_as_details():
    assert "2019" in merge("Moved to Berlin.", "Moved to Berlin in 2019.")


def test_only_new_clauses_of_a_sentence_survive():
    merged = merge(
        "My sister Sarah lives in Boston. She is a nurse.",
        "Sarah, my sister, is a nurse in Boston and has two kids.",
    )
    assert merged.startswith("My sister Sarah lives in Boston. She is a nurse")
    assert "two kids" in merged and merged.count("nurse") == 1 and merged.count("Boston") == 1


def test_no_word_of_either_memory_is_lost():
    keeper, other = "Allergic to peanuts.", "Has a severe peanut allergy; carries an EpiPen."
    merged = merge(keeper, other)
    assert merged.startswith("Allergic to peanuts.")
    for word in ("severe", "EpiPen"):
        assert word in merged


class ScriptedLLM:
    """Implements the `LLM` protocol with scripted answers (or exceptions)."""

    name = "scripted"
    model = "scripted-1"

    def __init__(self, *answers):
        self.answers = list(answers)
        self.calls: list[dict] = []

    def complete(self, **kwargs):
        self.calls.append(kwargs)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def tool_answer(content: str) -> LLMResult:
    return LLMResult(
        text="", tool_calls=[ToolCall("1", MERGE_TOOL, {"content": content})], model="scripted-1"
    )


def test_llm_merger_makes_one_forced_tool_call():
    llm = ScriptedLLM(tool_answer("Sarah loves hiking in the Alps and Colorado."))
    result = LLMMerger(llm, sleep=lambda _: None).merge(
        "Sarah loves hiking in the Alps.", "Hikes in Colorado."
    )
    assert result.content == "Sarah loves hiking in the Alps and Colorado."
    assert result.merger == "llm:scripted" and result.model == "scripted-1"
    assert len(llm.calls) == 1 and llm.calls[0]["tool_choice"] == MERGE_TOOL


def test_llm_merger_retries_once_after_an_unusable_answer():
    llm = ScriptedLLM(LLMResult(text="Here you go!"), tool_answer("Merged."))
    assert LLMMerger(llm, sleep=lambda _: None).merge("a", "b").content == "Merged."
    assert len(llm.calls) == 2 and "unusable" in llm.calls[1]["messages"][-1]["content"]


def test_llm_merger_fails_visibly_after_the_retry():
    llm = ScriptedLLM(ProviderUnavailable("busy", retry_after=7), LLMResult(text="no tool"))
    with pytest.raises(MergeFailed) as failure:
        LLMMerger(llm, sleep=lambda _: None).merge("a", "b")
    assert failure.value.retry_after == 7 and failure.value.status == 502
