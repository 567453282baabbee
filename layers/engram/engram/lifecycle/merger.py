"""Writing one memory out of two near-duplicates: the offline rules merger and the LLM merger.

Both implement `Merger`: `merge(keeper, other)` returns content holding every distinct detail of both,
the keeper's wording first, nothing said twice. The rules merger works on sentences and clauses; the
LLM merger makes one strict tool call, retried once with the reason, and otherwise fails visibly
(`MergeFailed`) — a pair is never merged with half an answer.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from aws_lambda_powertools.metrics import MetricUnit

from engram.config import Settings, get_settings
from engram.errors import EngramError, ProviderError, ProviderUnavailable
from engram.language.privacy import redact_secrets
from engram.language.text import STOPWORDS, normalise_text, split_sentences, stem, words
from engram.observability import logger, metrics
from engram.providers.base import LLM, TokenUsage, ToolSpec
from engram.providers.factory import get_llm

MAX_CONTENT = 10_000  # memories.content CHECK


class MergeFailed(EngramError):
    """The merged content could not be written (the model failed twice); nothing was merged."""

    status = 502
    code = "merge_failed"


@dataclass(frozen=True)
class MergedContent:
    content: str
    merger: str  # "rules" or "llm:<provider>"
    model: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0


class Merger(Protocol):
    """Port: one content out of two descriptions of the same thing. `keeper` is the memory that stays."""

    name: str

    def merge(self, keeper: str, other: str) -> MergedContent: ...


# --- rules ------------------------------------------------------------------------------------------------

_SEGMENT = re.compile(r"\s*[;,]\s+(?:and\s+|but\s+)?|\s+and\s+")
_END = re.compile(r"[.!?]+$")


def _tokens(text: str) -> list[str]:
    """Stems of the words that carry a detail. Unlike search, numbers count: "since 2019" is a detail."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if _END.search(text) else text + "."


class RulesMerger:
    """Deterministic merge: the keeper's text as written, then each sentence or clause of the other
    that adds a detail (a word the keeper does not have). A clause that only repeats is dropped; a
    clause that continues one of the keeper's sentences ("Works at Google" + "Works at Google since
    2019") is attached to it as ", since 2019" instead of repeating its start."""

    name = "rules"

    def merge(self, keeper: str, other: str) -> MergedContent:
        keeper_sentences = [_sentence(s) for s in split_sentences(normalise_text(keeper))] or [keeper.strip()]
        seen = {t for s in keeper_sentences for t in _tokens(s)}
        attached: dict[int, list[str]] = {}
        appended: list[str] = []
        for sentence in split_sentences(normalise_text(other)):
            kept_segments: list[str] = []
            first_dropped = False
            for number, segment in enumerate(_SEGMENT.split(_END.sub("", sentence.strip()))):
                new = [t for t in _tokens(segment) if t not in seen]
                if not new:
                    first_dropped = first_dropped or number == 0
                    continue
                if number == 0:
                    target, rest = _continues(segment, keeper_sentences)
                    if target is not None:
                        first_dropped = True
                        attached.setdefault(target, []).append(rest)
                        seen.update(_tokens(rest))
                        continue
                kept_segments.append(segment)
                seen.update(_tokens(segment))
            if not kept_segments:
                continue
            if first_dropped:
                # What is left continues the sentence whose start it repeated: attach to the last one.
                target = max(attached) if attached else len(keeper_sentences) - 1
                attached.setdefault(target, []).extend(kept_segments)
            else:
                appended.append(_sentence(", ".join(kept_segments)))
        out = []
        for index, sentence in enumerate(keeper_sentences):
            if index in attached:
                body = _END.sub("", sentence)
                ending = _END.search(sentence)
                sentence = body + ", " + ", ".join(attached[index]) + (ending.group(0) if ending else ".")
            out.append(sentence)
        merged = " ".join([*out, *appended]).strip()
        return MergedContent(content=merged[:MAX_CONTENT] if merged else keeper, merger=self.name)


