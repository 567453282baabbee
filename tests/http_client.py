"""Talk to Engram over real HTTP, as a mobile app would (used by tests/api and tests/scenarios)."""

from __future__ import annotations

import http.client
import json
import socket
from dataclasses import dataclass
from typing import Any


@dataclass
class ApiResponse:
    status: int
    headers: dict[str, str]
    body: Any

    @property
    def error(self) -> dict:
        return self.body["error"]


class ApiClient:
    """Plain HTTP, so tests can send what real clients send, malformed bodies included."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port

    def request(
        self,
        method: str,
        path: str,
        json_body: Any = None,
        *,
        raw_body: bytes | None = None,
        user: str | None = "alice",
        headers: dict[str, str] | None = None,
    ) -> ApiResponse:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        all_headers = {"Content-Type": "application/json"}
        if user is not None:
            all_headers["Authorization"] = f"Bearer dev:{user}"
        all_headers.update(headers or {})
        body = (
            raw_body
            if raw_body is not None
            else (json.dumps(json_body).encode() if json_body is not None else None)
        )
        conn.request(method, path, body=body, headers=all_headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        try:
            parsed = json.loads(data) if data else None
        except ValueError:
            parsed = data.decode(errors="replace")
        return ApiResponse(resp.status, {k.lower(): v for k, v in resp.getheaders()}, parsed)

    def get(self, path: str, **kw: Any) -> ApiResponse:
        return self.request("GET", path, **kw)

    def post(self, path: str, json_body: Any = None, **kw: Any) -> ApiResponse:
        return self.request("POST", path, json_body, **kw)

    def put(self, path: str, json_body: Any = None, **kw: Any) -> ApiResponse:
        return self.request("PUT", path, json_body, **kw)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
