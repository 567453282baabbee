"""Consolidation of near-duplicate memories (`POST /v1/consolidate`).

Preview (`force: false`) and merge (`force: true`) start from the same plan:
1. candidate pairs: the user's vectors read once (`db.repositories.consolidation.active_vectors`), pairs
   at or above the threshold found in memory (`lifecycle.near_duplicates`: an inverted-file search with
   exact cosine, no pairwise loop), then only compatible pairs kept, in SQL (`compatible_pairs`);
2. groups: pairs that share a memory form one group (A~B, B~C), its keeper is the member with the best
   keeper score, and a member joins only when it is itself similar to the keeper (>= threshold, checked
   exactly in SQL for members that were paired with someone else) — a chain of small steps never merges
   two memories that are not alike; the members left out are grouped again among themselves;
3. merge (force only), one pair per transaction: content by the merger (LLM, or the rules offline),
   provenance and evidence unioned, mention counts summed, confidence and importance the higher, the
   keeper's next version recorded, the other row archived with `superseded_by` = keeper, a `derives`
   relation, entity links re-pointed, and a CONSOLIDATE audit row.
Duplicate entity nodes (one's name is the other's name or alias, and resolution would call them one)
are merged through the graph's own `merge_entities` in the same call.

Keeper score: importance_score + 0.01 x mention_count + age in years (older wins), ties
to the older row, then the smaller id.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from engram.db.connection import Conn, Database, get_database
from engram.db.repositories import consolidation as repo
from engram.db.repositories import entity_resolution as entity_repo
from engram.db.repositories import graph as graph_repo
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.operations import insert_operation
from engram.errors import EngramError
from engram.graph.edge_sync import sync_memories
from engram.graph.resolution import ties_compatible
from engram.lifecycle.consolidation_models import (
    DEFAULT_THRESHOLD,
    ConsolidateRequest,
    EntityPair,
    FailedPair,
    GroupPreview,
    MemoryBrief,
    MergedPair,
    MergeResult,
    PairPreview,
    PreviewResult,
)
from engram.lifecycle.merger import MergedContent, Merger, get_merger
from engram.models import IMPORTANCE_LEVELS, cap_evidence
from engram.observability import logger
from engram.pipeline.forgetting import archive_row
from engram.pipeline.update import content_hash
from engram.providers.base import Embedder
from engram.providers.spaces import user_embedder

SECONDS_PER_YEAR = 365 * 24 * 3600
PAIR_CAP = 20_000  # pairs read per call; beyond that the next call continues after the merges


def keeper_score(row: dict[str, Any], now: datetime) -> float:
    """Higher importance, more mentions and an older row make the keeper."""
    age_years = max(0.0, (now - row["created_at"]).total_seconds()) / SECONDS_PER_YEAR
    return float(row["importance_score"] or 0.5) + (row["mention_count"] or 0) * 0.01 + age_years


def _rank(row: dict[str, Any], now: datetime) -> tuple[float, float, str, str]:
    # Sorted ascending: best score first, then the older row, then by text (rows written in one
    # transaction share their created_at; the same memories keep the same copy for every user and on
    # every run), then the smaller id.
    return (-keeper_score(row, now), row["created_at"].timestamp(), row["content"], str(row["id"]))


@dataclass
class Group:
    keeper: UUID
    members: list[tuple[UUID, float]]  # (memory id, similarity to the keeper), most similar first

    @property
    def lowest(self) -> float:
        return min(s for _, s in self.members)


@dataclass
class Plan:
    groups: list[Group]
    briefs: dict[UUID, dict[str, Any]]
    entity_pairs: list[EntityPair] = field(default_factory=list)


def _components(pairs: Iterable[tuple[UUID, UUID]]) -> list[set[UUID]]:
    """Connected components of the pair graph (union-find over the pairs SQL returned)."""
    parent: dict[UUID, UUID] = {}

    def find(x: UUID) -> UUID:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb, key=str)] = min(ra, rb, key=str)
    out: dict[UUID, set[UUID]] = {}
    for x in list(parent):
        out.setdefault(find(x), set()).add(x)
    return list(out.values())


def build_groups(
    conn: Conn,
    user_id: str,
    pairs: list[dict[str, Any]],
    briefs: dict[UUID, dict[str, Any]],
    threshold: float,
    now: datetime,
) -> list[Group]:
    """Groups with a keeper each; every member is similar to its keeper (see the module docstring)."""
    sims: dict[frozenset[UUID], float] = {frozenset((p["x"], p["y"])): float(p["similarity"]) for p in pairs}
    groups: list[Group] = []
    pending = [c for c in _components((p["x"], p["y"]) for p in pairs)]
    while pending:
        component = pending.pop()
        if len(component) < 2:
            continue
        ordered = sorted((briefs[m] for m in component if m in briefs), key=lambda r: _rank(r, now))
        if len(ordered) < 2:
            continue
        keeper = ordered[0]["id"]
        unknown = [(keeper, r["id"]) for r in ordered[1:] if frozenset((keeper, r["id"])) not in sims]
        for (a, b), value in repo.pair_similarities(conn, user_id, unknown).items():
            sims[frozenset((a, b))] = value
        members = [
            (r["id"], sims[frozenset((keeper, r["id"]))])
            for r in ordered[1:]
            if sims.get(frozenset((keeper, r["id"])), 0.0) >= threshold
        ]
        left = {r["id"] for r in ordered[1:]} - {m for m, _ in members}
        if members:
            members.sort(key=lambda m: (-m[1], str(m[0])))
            groups.append(Group(keeper, members))
        if len(left) >= 2:
            # The rest may still be duplicates of each other: regroup them by their own pairs.
            sub = [(a, b) for key in sims for a, b in [tuple(key)] if a in left and b in left]
            pending.extend(_components(sub))
    groups.sort(key=lambda g: (-max(s for _, s in g.members), str(g.keeper)))
    return groups


def _entity_pairs(conn: Conn, user_id: str) -> list[EntityPair]:
    """Duplicate nodes resolution would call one: same kind, compatible types and ties to the user.
    Namesakes kept apart on purpose ("sarah (coworker)" beside the sister Sarah) stay apart."""
    out: list[EntityPair] = []
    taken: set[UUID] = set()
    for row in repo.duplicate_entity_pairs(conn, user_id):
        a_type, b_type = row["a_entity_type"], row["b_entity_type"]
        if a_type and b_type and a_type != b_type and "other" not in (a_type, b_type):
            continue
        if not ties_compatible(row["a_relationship"], row["b_relationship"]):
            continue
        if row["a_id"] in taken or row["b_id"] in taken:
            continue  # one merge per node per call: the next call sees the merged node
        a_first = (-row["a_mention_count"], row["a_created_at"]) <= (
            -row["b_mention_count"],
            row["b_created_at"],
        )
        keep, merge = ("a", "b") if a_first else ("b", "a")
        out.append(
            EntityPair(
                keep_id=row[f"{keep}_id"],
                keep_name=row[f"{keep}_name"],
                merge_id=row[f"{merge}_id"],
                merge_name=row[f"{merge}_name"],
                kind=row["a_kind"],
            )
        )
        taken.update((row["a_id"], row["b_id"]))
    return out


def plan_consolidation(db: Database, user_id: str, threshold: float, limit: int) -> Plan:
    """Read-only: the groups (up to `limit` merges) and duplicate entity pairs of the user."""
    from engram.lifecycle.near_duplicates import near_pairs  # brings numpy: only where it is used

    now = datetime.now(UTC)
    began = time.perf_counter()
    with db.user_transaction(user_id) as conn:
        table = repo.active_vectors(conn, user_id)
        near = near_pairs(table.vectors, threshold)
        found = [
            (table.id(i), table.id(j), float(s))
            for i, j, s in zip(near.left, near.right, near.similarity, strict=True)
        ]
        del table  # ~300 MB at 100k memories; the pairs are all that is needed from here
        pairs = repo.compatible_pairs(conn, user_id, found, cap=PAIR_CAP)
        ids = {p["x"] for p in pairs} | {p["y"] for p in pairs}
        briefs = repo.memory_briefs(conn, user_id, list(ids))
        groups = build_groups(conn, user_id, pairs, briefs, threshold, now)
        entity_pairs = _entity_pairs(conn, user_id)
    kept: list[Group] = []
    budget = limit
    for group in groups:
        if budget <= 0:
            break
        members = group.members[:budget]
        kept.append(Group(group.keeper, members))
        budget -= len(members)
    logger.info(
        "consolidation plan",
        extra={
            "pairs_found": len(pairs),
            "groups": len(groups),
            "entity_pairs": len(entity_pairs),
            "plan_ms": int((time.perf_counter() - began) * 1000),
        },
    )
    return Plan(kept, briefs, entity_pairs[:limit])


def _brief(row: dict[str, Any], now: datetime) -> MemoryBrief:
    return MemoryBrief(
        id=row["id"],
        content=row["content"],
        name=row["name"],
        memory_type=row["memory_type"],
        importance=row["importance"],
        mention_count=row["mention_count"],
        created_at=row["created_at"],
        keeper_score=round(keeper_score(row, now), 4),
    )


def preview(user_id: str, request: ConsolidateRequest, *, db: Database | None = None) -> PreviewResult:
    """What `force: true` would merge, with both contents; writes nothing."""
    db = db or get_database()
    plan = plan_consolidation(db, user_id, request.threshold, request.limit)
    now = datetime.now(UTC)
    groups = [
        GroupPreview(
            keep=_brief(plan.briefs[g.keeper], now),
            merge=[_brief(plan.briefs[m], now) for m, _ in g.members],
            similarity=round(g.lowest, 4),
        )
        for g in plan.groups
    ]
    pairs = [
        PairPreview(
            keep=_brief(plan.briefs[g.keeper], now), merge=_brief(plan.briefs[m], now), similarity=round(s, 4)
        )
        for g in plan.groups
        for m, s in g.members
    ]
    found = len(pairs) + len(plan.entity_pairs)
    return PreviewResult(
        threshold=request.threshold,
        count=len(pairs),
        pairs=pairs,
        groups=groups,
        entities=plan.entity_pairs,
        message="Run with force=true to consolidate" if found else "No duplicate memories found",
    )


# --- merging ----------------------------------------------------------------------------------------------


def _merged_columns(
    keeper: dict[str, Any], other: dict[str, Any], content: str, embedder: Embedder, embedding: Any
) -> dict[str, Any]:
    metadata = dict(keeper["metadata"] or {})
    names = list(
        dict.fromkeys([*(metadata.get("entities") or []), *((other["metadata"] or {}).get("entities") or [])])
    )
    if names:
        metadata["entities"] = names[:20]
    importance = max(keeper["importance"], other["importance"], key=IMPORTANCE_LEVELS.index)
    evidence = cap_evidence("; ".join(dict.fromkeys(e for e in (keeper["evidence"], other["evidence"]) if e)))
    valid_from = min((v for v in (keeper["valid_from"], other["valid_from"]) if v), default=None)
    last_access = max((v for v in (keeper["last_accessed_at"], other["last_accessed_at"]) if v), default=None)
    return {
        "content": content,
        "content_hash": content_hash(content),
        "embedding": embedding,
        "embedding_model": embedder.model,
        "version": keeper["version"] + 1,
        "confidence": max(keeper["confidence"], other["confidence"]),
        "importance": importance,
        "importance_score": max(keeper["importance_score"], other["importance_score"]),
        "mention_count": keeper["mention_count"] + other["mention_count"],
        "access_count": keeper["access_count"] + other["access_count"],
        "last_accessed_at": last_access,
        "salience": max(keeper["salience"], other["salience"]),
        "provenance": memory_repo.merge_provenance(keeper["provenance"], other["provenance"]),
        "evidence": evidence,
        "metadata": metadata,
        "valid_from": valid_from,
    }


class _Skip(Exception):
    pass


def merge_pair(
    db: Database,
    user_id: str,
    keeper_id: UUID,
    other_id: UUID,
    similarity: float,
    *,
    merger: Merger,
    embedder: Embedder,
    job_id: UUID | None = None,
) -> MergedPair:
    """Fold `other_id` into `keeper_id`, all in one transaction; the model is asked before it starts
    (a model call must not hold row locks) and the rows are re-checked under lock afterwards."""
    began = time.perf_counter()
    with db.user_transaction(user_id) as conn:
        keeper, other = _active_pair(
            conn, user_id, keeper_id, other_id, "one of the pair is no longer active"
        )
    merged = merger.merge(keeper["content"], other["content"])
    embedding = embedder.embed_one(merged.content)
    with db.user_transaction(user_id) as conn:
        keeper_now, other_now = _active_pair(
            conn, user_id, keeper_id, other_id, "the pair changed while its content was merged"
        )
        if keeper_now["content"] != keeper["content"] or other_now["content"] != other["content"]:
            raise _Skip("the pair changed while its content was merged")
        columns = _merged_columns(keeper_now, other_now, merged.content, embedder, embedding)
        row = _fold(
            conn,
            user_id,
            keeper_now,
            other_now,
            columns,
            similarity,
            changed_by=merged.model or merged.merger,
        )
        _audit_merge(
            conn,
            user_id,
            keeper_now,
            other_now,
            row,
            merged,
            similarity,
            sensitive=keeper["sensitivity_level"] != "normal",
            job_id=job_id,
            latency_ms=int((time.perf_counter() - began) * 1000),
        )
    return MergedPair(
        kept=keeper_id,
        merged=other_id,
        similarity=round(similarity, 4),
        content=merged.content,
        version=row["version"],
        merger=merged.merger,
    )


def _active_pair(
    conn: Conn, user_id: str, keeper_id: UUID, other_id: UUID, why_not: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both rows, locked; `_Skip(why_not)` unless both are still active."""
    rows = repo.lock_memories(conn, user_id, [keeper_id, other_id])
    keeper, other = rows.get(keeper_id), rows.get(other_id)
    if keeper is None or other is None or keeper["status"] != "active" or other["status"] != "active":
        raise _Skip(why_not)
    return keeper, other


