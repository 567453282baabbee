"""The SQS path: SqsJobQueue sends after commit (moto's SQS), process_sqs_batch runs what arrives.

Events are built from messages really received from the (moto) queue, in the shape Lambda delivers
SQS records to a function.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, time
from typing import Any

import boto3
import pytest
from moto import mock_aws

from engram.config import reset_settings
from engram.db.connection import Database
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import usage_limits
from engram.domain.jobs import Job, JobMessage, NewJob
from engram.jobs.port import JobDispatchError
from engram.jobs.queue import get_job_queue, reset_job_queue
from engram.jobs.runner import register_job_handler, unregister_job_handler
from engram.jobs.sqs import SqsJobQueue, message_group_id
from engram.jobs.sqs_consumer import process_sqs_batch

REGION = "us-east-1"
ACCOUNT = "123456789012"


@pytest.fixture
def sqs(db: Database, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, str]]:
    """A FIFO job queue with a DLQ (redrive after 5 receives), and settings pointing at it."""
    for name, value in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": REGION,
    }.items():
        monkeypatch.setenv(name, value)
    with mock_aws():
        client = boto3.client("sqs", region_name=REGION)
        dlq_url = client.create_queue(QueueName="engram-jobs-dlq.fifo", Attributes={"FifoQueue": "true"})[
            "QueueUrl"
        ]
        dlq_arn = client.get_queue_attributes(QueueUrl=dlq_url, AttributeNames=["QueueArn"])["Attributes"][
            "QueueArn"
        ]
        url = client.create_queue(
            QueueName="engram-jobs.fifo",
            Attributes={
                "FifoQueue": "true",
                "VisibilityTimeout": "360",
                "RedrivePolicy": json.dumps({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": "5"}),
            },
        )["QueueUrl"]
        monkeypatch.setenv("ENGRAM_QUEUE", "sqs")
        monkeypatch.setenv("ENGRAM_QUEUE_URL", url)
        monkeypatch.setenv("ENGRAM_JOB_BACKOFF_SECONDS", "0")
        reset_settings()
        reset_job_queue()
        yield client, url
        reset_job_queue()


@pytest.fixture(autouse=True)
def leave_no_pending_jobs(db: Database, user_id: str, other_user_id: str) -> Iterator[None]:
    yield
    for uid in (user_id, other_user_id):
        with db.user_transaction(uid) as conn:
            jobs_repo.cancel_pending_jobs(conn, uid)


@pytest.fixture
def update_handler() -> Iterator[list[dict[str, Any]]]:
    """Runs 'update' jobs: records each call, raises when the payload asks it to."""
    calls: list[dict[str, Any]] = []

    def handle(user_id: str, job: Job) -> dict[str, Any]:
        calls.append({"user_id": user_id, **job.payload})
        if job.payload.get("fail"):
            raise RuntimeError(f"could not apply {job.payload}")
        return {"applied": job.payload.get("n")}

    register_job_handler("update", handle)
    yield calls
    unregister_job_handler("update")


def receive_all(client: Any, url: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    while True:
        batch = client.receive_message(
            QueueUrl=url, MaxNumberOfMessages=10, AttributeNames=["All"], MessageAttributeNames=["All"]
        ).get("Messages", [])
        if not batch:
            return messages
        messages.extend(batch)
        # FIFO hides a group's later messages while earlier ones are in flight: delete to see the rest.
        client.delete_message_batch(
            QueueUrl=url,
            Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(batch)],
        )


def lambda_event(messages: list[dict[str, Any]], queue_name: str) -> dict[str, Any]:
    """The event Lambda's SQS event source mapping delivers for these received messages."""
    return {
        "Records": [
            {
                "messageId": m["MessageId"],
                "receiptHandle": m["ReceiptHandle"],
                "body": m["Body"],
                "attributes": {
                    "ApproximateReceiveCount": m["Attributes"].get("ApproximateReceiveCount", "1"),
                    "SentTimestamp": m["Attributes"]["SentTimestamp"],
                    "SequenceNumber": m["Attributes"].get("SequenceNumber"),
                    "MessageGroupId": m["Attributes"].get("MessageGroupId"),
                    "SenderId": m["Attributes"].get("SenderId", "AIDAIENQZJOLO23YVJ4VO"),
                    "MessageDeduplicationId": m["Attributes"].get("MessageDeduplicationId"),
                    "ApproximateFirstReceiveTimestamp": m["Attributes"].get(
                        "ApproximateFirstReceiveTimestamp", m["Attributes"]["SentTimestamp"]
                    ),
                },
                "messageAttributes": {},
                "md5OfBody": m["MD5OfBody"],
                "eventSource": "aws:sqs",
                "eventSourceARN": f"arn:aws:sqs:{REGION}:{ACCOUNT}:{queue_name}",
                "awsRegion": REGION,
            }
            for m in messages
        ]
    }


