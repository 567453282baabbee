"""`Engram`: the synchronous client.

    with Engram("http://127.0.0.1:8787", token="dev:alice") as engram:
        engram.analyze("My sister Maya moved to Lisbon")
        for memory in engram.iter_memories(memory_type="fact"):
            print(memory.content)

Each method is an operation of engram/client/operations.py run over one httpx2 client, retried on
429/503 as `retry` allows (engram/client/retry.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, Concatenate, ParamSpec, TypeVar

import httpx2

from engram.client import operations
from engram.client.calls import Call, ResponseT
from engram.client.errors import ConnectionFailed
from engram.client.exchange import answer, client_options, request_options, retry_wait
from engram.client.models import Page
from engram.client.retry import RetryPolicy

P = ParamSpec("P")
ItemT = TypeVar("ItemT")


def _method(build: Callable[P, Call[ResponseT]]) -> Callable[Concatenate[Engram, P], ResponseT]:
    def method(self: Engram, *args: P.args, **kwargs: P.kwargs) -> ResponseT:
        return self.run(build(*args, **kwargs))

    method.__name__, method.__doc__ = build.__name__, build.__doc__
    return method


def _every(build: Callable[P, Call[Page[ItemT]]]) -> Callable[Concatenate[Engram, P], Iterator[ItemT]]:
    """A method iterating every item of a listing, page after page, following `next_cursor`."""

    def every(self: Engram, *args: P.args, **kwargs: P.kwargs) -> Iterator[ItemT]:
        call = build(*args, **kwargs)
        while True:
            page = self.run(call)
            yield from page.items
            if not page.next_cursor:
                return
            call = call.with_query(cursor=page.next_cursor)

    every.__name__ = build.__name__.replace("list_", "iter_")
    every.__doc__ = f"Every item of `{build.__name__}`, fetching the pages as they are reached."
    return every


class Engram:
    """A synchronous Engram client. `base_url` and `token` default to ENGRAM_URL and ENGRAM_TOKEN."""

    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        headers: dict[str, str] | None = None,
        transport: httpx2.BaseTransport | None = None,
        event_hooks: dict[str, list[Callable[..., Any]]] | None = None,
    ):
        self.retry = retry or RetryPolicy()
        self.http = httpx2.Client(
            **client_options(base_url, token, timeout, headers), transport=transport, event_hooks=event_hooks
        )

    def run(self, call: Call[ResponseT]) -> ResponseT:
        """Send `call`, again after a 429/503 while the retry policy allows, and read its answer."""
        attempt = 1
        while True:
            try:
                response = self.http.request(call.method, call.url(), **request_options(call))
            except httpx2.TransportError as exc:
                raise ConnectionFailed(f"no answer from {self.http.base_url}: {exc}") from exc
            wait = retry_wait(self.retry, response, attempt)
            if wait is None:
                return answer(call, response, attempt)
            time.sleep(wait)
            attempt += 1

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Engram:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    health = _method(operations.health)
    analyze = _method(operations.analyze)
    search = _method(operations.search)
    recall = _method(operations.recall)
    timeline = _method(operations.timeline)
    list_memories = _method(operations.list_memories)
    get_memory = _method(operations.get_memory)
    delete_memory = _method(operations.delete_memory)
    list_entities = _method(operations.list_entities)
    get_entity = _method(operations.get_entity)
    list_entity_memories = _method(operations.list_entity_memories)
    list_sources = _method(operations.list_sources)
    get_source = _method(operations.get_source)
    profile = _method(operations.profile)
    get_job = _method(operations.get_job)
    list_jobs = _method(operations.list_jobs)
    list_storylines = _method(operations.list_storylines)
    list_macros = _method(operations.list_macros)

    iter_memories = _every(operations.list_memories)
    iter_entities = _every(operations.list_entities)
    iter_entity_memories = _every(operations.list_entity_memories)
    iter_sources = _every(operations.list_sources)
    iter_jobs = _every(operations.list_jobs)
    iter_storylines = _every(operations.list_storylines)
    iter_macros = _every(operations.list_macros)
