"""The edges a fact states, written two ways.

A memory's fact becomes the memory's *claims* (`write_claims`), from which `engram.graph.edge_sync`
derives the stored edges in the same transaction. Edges a client asserts directly (`graph_update`
jobs, no memory behind them) are applied here (`apply_edges`): exclusive relationship types close what
the new edge contradicts at the moment it became true, and the old edge keeps its history.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import edge_claims as claims_repo
from engram.db.repositories import relationships as rel_repo
from engram.graph.edges import (
    CO_MENTION_TYPES,
    EXCLUSIVE_GROUPS,
    OWNER,
    SYMMETRIC_TYPES,
    EdgeSpec,
    EndpointSpec,
)
from engram.graph.resolution import resolve_entity


def write_claims(
    conn: Conn,
    user_id: str,
    specs: list[EdgeSpec],
    *,
    memory_id: UUID,
    entity_ids: Mapping[str, UUID],
    at: datetime,
    replace: bool = False,
    replace_all: bool = False,
) -> bool:
    """Record the edges a memory states (`edges_for_fact` of its fact) as the memory's claims (with
    `replace`, instead of what it claimed in the same slots; with `replace_all`, instead of all it
    claimed); the caller derives the edges again
    (`engram.graph.edge_sync`). Returns whether the memory has or had claims (whether its edges need
    deriving again).

    `entity_ids` maps canonical names to the nodes the fact's mentions were linked to; other endpoints
    (a new employer named only in the value) are created here."""
    nodes: dict[str, UUID] = dict(entity_ids)
    wanted: list[dict[str, Any]] = []
    for spec in specs:
        source = _node(conn, user_id, spec.source, nodes, at)
        target = _node(conn, user_id, spec.target, nodes, at)
        if source is None or target is None or source == target:
            continue  # an endpoint named only by punctuation or control characters is no node
        wanted.append(
            {
                "from_id": source,
                "to_id": target,
                "kind": spec.kind,
                "relationship_type": spec.relationship_type,
                "ends": spec.ends,
                "strength": spec.strength,
                "attitude": spec.attitude,
                "proximity": spec.proximity,
                "describes": spec.description is not None,
            }
        )
    existing = claims_repo.claims_of_memories(conn, user_id, [memory_id], bare=True)
    dropped_any = bool(existing) and (replace or replace_all)
    if replace_all:  # the memory was read again: what it claimed before is no longer its reading
        claims_repo.delete_claims_by_id(conn, user_id, [c["claim_id"] for c in existing])
        existing = []
    elif replace:  # the new value replaces what the memory said in the same slot; its other ties stay
        slots = {(c["from_id"], t) for c in wanted for t in _group(c["relationship_type"])}
        dropped = [c for c in existing if (c["from_id"], c["relationship_type"]) in slots]
        claims_repo.delete_claims_by_id(conn, user_id, [c["claim_id"] for c in dropped])
        existing = [c for c in existing if c not in dropped]
    held = {_claim_key(c) for c in existing}
    fresh = []
    for claim in wanted:
        if _claim_key(claim) not in held:
            held.add(_claim_key(claim))
            fresh.append(claim)
    claims_repo.insert_claims(conn, user_id, memory_id, fresh)
    return bool(existing or fresh or dropped_any)


def _group(relationship_type: str) -> tuple[str, ...]:
    return EXCLUSIVE_GROUPS.get(relationship_type, (relationship_type,))


def _claim_key(claim: Mapping[str, Any]) -> tuple[Any, ...]:
    return claim["from_id"], claim["to_id"], claim["relationship_type"], claim["ends"]


def apply_edges(
    conn: Conn,
    user_id: str,
    specs: list[EdgeSpec],
    *,
    memory_id: UUID | None,
    entity_ids: Mapping[str, UUID] | None = None,
    valid_from: datetime,
    recorded_at: datetime,
    recorded_by: str | None = None,
) -> list[UUID]:
    """The one way edges are written (facts and `graph_update` jobs alike), in order: endings close,
    exclusive types close what they contradict, then the edge opens or is reinforced."""
    touched: list[UUID] = []
    nodes: dict[str, UUID] = dict(entity_ids or {})
    for spec in specs:
        source = _node(conn, user_id, spec.source, nodes, recorded_at)
        target = _node(conn, user_id, spec.target, nodes, recorded_at)
        if source is None or target is None or source == target:
            continue  # an endpoint named only by punctuation or control characters is no node
        group = spec.exclusive_group or (spec.relationship_type,)
        current = rel_repo.current_edges_touching(conn, user_id, source, group)
        if spec.relationship_type not in SYMMETRIC_TYPES:
            current = [e for e in current if e["from_entity_id"] == source]
        if spec.ends:
            ended = [e["id"] for e in current if _other_end(e, source) == target]
            rel_repo.close_edges(conn, user_id, ended, at=valid_from)
            touched.extend(ended)
            continue
        if spec.exclusive_group:
            contradicted = [
                e["id"]
                for e in current
                if not (_other_end(e, source) == target and e["relationship_type"] == spec.relationship_type)
            ]
            rel_repo.close_edges(conn, user_id, contradicted, at=valid_from)
            touched.extend(contradicted)
        # A mutual tie already recorded from the other end is the same edge: reinforce it there.
        reverse = next(
            (
                e
                for e in current
                if e["from_entity_id"] == target
                and e["to_entity_id"] == source
                and e["relationship_type"] == spec.relationship_type
                and e["id"] not in touched
            ),
            None,
        )
        start, end = (target, source) if reverse is not None else (source, target)
        row = _upsert(conn, user_id, spec, start, end, memory_id, valid_from, recorded_at, recorded_by)
        touched.append(row["id"])
    return touched


def _upsert(
    conn: Conn,
    user_id: str,
    spec: EdgeSpec,
    source: UUID,
    target: UUID,
    memory_id: UUID | None,
    valid_from: datetime,
    recorded_at: datetime,
    recorded_by: str | None,
) -> dict[str, Any]:
    return rel_repo.upsert_edge(
        conn,
        user_id,
        from_entity_id=source,
        to_entity_id=target,
        kind=spec.kind,
        relationship_type=spec.relationship_type,
        valid_from=valid_from,
        recorded_at=recorded_at,
        description=spec.description,
        attitude=spec.attitude,
        proximity=spec.proximity,
        strength=spec.strength,
        started_at=None if spec.relationship_type in CO_MENTION_TYPES else valid_from,
        evidence_memory_id=memory_id,
        recorded_by=recorded_by,
    )


def _node(
    conn: Conn, user_id: str, endpoint: EndpointSpec, nodes: dict[str, UUID], at: datetime
) -> UUID | None:
    key = endpoint.canonical
    if key not in nodes:
        if key == OWNER:
            nodes[key] = rel_repo.ensure_owner(conn, user_id, at=at)
        else:
            resolved = resolve_entity(
                conn,
                user_id,
                name=endpoint.name,
                kind=endpoint.kind,
                entity_type=endpoint.entity_type,
                relationship=None,
                at=at,
            )
            if resolved is None:
                return None
            nodes[key] = resolved
    return nodes[key]


def _other_end(edge: Mapping[str, Any], node: UUID) -> UUID:
    return edge["to_entity_id"] if edge["from_entity_id"] == node else edge["from_entity_id"]