def fetch(db: Database, job: Job) -> Job:
    with db.user_transaction(job.user_id) as conn:
        found = jobs_repo.get_job(conn, job.user_id, job.id)
    assert found is not None
    return found


def failures(response: dict[str, Any]) -> list[str]:
    return [item["itemIdentifier"] for item in response["batchItemFailures"]]


def submit_and_receive(
    db: Database, sqs: tuple[Any, str], jobs: list[NewJob]
) -> tuple[list[Job], list[dict[str, Any]]]:
    client, url = sqs
    submitted = get_job_queue().submit(jobs)
    return submitted, receive_all(client, url)


def test_factory_returns_the_sqs_queue(sqs: tuple[Any, str]) -> None:
    queue = get_job_queue()

    assert isinstance(queue, SqsJobQueue) and queue.queue_url == sqs[1]


def test_dispatch_after_commit_sends_one_message_per_job_grouped_by_user(
    db: Database, sqs: tuple[Any, str], user_id: str
) -> None:
    client, url = sqs
    queue = get_job_queue()

    with db.user_transaction(user_id) as conn:
        jobs = queue.submit(
            [NewJob(user_id=user_id, job_type="update", payload={"n": n}) for n in range(3)], conn=conn
        )
    assert receive_all(client, url) == []  # nothing is announced before dispatch
    queue.dispatch(jobs)
    queue.dispatch(jobs)  # idempotent

    messages = receive_all(client, url)
    assert [JobMessage.model_validate_json(m["Body"]) for m in messages] == [
        JobMessage.for_job(j) for j in jobs
    ]
    assert [m["Attributes"]["MessageGroupId"] for m in messages] == [user_id] * 3
    assert [m["Attributes"]["MessageDeduplicationId"] for m in messages] == [str(j.id) for j in jobs]
    assert all("payload" not in json.loads(m["Body"]) for m in messages)


def test_queue_transaction_sends_only_after_commit(db: Database, sqs: tuple[Any, str], user_id: str) -> None:
    client, url = sqs

    with get_job_queue().transaction(user_id) as tx:
        [job] = tx.submit([NewJob(user_id=user_id, job_type="extract")])
        assert receive_all(client, url) == []

    [message] = receive_all(client, url)
    assert JobMessage.model_validate_json(message["Body"]).job_id == job.id


def test_rolled_back_submission_sends_nothing(db: Database, sqs: tuple[Any, str], user_id: str) -> None:
    client, url = sqs
    queue = get_job_queue()

    with pytest.raises(RuntimeError), db.user_transaction(user_id) as conn:
        jobs = queue.submit([NewJob(user_id=user_id, job_type="update")], conn=conn)
        raise RuntimeError("the write path failed after submitting")
    queue.dispatch(jobs)

    assert receive_all(client, url) == []
    with db.user_transaction(user_id) as conn:
        assert jobs_repo.get_job(conn, user_id, jobs[0].id) is None


def test_send_failure_leaves_job_pending_and_recovery_resends_it(
    db: Database, sqs: tuple[Any, str], user_id: str
) -> None:
    client, url = sqs
    broken = SqsJobQueue(queue_url=url.replace("engram-jobs.fifo", "no-such-queue.fifo"), region=REGION)

    with pytest.raises(JobDispatchError) as failed:
        broken.submit([NewJob(user_id=user_id, job_type="update")])

    [job_id] = failed.value.job_ids
    with db.user_transaction(user_id) as conn:
        stored = jobs_repo.get_job(conn, user_id, job_id)
    assert stored is not None and stored.status == "pending"
    # The maintenance sweep (here with no grace period) finds the stranded job and sends it.
    sent = SqsJobQueue(queue_url=url, region=REGION, stranded_after_seconds=0).recover()
    assert sent >= 1
    sent_ids = [JobMessage.model_validate_json(m["Body"]).job_id for m in receive_all(client, url)]
    assert stored.id in sent_ids


def test_group_id_for_user_ids_sqs_would_refuse_is_a_stable_digest() -> None:
    assert message_group_id("auth0|abc-123") == "auth0|abc-123"
    odd = message_group_id("José Saramago")
    assert odd == message_group_id("José Saramago") and odd.startswith("u-") and len(odd) <= 128


