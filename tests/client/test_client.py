"""The typed client against a real `engram serve` (one for the module, a fresh user per test): what it
writes it reads back typed, sync and async; listings are walked across pages by their cursors; refusals
arrive as typed errors naming the field; and a 503 from a database that died is retried after the
server's Retry-After until the database is back."""

from __future__ import annotations

import asyncio
import os
import signal
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx2
import pytest

from engram.client import (
    AsyncEngram,
    Engram,
    Memory,
    NotFound,
    RetryPolicy,
    Unauthorized,
    ValidationError,
)
from tests.client.served import base_url, dev_token, serve_for_module
from tests.serve_process import Serve

NOTES = (
    "My sister Maya lives in Lisbon and works as a marine biologist.",
    "I started learning the cello in October.",
    "My colleague Ravi recommended the book Dune to me.",
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serve]:
    yield from serve_for_module(tmp_path_factory, "client")


@dataclass
class Exchanges:
    """Each request the client sent and each answer it got, as httpx2's event hooks report them."""

    sent: list[tuple[float, str]] = field(default_factory=list)
    answered: list[tuple[float, int, str | None]] = field(default_factory=list)

    def hooks(self) -> dict:
        def request(req: httpx2.Request) -> None:
            self.sent.append((time.monotonic(), req.url.path))

        def response(resp: httpx2.Response) -> None:
            self.answered.append((time.monotonic(), resp.status_code, resp.headers.get("retry-after")))

        return {"request": [request], "response": [response]}

    def paths(self, path: str) -> int:
        return sum(1 for _, p in self.sent if p == path)


@pytest.fixture
def engram(served: Serve) -> Iterator[Engram]:
    with Engram(base_url(served), token=dev_token("client")) as client:
        yield client


def test_sync_client_reads_back_what_it_wrote(engram: Engram) -> None:
    result = engram.analyze(NOTES[0])
    assert result.status == "extracted"
    added = [op for op in result.operations or [] if op.operation == "ADD"]
    assert added and all(op.memory_id for op in added)

    found = engram.search("where does my sister live?")
    assert found.type == "standard"
    assert any("Lisbon" in hit.content for hit in found.results)
    assert all(0.0 <= hit.relevance <= 1.0 for hit in found.results)

    recalled = engram.recall("where does Maya live?", max_chars=300)
    assert "Lisbon" in recalled.context
    assert len(recalled.context) <= recalled.stats.max_chars == 300

    memory = engram.get_memory(added[0].memory_id or "")
    assert isinstance(memory, Memory) and memory.status == "active"
    maya = next(e for e in engram.iter_entities(name="Maya"))
    assert maya.relationship == "sister" and maya.kind == "person"
    assert engram.get_entity(maya.id).name == "Maya"
    source = engram.get_source(result.source_id)
    assert "Lisbon" in source.content
    assert engram.profile().profile.get("family", {}).get("Maya") == "sister"

    deleted = engram.delete_memory(memory.id)
    assert deleted.deleted and not deleted.hard
    assert engram.get_memory(memory.id).status == "archived"
    assert memory.id not in {m.id for m in engram.iter_memories()}


def test_async_client_does_the_same(served: Serve) -> None:
    async def story() -> None:
        async with AsyncEngram(base_url(served), token=dev_token("async")) as engram:
            result = await engram.analyze(messages=[{"role": "user", "content": NOTES[1]}])
            assert result.status == "extracted"
            timeline = await engram.timeline(start=_datetime("2020-01-01"), end=_datetime("2100-01-01"))
            assert any("cello" in e.title for day in timeline.days for e in day.events)
            found = await engram.search("cello")
            assert any("cello" in hit.content for hit in found.results)
            sources = [s async for s in engram.iter_sources()]
            assert [s.id for s in sources] == [result.source_id]
            with pytest.raises(NotFound):
                await engram.get_memory(uuid.uuid4())

    asyncio.run(story())


