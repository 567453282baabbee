"""`graph_update` jobs: edges arriving from the queue (an agent, an import, a client that already knows
the relationships) written by the same rules as edges drawn from facts — endings close, exclusive types
close what they contradict, repeats reinforce.

A job's payload is checked as a whole before anything is written: a bad edge fails the job visibly
(`ValidationFailed` is not retried) instead of half-applying it.

Applied once however often the job runs: the edges are written in one transaction that claims the
job's `graph_update` step and records the result there (`claim_job_effects`), so a redelivered job does
not reinforce its edges a second time; it returns what the first run recorded.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, model_validator

from engram.db.connection import Conn, get_database
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import memories as memory_repo
from engram.domain.jobs import Job
from engram.errors import ValidationFailed
from engram.graph.edge_sync import sync_memories
from engram.graph.edge_writer import apply_edges, write_claims
from engram.graph.edges import OWNER, EdgeSpec, EndpointSpec

GRAPH_UPDATE_STEP = "graph_update"
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]
EdgeKind = Literal[
    "has_relationship_with", "engages_with", "associated_with", "relates_to", "involves", "connected_to"
]
OWNER_NAMES = frozenset({"me", "@owner", "user", "the user"})


class EndpointIn(BaseModel):
    """An edge end: `{"name", "kind", "entity_type"}`, or just the name ("me" is the user's own node)."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _from_name(cls, value: Any) -> Any:
        return {"name": value} if isinstance(value, str) else value

    name: Name
    kind: Literal["person", "concept", "entity"] = "entity"
    entity_type: Annotated[str, StringConstraints(max_length=64)] = ""

    def spec(self) -> EndpointSpec:
        if self.name.lower() in OWNER_NAMES:
            return EndpointSpec(OWNER, "person", "person")
        entity_type = self.entity_type or ("person" if self.kind == "person" else "")
        return EndpointSpec(self.name, self.kind, entity_type)


class EdgeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    source: EndpointIn = Field(alias="from")
    target: EndpointIn = Field(alias="to")
    kind: EdgeKind = "connected_to"
    relationship_type: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
    description: Annotated[str, StringConstraints(max_length=1000)] | None = None
    attitude: Annotated[int, Field(ge=1, le=5)] | None = None
    proximity: Annotated[int, Field(ge=1, le=5)] | None = None
    strength: Annotated[float, Field(ge=0, le=1)] = 0.5
    ends: bool = False  # the tie is over: close it, open nothing

    def spec(self) -> EdgeSpec:
        return EdgeSpec(
            self.source.spec(),
            self.target.spec(),
            self.kind,
            self.relationship_type.lower().replace(" ", "_"),
            self.proximity,
            self.attitude,
            self.strength,
            self.ends,
            self.description,
        )


class GraphUpdatePayload(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: Literal[1] = 1
    edges: Annotated[list[EdgeIn], Field(min_length=1, max_length=500)]
    valid_from: datetime | None = None  # when the edges became true; default: when the job runs
    evidence_memory_id: UUID | None = None


def run_graph_update_job(user_id: str, job: Job) -> dict[str, Any]:
    try:
        payload = GraphUpdatePayload.model_validate(job.payload)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "payload"
        raise ValidationFailed(f"graph_update payload: {field}: {first['msg']}") from None
    now = datetime.now(UTC)
    with get_database().user_transaction(user_id) as conn:
        recorded = jobs_repo.claim_job_effects(conn, user_id, job.id, GRAPH_UPDATE_STEP)
        if recorded is not None:
            return recorded
        specs = [edge.spec() for edge in payload.edges]
        if payload.evidence_memory_id is None:
            touched = len(set(apply_edges(
                conn, user_id, specs, memory_id=None, valid_from=payload.valid_from or now, recorded_at=now,
                recorded_by=f"job:{job.id}",
            )))  # fmt: skip
        else:
            touched = _claim(conn, user_id, payload.evidence_memory_id, specs, at=now)
        result = {"edges_touched": touched}
        jobs_repo.record_job_effects(conn, user_id, job.id, GRAPH_UPDATE_STEP, result)
    return result


def _claim(conn: Conn, user_id: str, memory_id: UUID, specs: list[EdgeSpec], *, at: datetime) -> int:
    """Edges with a memory as their evidence are that memory's claims: they hold while it does and
    go when it is forgotten, like the edges its own fact states (`valid_from` is the memory's)."""
    if memory_repo.get_memory(conn, user_id, memory_id) is None:
        raise ValidationFailed("graph_update payload: evidence_memory_id: no such memory")
    write_claims(conn, user_id, specs, memory_id=memory_id, entity_ids={}, at=at)
    sync_memories(conn, user_id, [memory_id], at=at)
    return len(specs)
