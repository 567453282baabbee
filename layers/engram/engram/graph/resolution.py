"""Entity resolution: which node a mentioned name refers to.

Layers, cheapest first: the canonical name or an alias exactly; then close spellings
(Jaro-Winkler on lowercased names over trigram candidates from SQL; one letter at most for people);
then the rules for the ambiguous middle: the same name with an incompatible tie to the user
("my sister Sarah" / "my coworker Sarah") is a different person and gets its own node.
Name corrections rename or merge nodes, with an audit row.

Not built yet: embedding similarity between nodes and an LLM judge for the ambiguous middle.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from rapidfuzz.distance import JaroWinkler, Levenshtein

from engram.db.connection import Conn
from engram.db.repositories import entity_resolution as repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories.operations import insert_operation
from engram.graph.edge_sync import sync_memories
from engram.graph.edges import FAMILY_TIES, PARTNER_TIES, tie_type
from engram.language.names import canonical_name

# Places and organisations: Jaro-Winkler at or above which two names are one spelled two ways.
SAME_SPELLING = 0.93
MIN_FUZZY_LENGTH = 4  # "Al" and "Ali" are different, whatever the score
# People: Dana and Diana, Daniel and Danielle score as high as a typo, so a person's name may differ by one
# letter only, in names of five or more ("Markus" / "Marcus"); anything further is left to a correction.
PERSON_MIN_FUZZY_LENGTH = 5


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
    for c in typed:
        if _same_spelling(canonical, c["canonical_name"], person=entity_type == "person") and ties_compatible(
            relationship, c["relationship"]
        ):
            return Choice(c["id"], c["canonical_name"], canonical)
    return Choice(None, canonical)


def _same_spelling(name: str, other: str, *, person: bool) -> bool:
    if name[:1] != other[:1]:
        return False
    if person:
        return (
            min(len(name), len(other)) >= PERSON_MIN_FUZZY_LENGTH and Levenshtein.distance(name, other) <= 1
        )
    return (
        min(len(name), len(other)) >= MIN_FUZZY_LENGTH
        and JaroWinkler.similarity(name, other) >= SAME_SPELLING
    )


def ties_compatible(first: str | None, second: str | None) -> bool:
    """Could one person be both? A friend may be a coworker; a sister is not a mother, nor a partner."""
    if not first or not second:
        return True
    a, b = tie_type(first)[0], tie_type(second)[0]
    if a == b:
        return True
    close = FAMILY_TIES | {"partner"} | {t.replace(" ", "_") for t in PARTNER_TIES}
    return a not in close and b not in close


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
) -> UUID | None:
    """The node `name` refers to; created unless `create` is false (a place named in passing links to
    a node that exists, but does not make one)."""
    canonical = canonical_name(name)
    if not canonical:
        return None
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


def correct_name(
    conn: Conn,
    user_id: str,
    old: str,
    new: str,
    *,
    at: datetime,
    source_id: UUID | None = None,
    job_id: UUID | None = None,
) -> UUID | None:
    """ "It's Michael, not Mike": the node called Mike takes the name (Mike stays an alias), or, when a
    Michael node already exists, Mike's node is merged into it — links re-pointed, audit written."""
    old_c, new_c = canonical_name(old), canonical_name(new)
    if not old_c or not new_c or old_c == new_c:
        return None
    sources = repo.find_by_name(conn, user_id, old_c)
    if not sources:
        return None
    source = sources[0]
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
        return source["id"]
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
    return target["id"]


def _types_compatible(wanted: str, existing: str) -> bool:
    return not wanted or not existing or wanted == existing or "other" in (wanted, existing)


def _alias(canonical: str, node: dict) -> str | None:
    return canonical if canonical != node["canonical_name"] else None
