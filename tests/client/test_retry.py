"""Retries on 429 and 503, on scripted answers from httpx2's MockTransport (every timing and header
shape, HTTP dates included). The 429 retry against a real server with a tiny per-user limit is in
test_rate_limited_server.py; the 503 retry against a real server whose database died in test_client.py."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import httpx2
import pytest

from engram.client import ApiError, AsyncEngram, Engram, RateLimited, RetryPolicy, ServiceUnavailable
from engram.client.retry import parse_retry_after

PAGE = {"items": [], "next_cursor": None}
RATE_LIMITED = {"error": {"code": "rate_limited", "message": "slow down"}}
UNAVAILABLE = {"error": {"code": "database_unavailable", "message": "the database is restarting"}}


class Script:
    """Answers in order (the last one repeats), noting when each request arrived."""

    def __init__(self, *answers: tuple[int, dict, dict[str, str]]):
        self.answers = list(answers)
        self.arrivals: list[float] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.arrivals.append(time.monotonic())
        status, body, headers = self.answers[min(len(self.arrivals), len(self.answers)) - 1]
        return httpx2.Response(status, json=body, headers=headers)

    def gaps(self) -> list[float]:
        return [later - earlier for earlier, later in zip(self.arrivals, self.arrivals[1:], strict=False)]


def sync_client(script: Script, policy: RetryPolicy | None = None) -> Engram:
    return Engram("http://engram.test", token="dev:x", retry=policy, transport=httpx2.MockTransport(script))


def test_429_is_retried_after_retry_after() -> None:
    script = Script((429, RATE_LIMITED, {"Retry-After": "1"}), (200, PAGE, {}))

    page = sync_client(script).list_memories()

    assert page.items == [] and len(script.arrivals) == 2
    assert script.gaps()[0] >= 1.0


def test_503_without_retry_after_backs_off_and_gives_up_after_max_attempts() -> None:
    script = Script((503, UNAVAILABLE, {}))
    policy = RetryPolicy(max_attempts=3, backoff=0.05)

    with pytest.raises(ServiceUnavailable) as failed:
        sync_client(script, policy).search("anything")

    assert failed.value.attempts == 3 and failed.value.code == "database_unavailable"
    first, second = script.gaps()
    assert first >= 0.05 * 0.75 and second >= 0.1 * 0.75  # doubled each time


def test_a_wait_longer_than_max_wait_is_left_to_the_caller() -> None:
    script = Script((429, RATE_LIMITED, {"Retry-After": "120"}))

    with pytest.raises(RateLimited) as limited:
        sync_client(script, RetryPolicy(max_wait=30)).list_memories()

    assert limited.value.retry_after == 120 and limited.value.attempts == 1
    assert len(script.arrivals) == 1


@pytest.mark.parametrize("status", [400, 404, 500, 502])
def test_other_errors_are_answers_not_retried(status: int) -> None:
    script = Script((status, {"error": {"code": "x", "message": "no"}}, {"Retry-After": "0"}))

    with pytest.raises(ApiError) as raised:
        sync_client(script).list_memories()

    assert raised.value.status == status and len(script.arrivals) == 1


def test_async_client_retries_the_same_way() -> None:
    script = Script((503, UNAVAILABLE, {"Retry-After": "0"}), (429, RATE_LIMITED, {}), (200, PAGE, {}))

    async def read() -> None:
        transport = httpx2.MockTransport(script)
        async with AsyncEngram(
            "http://engram.test", retry=RetryPolicy(backoff=0.01), transport=transport
        ) as c:
            assert (await c.list_memories()).items == []

    asyncio.run(read())
    assert len(script.arrivals) == 3


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("3", 3.0),
        (None, None),
        ("soon", None),
        (lambda now: format_datetime(now + timedelta(seconds=5), usegmt=True), 5.0),
        (lambda now: format_datetime(now - timedelta(seconds=5), usegmt=True), 0.0),
    ],
)
def test_retry_after_reads_seconds_and_http_dates(
    header: str | Callable[[datetime], str] | None, seconds: float | None
) -> None:
    now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    value = header(now) if callable(header) else header
    assert parse_retry_after(value, now) == seconds
