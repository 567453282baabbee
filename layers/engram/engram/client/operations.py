"""The client's methods, written once: each builds the `Call` for its arguments, and `Engram` and
`AsyncEngram` turn every one into a method that runs it (engram/client/sync.py, engram/client/aio.py).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

from engram.client import calls
from engram.client.calls import Call
from engram.client.models import (
    AnalyzeRequest,
    AnalyzeResult,
    ContextType,
    DeleteResult,
    Entity,
    EntityDetail,
    EntityKind,
    Health,
    Job,
    JobStatus,
    JobType,
    Layer,
    Macro,
    Memory,
    MemoryStatus,
    MemoryType,
    Message,
    Page,
    Profile,
    RecallRequest,
    RecallResult,
    SearchRequest,
    SearchResult,
    Sensitivity,
    Source,
    SourceDetail,
    SourceSpec,
    Storyline,
    Timeline,
    TimelineRequest,
)

Id = str | UUID
Turns = Sequence[Message | Mapping[str, Any]]


def health() -> Call[Health]:
    """The server's status, its database's and the providers it runs with."""
    return Call(calls.HEALTH)


def analyze(
    content: str | None = None,
    *,
    messages: Turns | None = None,
    source: SourceSpec | Mapping[str, Any] | None = None,
    run_async: bool | None = None,
    idempotency_key: str | None = None,
) -> Call[AnalyzeResult]:
    """Read a note (`content`) or a conversation (`messages`) into memories.

    Without an `idempotency_key` the client makes one, so a retried request (after a 503) is answered
    with the first one's result instead of being stored twice.
    """
    body = AnalyzeRequest(
        content=content,
        messages=_turns(messages),
        source=SourceSpec.model_validate(source) if source is not None else None,
        run_async=run_async,
        idempotency_key=idempotency_key or f"client-{uuid.uuid4()}",
    )
    return Call(calls.ANALYZE, body=body)


def search(
    query: str,
    *,
    limit: int | None = None,
    threshold: float | None = None,
    memory_types: Sequence[MemoryType] | None = None,
    include_historical: bool | None = None,
    sensitivity_max: Sensitivity | None = None,
    explain: bool | None = None,
) -> Call[SearchResult]:
    """Hybrid search over the user's memories, or the answer to a special query ("how many ...")."""
    body = SearchRequest(
        query=query,
        limit=limit,
        threshold=threshold,
        memory_types=list(memory_types) if memory_types is not None else None,
        include_historical=include_historical,
        sensitivity_max=sensitivity_max,
        explain=explain,
    )
    return Call(calls.SEARCH, body=body)


def recall(
    query: str,
    *,
    max_chars: int | None = None,
    history: Turns | None = None,
    sensitivity_max: Sensitivity | None = None,
) -> Call[RecallResult]:
    """The context an LLM should see for `query`, at most `max_chars` characters long."""
    body = RecallRequest(
        query=query, max_chars=max_chars, history=_turns(history), sensitivity_max=sensitivity_max
    )
    return Call(calls.RECALL, body=body)


def timeline(
    query: str | None = None,
    *,
    start: datetime | None = None,
    end: datetime | None = None,
    limit: int | None = None,
    cursor: str | None = None,
    sensitivity_max: Sensitivity | None = None,
) -> Call[Timeline]:
    """Events by day, in a window (`start`/`end`) or a period named in words ("last week")."""
    body = TimelineRequest(
        query=query, start=start, end=end, limit=limit, cursor=cursor, sensitivity_max=sensitivity_max
    )
    return Call(calls.TIMELINE, body=body)


