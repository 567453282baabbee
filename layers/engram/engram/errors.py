"""Typed errors. Each carries its HTTP status and a stable code; the API maps them in one place.

Services raise these; nothing matches on message text.
"""

from __future__ import annotations


class EngramError(Exception):
    status = 500
    code = "internal_error"

    def __init__(self, message: str, *, field: str | None = None, retry_after: int | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.retry_after = retry_after


class ValidationFailed(EngramError):
    status = 400
    code = "validation_error"


class InvalidJson(EngramError):
    status = 400
    code = "invalid_json"


class Unauthorized(EngramError):
    status = 401
    code = "unauthorized"


class Forbidden(EngramError):
    status = 403
    code = "forbidden"


class NotFound(EngramError):
    status = 404
    code = "not_found"


class Conflict(EngramError):
    status = 409
    code = "conflict"


class PayloadTooLarge(EngramError):
    status = 413
    code = "payload_too_large"


class Unprocessable(EngramError):
    status = 422
    code = "unprocessable"


class RateLimited(EngramError):
    status = 429
    code = "rate_limited"


class ModelBudgetExhausted(RateLimited):
    """The user spent their daily model-token budget: model work waits until it frees (`retry_after`)."""

    code = "model_budget_exhausted"


class ProviderError(EngramError):
    """A model provider failed in a way a retry will not fix (bad request, auth, malformed answer)."""

    status = 502
    code = "provider_error"


class ProviderUnavailable(EngramError):
    """A model provider is throttling or down; the client should retry later (503 + Retry-After)."""

    status = 503
    code = "provider_unavailable"


class NotImplementedYet(EngramError):
    status = 501
    code = "not_implemented"


class DatabaseUnavailable(EngramError):
    """The database is unreachable or restarting, or a transaction lost a deadlock: the client should
    retry (503 + Retry-After, by default RETRY_AFTER_SECONDS). Locally a crashed embedded server is
    back within about a second (engram.local.supervisor); in AWS a failover takes longer, and a client
    backing off on repeated 503s covers it."""

    status = 503
    code = "database_unavailable"
    RETRY_AFTER_SECONDS = 1

    def __init__(self, message: str, *, field: str | None = None, retry_after: int | None = None):
        super().__init__(message, field=field, retry_after=retry_after or self.RETRY_AFTER_SECONDS)


class ExtractionFailed(EngramError):
    """Extraction produced no usable answer after its retry (parse failure or model error)."""

    status = 502
    code = "extraction_failed"


class DecisionFailed(EngramError):
    """The update decision was malformed or targeted an unknown memory after its retry."""

    status = 502
    code = "decision_failed"
