"""Keep `relationships` equal to what the memories say, inside the transaction that changes them.

Every memory change (a new fact, a supersede, an update, an edit, an archive, a forget, a merge of two
nodes) ends with `sync_edges` over the claims it touched: the claims in that change's scope are read
back with their memories' status and dates, the edges derived from them (`engram.graph.derivation`,
the same rule a full rebuild uses) and the stored edges of the scope made equal to them — matched by
(from, to, type, valid_from) and updated in place, so an edge keeps its id, notes and access history
while its validity, evidence and description follow the memories. `rebuild_edges` derives every edge
of a user from the claims alone: what the stored edges must equal at every moment.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import edge_claims as claims_repo
from engram.db.repositories import relationships as rel_repo
from engram.graph.derivation import Claim, DerivedEdge, derive_edges
from engram.graph.edges import EXCLUSIVE_GROUPS, SYMMETRIC_TYPES


@dataclass
class EdgeScope:
    """The edges one change can affect (see `engram.db.repositories.edge_claims`)."""

    directed: set[tuple[UUID, str]] = field(default_factory=set)
    touching: set[tuple[UUID, str]] = field(default_factory=set)
    pairs: set[tuple[UUID, UUID, str]] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.directed or self.touching or self.pairs)

    def add(self, claim: Claim) -> None:
        rtype = claim.relationship_type
        if rtype in EXCLUSIVE_GROUPS and rtype in SYMMETRIC_TYPES:
            self.touching.update((node, t) for node in claim.pair for t in claim.group)
        elif rtype in EXCLUSIVE_GROUPS:
            self.directed.update((claim.from_id, t) for t in claim.group)
        else:
            self.pairs.add((*claim.pair, rtype))

    def contains(self, from_id: UUID, to_id: UUID, rtype: str) -> bool:
        return (
            (from_id, rtype) in self.directed
            or (from_id, rtype) in self.touching
            or (to_id, rtype) in self.touching
            or (from_id, to_id, rtype) in self.pairs
            or (to_id, from_id, rtype) in self.pairs
        )

    def query(self) -> dict[str, Any]:
        return {"directed": self.directed, "touching": self.touching, "pairs": self.pairs}


def to_claim(row: Mapping[str, Any]) -> Claim:
    return Claim(
        claim_id=row["claim_id"],
        memory_id=row["memory_id"],
        from_id=row["from_id"],
        to_id=row["to_id"],
        kind=row["kind"],
        relationship_type=row["relationship_type"],
        ends=row["ends"],
        strength=float(row["strength"]),
        attitude=row["attitude"],
        proximity=row["proximity"],
        describes=row["describes"],
        since=row["since"],
        until=row["until"],
        content=row["content"],
        mentions=row["mentions"],
        superseded_by=row["superseded_by"],
    )


def scope_of_memories(conn: Conn, user_id: str, memory_ids: Collection[UUID]) -> EdgeScope:
    """The scope of these memories' claims as they stand (take it before the memories change or go)."""
    scope = EdgeScope()
    if memory_ids:
        for row in claims_repo.claims_of_memories(conn, user_id, memory_ids):
            scope.add(to_claim(row))
    return scope


def sync_memories(
    conn: Conn, user_id: str, memory_ids: Collection[UUID], *, at: datetime, before: EdgeScope | None = None
) -> None:
    """Derive again the edges of these memories' claims (and of `before`, their scope before the change,
    when the change removed or re-pointed claims)."""
    scope = scope_of_memories(conn, user_id, memory_ids)
    if before is not None:
        scope.directed |= before.directed
        scope.touching |= before.touching
        scope.pairs |= before.pairs
    sync_edges(conn, user_id, scope, at=at)


def sync_edges(conn: Conn, user_id: str, scope: EdgeScope, *, at: datetime) -> None:
    """Make the stored edges of `scope` equal to the edges its claims derive."""
    if not scope:
        return
    claims = _claims(conn, user_id, scope)
    derived = [e for e in derive_edges(claims) if scope.contains(e.from_id, e.to_id, e.relationship_type)]
    stored = [
        r
        for r in rel_repo.edges_in_scope(conn, user_id, **scope.query())
        if scope.contains(r["from_entity_id"], r["to_entity_id"], r["relationship_type"])
    ]
    _write(conn, user_id, derived, stored, at=at)


