"""Apply `sql/NNNN_*.sql` in order, once each, recorded in `schema_migrations`.

Safe to run twice and safe to run concurrently (a transaction-level advisory lock serialises
runners, e.g. two Lambda cold starts or a deploy racing `engram serve`). Each file runs in its own
transaction together with its bookkeeping row, so a failed file leaves nothing half-applied.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from engram.db.connection import Database

MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
ADVISORY_LOCK_KEY = 0x656E6772616D  # "engram"


@dataclass(frozen=True)
class Migration:
    version: str
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


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
        migrations.append(Migration(version=match.group(1), name=path.name, sql=path.read_text()))
    versions = [m.version for m in migrations]
    if len(set(versions)) != len(versions):
        raise ValueError("two migration files share a version number")
    return migrations


def migrate(db: Database, sql_dir: Path | None = None) -> list[str]:
    """Apply pending migrations; returns the names applied (empty when up to date)."""
    migrations = load_migrations(sql_dir or default_sql_dir())
    applied: list[str] = []
    with db.system_transaction() as conn:
        conn.execute(
            """CREATE TABLE IF NOT EXISTS schema_migrations (
                   version text PRIMARY KEY,
                   name text NOT NULL,
                   checksum text NOT NULL,
                   applied_at timestamptz NOT NULL DEFAULT now())"""
        )
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
