"""`engram serve`: the API on localhost with the embedded database and the local job worker."""

from __future__ import annotations

import atexit
import errno
import logging
import socket
from pathlib import Path

from engram.api.app import build_local_app
from engram.config import get_settings
from engram.local.runtime import start_local_runtime
from engram.local.static_mount import with_inspector

logger = logging.getLogger("engram.serve")


class CannotListen(Exception):
    """`engram serve` cannot listen where it was asked to (most often: another one has the port)."""


def check_port(host: str, port: int) -> None:
    """Raise CannotListen unless `host:port` can be listened on, bound as uvicorn binds (SO_REUSEADDR: a
    port in TIME_WAIT after a restart is free)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            where = f"http://{host}:{port}"
            if exc.errno == errno.EADDRINUSE:
                raise CannotListen(
                    f"{where}: address already in use (another engram serve?); "
                    "stop it, or choose another port with --port or ENGRAM_PORT"
                ) from None
            raise CannotListen(f"cannot listen on {where}: {exc.strerror or exc}") from None


def serve(
    host: str | None = None, port: int | None = None, data_dir: Path | None = None, scheduler: bool = False
) -> None:
    """Raises CannotListen, with the database stopped again and before the banner, when the port is
    taken (uvicorn would print the banner's address, then fail with a traceback)."""
    import uvicorn

    # Supervised: a database that dies is started again (engram.local.supervisor). The one this process
    # started or reused is stopped on the way out (the `finally` below, or at exit if start-up fails
    # before it), unless another live process still uses it (engram.local.embedded).
    runtime = start_local_runtime(data_dir, supervise=True)
    atexit.register(runtime.stop)
    settings = get_settings()
    host = host or settings.host
    port = port or settings.port
    try:
        check_port(host, port)
    except CannotListen:
        runtime.stop()
        raise
    if settings.resolved_llm_provider == "rules":
        from engram.language.temporal import warm_up

        warm_up()  # dateparser's first call costs ~2 s; pay it before the first request, not during it
    worker = _start_worker() if settings.local_worker else None
    schedules = _start_scheduler(has_worker=worker is not None) if scheduler else None
    where = "embedded PostgreSQL in " + str(settings.data_dir) if runtime.embedded else "ENGRAM_DATABASE_URL"
    print(
        f"Engram {settings.stage} on http://{host}:{port}  (database: {where}; "
        f"llm: {settings.resolved_llm_provider}; embeddings: {settings.resolved_embedding_provider})",
        flush=True,
    )
    app = with_inspector(build_local_app())  # the inspector page at /inspector (docs/inspector.md)
    try:
        config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off")
        _graceful_server_class()(config).run()
    finally:
        app.close()
        if schedules is not None:
            schedules.stop()
        if worker is not None:
            worker.stop()
        runtime.stop()


def _graceful_server_class():  # type: ignore[no-untyped-def]
    import uvicorn

    class GracefulServer(uvicorn.Server):
        """uvicorn re-raises SIGTERM/SIGINT after its graceful shutdown, killing the process before our
        cleanup (job worker, embedded PostgreSQL) runs; we finish the shutdown ourselves instead."""

        def handle_exit(self, sig, frame):  # type: ignore[no-untyped-def]
            super().handle_exit(sig, frame)
            self._captured_signals.clear()

    return GracefulServer


def _start_worker():  # type: ignore[no-untyped-def]
    from engram.db.connection import get_database
    from engram.jobs.local_worker import LocalWorker
    from engram.lifecycle.jobs import register_lifecycle_jobs
    from engram.pipeline.jobs import register_pipeline_jobs

    register_pipeline_jobs()
    register_lifecycle_jobs()
    worker = LocalWorker(get_database())
    worker.start()
    return worker


def _start_scheduler(*, has_worker: bool):  # type: ignore[no-untyped-def]
    from engram.lifecycle.scheduler import LocalScheduler

    if not has_worker:
        print(
            "scheduler: the job worker is off (ENGRAM_LOCAL_WORKER), so fanned-out jobs will wait", flush=True
        )
    schedules = LocalScheduler()
    schedules.start()
    nxt = ", ".join(f"{t} {d:%a %Y-%m-%d %H:%M}Z" for t, d in sorted(schedules.next_runs.items()))
    print(f"scheduler on: next {nxt}", flush=True)
    return schedules
