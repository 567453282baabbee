"""What a fact links in the graph: the nodes it mentions (resolved, or created), linked to its memory and
source with their counters, and the edges it states as the memory's claims, derived again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import graph as graph_repo
from engram.graph.edge_sync import scope_of_memories, sync_memories
from engram.graph.edge_writer import write_claims
from engram.graph.edges import edges_for_fact
from engram.graph.resolution import resolve_entity
from engram.language.names import canonical_name
from engram.models import CandidateFact, EntityMention, cap_evidence
from engram.pipeline.fact_context import FactContext
from engram.pipeline.note_entities import NoteEntities


def mentions_of(fact: CandidateFact) -> list[EntityMention]:
    """The people, places and things a fact names: its entities, and the one an entity fact is about."""
    mentions = list(fact.entities)
    if (
        fact.memory_type == "entity"
        and fact.name
        and all(canonical_name(m.name) != canonical_name(fact.name) for m in mentions)
    ):
        kind = "person" if (fact.entity_type or "") == "person" else "entity"
        mentions.append(
            EntityMention(
                name=fact.name,
                kind=kind,
                entity_type=fact.entity_type,
                relationship=fact.relationship,
                role="subject",
            )
        )
    return mentions


def link_graph(
    conn: Conn,
    fact: CandidateFact,
    row: dict[str, Any],
    ctx: FactContext,
    *,
    retired: Sequence[UUID] = (),
    replace_claims: bool = False,
    may_have_claims: bool = True,
    entities: NoteEntities | None = None,
) -> list[UUID]:
    """Entity nodes for the people/places/things the fact mentions, linked to the memory and source;
    the fact's edges become the memory's claims and the edges they touch (and those of the `retired`
    memories it replaced) are derived again. A memory known to state no edge (`may_have_claims` false: a
    new one, or one the note's view read without claims) whose fact states none has no claims to read.
    `entities`: the note's candidates for its names, kept current here with what resolving changes."""
    entity_ids: list[UUID] = []
    nodes: dict[str, UUID] = {}
    links: list[tuple[UUID, str]] = []
    for mention in mentions_of(fact):
        canonical = canonical_name(mention.name)
        if not canonical:
            continue
        entity_id = resolve_entity(
            conn,
            ctx.user_id,
            name=mention.name,
            kind=mention.kind,
            entity_type=mention.entity_type or ("person" if mention.kind == "person" else ""),
            relationship=mention.relationship,
            at=ctx.observed_at,
            create=_makes_a_node(fact, mention),
            candidates=entities.candidates(canonical, mention.kind) if entities is not None else None,
        )
        if entity_id is None:
            continue
        if entities is not None:
            entities.resolved(canonical, mention.kind, entity_id)
        nodes.setdefault(canonical, entity_id)
        if entity_id not in entity_ids:
            entity_ids.append(entity_id)
            links.append((entity_id, mention.role))
    if entity_ids:
        _link_mentions(conn, fact, row, ctx, entity_ids, links)
    before = scope_of_memories(conn, ctx.user_id, [row["id"]]) if replace_claims else None
    specs = edges_for_fact(fact)
    if specs and entities is not None:
        entities.forget()  # the edges' other ends are resolved (and may be created) by `write_claims`
    claimed = bool(specs or may_have_claims) and write_claims(
        conn, ctx.user_id, specs, memory_id=row["id"], entity_ids=nodes, at=ctx.observed_at,
        replace=replace_claims,
    )  # fmt: skip
    if claimed or retired:  # a memory that states no edge, and replaced none, changes none
        sync_memories(conn, ctx.user_id, [row["id"], *retired], at=ctx.observed_at, before=before)
    return entity_ids


# Facts whose things matter to the user by what they say: a plan, a liking, a goal, a decision.
_SIGNIFICANT_TYPES = frozenset({"entity", "preference", "goal", "event", "decision", "action", "procedure"})
_PASSING_TYPES = frozenset({"", "place", "other", "concept"})  # named in passing, these are general knowledge


def _makes_a_node(fact: CandidateFact, mention: EntityMention) -> bool:
    """People, organisations, projects and products always become nodes (the user's dealings with them
    are user-specific context); a place or an untyped thing only when the fact is about it
    (subject/object) or says something the user plans, likes, wants or decides about it. "We drove
    through Chicago" links Chicago if it is already known, and otherwise creates nothing."""
    if mention.kind == "person" or mention.role != "mention" or fact.memory_type in _SIGNIFICANT_TYPES:
        return True
    return (mention.entity_type or "") not in _PASSING_TYPES


def _link_mentions(
    conn: Conn,
    fact: CandidateFact,
    row: dict[str, Any],
    ctx: FactContext,
    entity_ids: list[UUID],
    links: list[tuple[UUID, str]],
) -> None:
    """Memory and source links, sentiment history and exact counters for the nodes a fact names."""
    graph_repo.link_memory(conn, ctx.user_id, row["id"], links)
    if ctx.source_id is not None:
        graph_repo.link_source(conn, ctx.user_id, ctx.source_id, entity_ids)
    if fact.sentiment is not None:
        for entity_id in entity_ids:
            graph_repo.insert_sentiment(
                conn,
                ctx.user_id,
                entity_id,
                fact.sentiment,
                memory_id=row["id"],
                source_id=ctx.source_id,
                context=None if fact.sensitivity_level != "normal" else cap_evidence(fact.content),
                at=ctx.observed_at,
            )
    graph_repo.refresh_entity_counters(conn, ctx.user_id, entity_ids)
