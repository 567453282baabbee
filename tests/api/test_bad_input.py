"""Bad input, route by route: every case is a 4xx with the error shape (and the field named where there
is one), never a 500, and nothing is written for any of the users who sent them.

The cases are built from shapes, not listed one by one: each string field of each write route gets
U+0000 and a lone surrogate, each time field the times Python or PostgreSQL cannot hold, each body
route the bodies that are not UTF-8 JSON objects, each route the wrong methods and tokens.
"""

from __future__ import annotations

import copy
import json
import re
import uuid
from dataclasses import dataclass
from typing import Any

import pytest

from tests.http_client import ApiClient

RUN = uuid.uuid4().hex[:8]
SOME_ID = "3f8a7c1e-0000-4000-8000-00000000abcd"
OK_TIME = "2024-03-01T09:30:00Z"


@dataclass(frozen=True)
class Case:
    name: str
    method: str
    path: str
    body: Any = None
    raw: bytes | None = None
    status: int = 400
    field: str | None = None
    headers: tuple[tuple[str, str], ...] = ()
    token: bool = True


# A valid body per write route; each case changes one thing in it.
VALID: dict[tuple[str, str], dict[str, Any]] = {
    ("POST", "/v1/analyze"): {
        "messages": [
            {"role": "user", "content": "I like kiwis", "timestamp": OK_TIME, "id": "m1", "name": "Sam"}
        ],
        "source": {
            "type": "conversation",
            "document_date": OK_TIME,
            "external_id": "chat-1",
            "tags": ["food"],
            "participants": ["sam"],
        },
        "idempotency_key": "key-1",
    },
    ("POST", "/v1/memory-update"): {
        "candidate_fact": {
            "content": "I like kiwis",
            "name": "kiwi",
            "evidence": "said so",
            "subject": "me",
            "attribute": "likes",
            "value": "kiwi",
            "effective_from": OK_TIME,
            "expires_at": "2025-03-01T09:30:00Z",
            "event_date": OK_TIME,
        },
        "observed_at": OK_TIME,
    },
    ("POST", "/v1/search"): {"query": "kiwis", "limit": 5},
    ("POST", "/v1/recall"): {"query": "kiwis", "history": [{"content": "hello", "timestamp": OK_TIME}]},
    ("POST", "/v1/timeline"): {"start": OK_TIME, "end": "2024-04-01T00:00:00Z", "query": "kiwis"},
    ("POST", "/v1/explore"): {"queries": [{"query": "kiwi"}], "text_matches": ["kiwi"]},
    ("POST", "/v1/import"): {
        "entities": [
            {
                "name": "Sam",
                "context": "a friend",
                "first_mentioned_at": OK_TIME,
                "last_mentioned_at": OK_TIME,
                "created_at": OK_TIME,
            }
        ],
        "facts": [
            {
                "content": "I like kiwis",
                "name": "kiwi",
                "evidence": "said so",
                "outcome": "good",
                "effective_from": OK_TIME,
                "expires_at": "2025-03-01T09:30:00Z",
                "document_date": OK_TIME,
                "event_date": OK_TIME,
                "valid_from": OK_TIME,
                "outcome_recorded_at": OK_TIME,
                "last_reinforced_at": OK_TIME,
                "created_at": OK_TIME,
                "metadata": {"note": "x"},
            }
        ],
    },
    ("POST", "/v1/feedback"): {
        "kind": "recall",
        "query": "kiwis",
        "memory_ids": [],
        "helpful": False,
        "correction": "I like mangoes",
    },
    ("PUT", "/v1/preferences"): {"custom_instructions": "be brief", "never_store": ["health"]},
    ("PUT", f"/v1/memories/{SOME_ID}"): {
        "content": "I like kiwis",
        "name": "kiwi",
        "category": "food",
        "effective_from": OK_TIME,
        "expires_at": "2025-03-01T09:30:00Z",
        "event_date": OK_TIME,
    },
    ("POST", f"/v1/entities/{SOME_ID}/notes"): {"content": "likes kiwis"},
    ("POST", f"/v1/relationships/{SOME_ID}/notes"): {"content": "met at work"},
    ("POST", "/v1/traverse"): {"mode": "ppr", "seed_nodes": ["Sam"]},
    ("POST", "/v1/consolidate"): {"force": False, "threshold": 0.9},
}

