"""Model spend per user: every call of the shared LLM is metered for the user it is made for.

Inside a `ModelScope` (`engram.domain.model_scope`: the API gate opens one per request, the job runner
one per job) each completion's tokens are added to the user's daily ledger (`model_token_usage`); a
scope opened for a user whose daily budget is already spent refuses every call with
`ModelBudgetExhausted` before it reaches the provider. The read path treats that as any model failure:
it answers without the model (heuristic classification, no query expansion, the template summary). A
call outside any scope (a CLI command, a test) is neither metered nor refused.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from aws_lambda_powertools import Logger

from engram.db.connection import get_database
from engram.db.repositories import usage_limits
from engram.domain.model_scope import current_model_scope, refusal
from engram.observability import SERVICE
from engram.providers.base import LLM, LLMResult

logger = Logger(service=SERVICE, child=True)


class MeteredLLM:
    """An `LLM` that meters each call for the current scope's user (and refuses when it is spent)."""

    def __init__(self, inner: LLM):
        self.inner = inner
        self.name = inner.name
        self.model = inner.model

    def complete(self, **request: Any) -> LLMResult:
        """`LLM.complete`, passed through whole (its arguments are the port's, keyword-only)."""
        scope = current_model_scope()
        if scope is not None and scope.refused_until is not None:
            raise refusal(scope.refused_until, datetime.now(scope.refused_until.tzinfo))
        result = self.inner.complete(**request)
        if scope is not None:
            _record(scope.user_id, result)
        return result


def _record(user_id: str, result: LLMResult) -> None:
    """Add the call's tokens to the ledger; a database hiccup loses this tally, never the answer."""
    try:
        with get_database().system_transaction() as conn:
            usage_limits.add_tokens(conn, user_id, result.input_tokens, result.output_tokens)
    except Exception:  # noqa: BLE001 - the model already answered and was paid for; keep its answer
        logger.warning("recording model tokens failed", exc_info=True)
