"""What the fuzz run found, each kept as a plain request: the answer a client gets now."""

from __future__ import annotations

from tests.http_client import ApiClient


def test_a_number_too_small_for_a_postgres_real_is_400(api: ApiClient, user_id: str) -> None:
    # 2.2e-84 cast to `real` was an underflow error: a 500
    search = api.post("/v1/search", {"query": "kiwis", "min_importance": 2.2e-84}, user=user_id)
    assert search.status == 400 and search.error["field"] == "min_importance"
    explore = api.post("/v1/explore", {"queries": [{"query": "kiwis", "threshold": 2.6e-46}]}, user=user_id)
    assert explore.status == 400 and explore.error["field"] == "queries[0].threshold"
    # zero itself is fine
    assert api.post("/v1/search", {"query": "kiwis", "min_importance": 0.0}, user=user_id).status == 200


def test_a_featureless_text_is_similar_to_nothing(api: ApiClient, user_id: str) -> None:
    # its embedding is the zero vector; cosine with it is NaN, which an audit row could not store
    for _ in range(2):
        response = api.post("/v1/memory-update", {"candidate_fact": {"content": "\u0011"}}, user=user_id)
        assert response.status == 200, response.body
    search = api.post("/v1/search", {"query": "\u0011 !", "limit": 5}, user=user_id)
    assert search.status == 200, search.body


def test_an_entity_named_only_by_punctuation_makes_no_edge_and_no_error(api: ApiClient, user_id: str) -> None:
    fact = {"content": "I work at ???", "subject": "me", "attribute": "employer", "value": "???"}
    response = api.post("/v1/memory-update", {"candidate_fact": fact}, user=user_id)
    assert response.status == 200, response.body


def test_a_source_that_is_not_the_callers_is_404(api: ApiClient, user_id: str) -> None:
    body = {
        "candidate_fact": {"content": "I like kiwis"},
        "source_id": "3f8a7c1e-0000-4000-8000-00000000abcd",
    }
    response = api.post("/v1/memory-update", body, user=user_id)
    assert response.status == 404 and response.error["field"] == "source_id"


def test_a_utc_offset_postgres_cannot_hold_is_400(api: ApiClient, user_id: str) -> None:
    entity = {"name": "Sam", "last_mentioned_at": "2024-06-18T01:26:54+22:20"}
    response = api.post("/v1/import", {"entities": [entity]}, user=user_id)
    assert response.status == 400 and response.error["field"] == "entities[0].last_mentioned_at"


def test_a_clients_fact_keeps_its_json_types(api: ApiClient, user_id: str) -> None:
    body = {"candidate_fact": {"content": "I like kiwis", "sentiment": False}}
    response = api.post("/v1/memory-update", body, user=user_id)
    assert response.status == 400 and response.error["field"] == "candidate_fact.sentiment"


def test_a_legacy_entity_with_a_null_mention_count_counts_one(api: ApiClient, user_id: str) -> None:
    response = api.post("/v1/import", {"entities": [{"name": "Sam", "mention_count": None}]}, user=user_id)
    assert response.status == 200, response.body


def test_a_list_holding_a_valid_body_is_no_body(api: ApiClient, user_id: str) -> None:
    # Powertools validated a list's first item as the body: `[{"force": true}]` merged memories
    response = api.post("/v1/consolidate", raw_body=b'[{"force": true}]', user=user_id)
    assert response.status == 400 and response.error["field"] == "body"


def test_a_legacy_entitys_blank_relationship_reads_as_none(api: ApiClient, user_id: str) -> None:
    entity = {"name": "Sam", "type": "", "relationship": " ", "context": ""}
    assert api.post("/v1/import", {"entities": [entity]}, user=user_id).status == 200
    (sam,) = [e for e in api.get("/v1/entities", user=user_id).body["items"] if e["name"] == "Sam"]
    assert sam["relationship"] is None and sam["kind"] == "person"


def test_a_legacy_entity_with_a_null_type_is_a_person(api: ApiClient, user_id: str) -> None:
    # the legacy rows' own null: accepted (and now documented as nullable), read as "person"
    assert api.post("/v1/import", {"entities": [{"name": "Sam", "type": None}]}, user=user_id).status == 200
    (sam,) = [e for e in api.get("/v1/entities", user=user_id).body["items"] if e["name"] == "Sam"]
    assert sam["kind"] == "person"


def test_a_padded_text_longer_than_its_max_length_is_400(api: ApiClient, user_id: str) -> None:
    # whitespace was stripped before the length was measured: 2,001 characters passed a 2,000 limit
    search = api.post("/v1/search", {"query": " " + "kiwi" * 500}, user=user_id)
    assert search.status == 400 and search.error["field"] == "query"
    tags = api.post(
        "/v1/analyze", {"content": "I like kiwis", "source": {"tags": [" " + "t" * 64]}}, user=user_id
    )
    assert tags.status == 400 and tags.error["field"] == "source.tags[0]"
    # a padded text within the limit is still trimmed and accepted
    assert api.post("/v1/search", {"query": " " + "kiwi" * 499 + " "}, user=user_id).status == 200


def test_a_boolean_is_not_an_attitude(api: ApiClient, user_id: str) -> None:
    # Literal[1, 2, 3, 4, 5] took true as 1
    body = {"queries": [{"query": "kiwis"}], "relationship_filters": {"min_attitude": True}}
    response = api.post("/v1/explore", body, user=user_id)
    assert response.status == 400 and response.error["field"].startswith("relationship_filters")


def test_a_number_is_not_a_boolean_in_a_clients_fact(api: ApiClient, user_id: str) -> None:
    # the shared fact model declares plain `bool` fields, which pydantic's lax mode read 1 into
    body = {"candidate_fact": {"content": "I lived in Denver", "is_historical": 1}}
    response = api.post("/v1/memory-update", body, user=user_id)
    assert response.status == 400 and response.error["field"] == "candidate_fact.is_historical"
    body["candidate_fact"]["is_historical"] = True
    assert api.post("/v1/memory-update", body, user=user_id).status == 200


def test_a_member_id_no_path_can_address_is_refused(api: ApiClient, user_id: str) -> None:
    # schemathesis (stateful): a member added as "A,\U000499a8Bw" could never be removed, every
    # DELETE /v1/teams/{id}/members/{user_id} of them found no route
    team = api.post("/v1/teams", {"name": "Fuzz"}, user=user_id)
    assert team.status == 201, team.body
    added = api.post(f"/v1/teams/{team.body['id']}/members", {"user_id": "A,\U000499a8Bw"}, user=user_id)
    assert added.status in (400, 422) and added.error["field"].endswith("user_id"), added.body
    ok = api.post(f"/v1/teams/{team.body['id']}/members", {"user_id": "ana.lima@example.com"}, user=user_id)
    assert ok.status == 201, ok.body
    gone = api.request("DELETE", f"/v1/teams/{team.body['id']}/members/ana.lima@example.com", user=user_id)
    assert gone.status == 204, gone.body
