"""Error messages a developer reads while wiring a client against `engram serve`."""

from __future__ import annotations

import pytest

from engram.api.app import build_resolver, lambda_api_handler
from tests.http_client import ApiClient


@pytest.mark.parametrize("authorization", ["Bearer alice", "Bearer ", "Basic YWxpY2U6", None])
def test_a_401_on_the_local_server_shows_the_dev_token_form(
    api: ApiClient, authorization: str | None
) -> None:
    headers = {"Authorization": authorization} if authorization is not None else {}
    response = api.get("/v1/preferences", user=None, headers=headers)
    assert response.status == 401
    assert response.error["message"] == (
        "a valid bearer token is required; locally send `Authorization: Bearer dev:<user-id>`"
    )


def test_a_401_where_dev_tokens_are_not_accepted_does_not_mention_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engram.config import reset_settings

    monkeypatch.setenv("ENGRAM_STAGE", "dev")
    reset_settings()
    handle = lambda_api_handler(build_resolver("lambda"))
    event = {
        "version": "2.0",
        "routeKey": "GET /v1/preferences",
        "rawPath": "/v1/preferences",
        "rawQueryString": "",
        "headers": {"authorization": "Bearer dev:alice"},
        "requestContext": {"http": {"method": "GET", "path": "/v1/preferences"}, "stage": "$default"},
        "isBase64Encoded": False,
    }
    response = handle(event, None)
    assert response["statusCode"] == 401
    assert "dev:" not in response["body"] and "a valid bearer token is required" in response["body"]


@pytest.mark.parametrize(
    "body", [{"content": "a note", "messages": [{"content": "a turn"}]}, {"source": {"type": "note"}}]
)
def test_analyze_with_both_or_neither_content_and_messages_says_so_plainly(
    api: ApiClient, body: dict
) -> None:
    response = api.post("/v1/analyze", body)
    assert response.status == 400
    assert response.error["field"] == "content"
    assert response.error["message"] == "send either content or messages, not both"


def test_a_null_preference_names_the_field_once(api: ApiClient) -> None:
    response = api.put("/v1/preferences", {"never_store": None})
    assert response.status == 400
    assert (response.error["field"], response.error["message"]) == (
        "never_store",
        "never_store cannot be null",
    )


def test_a_rule_that_completes_the_field_name_still_reads_after_it(api: ApiClient) -> None:
    response = api.post("/v1/timeline", {"limit": 5})
    assert response.status == 400
    assert response.error["message"] == "start or end or query is required"
