"""Write the edges a fact states, inside the fact's own transaction (so a memory and the edges it is
evidence for appear, change and disappear together).

Exclusive relationship types close what the new edge contradicts at the moment the new one became
true — the old edge keeps its history (`valid_from`..`valid_to`), so point-in-time reads still see it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import relationships as rel_repo
from engram.graph.edges import (
    CO_MENTION_TYPES,
    OWNER,
    SYMMETRIC_TYPES,
    EdgeSpec,
    EndpointSpec,
    edges_for_fact,
)
from engram.graph.resolution import resolve_entity
from engram.models import CandidateFact


def write_edges(
    conn: Conn,
    user_id: str,
    fact: CandidateFact,
    *,
    memory_id: UUID,
    entity_ids: Mapping[str, UUID],
    valid_from: datetime,
    recorded_at: datetime,
    recorded_by: str | None = None,
) -> list[UUID]:
    """Open, reinforce or close the edges of `fact`; returns the ids of the edges it touched.

    `entity_ids` maps canonical names to the nodes the fact's mentions were linked to; other endpoints
    (a new employer named only in the value) are created here."""
    return apply_edges(
        conn,
        user_id,
        edges_for_fact(fact),
        memory_id=memory_id,
        entity_ids=entity_ids,
        valid_from=valid_from,
        recorded_at=recorded_at,
        recorded_by=recorded_by,
    )


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
