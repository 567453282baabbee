"""The embedded server a laptop runs on: its buffer size follows the setting, restarting only when free."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from engram.local.embedded import _buffer_size, start_embedded_postgres
from engram.local.runtime import ensure_runtime_dir


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
