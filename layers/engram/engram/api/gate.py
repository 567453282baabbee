"""Checks made before any routing or parsing: body size (413), authentication (401), and the input
boundary (400: UTF-8 JSON of bounded depth, text PostgreSQL can store; see `engram.api.boundary`).

They run ahead of Powertools' validation so an oversized, anonymous or malformed request costs no work
and gets the same answer in Lambda and locally.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engram.api.auth import user_id_from_request
from engram.api.boundary import check_body, check_path, check_query
from engram.config import get_settings
from engram.errors import PayloadTooLarge

PUBLIC_PATHS = frozenset({"/v1/health", "/v1/openapi.json"})


def admit_request(
    path: str,
    raw_event: Mapping[str, Any],
    body: bytes = b"",
    query: str = "",
    *,
    body_size: int | None = None,
) -> None:
    """Raises the EngramError to answer with when the request may not reach a route.

    `body_size` is the declared or counted size when the body was not read in full (too large)."""
    limit = get_settings().max_body_bytes
    size = len(body) if body_size is None else body_size
    if size > limit:
        raise PayloadTooLarge(f"the request body is larger than {limit} bytes", field="body")
    if path not in PUBLIC_PATHS:
        user_id_from_request(raw_event)
    refusal = check_path(path) or check_query(query) or check_body(body)
    if refusal is not None:
        raise refusal
