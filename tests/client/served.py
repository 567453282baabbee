"""One `engram serve` per test module (tests/serve_process.py: its own process and embedded PostgreSQL),
and a fresh dev-token user per test, so tests share the server's start-up and never each other's data."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from tests.serve_process import Serve, serve_in


def serve_for_module(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Serve]:
    yield from serve_in(tmp_path_factory.mktemp(name))


def base_url(serve: Serve) -> str:
    return f"http://{serve.api.host}:{serve.api.port}"


def dev_token(prefix: str) -> str:
    return f"dev:{prefix}-{uuid.uuid4().hex[:10]}"
