"""What each MCP tool answers: the part of the API's answer an agent acts on, small enough to sit in
its context window (a memory's content, type, date and id; not its scores and bookkeeping). The SDK
publishes these models as the tools' output schemas and sends them as structured content."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, Field

from engram.client import AnalyzeResult, EntityDetail, Memory, RecallResult, SearchResult, Timeline


class MemoryBrief(BaseModel):
    id: str = Field(description="pass it to `forget` to remove this memory")
    content: str
    memory_type: str
    event_date: datetime | None = None
    created_at: datetime

    @classmethod
    def of(cls, memory: Memory) -> MemoryBrief:
        return cls(
            id=memory.id,
            content=memory.content,
            memory_type=memory.memory_type,
            event_date=memory.event_date,
            created_at=memory.created_at,
        )


class Stored(BaseModel):
    operation: str = Field(description="ADD, UPDATE, DELETE or NONE (already known)")
    memory_id: str | None
    content: str | None


class Remembered(BaseModel):
    source_id: str
    status: str = Field(description="extracted: applied now; queued: still being processed")
    stored: list[Stored]

    @classmethod
    def of(cls, result: AnalyzeResult) -> Remembered:
        stored = [
            Stored(operation=o.operation, memory_id=o.memory_id, content=o.content)
            for o in result.operations or []
        ]
        return cls(source_id=result.source_id, status=result.status, stored=stored)


class Hit(MemoryBrief):
    relevance: float = Field(description="0..1: how well the memory answers the query")


class Found(BaseModel):
    type: str = Field(description="standard, or the kind of special query answered (temporal, goals ...)")
    results: list[Hit]

    @classmethod
    def of(cls, result: SearchResult) -> Found:
        hits = [Hit(**MemoryBrief.of(h).model_dump(), relevance=h.relevance) for h in result.results]
        return cls(type=result.type, results=hits)


class Recalled(BaseModel):
    context: str = Field(description="what to know before answering, grouped in tagged sections")
    chars: int
    max_chars: int
    memory_ids: list[str]

    @classmethod
    def of(cls, result: RecallResult) -> Recalled:
        return cls(
            context=result.context,
            chars=result.stats.chars,
            max_chars=result.stats.max_chars,
            memory_ids=[m.id for m in result.memories],
        )


class Forgotten(BaseModel):
    memory_id: str
    deleted: bool
    hard: bool


class MemoryList(BaseModel):
    memories: list[MemoryBrief]
    next_cursor: str | None = Field(description="pass it as `cursor` for the next page; null on the last")


class EntityView(BaseModel):
    id: str
    name: str
    kind: str
    entity_type: str
    relationship: str | None = Field(description="what the entity is to the user (sister, employer ...)")
    description: str | None
    aliases: list[str]
    relationships: list[str] = Field(description="current ties to other entities, one line each")
    memories: list[MemoryBrief]

    @classmethod
    def of(cls, entity: EntityDetail, memories: list[Memory]) -> EntityView:
        return cls(
            id=entity.id,
            name=entity.name,
            kind=entity.kind,
            entity_type=entity.entity_type,
            relationship=entity.relationship,
            description=entity.description,
            aliases=entity.aliases,
            relationships=[_tie(r) for r in entity.relationships if r.get("is_active", True)],
            memories=[MemoryBrief.of(m) for m in memories],
        )


def _tie(relationship: dict) -> str:
    other = (relationship.get("other") or {}).get("name", "?")
    kind = relationship.get("relationship_type") or relationship.get("kind") or "related to"
    arrow = "->" if relationship.get("direction") == "outgoing" else "<-"
    return f"{arrow} {other}: {kind}"


class Event(BaseModel):
    title: str
    event_type: str
    event_date: datetime
    memory_id: str | None


class Day(BaseModel):
    date: date
    events: list[Event]


class Dated(BaseModel):
    start: datetime | None
    end: datetime | None
    count: int
    days: list[Day]
    next_cursor: str | None

    @classmethod
    def of(cls, timeline: Timeline) -> Dated:
        days = [
            Day(date=day.date, events=[Event.model_validate(e, from_attributes=True) for e in day.events])
            for day in timeline.days
        ]
        return cls(
            start=timeline.start,
            end=timeline.end,
            count=timeline.count,
            days=days,
            next_cursor=timeline.next_cursor,
        )
