"""The entities repository against a real Postgres: filters and keyset pages, notes with lifetimes,
edges with the node at their other end, and per-day sentiment."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from uuid import UUID

import pytest

from engram.db.repositories import entities as repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo
from engram.language.sentiment import TREND_WINDOW_DAYS, sentiment_trend

NOW = datetime(2026, 3, 20, 12, tzinfo=UTC)


def _entity(conn, user_id, name, *, kind="person", entity_type="", at=NOW):
    return graph_repo.upsert_entity(
        conn, user_id, name=name, canonical=name.lower(), kind=kind, entity_type=entity_type, at=at
    )


def _names(rows):
    return [row["name"] for row in rows]


# --- listing -------------------------------------------------------------------------------------------


def test_list_filters_by_kind_and_type_and_leaves_out_the_owner_unless_asked(db, user_id):
    with db.user_transaction(user_id) as conn:
        rel_repo.ensure_owner(conn, user_id, at=NOW)
        _entity(conn, user_id, "Sarah")
        _entity(conn, user_id, "Stripe", kind="entity", entity_type="organization")
        _entity(conn, user_id, "Austin", kind="entity", entity_type="place")
        _entity(conn, user_id, "Stoicism", kind="concept")

        people = repo.list_entities(conn, user_id, kind="person")
        with_owner = repo.list_entities(conn, user_id, kind="person", include_owner=True)
        places = repo.list_entities(conn, user_id, kind="entity", entity_type="place")
        everything = repo.list_entities(conn, user_id)

    assert _names(people) == ["Sarah"]
    assert sorted(_names(with_owner)) == ["Me", "Sarah"]
    assert _names(places) == ["Austin"]
    assert len(everything) == 4


def test_name_filter_matches_part_of_the_name_or_an_alias_ignoring_case(db, user_id):
    with db.user_transaction(user_id) as conn:
        sarah = _entity(conn, user_id, "Sarah Connor")
        _entity(conn, user_id, "Marcus")
        conn.execute("UPDATE entities SET aliases = ARRAY['Sazzy'] WHERE id = %s", (sarah,))

        by_name = repo.list_entities(conn, user_id, name="CONNOR")
        by_alias = repo.list_entities(conn, user_id, name="azz")
        wildcard = repo.list_entities(conn, user_id, name="%")

    assert _names(by_name) == ["Sarah Connor"]
    assert _names(by_alias) == ["Sarah Connor"]
    assert wildcard == []  # a LIKE wildcard typed by the user is a literal character


def test_merged_entities_are_never_listed(db, user_id):
    with db.user_transaction(user_id) as conn:
        kept, merged = _entity(conn, user_id, "Sarah"), _entity(conn, user_id, "Sara")
        conn.execute("UPDATE entities SET merged_into = %s WHERE id = %s", (kept, merged))

        listed = repo.list_entities(conn, user_id)

    assert _names(listed) == ["Sarah"]


def test_pages_follow_last_mention_without_duplicates_or_gaps(db, user_id):
    # Given 25 entities, several sharing a last-mention time (so only the id breaks ties)
    with db.user_transaction(user_id) as conn:
        stored = {_entity(conn, user_id, f"Person {i}", at=NOW - timedelta(hours=i // 3)) for i in range(25)}

        # When the pages are followed 10 at a time
        seen, after, pages = [], None, 0
        while True:
            rows = repo.list_entities(conn, user_id, limit=10, after=after)
            page = rows[:10]
            seen.extend(page)
            pages += 1
            if len(rows) <= 10:
                break
            after = repo.decode_cursor(repo.encode_cursor(page[-1]["recency"], page[-1]["id"]))

    # Then every entity comes exactly once, most recently mentioned first
    assert pages == 3
    assert [row["id"] for row in seen if row["id"] in stored] == [row["id"] for row in seen]
    assert {row["id"] for row in seen} == stored and len(seen) == 25
    keys = [(row["recency"], row["id"]) for row in seen]
    assert keys == sorted(keys, reverse=True)


def test_a_cursor_of_another_list_is_refused():
    from engram.db.repositories.memories import encode_cursor as memory_cursor

    with pytest.raises(ValueError):
        repo.decode_cursor(memory_cursor(NOW, UUID(int=1)))


def test_another_users_entity_is_not_read(db, user_id, other_user_id):
    with db.user_transaction(user_id) as conn:
        sarah = _entity(conn, user_id, "Sarah")
    with db.user_transaction(other_user_id) as conn:
        assert repo.get_entity(conn, other_user_id, sarah) is None
        assert repo.list_entities(conn, other_user_id) == []


# --- notes ---------------------------------------------------------------------------------------------


def test_a_note_expires_after_its_lifetime_from_when_it_was_added(db, user_id):
    with db.user_transaction(user_id) as conn:
        sarah = _entity(conn, user_id, "Sarah")
        notes = {
            lifetime: repo.add_note(
                conn, user_id, entity_id=sarah, content=lifetime, added_by="user", lifetime=lifetime, at=NOW
            )
            for lifetime in ("week", "month", "year", "forever")
        }

    assert notes["week"]["expires_at"] == NOW + timedelta(days=7)
    assert notes["month"]["expires_at"] == NOW + timedelta(days=30)
    assert notes["year"]["expires_at"] == NOW + timedelta(days=365)
    assert notes["forever"]["expires_at"] is None
    assert all(note["date_added"] == NOW for note in notes.values())


def test_expired_notes_are_never_listed_and_the_rest_come_newest_first(db, user_id):
    with db.user_transaction(user_id) as conn:
        sarah = _entity(conn, user_id, "Sarah")
        for content, lifetime, days_ago in [
            ("old weekly", "week", 8),
            ("fresh weekly", "week", 2),
            ("old forever", "forever", 400),
            ("monthly", "month", 10),
        ]:
            repo.add_note(
                conn,
                user_id,
                entity_id=sarah,
                content=content,
                added_by="user",
                lifetime=lifetime,
                at=NOW - timedelta(days=days_ago),
            )
        listed = repo.list_notes(conn, user_id, entity_id=sarah, now=NOW)
        a_week_later = repo.list_notes(conn, user_id, entity_id=sarah, now=NOW + timedelta(days=6))

    assert [n["content"] for n in listed] == ["fresh weekly", "monthly", "old forever"]
    assert [n["content"] for n in a_week_later] == ["monthly", "old forever"]


def test_delete_expired_notes_removes_only_expired_notes_of_that_user(db, user_id, other_user_id):
    with db.user_transaction(user_id) as conn:
        sarah = _entity(conn, user_id, "Sarah")
        for lifetime in ("week", "forever"):
            repo.add_note(
                conn,
                user_id,
                entity_id=sarah,
                content=lifetime,
                added_by="user",
                lifetime=lifetime,
                at=NOW - timedelta(days=30),
            )
    with db.user_transaction(other_user_id) as conn:
        marcus = _entity(conn, other_user_id, "Marcus")
        repo.add_note(
            conn,
            other_user_id,
            entity_id=marcus,
            content="theirs",
            added_by="user",
            lifetime="week",
            at=NOW - timedelta(days=30),
        )

    with db.user_transaction(user_id) as conn:
        deleted = repo.delete_expired_notes(conn, user_id, NOW)
        remaining = conn.execute("SELECT content FROM entity_notes WHERE user_id = %s", (user_id,)).fetchall()
    with db.user_transaction(other_user_id) as conn:
        theirs = conn.execute("SELECT count(*) AS n FROM entity_notes WHERE user_id = %s", (other_user_id,))
        their_count = theirs.fetchone()["n"]

    assert deleted == 1
    assert [row["content"] for row in remaining] == ["forever"]
    assert their_count == 1


def test_a_note_marks_its_entity_or_relationship_dirty(db, user_id):
    with db.user_transaction(user_id) as conn:
        sarah, stripe = _entity(conn, user_id, "Sarah"), _entity(conn, user_id, "Stripe", kind="entity")
        edge = rel_repo.upsert_edge(
            conn,
            user_id,
            from_entity_id=sarah,
            to_entity_id=stripe,
            kind="engages_with",
            relationship_type="works_at",
            valid_from=NOW,
            recorded_at=NOW,
        )
        repo.add_note(conn, user_id, entity_id=sarah, content="likes tea", added_by="user")
        repo.add_note(conn, user_id, relationship_id=edge["id"], content="since 2020", added_by="user")
        dirty = conn.execute(
            """SELECT (SELECT is_dirty FROM entities WHERE id = %s) AS sarah,
                      (SELECT is_dirty FROM entities WHERE id = %s) AS stripe,
                      (SELECT is_dirty FROM relationships WHERE id = %s) AS edge""",
            (sarah, stripe, edge["id"]),
        ).fetchone()

    assert dirty == {"sarah": True, "stripe": False, "edge": True}


def test_a_note_on_another_users_entity_is_not_written(db, user_id, other_user_id):
    with db.user_transaction(user_id) as conn:
        sarah = _entity(conn, user_id, "Sarah")
    with db.user_transaction(other_user_id) as conn:
        note = repo.add_note(conn, other_user_id, entity_id=sarah, content="intrusion", added_by="user")
    with db.user_transaction(user_id) as conn:
        notes = repo.list_notes(conn, user_id, entity_id=sarah, now=NOW + timedelta(days=1))
        dirty = conn.execute("SELECT is_dirty FROM entities WHERE id = %s", (sarah,)).fetchone()["is_dirty"]

    assert note is None and notes == [] and dirty is False


# --- edges -----------------------------------------------------------------------------------------------


def test_edges_come_with_the_other_node_current_as_of_and_ended(db, user_id):
    friday = NOW + timedelta(days=4)
    with db.user_transaction(user_id) as conn:
        marcus = _entity(conn, user_id, "Marcus")
        stripe = _entity(conn, user_id, "Stripe", kind="entity", entity_type="organization")
        notion = _entity(conn, user_id, "Notion", kind="entity", entity_type="organization")
        sarah = _entity(conn, user_id, "Sarah")
        common = dict(kind="engages_with", relationship_type="works_at", recorded_at=NOW)
        old = rel_repo.upsert_edge(
            conn, user_id, from_entity_id=marcus, to_entity_id=stripe, valid_from=NOW, **common
        )
        rel_repo.close_edges(conn, user_id, [old["id"]], at=friday)
        new = rel_repo.upsert_edge(
            conn, user_id, from_entity_id=marcus, to_entity_id=notion, valid_from=friday, **common
        )
        friend = rel_repo.upsert_edge(
            conn,
            user_id,
            from_entity_id=sarah,
            to_entity_id=marcus,
            kind="has_relationship_with",
            relationship_type="friend",
            valid_from=NOW,
            recorded_at=NOW,
        )
        repo.add_note(
            conn, user_id, relationship_id=new["id"], content="joined as CTO", added_by="user", at=friday
        )

        current = repo.list_entity_edges(conn, user_id, marcus, now=friday + timedelta(days=1))
        wednesday = repo.list_entity_edges(conn, user_id, marcus, now=friday, as_of=NOW + timedelta(days=2))
        ended = repo.list_entity_edges(conn, user_id, marcus, now=friday, closed=True)

    by_id = {row["id"]: row for row in current}
    assert set(by_id) == {new["id"], friend["id"]}
    assert by_id[new["id"]]["direction"] == "outgoing" and by_id[new["id"]]["other_name"] == "Notion"
    assert by_id[new["id"]]["other_kind"] == "entity"
    assert [note["content"] for note in by_id[new["id"]]["notes"]] == ["joined as CTO"]
    assert by_id[friend["id"]]["direction"] == "incoming" and by_id[friend["id"]]["other_name"] == "Sarah"
    assert {row["other_name"] for row in wednesday} == {"Stripe", "Sarah"}
    assert [(row["other_name"], row["valid_to"]) for row in ended] == [("Stripe", friday)]


# --- sentiment -------------------------------------------------------------------------------------------


def _readings(conn, user_id, entity_id, readings):
    for at, value in readings:
        graph_repo.insert_sentiment(
            conn, user_id, entity_id, value, memory_id=None, source_id=None, context=None, at=at
        )


def test_trajectory_buckets_readings_per_utc_day_within_the_window(db, user_id):
    day = datetime(2026, 3, 18, tzinfo=UTC)
    with db.user_transaction(user_id) as conn:
        sarah = _entity(conn, user_id, "Sarah")
        _readings(
            conn,
            user_id,
            sarah,
            [
                (day + timedelta(hours=1), 0.2),
                (day + timedelta(hours=23, minutes=59), 0.6),
                (day + timedelta(days=1, hours=8), -0.4),
                (NOW - timedelta(days=40), 0.9),  # outside a 30-day window
                (NOW + timedelta(hours=1), 0.9),  # after `now`
            ],
        )
        points = repo.sentiment_trajectory(conn, user_id, sarah, now=NOW, days=30)

    assert [(p["day"], p["count"]) for p in points] == [(date(2026, 3, 18), 2), (date(2026, 3, 19), 1)]
    first = points[0]
    assert first["avg"] == pytest.approx(0.4) and first["min"] == pytest.approx(0.2)
    assert first["max"] == pytest.approx(0.6)
    assert points[1]["avg"] == pytest.approx(-0.4)


@pytest.mark.parametrize(
    ("previous", "current", "expected"),
    [
        ([-0.2, 0.0, -0.1], [0.4, 0.5], "improving"),
        ([0.7, 0.8], [0.1, -0.2, 0.0], "declining"),
        ([0.3, 0.35], [0.32, 0.36, 0.3], "stable"),
        ([], [0.3, 0.6], "insufficient_data"),
    ],
)
def test_trend_compares_the_last_two_weeks_with_the_two_before(db, user_id, previous, current, expected):
    with db.user_transaction(user_id) as conn:
        sarah = _entity(conn, user_id, "Sarah")
        _readings(
            conn, user_id, sarah, [(NOW - timedelta(days=20, hours=i), v) for i, v in enumerate(previous)]
        )
        _readings(
            conn, user_id, sarah, [(NOW - timedelta(days=3, hours=i), v) for i, v in enumerate(current)]
        )
        _readings(conn, user_id, sarah, [(NOW - timedelta(days=60), -1.0)])  # older than both windows
        windows = repo.sentiment_windows(conn, user_id, sarah, now=NOW, window_days=TREND_WINDOW_DAYS)

    assert windows["current_count"] == len(current) and windows["previous_count"] == len(previous)
    trend = sentiment_trend(
        windows["current_avg"], windows["current_count"], windows["previous_avg"], windows["previous_count"]
    )
    assert trend.trend == expected


def test_reading_a_merged_entity_reads_the_entity_it_was_merged_into(db, user_id):
    with db.user_transaction(user_id) as conn:
        sarah, sara, sal = (
            _entity(conn, user_id, "Sarah"),
            _entity(conn, user_id, "Sara"),
            _entity(conn, user_id, "Sal"),
        )
        conn.execute("UPDATE entities SET merged_into = %s WHERE id = %s", (sara, sal))
        conn.execute("UPDATE entities SET merged_into = %s WHERE id = %s", (sarah, sara))

        read = repo.get_entity(conn, user_id, sal)

    assert read is not None and read["id"] == sarah