STRING_FIELDS: dict[tuple[str, str], list[str]] = {
    ("POST", "/v1/analyze"): [
        "messages[0].content",
        "messages[0].id",
        "messages[0].name",
        "source.type",
        "source.external_id",
        "source.tags[0]",
        "source.participants[0]",
        "idempotency_key",
    ],
    ("POST", "/v1/memory-update"): [
        "candidate_fact.content",
        "candidate_fact.name",
        "candidate_fact.evidence",
        "candidate_fact.subject",
        "candidate_fact.value",
    ],
    ("POST", "/v1/search"): ["query"],
    ("POST", "/v1/recall"): ["query", "history[0].content"],
    ("POST", "/v1/timeline"): ["query"],
    ("POST", "/v1/explore"): ["queries[0].query", "text_matches[0]"],
    ("POST", "/v1/import"): [
        "entities[0].name",
        "entities[0].context",
        "facts[0].content",
        "facts[0].evidence",
        "facts[0].outcome",
        "facts[0].metadata.note",
    ],
    ("POST", "/v1/feedback"): ["query", "correction"],
    ("PUT", "/v1/preferences"): ["custom_instructions", "never_store[0]"],
    ("PUT", f"/v1/memories/{SOME_ID}"): ["content", "name", "category"],
    ("POST", f"/v1/entities/{SOME_ID}/notes"): ["content"],
    ("POST", f"/v1/relationships/{SOME_ID}/notes"): ["content"],
    ("POST", "/v1/traverse"): ["seed_nodes[0]"],
}

TIME_FIELDS: dict[tuple[str, str], list[str]] = {
    ("POST", "/v1/analyze"): ["messages[0].timestamp", "source.document_date"],
    ("POST", "/v1/memory-update"): [
        "observed_at",
        "candidate_fact.effective_from",
        "candidate_fact.expires_at",
        "candidate_fact.event_date",
    ],
    ("POST", "/v1/recall"): ["history[0].timestamp"],
    ("POST", "/v1/timeline"): ["start", "end"],
    ("POST", "/v1/import"): [
        "entities[0].first_mentioned_at",
        "entities[0].last_mentioned_at",
        "entities[0].created_at",
        "facts[0].effective_from",
        "facts[0].expires_at",
        "facts[0].document_date",
        "facts[0].event_date",
        "facts[0].valid_from",
        "facts[0].outcome_recorded_at",
        "facts[0].last_reinforced_at",
        "facts[0].created_at",
    ],
    ("PUT", f"/v1/memories/{SOME_ID}"): ["effective_from", "expires_at", "event_date"],
}

# Times a client may send that no stored time can be: beyond Python's years after the offset is
# applied, outside the stored window, not a time at all, a bare number.
BAD_TIMES = {
    "year-1-east": "0001-01-01T00:00:00+14:00",
    "year-9999-west": "9999-12-31T23:59:59-14:00",
    "before-window": "0999-12-31T23:59:59Z",
    "not-a-time": "next tuesday-ish",
    "month-13": "2024-13-01T00:00:00Z",
    "number": 1700000000,
}

UNSTORABLE = {"nul": "before\u0000after", "surrogate": "before\ud800after"}