def _continues(segment: str, keeper_sentences: list[str]) -> tuple[int | None, str]:
    """(keeper sentence index, remainder) when `segment` starts with the same two or more words as a
    keeper sentence: the remainder is the detail it adds."""
    seg_words = segment.split()
    seg_norm = [w.lower().strip(".,;:!?\"'") for w in seg_words]
    best: tuple[int | None, int] = (None, 0)
    for index, sentence in enumerate(keeper_sentences):
        norm = [w.lower().strip(".,;:!?\"'") for w in sentence.split()]
        shared = 0
        while shared < min(len(norm), len(seg_norm)) and norm[shared] == seg_norm[shared]:
            shared += 1
        if shared > best[1]:
            best = (index, shared)
    found, length = best
    if found is None or length < 2 or length >= len(seg_words):
        return None, segment
    return found, " ".join(seg_words[length:])


# --- LLM --------------------------------------------------------------------------------------------------

MERGE_TOOL = "write_merged_memory"
MERGE_SYSTEM_PROMPT = (
    "You merge two stored memories about the same thing into one. Keep every distinct detail of both, "
    "say nothing twice, add nothing that is not in them, prefer the wording of memory 1, and write it "
    "as the memories are written (third person or as given), in one to three sentences. Answer only by "
    f"calling {MERGE_TOOL}."
)


def merge_tool() -> ToolSpec:
    return ToolSpec(
        name=MERGE_TOOL,
        description="Record the single merged memory.",
        input_schema={
            "type": "object",
            "properties": {
                "content": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 2000,
                    "description": "The merged memory: every distinct detail of both, nothing repeated.",
                }
            },
            "required": ["content"],
            "additionalProperties": False,
        },
    )


class LLMMerger:
    """`Merger` backed by a tool-calling `LLM`: one forced call of `write_merged_memory`, one retry."""

    def __init__(
        self, llm: LLM, *, settings: Settings | None = None, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.llm = llm
        self.name = f"llm:{llm.name}"
        self._settings = settings
        self._sleep = sleep

    def merge(self, keeper: str, other: str) -> MergedContent:
        settings = self._settings or get_settings()
        tool = merge_tool()
        prompt = f"Memory 1:\n{keeper}\n\nMemory 2:\n{other}"
        messages: list[dict] = [{"role": "user", "content": prompt}]
        usage = TokenUsage(model=self.llm.model)
        errors: list[Exception] = []
        for attempt in (1, 2):
            if attempt == 2:
                self._sleep(settings.llm_retry_backoff_seconds)
            try:
                answer = self.llm.complete(
                    system=MERGE_SYSTEM_PROMPT,
                    messages=messages,
                    tools=[tool],
                    tool_choice=MERGE_TOOL,
                    max_tokens=800,
                    temperature=0.0,
                )
            except (ProviderUnavailable, ProviderError) as err:
                metrics.add_metric(name="llm_error", unit=MetricUnit.Count, value=1)
                logger.warning("merge model call failed", attempt=attempt, error_code=err.code)
                errors.append(err)
                continue
            usage.add(answer)
            call = next((c for c in answer.tool_calls if c.name == MERGE_TOOL), None)
            content = call.arguments.get("content") if call else None
            if not isinstance(content, str) or not content.strip():
                reason = "no call of write_merged_memory with a non-empty content"
                metrics.add_metric(name="parse_fail", unit=MetricUnit.Count, value=1)
                logger.warning("merge answer unusable", attempt=attempt, reason=reason)
                errors.append(ValueError(reason))
                messages = [
                    messages[0],
                    {"role": "assistant", "content": (answer.text or "(no tool call)")[:2000]},
                    {"role": "user", "content": f"That answer was unusable: {reason}. Call {MERGE_TOOL}."},
                ]
                continue
            text = redact_secrets(content.strip()).text[:MAX_CONTENT]
            return MergedContent(
                content=text,
                merger=self.name,
                model=usage.model,
                input_tokens=usage.input_tokens,
                output_tokens=usage.output_tokens,
            )
        last = errors[-1]
        retry_after = next(
            (e.retry_after for e in reversed(errors) if isinstance(e, EngramError) and e.retry_after), None
        )
        reason = last.message if isinstance(last, EngramError) else str(last)
        raise MergeFailed(f"merging failed after one retry: {reason}", retry_after=retry_after) from last


def get_merger() -> Merger:
    """The configured model's merger, or the rules merger offline (the rules LLM has no completion)."""
    if get_settings().resolved_llm_provider == "rules":
        return RulesMerger()
    return LLMMerger(get_llm())
