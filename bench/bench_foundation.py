"""Foundation numbers: embedded PostgreSQL start, migrations, and request latency through HTTP.

Each round starts a new embedded PostgreSQL in a temporary data dir (initdb + start), restarts it on the
same dir and applies every migration to the empty database; then `engram serve`'s stack (uvicorn and
the local resolver, on a free port) answers health and preferences requests from one keep-alive client.
Prints two small tables; nothing is asserted.

    python -m bench.bench_foundation [--rounds 3] [--requests 300]
"""

from __future__ import annotations

import argparse
import http.client
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench.local_stack import local_stack


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
    with local_stack("engram-bench-http-") as port:
        timings: dict[str, list[float]] = {
            "GET /v1/health": [],
            "GET /v1/preferences": [],
            "PUT /v1/preferences": [],
        }
        conn = http.client.HTTPConnection("127.0.0.1", port)
        headers = {"Authorization": "Bearer dev:bench", "Content-Type": "application/json"}
        for i in range(requests):
            for name, (method, path, body) in {
                "GET /v1/health": ("GET", "/v1/health", None),
                "GET /v1/preferences": ("GET", "/v1/preferences", None),
                "PUT /v1/preferences": (
                    "PUT",
                    "/v1/preferences",
                    f'{{"min_confidence": {0.5 + (i % 5) / 10}}}',
                ),
            }.items():
                began = time.perf_counter()
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                timings[name].append((time.perf_counter() - began) * 1000)
                assert response.status == 200, (name, response.status)
        conn.close()
    return timings


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_foundation",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rounds", type=int, default=3, help="embedded PostgreSQL start rounds (default 3)")
    parser.add_argument(
        "--requests", type=int, default=300, help="timed requests per route through HTTP (default 300)"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    from engram.local.runtime import ensure_runtime_dir

    args = parse_args(argv)
    ensure_runtime_dir()
    cold, warm, migrations, _ = bench_embedded_postgres(args.rounds)
    print(f"embedded PostgreSQL ({args.rounds} rounds, seconds)")
    print("| step | median | max |")
    print("|---|---|---|")
    print(f"| initdb + start (new data dir) | {statistics.median(cold):.2f} | {max(cold):.2f} |")
    print(f"| restart (existing data dir) | {statistics.median(warm):.2f} | {max(warm):.2f} |")
    mig = migrations
    print(f"| all migrations on an empty database | {statistics.median(mig):.2f} | {max(mig):.2f} |")
    timings = bench_http(args.requests)
    print()
    print("HTTP through `engram serve`'s stack (uvicorn + local resolver, keep-alive, one client), ms")
    print("| request | n | p50 | p95 |")
    print("|---|---|---|---|")
    for name, values in timings.items():
        print(f"| {name} | {len(values)} | {statistics.median(values):.2f} | {_pct(values, 95):.2f} |")


if __name__ == "__main__":
    main()
