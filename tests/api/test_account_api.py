"""The HTTP contract of DELETE /v1/me, GET /v1/export and POST /v1/import: shapes, 400s naming the
field with nothing written, 401s, and the user always taken from the token."""

from __future__ import annotations

import json
from typing import Any

from engram.lifecycle.account_models import MAX_IMPORT_ITEMS


def memory_count(api: Any, user: str) -> int:
    return len(api.get("/v1/memories?limit=200&status=active", user=user).body["items"])


def walk_keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in walk_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in walk_keys(v)}
    return set()


# --- POST /v1/import ---------------------------------------------------------------------------------------


def test_import_answers_counts_per_kind(api, user_id) -> None:
    body = {
        "entities": [{"name": "Sarah", "type": "person", "relationship": "sister"}],
        "facts": [{"content": "I live in Lisbon."}, {"content": "My PIN is 4921"}],
    }

    first = api.post("/v1/import", body, user=user_id)
    second = api.post("/v1/import", body, user=user_id)

    assert first.status == 200, first.body
    assert first.body == {
        "entities": {"created": 1, "existing": 0, "skipped": []},
        "facts": {
            "created": 1,
            "existing": 0,
            "skipped": [{"index": 1, "reason": first.body["facts"]["skipped"][0]["reason"]}],
        },
    }
    assert second.body["entities"]["existing"] == 1 and second.body["facts"]["existing"] == 1
    assert memory_count(api, user_id) == 2


def test_an_invalid_fact_is_a_400_naming_it_and_nothing_is_written(api, user_id) -> None:
    facts = [{"content": f"Fact {i}"} for i in range(3)] + [{"content": ""}]

    response = api.post("/v1/import", {"entities": [{"name": "Sarah"}], "facts": facts}, user=user_id)

    assert response.status == 400
    assert response.error["code"] == "validation_error" and response.error["field"] == "facts[3].content"
    assert memory_count(api, user_id) == 0


def test_an_unknown_fact_field_is_refused_by_name(api, user_id) -> None:
    response = api.post("/v1/import", {"facts": [{"content": "x", "importanse": "high"}]}, user=user_id)

    assert response.status == 400 and response.error["field"] == "facts[0].importanse"


def test_a_bad_memory_field_value_is_refused_by_name(api, user_id) -> None:
    response = api.post(
        "/v1/import", {"facts": [{"content": "x"}, {"content": "y", "memory_type": "gossip"}]}, user=user_id
    )

    assert response.status == 400 and response.error["field"] == "facts[1].memory_type"


def test_an_entity_without_a_name_is_refused_by_name(api, user_id) -> None:
    response = api.post("/v1/import", {"entities": [{"name": "Sarah"}, {"type": "person"}]}, user=user_id)

    assert response.status == 400 and response.error["field"] == "entities[1].name"


def test_nul_characters_are_a_400_not_a_500(api, user_id) -> None:
    response = api.post("/v1/import", {"facts": [{"content": "a\u0000b"}]}, user=user_id)

    assert response.status == 400 and response.error["field"] == "facts[0].content"


def test_more_items_than_the_cap_is_a_clear_400(api, user_id) -> None:
    half = MAX_IMPORT_ITEMS // 2 + 1
    body = {
        "entities": [{"name": f"P{i}"} for i in range(half)],
        "facts": [{"content": f"f{i}"} for i in range(half)],
    }

    response = api.post("/v1/import", body, user=user_id)

    assert response.status == 400
    assert response.error["field"] == "facts" and str(MAX_IMPORT_ITEMS) in response.error["message"]
    assert memory_count(api, user_id) == 0


def test_a_user_id_in_the_file_never_chooses_the_account(api, user_id, other_user_id) -> None:
    api.post(
        "/v1/import", {"entities": [{"name": "Rex", "type": "pet", "user_id": other_user_id}]}, user=user_id
    )

    assert memory_count(api, user_id) == 1 and memory_count(api, other_user_id) == 0


def test_import_needs_a_token(api) -> None:
    response = api.post("/v1/import", {"facts": [{"content": "x"}]}, user=None)

    assert response.status == 401


