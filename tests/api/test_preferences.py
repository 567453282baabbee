"""GET/PUT /v1/preferences: defaults, partial updates, and per-user isolation."""

from __future__ import annotations


def test_new_user_gets_the_documented_defaults(api, user_id):
    body = api.get("/v1/preferences", user=user_id).body
    assert body["min_confidence"] == 0.6
    assert body["default_sensitivity_level"] == "normal"
    assert "health" in body["auto_mark_sensitive"]
    assert body["never_store"] == []


def test_partial_update_keeps_other_fields(api, user_id):
    first = api.put("/v1/preferences", {"never_store": ["work meetings"]}, user=user_id)
    assert first.status == 200
    second = api.put("/v1/preferences", {"min_confidence": 0.4}, user=user_id)
    assert second.body["never_store"] == ["work meetings"]
    assert second.body["min_confidence"] == 0.4
    assert api.get("/v1/preferences", user=user_id).body["never_store"] == ["work meetings"]


def test_custom_instructions_can_be_cleared_with_null(api, user_id):
    api.put("/v1/preferences", {"custom_instructions": "Focus on fitness"}, user=user_id)
    cleared = api.put("/v1/preferences", {"custom_instructions": None}, user=user_id)
    assert cleared.status == 200
    assert cleared.body["custom_instructions"] is None


def test_one_users_preferences_are_invisible_to_another(api, user_id, other_user_id):
    api.put("/v1/preferences", {"never_store": ["my divorce"]}, user=user_id)
    assert api.get("/v1/preferences", user=other_user_id).body["never_store"] == []


def test_unknown_memory_category_is_refused(api, user_id):
    response = api.put("/v1/preferences", {"enabled_categories": ["fact", "gossip"]}, user=user_id)
    assert response.status == 400
    assert response.error["field"].startswith("enabled_categories")


def test_another_resolver_in_the_process_never_leaks_its_caller(api, user_id, other_user_id):
    """Module-level routers are shared by every resolver built in a process; the caller must come from
    the request being served, not from whichever resolver last included the router."""
    from engram.api.app import build_resolver
    from engram.api.routes import preferences

    api.put("/v1/preferences", {"never_store": ["secret project"]}, user=user_id)
    lambda_app = build_resolver("lambda", [preferences.router])
    event = {
        "version": "2.0",
        "routeKey": "GET /v1/preferences",
        "rawPath": "/v1/preferences",
        "rawQueryString": "",
        "headers": {},
        "requestContext": {
            "http": {"method": "GET", "path": "/v1/preferences"},
            "authorizer": {"jwt": {"claims": {"sub": user_id}}},
            "stage": "$default",
        },
        "isBase64Encoded": False,
    }
    assert lambda_app.resolve(event, None)["statusCode"] == 200
    assert api.get("/v1/preferences", user=other_user_id).body["never_store"] == []
