"""`engram serve` as a user runs it (its own process, its own embedded PostgreSQL), when the database
dies under load and when the server is stopped: the database comes back by itself with no
acknowledged write lost, requests in between get 503 + Retry-After, and a stopped `engram serve`
leaves no PostgreSQL behind.

Each test starts `python -m engram.cli serve` on a free port with a fresh data dir (tmp_path) and
an environment without ENGRAM_* settings, as tests/conftest.py gives in-process tests.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.http_client import ApiClient
from tests.serve_process import (
    RECOVERY_DEADLINE,
    STOP_DEADLINE,
    Serve,
    clean_env,
    process_alive,
    start_serve,
    stop_serve,
    wait_until_gone,
)


@dataclass
class Write:
    user: str
    token: str
    started: float
    ended: float
    status: int
    retry_after: str | None


@dataclass
class Writers:
    """Threads importing one uniquely worded fact per request until stopped."""

    api: ApiClient
    count: int = 2
    writes: list[Write] = field(default_factory=list)
    errors: list[BaseException] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.users = [f"crash-{uuid.uuid4().hex[:10]}" for _ in range(self.count)]
        self.threads = [threading.Thread(target=self._write, args=(u,), daemon=True) for u in self.users]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(30)

    def snapshot(self) -> list[Write]:
        with self.lock:
            return list(self.writes)

    def acknowledged(self) -> list[Write]:
        return [w for w in self.snapshot() if 200 <= w.status < 300]

    def _write(self, user: str) -> None:
        while not self.stopping.is_set():
            token = f"tok{uuid.uuid4().hex[:12]}"
            body = {"facts": [{"content": f"The harbour log entry {token} mentions a blue boat."}]}
            started = time.monotonic()
            try:
                response = self.api.post("/v1/import", body, user=user)
            except OSError as exc:  # the HTTP server itself never goes away here
                self.errors.append(exc)
                return
            write = Write(
                user, token, started, time.monotonic(), response.status, response.headers.get("retry-after")
            )
            if write.status == 200 and response.body["facts"]["created"] != 1:
                self.errors.append(AssertionError(f"import did not create the fact: {response.body}"))
            with self.lock:
                self.writes.append(write)
            if response.status == 503 and write.retry_after:
                # A polite client honours Retry-After; ours retries sooner to find the recovery moment.
                time.sleep(0.05)


def wait_for(condition: Callable[[], bool], deadline_seconds: float, what: str) -> float:
    began = time.monotonic()
    while time.monotonic() - began < deadline_seconds:
        if condition():
            return time.monotonic() - began
        time.sleep(0.02)
    raise AssertionError(f"{what} did not happen within {deadline_seconds}s")


def memory_contents(api: ApiClient, user: str) -> set[str]:
    contents: set[str] = set()
    cursor = None
    while True:
        path = "/v1/memories?limit=200" + (f"&cursor={cursor}" if cursor else "")
        page = api.get(path, user=user)
        assert page.status == 200, page.body
        contents.update(item["content"] for item in page.body["items"])
        cursor = page.body["next_cursor"]
        if not cursor:
            return contents


def test_killed_database_comes_back_without_losing_an_acknowledged_write(serve: Serve) -> None:
    # Given writes flowing from two clients
    writers = Writers(serve.api)
    writers.start()
    try:
        wait_for(lambda: len(writers.acknowledged()) >= 10, 30, "10 acknowledged writes")

        # When the database server is killed mid-load
        old_pid = serve.postmaster_pid()
        assert old_pid is not None
        killed_at = time.monotonic()
        os.kill(old_pid, signal.SIGKILL)

        # Then the service answers writes again by itself, and keeps doing so
        def answered_after_refusing() -> bool:
            writes = writers.snapshot()
            refused = [w.ended for w in writes if w.status == 503]
            return bool(refused) and any(w.status == 200 and w.started >= min(refused) for w in writes)

        wait_for(answered_after_refusing, RECOVERY_DEADLINE, "a 503 then a 2xx write after the kill")
        writes = writers.snapshot()
        first_503 = min(w.ended for w in writes if w.status == 503)
        recovered_at = min(w.ended for w in writes if w.status == 200 and w.started >= first_503)
        back_after = recovered_at - killed_at
        settled = len(writers.acknowledged())
        wait_for(lambda: len(writers.acknowledged()) >= settled + 10, 30, "10 more acknowledged writes")
    finally:
        writers.stop()

    assert not writers.errors, writers.errors
    failed = [w for w in writers.writes if w.status == 503]
    assert failed, "no request saw the database down"
    assert all(w.retry_after and int(w.retry_after) >= 1 for w in failed), [w.retry_after for w in failed]
    assert {w.status for w in writers.writes} <= {200, 503}, sorted({w.status for w in writers.writes})
    assert back_after < RECOVERY_DEADLINE
    # once back, it stays back: no request thread fails on a connection to the dead server
    assert [w for w in writers.writes if w.status == 503 and w.started > recovered_at + 0.2] == []

    # every acknowledged write is there, read through the API after the restart
    acknowledged = writers.acknowledged()
    stored = {user: memory_contents(serve.api, user) for user in writers.users}
    lost = [w.token for w in acknowledged if not any(w.token in c for c in stored[w.user])]
    assert lost == []

    health = serve.api.get("/v1/health", user=None)
    assert health.status == 200 and health.body["database"] == "ok"
    # the job worker, which failed its claims while the database was down, runs queued work again
    queued = serve.api.post("/v1/analyze", {"content": "My brother Tom moved to Austin", "async": True})
    assert queued.status in (200, 202), queued.body
    job_id = queued.body["jobs"][0]["id"]
    wait_for(lambda: serve.api.get(f"/v1/jobs/{job_id}").body["status"] == "completed", 30, "the queued job")
    assert serve.postmaster_pid() not in (None, old_pid)
    assert serve.process.poll() is None, "engram serve itself was not restarted"
    print(
        f"\ndatabase killed under load: answering 2xx again {back_after:.2f}s after the kill; "
        f"{len(acknowledged)} writes acknowledged, {len(failed)} answered 503 + Retry-After, lost 0"
    )


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_stopped_serve_leaves_no_database_running(serve: Serve, sig: signal.Signals) -> None:
    pid = serve.postmaster_pid()
    assert pid is not None and process_alive(pid)

    assert stop_serve(serve, sig) == 0, serve.output()

    assert wait_until_gone(pid, STOP_DEADLINE), f"PostgreSQL {pid} still running after engram serve exited"


def test_serve_after_a_killed_serve_still_stops_the_database(tmp_path: Path) -> None:
    # Given an `engram serve` killed outright, leaving its PostgreSQL running (nothing could stop it)
    data_dir = tmp_path / "engram"
    first = start_serve(data_dir)
    stop_serve(first, signal.SIGKILL)
    pid = first.postmaster_pid()
    assert pid is not None and process_alive(pid)
    second = start_serve(data_dir)
    try:
        assert second.postmaster_pid() == pid  # reused, not started twice

        # When the next `engram serve` exits cleanly
        assert stop_serve(second) == 0, second.output()

        # Then the server stops: the dead process no longer counts as a user of it
        assert wait_until_gone(pid, STOP_DEADLINE), f"PostgreSQL {pid} still running"
    finally:
        if second.process.poll() is None:
            stop_serve(second, signal.SIGKILL)
        if process_alive(pid):
            os.kill(pid, signal.SIGTERM)


def test_serve_failing_after_the_database_started_leaves_none_running(tmp_path: Path) -> None:
    # Given a port already taken: the database starts and migrates, then the HTTP server cannot bind
    data_dir = tmp_path / "engram"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [
            sys.executable,
            "-m",
            "engram.cli",
            "serve",
            "--port",
            str(port),
            "--data-dir",
            str(data_dir),
        ]

        # When `engram serve` exits with the error
        run = subprocess.run(command, env=clean_env(), capture_output=True, text=True, timeout=120)

    # Then the database it started is stopped too
    assert run.returncode != 0 and "address already in use" in run.stderr, run.stderr[-2000:]
    assert (data_dir / "pgdata" / "PG_VERSION").exists(), "the database had started"
    assert not (data_dir / "pgdata" / "postmaster.pid").exists(), "PostgreSQL still running"
