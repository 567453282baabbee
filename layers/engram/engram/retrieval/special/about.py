"""Answers about the user and the people and things in their memories: self summary, entity summary and
relationship questions."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engram.db.repositories import special as repo
from engram.graph.edges import CO_MENTION_TYPES
from engram.language.names import canonical_name
from engram.language.periods import iso
from engram.models import ScoredMemory
from engram.retrieval.special.context import (
    LIST_CAP,
    AnswerContext,
    entity_view,
    first_person,
    happened,
    is_current,
    resolve_entity,
    view,
    views,
)
from engram.retrieval.special.sentiment import sentiment_trend
from engram.retrieval.summaries import SummaryInput, entity_summary_input, self_summary_input

SELF_SUMMARY_CAP = 60  # memories a self summary is written from, best first: a summary, not a dump

# --- self summary ----------------------------------------------------------------------------------

_ABOUT_FIRST = ("home", "work", "identity", "education", "family")


def answer_self_summary(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    rows = repo.list_visible(ctx.conn, ctx.user_id, ctx.filters, order="importance", limit=SELF_SUMMARY_CAP)
    total = repo.count_visible(ctx.conn, ctx.user_id, ctx.filters)
    people = repo.people_in_memories(ctx.conn, ctx.user_id, ctx.filters)
    categories: dict[str, list[str]] = {}
    for row in rows:
        bucket = categories.setdefault(row["memory_type"], [])
        if len(bucket) < 10:
            bucket.append(row["content"])

    def of_type(*types: str) -> list[dict[str, Any]]:
        # The user's own statements; "My sister Emma lives in Denver" is about Emma (people come last).
        return [
            r
            for r in rows
            if r["memory_type"] in types and first_person(r["content"]) and r["entity_type"] != "person"
        ]

    about = sorted(
        of_type("fact"),
        key=lambda r: (
            r["category"] not in _ABOUT_FIRST,
            _ABOUT_FIRST.index(r["category"]) if r["category"] in _ABOUT_FIRST else 0,
            -r["importance_score"],
        ),
    )
    happenings = sorted(of_type("event", "action"), key=lambda r: r["happened_at"], reverse=True)
    material = self_summary_input(
        about=[r["content"] for r in about[:6]],
        preferences=[r["content"] for r in of_type("preference")[:5]],
        goals=[r["content"] for r in of_type("goal") if not r["is_historical"]][:5],
        decisions=[r["content"] for r in of_type("decision")[:3]],
        happenings=[r["content"] for r in happenings[:3]],
        people=[{"name": p["name"], "relationship": p["relationship"]} for p in people],
    )
    results = ctx.scored(rows[: ctx.limit])
    ctx.track(results)
    body = {
        "found": bool(rows),
        "summary": material.template,
        "categories": categories,
        "memory_count": total,
        "people": [
            {"name": p["name"], "relationship": p["relationship"], "mention_count": p["mention_count"]}
            for p in people
        ],
        "results": views(results),
    }
    return body, material


def answer_entity_summary(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    name = special.entities[0] if special.entities else None
    entity = resolve_entity(ctx, name, special.relationship, topic=special.topic, former=special.former)
    display = entity["name"] if entity else (name or special.relationship or "")
    subject_name = entity["canonical_name"] if entity else canonical_name(display)
    rows = repo.memories_about(
        ctx.conn,
        ctx.user_id,
        replace(ctx.filters, include_historical=True),
        [(entity["id"] if entity else None, subject_name)],
        limit=LIST_CAP,
    )
    found = ctx.scored(rows)
    called = {subject_name, *((entity or {}).get("aliases") or ())}
    current = sorted((r for r in found if is_current(r.memory)), key=lambda r: not _says_who(r, called))
    history = sorted(
        (r for r in found if not is_current(r.memory)), key=lambda r: happened(r.memory), reverse=True
    )
    if not found and display:
        # Nothing links or names it: standard matches, but only those that share words with the name (a
        # vector-only neighbour of an unknown name is noise, not a memory about it).
        current = ctx.lexical(ctx.search(display, explain=True, track_access=False))
    ctx.track(current[: ctx.limit])
    relationships = []
    trend = None
    history_filters = replace(ctx.filters, include_historical=True)
    if entity:
        relationships = [
            {
                "type": e["relationship_type"],
                "with": e["to_name"] if e["from_name"] == entity["name"] else e["from_name"],
                "strength": e["strength"],
            }
            for e in repo.graph_connections(
                ctx.conn, ctx.user_id, history_filters, [entity["id"]], between_only=False
            )
        ]
        points = repo.entity_sentiment_points(
            ctx.conn, ctx.user_id, entity["id"], ctx.filters.sensitivity_max
        )
        if points:
            trend = sentiment_trend([(p["at"], p["sentiment"]) for p in points], ctx.now)
    # "Marcus is someone I know" only says the entity exists: worth a line only when nothing else is known.
    telling = [r for r in current if r.memory.memory_type != "entity"] or current
    # Asked by a tie no one is named in ("who is my wife?"), the summary speaks of the tie: "About your
    # wife: ...", not "wife is your wife."
    unnamed = entity is None and name is None and bool(special.relationship)
    tie = (entity["relationship"] if entity else None) or special.relationship
    material = entity_summary_input(
        name=f"your {display}" if unnamed else display,
        relationship=None if unnamed else tie,
        current=[r.memory.content for r in telling[:6]],
        history=[r.memory.content for r in history[:3]],
        sentiment_average=entity["sentiment_average"] if entity else None,
    )
    body = {
        "found": bool(entity or current or history),
        "entity": entity_view(entity),
        "name": display,
        "summary": material.template,
        "memories": views(current),
        "history": [view(r, superseded_at=iso(r.memory.valid_to or r.memory.updated_at)) for r in history],
        "relationships": relationships,
        "sentiment_trend": trend,
        "results": views(current[: ctx.limit]),
    }
    return body, material


def _says_who(result: ScoredMemory, called: set[str]) -> bool:
    """The memory says who the subject is to the user ("I share a flat with my roommate Declan", "Bridie
    is my housemate", "Fiona will be my boss" of Fiona Walsh): asked "who is Declan?", that comes before
    what he did ("Declan designed the logo"). `called`: the subject's canonical name and aliases."""
    memory = result.memory
    return bool(memory.relationship) and canonical_name(memory.name or "") in called


# --- relationships ---------------------------------------------------------------------------------


def answer_relationship_query(ctx: AnswerContext) -> tuple[dict[str, Any], SummaryInput | None]:
    special = ctx.special
    names: list[str] = list(special.entities)
    resolved: list[tuple[str, dict[str, Any] | None]] = []
    if not names and special.relationship:
        entity = resolve_entity(ctx, None, special.relationship)
        resolved.append((entity["name"] if entity else special.relationship, entity))
    for name in names:
        resolved.append((name, resolve_entity(ctx, name)))
    ids = [e["id"] for _, e in resolved if e]
    between = len(resolved) >= 2
    connections = _connections(ctx, resolved, ids, between)
    subjects = [
        (e["id"] if e else None, e["canonical_name"] if e else canonical_name(n)) for n, e in resolved
    ]
    shared = ctx.scored(
        repo.memories_about(ctx.conn, ctx.user_id, ctx.filters, subjects, require_all=between, limit=LIST_CAP)
    )
    if shared:
        results = shared[: ctx.limit]
        ctx.track(results)
    else:
        results = ctx.search(ctx.request.query)
    body = {
        "found": bool(ids),
        "entities": [
            {"name": name, "found": entity is not None, **(entity_view(entity) or {})}
            for name, entity in resolved
        ],
        "includes_user": special.includes_user,
        "connections": connections,
        "shared_memories": views(shared),
        "results": views(results),
    }
    return body, None


def _connections(
    ctx: AnswerContext, resolved: list[tuple[str, dict[str, Any] | None]], ids: list[Any], between: bool
) -> list[dict[str, Any]]:
    """How the resolved entities are connected (to each other when `between`): the user's own relation
    to a single one, the graph's edges, and the people or things named in the same memories."""
    special = ctx.special
    connections: list[dict[str, Any]] = []
    if special.includes_user and len(resolved) == 1 and resolved[0][1] and resolved[0][1]["relationship"]:
        entity = resolved[0][1]
        connections.append(
            {
                "from": "you",
                "to": entity["name"],
                "relationship_type": entity["relationship"],
                "strength": None,
                "source": "entity",
            }
        )
    for edge in repo.graph_connections(ctx.conn, ctx.user_id, ctx.filters, ids, between_only=between):
        if edge["relationship_type"] in CO_MENTION_TYPES:
            continue  # listed below from the memories themselves, with their count
        connections.append(
            {
                "from": edge["from_name"],
                "to": edge["to_name"],
                "relationship_type": edge["relationship_type"],
                "strength": edge["strength"],
                "source": "graph",
            }
        )
    for pair in repo.co_mentions(
        ctx.conn,
        ctx.user_id,
        ctx.filters,
        ids,
        between_only=between,
        to_kind="person" if special.people_only else None,
    ):
        # Co-mention strength: 0.2 per shared memory, capped at 1 (five memories together = the strongest).
        connections.append(
            {
                "from": pair["from_name"],
                "to": pair["to_name"],
                "relationship_type": "mentioned_together",
                "strength": round(min(1.0, 0.2 * pair["shared"]), 2),
                "shared_memories": pair["shared"],
                "source": "co_mention",
            }
        )
    return connections
