"""Which extractor and decider run: the configured LLM, or the offline rules engine."""

from __future__ import annotations

from engram.config import get_settings
from engram.pipeline.ports import Decider, Extractor


def get_extractor() -> Extractor:
    if get_settings().resolved_llm_provider == "rules":
        from engram.pipeline.rules_extractor import RulesExtractor

        return RulesExtractor()
    from engram.pipeline.llm_extractor import LLMExtractor
    from engram.providers.factory import get_llm

    return LLMExtractor(get_llm())


def get_decider() -> Decider:
    if get_settings().resolved_llm_provider == "rules":
        from engram.pipeline.rules_decider import RulesDecider

        return RulesDecider()
    from engram.pipeline.llm_decider import LLMDecider
    from engram.providers.factory import get_llm

    return LLMDecider(get_llm())
