"""Which extractor and decider run: the configured LLM, or the offline rules engine."""

from __future__ import annotations

from engram.config import get_settings
from engram.engines.ports import Decider, Extractor


def get_extractor() -> Extractor:
    if get_settings().resolved_llm_provider == "rules":
        from engram.engines.rules.extractor import RulesExtractor

        return RulesExtractor()
    from engram.engines.llm.extractor import LLMExtractor
    from engram.providers.factory import get_llm

    return LLMExtractor(get_llm())


def get_decider() -> Decider:
    if get_settings().resolved_llm_provider == "rules":
        from engram.engines.rules.decider import RulesDecider

        return RulesDecider()
    from engram.engines.llm.decider import LLMDecider
    from engram.providers.factory import get_llm

    return LLMDecider(get_llm())
