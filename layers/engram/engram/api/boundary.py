"""What every request must be before any route sees it: UTF-8, JSON of bounded depth, storable text.

These are the bytes-level rules a pydantic model cannot state once for all routes. A body must decode
as UTF-8 and parse as a standard JSON object (no NaN or Infinity); objects and arrays nest at most
`MAX_JSON_DEPTH` deep (50,000 nested `[` once exhausted the parser's recursion); and no string — value
or key, in the body or the query — may hold a character PostgreSQL cannot store: U+0000, or half of a
UTF-16 surrogate pair (JSON's `"\\ud800"` decodes to one, and it cannot be encoded as UTF-8). Each
refusal is a 400 that names the field, e.g. `messages[2].content`, before anything is written.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any
from urllib.parse import parse_qsl

from engram.errors import InvalidJson, ValidationFailed

MAX_JSON_DEPTH = 32
# PostgreSQL's `real` (float4) holds nothing closer to zero than ~1.2e-38: a threshold of 2e-46 cast
# to it is an "underflow" error (a 500). No field of Engram's means anything by such a number.
_TINY = 1e-30
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def check_body(body: bytes) -> ValidationFailed | InvalidJson | None:
    """The refusal for a request body, or None when it is UTF-8 JSON that PostgreSQL can store."""
    if not body:
        return None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return InvalidJson("the request body is not UTF-8 text", field="body")
    try:
        document = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:
        return _too_deep("body")
    except ValueError:
        return InvalidJson("the request body is not valid JSON", field="body")
    if not isinstance(document, dict):
        # Every body Engram reads is an object; given a list, Powertools validated its first item.
        return ValidationFailed("the request body must be a JSON object", field="body")
    return check_document(document)


def check_document(document: Any) -> ValidationFailed | None:
    """Walk a parsed body (iteratively: depth is what is being checked) for depth and unstorable text."""
    stack: list[tuple[Any, str, int]] = [(document, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, str):
            if _UNSTORABLE.search(value):
                return _unstorable(path or "body")
        elif isinstance(value, float) and value and abs(value) < _TINY:
            return ValidationFailed(
                f"{path or 'body'} is too close to zero to be stored (send 0 for zero)", field=path or "body"
            )
        elif isinstance(value, dict | list):
            if depth >= MAX_JSON_DEPTH:
                return _too_deep(path or "body")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str) and _UNSTORABLE.search(key):
                    return _unstorable(path or "body")
                child = f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else key)
                stack.append((item, child, depth + 1))
    return None


def check_query(query: str) -> ValidationFailed | None:
    """The refusal for a query string whose parameters (percent-decoded) are not storable text."""
    if not query:
        return None
    try:
        pairs = parse_qsl(query, keep_blank_values=True, errors="strict")
    except (UnicodeDecodeError, ValueError):
        return ValidationFailed("the query string is not UTF-8 text", field="query")
    for name, value in pairs:
        if _UNSTORABLE.search(name) or _UNSTORABLE.search(value):
            return _unstorable(name if not _UNSTORABLE.search(name) else "query")
    return None


def check_path(path: str) -> ValidationFailed | None:
    if _UNSTORABLE.search(path):
        return _unstorable("path")
    return None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError("a number too large for a double")
    return value


def _unstorable(field: str) -> ValidationFailed:
    return ValidationFailed(
        f"{field} contains a character that cannot be stored (U+0000 or a lone surrogate)", field=field
    )


def _too_deep(field: str) -> ValidationFailed:
    return ValidationFailed(f"{field} nests deeper than {MAX_JSON_DEPTH} levels", field=field)
