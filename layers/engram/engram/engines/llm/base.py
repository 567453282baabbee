"""The loop both model-backed engines share: one tool call, one retry that tells the model what was wrong.

A provider failure (throttling, outage, rejected request) and an answer that cannot be used are both
retried once, after `llm_retry_backoff_seconds`; an unusable answer is shown back to the model with the
reason. A second failure raises the engine's own error (`ExtractionFailed`, `DecisionFailed`), carrying the
provider's retry_after when it gave one, so the job retries later instead of losing what the user said.
Prompts and answers are logged only in verbose mode, and then only through the secret filter.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from aws_lambda_powertools.metrics import MetricUnit

from engram.config import Settings, get_settings
from engram.errors import EngramError, ProviderError, ProviderUnavailable
from engram.language.privacy import redact_for_log
from engram.observability import logger, metrics
from engram.providers.base import LLM, LLMResult, TokenUsage, ToolSpec

T = TypeVar("T")


class UnusableAnswer(Exception):
    """The model answered, but not in a shape we can use. The message is safe to show the model and logs."""


@dataclass(frozen=True)
class ToolRequest:
    """One question for the model, and how to retry, log and fail it.

    `stage` names the log events ("extraction prompt", "decision answer unusable" ...); `failure` is raised
    as "<failed> after one retry: <reason>" when both attempts fail.
    """

    stage: str
    system: str
    prompt: str
    tools: Sequence[ToolSpec]
    tool_choice: str
    retry_message: Callable[[str], str]  # the follow-up turn that tells the model why its answer was unusable
    failure: type[EngramError]
    failed: str
    echo_chars: int  # how much of an unusable answer is shown back to the model on the retry
    log_chars: int  # how much of the prompt and answers a verbose log keeps
    log_fields: dict[str, Any] = field(default_factory=dict)  # context for every log line (a source id)


@dataclass(frozen=True)
class Answered(Generic[T]):
    """The parsed answer, the model and tokens summed over both attempts, and how many attempts it took."""

    value: T
    usage: TokenUsage
    attempts: int

    def usage_fields(self) -> dict[str, Any]:
        """The result fields that record which model answered and what it cost."""
        return {
            "model": self.usage.model,
            "input_tokens": self.usage.input_tokens,
            "output_tokens": self.usage.output_tokens,
        }


class ToolCallingEngine:
    """Base of the LLM extractor and decider: any `LLM` that can call tools (Anthropic, OpenAI, Bedrock).

    `settings` defaults to `get_settings()` read at call time; `sleep` is injectable so tests of the
    retry path do not wait.
    """

    def __init__(
        self,
        llm: LLM,
        *,
        settings: Settings | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.llm = llm
        self.name = f"llm:{llm.name}"
        self._settings = settings
        self._sleep = sleep

    def ask(self, request: ToolRequest, parse: Callable[[LLMResult], T]) -> Answered[T]:
        """`parse` applied to the model's answer; it raises `UnusableAnswer` to have the model try again."""
        settings = self._settings or get_settings()
        fields = request.log_fields
        messages: list[dict] = [{"role": "user", "content": request.prompt}]
        usage = TokenUsage(model=self.llm.model)
        errors: list[Exception] = []
        if settings.verbose_logging:
            logger.info(
                f"{request.stage} prompt",
                **fields,
                prompt=redact_for_log(request.prompt, limit=request.log_chars),
            )
        for attempt in (1, 2):
            if attempt == 2:
                self._sleep(settings.llm_retry_backoff_seconds)
            try:
                answer = self.llm.complete(
                    system=request.system,
                    messages=messages,
                    tools=request.tools,
                    tool_choice=request.tool_choice,
                    temperature=0.0,
                )
            except (ProviderUnavailable, ProviderError) as err:
                metrics.add_metric(name="llm_error", unit=MetricUnit.Count, value=1)
                logger.warning(
                    f"{request.stage} model call failed",
                    **fields,
                    attempt=attempt,
                    error_code=err.code,
                    error=err.message,
                )
                errors.append(err)
                continue
            usage.add(answer)
            if settings.verbose_logging:
                logger.info(
                    f"{request.stage} answer",
                    **fields,
                    attempt=attempt,
                    answer=redact_for_log(echo(answer), request.log_chars),
                )
            try:
                return Answered(parse(answer), usage, attempt)
            except UnusableAnswer as err:
                metrics.add_metric(name="parse_fail", unit=MetricUnit.Count, value=1)
                logger.warning(
                    f"{request.stage} answer unusable",
                    **fields,
                    attempt=attempt,
                    reason=str(err),
                    stop_reason=answer.stop_reason,
                )
                errors.append(err)
                messages = [
                    messages[0],
                    {"role": "assistant", "content": echo(answer)[: request.echo_chars] or "(empty answer)"},
                    {"role": "user", "content": request.retry_message(str(err))},
                ]
        raise _failure(request, errors) from errors[-1]


def _failure(request: ToolRequest, errors: list[Exception]) -> EngramError:
    """The engine's error after the last attempt, with the provider's retry_after when one gave it."""
    last = errors[-1]
    retry_after = next(
        (e.retry_after for e in reversed(errors) if isinstance(e, EngramError) and e.retry_after), None
    )
    reason = last.message if isinstance(last, ProviderError | ProviderUnavailable) else str(last)
    return request.failure(f"{request.failed} after one retry: {reason}", retry_after=retry_after)


def echo(answer: LLMResult) -> str:
    """The answer as text, to show the model what it sent (and, in verbose mode only, the logs)."""
    if answer.tool_calls:
        return "\n".join(
            f"{call.name}({json.dumps(call.arguments, ensure_ascii=False)})" for call in answer.tool_calls
        )
    return answer.text or ""
