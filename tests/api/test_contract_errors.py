"""The error contract through real HTTP: status codes and `{"error": {...}}` bodies."""

from __future__ import annotations


def test_health_reports_database_ok_without_a_token(api):
    response = api.get("/v1/health", user=None)
    assert response.status == 200
    assert response.body["status"] == "ok"
    assert response.body["database"] == "ok"


def test_missing_token_is_401_in_the_error_shape(api):
    response = api.get("/v1/preferences", user=None)
    assert response.status == 401
    assert response.error["code"] == "unauthorized"
    assert response.error["message"]


def test_token_that_is_not_a_dev_token_is_401(api):
    response = api.get("/v1/preferences", user=None, headers={"Authorization": "Bearer eyJhbGciOi.fake.jwt"})
    assert response.status == 401


def test_dev_tokens_are_refused_outside_the_local_stage(api, monkeypatch):
    from engram.config import reset_settings

    monkeypatch.setenv("ENGRAM_STAGE", "prod")
    reset_settings()
    response = api.get("/v1/preferences", user="alice")
    assert response.status == 401


def test_malformed_json_is_400_invalid_json(api):
    response = api.put("/v1/preferences", raw_body=b'{"never_store": ["work",')
    assert response.status == 400
    assert response.error["code"] == "invalid_json"


def test_wrong_field_type_is_400_naming_the_field(api):
    response = api.put("/v1/preferences", {"min_confidence": "very"})
    assert response.status == 400
    assert response.error["code"] == "validation_error"
    assert response.error["field"] == "min_confidence"


def test_unknown_field_is_400_naming_it(api):
    response = api.put("/v1/preferences", {"min_confidense": 0.5})
    assert response.status == 400
    assert response.error["field"] == "min_confidense"


def test_null_for_a_required_preference_is_400_not_500(api):
    response = api.put("/v1/preferences", {"events_auto_expire": None})
    assert response.status == 400
    assert response.error["field"] == "events_auto_expire"


def test_body_that_is_not_an_object_is_400(api):
    response = api.put("/v1/preferences", ["not", "an", "object"])
    assert response.status == 400
    assert response.error["code"] == "validation_error"


def test_oversized_body_is_413_before_any_work(api, monkeypatch):
    from engram.config import reset_settings

    monkeypatch.setenv("ENGRAM_MAX_BODY_BYTES", "2048")
    reset_settings()
    response = api.put("/v1/preferences", {"custom_instructions": "x" * 5000})
    assert response.status == 413
    assert response.error["code"] == "payload_too_large"
    # nothing was written
    assert api.get("/v1/preferences").body["custom_instructions"] is None


def test_oversized_body_is_refused_even_without_a_token(api, monkeypatch):
    from engram.config import reset_settings

    monkeypatch.setenv("ENGRAM_MAX_BODY_BYTES", "1024")
    reset_settings()
    response = api.put("/v1/preferences", {"custom_instructions": "x" * 4000}, user=None)
    assert response.status == 413


def test_unknown_route_is_404_in_the_error_shape(api):
    response = api.get("/v1/no-such-thing")
    assert response.status == 404
    assert response.error["code"] == "not_found"


def test_openapi_document_lists_the_routes(api):
    response = api.get("/v1/openapi.json", user=None)
    assert response.status == 200
    assert response.body["openapi"].startswith("3.")
    assert "/v1/preferences" in response.body["paths"]
    assert "/v1/health" in response.body["paths"]


def test_body_sent_without_a_json_content_type_is_still_read_as_json(api, user_id):
    response = api.put(
        "/v1/preferences",
        raw_body=b'{"min_confidence": 0.7}',
        user=user_id,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status == 200
    assert response.body["min_confidence"] == 0.7


def test_malformed_json_without_a_content_type_is_invalid_json(api):
    response = api.put(
        "/v1/preferences", raw_body=b'{"never_store": ["x"', headers={"Content-Type": "text/plain"}
    )
    assert response.status == 400
    assert response.error["code"] == "invalid_json"
