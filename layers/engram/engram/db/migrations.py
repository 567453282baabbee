"""Apply `sql/NNNN_*.sql` in order, once each, recorded in `schema_migrations`; refuse a database whose
record disagrees with the files.

Each file creates its objects once, in their final shape, so a file is the whole truth about what it
holds. Safe to run twice and safe to run concurrently (a transaction-level advisory lock serialises
runners, e.g. two Lambda cold starts or a deploy racing `engram serve`). Each file runs in its own
transaction together with its bookkeeping row, so a failed file leaves nothing half-applied.

Before applying anything, the files are checked against what the database recorded, and the run is
refused (`MigrationRefused`, nothing applied) when:

- an applied file changed since it was applied (its stored sha256 differs from the file's): the
  database holds the older text and would silently miss the change. A change to the schema goes into
  a new file; the applied one is restored.
- the database applied a file `sql/` does not hold (a version missing, or held under another name).
  In particular a database migrated before the history was folded into the current files (its
  record starts with `0001_foundation.sql`, the old chain of fifteen files) predates the folded schema:
  nothing was released, so it holds no data to keep, and it must be recreated (locally: stop Engram
  and remove its data directory, `.engram/` by default). Otherwise a newer Engram migrated it.
- a pending file is numbered before an applied one: it would run after the files that follow it.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engram.db.connection import Conn, Database

MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
ADVISORY_LOCK_KEY = 0x656E6772616D  # "engram"
# The first file of the history that was folded into the current files before the first release: a
# database that recorded it predates the folded schema.
PRE_FOLD_FIRST_FILE = "0001_foundation.sql"


class MigrationRefused(RuntimeError):
    """The database's record of applied files disagrees with `sql/`; nothing was applied."""


@dataclass(frozen=True)
class Migration:
    version: str
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


@dataclass(frozen=True)
class AppliedMigration:
    version: str
    name: str
    checksum: str


def default_sql_dir() -> Path:
    """`sql/` of the repo locally; in Lambda the migrate function ships it in its own code folder."""
    here = Path(__file__).resolve()
    task_root = os.environ.get("LAMBDA_TASK_ROOT")
    roots = [Path(task_root)] if task_root else []
    for parent in [*roots, *here.parents]:
        candidate = parent / "sql"
        if candidate.is_dir() and any(candidate.glob("0001_*.sql")):
            return candidate
    raise FileNotFoundError("sql/ migrations directory not found")


def load_migrations(sql_dir: Path) -> list[Migration]:
    migrations = []
    for path in sorted(sql_dir.glob("*.sql")):
        match = MIGRATION_NAME.match(path.name)
        if not match:
            raise ValueError(f"migration file name must look like 0001_name.sql: {path.name}")
        sql = path.read_text(encoding="utf-8")
        migrations.append(Migration(version=match.group(1), name=path.name, sql=sql))
    versions = [m.version for m in migrations]
    if len(set(versions)) != len(versions):
        raise ValueError("two migration files share a version number")
    return migrations


def check_applied(migrations: Sequence[Migration], applied: Sequence[AppliedMigration]) -> None:
    """Raise `MigrationRefused` when `applied` (the database's record) disagrees with `migrations`."""
    files = {m.version: m for m in migrations}
    unknown = sorted(a.name for a in applied if a.version not in files or files[a.version].name != a.name)
    if unknown:
        listed = _list_names(unknown)
        if PRE_FOLD_FIRST_FILE in unknown:
            raise MigrationRefused(
                f"this database predates the folded schema: it applied {listed}, the migration history "
                f"that was folded into the current sql/ files before the first release. Recreate it "
                f"(locally: stop Engram and remove its data directory, .engram/ by default); "
                f"nothing was applied"
            )
        raise MigrationRefused(
            f"this database applied migrations that sql/ does not hold: {listed} (a newer Engram, or "
            f"files renamed or removed after they were applied); nothing was applied"
        )
    for record in applied:
        migration = files[record.version]
        if migration.checksum != record.checksum:
            raise MigrationRefused(
                f"sql/{migration.name} changed after it was applied to this database (recorded sha256 "
                f"{record.checksum[:12]}, file now {migration.checksum[:12]}): the database holds the older "
                f"text. Restore the file and put the change in a new one; nothing was applied"
            )
    done = {a.version for a in applied}
    latest = max(done, default="")
    early = [m.name for m in migrations if m.version not in done and m.version < latest]
    if early:
        raise MigrationRefused(
            f"{', '.join(early)} would run after later files this database already applied "
            f"(up to {latest}): number it after them; nothing was applied"
        )


def _list_names(names: list[str]) -> str:
    return ", ".join(names) if len(names) <= 3 else f"{names[0]} .. {names[-1]} ({len(names)} files)"


def _applied(conn: Conn) -> list[AppliedMigration]:
    rows = conn.execute("SELECT version, name, checksum FROM schema_migrations ORDER BY version").fetchall()
    return [AppliedMigration(r["version"], r["name"], r["checksum"]) for r in rows]


def migrate(db: Database, sql_dir: Path | None = None) -> list[str]:
    """Apply pending migrations; returns the names applied (empty when up to date).

    Raises `MigrationRefused` (see the module docstring) before applying anything."""
    migrations = load_migrations(sql_dir or default_sql_dir())
    with db.system_transaction() as conn:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (ADVISORY_LOCK_KEY,))
        conn.execute(
            """CREATE TABLE IF NOT EXISTS schema_migrations (
                   version text PRIMARY KEY,
                   name text NOT NULL,
                   checksum text NOT NULL,
                   applied_at timestamptz NOT NULL DEFAULT now())"""
        )
        check_applied(migrations, _applied(conn))
    applied: list[str] = []
    for migration in migrations:
        with db.system_transaction() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (ADVISORY_LOCK_KEY,))
            done = conn.execute(
                "SELECT 1 FROM schema_migrations WHERE version = %s", (migration.version,)
            ).fetchone()
            if done:
                continue
            conn.execute(migration.sql.encode())  # several statements, no parameters
            conn.execute(
                "INSERT INTO schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
                (migration.version, migration.name, migration.checksum),
            )
            applied.append(migration.name)
    if applied:
        # The vector type exists now: teach this process's open connections about it.
        db.close()
    return applied


def applied_versions(db: Database) -> list[str]:
    with db.system_transaction() as conn:
        rows = conn.execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
    return [r["version"] for r in rows]
