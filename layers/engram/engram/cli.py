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


def _cmd_import(args: argparse.Namespace) -> int:
    """Import a legacy JSON file in chunks through the service behind POST /v1/import, with progress."""
    import json

    from engram.errors import ValidationFailed
    from engram.lifecycle.importer import import_document, parse_import_file
    from engram.local.runtime import start_local_runtime

    try:
        entities, facts = parse_import_file(json.loads(args.file.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationFailed) as exc:
        field = f" ({exc.field})" if isinstance(exc, ValidationFailed) else ""
        message = exc.message if isinstance(exc, ValidationFailed) else str(exc)
        print(f"engram import: {args.file}: {message}{field}; nothing was imported", file=sys.stderr)
        return 2
    bar = _ProgressBar(len(entities) + len(facts))
    runtime = start_local_runtime(args.data_dir)
    try:
        result = import_document(args.user, entities, facts, chunk_size=args.chunk_size, progress=bar.advance)
    finally:
        bar.finish()
        runtime.stop()
    print(json.dumps({"user_id": args.user, **result.model_dump(mode="json")}, indent=2))
    return 0


class _ProgressBar:
    """`[#####-----]  5,000/10,000 items` on stderr, redrawn in place (one line per step when not a tty)."""

    def __init__(self, total: int, width: int = 30):
        self.total, self.width, self.done, self.shown = total, width, 0, -1
        self.tty = sys.stderr.isatty()

    def advance(self, count: int) -> None:
        self.done = min(self.total, self.done + count)
        percent = self.done * 100 // max(self.total, 1)
        if not self.tty and percent // 10 == self.shown // 10 and self.done < self.total:
            return
        self.shown = percent
        filled = self.width * self.done // max(self.total, 1)
        line = f"import [{'#' * filled}{'-' * (self.width - filled)}] {self.done:,}/{self.total:,} items"
        print(("\r" + line) if self.tty else line, end="" if self.tty else "\n", file=sys.stderr, flush=True)

    def finish(self) -> None:
        if self.tty and self.shown >= 0:
            print(file=sys.stderr, flush=True)


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

    imp = sub.add_parser("import", help="import legacy entities and facts from a JSON file (seed 001 Part 6)")
    imp.add_argument("file", type=Path, help='JSON: {"entities": [...], "facts": [...]}')
    imp.add_argument(
        "--user", default="alice", help="the user to import for (default: alice, the README's dev:alice)"
    )
    imp.add_argument("--data-dir", type=Path, default=None, help="embedded database location (.engram)")
    imp.add_argument("--chunk-size", type=int, default=500, help="items per transaction (default 500)")
    imp.set_defaults(func=_cmd_import)

    migrate = sub.add_parser("migrate", help="apply pending sql/ migrations")
    migrate.add_argument("--data-dir", type=Path, default=None, help="embedded database location (.engram)")
    migrate.set_defaults(func=_cmd_migrate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
