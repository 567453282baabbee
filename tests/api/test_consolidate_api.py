"""POST /v1/consolidate over HTTP: preview, force, and 400s naming the field."""

from __future__ import annotations

import numpy as np
import pytest

from tests.integration.test_consolidation import near, store, unit


def plant_pair(db, user_id, rng):
    base = unit(rng)
    keeper = store(db, user_id, "Marcus plays the cello.", base, importance_score=0.9)
    other = store(db, user_id, "Marcus plays the cello in an orchestra.", near(base, rng))
    return keeper, other


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"threshold": 0.4}, "threshold"),
        ({"threshold": 1.2}, "threshold"),
        ({"threshold": "high"}, "threshold"),
        ({"limit": 0}, "limit"),
        ({"force": "maybe"}, "force"),
        ({"dry_run": True}, "dry_run"),
    ],
)
def test_bad_requests_are_400_naming_the_field(api, user_id, body, field):
    response = api.post("/v1/consolidate", body, user=user_id)
    assert response.status == 400, response.body
    assert response.error["code"] == "validation_error"
    assert response.error["field"] == field


def test_without_a_token_it_is_401(api):
    assert api.post("/v1/consolidate", {}, user=None).status == 401


def test_preview_shows_both_contents_and_writes_nothing(api, db, user_id):
    keeper, other = plant_pair(db, user_id, np.random.default_rng(3))
    response = api.post("/v1/consolidate", {}, user=user_id)
    assert response.status == 200, response.body
    body = response.body
    assert body["mode"] == "preview" and body["count"] == 1 and body["threshold"] == 0.85
    [pair] = body["pairs"]
    assert pair["keep"]["id"] == str(keeper["id"]) and pair["keep"]["content"] == "Marcus plays the cello."
    assert pair["merge"]["content"] == "Marcus plays the cello in an orchestra."
    assert 0.85 <= pair["similarity"] <= 1
    assert body["groups"][0]["keep"]["id"] == str(keeper["id"])
    assert api.get(f"/v1/memories/{other['id']}", user=user_id).body["status"] == "active"


def test_force_merges_over_http_and_a_second_call_finds_nothing(api, db, user_id):
    keeper, other = plant_pair(db, user_id, np.random.default_rng(4))
    response = api.post("/v1/consolidate", {"force": True, "threshold": 0.9}, user=user_id)
    assert response.status == 200, response.body
    assert response.body["mode"] == "merged" and response.body["count"] == 1
    [merged] = response.body["merged"]
    assert merged["kept"] == str(keeper["id"]) and merged["merged"] == str(other["id"])
    assert merged["content"] == "Marcus plays the cello, in an orchestra."
    archived = api.get(f"/v1/memories/{other['id']}", user=user_id).body
    assert archived["status"] == "archived" and archived["superseded_by"] == str(keeper["id"])
    again = api.post("/v1/consolidate", {"force": True}, user=user_id).body
    assert again["count"] == 0 and again["merged"] == []


def test_another_users_call_sees_nothing_of_mine(api, db, user_id, other_user_id):
    plant_pair(db, user_id, np.random.default_rng(5))
    body = api.post("/v1/consolidate", {"force": True}, user=other_user_id).body
    assert body["count"] == 0
    assert api.post("/v1/consolidate", {}, user=user_id).body["count"] == 1
