"""The entity API through real HTTP and a real Postgres: list, read (edges now / as of / ended, notes,
sentiment, superseded facts), an entity's memories, notes on entities and relationships, tenancy and
the 400s of bad input.

Notes and the graph come from the real write path (`POST /v1/analyze`) where the story matters, and
from the repositories where a test needs exact times (edges that ended, sentiment over weeks).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import uuid4

import pytest

from engram.db.repositories import entities as entities_repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import relationships as rel_repo

ENTITY_COLUMNS = {
    "id",
    "kind",
    "entity_type",
    "name",
    "canonical_name",
    "aliases",
    "description",
    "is_owner",
    "relationship",
    "sentiment_average",
    "mention_count",
    "first_mentioned_at",
    "last_mentioned_at",
    "source_count",
    "distinct_source_days",
    "salience",
    "state",
}


def analyze(api: Any, user_id: str, content: str) -> None:
    response = api.post("/v1/analyze", {"content": content}, user=user_id)
    assert response.status == 200, response.body


def entity_named(api: Any, user_id: str, name: str) -> dict:
    response = api.get(f"/v1/entities?name={name}", user=user_id)
    assert response.status == 200, response.body
    (match,) = [item for item in response.body["items"] if item["name"] == name]
    return match


def _entity(db: Any, user_id: str, name: str, *, kind: str = "person", at: datetime | None = None) -> Any:
    with db.user_transaction(user_id) as conn:
        return graph_repo.upsert_entity(
            conn,
            user_id,
            name=name,
            canonical=name.lower(),
            kind=kind,
            entity_type="organization" if kind == "entity" else "",
            at=at or datetime.now(UTC),
        )


# --- GET /v1/entities --------------------------------------------------------------------------------------


def test_list_returns_entities_with_the_design_columns_and_never_the_vector(api, user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe.")

    response = api.get("/v1/entities", user=user_id)

    assert response.status == 200
    assert response.body["next_cursor"] is None
    by_name = {item["name"]: item for item in response.body["items"]}
    assert {"Sarah", "Stripe"} <= set(by_name)
    sarah = by_name["Sarah"]
    assert set(sarah) >= ENTITY_COLUMNS
    assert "embedding" not in sarah and "user_id" not in sarah
    assert sarah["kind"] == "person" and sarah["relationship"] == "friend" and sarah["mention_count"] >= 1


def test_the_owner_node_is_listed_only_when_asked(api, user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe.")

    default = api.get("/v1/entities", user=user_id)
    with_owner = api.get("/v1/entities?include_owner=true", user=user_id)

    assert not any(item["is_owner"] for item in default.body["items"])
    assert [item["name"] for item in with_owner.body["items"] if item["is_owner"]] == ["Me"]


def test_list_filters_by_kind_entity_type_and_name(api, user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe. My sister Ana lives in Berlin.")

    people = api.get("/v1/entities?kind=person", user=user_id)
    organizations = api.get("/v1/entities?kind=entity&entity_type=organization", user=user_id)
    named = api.get("/v1/entities?name=SAR", user=user_id)

    assert {item["name"] for item in people.body["items"]} == {"Sarah", "Ana"}
    assert [item["name"] for item in organizations.body["items"]] == ["Stripe"]
    assert [item["name"] for item in named.body["items"]] == ["Sarah"]


def test_list_pages_follow_next_cursor_without_duplicates_or_gaps(api, db, user_id):
    # Given 12 entities, pairs of them mentioned at the same moment (only the id breaks those ties)
    start = datetime(2026, 3, 1, tzinfo=UTC)
    stored = {str(_entity(db, user_id, f"Person {i}", at=start + timedelta(hours=i // 2))) for i in range(12)}

    # When the client follows next_cursor five at a time
    pages, cursor = [], None
    while True:
        response = api.get("/v1/entities?limit=5" + (f"&cursor={cursor}" if cursor else ""), user=user_id)
        assert response.status == 200
        pages.append([item["id"] for item in response.body["items"]])
        cursor = response.body["next_cursor"]
        if cursor is None:
            break

    # Then 5 + 5 + 2 cover every entity once, most recently mentioned first
    assert [len(page) for page in pages] == [5, 5, 2]
    seen = [entity_id for page in pages for entity_id in page]
    assert len(set(seen)) == 12 and set(seen) == stored
    assert pages[0][:2] == sorted(pages[0][:2], reverse=True)


def test_list_shows_none_of_another_users_entities(api, user_id, other_user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe.")

    response = api.get("/v1/entities?include_owner=true", user=other_user_id)

    assert response.status == 200 and response.body["items"] == []


# --- GET /v1/entities/{id} ---------------------------------------------------------------------------------


def test_detail_lists_current_edges_with_the_node_at_the_other_end(api, user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe.")
    sarah = entity_named(api, user_id, "Sarah")

    response = api.get(f"/v1/entities/{sarah['id']}", user=user_id)

    assert response.status == 200
    body = response.body
    assert body["id"] == sarah["id"] and body["name"] == "Sarah" and "embedding" not in body
    edges = {(edge["relationship_type"], edge["direction"]): edge for edge in body["relationships"]}
    works_at = edges[("works_at", "outgoing")]
    assert works_at["other"]["name"] == "Stripe" and works_at["other"]["kind"] == "entity"
    friend = edges[("friend", "incoming")]
    assert friend["other"]["is_owner"] is True
    assert body["relationship_history"] == [] and body["superseded_facts"] == [] and body["notes"] == []


def test_job_change_moves_the_old_employer_to_history_and_the_old_fact_to_superseded_facts(api, user_id):
    # Given Marcus worked at Stripe, then the user says he moved to Notion
    analyze(api, user_id, "My colleague Marcus works at Stripe.")
    analyze(api, user_id, "Marcus now works at Notion.")
    marcus = entity_named(api, user_id, "Marcus")

    # When his page is read
    body = api.get(f"/v1/entities/{marcus['id']}", user=user_id).body

    # Then Notion is current, Stripe is history with its end, and the Stripe fact is a superseded fact
    current = [e["other"]["name"] for e in body["relationships"] if e["relationship_type"] == "works_at"]
    ended = [e for e in body["relationship_history"] if e["relationship_type"] == "works_at"]
    assert current == ["Notion"]
    assert [e["other"]["name"] for e in ended] == ["Stripe"] and ended[0]["valid_to"] is not None
    assert len(body["superseded_facts"]) == 1
    fact = body["superseded_facts"][0]
    assert "Stripe" in fact["content"] and fact["superseded_by"] is not None


def test_as_of_returns_the_edges_valid_at_that_time(api, db, user_id):
    # Given Marcus worked at Stripe from March 2 until March 6, then at Notion
    monday, friday = datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 6, tzinfo=UTC)
    marcus = _entity(db, user_id, "Marcus", at=monday)
    stripe, notion = (
        _entity(db, user_id, "Stripe", kind="entity"),
        _entity(db, user_id, "Notion", kind="entity"),
    )
    with db.user_transaction(user_id) as conn:
        common = dict(kind="engages_with", relationship_type="works_at", recorded_at=monday)
        old = rel_repo.upsert_edge(
            conn, user_id, from_entity_id=marcus, to_entity_id=stripe, valid_from=monday, **common
        )
        rel_repo.close_edges(conn, user_id, [old["id"]], at=friday)
        rel_repo.upsert_edge(
            conn, user_id, from_entity_id=marcus, to_entity_id=notion, valid_from=friday, **common
        )

    wednesday = api.get(f"/v1/entities/{marcus}?as_of=2026-03-04T12:00:00Z", user=user_id)
    now = api.get(f"/v1/entities/{marcus}", user=user_id)
    before = api.get(f"/v1/entities/{marcus}?as_of=2026-02-01", user=user_id)

    assert wednesday.status == 200
    assert [e["other"]["name"] for e in wednesday.body["relationships"]] == ["Stripe"]
    assert wednesday.body["as_of"] == "2026-03-04T12:00:00Z"
    assert [e["other"]["name"] for e in now.body["relationships"]] == ["Notion"]
    assert before.body["relationships"] == []
    for response in (wednesday, now, before):
        assert [e["other"]["name"] for e in response.body["relationship_history"]] == ["Stripe"]


def test_sentiment_shows_the_daily_trajectory_average_and_trend(api, db, user_id):
    # Given readings about Sarah that were lukewarm three weeks ago and warm this week
    now = datetime.now(UTC)
    sarah = _entity(db, user_id, "Sarah")
    readings = [(now - timedelta(days=21), -0.2), (now - timedelta(days=20), 0.0)]
    readings += [(now - timedelta(days=2), 0.6), (now - timedelta(days=2, minutes=5), 0.8)]
    readings += [(now - timedelta(days=200), -1.0)]  # older than the 90 days asked for
    with db.user_transaction(user_id) as conn:
        for at, value in readings:
            graph_repo.insert_sentiment(
                conn, user_id, sarah, value, memory_id=None, source_id=None, context=None, at=at
            )

    sentiment = api.get(f"/v1/entities/{sarah}", user=user_id).body["sentiment"]
    short = api.get(f"/v1/entities/{sarah}?days=7", user=user_id).body["sentiment"]

    assert sentiment["trend"] == "improving"
    assert sum(point["count"] for point in sentiment["trajectory"]) == 4
    assert sentiment["average"] == pytest.approx(0.3)
    assert sentiment["current_average"] == pytest.approx(0.7)
    assert sentiment["previous_average"] == pytest.approx(-0.1)
    days = [point["day"] for point in sentiment["trajectory"]]
    assert days == sorted(days)
    assert sum(point["count"] for point in short["trajectory"]) == 2 and short["days"] == 7


def test_an_entity_without_readings_has_insufficient_data(api, db, user_id):
    sarah = _entity(db, user_id, "Sarah")

    sentiment = api.get(f"/v1/entities/{sarah}", user=user_id).body["sentiment"]

    assert sentiment == {
        "trend": "insufficient_data",
        "trajectory": [],
        "average": None,
        "days": 90,
        "current_average": None,
        "previous_average": None,
        "change": None,
    }


# --- GET /v1/entities/{id}/memories ------------------------------------------------------------------------


def test_entity_memories_are_the_memories_linked_to_it_shaped_like_the_memories_api(api, user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe. I love hiking. Marcus plays the cello.")
    sarah = entity_named(api, user_id, "Sarah")

    response = api.get(f"/v1/entities/{sarah['id']}/memories", user=user_id)

    assert response.status == 200 and response.body["items"]
    assert all("Sarah" in item["content"] for item in response.body["items"])
    first = response.body["items"][0]
    assert api.get(f"/v1/memories/{first['id']}", user=user_id).body == first


def test_entity_memories_page_with_the_memories_cursor(api, user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe.")
    analyze(api, user_id, "Sarah loves climbing.")
    analyze(api, user_id, "Sarah has a dog named Rex.")
    sarah = entity_named(api, user_id, "Sarah")
    everything = api.get(f"/v1/entities/{sarah['id']}/memories", user=user_id).body["items"]

    pages, cursor = [], None
    while True:
        path = f"/v1/entities/{sarah['id']}/memories?limit=1" + (f"&cursor={cursor}" if cursor else "")
        response = api.get(path, user=user_id)
        assert response.status == 200
        pages.append([item["id"] for item in response.body["items"]])
        cursor = response.body["next_cursor"]
        if cursor is None:
            break

    assert len(everything) >= 3
    assert [memory_id for page in pages for memory_id in page] == [item["id"] for item in everything]


def test_entity_memories_status_superseded_returns_what_used_to_be_true(api, user_id):
    analyze(api, user_id, "My colleague Marcus works at Stripe.")
    analyze(api, user_id, "Marcus now works at Notion.")
    marcus = entity_named(api, user_id, "Marcus")

    superseded = api.get(f"/v1/entities/{marcus['id']}/memories?status=superseded", user=user_id)
    active = api.get(f"/v1/entities/{marcus['id']}/memories", user=user_id)

    assert [item["status"] for item in superseded.body["items"]] == ["superseded"]
    assert "Stripe" in superseded.body["items"][0]["content"]
    assert all(item["status"] == "active" for item in active.body["items"])


# --- notes -----------------------------------------------------------------------------------------------


def test_a_note_on_an_entity_is_created_shown_on_its_page_and_marks_it_dirty(api, user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe.")
    sarah = entity_named(api, user_id, "Sarah")

    created = api.post(
        f"/v1/entities/{sarah['id']}/notes",
        {"content": "Prefers tea to coffee", "lifetime": "month"},
        user=user_id,
    )
    page = api.get(f"/v1/entities/{sarah['id']}", user=user_id).body

    assert created.status == 201
    note = created.body
    assert note["content"] == "Prefers tea to coffee" and note["added_by"] == "user"
    assert note["entity_id"] == sarah["id"] and note["relationship_id"] is None
    added, expires = datetime.fromisoformat(note["date_added"]), datetime.fromisoformat(note["expires_at"])
    assert expires - added == timedelta(days=30)
    assert [n["id"] for n in page["notes"]] == [note["id"]]
    assert page["is_dirty"] is True


def test_a_note_without_lifetime_lasts_forever(api, db, user_id):
    sarah = _entity(db, user_id, "Sarah")

    created = api.post(f"/v1/entities/{sarah}/notes", {"content": "Met at university"}, user=user_id)

    assert (
        created.status == 201 and created.body["lifetime"] == "forever" and created.body["expires_at"] is None
    )


def test_an_expired_note_is_not_on_the_entity_page(api, db, user_id):
    sarah = _entity(db, user_id, "Sarah")
    with db.user_transaction(user_id) as conn:
        entities_repo.add_note(
            conn,
            user_id,
            entity_id=sarah,
            content="visiting Lisbon this week",
            added_by="user",
            lifetime="week",
            at=datetime.now(UTC) - timedelta(days=8),
        )
    kept = api.post(f"/v1/entities/{sarah}/notes", {"content": "allergic to cats"}, user=user_id).body

    notes = api.get(f"/v1/entities/{sarah}", user=user_id).body["notes"]

    assert [note["id"] for note in notes] == [kept["id"]]


def test_a_note_on_a_relationship_is_shown_on_that_edge(api, user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe.")
    sarah = entity_named(api, user_id, "Sarah")
    page = api.get(f"/v1/entities/{sarah['id']}", user=user_id).body
    (works_at,) = [edge for edge in page["relationships"] if edge["relationship_type"] == "works_at"]

    created = api.post(
        f"/v1/relationships/{works_at['id']}/notes",
        {"content": "Joined in 2021", "lifetime": "year"},
        user=user_id,
    )
    page = api.get(f"/v1/entities/{sarah['id']}", user=user_id).body

    assert created.status == 201
    assert created.body["relationship_id"] == works_at["id"] and created.body["entity_id"] is None
    (edge,) = [edge for edge in page["relationships"] if edge["id"] == works_at["id"]]
    assert [note["content"] for note in edge["notes"]] == ["Joined in 2021"]
    assert page["notes"] == []  # the entity's own notes stay separate


def test_a_secret_in_a_note_is_redacted_before_it_is_stored(api, db, user_id):
    sarah = _entity(db, user_id, "Sarah")

    created = api.post(
        f"/v1/entities/{sarah}/notes", {"content": "Her wifi password is hunter2hunter2"}, user=user_id
    )

    assert created.status == 201
    assert "hunter2hunter2" not in created.body["content"]


def test_an_id_merged_away_reads_and_annotates_the_entity_it_was_merged_into(api, db, user_id):
    sarah, sara = _entity(db, user_id, "Sarah"), _entity(db, user_id, "Sara")
    with db.user_transaction(user_id) as conn:
        conn.execute("UPDATE entities SET merged_into = %s WHERE id = %s", (sarah, sara))

    read = api.get(f"/v1/entities/{sara}", user=user_id)
    note = api.post(f"/v1/entities/{sara}/notes", {"content": "spells it with an h"}, user=user_id)

    assert read.status == 200 and read.body["id"] == str(sarah)
    assert note.status == 201 and note.body["entity_id"] == str(sarah)


# --- tenancy and bad input ------------------------------------------------------------------------------


def test_another_users_entity_is_404_on_every_entity_route(api, user_id, other_user_id):
    analyze(api, user_id, "My friend Sarah works at Stripe.")
    sarah = entity_named(api, user_id, "Sarah")
    (edge, *_) = api.get(f"/v1/entities/{sarah['id']}", user=user_id).body["relationships"]

    responses = [
        api.get(f"/v1/entities/{sarah['id']}", user=other_user_id),
        api.get(f"/v1/entities/{sarah['id']}/memories", user=other_user_id),
        api.post(f"/v1/entities/{sarah['id']}/notes", {"content": "mine now"}, user=other_user_id),
        api.post(f"/v1/relationships/{edge['id']}/notes", {"content": "mine now"}, user=other_user_id),
    ]

    assert [r.status for r in responses] == [404, 404, 404, 404]
    assert all(r.error["code"] == "not_found" for r in responses)
    page = api.get(f"/v1/entities/{sarah['id']}", user=user_id).body
    assert page["notes"] == [] and all(e["notes"] == [] for e in page["relationships"])


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/entities/{id}"),
        ("GET", "/v1/entities/{id}/memories"),
        ("POST", "/v1/entities/{id}/notes"),
        ("POST", "/v1/relationships/{id}/notes"),
    ],
)
def test_an_unknown_id_is_404(api, user_id, method, path):
    response = api.request(
        method, path.format(id=uuid4()), {"content": "x"} if method == "POST" else None, user=user_id
    )

    assert response.status == 404 and response.error["code"] == "not_found"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/entities/not-a-uuid"),
        ("GET", "/v1/entities/123/memories"),
        ("POST", "/v1/entities/x/notes"),
        ("POST", "/v1/relationships/x/notes"),
    ],
)
def test_a_malformed_id_is_400_naming_id(api, user_id, method, path):
    response = api.request(method, path, {"content": "x"} if method == "POST" else None, user=user_id)

    assert response.status == 400 and response.error["field"] == "id"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("kind=planet", "kind"),
        ("limit=0", "limit"),
        ("limit=201", "limit"),
        ("limit=many", "limit"),
        ("include_owner=perhaps", "include_owner"),
        ("cursor=not-a-cursor", "cursor"),
        ("name=%00", "name"),
    ],
)
def test_bad_list_parameters_are_400_naming_the_field(api, user_id, query, field):
    response = api.get(f"/v1/entities?{query}", user=user_id)

    assert response.status == 400, response.body
    assert response.error["field"] == field


@pytest.mark.parametrize(
    ("suffix", "field"),
    [
        ("?as_of=yesterday", "as_of"),
        ("?days=0", "days"),
        ("?days=10000", "days"),
        ("/memories?status=deleted", "status"),
        ("/memories?limit=0", "limit"),
        ("/memories?cursor=%%%", "cursor"),
    ],
)
def test_bad_entity_parameters_are_400_naming_the_field(api, db, user_id, suffix, field):
    sarah = _entity(db, user_id, "Sarah")

    response = api.get(f"/v1/entities/{sarah}{suffix}", user=user_id)

    assert response.status == 400, response.body
    assert response.error["field"] == field


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"content": "x", "lifetime": "decade"}, "lifetime"),
        ({"content": "   "}, "content"),
        ({"lifetime": "week"}, "content"),
        ({"content": "x" * 4001}, "content"),
        ({"content": "nul \u0000 inside"}, "content"),
        ({"content": "x", "added_by": "someone else"}, "added_by"),
    ],
)
def test_bad_note_bodies_are_400_naming_the_field_and_write_nothing(api, db, user_id, body, field):
    sarah = _entity(db, user_id, "Sarah")

    response = api.post(f"/v1/entities/{sarah}/notes", body, user=user_id)

    assert response.status == 400, response.body
    assert response.error["field"] == field
    assert api.get(f"/v1/entities/{sarah}", user=user_id).body["notes"] == []
