"""The error contract of the HTTP API, in one place: `{"error": {"code", "message", "field"?}}`.

Typed EngramErrors map to their status; Powertools' request validation (pydantic) maps to 400 with
the offending field named; unknown routes to 404; anything else to 500 with a correlation id and no
stack trace in the body.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError, ServiceError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from engram.errors import EngramError

logger = Logger(service="engram", child=True)

# Powertools' own HTTP errors, by status, to our codes.
_SERVICE_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    408: "timeout",
    413: "payload_too_large",
    500: "internal_error",
    503: "service_unavailable",
}


def error_body(code: str, message: str, field: str | None = None, **extra: Any) -> dict:
    error: dict[str, Any] = {"code": code, "message": message}
    if field:
        error["field"] = field
    error.update(extra)
    return {"error": error}


def error_response(
    status: int, code: str, message: str, field: str | None = None, headers: dict | None = None, **extra: Any
) -> Response:
    return Response(
        status_code=status,
        content_type=content_types.APPLICATION_JSON,
        body=json.dumps(error_body(code, message, field, **extra)),
        headers=headers or {},
    )


def engram_error_response(exc: EngramError) -> Response:
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    return error_response(exc.status, exc.code, exc.message, exc.field, headers)


# How pydantic names the member of a union that failed (`literal['a','b']`, `constrained-float`,
# `function-after[...]`, `float`): a step of the error's path that is no field of ours.
_UNION_TAG = re.compile(
    r"[\[\]()',]|^[a-z]+(?:-[a-z]+)+$|^(?:str|int|float|bool|dict|list|none|datetime|uuid)$"
)


def _field_from_loc(loc: tuple | list) -> str | None:
    """('body', 'messages', 0, 'role') -> 'messages[0].role'; ('query', 'limit') -> 'limit';
    ('body', 'min_importance', "literal['critical',...]") -> 'min_importance'."""
    parts = list(loc)
    if parts and parts[0] in ("body", "query", "path", "header"):
        parts = parts[1:]  # the location, not a field (a body field may itself be called "query")
    parts = [p for p in parts if not (isinstance(p, str) and _UNION_TAG.search(p))]
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or None


_MESSAGES = {
    "missing": "is required",
    "extra_forbidden": "is not a known field",
    "string_too_long": "is too long",
    "string_too_short": "is too short",
    "too_long": "has too many items",
    "too_short": "has too few items",
    "literal_error": "is not one of the allowed values",
    "enum": "is not one of the allowed values",
}


def validation_error_response(exc: RequestValidationError) -> Response:
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return error_response(400, "invalid_json", "the request body is not valid JSON")
    if any(e.get("type") == "unsupported_content_type" for e in errors):
        return error_response(415, "unsupported_media_type", "send the body as application/json")
    first = errors[0] if errors else {}
    # A model's own rule names its field in ctx; the location is where that model sits in the body.
    where, named = _field_from_loc(first.get("loc", ())), (first.get("ctx") or {}).get("field")
    field = where or named
    if where and named and named != "body" and not where.split(".")[-1].startswith(named):
        field = f"{where}.{named}"
    kind = first.get("type", "invalid")
    if field is None and kind in ("model_attributes_type", "dict_type", "missing"):
        return error_response(400, "validation_error", "the request body must be a JSON object", "body")
    message = str(first.get("msg", "is invalid")).removeprefix("Value error, ")
    reason = _MESSAGES.get(kind) or message[:1].lower() + message[1:]
    details = [{"field": _field_from_loc(e.get("loc", ())), "type": e.get("type")} for e in errors[:20]]
    # A model's own rule either completes "<field> ..." ("or end or query is required") or says it all,
    # naming the field itself ("send either content or messages, not both"): that one stands alone.
    says_it_all = (
        kind not in _MESSAGES and named and field == named and re.search(rf"\b{re.escape(named)}\b", reason)
    )
    text = reason if says_it_all else f"{field or 'body'} {reason}"
    return error_response(400, "validation_error", text, field or "body", details=details)


def register_error_handlers(app: Any) -> None:
    """Attach the contract to a Powertools resolver (Lambda or local)."""

    @app.exception_handler(EngramError)
    def _engram(exc: EngramError) -> Response:
        if exc.status >= 500:
            logger.warning("request failed", extra={"error_code": exc.code, "status": exc.status})
        return engram_error_response(exc)

    @app.exception_handler(RequestValidationError)
    def _validation(exc: RequestValidationError) -> Response:
        return validation_error_response(exc)

    @app.not_found
    def _not_found(exc: NotFoundError) -> Response:
        event = app.current_event
        allowed = sorted(
            {r.method for r in app._static_routes + app._dynamic_routes if r.rule.match(event.path)}
        )
        if allowed:
            return error_response(
                405,
                "method_not_allowed",
                f"{event.http_method.upper()} is not allowed here; use {', '.join(allowed)}",
                headers={"Allow": ", ".join(allowed)},
            )
        return error_response(404, "not_found", "no such route")

    @app.exception_handler(ServiceError)
    def _service(exc: ServiceError) -> Response:
        return error_response(exc.status_code, _SERVICE_CODES.get(exc.status_code, "error"), str(exc.msg))

    @app.exception_handler(Exception)
    def _unexpected(exc: Exception) -> Response:
        correlation_id = str(uuid.uuid4())
        logger.exception("unhandled error", extra={"correlation_id": correlation_id})
        return error_response(
            500, "internal_error", "something went wrong on our side", correlation_id=correlation_id
        )
