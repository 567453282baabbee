"""Shared fixtures: one real PostgreSQL + pgvector per test process, migrated once.

With ENGRAM_DATABASE_URL set, that database is used (migrations are idempotent); otherwise an
embedded PostgreSQL is started in a temporary directory. Tests isolate themselves by user: every
user-data table is user-scoped, so each test works under fresh user ids instead of truncating.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from engram.config import reset_settings
from engram.db.connection import Database, reset_database
from engram.db.migrations import migrate
from engram.db.repositories import corpus
from tests.http_client import ApiClient, free_port
from tests.serve_process import Serve, serve_in

_SESSION_URL: str | None = None


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    global _SESSION_URL
    url = os.environ.get("ENGRAM_DATABASE_URL")
    server = None
    if not url:
        from engram.local.embedded import start_embedded_postgres
        from engram.local.runtime import ensure_runtime_dir

        ensure_runtime_dir()
        data_dir = Path(tempfile.mkdtemp(prefix="engram-test-"))
        server = start_embedded_postgres(data_dir)
        url = server.url
    _SESSION_URL = url
    migrate(Database(url))
    yield url
    if server is not None:
        server.stop()


@pytest.fixture(autouse=True)
def _clean_settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts from defaults: offline providers, local stage, no keys from the host."""
    for name in list(os.environ):
        if name.startswith(("ENGRAM_", "MEMORY_")) or name in ("ANTHROPIC_API_KEY", "OPENAI_API_KEY"):
            monkeypatch.delenv(name, raising=False)
    if _SESSION_URL:
        monkeypatch.setenv("ENGRAM_DATABASE_URL", _SESSION_URL)
    reset_settings()
    yield
    reset_settings()


@pytest.fixture
def db(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    """The process-wide Database the code under test uses, pointed at the test server."""
    monkeypatch.setenv("ENGRAM_DATABASE_URL", database_url)
    reset_settings()
    reset_database()
    corpus.forget()  # a fresh database: the memory counts earlier searches cached are stale
    from engram.db.connection import get_database

    yield get_database()
    reset_database()


@pytest.fixture
def user_id() -> str:
    return f"user-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def other_user_id() -> str:
    return f"other-{uuid.uuid4().hex[:12]}"


@pytest.fixture(scope="session")
def live_server(database_url: str) -> Iterator[tuple[str, int]]:
    """The `engram serve` stack (uvicorn + the local ASGI app) on a free port, against the test DB."""
    import threading
    import time

    from engram.api.app import build_local_app

    port = free_port()
    config = uvicorn.Config(
        build_local_app(), host="127.0.0.1", port=port, log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("local API server did not start")
        time.sleep(0.02)
    yield "127.0.0.1", port
    server.should_exit = True
    thread.join(timeout=5)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    """`engram serve` in its own process with its own database (tests/serve_process.py)."""
    yield from serve_in(tmp_path)


@pytest.fixture
def api(live_server: tuple[str, int], db: Database) -> ApiClient:
    return ApiClient(*live_server)
