"""Checks made before any routing or parsing: body size (413) and authentication (401).

They run ahead of Powertools' validation so an oversized or anonymous request costs no work and
gets the same answer in Lambda and locally.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engram.api.auth import user_id_from_request
from engram.config import get_settings
from engram.errors import EngramError, PayloadTooLarge

PUBLIC_PATHS = frozenset({"/v1/health", "/v1/openapi.json"})


def check_request(path: str, raw_event: Mapping[str, Any], body_size: int) -> EngramError | None:
    """The error to answer with, or None to let the request through."""
    limit = get_settings().max_body_bytes
    if body_size > limit:
        return PayloadTooLarge(f"the request body is larger than {limit} bytes", field="body")
    if path in PUBLIC_PATHS:
        return None
    try:
        user_id_from_request(raw_event)
    except EngramError as exc:
        return exc
    return None