def test_fifo_batch_stops_a_users_line_at_the_failing_record(
    db: Database, sqs: tuple[Any, str], user_id: str, other_user_id: str, update_handler: list[dict[str, Any]]
) -> None:
    # Given a FIFO batch: three jobs of one user, the second failing, then a job of another user
    jobs, messages = submit_and_receive(
        db,
        sqs,
        [
            NewJob(user_id=user_id, job_type="update", payload={"n": 1}),
            NewJob(user_id=user_id, job_type="update", payload={"n": 2, "fail": True}),
            NewJob(user_id=user_id, job_type="update", payload={"n": 3}),
            NewJob(user_id=other_user_id, job_type="update", payload={"n": 4}),
        ],
    )
    first, failing, after, other = jobs

    # When the consumer processes it
    response = process_sqs_batch(lambda_event(messages, "engram-jobs.fifo"), None)

    # Then the failing record and the user's later record are reported, in order, so SQS redelivers
    # both and the third job cannot overtake the second; the record before, and the other user's, complete.
    assert failures(response) == [messages[1]["MessageId"], messages[2]["MessageId"]]
    assert fetch(db, first).status == "completed"
    assert fetch(db, other).status == "completed"
    retried = fetch(db, failing)
    assert (retried.status, retried.attempts) == ("pending", 1)
    assert retried.last_error is not None and retried.last_error.startswith("RuntimeError")
    assert "fail" not in retried.last_error
    assert (fetch(db, after).status, fetch(db, after).attempts) == ("pending", 0)
    assert [c["n"] for c in update_handler] == [1, 2, 4]


def test_standard_queue_batch_reports_only_the_failing_record(
    db: Database, sqs: tuple[Any, str], user_id: str, update_handler: list[dict[str, Any]]
) -> None:
    jobs, messages = submit_and_receive(
        db,
        sqs,
        [NewJob(user_id=user_id, job_type="update", payload={"n": n, "fail": n == 2}) for n in (1, 2, 3)],
    )

    response = process_sqs_batch(lambda_event(messages, "engram-jobs"), None)

    assert failures(response) == [messages[1]["MessageId"]]
    assert [fetch(db, j).status for j in jobs] == ["completed", "pending", "completed"]


def test_redelivery_of_a_completed_job_is_a_no_op(
    db: Database, sqs: tuple[Any, str], user_id: str, update_handler: list[dict[str, Any]]
) -> None:
    [job], messages = submit_and_receive(
        db, sqs, [NewJob(user_id=user_id, job_type="update", payload={"n": 1})]
    )
    event = lambda_event(messages, "engram-jobs.fifo")
    assert failures(process_sqs_batch(event, None)) == []

    again = process_sqs_batch(event, None)

    assert failures(again) == []
    assert len(update_handler) == 1
    done = fetch(db, job)
    assert (done.status, done.attempts, done.result) == ("completed", 1, {"applied": 1})


def test_malformed_bodies_fail_only_their_records(
    db: Database, sqs: tuple[Any, str], user_id: str, update_handler: list[dict[str, Any]]
) -> None:
    [job], messages = submit_and_receive(
        db, sqs, [NewJob(user_id=user_id, job_type="update", payload={"n": 1})]
    )
    event = lambda_event(messages, "engram-jobs")
    good = event["Records"][0]
    not_json = {**good, "messageId": "bad-json", "body": "{not json"}
    bad_type = {
        **good,
        "messageId": "bad-type",
        "body": json.dumps({**json.loads(good["body"]), "job_type": "x"}),
    }
    event["Records"] = [not_json, good, bad_type]

    response = process_sqs_batch(event, None)

    assert failures(response) == ["bad-json", "bad-type"]
    assert fetch(db, job).status == "completed"


def test_last_attempt_failure_marks_job_failed_without_redelivery(
    db: Database, sqs: tuple[Any, str], user_id: str, update_handler: list[dict[str, Any]]
) -> None:
    [job], messages = submit_and_receive(
        db, sqs, [NewJob(user_id=user_id, job_type="update", payload={"fail": True}, max_attempts=1)]
    )

    response = process_sqs_batch(lambda_event(messages, "engram-jobs.fifo"), None)

    assert failures(response) == []  # deleted, not looping towards the DLQ
    failed = fetch(db, job)
    assert (failed.status, failed.attempts) == ("failed", 1)
    assert failed.last_error is not None and failed.last_error.startswith("RuntimeError")


def test_batch_where_every_record_fails_is_reported_not_raised(db: Database, sqs: tuple[Any, str]) -> None:
    record = lambda_event([], "engram-jobs.fifo")
    record["Records"] = [
        {
            "messageId": "only",
            "receiptHandle": "rh",
            "body": "garbage",
            "attributes": {
                "ApproximateReceiveCount": "1",
                "SentTimestamp": "1700000000000",
                "SenderId": "AIDAIENQZJOLO23YVJ4VO",
                "ApproximateFirstReceiveTimestamp": "1700000000000",
                "MessageGroupId": "g",
                "SequenceNumber": "1",
                "MessageDeduplicationId": "d",
            },
            "messageAttributes": {},
            "md5OfBody": "x",
            "eventSource": "aws:sqs",
            "eventSourceARN": f"arn:aws:sqs:{REGION}:{ACCOUNT}:engram-jobs.fifo",
            "awsRegion": REGION,
        }
    ]

    assert failures(process_sqs_batch(record, None)) == ["only"]