def test_listings_are_walked_across_pages(served: Serve) -> None:
    exchanges = Exchanges()
    with Engram(base_url(served), token=dev_token("pages"), event_hooks=exchanges.hooks()) as engram:
        sources = [engram.analyze(note).source_id for note in NOTES]
        every_memory = engram.list_memories(limit=200)
        assert every_memory.next_cursor is None and len(every_memory.items) >= 4

        walked = list(engram.iter_memories(limit=2))
        walked_sources = list(engram.iter_sources(limit=2))
        walked_entities = list(engram.iter_entities(limit=1))

    assert [m.id for m in walked] == [m.id for m in every_memory.items]
    assert exchanges.paths("/v1/memories") == 1 + -(-len(walked) // 2)
    assert sorted(s.id for s in walked_sources) == sorted(sources)
    assert exchanges.paths("/v1/sources") == 2
    assert len(walked_entities) >= 3 and len({e.id for e in walked_entities}) == len(walked_entities)


def test_jobs_storylines_and_memory_filters(served: Serve) -> None:
    with Engram(base_url(served), token=dev_token("jobs")) as engram:
        queued = [engram.analyze(note, run_async=True) for note in NOTES[:2]]
        job_ids = [job.id for result in queued for job in result.jobs or []]
        walked = list(engram.iter_jobs(job_type="extract", limit=1))  # the worker may queue more types
        assert [job.id for job in walked] == job_ids[::-1]  # newest first
        assert engram.list_jobs(status="cancelled").items == []

        engram.analyze(NOTES[2])
        every = engram.list_memories(limit=200).items
        category = every[0].category
        narrowed = engram.list_memories(category=category, layer=every[0].layer, limit=200).items
        assert narrowed and {(m.category, m.layer) for m in narrowed} == {(category, every[0].layer)}
        assert engram.list_memories(created_before=_datetime("2000-01-01")).items == []
        assert engram.list_storylines().items == [] and engram.list_macros().items == []


def test_refusals_are_typed_errors_naming_the_field(engram: Engram, served: Serve) -> None:
    with pytest.raises(ValidationError) as too_small:
        engram.recall("anything", max_chars=10)
    assert too_small.value.status == 400 and too_small.value.field == "max_chars"

    with pytest.raises(ValidationError) as not_an_id:
        engram.get_memory("not-an-id")
    assert not_an_id.value.field == "id"

    with pytest.raises(NotFound) as missing:
        engram.delete_memory(uuid.uuid4())
    assert missing.value.status == 404 and missing.value.code == "not_found"

    with Engram(base_url(served), token="") as anonymous, pytest.raises(Unauthorized):
        anonymous.list_memories()


def test_a_503_is_retried_after_retry_after_until_the_database_is_back(served: Serve) -> None:
    # Given a client allowed to wait for the database to come back
    exchanges = Exchanges()
    policy = RetryPolicy(max_attempts=60, max_wait=5)  # a minute of 1 s waits: recovery is slower under load
    with Engram(
        base_url(served), token=dev_token("retry"), retry=policy, event_hooks=exchanges.hooks()
    ) as engram:
        engram.analyze(NOTES[2])

        # When the server's database dies just before a read
        pid = served.postmaster_pid()
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        _wait_for_unavailable(served)
        page = engram.list_memories()

    # Then the read answered once the database was back, after 503s honoured as the server asked
    assert any("Dune" in m.content for m in page.items)
    statuses = [status for _, status, _ in exchanges.answered]
    assert statuses[-1] == 200 and 503 in statuses, statuses
    assert set(statuses[1:-1]) == {503}, statuses
    for (answered_at, status, retry_after), (next_sent_at, _) in zip(
        exchanges.answered[1:], exchanges.sent[2:], strict=False
    ):
        assert status == 503 and retry_after is not None
        assert next_sent_at - answered_at >= float(retry_after) - 0.05
    assert served.postmaster_pid() not in (None, pid)


def _wait_for_unavailable(served: Serve) -> None:
    """Until the server has noticed (a backend of the killed server may answer a moment longer)."""
    deadline = time.monotonic() + 30
    while served.api.get("/v1/health", user=None).status != 503:
        assert time.monotonic() < deadline, "the server never noticed its database had died"
        time.sleep(0.01)


def _datetime(text: str):  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    return datetime.fromisoformat(text).replace(tzinfo=UTC)
