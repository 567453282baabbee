"""Forget means gone everywhere: after each forget path (a topic forget through analyze, a hard delete,
a user edit that removes a detail, DELETE /v1/me) every text, varchar, text[], json and jsonb column of
every table — read from the catalog, so a column added later is searched too — is free of the forgotten
words, while an unrelated memory told in the same note survives intact."""

from __future__ import annotations

import json
from typing import Any

from psycopg import sql

from engram.db.connection import Database
from engram.db.repositories.forgetting import NOT_FREE_TEXT, SCRUBBED
from tests.http_client import ApiClient

WHEN = "2026-03-10T10:00:00Z"


def _textual_columns(db: Database) -> list[tuple[str, str, bool]]:
    """(table, column, whether the table has user_id) for every textual column of every base table."""
    with db.system_transaction() as conn:
        rows = conn.execute(
            """SELECT c.table_name, c.column_name,
                      EXISTS (SELECT 1 FROM information_schema.columns u
                              WHERE u.table_schema = 'public' AND u.table_name = c.table_name
                                AND u.column_name = 'user_id') AS per_user
               FROM information_schema.columns c
               JOIN information_schema.tables t
                 ON t.table_schema = c.table_schema AND t.table_name = c.table_name
               WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
                 AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
                      OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar', '_bpchar')))
               ORDER BY c.table_name, c.ordinal_position"""
        ).fetchall()
    return [(r["table_name"], r["column_name"], r["per_user"]) for r in rows]


def grep(db: Database, user: str | None, needles: list[str]) -> list[tuple[str, str, str]]:
    """(table, column, needle) for each textual value holding a needle (case-insensitive): the user's
    rows (its `user_id`, or `users.id`), or every row of every table when `user` is None."""
    hits: list[tuple[str, str, str]] = []
    with db.system_transaction() as conn:
        for table, column, per_user in _textual_columns(db):
            if user is not None and not per_user and table != "users":
                continue
            query = sql.SQL("SELECT {c}::text AS v FROM {t}").format(
                c=sql.Identifier(column), t=sql.Identifier(table)
            )
            params: tuple[Any, ...] = ()
            if user is not None:
                key = "user_id" if per_user else "id"
                query += sql.SQL(" WHERE {} = %s").format(sql.Identifier(key))
                params = (user,)
            for row in conn.execute(query, params):
                value = (row["v"] or "").lower()
                hits.extend((table, column, n) for n in needles if n.lower() in value)
    return hits


def note(api: ApiClient, user: str, content: str, **extra: Any) -> dict[str, Any]:
    response = api.post(
        "/v1/analyze", {"content": content, "source": {"document_date": WHEN}} | extra, user=user
    )
    assert response.status in (200, 202), response.body
    return response.body


def memories(api: ApiClient, user: str) -> list[dict[str, Any]]:
    response = api.get("/v1/memories?limit=200", user=user)
    assert response.status == 200, response.body
    return response.body["items"]


def find(api: ApiClient, user: str, needle: str) -> list[dict[str, Any]]:
    return [m for m in memories(api, user) if needle.lower() in m["content"].lower()]


def export_text(api: ApiClient, user: str) -> str:
    response = api.get("/v1/export", user=user)
    assert response.status == 200, response.body
    return json.dumps(response.body).lower()


def seed_around(api: ApiClient, user: str, memory_id: str, entity_name: str) -> None:
    """Copies of the text in the other places the product writes it: feedback, an entity note, a recall
    query, the profile."""
    api.post("/v1/feedback", {"action": "approve", "memory_id": memory_id}, user=user)
    api.post(
        "/v1/feedback",
        {"kind": "recall", "query": f"what about {entity_name}", "memory_ids": [memory_id], "helpful": True},
        user=user,
    )
    entities = api.get("/v1/entities?limit=100", user=user).body["items"]
    entity = next((e for e in entities if e["name"] == entity_name), None)
    if entity is not None:
        api.post(f"/v1/entities/{entity['id']}/notes", {"content": f"{entity_name} liked rhubarb"}, user=user)
    assert api.get("/v1/profile", user=user).status == 200


def test_every_textual_column_is_scrubbed_or_known_not_to_be_free_text(db) -> None:
    # A column added later must be classified: scrubbed on forget, or not free text (ids, enums).
    scrubbed = {f"{t.table}.{c}" for t in SCRUBBED for c in t.columns}
    columns = {f"{table}.{column}" for table, column, _ in _textual_columns(db)}
    assert columns - scrubbed - NOT_FREE_TEXT == set()
    assert scrubbed - columns == set(), "a scrubbed column that no longer exists"


