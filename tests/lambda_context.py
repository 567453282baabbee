"""The Lambda context object, as far as Powertools and our handlers read it."""

from __future__ import annotations


class FakeLambdaContext:
    """A context for calling a function's handler in-process; `remaining_ms` is what
    `get_remaining_time_in_millis` answers (handlers that fan work out stop short of it)."""

    function_name = "engram-test"
    function_version = "$LATEST"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:engram-test"
    aws_request_id = "0f5b1b4e-7c1a-4a8e-9a55-0d4b2f6c8e11"
    log_group_name = "/aws/lambda/engram-test"
    log_stream_name = "2026/11/22/[$LATEST]abc"

    def __init__(self, remaining_ms: int = 29_000) -> None:
        self.remaining_ms = remaining_ms

    def get_remaining_time_in_millis(self) -> int:
        return self.remaining_ms
