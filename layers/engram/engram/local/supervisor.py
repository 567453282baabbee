"""Keep the embedded PostgreSQL up while `engram serve` runs.

A daemon thread looks at the server's pid (`pgdata/postmaster.pid`) every `interval` seconds. When
the server has died (killed, out of memory) it starts it again on the same data dir, retrying with
a growing pause while PostgreSQL refuses (the dead server's processes still exiting); PostgreSQL
replays its write-ahead log on start, so every committed write is kept. Then every thread's
connection is replaced at its next use (`Database.reconnect_all`), the request threads' and the job
worker's alike.

While the server is down, requests fail with 503 and `Retry-After` (`DatabaseUnavailable`) and the
job worker backs off; neither needs to know about the restart.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from engram.local.embedded import EmbeddedPostgres

logger = logging.getLogger("engram.local.supervisor")


class PostgresSupervisor:
    """Restarts `server` when it dies; `on_restart` runs after each successful restart."""

    def __init__(
        self,
        server: EmbeddedPostgres,
        on_restart: Callable[[], None] | None = None,
        *,
        interval: float = 0.5,
        max_backoff: float = 5.0,
    ):
        self.server = server
        self.on_restart = on_restart
        self.interval = interval
        self.max_backoff = max_backoff
        self.restarts = 0
        self.failed_attempts = 0
        self.last_downtime_seconds: float | None = None
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._loop, name="engram-postgres-supervisor", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 15.0) -> None:
        """Stop watching (before the server is stopped on purpose, or it would be started again)."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _loop(self) -> None:
        while not self._stopping.wait(self.interval):
            if self.server.postmaster_pid() is None:
                self._bring_back()

    def _bring_back(self) -> None:
        noticed = time.monotonic()
        logger.warning("embedded PostgreSQL is not running (%s); restarting it", self.server.pgdata)
        pause, attempt = 0.1, 0
        while not self._stopping.is_set():
            attempt += 1
            try:
                took = self.server.restart()
            except Exception as exc:  # noqa: BLE001 - e.g. the old server's processes still exiting
                self.failed_attempts += 1
                logger.warning(
                    "restarting embedded PostgreSQL failed (attempt %d, next in %.1fs): %s",
                    attempt,
                    pause,
                    exc,
                )
                self._stopping.wait(pause)
                pause = min(pause * 2, self.max_backoff)
                continue
            self.restarts += 1
            self.last_downtime_seconds = time.monotonic() - noticed
            if self.on_restart is not None:
                self.on_restart()
            logger.warning(
                "embedded PostgreSQL restarted in %.2fs (attempt %d, %.2fs after it was found down)",
                took,
                attempt,
                self.last_downtime_seconds,
            )
            return
