"""GET /v1/storylines and GET /v1/macros: the hierarchy the maintenance job builds, read back. Sources go
in through POST /v1/analyze on several days and the build runs as a `hierarchy` job through the runner."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.contract.documented import assert_documented
from tests.http_client import ApiClient
from tests.integration.test_hierarchy import ANDREW, NOW, PRIYA_LATER
from tests.scenarios.conftest import Engram
from tests.worker_runs import cancel_left_jobs, run_job


@pytest.fixture
def built(api, db, user_id) -> Iterator[None]:
    engram = Engram(api, user_id)
    for when, text in ANDREW + PRIYA_LATER:
        engram.note(text, when=when)
    assert run_job(db, user_id, "hierarchy", {"now": NOW.isoformat()}).status == "completed"
    yield
    cancel_left_jobs(db, user_id)


@pytest.fixture(scope="module")
def document(live_server: tuple[str, int]) -> dict[str, Any]:
    return ApiClient(*live_server).get("/v1/openapi.json", user=None).body


def _items(response: Any) -> list[dict[str, Any]]:
    assert response.status == 200, response.body
    return response.body["items"]


def test_storylines_show_their_period_memories_and_the_macro_above(api, user_id, built, document):
    answer = api.get("/v1/storylines", user=user_id)
    assert_documented(document, "GET", "/v1/storylines", answer.status, answer.body)
    storylines = _items(answer)
    andrew, priya = sorted(storylines, key=lambda s: s["anchor"]["name"])

    # Andrew's thread takes in the two April notes that name him too
    assert (andrew["source_count"], priya["source_count"]) == (7, 5) and andrew["description"]
    assert andrew["started_at"].startswith("2026-03-02") and andrew["last_source_at"].startswith("2026-04-08")
    assert andrew["memory_count"] >= 5 and 0 < len(andrew["memories"]) <= 5
    assert any("Andrew" in m["content"] for m in andrew["memories"])
    assert (
        [m["name"] for m in andrew["macros"]]
        == [m["name"] for m in priya["macros"]]
        == ["Andrew — with Priya"]
    )


def test_macros_list_their_storylines_and_both_lists_page_and_stay_the_owners(
    api, user_id, other_user_id, built, document
):
    storylines = {s["id"]: s for s in _items(api.get("/v1/storylines", user=user_id))}
    answer = api.get("/v1/macros", user=user_id)
    assert_documented(document, "GET", "/v1/macros", answer.status, answer.body)
    [macro] = _items(answer)
    assert macro["name"] == "Andrew — with Priya" and macro["anchor"]["name"] == "Andrew"
    assert (macro["storyline_count"], macro["total_source_count"]) == (2, 10)
    assert {s["id"] for s in macro["storylines"]} == set(storylines)

    first = api.get("/v1/storylines?limit=1", user=user_id)
    second = api.get(f"/v1/storylines?limit=1&cursor={first.body['next_cursor']}", user=user_id)
    assert [s["id"] for s in _items(first) + _items(second)] == list(storylines)
    assert second.body["next_cursor"] is None
    assert _items(api.get("/v1/storylines", user=other_user_id)) == []
    assert _items(api.get("/v1/macros", user=other_user_id)) == []
    assert api.get("/v1/macros?cursor=nonsense", user=user_id).body["error"]["field"] == "cursor"


def test_a_storyline_built_on_a_source_above_the_ceiling_is_left_out_with_its_macro(api, db, user_id, built):
    with db.user_transaction(user_id) as conn:  # the user marked what they said about the offer private
        marked = conn.execute(
            "UPDATE memories SET sensitivity_level = 'private' WHERE user_id = %s AND content ILIKE %s",
            (user_id, "%accepted the offer%"),
        ).rowcount
    assert marked == 1

    shown = _items(api.get("/v1/storylines", user=user_id))
    assert [s["anchor"]["name"] for s in shown] == ["Andrew"] and shown[0]["macros"] == []
    assert _items(api.get("/v1/macros", user=user_id)) == []
    raised = _items(api.get("/v1/storylines?sensitivity_max=private", user=user_id))
    assert sorted(s["anchor"]["name"] for s in raised) == ["Andrew", "Priya"]
    assert len(_items(api.get("/v1/macros?sensitivity_max=private", user=user_id))) == 1
