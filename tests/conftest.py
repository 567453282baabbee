"""Shared fixtures: one real PostgreSQL + pgvector per test process, migrated once.

With ENGRAM_DATABASE_URL set, that database is used (migrations are idempotent); otherwise an
embedded PostgreSQL is started in a temporary directory (one per xdist worker: `make test` runs two).
Tests isolate themselves by user: every user-data table is user-scoped, so each test works under fresh
user ids instead of truncating. A test whose cost or result depends on the whole database (a grep of
every row, a fan-out to every user) is marked `own_database` and gets a copy of a migrated template.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import uvicorn
from psycopg import sql
from psycopg.conninfo import make_conninfo

from engram.config import reset_settings
from engram.db.connection import Database, reset_database
from engram.db.migrations import migrate
from engram.db.repositories import corpus
from tests.http_client import ApiClient, free_port
from tests.serve_process import Serve, serve_in

_SESSION_URL: str | None = None

# A throwaway test server needs no crash safety: without a flush per commit, the thousands of small
# transactions the suite makes cost CPU only. Never applied to a server named by ENGRAM_DATABASE_URL.
THROWAWAY_SETTINGS = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "own_database: the test gets a fresh migrated database instead of the shared one"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Modules holding a `slow` test first, so that under xdist (`--dist loadfile`) the longest ones
    start at once on different workers instead of one of them being the last to finish."""
    slow = {item.module for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.module not in slow)  # stable: the order within each group stays


def _speed_up_throwaway_server(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for name, value in THROWAWAY_SETTINGS.items():
            conn.execute(sql.SQL("ALTER SYSTEM SET {} = {}").format(sql.Identifier(name), sql.Literal(value)))
        conn.execute("SELECT pg_reload_conf()")


@pytest.fixture(scope="session")
def database_url(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    global _SESSION_URL
    url = os.environ.get("ENGRAM_DATABASE_URL")
    server = None
    data_dir = None
    if not url:
        from engram.local.embedded import start_embedded_postgres
        from engram.local.runtime import ensure_runtime_dir

        ensure_runtime_dir()
        data_dir = _throwaway_data_dir(pytestconfig, tmp_path_factory)
        server = start_embedded_postgres(data_dir)
        url = server.url
        _speed_up_throwaway_server(url)
    _SESSION_URL = url
    migrate(Database(url))
    yield url
    if server is not None:
        server.stop()
    if data_dir is not None and not _under_basetemp(pytestconfig):
        # Removed before the session ends: a background removal dies with the run's process group and
        # left hundreds of megabytes per run behind in /tmp.
        shutil.rmtree(data_dir, ignore_errors=True)


def _under_basetemp(config: pytest.Config) -> bool:
    return config.getoption("basetemp") is not None


def _throwaway_data_dir(config: pytest.Config, factory: pytest.TempPathFactory) -> Path:
    """Under a run's own base temp dir (`make test` names one in .engram/), which pytest empties when the
    next run starts; otherwise in /tmp: the shared /tmp/pytest-of-<user> is made private again by every
    session that starts, which would lock a concurrent run's PostgreSQL out of its data dir."""
    if _under_basetemp(config):
        return factory.mktemp("pgdata")
    return Path(tempfile.mkdtemp(prefix="engram-test-"))


def template_name() -> str:
    """One per xdist worker: two workers may share a server named by ENGRAM_DATABASE_URL."""
    return f"engram_test_template_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"


@pytest.fixture(scope="session")
def template_url(database_url: str) -> str:
    """A migrated database nobody connects to, the template `own_database` tests copy (CREATE DATABASE
    ... TEMPLATE copies files: much cheaper than running the migrations again)."""
    name = template_name()
    url = make_conninfo(database_url, dbname=name)
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    template = Database(url)
    try:
        migrate(template)
    finally:
        template.close()
    return url


@pytest.fixture
def test_database_url(request: pytest.FixtureRequest, database_url: str) -> Iterator[str]:
    """The database this test's code uses: the shared one, or for `own_database` tests a fresh copy of
    the migrated template, dropped afterwards."""
    if request.node.get_closest_marker("own_database") is None:
        yield database_url
        return
    request.getfixturevalue("template_url")  # created on first use: most runs need none
    name = f"engram_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(name), sql.Identifier(template_name())
            )
        )
    try:
        yield make_conninfo(database_url, dbname=name)
    finally:
        reset_database()  # the process-wide Database points here
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


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
def db(test_database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    """The process-wide Database the code under test uses, pointed at the test's database."""
    monkeypatch.setenv("ENGRAM_DATABASE_URL", test_database_url)
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
