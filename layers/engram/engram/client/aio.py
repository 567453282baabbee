"""`AsyncEngram`: the asynchronous client, the same methods as `Engram` awaited.

async with AsyncEngram("http://127.0.0.1:8787", token="dev:alice") as engram:
    found = await engram.search("where does Maya live?")
    async for source in engram.iter_sources():
        print(source.summary)
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

import anyio
import httpx2

from engram.client import operations
from engram.client.calls import Call, ResponseT
from engram.client.errors import ConnectionFailed
from engram.client.exchange import answer, client_options, request_options, retry_wait
from engram.client.models import Page
from engram.client.retry import RetryPolicy

P = ParamSpec("P")
ItemT = TypeVar("ItemT")


def _method(
    build: Callable[P, Call[ResponseT]],
) -> Callable[Concatenate[AsyncEngram, P], Coroutine[Any, Any, ResponseT]]:
    async def method(self: AsyncEngram, *args: P.args, **kwargs: P.kwargs) -> ResponseT:
        return await self.run(build(*args, **kwargs))

    method.__name__, method.__doc__ = build.__name__, build.__doc__
    return method


def _every(
    build: Callable[P, Call[Page[ItemT]]],
) -> Callable[Concatenate[AsyncEngram, P], AsyncIterator[ItemT]]:
    """A method iterating every item of a listing, page after page, following `next_cursor`."""

    async def every(self: AsyncEngram, *args: P.args, **kwargs: P.kwargs) -> AsyncIterator[ItemT]:
        call = build(*args, **kwargs)
        while True:
            page = await self.run(call)
            for item in page.items:
                yield item
            if not page.next_cursor:
                return
            call = call.with_query(cursor=page.next_cursor)

    every.__name__ = build.__name__.replace("list_", "iter_")
    every.__doc__ = f"Every item of `{build.__name__}`, fetching the pages as they are reached."
    return every


class AsyncEngram:
    """An asynchronous Engram client. `base_url` and `token` default to ENGRAM_URL and ENGRAM_TOKEN."""

    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        headers: dict[str, str] | None = None,
        transport: httpx2.AsyncBaseTransport | None = None,
        event_hooks: dict[str, list[Callable[..., Any]]] | None = None,
    ):
        self.retry = retry or RetryPolicy()
        self.http = httpx2.AsyncClient(
            **client_options(base_url, token, timeout, headers), transport=transport, event_hooks=event_hooks
        )

    async def run(self, call: Call[ResponseT]) -> ResponseT:
        """Send `call`, again after a 429/503 while the retry policy allows, and read its answer."""
        attempt = 1
        while True:
            try:
                response = await self.http.request(call.method, call.url(), **request_options(call))
            except httpx2.TransportError as exc:
                raise ConnectionFailed(f"no answer from {self.http.base_url}: {exc}") from exc
            wait = retry_wait(self.retry, response, attempt)
            if wait is None:
                return answer(call, response, attempt)
            await anyio.sleep(wait)
            attempt += 1

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> AsyncEngram:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

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