def _fold(
    conn: Conn,
    user_id: str,
    keeper: dict[str, Any],
    other: dict[str, Any],
    columns: dict[str, Any],
    similarity: float,
    *,
    changed_by: str,
) -> dict[str, Any]:
    """The keeper's next version holds the merged content; the other row is archived, superseded by the
    keeper, which `derives` from it; the other's entity links move to the keeper. Returns the new row."""
    keeper_id, other_id = keeper["id"], other["id"]
    row = memory_repo.update_memory(conn, user_id, keeper_id, columns)
    assert row is not None
    memory_repo.insert_version(
        conn, user_id, row, operation="CONSOLIDATE", strategy="merge", changed_by=changed_by
    )
    archive_row(conn, user_id, other, extra={"superseded_by": keeper_id})  # its edges end with it
    sync_memories(conn, user_id, [keeper_id], at=datetime.now(UTC))  # the keeper's carry its new text
    memory_repo.insert_relation(
        conn,
        user_id,
        keeper_id,
        other_id,
        "derives",
        confidence=max(0.0, min(1.0, similarity)),
        evidence=f"consolidated ({similarity * 100:.1f}% similar)",
    )
    touched = repo.repoint_memory_links(conn, user_id, keeper_id, other_id)
    graph_repo.refresh_entity_counters(conn, user_id, touched)
    return row


