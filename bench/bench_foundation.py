"""Foundation numbers: embedded PostgreSQL start, migrations, and request latency through HTTP.

Run with `make bench` (or directly). Prints a small table; nothing here is asserted.
"""

from __future__ import annotations

import http.client
import os
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from engram.local.runtime import ensure_runtime_dir  # noqa: E402


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def bench_embedded_postgres(rounds: int = 3) -> tuple[list[float], list[float], list[float], str]:
    from engram.db.connection import Database
    from engram.local.embedded import start_embedded_postgres

    cold, warm, migrations = [], [], []
    url = ""
    for _ in range(rounds):
        root = Path(tempfile.mkdtemp(prefix="engram-bench-"))
        server = start_embedded_postgres(root)
        cold.append(server.started_in_seconds)
        db = Database(server.url)
        began = time.perf_counter()
        from engram.db.migrations import migrate

        migrate(db)
        migrations.append(time.perf_counter() - began)
        db.close()
        server.stop()
        again = start_embedded_postgres(root)
        warm.append(again.started_in_seconds)
        url = again.url
        again.stop()
        shutil.rmtree(root, ignore_errors=True)
    return cold, warm, migrations, url


def bench_http(requests: int = 300) -> dict[str, list[float]]:
    import uvicorn

    from engram.api.app import build_local_app
    from engram.local.runtime import start_local_runtime

    root = Path(tempfile.mkdtemp(prefix="engram-bench-http-"))
    os.environ.pop("ENGRAM_DATABASE_URL", None)
    runtime = start_local_runtime(root)
    server = uvicorn.Server(uvicorn.Config(build_local_app(), port=8791, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    timings: dict[str, list[float]] = {
        "GET /v1/health": [],
        "GET /v1/preferences": [],
        "PUT /v1/preferences": [],
    }
    conn = http.client.HTTPConnection("127.0.0.1", 8791)
    headers = {"Authorization": "Bearer dev:bench", "Content-Type": "application/json"}
    for i in range(requests):
        for name, (method, path, body) in {
            "GET /v1/health": ("GET", "/v1/health", None),
            "GET /v1/preferences": ("GET", "/v1/preferences", None),
            "PUT /v1/preferences": ("PUT", "/v1/preferences", f'{{"min_confidence": {0.5 + (i % 5) / 10}}}'),
        }.items():
            began = time.perf_counter()
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            timings[name].append((time.perf_counter() - began) * 1000)
            assert response.status == 200, (name, response.status)
    conn.close()
    server.should_exit = True
    thread.join(timeout=5)
    runtime.stop()
    shutil.rmtree(root, ignore_errors=True)
    return timings


def main() -> None:
    ensure_runtime_dir()
    cold, warm, migrations, _ = bench_embedded_postgres()
    print("embedded PostgreSQL (3 rounds, seconds)")
    print("| step | median | max |")
    print("|---|---|---|")
    print(f"| initdb + start (new data dir) | {statistics.median(cold):.2f} | {max(cold):.2f} |")
    print(f"| restart (existing data dir) | {statistics.median(warm):.2f} | {max(warm):.2f} |")
    mig = migrations
    print(f"| all migrations on an empty database | {statistics.median(mig):.2f} | {max(mig):.2f} |")
    timings = bench_http()
    print()
    print("HTTP through `engram serve`'s stack (uvicorn + local resolver, keep-alive, one client), ms")
    print("| request | n | p50 | p95 |")
    print("|---|---|---|---|")
    for name, values in timings.items():
        print(f"| {name} | {len(values)} | {statistics.median(values):.2f} | {_pct(values, 95):.2f} |")


if __name__ == "__main__":
    main()
