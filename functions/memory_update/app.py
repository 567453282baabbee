"""The memory-update function: SQS batches of update jobs (partial batch failures) and
`POST /v1/memory-update` (lands with the write path)."""

from typing import Any

from engram.api.app import make_lambda_handler
from engram.jobs.sqs_consumer import process_sqs_batch

_api_handler = make_lambda_handler(routers=[])


def lambda_handler(event: dict, context: Any) -> dict:
    if "Records" in event:
        return process_sqs_batch(event, context)
    return _api_handler(event, context)