def _audit_merge(
    conn: Conn,
    user_id: str,
    keeper: dict[str, Any],
    other: dict[str, Any],
    row: dict[str, Any],
    merged: MergedContent,
    similarity: float,
    *,
    sensitive: bool,
    job_id: UUID | None,
    latency_ms: int,
) -> None:
    """The CONSOLIDATE audit row; the merged-away content is kept in it only for a normal keeper."""
    other_id = other["id"]
    insert_operation(
        conn,
        user_id,
        operation="CONSOLIDATE",
        memory_id=keeper["id"],
        candidate_fact={
            "consolidate": {"merged_memory_id": str(other_id), "similarity": round(similarity, 4)}
        },
        similar_memories=[
            {"id": str(other_id), "similarity": round(similarity, 4)}
            | ({} if sensitive else {"content": other["content"], "memory_type": other["memory_type"]})
        ],
        reasoning=f"Merged a near-duplicate ({similarity * 100:.1f}% similar) into the keeper",
        model=merged.model or merged.merger,
        input_tokens=merged.input_tokens or None,
        output_tokens=merged.output_tokens or None,
        merge_strategy="merge",
        old_content=keeper["content"],
        new_content=merged.content,
        old_version=keeper["version"],
        new_version=row["version"],
        affected_memory_ids=[other_id],
        kept_memory_id=keeper["id"],
        job_id=job_id,
        latency_ms=latency_ms,
    )


