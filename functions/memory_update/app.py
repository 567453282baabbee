"""The memory-update function: SQS batches of extract/update jobs (partial batch failures) and
`POST /v1/memory-update`."""

from typing import Any

from engram.api.app import make_lambda_handler
from engram.api.routes import memory_update
from engram.jobs.sqs_consumer import process_sqs_batch
from engram.lifecycle.jobs import register_lifecycle_jobs
from engram.pipeline.jobs import register_pipeline_jobs

register_pipeline_jobs()
register_lifecycle_jobs()
_api_handler = make_lambda_handler(routers=[memory_update.router])


def lambda_handler(event: dict, context: Any) -> dict:
    if "Records" in event:
        return process_sqs_batch(event, context)
    return _api_handler(event, context)