def _claims(conn: Conn, user_id: str, scope: EdgeScope) -> list[Claim]:
    """The scope's claims; for mutual one-at-a-time ties, also those at the other partners' side (the
    other partner's new tie closes the edge as well)."""
    claims = [to_claim(r) for r in claims_repo.claims_in_scope(conn, user_id, **scope.query())]
    if scope.touching:
        wider = EdgeScope(touching=set(scope.touching))
        for claim in claims:
            if (claim.from_id, claim.relationship_type) in scope.touching or (
                claim.to_id,
                claim.relationship_type,
            ) in scope.touching:
                wider.add(claim)
        if wider.touching != scope.touching:
            known = {c.claim_id for c in claims}
            claims += [
                c
                for c in (to_claim(r) for r in claims_repo.claims_in_scope(conn, user_id, **wider.query()))
                if c.claim_id not in known
            ]
    return claims


def _write(
    conn: Conn, user_id: str, derived: list[DerivedEdge], stored: list[dict[str, Any]], *, at: datetime
) -> None:
    by_key = {_stored_key(r): r for r in stored}
    asserted_open = {
        (r["from_entity_id"], r["to_entity_id"], r["relationship_type"]): r
        for r in stored
        if not r["evidence_memory_ids"] and r["valid_to"] is None
    }
    updates: list[tuple[UUID, DerivedEdge]] = []
    inserts: list[DerivedEdge] = []
    for edge in derived:
        row = by_key.pop((edge.from_id, edge.to_id, edge.relationship_type, edge.valid_from), None)
        if row is None and edge.valid_to is None:
            row = asserted_open.get((edge.from_id, edge.to_id, edge.relationship_type))
            if row is not None:
                by_key.pop(_stored_key(row), None)
        if row is None:
            inserts.append(edge)
        elif _differs(row, edge):
            updates.append((row["id"], edge))
    # what no memory states any more goes; an edge a client asserted stays its own
    rel_repo.delete_edges(conn, user_id, [r["id"] for r in by_key.values() if r["evidence_memory_ids"]])
    # closings before openings: one currently valid edge per (from, to, type) at every step
    for edge_id, edge in sorted(updates, key=lambda u: u[1].valid_to is None):
        rel_repo.update_derived_edge(conn, user_id, edge_id, _fields(edge))
    for edge in inserts:
        rel_repo.insert_derived_edge(conn, user_id, _fields(edge), at=at)


def _stored_key(row: Mapping[str, Any]) -> tuple[Any, ...]:
    return row["from_entity_id"], row["to_entity_id"], row["relationship_type"], row["valid_from"]


def _fields(edge: DerivedEdge) -> dict[str, Any]:
    return {
        "from_id": edge.from_id,
        "to_id": edge.to_id,
        "kind": edge.kind,
        "relationship_type": edge.relationship_type,
        "valid_from": edge.valid_from,
        "valid_to": edge.valid_to,
        "started_at": edge.started_at,
        "strength": edge.strength,
        "evidence_count": edge.evidence_count,
        "evidence": list(edge.evidence),
        "attitude": edge.attitude,
        "proximity": edge.proximity,
        "description": edge.description,
    }


def _differs(row: Mapping[str, Any], edge: DerivedEdge) -> bool:
    return projection(row) != edge_projection(edge)


def projection(row: Mapping[str, Any]) -> tuple[Any, ...]:
    """What of a stored edge the memories determine (compared with a derived edge by the rebuild)."""
    return (
        row["from_entity_id"],
        row["to_entity_id"],
        row["relationship_type"],
        row["kind"],
        row["valid_from"],
        row["valid_to"],
        tuple(row["evidence_memory_ids"]),
        row["co_mention_count"],
        round(float(row["strength"]), 4),
        row["attitude"],
        row["proximity"],
        row["description"],
    )


def edge_projection(edge: DerivedEdge) -> tuple[Any, ...]:
    return (
        edge.from_id,
        edge.to_id,
        edge.relationship_type,
        edge.kind,
        edge.valid_from,
        edge.valid_to,
        edge.evidence,
        edge.evidence_count,
        round(edge.strength, 4),
        edge.attitude if edge.attitude is not None else 3,
        edge.proximity if edge.proximity is not None else 3,
        edge.description,
    )


def rebuild_edges(conn: Conn, user_id: str) -> list[DerivedEdge]:
    """Every edge of the user derived from the memories' claims alone (no write)."""
    return derive_edges(to_claim(r) for r in claims_repo.all_claims(conn, user_id))


def resync_user_edges(conn: Conn, user_id: str, *, at: datetime) -> None:
    """Make every stored edge of the user equal to its derivation: after a bulk change of memories
    (maintenance archiving expired or ephemeral ones) that did not go through `sync_memories`."""
    _write(
        conn,
        user_id,
        rebuild_edges(conn, user_id),
        rel_repo.derived_edges(conn, user_id, asserted=True),
        at=at,
    )
