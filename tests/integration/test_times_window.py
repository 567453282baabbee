"""Times outside what Python can read once broke an account for good; the migration repairs such rows."""

from __future__ import annotations

from pathlib import Path

from tests.http_client import ApiClient

REPAIR = Path(__file__).resolve().parents[2] / "sql" / "0015_times_within_the_stored_window.sql"


def test_rows_with_unreadable_times_are_moved_into_the_window_and_the_account_reads_again(
    api: ApiClient, db, user_id: str
) -> None:
    # Given a memory whose times an older version stored beyond Python's years (year 0 and year 10000 UTC)
    assert api.post("/v1/import", {"facts": [{"content": "I like kiwis"}]}, user=user_id).status == 200
    with db.system_transaction() as conn:
        conn.execute(
            """UPDATE memories SET event_date = '0001-01-01 00:00:00+14'::timestamptz,
                                   expires_at = '10000-01-01 00:00:00+00'::timestamptz
               WHERE user_id = %s""",
            (user_id,),
        )
    assert api.get("/v1/memories", user=user_id).status == 500  # the account as it was: unreadable

    # When the repair runs
    with db.system_transaction() as conn:
        conn.execute(REPAIR.read_text().encode())

    # Then the memory reads again, its times at the window's edges
    listed = api.get("/v1/memories", user=user_id)
    assert listed.status == 200, listed.body
    (memory,) = listed.body["items"]
    assert memory["event_date"].startswith("1000-01-01")
    assert memory["expires_at"].startswith("8999-12-31")
    assert memory["effective_from"] is None  # a time never set stays unset
    assert api.post("/v1/search", {"query": "kiwis"}, user=user_id).status == 200
