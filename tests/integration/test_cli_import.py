"""`engram import FILE`: a large legacy file in chunks against the database of ENGRAM_DATABASE_URL,
with a progress bar on stderr and the counts on stdout; twice is the same as once."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import pytest

from engram.cli import main
from engram.db.connection import Database


def count(db: Database, user: str, table: str = "memories") -> int:
    with db.user_transaction(user) as conn:
        return conn.execute(f"SELECT count(*) AS n FROM {table} WHERE user_id = %s", (user,)).fetchone()["n"]


def write(path: Path, document: object) -> Path:
    path.write_text(json.dumps(document))
    return path


@pytest.mark.slow  # every one of the 10,000 memory rows pays for HNSW index maintenance in Postgres
@pytest.mark.own_database  # an index of its own rows only, and 10,000 rows fewer for every later test
def test_a_ten_thousand_row_legacy_file_imported_twice_leaves_ten_thousand_memories(
    db, user_id, tmp_path, capsys
) -> None:
    # Given a legacy export: 500 people and 9,500 facts (names apart by more than the one letter that
    # entity resolution reads as a typo of the same person)
    entities = [
        {
            "name": f"Friend {hashlib.sha256(str(i).encode()).hexdigest()[:10]}",
            "type": "person",
            "mention_count": 2,
        }
        for i in range(500)
    ]
    facts = [
        {"content": f"Legacy fact number {i} about the garden.", "importance": "low"} for i in range(9_500)
    ]
    file = write(tmp_path / "legacy.json", {"entities": entities, "facts": facts})

    began = time.perf_counter()
    assert main(["import", str(file), "--user", user_id]) == 0
    first_seconds = time.perf_counter() - began
    first = capsys.readouterr()
    assert main(["import", str(file), "--user", user_id]) == 0
    second = capsys.readouterr()

    assert count(db, user_id) == 10_000
    assert count(db, user_id, "entities") == 500 + 0  # no owner node: imports make no edges to the user
    summary = json.loads(first.out[first.out.index("{") :])
    assert summary["entities"]["created"] == 500 and summary["facts"]["created"] == 9_500
    again = json.loads(second.out[second.out.index("{") :])
    assert again["entities"]["existing"] == 500 and again["facts"]["existing"] == 9_500
    assert again["entities"]["created"] == again["facts"]["created"] == 0
    assert "10,000/10,000 items" in first.err and "import [" in first.err
    print(f"first import of 10,000 rows: {first_seconds:.1f}s")


def test_skipped_rows_are_reported_by_their_index_in_the_whole_file(db, user_id, tmp_path, capsys) -> None:
    facts = [{"content": f"Fact {i}."} for i in range(12)]
    facts[9] = {"content": "My PIN is 4921"}
    file = write(tmp_path / "facts.json", {"facts": facts})

    assert main(["import", str(file), "--user", user_id, "--chunk-size", "5"]) == 0

    summary = json.loads(capsys.readouterr().out)
    assert [s["index"] for s in summary["facts"]["skipped"]] == [9]
    assert summary["facts"]["created"] == 11 and count(db, user_id) == 11


def test_an_invalid_row_names_it_and_imports_nothing(db, user_id, tmp_path, capsys) -> None:
    facts = [{"content": f"Fact {i}."} for i in range(800)]
    facts[700] = {"content": "Fact", "importance": "huge"}
    file = write(tmp_path / "bad.json", {"facts": facts})

    assert main(["import", str(file), "--user", user_id]) == 2

    err = capsys.readouterr().err
    assert "facts[700].importance" in err and "nothing was imported" in err
    assert count(db, user_id) == 0


@pytest.mark.parametrize("content", ["not json", "[1, 2]", '{"people": []}'])
def test_a_file_that_is_not_an_import_document_is_refused(db, user_id, tmp_path, capsys, content) -> None:
    file = tmp_path / "odd.json"
    file.write_text(content)

    assert main(["import", str(file), "--user", user_id]) == 2
    assert "nothing was imported" in capsys.readouterr().err


def test_a_missing_file_is_refused(db, user_id, tmp_path, capsys) -> None:
    assert main(["import", str(tmp_path / "nope.json"), "--user", user_id]) == 2
