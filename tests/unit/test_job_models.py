"""The queue message and job models: what travels on SQS and what a job submission may contain."""

from __future__ import annotations

import json
import uuid

import pytest
from pydantic import ValidationError

from engram.config import reset_settings
from engram.domain.jobs import JobMessage, NewJob


def test_job_message_round_trips_through_json() -> None:
    message = JobMessage(job_id=uuid.uuid4(), user_id="alice", job_type="update")

    body = message.model_dump_json()

    assert JobMessage.model_validate_json(body) == message
    assert json.loads(body) == {
        "schema_version": 1,
        "job_id": str(message.job_id),
        "user_id": "alice",
        "job_type": "update",
    }


def test_job_message_rejects_unknown_job_type() -> None:
    with pytest.raises(ValidationError, match="job_type"):
        JobMessage.model_validate(
            {"job_id": str(uuid.uuid4()), "user_id": "alice", "job_type": "mine_bitcoin"}
        )


@pytest.mark.parametrize("missing", ["job_id", "user_id", "job_type"])
def test_job_message_rejects_missing_fields(missing: str) -> None:
    body = {"job_id": str(uuid.uuid4()), "user_id": "alice", "job_type": "extract"}
    del body[missing]

    with pytest.raises(ValidationError, match=missing):
        JobMessage.model_validate(body)


def test_job_message_rejects_unknown_schema_version_and_extra_fields() -> None:
    base = {"job_id": str(uuid.uuid4()), "user_id": "alice", "job_type": "extract"}

    with pytest.raises(ValidationError, match="schema_version"):
        JobMessage.model_validate({**base, "schema_version": 2})
    # No payload on the queue: the row is the truth.
    with pytest.raises(ValidationError, match="payload"):
        JobMessage.model_validate({**base, "payload": {"content": "I moved to Lisbon"}})


def test_job_message_rejects_empty_or_oversized_user_id() -> None:
    for user_id in ("", "x" * 129):
        with pytest.raises(ValidationError, match="user_id"):
            JobMessage(job_id=uuid.uuid4(), user_id=user_id, job_type="update")


def test_new_job_takes_max_attempts_from_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_JOB_MAX_ATTEMPTS", "5")
    reset_settings()

    job = NewJob(user_id="alice", job_type="update")

    assert (job.max_attempts, job.priority, job.payload) == (5, 5, {})


def test_new_job_rejects_priority_out_of_range() -> None:
    with pytest.raises(ValidationError, match="priority"):
        NewJob(user_id="alice", job_type="update", priority=11)
