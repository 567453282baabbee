"""`engram serve` as a user runs it: its own process, its own embedded PostgreSQL in a fresh data dir,
a free port, and an environment without ENGRAM_* settings (as tests/conftest.py gives in-process tests).
The `serve` fixture (tests/conftest.py) starts one per test and leaves nothing running afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.http_client import ApiClient, free_port

START_DEADLINE = 60.0  # a cold start (initdb, migrations, warm-up) on a busy 2-core machine
RECOVERY_DEADLINE = 15.0  # recovery takes about a second; generous for a machine shared with other runs
STOP_DEADLINE = 20.0


@dataclass
class Serve:
    process: subprocess.Popen[bytes]
    data_dir: Path
    api: ApiClient
    log: Path

    def postmaster_pid(self) -> int | None:
        """The pid written by the running PostgreSQL (first line of postmaster.pid), if any."""
        try:
            return int((self.data_dir / "pgdata" / "postmaster.pid").read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return None

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


def clean_env() -> dict[str, str]:
    drop = ("ANTHROPIC_API_KEY", "OPENAI_API_KEY")
    return {k: v for k, v in os.environ.items() if not k.startswith(("ENGRAM_", "MEMORY_")) and k not in drop}


def start_serve(data_dir: Path) -> Serve:
    port = free_port()
    log = data_dir.parent / f"serve-{port}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "engram.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
            + ["--data-dir", str(data_dir)],
            env=clean_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    serve = Serve(process, data_dir, ApiClient("127.0.0.1", port), log)
    deadline = time.monotonic() + START_DEADLINE
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"engram serve exited with {process.returncode}:\n{serve.output()}")
        try:
            if serve.api.get("/v1/health", user=None).status == 200:
                return serve
        except OSError:
            pass
        time.sleep(0.1)
    stop_serve(serve, signal.SIGKILL)
    raise AssertionError(f"engram serve did not answer within {START_DEADLINE}s:\n{serve.output()}")


def stop_serve(serve: Serve, sig: signal.Signals = signal.SIGTERM) -> int:
    if serve.process.poll() is None:
        serve.process.send_signal(sig)
    return serve.process.wait(STOP_DEADLINE)


def wait_until_gone(pid: int, deadline_seconds: float) -> bool:
    deadline = time.monotonic() + deadline_seconds
    while time.monotonic() < deadline:
        if not process_alive(pid):
            return True
        time.sleep(0.05)
    return False


def process_alive(pid: int) -> bool:
    """Running and not a zombie (a killed PostgreSQL waits for init to reap it)."""
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def serve_in(tmp_path: Path) -> Iterator[Serve]:
    """Run `engram serve` for the duration of a test; kill whatever it left running afterwards."""
    running = start_serve(tmp_path / "engram")
    yield running
    # Leave nothing running, whatever the test did.
    if running.process.poll() is None:
        stop_serve(running, signal.SIGKILL)
    pid = running.postmaster_pid()
    if pid is not None and process_alive(pid):
        os.kill(pid, signal.SIGTERM)
        wait_until_gone(pid, STOP_DEADLINE)
