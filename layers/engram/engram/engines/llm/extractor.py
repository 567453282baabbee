"""Phase 1 with a real model: one forced `record_memories` tool call, parsed defensively.

Models drift from a schema in small ways (a bare JSON array in text, `memories` instead of `facts`,
`fact` instead of `content`, confidence 1.4, a 300-character evidence string, a date written as
"2026-03-06"). Those are repaired. What cannot be repaired fails loudly: an answer without a usable
shape is retried once with the reason, and a second failure raises `ExtractionFailed`, so the source
stays unprocessed and visible instead of silently losing what the user said. Individual facts that do
not validate are dropped and counted; the rest of the answer survives.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, TypeVar

from aws_lambda_powertools.metrics import MetricUnit
from pydantic import BaseModel, ValidationError

from engram.engines.llm.base import ToolCallingEngine, ToolRequest, UnusableAnswer
from engram.engines.llm.prompts import (
    EXTRACTION_SYSTEM_PROMPT,
    RECORD_MEMORIES,
    RECORD_MEMORIES_TOOL,
    build_extraction_prompt,
    extraction_retry_message,
)
from engram.engines.ports import ExtractionInput
from engram.errors import ExtractionFailed
from engram.models import (
    ActionRecord,
    CandidateFact,
    ChangeDetected,
    DecisionRecord,
    EntityMention,
    ExtractionResult,
    ProvenanceEntry,
)
from engram.observability import logger, metrics
from engram.providers.base import LLMResult

M = TypeVar("M", bound=BaseModel)

_ECHO_CHARS = 4000  # how much of an unusable answer is shown back to the model on the retry
_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_DATE_FIELDS = ("effective_from", "expires_at", "event_date")
_ENUM_FIELDS = ("memory_type", "layer", "importance", "source_type", "sensitivity_level")
_SYNONYMS = {  # what models (and legacy memory formats) call our fields
    "fact": "content",
    "memory": "content",
    "text": "content",
    "type": "memory_type",
    "sensitivity": "sensitivity_level",
    "recurrence_pattern": "recurrence",
    "historical": "is_historical",
}


class MalformedAnswer(UnusableAnswer):
    """The extraction answer has no usable shape (no facts list, cut off, another tool called)."""


@dataclass
class ParsedFacts:
    """Validated output of one answer, plus how many items had to be dropped."""

    result: ExtractionResult
    dropped: int = 0
    disabled: int = 0


class LLMExtractor(ToolCallingEngine):
    """`Extractor` backed by any `LLM` that can call tools (Anthropic, OpenAI, Bedrock)."""

    def extract(self, inp: ExtractionInput) -> ExtractionResult:
        """Candidate facts from `inp.turns`, with provenance mapped from the model's message_refs.

        One retry (after `llm_retry_backoff_seconds`) on a malformed answer or a provider failure; then
        `ExtractionFailed`, carrying the provider's retry_after when it gave one.
        """
        request = ToolRequest(
            stage="extraction",
            system=EXTRACTION_SYSTEM_PROMPT,
            prompt=build_extraction_prompt(inp),
            tools=[RECORD_MEMORIES_TOOL],
            tool_choice=RECORD_MEMORIES,
            retry_message=extraction_retry_message,
            failure=ExtractionFailed,
            failed="extraction failed",
            echo_chars=_ECHO_CHARS,
            log_chars=8000,
            log_fields={"source_id": inp.source_id},
        )
        answered = self.ask(request, lambda answer: parse_extraction_answer(answer, inp))
        parsed, usage = answered.value, answered.usage
        if parsed.dropped:
            metrics.add_metric(name="invalid_fact", unit=MetricUnit.Count, value=parsed.dropped)
        result = parsed.result.model_copy(update=answered.usage_fields())
        logger.info(
            "extraction done",
            source_id=inp.source_id,
            attempts=answered.attempts,
            facts=len(result.facts),
            dropped_invalid=parsed.dropped,
            dropped_disabled_type=parsed.disabled,
            model=usage.model,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
        )
        return result


# ---------------------------------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------------------------------


def parse_extraction_answer(answer: LLMResult, inp: ExtractionInput) -> ParsedFacts:
    """Turn one model answer into an ExtractionResult, or raise MalformedAnswer saying what was wrong.

    Accepted shapes: the tool call's `{"facts": [...]}` (or `{"memories": [...]}`), and in text a JSON
    object of that shape or a bare `[...]` of facts, optionally inside a ```json fence.
    """
    if answer.stop_reason == "max_tokens":
        # A cut-off tool call parses into a partial list: storing it would silently lose the rest.
        raise MalformedAnswer(
            "the answer was cut off at the output token limit; record fewer, shorter memories"
        )
    payload = _payload(answer)
    facts_raw = payload.get("facts", payload.get("memories"))
    if not isinstance(facts_raw, list):
        raise MalformedAnswer('the answer has no "facts" list')

    enabled = set(inp.preferences.enabled_categories)
    facts: list[CandidateFact] = []
    dropped = disabled = 0
    for raw in facts_raw:
        fact = _fact(raw, inp)
        if fact is None:
            dropped += 1
        elif fact.memory_type not in enabled and not fact.forget:
            disabled += 1  # the user switched this memory type off; the prompt said so too
        else:
            facts.append(fact)

    summary = payload.get("conversation_summary") or payload.get("summary")
    return ParsedFacts(
        result=ExtractionResult(
            facts=facts,
            changes_detected=_valid_items(payload.get("changes_detected"), ChangeDetected),
            decisions=_valid_items(payload.get("decisions"), DecisionRecord, _decision_fixups),
            actions=_valid_items(payload.get("actions"), ActionRecord, _action_fixups),
            summary=summary.strip() if isinstance(summary, str) and summary.strip() else None,
        ),
        dropped=dropped,
        disabled=disabled,
    )


def _payload(answer: LLMResult) -> dict[str, Any]:
    calls = [call for call in answer.tool_calls if call.name == RECORD_MEMORIES]
    if calls:
        if len(calls) == 1:
            return calls[0].arguments
        # Told to call once, some models split the list over several calls: merge them.
        merged: dict[str, Any] = {"facts": []}
        for call in calls:
            part = call.arguments.get("facts", call.arguments.get("memories"))
            if not isinstance(part, list):
                raise MalformedAnswer(f'a {RECORD_MEMORIES} call has no "facts" list')
            merged["facts"].extend(part)
            for key in ("changes_detected", "decisions", "actions"):
                if isinstance(call.arguments.get(key), list):
                    merged.setdefault(key, []).extend(call.arguments[key])
        return merged
    if answer.tool_calls:
        raise MalformedAnswer(f"an unknown tool was called instead of {RECORD_MEMORIES}")
    decoded = _json_from_text(answer.text)
    if isinstance(decoded, list):
        return {"facts": decoded}
    if isinstance(decoded, dict):
        return decoded
    raise MalformedAnswer(f"the answer neither called {RECORD_MEMORIES} nor contained a JSON object or array")


def _json_from_text(text: str) -> Any:
    """The first JSON object or array in the text: a fenced block, the whole text, or embedded in prose."""
    if not text or not text.strip():
        return None
    candidates = [match.group(1) for match in _FENCE.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for candidate in candidates:
        candidate = candidate.strip()
        try:
            return json.loads(candidate)
        except json.JSONDecodeError:
            pass
        for start, char in enumerate(candidate):
            if char in "[{":
                try:
                    value, _ = decoder.raw_decode(candidate, start)
                except json.JSONDecodeError:
                    continue
                if isinstance(value, dict | list):
                    return value
    return None


def _fact(raw: Any, inp: ExtractionInput) -> CandidateFact | None:
    """One validated CandidateFact, or None when the item cannot be one (no content, bad enum ...)."""
    if not isinstance(raw, dict):
        return None
    data = {
        _SYNONYMS.get(key, key): value
        for key, value in raw.items()
        if key not in _SYNONYMS or _SYNONYMS[key] not in raw
    }
    refs = data.pop("message_refs", None)
    data.pop("provenance", None)  # ours to set, never the model's
    for name in _ENUM_FIELDS:
        if isinstance(data.get(name), str):
            data[name] = data[name].strip().lower()
    for name in ("confidence", "sentiment", "outcome_sentiment"):
        if name in data:
            data[name] = _number(
                data[name],
                low=-1.0 if name != "confidence" else None,
                high=1.0 if name != "confidence" else None,
            )
            if data[name] is None:
                del data[
                    name
                ]  # a missing score falls back to the default; a made-up one is not a reason to drop
    if "confidence" not in data:
        data["confidence"] = 0.5 if data.get("source_type") == "inferred" else 0.7
    for name in _DATE_FIELDS:
        if name in data:
            data[name] = _moment(data[name], inp.observed_at)
    if not isinstance(data.get("recurrence"), dict):
        data["recurrence"] = None
    for name in ("subject", "attribute", "value", "name", "category", "relationship", "entity_type"):
        if data.get(name) is not None and not isinstance(data[name], str):
            data[name] = str(data[name])
    if isinstance(data.get("attribute"), str):
        data["attribute"] = data["attribute"].strip().lower() or None
    if isinstance(data.get("category"), str):
        data["category"] = data["category"].strip().lower() or None
    if (data.get("attribute") or "").startswith("relationship:") and isinstance(data.get("value"), str):
        data["value"] = _tie_state(data["value"])
    data["entities"] = _entities(data.get("entities"))
    data["provenance"] = [ProvenanceEntry(source_id=inp.source_id, message_ids=_message_ids(refs, inp))]
    try:
        return CandidateFact.model_validate(data)
    except ValidationError:
        return None


# "relationship:Callum" = "ex-partner" / "former girlfriend": the tie's state is that it ended.
_ENDED_TIE = re.compile(r"^\s*(?:ex|former|previous)\b", re.IGNORECASE)


def _tie_state(value: str) -> str:
    """A relationship slot holds the tie's state (dating, engaged, married ...); an "ex-partner" value
    says the tie is over, which every reader of the slot knows as "broke up"."""
    return "broke up" if _ENDED_TIE.match(value) else value


def _number(value: Any, *, low: float | None, high: float | None) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    if number != number:  # NaN
        return None
    if low is not None:
        number = max(low, number)
    if high is not None:
        number = min(high, number)
    return number


def _moment(value: Any, observed_at: datetime) -> datetime | None:
    """An ISO date or date-time; naive ones take the observation's offset. Unparseable -> None (kept fact)."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    elif isinstance(value, str) and value.strip():
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            return None
    else:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=observed_at.tzinfo or UTC)
    return moment


def _entities(raw: Any) -> list[EntityMention]:
    """Each mention validated on its own: one malformed entity must not cost the fact."""
    if not isinstance(raw, list):
        return []
    mentions = []
    for item in raw:
        if isinstance(item, str) and item.strip():
            item = {"name": item.strip()}
        if not isinstance(item, dict):
            continue
        item = {
            key: value.strip().lower() if key in ("kind", "role") and isinstance(value, str) else value
            for key, value in item.items()
        }
        try:
            mentions.append(EntityMention.model_validate(item))
        except ValidationError:
            continue
    return mentions


def _message_ids(refs: Any, inp: ExtractionInput) -> list[str]:
    """Client message ids of the referenced new messages. Out-of-range refs are dropped, never guessed;
    with a single new message every fact can only have come from it."""
    if len(inp.turns) == 1:
        only = inp.turns[0].message_id
        return [only] if only else []
    if not isinstance(refs, list):
        refs = [refs] if refs is not None else []
    ids: list[str] = []
    for ref in refs:
        try:
            number = int(str(ref).strip().strip("[]#"))
        except ValueError:
            continue
        if 1 <= number <= len(inp.turns):
            message_id = inp.turns[number - 1].message_id
            if message_id and message_id not in ids:
                ids.append(message_id)
    return ids


def _decision_fixups(item: dict) -> dict:
    alternatives = item.get("alternatives_considered")
    if isinstance(alternatives, str):
        item["alternatives_considered"] = [alternatives]
    return item


def _action_fixups(item: dict) -> dict:
    if "outcome_sentiment" in item:
        item["outcome_sentiment"] = _number(item["outcome_sentiment"], low=-1.0, high=1.0)
    return item


def _valid_items(raw: Any, model: type[M], fixup: Callable[[dict], dict] | None = None) -> list[M]:
    """Each item validated on its own; invalid ones are skipped (these lists are context, not memories)."""
    if not isinstance(raw, list):
        return []
    items = []
    for item in raw:
        if not isinstance(item, dict):
            continue
        try:
            items.append(model.model_validate(fixup(dict(item)) if fixup else item))
        except ValidationError:
            continue
    return items
