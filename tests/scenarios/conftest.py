"""Scenario helpers: talk to Engram only through its HTTP API, as a mobile app would."""

from __future__ import annotations

from typing import Any

import pytest

from tests.http_client import ApiClient

WHEN = "2026-03-10T10:00:00Z"  # a Tuesday


class Engram:
    """A thin client for one user."""

    def __init__(self, api: ApiClient, user: str):
        self.api, self.user = api, user

    def note(self, content: str, when: str = WHEN, **extra: Any) -> dict:
        body = {"content": content, "source": {"document_date": when}} | extra
        response = self.api.post("/v1/analyze", body, user=self.user)
        assert response.status in (200, 202), (response.status, response.body)
        return response.body

    def chat(self, messages: list[dict], **extra: Any) -> dict:
        response = self.api.post("/v1/analyze", {"messages": messages} | extra, user=self.user)
        assert response.status in (200, 202), (response.status, response.body)
        return response.body

    def memories(self, **params: Any) -> list[dict]:
        query = "&".join(f"{k}={v}" for k, v in ({"limit": 200} | params).items())
        response = self.api.get(f"/v1/memories?{query}", user=self.user)
        assert response.status == 200, response.body
        return response.body["items"]

    def find(self, needle: str, **params: Any) -> list[dict]:
        return [m for m in self.memories(**params) if needle.lower() in m["content"].lower()]


@pytest.fixture
def engram(api: ApiClient, user_id: str) -> Engram:
    return Engram(api, user_id)
