"""The MCP server: Engram's memory as tools an agent calls and the user's profile as a resource.

Every tool is one or two calls of the typed client against a running Engram, so the server holds no
state of its own and works the same against `engram serve` and a deployed stack. An error the API
answers becomes a tool error whose text says what went wrong ("not_found: no such memory (id)"), which
an agent can read and act on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from pydantic import BaseModel, Field

from engram import __version__
from engram.client import ApiError, AsyncEngram, ConnectionFailed, Message
from engram.mcp_server.outputs import (
    Dated,
    EntityView,
    Forgotten,
    Found,
    MemoryBrief,
    MemoryList,
    Recalled,
    Remembered,
)

PROFILE_URI = "engram://profile"
INSTRUCTIONS = (
    "Long-term memory of the user. Call `recall` with the user's message before answering to get what "
    "you should know; call `remember` with what the user tells you about themselves and their life; "
    "`search` finds specific memories and their ids, which `forget` removes."
)
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)

MemoryTypeName = Literal["entity", "fact", "preference", "event", "goal", "procedure", "decision", "action"]


class Turn(BaseModel):
    role: Literal["user", "assistant"] = "user"
    content: str


@contextmanager
def tool_errors() -> Iterator[None]:
    """The client's errors as tool errors the agent sees; anything else stays a crash of the server."""
    try:
        yield
    except ApiError as exc:
        raise ToolError(f"{exc.code}: {exc.message}" + (f" ({exc.field})" if exc.field else "")) from exc
    except ConnectionFailed as exc:
        raise ToolError(f"Engram is unreachable: {exc}") from exc


def build_server(engram: AsyncEngram) -> MCPServer:
    # WARNING: at the SDK's default (INFO) every HTTP request to Engram is logged on stderr
    server: MCPServer = MCPServer(
        "engram", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING"
    )
    _add_writing_tools(server, engram)
    _add_reading_tools(server, engram)
    _add_browsing_tools(server, engram)

    @server.resource(PROFILE_URI, name="profile", mime_type="application/json")
    async def profile() -> str:
        """The user's key facts (family, work, home, preferences ...), derived from their memories."""
        try:
            found = await engram.profile()
        except (ApiError, ConnectionFailed) as exc:
            raise ResourceError(str(exc)) from exc
        return found.model_dump_json(include={"profile", "items"})

    return server


def _add_writing_tools(server: MCPServer, engram: AsyncEngram) -> None:
    @server.tool()
    async def remember(
        content: Annotated[str | None, Field(description="a note in the user's words")] = None,
        messages: Annotated[list[Turn] | None, Field(description="a conversation, instead of a note")] = None,
    ) -> Remembered:
        """Store what the user said: Engram reads it into memories, updating what it already knew."""
        if (content is None) == (messages is None):
            raise ToolError("send either content or messages")
        turns = [Message(role=t.role, content=t.content) for t in messages] if messages else None
        with tool_errors():
            return Remembered.of(await engram.analyze(content, messages=turns))

    @server.tool()
    async def forget(
        memory_id: Annotated[str, Field(description="the id `search` or `list_memories` gave")],
        hard: Annotated[bool, Field(description="erase it instead of archiving it")] = False,
    ) -> Forgotten:
        """Remove a memory the user wants forgotten: archived (out of search and recall) or erased."""
        with tool_errors():
            result = await engram.delete_memory(memory_id, hard=hard)
        return Forgotten(memory_id=result.memory_id, deleted=result.deleted, hard=result.hard)


def _add_reading_tools(server: MCPServer, engram: AsyncEngram) -> None:
    @server.tool()
    async def search(
        query: str,
        limit: Annotated[int, Field(ge=1, le=50)] = 10,
        memory_types: list[MemoryTypeName] | None = None,
    ) -> Found:
        """Find the user's memories that answer `query`, best first, with their ids."""
        with tool_errors():
            return Found.of(await engram.search(query, limit=limit, memory_types=memory_types))

    @server.tool()
    async def recall(
        query: Annotated[str, Field(description="the user's message, or what you need to know")],
        max_chars: Annotated[int, Field(ge=200, le=20_000)] = 2000,
    ) -> Recalled:
        """What to know before answering `query`: the relevant memories as context, within max_chars."""
        with tool_errors():
            return Recalled.of(await engram.recall(query, max_chars=max_chars))

    @server.tool()
    async def timeline(
        query: Annotated[str | None, Field(description='a period in words: "last week", "in March"')] = None,
        start: Annotated[datetime | None, Field(description="or a window's start (ISO 8601)")] = None,
        end: Annotated[datetime | None, Field(description="and its end")] = None,
        limit: Annotated[int, Field(ge=1, le=500)] = 100,
    ) -> Dated:
        """What happened in a period, by day."""
        if query is None and start is None and end is None:
            raise ToolError("give a query (a period in words) or a start or end")
        with tool_errors():
            return Dated.of(await engram.timeline(query, start=start, end=end, limit=limit))


def _add_browsing_tools(server: MCPServer, engram: AsyncEngram) -> None:
    @server.tool()
    async def list_memories(
        memory_type: MemoryTypeName | None = None,
        status: Literal["active", "superseded", "archived"] = "active",
        query: Annotated[str | None, Field(description="only memories containing these words")] = None,
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
        cursor: Annotated[str | None, Field(description="the previous page's next_cursor")] = None,
    ) -> MemoryList:
        """The user's memories, newest first, a page at a time."""
        with tool_errors():
            page = await engram.list_memories(
                status=status, memory_type=memory_type, q=query, limit=limit, cursor=cursor
            )
        return MemoryList(memories=[MemoryBrief.of(m) for m in page.items], next_cursor=page.next_cursor)

    @server.tool()
    async def entity(
        name: Annotated[str, Field(description="a person, place or thing the user mentioned, or its id")],
    ) -> EntityView:
        """Everything known about one person, place or thing: who it is, its ties, its memories."""
        with tool_errors():
            entity_id = name if _UUID.match(name) else await _entity_named(engram, name)
            detail = await engram.get_entity(entity_id)
            memories = await engram.list_entity_memories(entity_id, limit=20)
        return EntityView.of(detail, memories.items)


async def _entity_named(engram: AsyncEngram, name: str) -> str:
    page = await engram.list_entities(name=name, include_owner=True, limit=10)
    if not page.items:
        raise ToolError(f"no entity named {name!r}")
    exact = [e for e in page.items if e.name.casefold() == name.strip().casefold()]
    return (exact or page.items)[0].id
