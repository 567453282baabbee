"""The migrate function: applies sql/ on deploy as a CloudFormation custom resource, or on a direct
invoke (`{"action": "migrate"}`). Delete is a no-op: data outlives the stack's custom resource."""

import json
import urllib.request
from typing import Any

from engram.db.connection import get_database
from engram.db.migrations import MigrationRefused, migrate
from engram.observability import logger


def _send_cfn_response(event: dict, context: Any, status: str, data: dict, reason: str = "") -> None:
    body = json.dumps(
        {
            "Status": status,
            "Reason": reason or f"see CloudWatch log stream {getattr(context, 'log_stream_name', '')}",
            "PhysicalResourceId": event.get("PhysicalResourceId") or "engram-database-migrations",
            "StackId": event["StackId"],
            "RequestId": event["RequestId"],
            "LogicalResourceId": event["LogicalResourceId"],
            "Data": data,
        }
    ).encode()
    request = urllib.request.Request(
        event["ResponseURL"],
        data=body,
        method="PUT",
        headers={"Content-Type": "", "Content-Length": str(len(body))},
    )
    with urllib.request.urlopen(request, timeout=10):  # noqa: S310 - the URL is CloudFormation's presigned S3 URL
        pass


@logger.inject_lambda_context
def lambda_handler(event: dict, context: Any) -> dict:
    is_custom_resource = "RequestType" in event and "ResponseURL" in event
    try:
        applied = [] if event.get("RequestType") == "Delete" else migrate(get_database())
    except Exception as exc:
        logger.exception("migration failed")
        if is_custom_resource:
            # A refusal names the file and what to do (no secrets in it); anything else only its type.
            refused = isinstance(exc, MigrationRefused)
            reason = f"migration refused: {exc}" if refused else f"migration failed: {type(exc).__name__}"
            _send_cfn_response(event, context, "FAILED", {}, reason=reason[:1000])
            return {"status": "failed"}
        raise
    logger.info("migrations applied", extra={"applied": applied})
    result = {"status": "ok", "applied": applied}
    if is_custom_resource:
        _send_cfn_response(event, context, "SUCCESS", {"Applied": ",".join(applied)})
    return result
