"""The API's error envelope, `{"error": {"code", "message", "field"?, "correlation_id"?}}`, as exceptions.

One class per status an app handles differently: catch `NotFound` to treat a missing memory as gone,
`ValidationError.field` to point at the input, `RateLimited`/`ServiceUnavailable` (already retried by
the client) to back off for longer. Every answer the server refused is an `ApiError`; no answer at all
is a `ConnectionFailed`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class EngramClientError(Exception):
    """Anything the client raises."""


class ConnectionFailed(EngramClientError):
    """The server gave no answer: it is not running at that address, or the connection broke."""


class ApiError(EngramClientError):
    """The server answered with an error status."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        field: str | None = None,
        correlation_id: str | None = None,
        details: list[dict[str, Any]] | None = None,
        retry_after: float | None = None,
        attempts: int = 1,
    ):
        where = f" ({field})" if field else ""
        super().__init__(f"{status} {code}: {message}{where}")
        self.status, self.code, self.message, self.field = status, code, message, field
        self.correlation_id = correlation_id
        self.details = details or []
        self.retry_after = retry_after
        self.attempts = attempts


class ValidationError(ApiError):
    """400: the request is invalid; `field` names the offending field ("messages[0].role")."""


class Unauthorized(ApiError):
    """401: no valid bearer token."""


class Forbidden(ApiError):
    """403: the caller may not do this (a team role it lacks)."""


class NotFound(ApiError):
    """404: no such row for this user, or no such route."""


class Conflict(ApiError):
    """409: the row is not in a state this request applies to."""


class PayloadTooLarge(ApiError):
    """413: the body is larger than the server accepts."""


class RateLimited(ApiError):
    """429: too many requests; `retry_after` says when to try again."""


class ServerError(ApiError):
    """5xx: the server failed; `correlation_id` finds the request in its logs."""


class ServiceUnavailable(ServerError):
    """503: the database or a model provider is unavailable for now; `retry_after` says for how long."""


_BY_STATUS: dict[int, type[ApiError]] = {
    400: ValidationError,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    413: PayloadTooLarge,
    429: RateLimited,
    503: ServiceUnavailable,
}


def error_for(
    status: int, body: Any, headers: Mapping[str, str], retry_after: float | None, attempts: int
) -> ApiError:
    """The typed error for an error answer; a body without the envelope still gives its status."""
    envelope = body.get("error") if isinstance(body, dict) else None
    if not isinstance(envelope, dict):
        envelope = {"code": "unexpected_response", "message": f"HTTP {status} without an error body"}
    kind = _BY_STATUS.get(status) or (ServerError if status >= 500 else ApiError)
    details = envelope.get("details")
    return kind(
        status,
        str(envelope.get("code", "error")),
        str(envelope.get("message", "")),
        field=envelope.get("field"),
        correlation_id=envelope.get("correlation_id") or headers.get("x-correlation-id"),
        details=details if isinstance(details, list) else None,
        retry_after=retry_after,
        attempts=attempts,
    )
