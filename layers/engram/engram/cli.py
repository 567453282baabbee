"""The `engram` command: run the service locally and operate its database."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def _cmd_serve(args: argparse.Namespace) -> int:
    from engram.local.server import CannotListen, serve

    try:
        serve(host=args.host, port=args.port, data_dir=args.data_dir, scheduler=args.scheduler)
    except CannotListen as refused:
        print(f"engram serve: {refused}", file=sys.stderr)
        return 1
    return 0


def _cmd_migrate(args: argparse.Namespace) -> int:
    from engram.db.migrations import MigrationRefused
    from engram.local.runtime import start_local_runtime

    began = time.perf_counter()
    try:
        runtime = start_local_runtime(args.data_dir)
    except MigrationRefused as exc:
        print(f"engram migrate: refused: {exc}", file=sys.stderr)
        return 1
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

    def __init__(self, total: int, width: int = 30, *, label: str = "import", unit: str = "items"):
        self.total, self.width, self.done, self.shown = total, width, 0, -1
        self.label, self.unit = label, unit
        self.tty = sys.stderr.isatty()

    def show(self, done: int, total: int) -> None:
        """Redraw at `done` of `total` (a total that grew: rows written while the work ran)."""
        self.total = max(total, done)
        self.advance(done - self.done)

    def advance(self, count: int) -> None:
        self.done = min(self.total, self.done + count)
        percent = self.done * 100 // max(self.total, 1)
        if not self.tty and percent // 10 == self.shown // 10 and self.done < self.total:
            return
        self.shown = percent
        filled = self.width * self.done // max(self.total, 1)
        bar = f"[{'#' * filled}{'-' * (self.width - filled)}]"
        line = f"{self.label} {bar} {self.done:,}/{self.total:,} {self.unit}"
        print(("\r" + line) if self.tty else line, end="" if self.tty else "\n", file=sys.stderr, flush=True)

    def finish(self) -> None:
        if self.tty and self.shown >= 0:
            print(file=sys.stderr, flush=True)


def _cmd_reembed(args: argparse.Namespace) -> int:
    """Re-embed one user, or every user, in the configured embedding space, in this process."""
    import json

    from engram.db.connection import get_database
    from engram.lifecycle.fanout import iter_user_ids
    from engram.lifecycle.reembed import reembed_user
    from engram.local.runtime import start_local_runtime

    runtime = start_local_runtime(args.data_dir)
    try:
        pages = [[args.user]] if args.user else iter_user_ids(get_database())
        for page in pages:
            for user_id in page:
                bar = _ProgressBar(0, label=f"reembed {user_id}", unit="vectors")
                try:
                    result = reembed_user(user_id, batch_size=args.batch_size, max_batches=args.batches,
                                          progress=bar.show)  # fmt: skip
                finally:
                    bar.finish()
                summary = {"user_id": user_id, **result.model_dump()}
                print(json.dumps(summary, separators=(",", ":")), flush=True)
    finally:
        runtime.stop()
    return 0


def _add_reembed(sub) -> None:  # type: ignore[no-untyped-def]
    reembed = sub.add_parser(
        "reembed",
        help="re-embed stored vectors with the configured embedding provider/model/dimension, then switch "
        "each user to it (docs/operations.md)",
    )
    reembed.add_argument("--user", default=None, help="only this user id (default: every user)")
    reembed.add_argument("--data-dir", type=Path, default=None, help="embedded database location (.engram)")
    reembed.add_argument(
        "--batch-size", type=int, default=None, help="vectors per provider call (ENGRAM_REEMBED_BATCH_SIZE)"
    )
    reembed.add_argument(
        "--batches",
        type=int,
        default=None,
        help="stop each user after this many batches (a later run goes on from there)",
    )
    reembed.set_defaults(func=_cmd_reembed)


def _cmd_demo(args: argparse.Namespace) -> int:
    from engram.local.demo import run_demo

    return run_demo(args.data_dir)


def _cmd_maintenance_run(args: argparse.Namespace) -> int:
    """Run a maintenance task now, in this process, without the queue; print each user's counts.

    Uses the same data dir as a running `engram serve` (the embedded server is shared, not restarted).
    """
    from datetime import UTC, datetime

    from engram.lifecycle.jobs import run_directly
    from engram.local.runtime import start_local_runtime

    now = args.now or datetime.now(UTC)
    runtime = start_local_runtime(args.data_dir)
    try:
        totals: dict[str, int] = {}
        users = 0
        for user_id, result in run_directly(args.task, now, user_id=args.user):
            counts = result.model_dump()
            users += 1
            for key, value in counts.items():
                totals[key] = totals.get(key, 0) + value
            changed = ", ".join(f"{k}={v}" for k, v in counts.items() if v) or "nothing to do"
            print(f"{user_id}: {changed}", flush=True)
        print(f"{args.task} as of {now.isoformat()}: {users} user(s)")
        for key, value in totals.items():
            print(f"  {key}: {value}")
    finally:
        runtime.stop()
    return 0


def _cmd_mcp(args: argparse.Namespace) -> int:
    """The MCP server, talking to the Engram at ENGRAM_URL as the user of ENGRAM_TOKEN."""
    try:
        from engram.mcp_server import run
    except ImportError as missing:
        print(f"engram mcp: {missing.name} is not installed: pip install 'engram[mcp]'", file=sys.stderr)
        return 1
    run(http_port=args.http, host=args.host)
    return 0


def _add_mcp(sub) -> None:  # type: ignore[no-untyped-def]
    mcp = sub.add_parser(
        "mcp",
        help="serve Engram's memory to agents over MCP (stdio; ENGRAM_URL and ENGRAM_TOKEN say which Engram)",
    )
    mcp.add_argument(
        "--http", type=int, default=None, metavar="PORT", help="serve streamable HTTP at /mcp on PORT instead"
    )
    mcp.add_argument("--host", default="127.0.0.1", help="bind address with --http (default 127.0.0.1)")
    mcp.set_defaults(func=_cmd_mcp)


def _iso_instant(text: str):  # type: ignore[no-untyped-def]
    """An ISO 8601 instant; without a zone it is taken as UTC."""
    from datetime import UTC, datetime

    try:
        value = datetime.fromisoformat(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not an ISO 8601 time: {text!r}") from exc
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _add_maintenance(sub) -> None:  # type: ignore[no-untyped-def]
    maintenance = sub.add_parser("maintenance", help="run maintenance tasks (cleanup, decay) now")
    actions = maintenance.add_subparsers(dest="action", required=True)
    run = actions.add_parser("run", help="run a task for one user or all users, without the queue")
    run.add_argument(
        "task",
        choices=["cleanup", "decay", "hierarchy", "consolidate"],
        help="what to run (consolidate previews only: merging needs POST /v1/consolidate with force)",
    )
    run.add_argument("--user", default=None, help="only this user id (default: every user)")
    run.add_argument("--data-dir", type=Path, default=None, help="embedded database location (.engram)")
    run.add_argument(
        "--now", type=_iso_instant, default=None, help="the instant to run as (ISO 8601; default: now)"
    )
    run.set_defaults(func=_cmd_maintenance_run)


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
    serve.add_argument(
        "--scheduler", action="store_true", help="also run the maintenance schedules (cleanup, decay ...)"
    )
    serve.set_defaults(func=_cmd_serve)

    demo = sub.add_parser(
        "demo", help="send a scripted week of notes through the API and show what was learned"
    )
    demo.add_argument("--data-dir", type=Path, default=None, help="embedded database location (.engram)")
    demo.set_defaults(func=_cmd_demo)

    imp = sub.add_parser("import", help="import legacy entities and facts from a JSON file")
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

    _add_maintenance(sub)
    _add_reembed(sub)
    _add_mcp(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
