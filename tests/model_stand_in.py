"""Local stand-ins for the Anthropic Messages API, for the real SDK to call (ANTHROPIC_BASE_URL), so
nothing of ours is mocked on the LLM path.

`LocalMessagesApi` serves on a free port and answers each POSTed request with what `reply(body)` says;
the replaying servers of the scenario tests build on it. `MessagesApiStandIn` answers every call at once
with an extraction that found nothing, at a fixed token cost: where what matters is that model calls are
made, counted and paid for, not what they say (the daily model budget's tests, bench/bench_fairness.py).
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class LocalMessagesApi:
    """A Messages API on a free local port until `close`; subclasses answer with `reply`."""

    def __init__(self) -> None:
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server naming
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                status, payload = outer.reply(body)
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    def reply(self, body: dict[str, Any]) -> tuple[int, dict]:
        """The status and JSON body answering one request."""
        raise NotImplementedError

    def close(self) -> None:
        self.server.shutdown()


class MessagesApiStandIn(LocalMessagesApi):
    """Every call: an extraction that found nothing, costing `tokens_per_call` (70% input, 30% output)."""

    def __init__(self, tokens_per_call: int = 1000) -> None:
        self.calls = 0
        self.answer = {
            "id": "msg_stand_in",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-6",
            "content": [
                {
                    "type": "tool_use",
                    "id": "toolu_stand_in",
                    "name": "record_memories",
                    "input": {"facts": [], "changes_detected": [], "decisions": [], "actions": []},
                }
            ],
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {
                "input_tokens": tokens_per_call * 7 // 10,
                "output_tokens": tokens_per_call - tokens_per_call * 7 // 10,
            },
        }
        super().__init__()

    def reply(self, body: dict[str, Any]) -> tuple[int, dict]:
        self.calls += 1
        return 200, self.answer

    def environment(self) -> dict[str, str]:
        """The settings that send Engram's model calls here, one attempt each."""
        return {
            "ANTHROPIC_API_KEY": "sk-ant-stand-in",
            "ANTHROPIC_BASE_URL": self.url,
            "ENGRAM_LLM_PROVIDER": "anthropic",
            "ENGRAM_LLM_MAX_RETRIES": "0",
        }
