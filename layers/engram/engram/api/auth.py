"""Who is calling. The user id comes from the token, never from the body.

In Lambda the HTTP API's JWT authorizer has already verified the token; we read its `sub` claim
from the request context. Locally (`ENGRAM_STAGE=local`, never inside Lambda) `Bearer dev:<user>`
stands in for a token so a laptop needs no identity provider.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engram.config import get_settings
from engram.errors import Unauthorized
from engram.models import MAX_USER_ID_LENGTH

DEV_TOKEN_PREFIX = "dev:"
# A user id is stored in every row: no control characters, spaces or undecodable bytes (which arrive
# as lone surrogates), so what the gate authenticated is exactly what the database stores.
_PRINTABLE_SUBJECT = re.compile(r"[^\x00-\x20\x7f\ud800-\udfff\s]+")


def _header(headers: Mapping[str, Any] | None, name: str) -> str | None:
    if not headers:
        return None
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return None


def _jwt_subject(raw_event: Mapping[str, Any]) -> str | None:
    authorizer = (raw_event.get("requestContext") or {}).get("authorizer") or {}
    claims = (authorizer.get("jwt") or {}).get("claims") or authorizer.get("claims") or {}
    sub = claims.get("sub")
    return str(sub) if sub else None


def user_id_from_request(raw_event: Mapping[str, Any]) -> str:
    """The authenticated user id, or Unauthorized."""
    subject = _jwt_subject(raw_event)
    dev_tokens = subject is None and get_settings().accepts_dev_tokens
    if dev_tokens:
        subject = _dev_subject(_header(raw_event.get("headers"), "authorization"))
    if not subject:
        # Locally the token is the user id itself, which is easy to send without its prefix.
        hint = f"; locally send `Authorization: Bearer {DEV_TOKEN_PREFIX}<user-id>`" if dev_tokens else ""
        raise Unauthorized("a valid bearer token is required" + hint)
    if len(subject) > MAX_USER_ID_LENGTH:
        raise Unauthorized("the token's subject is too long")
    if not _PRINTABLE_SUBJECT.fullmatch(subject):
        raise Unauthorized("the token's subject must be printable UTF-8 text without spaces")
    return subject


def _dev_subject(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.startswith(DEV_TOKEN_PREFIX):
        return None
    subject = token[len(DEV_TOKEN_PREFIX) :].strip()
    return subject or None
