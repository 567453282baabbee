"""GET /v1/memories narrowed by layer, category, sensitivity and creation date, in the listing's one
statement; bad values are 400s naming the filter. Memories go in through the real repository."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote

import pytest

from tests.memory_factory import add_memories


def _contents(response: Any) -> list[str]:
    assert response.status == 200, response.body
    return [item["content"] for item in response.body["items"]]


@pytest.fixture
def stored(db, user_id) -> dict[str, Any]:
    rows = {}
    for content, fields in (
        ("I love hiking", {"layer": "semantic", "category": "interests"}),
        (
            "I have a dentist appointment",
            {"layer": "episodic", "category": "health", "sensitivity_level": "sensitive"},
        ),
        (
            "My password manager is private",
            {"layer": "semantic", "category": "personal", "sensitivity_level": "private"},
        ),
        ("I make bread on Sundays", {"layer": "procedural", "category": "recurring"}),
    ):
        [rows[content]] = add_memories(db, user_id, content, **fields)
    return rows


def test_each_filter_narrows_the_list(api, user_id, stored):
    assert _contents(api.get("/v1/memories?category=health", user=user_id)) == [
        "I have a dentist appointment"
    ]
    assert _contents(api.get("/v1/memories?layer=procedural", user=user_id)) == ["I make bread on Sundays"]
    assert _contents(api.get("/v1/memories?sensitivity=private", user=user_id)) == [
        "My password manager is private"
    ]
    assert _contents(api.get("/v1/memories?layer=semantic&category=interests", user=user_id)) == [
        "I love hiking"
    ]


def test_created_after_and_before_bound_the_creation_time(api, db, user_id, stored):
    moment = datetime.now(UTC)
    with db.user_transaction(user_id) as conn:  # one memory from last year, as an import would date it
        conn.execute(
            "UPDATE memories SET created_at = %s WHERE id = %s",
            (moment - timedelta(days=365), stored["I love hiking"]["id"]),
        )
    month_ago = quote((moment - timedelta(days=30)).isoformat())
    recent = _contents(api.get(f"/v1/memories?created_after={month_ago}", user=user_id))
    assert "I love hiking" not in recent and len(recent) == 3
    assert _contents(api.get(f"/v1/memories?created_before={month_ago}", user=user_id)) == ["I love hiking"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("layer=long-term", "layer"),
        ("sensitivity=secret", "sensitivity"),
        ("category=", "category"),
        ("created_after=yesterday", "created_after"),
        ("created_before=1714550400", "created_before"),
        ("created_after=2024-05-02T00:00:00Z&created_before=2024-05-01T00:00:00Z", "created_before"),
    ],
)
def test_bad_filter_values_are_400s_naming_the_field(api, user_id, query, field):
    response = api.get(f"/v1/memories?{query}", user=user_id)
    assert response.status == 400, response.body
    assert response.body["error"]["field"] == field
