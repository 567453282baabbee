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
from engram.local.supervisor import PostgresSupervisor


@dataclass
class LocalRuntime:
    database_url: str
    embedded: EmbeddedPostgres | None
    applied_migrations: list[str]
    supervisor: PostgresSupervisor | None = None
    stopped: bool = False

    def stop(self) -> None:
        """Close connections and stop the embedded server, unless another live process still uses it.

        Idempotent (a second call does nothing)."""
        if self.stopped:
            return
        self.stopped = True
        if self.supervisor is not None:
            self.supervisor.stop()  # first, or it would start the server again
        reset_database()
        if self.embedded is not None:
            self.embedded.stop()


def start_local_runtime(data_dir: Path | None = None, *, supervise: bool = False) -> LocalRuntime:
    """Start (or reuse) the database and migrate it; later `get_database()` calls use it.

    `supervise`: restart the embedded server whenever it dies, until `stop()` (for `engram serve`;
    one-shot commands fail and are run again instead). Nothing to supervise with ENGRAM_DATABASE_URL."""
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
    try:
        applied = migrate(get_database())
    except BaseException:
        reset_database()
        if embedded is not None:
            embedded.stop()
        raise
    runtime = LocalRuntime(database_url=url, embedded=embedded, applied_migrations=applied)
    if supervise and embedded is not None:
        runtime.supervisor = PostgresSupervisor(embedded, on_restart=lambda: get_database().reconnect_all())
        runtime.supervisor.start()
    return runtime


def ensure_runtime_dir() -> None:
    """embedded-postgres keeps an inter-process lock in the user's runtime dir; give it a private one."""
    if os.environ.get("XDG_RUNTIME_DIR"):
        return
    path = Path(tempfile.gettempdir()) / f"engram-runtime-{os.getuid()}"
    path.mkdir(mode=0o700, exist_ok=True)
    path.chmod(0o700)  # one left open by something else would be refused (and warned about) by platformdirs
    os.environ["XDG_RUNTIME_DIR"] = str(path)
