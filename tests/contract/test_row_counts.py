"""The write path runs its transaction pipelined, where a cursor's `rowcount` reads -1 until the pipeline
syncs: a repository that returned it would silently report "nothing changed". Rows are counted through
`engram.db.connection.execute_counting`, which syncs first; this keeps it that way."""

from __future__ import annotations

from pathlib import Path

import engram

PACKAGE = Path(engram.__file__).parent


def test_rows_are_counted_only_through_execute_counting() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[:1] != ("client",)  # the HTTP client has no database
        and path != PACKAGE / "db" / "connection.py"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if ".rowcount" in line
    ]
    assert offenders == [], f"use execute_counting instead of .rowcount: {offenders}"
