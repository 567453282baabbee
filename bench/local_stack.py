"""`engram serve`'s stack for a benchmark: an embedded PostgreSQL in a temporary data dir and the local
HTTP app on a free port, torn down (data dir removed) when the benchmark is done."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.locomo import free_port


@contextmanager
def local_stack(prefix: str) -> Iterator[int]:
    """Yield the port the app listens on; the database lives only as long as the block."""
    import uvicorn

    from engram.api.app import build_local_app
    from engram.local.runtime import start_local_runtime

    root = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ.pop("ENGRAM_DATABASE_URL", None)  # the embedded database, never one the shell names
    runtime = start_local_runtime(root)
    server = uvicorn.Server(
        uvicorn.Config(build_local_app(), port=free_port(), log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.02)
        yield server.config.port
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        runtime.stop()
        shutil.rmtree(root, ignore_errors=True)
