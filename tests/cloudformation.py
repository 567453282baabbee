"""A stand-in for CloudFormation's pre-signed response URL: the custom-resource tests read what the
migrate function reported there."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, HTTPServer


@contextmanager
def cloudformation_response_url() -> Iterator[tuple[str, list[dict]]]:
    """A local URL that accepts one PUT, and the list its JSON body lands in (after the block)."""
    received: list[dict] = []

    class Capture(BaseHTTPRequestHandler):
        def do_PUT(self) -> None:  # noqa: N802 - http.server naming
            received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Capture)
    thread = threading.Thread(target=server.handle_request, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/response", received
    finally:
        thread.join(timeout=5)
        server.server_close()
