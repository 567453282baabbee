"""A stand-in for the Anthropic Messages API on a local port, for the real SDK to call (ANTHROPIC_BASE_URL):
every call is answered at once with an extraction that found nothing, costing `tokens_per_call` tokens
(70% input, 30% output). Used where what matters is that model calls are made, counted and paid for,
not what they say: the daily model-token budget's tests and bench/bench_fairness.py."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class MessagesApiStandIn:
    def __init__(self, tokens_per_call: int = 1000) -> None:
        self.calls = 0
        data = json.dumps(
            {
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
        ).encode()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server naming
                self.rfile.read(int(self.headers["Content-Length"]))
                outer.calls += 1
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def environment(self) -> dict[str, str]:
        """The settings that send Engram's model calls here, one attempt each."""
        return {
            "ANTHROPIC_API_KEY": "sk-ant-stand-in",
            "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{self.server.server_port}",
            "ENGRAM_LLM_PROVIDER": "anthropic",
            "ENGRAM_LLM_MAX_RETRIES": "0",
        }

    def stop(self) -> None:
        self.server.shutdown()
