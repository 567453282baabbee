"""Bring up what a laptop run needs: the database (embedded unless ENGRAM_DATABASE_URL is set),
migrations, and the settings pointing at it."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from engram.config import get_settings, reset_settings
from engram.db.connection import get_database, reset_database
from engram.db.migrations import migrate
from engram.local.embedded import EmbeddedPostgres, start_embedded_postgres


@dataclass
class LocalRuntime:
    database_url: str
    embedded: EmbeddedPostgres | None
    applied_migrations: list[str]

    def stop(self) -> None:
        reset_database()
        if self.embedded is not None:
            self.embedded.stop()


def start_local_runtime(data_dir: Path | None = None) -> LocalRuntime:
    """Start (or reuse) the database and migrate it; later `get_database()` calls use it."""
    if data_dir is not None:
        os.environ["ENGRAM_DATA_DIR"] = str(data_dir)
        reset_settings()
    settings = get_settings()
    ensure_runtime_dir()
    embedded = None
    url = settings.database_url
    if not url:
        embedded = start_embedded_postgres(settings.data_dir, shared_buffers=settings.local_shared_buffers)
        url = embedded.url
        os.environ["ENGRAM_DATABASE_URL"] = url
        reset_settings()
    reset_database()
    applied = migrate(get_database())
    return LocalRuntime(database_url=url, embedded=embedded, applied_migrations=applied)


def ensure_runtime_dir() -> None:
    """embedded-postgres keeps an inter-process lock in the user's runtime dir; give it a private one."""
    if os.environ.get("XDG_RUNTIME_DIR"):
        return
    path = Path(tempfile.gettempdir()) / f"engram-runtime-{os.getuid()}"
    path.mkdir(mode=0o700, exist_ok=True)
    os.environ["XDG_RUNTIME_DIR"] = str(path)
