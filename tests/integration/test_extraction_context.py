"""What extraction sees of existing memories (the 180-day window, stale observation cleanup)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engram.db.repositories.context import delete_stale_observations, known_facts
from engram.db.repositories.memories import insert_memory

NOW = datetime(2026, 3, 10, tzinfo=UTC)


def _memory(conn, user_id, content, confidence, age_days, **extra):
    row = insert_memory(conn, user_id, {"content": content, "confidence": confidence, **extra})
    conn.execute(
        "UPDATE memories SET created_at = %s WHERE id = %s", (NOW - timedelta(days=age_days), row["id"])
    )


def test_old_observations_are_left_out_of_the_prompt_but_established_facts_stay(db, user_id):
    with db.user_transaction(user_id) as conn:
        _memory(conn, user_id, "observation recent", 0.4, 10)
        _memory(conn, user_id, "observation stale", 0.4, 200)
        _memory(conn, user_id, "established ancient", 0.8, 400)
        facts = {r["content"] for r in known_facts(conn, user_id, NOW)}
    assert facts == {"observation recent", "established ancient"}


def test_stale_observations_are_deleted_and_nothing_else(db, user_id):
    with db.user_transaction(user_id) as conn:
        _memory(conn, user_id, "observation stale", 0.4, 200)
        _memory(conn, user_id, "observation recent", 0.4, 10)
        _memory(conn, user_id, "established ancient", 0.8, 400)
        _memory(conn, user_id, "kept forever", 0.4, 400, ttl_policy="keep_forever")
        deleted = delete_stale_observations(conn, user_id, NOW)
        left = {r["content"] for r in conn.execute("SELECT content FROM memories").fetchall()}
    assert deleted == 1
    assert left == {"observation recent", "established ancient", "kept forever"}
