"""`engram mcp` end to end, driven by the MCP SDK's own client: spawned over stdio (and once over
streamable HTTP) with ENGRAM_URL and ENGRAM_TOKEN pointing at a real `engram serve`, one for the
module, each test as its own user. An agent's session: remember, find, recall within the budget, look
at the entity, the timeline and the listing, read the profile, forget, and see it gone."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from tests.client.served import base_url, dev_token, serve_for_module
from tests.http_client import free_port
from tests.serve_process import Serve, clean_env

TOOLS = {"remember", "search", "recall", "forget", "list_memories", "entity", "timeline"}
SESSION_DEADLINE = 60.0


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serve]:
    yield from serve_for_module(tmp_path_factory, "mcp")


def mcp_env(served: Serve) -> dict[str, str]:
    return {"ENGRAM_URL": base_url(served), "ENGRAM_TOKEN": dev_token("mcp")}


@asynccontextmanager
async def stdio_session(env: dict[str, str]) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "engram.cli", "mcp"], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, (tool, result.content)
    assert result.structured_content is not None
    return result.structured_content


def test_an_agent_session_over_stdio(served: Serve) -> None:
    async def session_story() -> None:
        with anyio.fail_after(SESSION_DEADLINE):
            async with stdio_session(mcp_env(served)) as session:
                await _every_tool(session)

    asyncio.run(session_story())


async def _every_tool(session: ClientSession) -> None:
    listed = (await session.list_tools()).tools
    assert {t.name for t in listed} == TOOLS
    assert all(t.description and t.input_schema.get("type") == "object" for t in listed)

    # remember: a note and a conversation
    note = await call(
        session, "remember", content="My sister Maya lives in Lisbon and works as a marine biologist."
    )
    assert note["status"] == "extracted"
    stored = {s["memory_id"]: s["content"] for s in note["stored"] if s["operation"] == "ADD"}
    lisbon = next(i for i, content in stored.items() if "Lisbon" in content)
    talk = [{"role": "user", "content": "I started learning the cello on 3 October 2025."}]
    assert (await call(session, "remember", messages=talk))["stored"]

    # search finds it, recall returns it within the budget
    found = await call(session, "search", query="where does my sister live?")
    assert lisbon in [hit["id"] for hit in found["results"]]
    recalled = await call(session, "recall", query="where does Maya live?", max_chars=300)
    assert "Lisbon" in recalled["context"] and lisbon in recalled["memory_ids"]
    assert len(recalled["context"]) <= recalled["max_chars"] == 300

    # the entity, the timeline and the listing show it
    maya = await call(session, "entity", name="Maya")
    assert maya["relationship"] == "sister" and lisbon in [m["id"] for m in maya["memories"]]
    dated = await call(session, "timeline", start="2025-10-01T00:00:00Z", end="2025-10-31T00:00:00Z")
    assert any("cello" in e["title"] for day in dated["days"] for e in day["events"])
    first = await call(session, "list_memories", limit=1)
    assert first["next_cursor"] and len(first["memories"]) == 1
    everything = await call(session, "list_memories", limit=200)
    assert lisbon in [m["id"] for m in everything["memories"]]

    # the profile resource reads
    resources = (await session.list_resources()).resources
    assert [str(r.uri) for r in resources] == ["engram://profile"]
    profile = json.loads((await session.read_resource("engram://profile")).contents[0].text)  # type: ignore[union-attr]
    assert profile["profile"]["family"]["Maya"] == "sister"

    # forget removes it
    forgotten = await call(session, "forget", memory_id=lisbon)
    assert forgotten == {"memory_id": lisbon, "deleted": True, "hard": False}
    assert lisbon not in [hit["id"] for hit in (await call(session, "search", query="Lisbon"))["results"]]
    assert lisbon not in [m["id"] for m in (await call(session, "list_memories", limit=200))["memories"]]

    # a refusal reaches the agent as a tool error it can read
    missing = await session.call_tool("forget", {"memory_id": "00000000-0000-0000-0000-000000000000"})
    assert missing.is_error and "not_found" in missing.content[0].text  # type: ignore[union-attr]


def test_streamable_http_serves_the_same_tools(served: Serve, tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "engram.cli", "mcp", "--http", str(port)]
    log = tmp_path / "mcp-http.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=clean_env() | mcp_env(served), stdout=out, stderr=out)
    try:
        _wait_for_port(port, process, log)

        async def over_http() -> None:
            with anyio.fail_after(SESSION_DEADLINE):
                async with (
                    streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write),
                    ClientSession(read, write) as session,
                ):
                    await session.initialize()
                    assert {t.name for t in (await session.list_tools()).tools} == TOOLS
                    await call(session, "remember", content="My colleague Ravi recommended Dune to me.")
                    recalled = await call(session, "recall", query="what did Ravi recommend?")
                    assert "Dune" in recalled["context"]

        asyncio.run(over_http())
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def _wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"engram mcp --http exited:\n{log.read_text(errors='replace')[-2000:]}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"engram mcp --http did not listen on {port}:\n{log.read_text(errors='replace')}")
