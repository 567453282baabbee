"""The embedded server a laptop runs on: its buffer size follows the setting, restarting only when free;
a server that dies is started again (by the supervisor, or at the next start) with its committed data."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psutil
import psycopg
import pytest

from engram.db.connection import Database
from engram.local.embedded import (
    EmbeddedPostgres,
    _buffer_size,
    remove_stale_lock_files,
    running_postmaster_pid,
    start_embedded_postgres,
)
from engram.local.runtime import ensure_runtime_dir
from engram.local.supervisor import PostgresSupervisor


@pytest.fixture(autouse=True)
def _runtime_dir() -> None:
    ensure_runtime_dir()  # embedded-postgres keeps its lock there


def shared_buffers(url: str) -> str:
    with psycopg.connect(url) as conn:
        row = conn.execute("SHOW shared_buffers").fetchone()
    assert row is not None
    return str(row[0])


def test_shared_buffers_follow_the_setting_and_survive_a_restart(tmp_path: Path) -> None:
    server = start_embedded_postgres(tmp_path, shared_buffers="256MB")
    try:
        assert shared_buffers(server.url) == "256MB"
        with psycopg.connect(server.url) as conn:  # the database was created too
            assert conn.execute("SELECT current_database()").fetchone() == ("engram",)
    finally:
        server.stop()
    again = start_embedded_postgres(tmp_path, shared_buffers="256MB")  # no change: no restart needed
    try:
        assert shared_buffers(again.url) == "256MB"
    finally:
        again.stop()


def test_a_server_in_use_keeps_its_size_until_its_next_start(tmp_path: Path) -> None:
    first = start_embedded_postgres(tmp_path, shared_buffers="128MB")
    try:
        with psycopg.connect(first.url) as busy:  # another process's connection
            second = start_embedded_postgres(tmp_path, shared_buffers="192MB")
            assert shared_buffers(second.url) == "128MB"
            assert busy.execute("SELECT 1").fetchone() == (1,), "the other client was not cut off"
    finally:
        first.stop()
    third = start_embedded_postgres(tmp_path, shared_buffers="192MB")
    try:
        assert shared_buffers(third.url) == "192MB"
    finally:
        third.stop()


def test_auto_is_a_quarter_of_ram_within_bounds() -> None:
    size = _buffer_size("auto")
    megabytes = int(size.removesuffix("MB"))
    assert 128 <= megabytes <= 4096
    assert _buffer_size("1GB") == "1GB"


# --- when the server dies ---------------------------------------------------------------------------------


def kill_postmaster(server: EmbeddedPostgres) -> int:
    pid = server.postmaster_pid()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    return pid


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds}s"
        time.sleep(0.02)


def test_supervisor_restarts_a_killed_server_and_every_thread_reconnects(tmp_path: Path) -> None:
    server = start_embedded_postgres(tmp_path)
    db = Database(server.url)
    supervisor = PostgresSupervisor(server, on_restart=db.reconnect_all, interval=0.1)
    supervisor.start()
    go = threading.Event()
    before: dict[int, int] = {}
    after: dict[int, int | BaseException] = {}

    def client(index: int) -> None:
        with db.system_transaction() as conn:
            before[index] = conn.execute("SELECT pg_backend_pid() AS pid").fetchone()["pid"]
        go.wait(30)
        try:
            with db.system_transaction() as conn:  # first use after the restart: no error
                after[index] = conn.execute("SELECT pg_backend_pid() AS pid").fetchone()["pid"]
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            after[index] = exc

    threads = [threading.Thread(target=client, args=(i,)) for i in range(3)]
    try:
        # Given three threads, each holding its own connection
        for thread in threads:
            thread.start()
        wait_for(lambda: len(before) == 3, 30, "three connections")
        old_pid = kill_postmaster(server)

        # When the supervisor has started the server again
        wait_for(lambda: supervisor.restarts == 1, 30, "the restart")
        go.set()
        for thread in threads:
            thread.join(30)

        # Then each thread's next transaction runs on a new connection, without a failed first try
        assert all(isinstance(pid, int) for pid in after.values()), after
        assert set(after.values()).isdisjoint(before.values())
        assert server.postmaster_pid() not in (None, old_pid)
        assert supervisor.last_downtime_seconds is not None and supervisor.last_downtime_seconds < 30
    finally:
        go.set()
        supervisor.stop()
        db.close()
        server.stop()
    assert server.postmaster_pid() is None, "stop() stops the restarted server"


def test_a_server_that_died_unwatched_starts_again_on_the_next_start(tmp_path: Path) -> None:
    # Given a server killed with nobody to restart it (its pid file and socket lock left behind)
    server = start_embedded_postgres(tmp_path)
    with psycopg.connect(server.url) as conn:
        conn.execute("CREATE TABLE kept (note text)")
        conn.execute("INSERT INTO kept VALUES ('committed before the crash')")
    kill_postmaster(server)
    wait_for(lambda: server.postmaster_pid() is None, 10, "the server's death")
    server.stop()  # nothing to stop: only lets go of it

    # When it is started again on the same data dir
    again = start_embedded_postgres(tmp_path)
    try:
        # Then PostgreSQL recovered what was committed
        with psycopg.connect(again.url) as conn:
            assert conn.execute("SELECT note FROM kept").fetchall() == [("committed before the crash",)]
    finally:
        again.stop()


def test_lock_files_naming_a_zombie_or_a_process_that_is_not_postgres_are_stale(tmp_path: Path) -> None:
    # A killed postmaster stays a zombie until it is reaped, and its pid may later be reused; both
    # looked like a running server to embedded-postgres, which then "reused" a server that was gone.
    zombie = subprocess.Popen(["true"])  # not waited for: a zombie once it exits
    wait_for(lambda: psutil.Process(zombie.pid).status() == psutil.STATUS_ZOMBIE, 10, "a zombie")
    try:
        for pid in (zombie.pid, os.getpid()):
            pgdata = tmp_path / str(pid)
            pgdata.mkdir()
            (pgdata / "postmaster.pid").write_text(
                f"{pid}\n{pgdata}\n1764000000\n5432\n{pgdata}\n\n 1 2\nready\n"
            )
            (pgdata / ".s.PGSQL.5432.lock").write_text(f"{pid}\n")

            assert running_postmaster_pid(pgdata) is None
            remove_stale_lock_files(pgdata)

            assert not (pgdata / "postmaster.pid").exists()
            assert not (pgdata / ".s.PGSQL.5432.lock").exists()
    finally:
        zombie.wait()


def test_no_restart_while_a_process_of_the_dead_server_still_runs(tmp_path: Path) -> None:
    # Removing a dead server's lock files is safe: PostgreSQL itself refuses to start while any
    # process of the old server is attached to its shared memory; the supervisor retries until it has gone.
    server = start_embedded_postgres(tmp_path)
    supervisor = PostgresSupervisor(server, interval=0.1, max_backoff=0.5)
    conn = psycopg.connect(server.url, autocommit=True)
    backend = conn.execute("SELECT pg_backend_pid()").fetchone()
    assert backend is not None
    os.kill(backend[0], signal.SIGSTOP)  # a backend that cannot notice its postmaster's death yet
    try:
        # Given a killed server with one of its backends still alive
        kill_postmaster(server)
        wait_for(lambda: server.postmaster_pid() is None, 10, "the server's death")

        # When the supervisor tries to start it again
        supervisor.start()

        # Then it starts only once that backend has gone
        wait_for(lambda: supervisor.failed_attempts >= 2, 30, "two refused starts")
        assert supervisor.restarts == 0 and server.postmaster_pid() is None
        os.kill(backend[0], signal.SIGCONT)
        wait_for(lambda: supervisor.restarts == 1, 30, "the restart")
        assert server.postmaster_pid() is not None
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(backend[0], signal.SIGCONT)
        supervisor.stop()
        conn.close()
        server.stop()
