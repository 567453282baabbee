"""The offline "rules" provider: what every deployment without model keys gets.

The rules engine is deterministic code (dateparser, recurrent, rapidfuzz, regexes), not a chat model, so
it does not answer free-form prompts. The write path reaches it through the extractor/decider interface;
`complete` exists only so the factory can hand out an `LLM` for every provider name.
"""

from __future__ import annotations

from collections.abc import Sequence

from engram.errors import NotImplementedYet
from engram.providers.base import LLMResult, ToolSpec


class RulesLLM:
    """`LLM` placeholder for the offline rules engine; `complete` always raises `NotImplementedYet`."""

    name = "rules"
    model = "rules-v1"

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
        raise NotImplementedYet(
            "the rules provider has no free-form completion: the write path uses the offline rules engine "
            "through the extractor/decider interface, not complete(); set ANTHROPIC_API_KEY or "
            "ENGRAM_LLM_PROVIDER to use a model"
        )
