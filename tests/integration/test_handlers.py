"""Every Lambda handler invoked in-process with the sample events of `events/`, as Lambda would."""

from __future__ import annotations

import copy
import importlib.util
import json
import uuid
from pathlib import Path
from types import ModuleType

import pytest

from engram.config import reset_settings
from engram.db.connection import reset_database
from engram.db.repositories.jobs import cancel_pending_jobs
from engram.domain.jobs import NewJob
from engram.jobs.queue import get_job_queue, reset_job_queue
from engram.jobs.runner import get_job_handler, register_job_handler, unregister_job_handler
from tests.cloudformation import cloudformation_response_url
from tests.lambda_context import FakeLambdaContext

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "events"


def load_handler(function: str) -> ModuleType:
    path = ROOT / "functions" / function / "app.py"
    spec = importlib.util.spec_from_file_location(f"engram_function_{function}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def event(name: str) -> dict:
    return json.loads((EVENTS / name).read_text())


@pytest.fixture(autouse=True)
def lambda_environment(monkeypatch, db):
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "engram-test")
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "EngramTest")
    monkeypatch.setenv("ENGRAM_STAGE", "dev")
    reset_settings()
    reset_job_queue()
    yield
    reset_job_queue()
    # Leave no runnable jobs behind for tests that drain the shared local queue.
    for uid in ("user-123", "someone-else"):
        with db.user_transaction(uid) as conn:
            cancel_pending_jobs(conn, uid)
    # The maintenance schedules fan out a job to every user in the shared database.
    with db.system_transaction() as conn:
        conn.execute(
            "UPDATE memory_jobs SET status = 'cancelled' "
            "WHERE status = 'pending' AND job_type IN ('cleanup', 'decay', 'hierarchy', 'consolidate')"
        )


def invoke(function: str, payload: dict) -> dict:
    return load_handler(function).lambda_handler(payload, FakeLambdaContext())


def test_health_event_answers_ok_with_the_database_reachable():
    response = invoke("search", event("health_get.json"))
    assert response["statusCode"] == 200
    body = json.loads(response["body"])
    assert body["status"] == "ok" and body["database"] == "ok"


def test_jobs_event_returns_the_callers_job():
    job = get_job_queue().submit([NewJob(user_id="user-123", job_type="hierarchy", payload={})])[0]
    request = event("jobs_get.json")
    request["rawPath"] = request["requestContext"]["http"]["path"] = f"/v1/jobs/{job.id}"
    request["pathParameters"] = {"id": str(job.id)}
    response = invoke("memories", request)
    assert response["statusCode"] == 200
    assert json.loads(response["body"])["status"] == "pending"


def test_jobs_event_for_someone_elses_job_is_404():
    job = get_job_queue().submit([NewJob(user_id="someone-else", job_type="hierarchy", payload={})])[0]
    request = event("jobs_get.json")
    request["rawPath"] = request["requestContext"]["http"]["path"] = f"/v1/jobs/{job.id}"
    response = invoke("memories", request)
    assert response["statusCode"] == 404
    assert json.loads(response["body"])["error"]["code"] == "not_found"


def test_api_event_without_jwt_claims_is_401_and_dev_tokens_do_not_work_in_lambda():
    request = event("jobs_get.json")
    del request["requestContext"]["authorizer"]
    request["headers"]["authorization"] = "Bearer dev:user-123"
    response = invoke("memories", request)
    assert response["statusCode"] == 401
    assert json.loads(response["body"])["error"]["code"] == "unauthorized"


def test_oversized_api_event_is_413(monkeypatch):
    monkeypatch.setenv("ENGRAM_MAX_BODY_BYTES", "1024")
    reset_settings()
    request = event("analyze_note.json")
    request["body"] = json.dumps({"content": "x" * 5000})
    response = invoke("analyze", request)
    assert response["statusCode"] == 413


@pytest.mark.parametrize(
    ("body", "base64", "field"),
    [
        (b'{"content": "caf\xe9"}', True, "body"),  # not UTF-8
        (b'{"content": "a\\u0000b"}', False, "content"),
        (b'{"content": "a\\ud800b"}', False, "content"),
        (b"[" * 50_000, False, "body"),
        (
            b'{"content": "kiwi", "source": {"document_date": "0001-01-01T00:00:00+14:00"}}',
            False,
            "source.document_date",
        ),
        (b"not base64 at all!", "raw", "body"),
    ],
)
def test_lambda_applies_the_same_input_boundary_as_the_local_server(body, base64, field):
    import base64 as b64

    request = event("analyze_note.json")
    if base64 is True:
        request["body"], request["isBase64Encoded"] = b64.b64encode(body).decode(), True
    elif base64 == "raw":
        request["body"], request["isBase64Encoded"] = body.decode(), True
    else:
        request["body"], request["isBase64Encoded"] = body.decode(), False
    response = invoke("analyze", request)
    assert response["statusCode"] == 400, response
    assert json.loads(response["body"])["error"]["field"] == field


