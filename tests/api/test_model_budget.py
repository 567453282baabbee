"""The daily model-token budget per user, through the local server and the real Anthropic SDK against a
local stand-in for the Messages API: every model call is metered for its user; once a user has spent the
budget an inline analysis gets 429 until midnight UTC and stores nothing, a queued one is accepted and
its job waits (pending, not failed) until the budget frees, and reads answer without the model. Other
users keep their budget."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from engram.config import reset_settings
from engram.db.connection import Database
from engram.jobs.local_worker import LocalWorker
from engram.pipeline.jobs import register_pipeline_jobs
from engram.providers.factory import reset_providers
from tests.http_client import ApiClient
from tests.model_stand_in import MessagesApiStandIn

NOTE = {"content": "I moved to Porto in May.", "source": {"document_date": "2026-03-10T10:00:00Z"}}
TOKENS_PER_CALL = 1000


@pytest.fixture
def model(monkeypatch: pytest.MonkeyPatch, db: Database) -> Iterator[MessagesApiStandIn]:
    # The local worker runs every user's queued jobs: another test's left in this database would call the
    # stand-in too, so they run first, on the offline engine.
    LocalWorker(db).run_until_idle()
    stand_in = MessagesApiStandIn(TOKENS_PER_CALL)
    for name, value in stand_in.environment().items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("ENGRAM_MODEL_BUDGET_DAILY", str(TOKENS_PER_CALL))
    reset_settings()
    reset_providers()
    register_pipeline_jobs()
    yield stand_in
    stand_in.close()
    reset_providers()


def spent_today(db: Database, user_id: str) -> int:
    with db.system_transaction() as conn:
        row = conn.execute(
            """SELECT coalesce(sum(input_tokens + output_tokens), 0) AS n FROM model_token_usage
               WHERE user_id = %s""",
            (user_id,),
        ).fetchone()
    return int(row["n"])


def seconds_to_midnight_utc() -> int:
    now = datetime.now(UTC)
    midnight = datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), UTC)
    return int((midnight - now).total_seconds())


def test_an_inline_analysis_past_the_budget_gets_429_until_midnight_and_stores_nothing(
    api: ApiClient, db: Database, user_id: str, other_user_id: str, model: MessagesApiStandIn
) -> None:
    assert api.post("/v1/analyze", NOTE, user=user_id).status == 200
    assert spent_today(db, user_id) == TOKENS_PER_CALL and model.calls == 1

    refused = api.post("/v1/analyze", NOTE | {"idempotency_key": "second"}, user=user_id)

    assert refused.status == 429 and refused.error["code"] == "model_budget_exhausted"
    assert abs(int(refused.headers["retry-after"]) - seconds_to_midnight_utc()) <= 2
    assert "daily model-token budget" in refused.error["message"]
    assert len(api.get("/v1/sources", user=user_id).body["items"]) == 1
    assert model.calls == 1, "no model call was made for the refused request"
    assert api.post("/v1/analyze", NOTE, user=other_user_id).status == 200, "others keep their budget"


def test_reads_past_the_budget_answer_without_the_model(
    api: ApiClient, db: Database, user_id: str, other_user_id: str, model: MessagesApiStandIn
) -> None:
    question = {"query": "what did we discuss about Porto?"}
    assert api.post("/v1/recall", question, user=other_user_id).status == 200
    assert model.calls >= 1, "within the budget, recall asks the model for more queries"
    api.post("/v1/analyze", NOTE, user=user_id)
    calls = model.calls

    recalled = api.post("/v1/recall", question, user=user_id)
    searched = api.post("/v1/search", {"query": "Porto"}, user=user_id)

    assert (recalled.status, searched.status) == (200, 200)
    assert model.calls == calls


def test_a_queued_analysis_past_the_budget_waits_and_runs_once_the_budget_frees(
    api: ApiClient, db: Database, user_id: str, model: MessagesApiStandIn
) -> None:
    api.post("/v1/analyze", NOTE, user=user_id)
    accepted = api.post("/v1/analyze", NOTE | {"async": True, "idempotency_key": "queued"}, user=user_id)
    assert accepted.status == 202
    job_id = accepted.body["jobs"][0]["id"]

    LocalWorker(db).run_until_idle()
    waiting = api.get(f"/v1/jobs/{job_id}", user=user_id).body

    assert waiting["status"] == "pending" and waiting["attempts"] == 0
    assert waiting["last_error"].startswith("deferred: the daily model-token budget is spent")
    assert datetime.fromisoformat(waiting["scheduled_for"]).astimezone(UTC).time() == datetime.min.time()
    assert model.calls == 1

    # The next day: yesterday's spend no longer counts and the job is due.
    with db.system_transaction() as conn:
        conn.execute("UPDATE model_token_usage SET day = day - 1 WHERE user_id = %s", (user_id,))
        conn.execute("UPDATE memory_jobs SET scheduled_for = now() WHERE id = %s", (job_id,))
    LocalWorker(db).run_until_idle()

    assert api.get(f"/v1/jobs/{job_id}", user=user_id).body["status"] == "completed"
    assert model.calls == 2 and spent_today(db, user_id) == 2 * TOKENS_PER_CALL