def test_job_whose_dependency_has_not_completed_is_redelivered_later(
    db: Database, sqs: tuple[Any, str], user_id: str, update_handler: list[dict[str, Any]]
) -> None:
    client, url = sqs
    queue = get_job_queue()
    [extract] = queue.submit([NewJob(user_id=user_id, job_type="extract")])
    [update] = queue.submit([NewJob(user_id=user_id, job_type="update", depends_on=extract.id)])
    update_message = [
        m for m in receive_all(client, url) if JobMessage.model_validate_json(m["Body"]).job_id == update.id
    ]

    response = process_sqs_batch(lambda_event(update_message, "engram-jobs.fifo"), None)

    assert failures(response) == [update_message[0]["MessageId"]]
    assert (fetch(db, update).status, fetch(db, update).attempts) == ("pending", 0)
    assert update_handler == []


def test_redelivery_after_an_invocation_died_mid_job_applies_the_job_once(
    db: Database, sqs: tuple[Any, str], user_id: str
) -> None:
    from engram.jobs.runner import get_job_handler
    from engram.pipeline.jobs import register_pipeline_jobs

    register_pipeline_jobs()
    edges = {
        "edges": [{"from": "me", "to": {"name": "Marcus", "kind": "person"}, "relationship_type": "friend"}]
    }
    [job], [message] = submit_and_receive(
        db, sqs, [NewJob(user_id=user_id, job_type="graph_update", payload=edges)]
    )
    # Given an invocation that started the job, applied it and died before recording the outcome
    # (its lock, the invocation's deadline plus a margin, has run out)
    with db.user_transaction(user_id) as conn:
        started = jobs_repo.start_job(conn, user_id, job.id, lock_seconds=0)
    assert started is not None
    handler = get_job_handler("graph_update")
    assert handler is not None
    first = handler(user_id, started)

    # When SQS redelivers the message after its visibility timeout
    response = process_sqs_batch(lambda_event([message], "engram-jobs.fifo"), None)

    # Then the job completes with the first run's result, and its edge was reinforced once
    assert failures(response) == []
    done = fetch(db, job)
    assert (done.status, done.attempts, done.result) == ("completed", 2, first)
    with db.user_transaction(user_id) as conn:
        [edge] = conn.execute(
            "SELECT co_mention_count FROM relationships WHERE user_id = %s", (user_id,)
        ).fetchall()
    assert edge["co_mention_count"] == 1


@pytest.mark.own_database  # the recovery sweep re-sends every user's stranded jobs, not only these
def test_jobs_of_a_user_past_the_model_budget_wait_and_are_sent_again_once_due(
    db: Database,
    sqs: tuple[Any, str],
    user_id: str,
    update_handler: list[dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name, value in {
        "ENGRAM_LLM_PROVIDER": "anthropic",
        "ANTHROPIC_API_KEY": "sk-ant-test",
        "ENGRAM_MODEL_BUDGET_DAILY": "1000",
    }.items():
        monkeypatch.setenv(name, value)
    reset_settings()
    with db.system_transaction() as conn:
        usage_limits.add_tokens(conn, user_id, 700, 300)
    jobs, messages = submit_and_receive(
        db, sqs, [NewJob(user_id=user_id, job_type="update", payload={"n": n}) for n in (1, 2)]
    )

    response = process_sqs_batch(lambda_event(messages, "engram-jobs.fifo"), None)

    assert failures(response) == [] and update_handler == []
    for job in jobs:
        waiting = fetch(db, job)
        assert (waiting.status, waiting.attempts) == ("pending", 0)
        due = waiting.scheduled_for.astimezone(UTC)
        assert due > datetime.now(UTC) and due.time() == time.min
        assert (waiting.last_error or "").startswith("deferred: the daily model-token budget is spent")

    # Midnight: yesterday's spend no longer counts, the jobs are due and the recovery sweep sends them.
    with db.system_transaction() as conn:
        conn.execute("UPDATE model_token_usage SET day = day - 1 WHERE user_id = %s", (user_id,))
        conn.execute("UPDATE memory_jobs SET scheduled_for = now() WHERE user_id = %s", (user_id,))
    client, url = sqs
    assert SqsJobQueue(url, region=REGION, stranded_after_seconds=0).recover() == 2
    response = process_sqs_batch(lambda_event(receive_all(client, url), "engram-jobs.fifo"), None)

    assert failures(response) == [] and [call["n"] for call in update_handler] == [1, 2]
    assert {fetch(db, job).status for job in jobs} == {"completed"}