def _set(body: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """`body` with the value at `messages[0].content`-style `path` replaced."""
    changed = copy.deepcopy(body)
    steps = [int(s) if s.isdigit() else s for s in re.findall(r"[^.\[\]]+", path)]
    target: Any = changed
    for step in steps[:-1]:
        target = target[step]
    target[steps[-1]] = value
    return changed


def _field_cases() -> list[Case]:
    cases = []
    for (method, path), fields in STRING_FIELDS.items():
        for field in fields:
            for kind, value in UNSTORABLE.items():
                body = _set(VALID[(method, path)], field, value)
                raw = json.dumps(body).encode()  # \u0000 and \ud800 travel as JSON escapes
                cases.append(Case(f"{method} {path} {field} {kind}", method, path, raw=raw, field=field))
    for (method, path), fields in TIME_FIELDS.items():
        for field in fields:
            for kind, value in BAD_TIMES.items():
                body = _set(VALID[(method, path)], field, value)
                cases.append(Case(f"{method} {path} {field} {kind}", method, path, body=body, field=field))
    return cases


# Bodies no route can read, and the field each is refused for.
BAD_BODIES: dict[str, tuple[bytes, str | None]] = {
    "latin-1": (b'{"query": "caf\xe9"}', "body"),
    "truncated": (b'{"query": "kiwi"', "body"),
    "nan": (b'{"query": "kiwi", "limit": NaN}', "body"),
    "infinity": (b'{"query": "kiwi", "limit": Infinity}', "body"),
    "overflowing-number": (b'{"query": "kiwi", "limit": 1e400}', "body"),
    "deep-50000": (b"[" * 50_000, "body"),
    "deep-40-objects": (b'{"a":' * 40 + b"1" + b"}" * 40, None),
    "array": (b"[]", "body"),
    "array-of-a-valid-body": (b'[{"query": "kiwi", "content": "kiwi", "force": true}]', "body"),
    "string": (b'"kiwi"', "body"),
    "number": (b"42", "body"),
    "null": (b"null", "body"),
    "nul-in-key": (b'{"qu\\u0000ery": "kiwi"}', "body"),
    "bom": (b'\xef\xbb\xbf{"query": "kiwi"}', "body"),
}


def _body_cases() -> list[Case]:
    cases = []
    for method, path in VALID:
        for kind, (raw, field) in BAD_BODIES.items():
            cases.append(Case(f"{method} {path} body {kind}", method, path, raw=raw, field=field))
    return cases


def _wrong_value_cases() -> list[Case]:
    """One field of the right name with a value of the wrong kind or range."""
    wrong = [
        ("POST", "/v1/search", {"query": "kiwi", "limit": 0}, "limit"),
        ("POST", "/v1/search", {"query": "kiwi", "limit": "5"}, "limit"),
        ("POST", "/v1/search", {"query": "kiwi", "limit": 5.5}, "limit"),
        ("POST", "/v1/search", {"query": "kiwi", "threshold": True}, "threshold"),
        ("POST", "/v1/search", {"query": "kiwi", "threshold": 1.5}, "threshold"),
        ("POST", "/v1/search", {"query": "kiwi", "min_importance": "huge"}, "min_importance"),
        ("POST", "/v1/search", {"query": "kiwi", "min_importance": False}, "min_importance"),
        ("POST", "/v1/search", {"query": "kiwi", "memory_types": ["feeling"]}, "memory_types[0]"),
        ("POST", "/v1/search", {"query": "kiwi", "explain": "yes"}, "explain"),
        ("POST", "/v1/search", {"query": ""}, "query"),
        ("POST", "/v1/search", {"query": 42}, "query"),
        ("POST", "/v1/search", {"query": "kiwi", "user_id": "someone-else"}, "user_id"),
        ("POST", "/v1/analyze", {}, None),
        ("POST", "/v1/analyze", {"content": "x", "messages": [{"content": "y"}]}, None),
        ("POST", "/v1/analyze", {"content": "kiwi", "async": 1}, "async"),
        ("POST", "/v1/analyze", {"messages": []}, "messages"),
        ("POST", "/v1/analyze", {"messages": [{"role": "robot", "content": "x"}]}, "messages[0].role"),
        ("POST", "/v1/analyze", {"messages": [{"content": ""}]}, "messages[0].content"),
        ("POST", "/v1/analyze", {"content": "kiwi", "source": {"tags": ["x" * 65]}}, "source.tags[0]"),
        ("POST", "/v1/recall", {"query": "kiwi", "max_chars": 10}, "max_chars"),
        ("POST", "/v1/recall", {"query": "kiwi", "multi_query": 0}, "multi_query"),
        ("POST", "/v1/timeline", {}, None),
        ("POST", "/v1/timeline", {"start": OK_TIME, "end": "2020-01-01T00:00:00Z"}, "end"),
        ("POST", "/v1/timeline", {"query": "march", "limit": 0}, "limit"),
        ("POST", "/v1/explore", {"queries": [{"query": "x", "threshold": True}]}, "queries[0].threshold"),
        ("POST", "/v1/explore", {"text_matches": ["x"], "granularity": 4}, "granularity"),
        ("POST", "/v1/consolidate", {"force": 0}, "force"),
        ("POST", "/v1/consolidate", {"threshold": 0.1}, "threshold"),
        ("POST", "/v1/feedback", {"kind": "recall", "query": "x"}, "helpful"),
        ("POST", "/v1/feedback", {"kind": "gossip"}, "kind"),
        ("PUT", "/v1/preferences", {"min_confidence": 2}, "min_confidence"),
        ("PUT", "/v1/preferences", {"prefer_recent": "true"}, "prefer_recent"),
        ("PUT", "/v1/preferences", {"enabled_categories": []}, "enabled_categories"),
        ("PUT", f"/v1/memories/{SOME_ID}", {}, "body"),
        ("PUT", f"/v1/memories/{SOME_ID}", {"memory_type": None}, "memory_type"),
        ("PUT", f"/v1/memories/{SOME_ID}", {"is_historical": "no"}, "is_historical"),
        ("POST", "/v1/memory-update", {"candidate_fact": {"content": ""}}, "candidate_fact.content"),
        ("POST", "/v1/memory-update", {"candidate_fact": {"content": "x"}, "similar_memories": ["no"]}, None),
        ("POST", "/v1/import", {"facts": [{"content": "x", "confidence": 3}]}, "facts[0].confidence"),
        (
            "POST",
            "/v1/import",
            {"facts": [{"content": "x", "memory_type": "feeling"}]},
            "facts[0].memory_type",
        ),
        ("POST", "/v1/import", {"entities": [{"name": "Sam", "verified": 0}]}, "entities[0].verified"),
        ("POST", "/v1/import", {"facts": [{"content": "x", "confidence": "0.5"}]}, "facts[0].confidence"),
        ("POST", "/v1/import", {"facts": [{"content": "x", "is_historical": 1}]}, "facts[0].is_historical"),
        ("POST", "/v1/traverse", {"mode": "cypher", "query": "MATCH (n) RETURN n"}, None),
        ("POST", "/v1/traverse", {"mode": "ppr", "seed_nodes": [], "damping": 2}, None),
    ]
    return [Case(f"{m} {p} wrong {i}", m, p, body=b, field=f) for i, (m, p, b, f) in enumerate(wrong)]


def _query_and_path_cases() -> list[Case]:
    query = [
        ("/v1/memories?q=%00", "q"),
        ("/v1/memories?q=%ED%A0%80", "query"),  # a surrogate, percent-encoded: not UTF-8
        ("/v1/memories?q=%FF%FE", "query"),
        ("/v1/memories?limit=0", "limit"),
        ("/v1/memories?limit=abc", "limit"),
        ("/v1/memories?status=deleted", "status"),
        ("/v1/memories?cursor=forged", "cursor"),
        ("/v1/memories?include_historical=maybe", "include_historical"),
        ("/v1/entities?kind=robot", "kind"),
        ("/v1/entities?name=%00", "name"),
        ("/v1/graph/neighbors?entity=Sam&depth=0", "depth"),
        ("/v1/graph/neighbors?entity=Sam&as_of=0001-01-01T00:00:00%2B14:00", "as_of"),
        ("/v1/graph/neighbors?entity=Sam&as_of=1700000000", "as_of"),
        ("/v1/graph/path?from=Sam&to=Ann&max_hops=99", "max_hops"),
        (f"/v1/entities/{SOME_ID}?as_of=9999-12-31T23:59:59-14:00", "as_of"),
        (f"/v1/entities/{SOME_ID}/memories?limit=-1", "limit"),
        ("/v1/profile?include_history=perhaps", "include_history"),
        ("/v1/memories/not-a-uuid", "id"),
        ("/v1/memories/not-a-uuid/history", "id"),
        ("/v1/memories/not-a-uuid/related", "id"),
        ("/v1/entities/not-a-uuid", "id"),
        ("/v1/jobs/not-a-uuid", "job_id"),
        ("/v1/memories/%00", "path"),
    ]
    return [Case(f"GET {p}", "GET", p, field=f) for p, f in query]


def _auth_and_method_cases() -> list[Case]:
    cases = []
    tokens = {
        "none": None,
        "basic": "Basic YWxpY2U6c2VjcmV0",
        "empty-dev": "Bearer dev:",
        "no-prefix": "Bearer alice",
        "space-in-subject": "Bearer dev:alice smith",
        "control-in-subject": "Bearer dev:al\x01ice",
        "too-long": "Bearer dev:" + "a" * 129,
    }
    for path in ("/v1/memories", "/v1/preferences", "/v1/export", "/v1/profile"):
        for kind, value in tokens.items():
            headers = (("Authorization", value),) if value else ()
            cases.append(
                Case(f"GET {path} token {kind}", "GET", path, status=401, headers=headers, token=False)
            )
    for method, path in [
        ("TRACE", "/v1/memories"),
        ("PATCH", "/v1/memories"),
        ("DELETE", "/v1/search"),
        ("GET", "/v1/search"),
        ("PUT", "/v1/analyze"),
        ("POST", "/v1/health"),
        ("DELETE", "/v1/preferences"),
        ("GET", "/v1/import"),
        ("POST", f"/v1/memories/{SOME_ID}"),
        ("PATCH", f"/v1/entities/{SOME_ID}"),
    ]:
        cases.append(Case(f"{method} {path} wrong method", method, path, status=405))
    cases.append(Case("GET /v1/nowhere", "GET", "/v1/nowhere", status=404))
    cases.append(
        Case("POST /v1/search huge", "POST", "/v1/search", raw=b" " * 1_100_000, status=413, field="body")
    )
    return cases


CASES = (
    _field_cases() + _body_cases() + _wrong_value_cases() + _query_and_path_cases() + _auth_and_method_cases()
)


def _user(case: Case) -> str:
    return f"bad-{RUN}-{abs(hash(case.name)) % 10**8}"


def test_there_are_at_least_250_cases() -> None:
    assert len(CASES) >= 250, len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_a_clear_4xx(api: ApiClient, case: Case) -> None:
    response = api.request(
        case.method,
        case.path,
        case.body,
        raw_body=case.raw,
        user=_user(case) if case.token else None,
        headers=dict(case.headers),
    )
    assert response.status == case.status, (response.status, response.body)
    assert isinstance(response.body, dict) and set(response.error) >= {"code", "message"}, response.body
    if case.field is not None:
        assert response.error.get("field") == case.field, response.body
    if case.status == 405:
        assert response.headers.get("allow"), response.headers


def test_two_authorization_headers_are_refused(api: ApiClient) -> None:
    import http.client

    conn = http.client.HTTPConnection(*api_address(api), timeout=10)
    conn.putrequest("GET", "/v1/memories")
    conn.putheader("Authorization", "Bearer dev:alice")
    conn.putheader("Authorization", "Bearer dev:mallory")
    conn.endheaders()
    response = conn.getresponse()
    body = json.loads(response.read())
    conn.close()
    assert response.status == 400
    assert body["error"]["field"] == "authorization"


def test_a_token_with_bytes_that_are_not_utf8_is_401(api: ApiClient) -> None:
    import http.client

    conn = http.client.HTTPConnection(*api_address(api), timeout=10)
    conn.putrequest("GET", "/v1/memories")
    conn.putheader("Authorization", b"Bearer dev:caf\xe9")
    conn.endheaders()
    response = conn.getresponse()
    body = json.loads(response.read())
    conn.close()
    assert response.status == 401
    assert body["error"]["code"] == "unauthorized"


def api_address(api: ApiClient) -> tuple[str, int]:
    return api.host, api.port


def test_nothing_was_written_for_any_refused_request(api: ApiClient, db: Any) -> None:
    # Given every case above has run (this test comes after them in the module)
    users = [_user(c) for c in CASES]
    tables = [
        "memories",
        "sources",
        "memory_jobs",
        "memory_operations",
        "entities",
        "relationships",
        "feedback",
    ]
    with db.system_transaction() as conn:
        counts = {
            table: conn.execute(
                f"SELECT count(*) AS n FROM {table} WHERE user_id = ANY(%s)", (users,)
            ).fetchone()["n"]
            for table in tables
        }
        prefs = conn.execute(
            "SELECT count(*) AS n FROM memory_preferences WHERE user_id = ANY(%s)", (users,)
        ).fetchone()["n"]
    # Then not one row exists for them
    assert counts == dict.fromkeys(tables, 0)
    assert prefs == 0
