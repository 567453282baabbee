"""Per-user request limits against the local server: past a class's limit a request gets 429 with
`Retry-After` (the seconds until its window ends) and the usual error body naming the limit, and writes
nothing; other users and other classes are not affected; anonymous and malformed requests are not
counted; the next window admits the user again."""

from __future__ import annotations

import time

import pytest

from engram.api.limits import needs_model, route_class
from engram.config import reset_settings
from tests.http_client import ApiClient, ApiResponse

NOTE = {"content": "I moved to Porto in May.", "source": {"document_date": "2026-03-10T10:00:00Z"}}


def limits(monkeypatch: pytest.MonkeyPatch, *, window: int = 60, **per_class: int) -> None:
    monkeypatch.setenv("ENGRAM_RATE_LIMIT_WINDOW_SECONDS", str(window))
    for name, limit in per_class.items():
        monkeypatch.setenv(f"ENGRAM_RATE_LIMIT_{name.upper()}", str(limit))
    reset_settings()


def until_refused(send, limit: int) -> tuple[list[ApiResponse], ApiResponse]:
    """Send until a 429: the admitted answers and the refusal. A window may end between two requests
    (the count starts again), so up to two windows' worth are sent."""
    admitted = []
    for _ in range(2 * limit + 1):
        answer = send()
        if answer.status == 429:
            return admitted, answer
        admitted.append(answer)
    raise AssertionError(f"no 429 after {len(admitted)} requests: {[a.status for a in admitted]}")


def test_over_the_write_limit_answers_429_naming_the_limit_and_stores_nothing(
    api: ApiClient, user_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    limits(monkeypatch, write=2)

    admitted, refused = until_refused(lambda: api.post("/v1/analyze", NOTE, user=user_id), 2)
    seconds_left = 60 - int(time.time()) % 60

    assert {a.status for a in admitted} == {200}
    assert refused.error["code"] == "rate_limited"
    assert "more than 2 write requests in 60 s" in refused.error["message"]
    retry_after = int(refused.headers["retry-after"])
    assert 1 <= retry_after <= 60 and abs(retry_after - seconds_left) <= 1
    sources = api.get("/v1/sources?limit=50", user=user_id).body["items"]
    assert len(sources) == len(admitted), "a refused analyze stores no source"


def test_one_users_limit_leaves_other_users_and_other_classes_alone(
    api: ApiClient, user_id: str, other_user_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    limits(monkeypatch, write=1, read=100)
    until_refused(lambda: api.put("/v1/preferences", {"prefer_recent": True}, user=user_id), 1)

    assert api.put("/v1/preferences", {"prefer_recent": True}, user=other_user_id).status == 200
    assert api.post("/v1/search", {"query": "Porto"}, user=user_id).status == 200
    assert api.get("/v1/preferences", user=user_id).status == 200


def test_anonymous_and_malformed_requests_are_not_counted(
    api: ApiClient, user_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    limits(monkeypatch, write=1)
    for _ in range(3):
        assert api.post("/v1/analyze", NOTE, user=None).status == 401
        assert api.post("/v1/analyze", raw_body=b'{"content": ', user=user_id).status == 400

    assert api.post("/v1/analyze", NOTE, user=user_id).status == 200


def test_the_next_window_admits_the_user_again(
    api: ApiClient, user_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    limits(monkeypatch, window=1, read=1)
    _, refused = until_refused(lambda: api.get("/v1/preferences", user=user_id), 1)

    assert refused.headers["retry-after"] == "1"
    time.sleep(1)
    assert api.get("/v1/preferences", user=user_id).status == 200


def test_without_limits_nothing_is_refused(api: ApiClient, user_id: str) -> None:
    answers = [api.get("/v1/preferences", user=user_id).status for _ in range(20)]

    assert set(answers) == {200}


@pytest.mark.parametrize(
    ("method", "path", "expected"),
    [
        ("POST", "/v1/analyze", "write"),
        ("POST", "/v1/memory-update", "write"),
        ("POST", "/v1/import", "write"),
        ("PUT", "/v1/memories/1", "write"),
        ("POST", "/v1/search", "read"),
        ("POST", "/v1/recall", "read"),
        ("GET", "/v1/memories", "read"),
        ("GET", "/v1/jobs/1", "read"),
        ("GET", "/v1/export", "admin"),
        ("DELETE", "/v1/me", "admin"),
        ("POST", "/v1/teams", "admin"),
        ("GET", "/v1/teams/1/members", "admin"),
    ],
)
def test_route_classes(method: str, path: str, expected: str) -> None:
    assert route_class(method, path) == expected


@pytest.mark.parametrize(
    ("path", "body", "expected"),
    [
        ("/v1/analyze", b'{"content": "x"}', True),
        ("/v1/analyze", b'{"content": "x", "async": true}', False),
        ("/v1/memory-update", b"{}", True),
        ("/v1/consolidate", b'{"force": true}', True),
        ("/v1/consolidate", b"{}", False),
        ("/v1/recall", b'{"query": "x"}', False),
    ],
)
def test_requests_that_cannot_be_answered_without_the_model(path: str, body: bytes, expected: bool) -> None:
    assert needs_model("POST", path, body) is expected
