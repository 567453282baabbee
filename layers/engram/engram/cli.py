"""The `engram` command: run the service locally and operate its database."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def _cmd_serve(args: argparse.Namespace) -> int:
    from engram.local.server import serve

    serve(host=args.host, port=args.port, data_dir=args.data_dir)
    return 0


def _cmd_migrate(args: argparse.Namespace) -> int:
    from engram.local.runtime import start_local_runtime

    began = time.perf_counter()
    runtime = start_local_runtime(args.data_dir)
    try:
        applied = runtime.applied_migrations
        if applied:
            print("applied: " + ", ".join(applied))
        else:
            print("database is up to date")
        print(f"done in {time.perf_counter() - began:.2f}s")
    finally:
        runtime.stop()
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    from engram.local.demo import run_demo

    return run_demo(args.data_dir)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="engram", description="Engram: long-term memory for personal AI apps"
    )
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser(
        "serve", help="serve the API locally (embedded PostgreSQL unless ENGRAM_DATABASE_URL)"
    )
    serve.add_argument("--host", default=None, help="bind address (default ENGRAM_HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="port (default ENGRAM_PORT or 8787)")
    serve.add_argument(
        "--data-dir", type=Path, default=None, help="where the embedded database lives (.engram)"
    )
    serve.set_defaults(func=_cmd_serve)

    demo = sub.add_parser(
        "demo", help="send a scripted week of notes through the API and show what was learned"
    )
    demo.add_argument("--data-dir", type=Path, default=None, help="embedded database location (.engram)")
    demo.set_defaults(func=_cmd_demo)

    migrate = sub.add_parser("migrate", help="apply pending sql/ migrations")
    migrate.add_argument("--data-dir", type=Path, default=None, help="embedded database location (.engram)")
    migrate.set_defaults(func=_cmd_migrate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
