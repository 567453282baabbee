"""The typed client against the local server with a tiny per-user limit: a 429 is waited out for the
`Retry-After` the server sent and the request sent again, which the next window admits; a wait longer
than the client's `max_wait` is the caller's, with the server's numbers on the error."""

from __future__ import annotations

import time
import uuid

import httpx2
import pytest

from engram.client import Engram, RateLimited, RetryPolicy
from engram.config import reset_settings
from engram.db.connection import Database


def limit_reads(monkeypatch: pytest.MonkeyPatch, per_window: int, window: int) -> None:
    monkeypatch.setenv("ENGRAM_RATE_LIMIT_READ", str(per_window))
    monkeypatch.setenv("ENGRAM_RATE_LIMIT_WINDOW_SECONDS", str(window))
    reset_settings()


def test_a_429_is_retried_after_its_retry_after_and_then_admitted(
    live_server: tuple[str, int], db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    limit_reads(monkeypatch, 1, window=1)
    answers: list[tuple[float, int, str | None]] = []

    def answered(response: httpx2.Response) -> None:
        answers.append((time.monotonic(), response.status_code, response.headers.get("retry-after")))

    host, port = live_server
    token = f"dev:client-limit-{uuid.uuid4().hex[:10]}"
    with Engram(f"http://{host}:{port}", token=token, event_hooks={"response": [answered]}) as engram:
        for _ in range(3):
            assert engram.list_memories().items == []

    refused = [(at, after) for at, status, after in answers if status == 429]
    assert refused, [status for _, status, _ in answers]
    assert answers[-1][1] == 200
    for at, after in refused:
        admitted_at = next(t for t, status, _ in answers if t > at and status == 200)
        assert after == "1" and admitted_at - at >= 1.0


def test_a_wait_past_max_wait_is_raised_with_the_servers_retry_after(
    live_server: tuple[str, int], db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    limit_reads(monkeypatch, 1, window=60)
    host, port = live_server
    token = f"dev:client-limit-{uuid.uuid4().hex[:10]}"
    with Engram(f"http://{host}:{port}", token=token, retry=RetryPolicy(max_wait=0.5)) as engram:
        engram.list_memories()
        with pytest.raises(RateLimited) as limited:
            engram.list_memories()

    assert limited.value.code == "rate_limited" and limited.value.attempts == 1
    assert 1 <= (limited.value.retry_after or 0) <= 60
