"""The migration runner against real, fresh PostgreSQL databases: each file applies once, and a database
whose record disagrees with sql/ (a changed applied file, files sql/ does not hold, the history from
before the files were folded) is refused before anything is applied — by `migrate`, `engram migrate`
and the migrate Lambda alike."""

from __future__ import annotations

import importlib.util
import json
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import psycopg
import pytest
from psycopg.conninfo import make_conninfo

from engram.cli import main
from engram.config import reset_settings
from engram.db.connection import Database, reset_database
from engram.db.migrations import MigrationRefused, default_sql_dir, load_migrations, migrate
from tests.cloudformation import cloudformation_response_url
from tests.lambda_context import FakeLambdaContext

ROOT = Path(__file__).resolve().parents[2]
# Some of the fifteen files a database migrated before the history was folded recorded.
PRE_FOLD_FILES = [
    "0001_foundation.sql",
    "0002_sources_and_memories.sql",
    "0015_times_within_the_stored_window.sql",
]


@pytest.fixture
def fresh_url(database_url: str) -> Iterator[str]:
    """A new, empty database on the test server (the session's database is migrated already)."""
    name = f"engram_migrations_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield make_conninfo(database_url, dbname=name)
    finally:
        reset_database()  # the process-wide Database may point here (CLI, Lambda)
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def fresh(fresh_url: str) -> Iterator[Database]:
    db = Database(fresh_url)
    yield db
    db.close()


@pytest.fixture
def sql_copy(tmp_path: Path) -> Path:
    """A copy of sql/ the test may change, as a developer would edit the repository's files."""
    copy = tmp_path / "sql"
    copy.mkdir()
    for path in default_sql_dir().glob("*.sql"):
        shutil.copy(path, copy / path.name)
    return copy


def recorded(db: Database) -> dict[str, str]:
    with db.system_transaction() as conn:
        rows = conn.execute("SELECT name, checksum FROM schema_migrations ORDER BY version").fetchall()
    return {r["name"]: r["checksum"] for r in rows}


def table_exists(db: Database, table: str) -> bool:
    with db.system_transaction() as conn:
        return conn.execute("SELECT to_regclass(%s) IS NOT NULL AS e", (f"public.{table}",)).fetchone()["e"]


def record_as_applied(db: Database, names: list[str]) -> None:
    """A database whose bookkeeping holds `names` (the runner reads only the record, not the schema)."""
    with db.system_transaction() as conn:
        conn.execute(
            """CREATE TABLE schema_migrations (version text PRIMARY KEY, name text NOT NULL,
                   checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"""
        )
        for name in names:
            conn.execute(
                "INSERT INTO schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
                (name[:4], name, "0" * 64),
            )


def test_a_fresh_database_applies_every_file_once_and_a_second_run_is_a_no_op(fresh: Database) -> None:
    files = load_migrations(default_sql_dir())
    assert migrate(fresh) == [m.name for m in files]
    assert migrate(fresh) == []
    assert recorded(fresh) == {m.name: m.checksum for m in files}


def test_a_changed_applied_file_is_refused_naming_it_and_nothing_is_applied(
    fresh: Database, sql_copy: Path
) -> None:
    # Given a database migrated with the files as they were
    migrate(fresh, sql_copy)
    before = recorded(fresh)
    # When an applied file is edited afterwards (even a comment), and a new file is added beside it
    changed = sorted(sql_copy.glob("0003_*.sql"))[0]
    changed.write_text(changed.read_text(encoding="utf-8") + "\n-- an afterthought\n", encoding="utf-8")
    (sql_copy / "0999_pending.sql").write_text("CREATE TABLE pending_probe (id int);\n", encoding="utf-8")
    # Then the run is refused, naming the file, and the pending file is not applied either
    with pytest.raises(MigrationRefused, match=changed.name) as refused:
        migrate(fresh, sql_copy)
    assert "changed after it was applied" in str(refused.value)
    assert not table_exists(fresh, "pending_probe")
    assert recorded(fresh) == before