def test_a_topic_forget_leaves_no_word_of_the_topic_anywhere(api, db, user_id) -> None:
    # Given a topic told across two notes and a conversation, with a pronoun follow-up, beside other people
    note(
        api,
        user_id,
        "My grandmother Wilhelmina taught me to knit scarves. I still miss her. She loved tulips. "
        "My neighbour Oskar repairs bicycles.",
    )
    note(api, user_id, "Wilhelmina lived in Bergen her whole life.")
    api.post(
        "/v1/analyze",
        {
            "messages": [
                {"role": "user", "content": "My grandmother Wilhelmina loved the fjords.", "id": "a1"},
                {"role": "assistant", "content": "That sounds lovely.", "id": "a2"},
            ],
            "source": {"type": "conversation", "conversation_id": "family-chat", "document_date": WHEN},
        },
        user=user_id,
    )
    note(api, user_id, "Oskar thinks she is wrong about the ferry.")
    (knit,) = find(api, user_id, "knit scarves")
    seed_around(api, user_id, knit["id"], "Wilhelmina")
    oskar_before = find(api, user_id, "bicycles")
    ferry_before = find(api, user_id, "ferry")
    assert oskar_before and ferry_before and grep(db, user_id, ["wilhelmina", "tulips", "fjords", "bergen"])

    # When the user asks to forget the topic
    note(api, user_id, "Please forget everything I told you about my grandmother.")

    # Then no word of it is left in any column of the user's rows, nor in the export
    forgotten = [
        "wilhelmina",
        "grandmother",
        "knit",
        "scarves",
        "tulips",
        "fjords",
        "bergen",
        "miss her",
        "rhubarb",
    ]
    assert grep(db, user_id, forgotten) == []
    assert not [w for w in forgotten if w in export_text(api, user_id)]
    # And what was told about someone else stays exactly as it was
    assert find(api, user_id, "bicycles") == oskar_before
    assert find(api, user_id, "ferry") == ferry_before, "a pronoun after another person's name is not hers"
    assert "repairs bicycles" in export_text(api, user_id)


def test_a_hard_delete_leaves_no_word_of_the_memory_anywhere(api, db, user_id) -> None:
    note(
        api,
        user_id,
        "My cardiologist Dr. Quennell found my blood pressure was high. I bought a kayak called Puffin.",
    )
    (pressure,) = find(api, user_id, "blood pressure")
    seed_around(api, user_id, pressure["id"], "Quennell")
    kayak_before = find(api, user_id, "kayak")
    assert kayak_before and grep(db, user_id, ["quennell", "cardiologist"])

    response = api.request("DELETE", f"/v1/memories/{pressure['id']}?hard=true", user=user_id)

    assert response.status == 200, response.body
    forgotten = ["quennell", "cardiologist", "blood pressure", "rhubarb"]
    assert grep(db, user_id, forgotten) == []
    assert not [w for w in forgotten if w in export_text(api, user_id)]
    assert find(api, user_id, "kayak") == kayak_before
    assert "puffin" in export_text(api, user_id)


def test_an_edit_that_removes_a_detail_redacts_it_from_the_history(api, db, user_id) -> None:
    note(api, user_id, "My sister Ilse is a nurse and plays the oboe on weekends.")
    (sister,) = find(api, user_id, "oboe")
    assert grep(db, user_id, ["oboe"])

    edited = api.put(f"/v1/memories/{sister['id']}", {"content": "My sister Ilse is a nurse."}, user=user_id)

    assert edited.status == 200, edited.body
    assert grep(db, user_id, ["oboe"]) == []
    assert "oboe" not in export_text(api, user_id)
    history = api.get(f"/v1/memories/{sister['id']}/history", user=user_id).body["items"]
    assert len(history) >= 2 and all("nurse" in v["content"] for v in history), "the rest of history stays"
    assert find(api, user_id, "nurse")[0]["content"] == "My sister Ilse is a nurse."


def test_an_edit_that_corrects_a_word_keeps_the_history(api, db, user_id) -> None:
    note(api, user_id, "My cousin Teodora works at Zentrix.")
    (cousin,) = find(api, user_id, "works at Zentrix")

    api.put(f"/v1/memories/{cousin['id']}", {"content": "My cousin Teodora works at Zentrax."}, user=user_id)

    history = api.get(f"/v1/memories/{cousin['id']}/history", user=user_id).body["items"]
    assert any("Zentrix" in v["content"] for v in history), "a correction is not a forget"


def test_forget_me_leaves_none_of_the_users_words_in_any_table(api, db, user_id, other_user_id) -> None:
    # A name no other test writes, so the whole database can be searched for it.
    name = "Vel" + "".join(chr(97 + int(c, 16)) for c in user_id[-6:])
    note(api, user_id, f"My grandmother {name} taught me to knit scarves.")
    note(api, other_user_id, "My neighbour Oskar repairs bicycles.")
    assert grep(db, None, [name])

    assert api.request("DELETE", "/v1/me", user=user_id).status == 200

    assert grep(db, None, [name]) == []
    assert grep(db, user_id, ["scarves"]) == []
    assert find(api, other_user_id, "bicycles")
