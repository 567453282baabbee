"""DELETE /v1/me against everything the product writes: nothing of the user is left in any table, in
any column, while another user's data stays exactly as it was."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from psycopg import sql

from engram.db.connection import Database
from engram.db.repositories import account as account_repo
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import usage_limits
from engram.domain.jobs import NewJob

NOTES = [
    "My sister Sarah lives in Oslo.",
    "My colleague Marcus works at Stripe.",
    "Marcus now works at Notion.",
    "I love hiking with Sarah, she is wonderful.",
    "I have a dentist appointment next Tuesday at 3pm.",
    "I decided to learn Norwegian this year.",
]


def seed_everything(api: Any, db: Database, user: str) -> None:
    """What the product writes for a user, through the API where a route exists, else as the lifecycle
    jobs would (profiles, storylines, macros, artifacts have no write route)."""
    for note in NOTES:
        response = api.post("/v1/analyze", {"content": note}, user=user)
        assert response.status in (200, 202), response.body
    conversation = api.post(
        "/v1/analyze",
        {
            "messages": [
                {"role": "user", "content": "My friend Dan moved to Berlin.", "id": "m1"},
                {"role": "assistant", "content": "Nice, Berlin is great.", "id": "m2"},
            ],
            "source": {"type": "conversation", "conversation_id": f"conv-{user}"},
        },
        user=user,
    )
    assert conversation.status in (200, 202), conversation.body
    assert api.put("/v1/preferences", {"never_store": ["lottery numbers"]}, user=user).status == 200
    team = api.post("/v1/teams", {"name": f"team of {user}"}, user=user)
    assert team.status == 201, team.body

    memories = api.get("/v1/memories?limit=50", user=user).body["items"]
    assert memories
    feedback = api.post("/v1/feedback", {"action": "approve", "memory_id": memories[0]["id"]}, user=user)
    assert feedback.status in (200, 201), feedback.body
    recall = api.post(
        "/v1/feedback",
        {
            "kind": "recall",
            "query": "where does Sarah live",
            "memory_ids": [memories[0]["id"]],
            "helpful": True,
        },
        user=user,
    )
    assert recall.status in (200, 201), recall.body
    entities = api.get("/v1/entities?limit=50", user=user).body["items"]
    sarah = next(e for e in entities if e["name"] == "Sarah")
    note = api.post(f"/v1/entities/{sarah['id']}/notes", {"content": "Prefers tea"}, user=user)
    assert note.status == 201, note.body
    edges = api.get(f"/v1/entities/{sarah['id']}", user=user).body["relationships"]
    if edges:
        edge_note = api.post(
            f"/v1/relationships/{edges[0]['id']}/notes", {"content": "Since childhood"}, user=user
        )
        assert edge_note.status == 201, edge_note.body
    # A user edit makes a second version of the memory.
    edited = api.put(
        f"/v1/memories/{memories[-1]['id']}", {"content": "I decided to learn Norwegian in 2025."}, user=user
    )
    assert edited.status == 200, edited.body

    with db.user_transaction(user) as conn:
        # A job that has not run yet: it must be gone, never run for a forgotten user.
        jobs_repo.insert_jobs(
            conn,
            [NewJob(user_id=user, job_type="decay", scheduled_for=datetime.now(UTC) + timedelta(days=1))],
        )
        conn.execute(
            """INSERT INTO profiles (user_id, category, key, value, source_memory_ids)
               VALUES (%s, 'family', 'sister', 'Sarah', ARRAY[%s]::uuid[])""",
            (user, memories[0]["id"]),
        )
        source = conn.execute(
            """INSERT INTO sources (user_id, team_id, participants, content, raw_content)
               VALUES (%s, %s, ARRAY[%s], 'Team sync notes', '{"kind": "note"}') RETURNING id""",
            (user, team.body["id"], user),
        ).fetchone()
        storyline = conn.execute(
            "INSERT INTO storylines (user_id, anchor_entity_id, name) VALUES (%s, %s, 'Sarah') RETURNING id",
            (user, sarah["id"]),
        ).fetchone()
        conn.execute(
            "INSERT INTO storyline_sources (storyline_id, source_id, user_id) VALUES (%s, %s, %s)",
            (storyline["id"], source["id"], user),
        )
        macro = conn.execute(
            "INSERT INTO macros (user_id, anchor_entity_id, name) VALUES (%s, %s, 'Family') RETURNING id",
            (user, sarah["id"]),
        ).fetchone()
        conn.execute(
            "INSERT INTO macro_storylines (macro_id, storyline_id, user_id) VALUES (%s, %s, %s)",
            (macro["id"], storyline["id"], user),
        )
        conn.execute(
            "INSERT INTO artifacts (user_id, source_id, artifact_type, content) "
            "VALUES (%s, %s, 'summary', 'x')",
            (user, source["id"]),
        )
        conn.execute(  # a vector a re-embed staged for the storyline
            "INSERT INTO reembed_vectors (kind, row_id, user_id, model, embedding) "
            "VALUES ('storylines', %s, %s, 'hash-v1', '[1,0,0]')",
            (storyline["id"], user),
        )
        conn.execute(  # the record of an HNSW index of the user's own (forgetting drops the index too)
            "INSERT INTO user_vector_indexes (user_id, index_name, dims, state) "
            "VALUES (%s, 'memories_uvec_' || substr(md5(%s), 1, 24), 1536, 'dropping')",
            (user, user),
        )
    # What a model call made for the user records (the offline rules engine makes none).
    with db.system_transaction() as conn:
        usage_limits.add_tokens(conn, user, 700, 300)


def catalog_columns(db: Database) -> dict[str, list[tuple[str, str]]]:
    """Every table of the public schema with its columns and their types."""
    with db.system_transaction() as conn:
        rows = conn.execute(
            """SELECT c.table_name, c.column_name, c.data_type
               FROM information_schema.columns c
               JOIN information_schema.tables t
                 ON t.table_schema = c.table_schema AND t.table_name = c.table_name
               WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
               ORDER BY c.table_name, c.ordinal_position"""
        ).fetchall()
    tables: dict[str, list[tuple[str, str]]] = {}
    for row in rows:
        tables.setdefault(row["table_name"], []).append((row["column_name"], row["data_type"]))
    return tables


TEXTUAL = {"text", "character varying", "character", "jsonb", "json", "ARRAY"}


def rows_of(db: Database, user: str) -> dict[str, int]:
    """Per table, the rows that belong to `user` (its `user_id`, or `id` of `users`) — read as the owning
    role, so row-level security hides nothing."""
    counts: dict[str, int] = {}
    with db.system_transaction() as conn:
        for table, columns in catalog_columns(db).items():
            names = {name for name, _ in columns}
            key = "user_id" if "user_id" in names else ("id" if table == "users" else None)
            if key is None:
                continue
            query = sql.SQL("SELECT count(*) AS n FROM {} WHERE {} = %s").format(
                sql.Identifier(table), sql.Identifier(key)
            )
            counts[table] = conn.execute(query, (user,)).fetchone()["n"]
    return counts


def mentions_of(db: Database, user: str) -> dict[str, int]:
    """Per table and textual column (text, jsonb, arrays), rows whose value contains the user id string."""
    found: dict[str, int] = {}
    with db.system_transaction() as conn:
        for table, columns in catalog_columns(db).items():
            for name, data_type in columns:
                if data_type not in TEXTUAL:
                    continue
                query = sql.SQL("SELECT count(*) AS n FROM {} WHERE strpos({}::text, %s) > 0").format(
                    sql.Identifier(table), sql.Identifier(name)
                )
                n = conn.execute(query, (user,)).fetchone()["n"]
                if n:
                    found[f"{table}.{name}"] = n
    return found


@pytest.fixture
def seeded(api: Any, db: Database, user_id: str, other_user_id: str) -> None:
    seed_everything(api, db, user_id)
    seed_everything(api, db, other_user_id)


def test_the_seed_reaches_every_table_with_user_data(db, seeded, user_id) -> None:
    # A table added later must be seeded here too, or the scan below proves nothing about it.
    before = rows_of(db, user_id)
    assert {table for table, n in before.items() if n == 0} == set()


def test_forget_me_leaves_no_row_and_no_mention_of_the_user_anywhere(api, db, seeded, user_id) -> None:
    before = rows_of(db, user_id)
    assert "memories.content" not in mentions_of(db, user_id)  # ids are opaque: found where they are kept
    assert {"sources.participants", "teams.created_by", "relationships.recorded_by"} <= set(
        mentions_of(db, user_id)
    )

    response = api.request("DELETE", "/v1/me", user=user_id)

    assert response.status == 200, response.body
    assert rows_of(db, user_id) == {table: 0 for table in before}
    assert mentions_of(db, user_id) == {}
    assert {table: response.body["deleted"][table] for table in before} == before
    assert response.body["deleted"]["teams"] == 1


def test_forget_me_leaves_another_user_untouched(api, db, seeded, user_id, other_user_id) -> None:
    before = rows_of(db, other_user_id)
    mentions_before = mentions_of(db, other_user_id)

    assert api.request("DELETE", "/v1/me", user=user_id).status == 200

    assert rows_of(db, other_user_id) == before
    assert mentions_of(db, other_user_id) == mentions_before
    assert len(api.get("/v1/memories", user=other_user_id).body["items"]) > 0


def test_forget_me_twice_answers_zeros(api, db, seeded, user_id) -> None:
    api.request("DELETE", "/v1/me", user=user_id)

    again = api.request("DELETE", "/v1/me", user=user_id)

    assert again.status == 200
    assert set(again.body["deleted"].values()) == {0}
    assert "users" in again.body["deleted"] and "memories" in again.body["deleted"]


def test_forget_me_of_a_user_never_seen_answers_zeros(api, user_id) -> None:
    response = api.request("DELETE", "/v1/me", user=user_id)

    assert response.status == 200
    assert set(response.body["deleted"].values()) == {0}


def test_a_forgotten_users_pending_jobs_cannot_be_claimed(api, db, user_id) -> None:
    with db.user_transaction(user_id) as conn:
        jobs_repo.insert_jobs(conn, [NewJob(user_id=user_id, job_type="cleanup")])

    api.request("DELETE", "/v1/me", user=user_id)

    with db.system_transaction() as conn:
        left = conn.execute(
            "SELECT count(*) AS n FROM memory_jobs WHERE user_id = %s AND status = 'pending'", (user_id,)
        ).fetchone()
    assert left["n"] == 0


def test_a_team_outlives_its_forgotten_creator_with_its_members_sources(
    api, db, user_id, other_user_id
) -> None:
    # Given a team the user created, with another member who wrote a team source
    team = api.post("/v1/teams", {"name": "shared"}, user=user_id).body["id"]
    added = api.post(f"/v1/teams/{team}/members", {"user_id": other_user_id}, user=user_id)
    assert added.status == 201, added.body
    for user, text in ((user_id, "my team note"), (other_user_id, "their team note")):
        with db.user_transaction(user) as conn:
            conn.execute(
                "INSERT INTO sources (user_id, team_id, content) VALUES (%s, %s, %s)", (user, team, text)
            )

    response = api.request("DELETE", "/v1/me", user=user_id)

    # Then the creator's source goes; the team passes to the member, who keeps their source in it
    assert response.body["deleted"]["sources"] == 1 and response.body["deleted"]["teams"] == 0
    assert response.body["deleted"]["team_members"] == 1
    with db.system_transaction() as conn:
        theirs = conn.execute(
            "SELECT content, team_id FROM sources WHERE user_id = %s", (other_user_id,)
        ).fetchall()
        kept = conn.execute("SELECT created_by FROM teams WHERE id = %s", (team,)).fetchone()
    assert [(r["content"], str(r["team_id"])) for r in theirs] == [("their team note", team)]
    assert kept == {"created_by": None}
    members = api.get(f"/v1/teams/{team}/members", user=other_user_id).body["items"]
    assert [(m["user_id"], m["role"]) for m in members] == [(other_user_id, "owner")]


def test_the_forget_list_names_every_table_with_a_user_id(db) -> None:
    # Children first keeps each count honest; the catalog sweep would still catch a forgotten table.
    with db.system_transaction() as conn:
        catalog = set(account_repo.user_data_tables(conn))
    listed = {table for table, column in account_repo.FORGET_ORDER if column == "user_id"}
    assert listed == catalog