def test_a_database_migrated_before_the_fold_is_refused_as_predating_the_schema(fresh: Database) -> None:
    record_as_applied(fresh, PRE_FOLD_FILES)
    with pytest.raises(MigrationRefused, match="predates the folded schema") as refused:
        migrate(fresh)
    assert "0001_foundation.sql" in str(refused.value) and "Recreate it" in str(refused.value)
    assert not table_exists(fresh, "users")
    assert list(recorded(fresh)) == PRE_FOLD_FILES


def test_a_database_that_applied_a_file_sql_does_not_hold_is_refused_naming_it(
    fresh: Database, sql_copy: Path
) -> None:
    # Given a database a newer Engram migrated one file further
    migrate(fresh, sql_copy)
    with fresh.system_transaction() as conn:
        conn.execute(
            "INSERT INTO schema_migrations (version, name, checksum) VALUES ('0999', '0999_newer.sql', 'x')"
        )
    # When this sql/ runs against it, and even has a file of its own pending
    (sql_copy / "0998_pending.sql").write_text("CREATE TABLE pending_probe (id int);\n", encoding="utf-8")
    with pytest.raises(MigrationRefused, match="0999_newer.sql") as refused:
        migrate(fresh, sql_copy)
    assert "does not hold" in str(refused.value)
    assert not table_exists(fresh, "pending_probe")


def test_a_pending_file_numbered_before_an_applied_one_is_refused(fresh: Database, sql_copy: Path) -> None:
    (sql_copy / "0998_later.sql").write_text("CREATE TABLE later_probe (id int);\n", encoding="utf-8")
    migrate(fresh, sql_copy)
    (sql_copy / "0997_earlier.sql").write_text("CREATE TABLE earlier_probe (id int);\n", encoding="utf-8")
    with pytest.raises(MigrationRefused, match="0997_earlier.sql"):
        migrate(fresh, sql_copy)
    assert not table_exists(fresh, "earlier_probe")


def test_engram_migrate_exits_non_zero_and_says_why(
    fresh: Database, fresh_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record_as_applied(fresh, PRE_FOLD_FILES)
    monkeypatch.setenv("ENGRAM_DATABASE_URL", fresh_url)
    reset_settings()
    assert main(["migrate"]) == 1
    err = capsys.readouterr().err
    assert "refused" in err and "predates the folded schema" in err
    assert not table_exists(fresh, "users")


def test_engram_migrate_applies_a_fresh_database_then_reports_it_up_to_date(
    fresh: Database, fresh_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ENGRAM_DATABASE_URL", fresh_url)
    reset_settings()
    assert main(["migrate"]) == 0
    assert "applied: 0001_" in capsys.readouterr().out
    assert main(["migrate"]) == 0
    assert "database is up to date" in capsys.readouterr().out


def _migrate_function() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "engram_function_migrate", ROOT / "functions/migrate/app.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def lambda_with_changed_file(
    fresh: Database, fresh_url: str, sql_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[ModuleType, str]:
    """The migrate function deployed with an edited copy of a file its database already applied."""
    migrate(fresh, sql_copy)
    changed = sorted(sql_copy.glob("0002_*.sql"))[0]
    changed.write_text(changed.read_text(encoding="utf-8").replace("-- ", "--  ", 1), encoding="utf-8")
    monkeypatch.setenv("LAMBDA_TASK_ROOT", str(sql_copy.parent))  # where the function finds its sql/
    monkeypatch.setenv("ENGRAM_DATABASE_URL", fresh_url)
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
    reset_settings()
    reset_database()
    return _migrate_function(), changed.name


def test_the_migrate_lambda_fails_a_direct_invoke_naming_the_changed_file(lambda_with_changed_file) -> None:
    function, name = lambda_with_changed_file
    with pytest.raises(MigrationRefused, match=name):
        function.lambda_handler({"action": "migrate"}, FakeLambdaContext())


def test_the_migrate_lambda_reports_the_refusal_to_cloudformation(lambda_with_changed_file) -> None:
    function, name = lambda_with_changed_file
    request = json.loads((ROOT / "events" / "migrate_create.json").read_text())
    with cloudformation_response_url() as (url, received):
        request["ResponseURL"] = url
        result = function.lambda_handler(request, FakeLambdaContext())
    assert result == {"status": "failed"}
    assert received and received[0]["Status"] == "FAILED"
    assert name in received[0]["Reason"] and "refused" in received[0]["Reason"]