def list_memories(
    *,
    status: MemoryStatus | None = None,
    memory_type: MemoryType | None = None,
    include_historical: bool | None = None,
    q: str | None = None,
    layer: Layer | None = None,
    category: str | None = None,
    sensitivity: Sensitivity | None = None,
    created_after: datetime | None = None,
    created_before: datetime | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[Page[Memory]]:
    """One page of the user's memories, newest first (active ones unless `status` says otherwise),
    narrowed by any of type, layer, category, exact sensitivity level and creation time
    (`created_after` inclusive, `created_before` exclusive)."""
    query = {
        "status": status,
        "memory_type": memory_type,
        "include_historical": include_historical,
        "q": q,
        "layer": layer,
        "category": category,
        "sensitivity": sensitivity,
        "created_after": created_after,
        "created_before": created_before,
        "limit": limit,
        "cursor": cursor,
    }
    return Call(calls.LIST_MEMORIES, query=query)


def get_memory(memory_id: Id) -> Call[Memory]:
    return Call(calls.GET_MEMORY, path_params={"id": str(memory_id)})


def delete_memory(memory_id: Id, *, hard: bool | None = None) -> Call[DeleteResult]:
    """Forget a memory: archived (kept in its history) unless `hard`, which erases it."""
    return Call(calls.DELETE_MEMORY, path_params={"id": str(memory_id)}, query={"hard": hard})


def list_entities(
    *,
    kind: EntityKind | None = None,
    entity_type: str | None = None,
    name: str | None = None,
    include_owner: bool | None = None,
    sensitivity_max: Sensitivity | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[Page[Entity]]:
    """One page of the people, places and things the user's memories name."""
    query = {
        "kind": kind,
        "entity_type": entity_type,
        "name": name,
        "include_owner": include_owner,
        "sensitivity_max": sensitivity_max,
        "limit": limit,
        "cursor": cursor,
    }
    return Call(calls.LIST_ENTITIES, query=query)


def get_entity(
    entity_id: Id,
    *,
    as_of: datetime | None = None,
    days: int | None = None,
    sensitivity_max: Sensitivity | None = None,
) -> Call[EntityDetail]:
    """An entity with its relationships (as they stood `as_of`), notes and sentiment over `days`."""
    query = {"as_of": as_of, "days": days, "sensitivity_max": sensitivity_max}
    return Call(calls.GET_ENTITY, path_params={"id": str(entity_id)}, query=query)


def list_entity_memories(
    entity_id: Id,
    *,
    status: MemoryStatus | None = None,
    sensitivity_max: Sensitivity | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[Page[Memory]]:
    """One page of the memories about an entity."""
    query = {"status": status, "sensitivity_max": sensitivity_max, "limit": limit, "cursor": cursor}
    return Call(calls.ENTITY_MEMORIES, path_params={"id": str(entity_id)}, query=query)


def list_sources(
    *,
    context_type: ContextType | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    sensitivity_max: Sensitivity | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[Page[Source]]:
    """One page of what the user sent (notes, conversations), newest first."""
    query = {
        "context_type": context_type,
        "since": since,
        "until": until,
        "sensitivity_max": sensitivity_max,
        "limit": limit,
        "cursor": cursor,
    }
    return Call(calls.LIST_SOURCES, query=query)


def get_source(source_id: Id, *, sensitivity_max: Sensitivity | None = None) -> Call[SourceDetail]:
    """A source's text and messages, and the memories that cite it."""
    query = {"sensitivity_max": sensitivity_max}
    return Call(calls.GET_SOURCE, path_params={"id": str(source_id)}, query=query)


def profile(*, include_history: bool | None = None) -> Call[Profile]:
    """The user's key facts, derived from their memories."""
    return Call(calls.PROFILE, query={"include_history": include_history})


def get_job(job_id: Id) -> Call[Job]:
    """A background job (an `analyze` with `run_async`), to see whether it finished."""
    return Call(calls.GET_JOB, path_params={"job_id": str(job_id)})


def list_jobs(
    *,
    status: JobStatus | None = None,
    job_type: JobType | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[Page[Job]]:
    """One page of the user's background jobs, newest first; a failed one says why in `last_error`."""
    query = {"status": status, "job_type": job_type, "limit": limit, "cursor": cursor}
    return Call(calls.LIST_JOBS, query=query)


def list_storylines(
    *, sensitivity_max: Sensitivity | None = None, limit: int | None = None, cursor: str | None = None
) -> Call[Page[Storyline]]:
    """One page of the user's storylines (threads of sources about one node), latest activity first."""
    query = {"sensitivity_max": sensitivity_max, "limit": limit, "cursor": cursor}
    return Call(calls.LIST_STORYLINES, query=query)


def list_macros(
    *, sensitivity_max: Sensitivity | None = None, limit: int | None = None, cursor: str | None = None
) -> Call[Page[Macro]]:
    """One page of the user's macros (storylines sharing a root over a long span), latest first."""
    query = {"sensitivity_max": sensitivity_max, "limit": limit, "cursor": cursor}
    return Call(calls.LIST_MACROS, query=query)


def _turns(turns: Turns | None) -> list[Message] | None:
    return None if turns is None else [Message.model_validate(t) for t in turns]