def merge_entity_pair(db: Database, user_id: str, pair: EntityPair, *, job_id: UUID | None = None) -> bool:
    """One duplicate node folded into the other by the graph's merge, audited as a CONSOLIDATE."""
    with db.user_transaction(user_id) as conn:
        if not (
            repo.entity_alive(conn, user_id, pair.keep_id) and repo.entity_alive(conn, user_id, pair.merge_id)
        ):
            return False
        result = entity_repo.merge_entities(conn, user_id, keep=pair.keep_id, merged=pair.merge_id)
        if result["merged"] is None:
            return False
        sync_memories(conn, user_id, result["claim_memory_ids"], at=datetime.now(UTC))
        graph_repo.refresh_entity_counters(conn, user_id, [pair.keep_id])
        insert_operation(
            conn,
            user_id,
            operation="CONSOLIDATE",
            candidate_fact={
                "entity_merge": {
                    "kept_entity_id": str(pair.keep_id),
                    "merged_entity_id": str(pair.merge_id),
                    "kept_name": pair.keep_name,
                    "merged_name": pair.merge_name,
                }
            },
            reasoning=f"Duplicate entities: {pair.merge_name} is {pair.keep_name}; merged the two nodes.",
            deleted_snapshot={
                k: str(v) if isinstance(v, UUID | datetime) else v for k, v in result["merged"].items()
            },
            affected_memory_ids=result["memory_ids"],
            job_id=job_id,
        )
    return True


