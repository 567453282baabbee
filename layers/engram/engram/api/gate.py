"""Checks made before any routing or parsing: body size (413), authentication (401), the input
boundary (400: UTF-8 JSON of bounded depth, text PostgreSQL can store; see `engram.api.boundary`), then
the caller's per-user limits (429 + Retry-After; see `engram.api.limits`).

They run ahead of Powertools' validation so an oversized, anonymous or malformed request costs no work
and gets the same answer in Lambda and locally. In that order: an anonymous request is never counted
against a user, and a malformed one costs no database round trip.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engram.api.auth import user_id_from_request
from engram.api.boundary import check_body, check_path, check_query
from engram.api.limits import enforce_limits
from engram.config import get_settings
from engram.errors import PayloadTooLarge
from engram.lifecycle.fairness import forget_caller

PUBLIC_PATHS = frozenset({"/v1/health", "/v1/openapi.json"})


def admit_request(
    path: str,
    raw_event: Mapping[str, Any],
    body: bytes = b"",
    query: str = "",
    *,
    body_size: int | None = None,
    method: str | None = None,
) -> None:
    """Raises the EngramError to answer with when the request may not reach a route.

    `body_size` is the declared or counted size when the body was not read in full (too large);
    `method` defaults to the one in the event (API Gateway's `requestContext.http.method`)."""
    forget_caller()
    limit = get_settings().max_body_bytes
    size = len(body) if body_size is None else body_size
    if size > limit:
        raise PayloadTooLarge(f"the request body is larger than {limit} bytes", field="body")
    user_id = None if path in PUBLIC_PATHS else user_id_from_request(raw_event)
    refusal = check_path(path) or check_query(query) or check_body(body)
    if refusal is not None:
        raise refusal
    if user_id is not None:
        enforce_limits(user_id, method or _event_method(raw_event), path, body)


def _event_method(raw_event: Mapping[str, Any]) -> str:
    return str(((raw_event.get("requestContext") or {}).get("http") or {}).get("method") or "GET")