def test_an_oversized_import_is_refused_before_any_work(api, user_id) -> None:
    response = api.post(
        "/v1/import", raw_body=json.dumps({"facts": [{"content": "x" * 9000}] * 200}).encode(), user=user_id
    )

    assert response.status == 413


# --- GET /v1/export ----------------------------------------------------------------------------------------


def test_export_holds_every_section_and_no_embeddings(api, user_id) -> None:
    api.post("/v1/analyze", {"content": "My colleague Marcus works at Stripe."}, user=user_id)
    api.post("/v1/analyze", {"content": "Marcus now works at Notion."}, user=user_id)
    api.put("/v1/preferences", {"never_store": ["lottery"]}, user=user_id)

    response = api.get("/v1/export", user=user_id)

    assert response.status == 200
    body = response.body
    for key in ("exported_at", "user_id", "memories", "entities", "relationships", "notes", "sources",
                "preferences", "profile", "feedback", "operations", "counts", "omitted"):  # fmt: skip
        assert key in body
    assert body["user_id"] == user_id and body["truncated"] is False
    data = {k: v for k, v in body.items() if k != "omitted"}  # `omitted` names what is left out
    assert not {"embedding", "relation_embedding", "tsv"} & walk_keys(data)
    assert {"embedding", "tsv"} <= set(body["omitted"])
    assert body["preferences"]["never_store"] == ["lottery"]
    assert body["counts"]["memories"] == len(body["memories"]) and body["counts"]["operations"] >= 2
    statuses = {m["status"] for m in body["memories"]}
    assert {"active", "superseded"} <= statuses
    assert all(m["history"] and m["history"][-1]["version"] == m["version"] for m in body["memories"])
    assert any(r["valid_to"] is not None for r in body["relationships"])  # the closed Stripe edge
    assert [s["content"] for s in body["sources"]] == [
        "My colleague Marcus works at Stripe.",
        "Marcus now works at Notion.",
    ]


def test_an_edited_memory_exports_its_whole_history(api, user_id) -> None:
    api.post("/v1/analyze", {"content": "I decided to learn Norwegian."}, user=user_id)
    memory = api.get("/v1/memories", user=user_id).body["items"][0]
    api.put(
        f"/v1/memories/{memory['id']}", {"content": "I decided to learn Norwegian this year."}, user=user_id
    )

    exported = {m["id"]: m for m in api.get("/v1/export", user=user_id).body["memories"]}

    assert [v["content"] for v in exported[memory["id"]]["history"]] == [
        memory["content"],
        "I decided to learn Norwegian this year.",
    ]


def test_export_holds_only_the_callers_data(api, user_id, other_user_id) -> None:
    api.post("/v1/analyze", {"content": "My sister Sarah lives in Oslo."}, user=other_user_id)

    body = api.get("/v1/export", user=user_id).body

    assert body["memories"] == [] and body["sources"] == [] and body["entities"] == []
    assert other_user_id not in json.dumps(body)


def test_export_needs_a_token(api) -> None:
    assert api.get("/v1/export", user=None).status == 401


# --- DELETE /v1/me -----------------------------------------------------------------------------------------


def test_delete_me_answers_counts_per_table(api, user_id) -> None:
    api.post("/v1/analyze", {"content": "My sister Sarah lives in Oslo."}, user=user_id)

    response = api.request("DELETE", "/v1/me", user=user_id)

    assert response.status == 200
    deleted = response.body["deleted"]
    assert deleted["users"] == 1 and deleted["sources"] == 1 and deleted["memories"] >= 1
    assert all(isinstance(n, int) for n in deleted.values())
    assert api.get("/v1/export", user=user_id).body["memories"] == []


def test_delete_me_needs_a_token(api) -> None:
    response = api.request("DELETE", "/v1/me", user=None)

    assert response.status == 401 and response.error["code"] == "unauthorized"


def test_the_account_routes_are_in_the_openapi_document(api) -> None:
    paths = api.get("/v1/openapi.json", user=None).body["paths"]

    assert "delete" in paths["/v1/me"] and "get" in paths["/v1/export"] and "post" in paths["/v1/import"]