def consolidate(
    user_id: str,
    request: ConsolidateRequest,
    *,
    db: Database | None = None,
    merger: Merger | None = None,
    embedder: Embedder | None = None,
) -> MergeResult:
    """Merge what the preview shows. Each pair commits on its own; a pair the merger cannot write is
    reported in `failed` (and if nothing could be merged at all, the error is raised)."""
    db = db or get_database()
    merger = merger or get_merger()
    embedder = embedder or user_embedder(user_id, db=db)
    plan = plan_consolidation(db, user_id, request.threshold, request.limit)
    merged: list[MergedPair] = []
    skipped: list[FailedPair] = []
    failed: list[FailedPair] = []
    errors: list[EngramError] = []
    for group in plan.groups:
        for member, similarity in group.members:
            try:
                merged.append(
                    merge_pair(
                        db, user_id, group.keeper, member, similarity, merger=merger, embedder=embedder
                    )
                )
            except _Skip as reason:
                skipped.append(
                    FailedPair(kept=group.keeper, merged=member, code="changed", message=str(reason))
                )
            except EngramError as err:
                errors.append(err)
                failed.append(
                    FailedPair(kept=group.keeper, merged=member, code=err.code, message=err.message)
                )
    entities = [pair for pair in plan.entity_pairs if merge_entity_pair(db, user_id, pair)]
    if errors and not merged and not entities:
        raise errors[-1]
    logger.info(
        "consolidation merged",
        extra={
            "merged": len(merged),
            "failed": len(failed),
            "skipped": len(skipped),
            "entities": len(entities),
        },
    )
    return MergeResult(
        threshold=request.threshold,
        count=len(merged),
        merged=merged,
        skipped=skipped,
        failed=failed,
        entities_merged=entities,
    )


# --- schedule and jobs ---------------------------------------------------------------------------------


def run_consolidate_job(user_id: str, job: Any) -> dict[str, Any]:
    """`consolidate` job: a preview unless the payload says `force` (the weekly schedule never does)."""
    payload = dict(getattr(job, "payload", None) or {})
    request = ConsolidateRequest(
        force=bool(payload.get("force", False)),
        threshold=float(payload.get("threshold", DEFAULT_THRESHOLD)),
        limit=int(payload.get("limit", 100)),
    )
    if request.force:
        return _merge_once(user_id, request, getattr(job, "id", None))
    found = preview(user_id, request)  # writes nothing: a rerun only looks again
    counts = {
        "mode": "preview",
        "pairs": found.count,
        "groups": len(found.groups),
        "entities": len(found.entities),
    }
    logger.info("consolidation preview", extra=counts)
    return counts


CONSOLIDATE_STEP = "consolidate"


def _merge_once(user_id: str, request: ConsolidateRequest, job_id: UUID | None) -> dict[str, Any]:
    """A merging `consolidate` job. Merges converge (a merged pair is gone, each pair commits on its
    own and re-reads its rows), so a rerun merges nothing twice; the counts are recorded on the job, so
    a rerun of the job reports the first run's counts instead of zeros and does not plan again."""
    db = get_database()
    if job_id is not None:
        with db.user_transaction(user_id) as conn:
            recorded = jobs_repo.recorded_job_effects(conn, user_id, job_id, CONSOLIDATE_STEP)
        if recorded is not None:
            return recorded
    result = consolidate(user_id, request, db=db)
    counts: dict[str, Any] = {
        "mode": "merged",
        "merged": result.count,
        "entities": len(result.entities_merged),
    }
    if job_id is not None:
        with db.user_transaction(user_id) as conn:
            recorded = jobs_repo.claim_job_effects(conn, user_id, job_id, CONSOLIDATE_STEP)
            if recorded is not None:
                return recorded
            jobs_repo.record_job_effects(conn, user_id, job_id, CONSOLIDATE_STEP, counts)
    return counts
