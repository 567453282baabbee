"""A real `engram serve` stack (uvicorn + the local ASGI app) on a free port, talking to the test DB."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import uvicorn

from engram.api.app import build_local_app


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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(database_url: str) -> Iterator[tuple[str, int]]:
    port = _free_port()
    config = uvicorn.Config(
        build_local_app(), host="127.0.0.1", port=port, log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("local API server did not start")
        time.sleep(0.02)
    yield "127.0.0.1", port
    server.should_exit = True
    thread.join(timeout=5)


@pytest.fixture
def api(live_server: tuple[str, int], db: Any) -> ApiClient:
    return ApiClient(*live_server)