def test_api_events_with_the_database_unreachable_are_503_with_retry_after(monkeypatch, database_url):
    monkeypatch.setenv("ENGRAM_DATABASE_URL", "postgresql://postgres@/engram?host=/nonexistent-engram-socket")
    reset_settings()
    reset_database()
    try:
        responses = [
            invoke("memories", event("memories_list.json")),
            invoke("search", event("health_get.json")),
        ]
    finally:
        monkeypatch.setenv("ENGRAM_DATABASE_URL", database_url)  # the fixture's teardown uses the database
        reset_settings()
        reset_database()
    for response in responses:
        assert response["statusCode"] == 503
        assert int(response["headers"]["Retry-After"]) >= 1  # the client retries, after a failover too
    assert json.loads(responses[0]["body"])["error"]["code"] == "database_unavailable"


@pytest.mark.parametrize(
    ("function", "name"),
    [
        ("analyze", "analyze_note.json"),
        ("analyze", "analyze_conversation.json"),
        ("memory_update", "memory_update_api.json"),
        ("search", "search_post.json"),
        ("search", "recall_post.json"),
        ("search", "timeline_post.json"),
        ("memories", "memories_list.json"),
        ("consolidate", "consolidate_preview.json"),
    ],
)
def test_every_api_sample_event_gets_a_json_answer_in_the_contract(function, name):
    response = invoke(function, event(name))
    assert response["statusCode"] < 500
    body = json.loads(response["body"])
    assert response["statusCode"] < 400 or set(body["error"]) >= {"code", "message"}


def test_sqs_batch_runs_each_job_and_reports_no_failures():
    done: list[str] = []
    function = load_handler("memory_update")  # registers the real handlers: the stand-in goes in after
    previous = get_job_handler("hierarchy")
    register_job_handler("hierarchy", lambda user_id, job: done.append(str(job.id)) or {"ok": True})
    try:
        jobs = get_job_queue().submit(
            [NewJob(user_id="user-123", job_type="hierarchy", payload={}) for _ in range(2)]
        )
        batch = event("memory_update_sqs.json")
        for record, job in zip(batch["Records"], jobs, strict=True):
            body = json.loads(record["body"])
            body.update(job_id=str(job.id), job_type="hierarchy")
            record["body"] = json.dumps(body)
        response = function.lambda_handler(batch, FakeLambdaContext())
    finally:
        if previous is None:
            unregister_job_handler("hierarchy")
        else:
            register_job_handler("hierarchy", previous)
    assert response == {"batchItemFailures": []}
    assert done == [str(j.id) for j in jobs]


def test_sqs_record_with_a_malformed_body_is_the_only_failure():
    batch = event("memory_update_sqs.json")
    bad = copy.deepcopy(batch["Records"][0])
    bad["messageId"] = "malformed-1"
    bad["body"] = "{not json"
    bad["attributes"]["MessageGroupId"] = "another-user"
    batch["Records"] = [bad]
    response = invoke("memory_update", batch)
    assert response == {"batchItemFailures": [{"itemIdentifier": "malformed-1"}]}


@pytest.mark.parametrize("task", ["cleanup", "decay", "hierarchy", "consolidation_preview"])
def test_maintenance_events_are_accepted(task):
    result = invoke("maintenance", event(f"maintenance_{task}.json"))
    assert result["task"] == task
    assert result["status"] in ("ok", "not_implemented")


def test_recover_jobs_schedule_runs():
    result = invoke("maintenance", event("maintenance_recover_jobs.json"))
    assert result["status"] == "ok"
    assert result["result"]["recovered"] >= 0


def test_maintenance_refuses_an_unknown_task():
    from engram.errors import ValidationFailed

    with pytest.raises(ValidationFailed):
        invoke("maintenance", {"task": "drop_everything"})


def test_migrate_custom_resource_reports_success_to_cloudformation():
    request = event("migrate_create.json")
    with cloudformation_response_url() as (url, received):
        request["ResponseURL"] = url
        result = invoke("migrate", request)
    assert result["status"] == "ok"
    assert received and received[0]["Status"] == "SUCCESS"
    assert received[0]["RequestId"] == request["RequestId"]


def test_analyze_emits_emf_metrics_for_success_and_each_operation(capsys):
    request = event("analyze_note.json")
    body = json.loads(request["body"])
    body["idempotency_key"] = f"emf-{uuid.uuid4()}"  # a replay would (rightly) do no work and emit nothing
    request["body"] = json.dumps(body)
    response = invoke("analyze", request)
    assert response["statusCode"] == 200
    blobs = [json.loads(line) for line in capsys.readouterr().out.splitlines() if '"_aws"' in line]
    names = {
        metric["Name"]
        for blob in blobs
        for directive in blob["_aws"]["CloudWatchMetrics"]
        for metric in directive["Metrics"]
    }
    operations = {o["operation"] for o in json.loads(response["body"])["operations"]}
    assert "success" in names
    assert operations and operations <= names
