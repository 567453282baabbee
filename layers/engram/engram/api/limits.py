"""Per-user limits at the gate: which class a route's requests count in, and which need the model.

Three classes, each with its own per-user limit per window (`ENGRAM_RATE_LIMIT_READ`, `..._WRITE`,
`..._ADMIN`; 0 = unlimited), so a client stuck re-sending notes does not also lock its user out of
search, and a burst of searches does not stop notes being taken:

- `admin`: the account and its teams (`/v1/export`, `/v1/me`, `/v1/teams...`): rare, and costly (an
  export reads everything, forgetting deletes everything);
- `read`: every GET, and the POSTs whose body is a question (search, recall, explore, timeline, traverse);
- `write`: everything else: analyze, memory-update, import, edits, notes, feedback, preferences,
  consolidation, profile refresh.

The counting and the daily model-token budget are `engram.lifecycle.fairness`; this module only reads
the request.
"""

from __future__ import annotations

import json

from engram.lifecycle.fairness import admit_user

_ADMIN_PATHS = frozenset({"/v1/export", "/v1/me", "/v1/teams"})
_READ_POSTS = frozenset({"/v1/search", "/v1/recall", "/v1/explore", "/v1/timeline", "/v1/traverse"})
_READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def route_class(method: str, path: str) -> str:
    """`read`, `write` or `admin` for a request (unknown routes count too: a flood of 404s is load)."""
    if path in _ADMIN_PATHS or path.startswith("/v1/teams/"):
        return "admin"
    if method.upper() in _READ_METHODS or path in _READ_POSTS:
        return "read"
    return "write"


def needs_model(method: str, path: str, body: bytes) -> bool:
    """Whether the request cannot do its work without the model: an inline analysis (`async` false),
    a decision on a fact (memory-update), a merge (consolidate with `force`). Everything else either
    never calls the model or answers without it (search, recall, summaries, a queued analysis)."""
    if method.upper() != "POST":
        return False
    if path == "/v1/memory-update":
        return True
    if path not in ("/v1/analyze", "/v1/consolidate"):
        return False
    try:
        document = json.loads(body) if body else {}
    except ValueError:
        return False  # the gate's boundary check answers a malformed body before this is asked
    if not isinstance(document, dict):
        return False
    if path == "/v1/analyze":
        return document.get("async") is not True
    return document.get("force") is True


def enforce_limits(user_id: str, method: str, path: str, body: bytes) -> None:
    """Count the request against its user's limits; raises the 429 to answer with when over one."""
    admit_user(user_id, route_class(method, path), lambda: needs_model(method, path, body))
