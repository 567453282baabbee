"""The memories API through real HTTP and a real Postgres: list, read, edit, delete, history, related.

Memories are created through the real repository (the analyze pipeline is not under test here), so
each test states exactly the rows it starts from.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pytest

from engram.db.repositories import graph as graph_repo
from engram.db.repositories.memories import insert_relation
from engram.pipeline.update import content_hash
from engram.providers.factory import get_embedder
from tests.memory_factory import add_memories


def _link_entity(db: Any, user_id: str, name: str, *memory_ids: Any) -> None:
    with db.user_transaction(user_id) as conn:
        entity_id = graph_repo.upsert_entity(
            conn, user_id, name=name, canonical=name.lower(), kind="person", at=datetime.now(UTC)
        )
        for memory_id in memory_ids:
            graph_repo.link_memory(conn, user_id, memory_id, [(entity_id, "mention")])


def ids(response: Any) -> list[str]:
    return [item["id"] for item in response.body["items"]]


# --- GET /v1/memories ------------------------------------------------------------------------------------


def test_list_returns_the_callers_active_memories_newest_first(api, db, user_id):
    first = add_memories(db, user_id, "I live in Lisbon")[0]
    second = add_memories(db, user_id, "I play the cello")[0]

    response = api.get("/v1/memories", user=user_id)

    assert response.status == 200
    assert ids(response) == [str(second["id"]), str(first["id"])]
    assert response.body["next_cursor"] is None


def test_list_paginates_120_memories_in_three_pages_without_duplicates_or_gaps(api, db, user_id):
    # Given 120 memories stored in one transaction: they share created_at, so only the id breaks ties
    stored = {str(row["id"]) for row in add_memories(db, user_id, *(f"fact number {i}" for i in range(120)))}

    # When the client follows next_cursor with limit=50
    pages, cursor = [], None
    while True:
        path = "/v1/memories?limit=50" + (f"&cursor={cursor}" if cursor else "")
        response = api.get(path, user=user_id)
        assert response.status == 200
        pages.append(ids(response))
        cursor = response.body["next_cursor"]
        if cursor is None:
            break

    # Then three pages of 50, 50 and 20 cover every memory exactly once
    assert [len(page) for page in pages] == [50, 50, 20]
    seen = [memory_id for page in pages for memory_id in page]
    assert len(seen) == len(set(seen)) == 120
    assert set(seen) == stored


def test_list_status_archived_returns_only_archived_rows(api, db, user_id):
    add_memories(db, user_id, "active fact")
    archived = add_memories(db, user_id, "archived fact", status="archived")[0]

    response = api.get("/v1/memories?status=archived", user=user_id)

    assert ids(response) == [str(archived["id"])]


def test_list_status_superseded_returns_only_superseded_rows(api, db, user_id):
    add_memories(db, user_id, "I work at Google now")
    old = add_memories(db, user_id, "I worked at Initech", status="superseded", is_historical=True)[0]

    response = api.get("/v1/memories?status=superseded", user=user_id)

    assert ids(response) == [str(old["id"])]


def test_list_filters_by_memory_type(api, db, user_id):
    add_memories(db, user_id, "I like jazz", memory_type="preference")
    goal = add_memories(db, user_id, "Run a marathon this year", memory_type="goal")[0]

    response = api.get("/v1/memories?memory_type=goal", user=user_id)

    assert ids(response) == [str(goal["id"])]


def test_list_leaves_out_historical_rows_by_default(api, db, user_id):
    current = add_memories(db, user_id, "I live in Porto")[0]
    add_memories(db, user_id, "I lived in Madrid as a child", is_historical=True)

    response = api.get("/v1/memories", user=user_id)

    assert ids(response) == [str(current["id"])]


def test_list_includes_historical_rows_when_asked(api, db, user_id):
    add_memories(db, user_id, "I live in Porto")
    add_memories(db, user_id, "I lived in Madrid as a child", is_historical=True)

    response = api.get("/v1/memories?include_historical=true", user=user_id)

    assert len(response.body["items"]) == 2


def test_list_q_returns_memories_containing_the_text(api, db, user_id):
    add_memories(db, user_id, "My sister Ana lives in Berlin")
    match = add_memories(db, user_id, "I am allergic to peanuts")[0]

    response = api.get("/v1/memories?q=PEANUT", user=user_id)

    assert ids(response) == [str(match["id"])]


def test_list_shows_none_of_another_users_rows(api, db, user_id, other_user_id):
    add_memories(db, user_id, "alice's secret plan")
    add_memories(db, user_id, "alice's archived note", status="archived")

    for status in ("active", "archived", "superseded"):
        response = api.get(f"/v1/memories?status={status}", user=other_user_id)
        assert response.status == 200
        assert response.body["items"] == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("status=deleted", "status"),
        ("memory_type=thought", "memory_type"),
        ("cursor=not-a-cursor", "cursor"),
        ("limit=0", "limit"),
        ("limit=201", "limit"),
        ("include_historical=perhaps", "include_historical"),
    ],
)
def test_list_rejects_a_bad_query_parameter_naming_it(api, user_id, query, field):
    response = api.get(f"/v1/memories?{query}", user=user_id)

    assert response.status == 400
    assert response.error["field"] == field


# --- GET /v1/memories/{id} -------------------------------------------------------------------------------


def test_get_returns_the_memory_with_the_design_column_names(api, db, user_id):
    row = add_memories(db, user_id, "I drink my coffee black", memory_type="preference", importance="high")[0]

    response = api.get(f"/v1/memories/{row['id']}", user=user_id)

    assert response.status == 200
    body = response.body
    assert body["id"] == str(row["id"])
    assert body["content"] == "I drink my coffee black"
    assert body["memory_type"] == "preference"
    assert body["importance"] == "high"
    for column in ("status", "is_historical", "confidence", "sensitivity_level", "version", "provenance"):
        assert column in body
    assert "embedding" not in body and "user_id" not in body


def test_get_returns_an_archived_memory_too(api, db, user_id):
    row = add_memories(db, user_id, "old news", status="archived")[0]

    response = api.get(f"/v1/memories/{row['id']}", user=user_id)

    assert response.status == 200
    assert response.body["status"] == "archived"


def test_get_of_another_users_memory_is_404(api, db, user_id, other_user_id):
    row = add_memories(db, user_id, "alice's diary entry")[0]

    response = api.get(f"/v1/memories/{row['id']}", user=other_user_id)

    assert response.status == 404
    assert response.error["code"] == "not_found"


def test_get_of_a_missing_memory_is_404(api, user_id):
    response = api.get(f"/v1/memories/{uuid.uuid4()}", user=user_id)

    assert response.status == 404


def test_get_with_a_malformed_id_is_400_naming_id(api, user_id):
    response = api.get("/v1/memories/not-a-uuid", user=user_id)

    assert response.status == 400
    assert response.error["field"] == "id"


# --- PUT /v1/memories/{id} -------------------------------------------------------------------------------


def _versions(db: Any, user_id: str, memory_id: Any) -> list[dict]:
    with db.user_transaction(user_id) as conn:
        return conn.execute(
            "SELECT version, content, operation, strategy, changed_by FROM memory_versions "
            "WHERE memory_id = %s ORDER BY version",
            (memory_id,),
        ).fetchall()


def _operations(db: Any, user_id: str) -> list[dict]:
    with db.system_transaction() as conn:
        return conn.execute(
            "SELECT * FROM memory_operations WHERE user_id = %s ORDER BY created_at", (user_id,)
        ).fetchall()


def test_put_content_makes_a_new_version_of_the_same_memory(api, db, user_id):
    row = add_memories(db, user_id, "My dog is called Rex")[0]

    response = api.put(f"/v1/memories/{row['id']}", {"content": "My dog is called Max"}, user=user_id)

    assert response.status == 200
    assert response.body["id"] == str(row["id"])
    assert response.body["content"] == "My dog is called Max"
    assert response.body["version"] == 2
    latest = _versions(db, user_id, row["id"])[-1]
    assert latest == {
        "version": 2,
        "content": "My dog is called Max",
        "operation": "EDIT",
        "strategy": "edit",
        "changed_by": "user",
    }


def test_put_content_rehashes_and_reembeds_the_memory(api, db, user_id):
    row = add_memories(db, user_id, "My dog is called Rex")[0]

    api.put(f"/v1/memories/{row['id']}", {"content": "My cat is called Luna"}, user=user_id)

    with db.user_transaction(user_id) as conn:
        stored = conn.execute(
            "SELECT content_hash, embedding, embedding_model FROM memories WHERE id = %s", (row["id"],)
        ).fetchone()
    embedder = get_embedder()
    assert stored["content_hash"] == content_hash("My cat is called Luna")
    assert stored["embedding_model"] == embedder.model
    assert np.allclose(stored["embedding"].to_numpy(), embedder.embed_one("My cat is called Luna"), atol=1e-6)


def test_put_importance_recomputes_the_importance_score(api, db, user_id):
    row = add_memories(db, user_id, "Mum's birthday is 3 May", importance="medium", importance_score=0.5)[0]

    response = api.put(f"/v1/memories/{row['id']}", {"importance": "critical"}, user=user_id)

    assert response.body["importance"] == "critical"
    assert response.body["importance_score"] == 1.0


def test_put_writes_an_update_audit_row_with_old_and_new_content(api, db, user_id):
    row = add_memories(db, user_id, "I work at Initech")[0]

    api.put(f"/v1/memories/{row['id']}", {"content": "I work at Globex"}, user=user_id)

    (audit,) = _operations(db, user_id)
    assert audit["operation"] == "UPDATE"
    assert audit["memory_id"] == row["id"]
    assert audit["merge_strategy"] == "replace"
    assert audit["model"] == "user"
    assert audit["reasoning"] == "edited by the user"
    assert (audit["old_content"], audit["new_content"]) == ("I work at Initech", "I work at Globex")
    assert (audit["old_version"], audit["new_version"]) == (1, 2)


def test_put_with_the_current_values_writes_no_new_version(api, db, user_id):
    row = add_memories(db, user_id, "I like tea", importance="medium")[0]

    response = api.put(
        f"/v1/memories/{row['id']}", {"content": "I like tea", "importance": "medium"}, user=user_id
    )

    assert response.status == 200
    assert response.body["version"] == 1
    assert len(_versions(db, user_id, row["id"])) == 1
    assert _operations(db, user_id) == []


def test_put_null_clears_an_optional_field(api, db, user_id):
    row = add_memories(db, user_id, "Dentist appointment", category="health", memory_type="event")[0]

    response = api.put(
        f"/v1/memories/{row['id']}", {"category": None, "ttl_policy": "ephemeral"}, user=user_id
    )

    assert response.status == 200
    assert response.body["category"] is None
    assert response.body["ttl_policy"] == "ephemeral"


def test_put_of_a_non_active_memory_is_409(api, db, user_id):
    row = add_memories(db, user_id, "I worked at Initech", status="superseded")[0]

    response = api.put(
        f"/v1/memories/{row['id']}", {"content": "I worked at Initech until 2020"}, user=user_id
    )

    assert response.status == 409
    assert response.error["code"] == "conflict"


def test_put_of_another_users_memory_is_404_and_changes_nothing(api, db, user_id, other_user_id):
    row = add_memories(db, user_id, "alice's bank is Nordbank")[0]

    response = api.put(f"/v1/memories/{row['id']}", {"content": "hijacked"}, user=other_user_id)

    assert response.status == 404
    assert api.get(f"/v1/memories/{row['id']}", user=user_id).body["content"] == "alice's bank is Nordbank"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "body"),
        ({"content": "x" * 10_001}, "content"),
        ({"content": "   "}, "content"),
        ({"content": None}, "content"),
        ({"memory_type": None}, "memory_type"),
        ({"is_historical": None}, "is_historical"),
        ({"importance": "enormous"}, "importance"),
        ({"ttl_policy": "forever"}, "ttl_policy"),
        ({"sensitivity_level": "secret"}, "sensitivity_level"),
        ({"status": "archived"}, "status"),
        ({"content": "nul \u0000 byte"}, "content"),
        ({"expires_at": "yesterday"}, "expires_at"),
        ({"effective_from": "2030-01-02T00:00:00Z", "expires_at": "2030-01-01T00:00:00Z"}, "expires_at"),
    ],
)
def test_put_with_bad_input_is_400_naming_the_field(api, db, user_id, body, field):
    row = add_memories(db, user_id, "I like tea")[0]

    response = api.put(f"/v1/memories/{row['id']}", body, user=user_id)

    assert response.status == 400, response.body
    assert response.error["field"] == field


def test_put_expiry_before_the_stored_effective_from_is_400(api, db, user_id):
    row = add_memories(db, user_id, "Gym membership", effective_from=datetime(2030, 1, 1, tzinfo=UTC))[0]

    response = api.put(f"/v1/memories/{row['id']}", {"expires_at": "2029-12-31T00:00:00Z"}, user=user_id)

    assert response.status == 400
    assert response.error["field"] == "expires_at"


def test_put_with_a_malformed_id_is_400_naming_id(api, user_id):
    response = api.put("/v1/memories/12345", {"content": "x"}, user=user_id)

    assert response.status == 400
    assert response.error["field"] == "id"


# --- DELETE /v1/memories/{id} ----------------------------------------------------------------------------


def test_delete_archives_the_memory_by_default(api, db, user_id):
    row = add_memories(db, user_id, "I am learning Dutch")[0]

    response = api.request("DELETE", f"/v1/memories/{row['id']}", user=user_id)

    assert response.status == 200
    assert response.body == {"deleted": True, "hard": False, "memory_id": str(row["id"])}
    memory = api.get(f"/v1/memories/{row['id']}", user=user_id).body
    assert memory["status"] == "archived"
    assert memory["valid_to"] is not None
    (audit,) = _operations(db, user_id)
    assert (audit["operation"], audit["hard_delete"], audit["memory_id"]) == ("DELETE", False, row["id"])


def test_soft_delete_of_an_archived_memory_is_idempotent(api, db, user_id):
    row = add_memories(db, user_id, "I am learning Dutch")[0]
    api.request("DELETE", f"/v1/memories/{row['id']}", user=user_id)

    again = api.request("DELETE", f"/v1/memories/{row['id']}", user=user_id)

    assert again.status == 200
    assert again.body["deleted"] is True
    assert len(_operations(db, user_id)) == 1


def test_hard_delete_removes_the_row_and_its_versions(api, db, user_id):
    row = add_memories(db, user_id, "My PIN hint is the cat's birthday")[0]

    response = api.request("DELETE", f"/v1/memories/{row['id']}?hard=true", user=user_id)

    assert response.status == 200
    assert response.body == {"deleted": True, "hard": True, "memory_id": str(row["id"])}
    assert api.get(f"/v1/memories/{row['id']}", user=user_id).status == 404
    assert _versions(db, user_id, row["id"]) == []


def test_hard_delete_audit_row_keeps_only_ids(api, db, user_id):
    content = "I was diagnosed with condition XYZ-42 last spring"
    row = add_memories(db, user_id, content, sensitivity_level="private")[0]

    api.request("DELETE", f"/v1/memories/{row['id']}?hard=true", user=user_id)

    (audit,) = _operations(db, user_id)
    assert audit["hard_delete"] is True
    assert audit["deleted_snapshot"] == {"id": str(row["id"]), "memory_type": "fact"}
    assert all("XYZ-42" not in str(value) for value in audit.values())
    assert all(content not in str(value) for value in audit.values())


def test_hard_delete_works_on_a_superseded_memory(api, db, user_id):
    row = add_memories(db, user_id, "I worked at Initech", status="superseded")[0]

    response = api.request("DELETE", f"/v1/memories/{row['id']}?hard=true", user=user_id)

    assert response.status == 200
    assert api.get(f"/v1/memories/{row['id']}", user=user_id).status == 404


def test_hard_delete_refreshes_the_mention_count_of_linked_entities(api, db, user_id):
    one, two = add_memories(db, user_id, "Sarah moved to Oslo", "Sarah loves hiking")
    _link_entity(db, user_id, "Sarah", one["id"], two["id"])

    api.request("DELETE", f"/v1/memories/{one['id']}?hard=true", user=user_id)

    with db.user_transaction(user_id) as conn:
        entity = conn.execute("SELECT mention_count FROM entities WHERE user_id = %s", (user_id,)).fetchone()
    assert entity["mention_count"] == 1


def test_delete_of_another_users_memory_is_404_and_keeps_it(api, db, user_id, other_user_id):
    row = add_memories(db, user_id, "alice's travel plans")[0]

    soft = api.request("DELETE", f"/v1/memories/{row['id']}", user=other_user_id)
    hard = api.request("DELETE", f"/v1/memories/{row['id']}?hard=true", user=other_user_id)

    assert (soft.status, hard.status) == (404, 404)
    assert api.get(f"/v1/memories/{row['id']}", user=user_id).body["status"] == "active"


def test_delete_with_a_malformed_hard_flag_is_400(api, db, user_id):
    row = add_memories(db, user_id, "I like tea")[0]

    response = api.request("DELETE", f"/v1/memories/{row['id']}?hard=maybe", user=user_id)

    assert response.status == 400
    assert response.error["field"] == "hard"


# --- GET /v1/memories/{id}/history -----------------------------------------------------------------------


def test_history_after_two_edits_has_three_versions_oldest_first(api, db, user_id):
    row = add_memories(db, user_id, "I run 5 km")[0]
    api.put(f"/v1/memories/{row['id']}", {"content": "I run 10 km"}, user=user_id)
    api.put(f"/v1/memories/{row['id']}", {"content": "I run a half marathon"}, user=user_id)

    response = api.get(f"/v1/memories/{row['id']}/history", user=user_id)

    assert response.status == 200
    items = response.body["items"]
    assert [(i["version"], i["content"]) for i in items] == [
        (1, "I run 5 km"),
        (2, "I run 10 km"),
        (3, "I run a half marathon"),
    ]
    assert [i["operation"] for i in items] == ["ADD", "EDIT", "EDIT"]
    assert set(items[0]) == {
        "memory_id",
        "version",
        "content",
        "operation",
        "strategy",
        "changed_by",
        "created_at",
    }


def test_history_includes_the_memories_this_one_superseded(api, db, user_id):
    old = add_memories(db, user_id, "I work at Initech", status="superseded", is_historical=True)[0]
    new = add_memories(db, user_id, "I work at Globex", supersedes_id=old["id"], version=2)[0]

    response = api.get(f"/v1/memories/{new['id']}/history", user=user_id)

    assert [(i["memory_id"], i["content"]) for i in response.body["items"]] == [
        (str(old["id"]), "I work at Initech"),
        (str(new["id"]), "I work at Globex"),
    ]


def test_history_of_another_users_memory_is_404(api, db, user_id, other_user_id):
    row = add_memories(db, user_id, "alice's private thought")[0]

    response = api.get(f"/v1/memories/{row['id']}/history", user=other_user_id)

    assert response.status == 404


# --- GET /v1/memories/{id}/related -----------------------------------------------------------------------


def test_related_lists_typed_relations_with_their_direction(api, db, user_id):
    base, extension, source = add_memories(
        db, user_id, "I play chess", "I play chess on Sundays", "Chess club"
    )
    with db.user_transaction(user_id) as conn:
        insert_relation(conn, user_id, extension["id"], base["id"], "extends", confidence=0.8)
        insert_relation(conn, user_id, base["id"], source["id"], "derives", confidence=0.6)

    response = api.get(f"/v1/memories/{base['id']}/related", user=user_id)

    assert response.status == 200
    by_id = {item["id"]: item for item in response.body["items"]}
    assert by_id[str(extension["id"])]["relation_type"] == "extends"
    assert by_id[str(extension["id"])]["direction"] == "incoming"
    assert by_id[str(source["id"])]["direction"] == "outgoing"
    assert by_id[str(source["id"])]["confidence"] == pytest.approx(0.6)


def test_related_lists_memories_sharing_an_entity_with_its_name(api, db, user_id):
    one, two, unrelated = add_memories(db, user_id, "Sarah moved to Oslo", "Sarah loves hiking", "I like tea")
    _link_entity(db, user_id, "Sarah", one["id"], two["id"])

    response = api.get(f"/v1/memories/{one['id']}/related", user=user_id)

    assert response.body["items"] == [
        {
            "id": str(two["id"]),
            "content": "Sarah loves hiking",
            "memory_type": "fact",
            "status": "active",
            "relation_type": "shared_entity",
            "direction": "shared",
            "confidence": None,
            "entity": "Sarah",
        }
    ]


def test_related_lists_each_memory_once(api, db, user_id):
    one, two = add_memories(db, user_id, "Sarah moved to Oslo", "Sarah moved to Oslo in May")
    with db.user_transaction(user_id) as conn:
        insert_relation(conn, user_id, two["id"], one["id"], "extends")
        insert_relation(conn, user_id, two["id"], one["id"], "updates")
    _link_entity(db, user_id, "Sarah", one["id"], two["id"])

    response = api.get(f"/v1/memories/{one['id']}/related", user=user_id)

    assert ids(response) == [str(two["id"])]
    # the typed relation wins over the shared entity: it is an explicit decision
    assert response.body["items"][0]["relation_type"] in {"extends", "updates"}


def test_related_of_another_users_memory_is_404(api, db, user_id, other_user_id):
    row = add_memories(db, user_id, "alice's secret")[0]

    response = api.get(f"/v1/memories/{row['id']}/related", user=other_user_id)

    assert response.status == 404


def test_openapi_lists_the_memory_routes(api):
    paths = api.get("/v1/openapi.json", user=None).body["paths"]

    assert {
        "/v1/memories",
        "/v1/memories/{id}",
        "/v1/memories/{id}/history",
        "/v1/memories/{id}/related",
    } <= set(paths)
