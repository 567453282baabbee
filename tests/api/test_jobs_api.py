"""GET /v1/jobs: the caller's own jobs, newest first, filtered by status and type, paginated like every
list; jobs are queued and run through the real repository and runner (tests/worker_runs.py)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from engram.db.repositories.keyset import encode_time_cursor
from tests.worker_runs import cancel_left_jobs, queue_job, run_job

BAD_HIERARCHY = {"now": "not a time"}


@pytest.fixture(autouse=True)
def leave_no_runnable_job(db, user_id, other_user_id) -> Iterator[None]:
    yield
    cancel_left_jobs(db, user_id, other_user_id)


def _ids(response: Any) -> list[str]:
    assert response.status == 200, response.body
    return [item["id"] for item in response.body["items"]]


def test_lists_the_callers_jobs_newest_first_with_a_failed_ones_error(api, db, user_id, other_user_id):
    first = queue_job(db, user_id, "extract", {})
    failed = run_job(db, user_id, "hierarchy", BAD_HIERARCHY, max_attempts=1)
    queue_job(db, other_user_id, "extract", {})

    response = api.get("/v1/jobs", user=user_id)

    assert _ids(response) == [str(failed.id), str(first.id)]
    shown = response.body["items"][0]
    assert shown["status"] == "failed" and shown["job_type"] == "hierarchy"
    assert shown["last_error"].startswith("ValidationFailed: a hierarchy job's payload")
    assert "payload" not in shown, "a job's payload may hold the user's words"
    assert response.body["next_cursor"] is None


def test_filters_by_status_and_type(api, db, user_id):
    pending = queue_job(db, user_id, "extract", {})
    failed = run_job(db, user_id, "hierarchy", BAD_HIERARCHY, max_attempts=1)

    assert _ids(api.get("/v1/jobs?status=failed", user=user_id)) == [str(failed.id)]
    assert _ids(api.get("/v1/jobs?status=pending", user=user_id)) == [str(pending.id)]
    assert _ids(api.get("/v1/jobs?job_type=extract", user=user_id)) == [str(pending.id)]
    assert _ids(api.get("/v1/jobs?status=completed&job_type=extract", user=user_id)) == []


def test_pages_follow_the_cursor_without_gaps(api, db, user_id):
    queued = [str(queue_job(db, user_id, "extract", {}).id) for _ in range(5)]
    seen, cursor = [], None
    while True:
        response = api.get("/v1/jobs?limit=2" + (f"&cursor={cursor}" if cursor else ""), user=user_id)
        seen += _ids(response)
        cursor = response.body["next_cursor"]
        if not cursor:
            break
    assert seen == queued[::-1]


def test_bad_filters_and_cursors_are_400s_naming_the_field(api, user_id):
    for query, field in (
        ("status=done", "status"),
        ("job_type=nap", "job_type"),
        ("limit=0", "limit"),
        ("cursor=nonsense", "cursor"),
    ):
        response = api.get(f"/v1/jobs?{query}", user=user_id)
        assert response.status == 400, query
        assert response.body["error"]["field"] == field, query


def test_a_cursor_of_another_list_is_refused(api, user_id):
    foreign = encode_time_cursor("storylines", datetime.now(UTC), uuid.uuid4())
    response = api.get(f"/v1/jobs?cursor={foreign}", user=user_id)
    assert response.status == 400 and response.body["error"]["field"] == "cursor"
