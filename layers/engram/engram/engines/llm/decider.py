"""Phase 2 with a real model: one tool call picks ADD / UPDATE / DELETE / NOOP for a candidate fact.

The model never sees a memory's UUID. The similar memories are numbered "1".."k", the id-taking tools
accept exactly those numbers (a JSON-schema enum), and the answer is mapped back here. A number outside
the list — models do sometimes ignore enums — or anything UUID-like is rejected and counted, never
guessed; the model gets one retry with the reason, then the decision fails visibly (`DecisionFailed`),
so the job retries instead of the fact being silently dropped or applied to the wrong memory.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from aws_lambda_powertools.metrics import MetricUnit

from engram.engines.llm.base import ToolCallingEngine, ToolRequest, UnusableAnswer
from engram.engines.llm.prompts import (
    ADD_MEMORY,
    DECISION_SYSTEM_PROMPT,
    NO_OPERATION,
    UPDATE_MEMORY,
    build_decision_prompt,
    build_decision_tools,
    decision_retry_message,
)
from engram.errors import DecisionFailed
from engram.language.privacy import redact_secrets
from engram.models import CandidateFact, SimilarMemory, UpdateDecision
from engram.observability import logger, metrics
from engram.providers.base import LLMResult, ToolCall, ToolSpec

_ECHO_CHARS = 2000
_STRATEGIES = ("replace", "append", "supersede")
_TRUE = ("true", "yes", "1")
_FALSE = ("false", "no", "0")


class BadDecision(UnusableAnswer):
    """The model's decision cannot be applied (no tool called, a required argument missing, an unknown id)."""


class LLMDecider(ToolCallingEngine):
    """`Decider` backed by any `LLM` that can call tools."""

    local = False

    def decide(
        self, fact: CandidateFact, similar: list[SimilarMemory], observed_at: datetime
    ) -> UpdateDecision:
        """One operation for `fact`, targeting only ids in `similar`; `DecisionFailed` after one retry."""
        if fact.forget and not similar:
            # Nothing stored resembles what the user wants forgotten: there is nothing to ask a model.
            return UpdateDecision(
                operation="NOOP",
                reasoning="forget request, but no stored memory resembles it",
                model=self.llm.model,
            )
        tools = build_decision_tools(len(similar), forget=fact.forget)
        ids = {str(number): memory.id for number, memory in enumerate(similar, 1)}
        request = ToolRequest(
            stage="decision",
            system=DECISION_SYSTEM_PROMPT,
            prompt=build_decision_prompt(fact, similar, observed_at),
            tools=tools,
            tool_choice="any",
            retry_message=lambda reason: decision_retry_message(reason, len(similar)),
            failure=DecisionFailed,
            failed="update decision failed",
            echo_chars=_ECHO_CHARS,
            log_chars=4000,
        )
        answered = self.ask(request, lambda answer: self._decision(answer, fact, tools, ids))
        decision = answered.value.model_copy(update=answered.usage_fields())
        usage = answered.usage
        logger.info(
            "decision made",
            operation=decision.operation,
            strategy=decision.strategy,
            attempts=answered.attempts,
            candidates=len(similar),
            model=usage.model,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
        )
        return decision

    def _decision(
        self, answer: LLMResult, fact: CandidateFact, tools: Sequence[ToolSpec], ids: dict[str, UUID]
    ) -> UpdateDecision:
        """Validate the first offered tool call and map its memory number back to a UUID."""
        offered = {tool.name: tool for tool in tools}
        call = next((call for call in answer.tool_calls if call.name in offered), None)
        if call is None:
            if answer.tool_calls:
                names = ", ".join(sorted({c.name for c in answer.tool_calls}))[:100]
                raise BadDecision(f"the tool called ({names}) is not one of {', '.join(offered)}")
            raise BadDecision("no tool was called")
        spec = offered[call.name]
        args = call.arguments
        missing = [name for name in spec.input_schema.get("required", []) if _blank(args.get(name))]
        if missing:
            raise BadDecision(f"{call.name} is missing {', '.join(missing)}")
        reasoning = _clean(args.get("reasoning"))

        if call.name == ADD_MEMORY:
            return UpdateDecision(operation="ADD", new_content=_clean(args["content"]), reasoning=reasoning)
        if call.name == NO_OPERATION:
            target = None
            if not _blank(args.get("existing_memory_id")):
                try:
                    target = self._memory_id(args["existing_memory_id"], ids, call)
                except BadDecision:
                    # An optional pointer: a wrong one is dropped (and counted), the NOOP itself stands.
                    target = None
            return UpdateDecision(operation="NOOP", target_id=target, reasoning=reasoning)

        target = self._memory_id(args["memory_id"], ids, call)
        if call.name == UPDATE_MEMORY:
            strategy = str(args["merge_strategy"]).strip().lower()
            if strategy not in _STRATEGIES:
                raise BadDecision(f"merge_strategy must be one of {', '.join(_STRATEGIES)}")
            return UpdateDecision(
                operation="UPDATE",
                target_id=target,
                strategy=strategy,  # type: ignore[arg-type]  # checked against _STRATEGIES above
                new_content=_clean(args["new_content"]),
                reasoning=reasoning,
            )
        # DELETE. Only an explicit forget request erases for good; anything else is archived, so a
        # model's over-eager hard_delete can always be undone. A forget request is always erased.
        requested = _boolean(args["hard_delete"], call)
        if requested and not fact.forget:
            logger.info("hard delete downgraded to archive: the candidate is not a forget request")
        return UpdateDecision(
            operation="DELETE", target_id=target, hard_delete=fact.forget, reasoning=reasoning
        )

    def _memory_id(self, raw: Any, ids: dict[str, UUID], call: ToolCall) -> UUID:
        key = str(raw).strip().strip("[]#").strip() if not isinstance(raw, bool) else ""
        if key in ids:
            return ids[key]
        metrics.add_metric(name="unknown_memory_id", unit=MetricUnit.Count, value=1)
        logger.warning("model named an unknown memory id", tool=call.name, offered=len(ids))
        allowed = ", ".join(f'"{n}"' for n in ids)
        raise BadDecision(f"{str(raw)[:40]!r} is not the number of a listed memory (use one of {allowed})")


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _clean(value: Any) -> str:
    """Model-written text goes into memories and audit rows: one more pass of the secret filter."""
    text = "" if value is None else str(value).strip()
    return redact_secrets(text).text


def _boolean(value: Any, call: ToolCall) -> bool:
    if isinstance(value, bool):
        return value
    if str(value).strip().lower() in _TRUE:
        return True
    if str(value).strip().lower() in _FALSE:
        return False
    raise BadDecision(f"{call.name}: hard_delete must be true or false")
