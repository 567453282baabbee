"""What the sync and async clients share around one HTTP exchange: how they connect (base URL and token,
from the arguments or the environment), whether an answer is retried, and what it becomes (the call's
response model, or the typed error of its envelope)."""

from __future__ import annotations

import os
from typing import Any

import httpx2
import pydantic

from engram import __version__
from engram.client.calls import Call, ResponseT
from engram.client.errors import ApiError, error_for
from engram.client.retry import RetryPolicy, parse_retry_after

DEFAULT_URL = "http://127.0.0.1:8787"
USER_AGENT = f"engram-client/{__version__}"


def client_options(
    base_url: str | None, token: str | None, timeout: float, headers: dict[str, str] | None
) -> dict[str, Any]:
    """httpx2 client arguments. `base_url` falls back to ENGRAM_URL, `token` to ENGRAM_TOKEN (a JWT, or
    `dev:<user>` against a local server). The base URL may carry a path (an API Gateway stage): it ends
    in a slash so the calls' relative paths extend it."""
    url = (base_url or os.environ.get("ENGRAM_URL") or DEFAULT_URL).rstrip("/") + "/"
    bearer = token if token is not None else os.environ.get("ENGRAM_TOKEN")
    sent = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    if bearer:
        sent["Authorization"] = f"Bearer {bearer}"
    return {"base_url": url, "timeout": timeout, "headers": {**sent, **(headers or {})}}


def request_options(call: Call[Any]) -> dict[str, Any]:
    body = call.json()
    return {"params": call.params(), **({"json": body} if body is not None else {})}


def retry_wait(policy: RetryPolicy, response: httpx2.Response, attempt: int) -> float | None:
    return policy.wait_before_retry(
        response.status_code, parse_retry_after(response.headers.get("retry-after")), attempt
    )


def answer(call: Call[ResponseT], response: httpx2.Response, attempts: int) -> ResponseT:
    """The call's model for a 2xx answer; otherwise the typed error, with how often it was tried."""
    try:
        data = response.json() if response.content else None
    except ValueError:
        data = None
    if response.is_success:
        try:
            return call.parse(data)
        except pydantic.ValidationError as exc:
            raise ApiError(response.status_code, "unexpected_response", str(exc), attempts=attempts) from exc
    retry_after = parse_retry_after(response.headers.get("retry-after"))
    raise error_for(response.status_code, data, response.headers, retry_after, attempts)
