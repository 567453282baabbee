"""Entity resolution: which node a mentioned name refers to.

Layers, cheapest first: the canonical name or an alias exactly; then the other spellings SQL offers
(trigram neighbours, the same given name), accepted only when the token rule of `names_agree` says they
name the same thing: a differing number or a differing whole name token is another thing ("Project 1" /
"Project 2", "Dan" / "Dana"), a given name alone is the one known full name it starts ("Sarah" / "Sarah
Chen"), and a name that fits several known full names is none of them until the user says which.
Then the rules for the ambiguous middle: the same name with an incompatible tie to the user ("my sister
Sarah" / "my coworker Sarah") is a different person and gets its own node.
Name corrections rename or merge nodes, with an audit row.

Not built yet: embedding similarity between nodes and an LLM judge for the ambiguous middle.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from rapidfuzz.distance import OSA

from engram.db.connection import Conn
from engram.db.repositories import entity_resolution as repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories.operations import insert_operation
from engram.graph.edge_sync import sync_memories
from engram.graph.edges import FAMILY_TIES, PARTNER_TIES, tie_type
from engram.language.names import any_names_agree, canonical_name, name_tokens

MAX_RESPELLING_EDITS = 2  # "Catherine" -> "Katherine", "Jon" -> "John", "Zara" -> "Sarah": a respelling


@dataclass(frozen=True)
class Choice:
    entity_id: UUID | None  # an existing node, or None: create one
    canonical: str  # the new node's canonical name (disambiguated when the plain one is taken)
    alias: str | None = None  # the spelling to remember on the node


def choose(canonical: str, entity_type: str, relationship: str | None, candidates: list[dict]) -> Choice:
    """Pure decision over the candidates `resolution_candidates` returned (exact matches first)."""
    typed = [c for c in candidates if _types_compatible(entity_type, c["entity_type"])]
    exact = [c for c in typed if c["exact"]]
    if exact:
        fitting = [c for c in exact if ties_compatible(relationship, c["relationship"])]
        if fitting:
            best = next((c for c in fitting if c["relationship"] == relationship), fitting[0])
            return Choice(best["id"], best["canonical_name"], _alias(canonical, best))
        # The same name, but not the same person: "sarah (coworker)", still found by "sarah".
        tie = tie_type(relationship)[0] if relationship else "other"
        return Choice(None, f"{canonical} ({tie})", canonical)
    person = entity_type == "person"
    agreeing = [
        c
        for c in typed
        if any_names_agree(canonical, _names_of(c), person=person)
        and ties_compatible(relationship, c["relationship"])
    ]
    node = _unambiguous(canonical, relationship, agreeing)
    if node is not None:
        return Choice(node["id"], node["canonical_name"], canonical)
    return Choice(None, canonical)


def _unambiguous(canonical: str, relationship: str | None, agreeing: list[dict]) -> dict | None:
    """The one node the name fits. "Sarah" with a Sarah Chen and a Sarah Jones fits both: neither is
    taken (a new node, until a full name or a correction says which), unless the tie tells them apart."""
    if len(agreeing) <= 1:
        return agreeing[0] if agreeing else None
    if relationship:
        same_tie = [c for c in agreeing if c["relationship"] == relationship]
        if len(same_tie) == 1:
            return same_tie[0]
    size = len(name_tokens(canonical))
    as_long = [c for c in agreeing if len(name_tokens(c["canonical_name"])) == size]
    return as_long[0] if len(as_long) == 1 else None


def _names_of(node: dict) -> list[str]:
    return [node["canonical_name"], *(node.get("aliases") or [])]


def ties_compatible(first: str | None, second: str | None) -> bool:
    """Could one person be both? A friend may be a coworker; a sister is not a mother, nor a partner."""
    if not first or not second:
        return True
    a, b = _tie_now_or_before(first), _tie_now_or_before(second)
    if a == b:
        return True
    close = FAMILY_TIES | {"partner"} | {t.replace(" ", "_") for t in PARTNER_TIES}
    return a not in close and b not in close


def _tie_now_or_before(relationship: str) -> str:
    """The tie a relationship word is or was: an ex is who a partner becomes ("Ama is my girlfriend",
    later "Ama is my ex": one person), an ex-boss a boss."""
    word = relationship.strip().lower().replace("_", " ")
    former = re.match(r"^(?:ex|former)(?:[\s-]+(?P<tie>.+))?$", word)
    if former:
        return tie_type(former.group("tie") or "partner")[0]
    return tie_type(word)[0]


def resolve_entity(
    conn: Conn,
    user_id: str,
    *,
    name: str,
    kind: str,
    entity_type: str,
    relationship: str | None,
    at: datetime,
    create: bool = True,
    candidates: list[dict] | None = None,
) -> UUID | None:
    """The node `name` refers to; created unless `create` is false (a place named in passing links to
    a node that exists, but does not make one). `candidates`: the name's `resolution_candidates`, when
    the caller read them already (the write path reads a note's names at once)."""
    canonical = canonical_name(name)
    if not canonical:
        return None
    if candidates is None:
        candidates = repo.resolution_candidates(conn, user_id, canonical, kind)
    choice = choose(canonical, entity_type, relationship, candidates)
    if choice.entity_id is None and not create:
        return None
    if choice.entity_id is not None:
        repo.touch_entity(
            conn, user_id, choice.entity_id, alias=choice.alias, relationship=relationship, at=at
        )
        return choice.entity_id
    entity_id = graph_repo.upsert_entity(
        conn,
        user_id,
        name=name,
        canonical=choice.canonical,
        kind=kind,
        entity_type=entity_type,
        relationship=relationship,
        at=at,
    )
    if choice.alias:
        repo.touch_entity(conn, user_id, entity_id, alias=choice.alias, relationship=None, at=at)
    return entity_id


@dataclass(frozen=True)
class Correction:
    """A name correction applied to the graph: the node that now has the new name, and what its memories
    may still say instead (the node's old spellings), unless they are about a namesake left alone."""

    entity_id: UUID
    old_names: tuple[str, ...]
    namesakes: tuple[UUID, ...] = ()


def correct_name(
    conn: Conn,
    user_id: str,
    old: str,
    new: str,
    *,
    at: datetime,
    source_id: UUID | None = None,
    job_id: UUID | None = None,
) -> Correction | None:
    """ "It's Michael, not Mike": the node called Mike takes the name (Mike stays an alias), or, when a
    Michael node already exists, Mike's node is merged into it — links re-pointed, audit written. When no
    node is called `old` (the user gave a hint, "Katherine with a K", and `old` is a guess), the one known
    person spelled nearly like `new` is the node meant."""
    old_c, new_c = canonical_name(old), canonical_name(new)
    if not old_c or not new_c or old.strip() == new.strip():
        return None  # "Renee" -> "Renée" is one key, but the node and its memories take the accent
    sources = repo.find_by_name(conn, user_id, old_c) or _spelled_nearly(conn, user_id, old_c, new_c)
    if not sources:
        return None
    source = sources[0]
    old_names = tuple(dict.fromkeys(n for n in (source["name"], old) if canonical_name(n) != new_c))
    namesakes = tuple(s["id"] for s in sources[1:])
    target = next(
        (
            e
            for e in repo.find_by_name(conn, user_id, new_c)
            if e["id"] != source["id"] and e["kind"] == source["kind"]
        ),
        None,
    )
    if target is None:
        repo.rename_entity(conn, user_id, source["id"], name=new, canonical=new_c)
        insert_operation(
            conn,
            user_id,
            operation="UPDATE",
            candidate_fact={"entity_rename": {"entity_id": str(source["id"]), "from": old, "to": new}},
            reasoning=f"Name correction: {old} is {new}; the node was renamed and keeps {old} as an alias.",
            source_id=source_id,
            job_id=job_id,
        )
        return Correction(source["id"], old_names, namesakes)
    merged = repo.merge_entities(conn, user_id, keep=target["id"], merged=source["id"])
    sync_memories(conn, user_id, merged["claim_memory_ids"], at=at)
    graph_repo.refresh_entity_counters(conn, user_id, [target["id"]])
    insert_operation(
        conn,
        user_id,
        operation="CONSOLIDATE",
        candidate_fact={
            "entity_merge": {
                "kept_entity_id": str(target["id"]),
                "merged_entity_id": str(source["id"]),
                "kept_name": target["name"],
                "merged_name": source["name"],
            }
        },
        reasoning=f"Name correction: {old} is {new}; merged the two nodes into one.",
        deleted_snapshot={k: str(v) if isinstance(v, UUID | datetime) else v for k, v in source.items()},
        affected_memory_ids=merged["memory_ids"],
        source_id=source_id,
        job_id=job_id,
    )
    return Correction(target["id"], old_names, namesakes)


def _spelled_nearly(conn: Conn, user_id: str, guess: str, new: str) -> list[dict]:
    """The one person node whose name is a respelling of `new` (two edits at most, the same number of
    tokens): what "her name is Katherine with a K" corrects. Several such nodes: none is guessed."""
    size = len(name_tokens(new))
    near = [
        c
        for c in repo.resolution_candidates(conn, user_id, new, "person")
        if c["canonical_name"] != new
        and len(name_tokens(c["canonical_name"])) == size
        and min(OSA.distance(c["canonical_name"], new), OSA.distance(c["canonical_name"], guess))
        <= MAX_RESPELLING_EDITS
    ]
    return near if len(near) == 1 else []


def _types_compatible(wanted: str, existing: str) -> bool:
    return not wanted or not existing or wanted == existing or "other" in (wanted, existing)


def _alias(canonical: str, node: dict) -> str | None:
    return canonical if canonical != node["canonical_name"] else None
