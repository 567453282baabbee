"""The timeline read over a large user stays index-driven: a window of a user with 10,000 memories is read
through `memories_timeline_idx` (no sequential scan; the whole history in index order, with no sort),
and a page stops reading once it is full."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from engram.db.repositories import timeline as timeline_repo
from engram.db.repositories.timeline import timeline_window

MEMORIES = 10_000
START = datetime(2023, 1, 1, tzinfo=UTC)


def _fill(db: Any, user_id: str) -> None:
    """10,000 memories over three years: events, happenings told as facts, standing facts, preferences,
    and superseded versions, with every kind of date the timeline falls back on."""
    with db.user_transaction(user_id) as conn:
        conn.execute(
            """
            INSERT INTO memories (user_id, content, memory_type, status, event_date, effective_from,
                                  document_date, created_at)
            SELECT %(uid)s,
                   CASE i %% 4 WHEN 0 THEN 'Went rowing on the canal, outing ' || i
                               WHEN 1 THEN 'Teodor is a carpenter number ' || i
                               WHEN 2 THEN 'I prefer green tea, note ' || i
                               ELSE 'Dinner with Oona, evening ' || i END,
                   CASE i %% 4 WHEN 2 THEN 'preference' WHEN 3 THEN 'event' ELSE 'fact' END,
                   CASE WHEN i %% 10 = 0 THEN 'superseded' ELSE 'active' END,
                   CASE WHEN i %% 4 = 3 THEN %(start)s + i * interval '150 minutes' END,
                   CASE WHEN i %% 7 = 0 THEN %(start)s + i * interval '151 minutes' END,
                   CASE WHEN i %% 3 <> 0 THEN %(start)s + i * interval '152 minutes' END,
                   %(start)s + i * interval '153 minutes'
            FROM generate_series(1, %(n)s) AS i
            """,
            {"uid": user_id, "start": START, "n": MEMORIES},
        )
    with db.system_transaction() as conn:
        # The shared test table holds thousands of small users: with the default sample a large user can
        # fall outside the most-common-values list and be estimated at a few dozen rows, and a window of
        # "a few dozen" is rightly fetched by bitmap and sorted. Sample enough to see the user as it is.
        conn.execute("ALTER TABLE memories ALTER COLUMN user_id SET STATISTICS 1000")
        conn.execute("ANALYZE memories")


def _plans(db: Any, user_id: str, start: datetime | None, end: datetime | None) -> dict[str, str]:
    """The plans of the first batch and of the batch after it, as `timeline_window` runs them."""
    captured: dict[str, str] = {}

    class Explaining:
        def __init__(self, conn: Any) -> None:
            self.conn = conn

        def execute(self, statement: str, params: Any = None) -> Any:
            for name in ("_BATCH", "_BATCH_AFTER"):
                if statement is getattr(timeline_repo, name) and name not in captured:
                    rows = self.conn.execute("EXPLAIN " + statement, params).fetchall()
                    captured[name] = "\n".join(r["QUERY PLAN"] for r in rows)
            return self.conn.execute(statement, params)

    with db.user_transaction(user_id) as conn:
        timeline_window(Explaining(conn), user_id, start=start, end=end, limit=None)  # type: ignore[arg-type]
    return captured


def test_a_window_of_a_large_user_is_read_through_the_timeline_index(db, user_id, other_user_id):
    _fill(db, other_user_id)  # another large user shares the table
    _fill(db, user_id)
    month = _plans(db, user_id, START + timedelta(days=400), START + timedelta(days=431))
    whole = _plans(db, user_id, None, None)
    for plans in (month, whole):
        assert set(plans) == {"_BATCH", "_BATCH_AFTER"}  # the whole window takes many batches
        for plan in plans.values():
            assert "memories_timeline_idx" in plan and "Seq Scan" not in plan, plan
    # A month may be fetched by a bitmap scan of its range and sorted (a month is small); the whole
    # history the planner knows to be larger than a batch is read in index order and each batch stops at
    # its limit: no sort of the user's memories. (In the shared test database the planner's estimate of
    # one user's rows can fall below a batch however it is analysed; then a sort of that many is right.)
    for plan in whole.values():
        estimated = max(int(n) for n in re.findall(r"rows=(\d+)", plan))
        if estimated >= timeline_repo._MIN_BATCH:
            assert "Sort" not in plan, plan


def test_a_page_of_a_large_user_is_complete_and_ordered(db, user_id):
    _fill(db, user_id)
    began = time.perf_counter()
    with db.user_transaction(user_id) as conn:
        month = timeline_window(
            conn, user_id, start=START + timedelta(days=400), end=START + timedelta(days=431), limit=None
        )
        page = timeline_window(conn, user_id, start=None, end=None, limit=50)
    elapsed = time.perf_counter() - began
    print(f"timeline over {MEMORIES} memories: a month ({len(month)} events) and a page in {elapsed:.3f}s")
    keys = [(r["event_date"], str(r["memory_id"])) for r in month]
    assert keys == sorted(keys) and len(month) > 50
    # standing facts and preferences are never listed; events and reported happenings are
    assert {r["event_type"] for r in month} == {"event"}
    assert not any("carpenter" in r["title"] or "green tea" in r["title"] for r in month)
    assert len(page) == 50
