"""Phase 2: one candidate fact -> one operation, executed in ONE transaction with its audit row.

Order of business for each fact:
1. find the user's similar active memories (top 10 by cosine, plus every memory about the same
   subject+attribute, the same content hash or the same entity name);
2. an exact or near-exact duplicate is reinforced in code, without asking a model;
3. otherwise the decider (LLM or rules) picks ADD / UPDATE(replace|append|supersede) / DELETE / NOOP;
4. execute: memory rows, version history, relations, audit, entity links, sentiment. (The timeline is
   derived from the memories when it is read: nothing to write for it.)

With a model as decider, the decision is made outside the write transaction (a model call must not
hold row locks); the write transaction re-reads the target under FOR UPDATE and falls back to ADD if it
changed. With an in-process decider (`Decider.local`, the offline rules), a request's note is decided
and written in one transaction, statements pipelined (`apply_facts_together`): one commit and a handful
of round trips per note instead of two transactions per fact, and the note's facts land together.

Run by an `update` job (`FactContext.job_id`), a fact is applied once however often the job runs: the
write transaction claims the job's `fact` step (`claim_job_effects`) and records the outcome there
before it commits, so a rerun — a redelivery, or a retry after a worker died once the writes had
committed — returns the recorded outcome and writes nothing (no second memory, mention, version,
relation, edge or audit row). A run that failed mid-way rolled back with its claim, and the rerun
applies the fact afresh. A rerun whose fact was already recorded is also spared the model call.

One mention per note: a memory that a source already counted (it added, reinforced or updated the
memory) is not counted again by another fact of that source. One note often yields two facts that land
on one memory ("My manager Priya seems great" and "Priya is my manager"); that is one mention, and one
step of confidence, not two. The second fact still adds its evidence and provenance, and is audited.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from uuid import UUID

from aws_lambda_powertools.metrics import MetricUnit

from engram.config import get_settings
from engram.db.connection import Conn, Database
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import memories as memory_repo
from engram.db.repositories.operations import insert_operation
from engram.db.repositories.visibility import SENSITIVITY_ORDER
from engram.engines.ports import Decider
from engram.errors import DecisionFailed
from engram.language.lexicons import sensitivity_of
from engram.language.names import canonical_name, name_differs
from engram.language.temporal import BEGINS
from engram.models import (
    CORRECTED_METADATA,
    CandidateFact,
    OperationResult,
    SimilarMemory,
    UpdateDecision,
    cap_evidence,
    clamp_confidence,
)
from engram.observability import logger, metrics
from engram.pipeline.fact_context import FactContext
from engram.pipeline.fact_graph import link_graph, mentions_of
from engram.pipeline.forgetting import archive_row, forget_row
from engram.pipeline.memory_hash import content_hash
from engram.pipeline.name_correction import correct_name_everywhere
from engram.pipeline.note_memories import NoteMemories, holder_ties, similar_probe
from engram.pipeline.topic_forget import forget_request
from engram.providers.base import Embedder

if TYPE_CHECKING:
    import numpy as np

# The step an `update` job records its one fact under (see the module docstring).
FACT_STEP = "fact"
DUPLICATE_SIMILARITY = 0.95
EXTENDS_SIMILARITY = 0.5
REINFORCE_STEP = 0.1


@dataclass
class AppliedFact:
    result: OperationResult
    entity_ids: list[UUID] = field(default_factory=list)
    superseded_content: str | None = None
    forgotten: list[UUID] = field(default_factory=list)  # every memory a forget request removed
    # The memory's row as an ADD or a reinforcement left it (`NoteMemories`).
    written: dict[str, Any] | None = None

    def to_record(self) -> dict[str, Any]:
        """What a job records of the fact (`claim_job_effects`), enough to answer a rerun."""
        return {
            "result": self.result.model_dump(mode="json", exclude_none=True),
            "entity_ids": [str(e) for e in self.entity_ids],
            "superseded_content": self.superseded_content,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> AppliedFact:
        return cls(
            OperationResult.model_validate(record["result"]),
            [UUID(e) for e in record.get("entity_ids", [])],
            record.get("superseded_content"),
        )


def find_duplicate(fact: CandidateFact, fact_hash: str, similar: list[SimilarMemory]) -> SimilarMemory | None:
    """The memory this fact merely repeats, if any (reinforced instead of stored twice)."""
    if fact.forget or fact.is_correction:
        return None
    for memory in similar:
        if memory.content_hash == fact_hash:
            return memory
        same_scope = (fact.attribute is None or memory.attribute in (None, fact.attribute)) and (
            fact.value is None or memory.value is None or (memory.value or "").lower() == fact.value.lower()
        )
        if (
            memory.similarity >= DUPLICATE_SIMILARITY
            and memory.memory_type == fact.memory_type
            and same_scope
            and not name_differs(fact.content, memory.content, [fact.name, *(e.name for e in fact.entities)])
        ):
            return memory
        if (
            fact.memory_type == "entity"
            and memory.memory_type == "entity"
            and fact.name
            and memory.name
            and canonical_name(fact.name) == canonical_name(memory.name)
            and (fact.value is None or memory.value is None or fact.value.lower() == memory.value.lower())
        ):
            return memory  # the same person again; a new tie ("my ex" after "my partner") is for the decider
    return None


def apply_fact(
    db: Database,
    fact: CandidateFact,
    embedding: np.ndarray,
    ctx: FactContext,
    *,
    decider: Decider,
    embedder: Embedder,
    extra_similar_ids: list[UUID] | None = None,
) -> AppliedFact:
    """Decide and execute one fact; raises DecisionFailed when the decider cannot decide.

    With `ctx.job_id`, a job's second run returns what its first run applied (module docstring).
    """
    began = time.perf_counter()
    fact_hash = content_hash(fact.content)
    with db.user_transaction(ctx.user_id) as conn:
        if ctx.job_id is not None:
            recorded = jobs_repo.recorded_job_effects(conn, ctx.user_id, ctx.job_id, FACT_STEP)
            if recorded is not None:
                return AppliedFact.from_record(recorded)  # a rerun: no model call, no write
        similar = _similar(conn, fact, fact_hash, embedding, ctx)
        if extra_similar_ids:
            similar = _with_extra(conn, ctx.user_id, similar, extra_similar_ids, embedding)
    decision = _decide(fact, fact_hash, similar, ctx, decider)

    # execution locks its target before it inserts: the user's memory-write lock first (no deadlock)
    with db.user_transaction(ctx.user_id, memory_writes=True) as conn:
        if ctx.job_id is not None:
            recorded = jobs_repo.claim_job_effects(conn, ctx.user_id, ctx.job_id, FACT_STEP)
            if recorded is not None:
                return AppliedFact.from_record(recorded)  # another run of the job applied it meanwhile
        applied = _execute(conn, fact, fact_hash, embedding, decision, similar, ctx, embedder, began)
        if ctx.job_id is not None:
            jobs_repo.record_job_effects(conn, ctx.user_id, ctx.job_id, FACT_STEP, applied.to_record())
    _count(applied)
    return applied


def apply_facts_together(
    conn: Conn,
    facts: Sequence[CandidateFact],
    embeddings: Sequence[np.ndarray],
    ctx: FactContext,
    *,
    decider: Decider,
    embedder: Embedder,
) -> tuple[list[AppliedFact], list[CandidateFact]]:
    """A note's facts in the caller's write transaction (opened with `memory_writes`), in order, each
    decided on what the ones before it wrote; returns what was applied and the facts the decider could
    not decide (nothing written for them).

    Only for a decider that decides in-process (`decider.local`): a model call must not hold the user's
    write lock. The lock is taken once, the note commits once instead of twice per fact, and its facts
    land together or not at all (a failure leaves the stored source to be processed again)."""
    hashes = [content_hash(f.content) for f in facts]
    probes = [similar_probe(f, h, e) for f, h, e in zip(facts, hashes, embeddings, strict=True)]
    names = [(canonical_name(m.name), m.kind) for f in facts for m in mentions_of(f)]
    view = NoteMemories(conn, ctx.user_id, ctx.source_id, probes, names)
    applied: list[AppliedFact] = []
    undecided: list[CandidateFact] = []
    for index, (fact, fact_hash, embedding) in enumerate(zip(facts, hashes, embeddings, strict=True)):
        began = time.perf_counter()
        similar = view.similar(index)
        try:
            decision = _decide(fact, fact_hash, similar, ctx, decider)
        except DecisionFailed:
            undecided.append(fact)
            continue
        one = _execute(conn, fact, fact_hash, embedding, decision, similar, ctx, embedder, began, view=view)
        view.applied(index, fact, one.result.operation, one.written, renamed=_renames(fact))
        applied.append(one)
    for one in applied:
        _count(one)
    return applied, undecided


def _similar(
    conn: Conn, fact: CandidateFact, fact_hash: str, embedding: np.ndarray, ctx: FactContext
) -> list[SimilarMemory]:
    similar = _nearest(conn, fact, fact_hash, embedding, ctx)
    ties = holder_ties(fact)
    if ties:
        known = {m.id for m in similar}
        holders = memory_repo.current_tie_holders(conn, ctx.user_id, ties)
        similar = [*similar, *(m for m in holders if m.id not in known)]
    return similar


def _nearest(
    conn: Conn, fact: CandidateFact, fact_hash: str, embedding: np.ndarray, ctx: FactContext
) -> list[SimilarMemory]:
    return memory_repo.find_similar(
        conn,
        ctx.user_id,
        embedding,
        subject=fact.subject,
        attribute=fact.attribute,
        name=fact.name if fact.memory_type == "entity" else None,
        content_hash=fact_hash,
        hnsw_ef_search=get_settings().vector_index_ef_search,
    )


def _decide(
    fact: CandidateFact, fact_hash: str, similar: list[SimilarMemory], ctx: FactContext, decider: Decider
) -> UpdateDecision:
    duplicate = find_duplicate(fact, fact_hash, similar)
    if duplicate is not None:
        return UpdateDecision(
            operation="REINFORCE", target_id=duplicate.id, reasoning="the same fact was stated again"
        )
    decision = decider.decide(fact, similar, ctx.observed_at)
    if decision.target_id is not None and decision.target_id not in {m.id for m in similar}:
        metrics.add_metric(name="unknown_memory_id", unit=MetricUnit.Count, value=1)
        raise DecisionFailed("the decision targeted a memory that was not offered")
    return decision


def _count(applied: AppliedFact) -> None:
    metrics.add_metric(name=applied.result.operation, unit=MetricUnit.Count, value=1)
    if applied.result.operation == "REINFORCE":
        metrics.add_metric(name="reinforced", unit=MetricUnit.Count, value=1)
    logger.debug(
        "fact applied", extra={"operation": applied.result.operation, "strategy": applied.result.strategy}
    )


def _with_extra(
    conn: Conn, user_id: str, similar: list[SimilarMemory], ids: list[UUID], embedding: np.ndarray
) -> list[SimilarMemory]:
    """Add client-named memories (POST /v1/memory-update similar_memories) that belong to the user."""
    known = {m.id for m in similar}
    extra = []
    for memory_id in ids:
        if memory_id in known:
            continue
        row = memory_repo.get_memory(conn, user_id, memory_id)
        if row is None or row["status"] != "active":
            continue
        candidate = memory_repo.to_similar(row)
        extra.append(candidate)
    return sorted([*similar, *extra], key=lambda m: -m.similarity)[: max(10, len(similar))]


# --- execution ----------------------------------------------------------------------------------------


def _columns_for(
    fact: CandidateFact, fact_hash: str, embedding: np.ndarray, ctx: FactContext, embedder: Embedder
) -> dict[str, Any]:
    expires_at = fact.expires_at
    prefs = ctx.preferences
    if expires_at is None and fact.memory_type == "event" and not fact.recurrence:
        if prefs.events_auto_expire and fact.event_date and fact.event_date > ctx.observed_at:
            # An upcoming event stops being "upcoming" the day after it happens; what begins that day
            # ("Obinna's new job starts July", "move in June 1") goes on.
            expires_at = None if BEGINS.search(fact.content) else fact.event_date + timedelta(days=1)
        elif prefs.default_expiry_days:
            expires_at = ctx.observed_at + timedelta(days=prefs.default_expiry_days)
    metadata: dict[str, Any] = {
        k: v
        for k, v in {"subject": fact.subject, "attribute": fact.attribute, "value": fact.value}.items()
        if v
    }
    if fact.entities:
        metadata["entities"] = [e.name for e in fact.entities][:20]
    return memory_repo.fact_columns(fact) | {
        "expires_at": expires_at,
        "document_date": ctx.document_date,
        "valid_from": ctx.observed_at,
        "outcome_recorded_at": ctx.observed_at if fact.outcome else None,
        "content_hash": fact_hash,
        "source_id": ctx.source_id,
        "provenance": [p.model_dump() for p in fact.provenance],
        "metadata": metadata,
        "embedding": embedding,
        "embedding_model": embedder.model,
    }


def _audit_fact(fact: CandidateFact, *, ids_only: bool) -> dict[str, Any]:
    if ids_only:
        return {"memory_type": fact.memory_type, "forget": fact.forget}
    return fact.model_dump(mode="json", exclude={"provenance"}) | {
        "provenance": [p.model_dump() for p in fact.provenance]
    }


def _audit_similar(similar: list[SimilarMemory], *, ids_only: bool) -> list[dict[str, Any]]:
    if ids_only:
        return [{"id": str(m.id), "similarity": round(m.similarity, 4)} for m in similar]
    return [
        {
            "id": str(m.id),
            "content": m.content,
            "similarity": round(m.similarity, 4),
            "memory_type": m.memory_type,
        }
        for m in similar
    ]


def _execute(
    conn: Conn,
    fact: CandidateFact,
    fact_hash: str,
    embedding: np.ndarray,
    decision: UpdateDecision,
    similar: list[SimilarMemory],
    ctx: FactContext,
    embedder: Embedder,
    began: float,
    *,
    view: NoteMemories | None = None,
) -> AppliedFact:
    target, counted = _target(conn, decision, ctx, view)
    if decision.target_id is not None and (target is None or target["status"] != "active"):
        # The target changed between decision and execution: keep the fact rather than lose it.
        decision = UpdateDecision(
            operation="ADD" if decision.operation in ("UPDATE", "REINFORCE") else "NOOP",
            reasoning="the memory the decision targeted changed meanwhile",
            model=decision.model,
        )
        target = None

    # A forget request's own words are what it asks to forget: its audit row keeps ids only.
    hard = (decision.operation == "DELETE" and decision.hard_delete) or fact.forget
    sensitive = fact.sensitivity_level != "normal"
    audit: dict[str, Any] = {
        "candidate_fact": _audit_fact(fact, ids_only=hard),
        "similar_memories": _audit_similar(similar, ids_only=hard or sensitive),
        "reasoning": None if hard else decision.reasoning,
        "model": decision.model,
        "input_tokens": decision.input_tokens,
        "output_tokens": decision.output_tokens,
        "job_id": ctx.job_id,
        "source_id": ctx.source_id,
    }
    if _renames(fact):
        # Before the fact links its mentions, so "Michael" finds the renamed node rather than a new one.
        assert fact.subject and fact.value
        correct_name_everywhere(
            conn, ctx.user_id, fact.subject, fact.value, embedder=embedder, at=ctx.observed_at,
            decision=decision, source_id=ctx.source_id, job_id=ctx.job_id,
        )  # fmt: skip
    op = decision.operation
    applied: AppliedFact
    if op == "ADD":
        applied = _add(conn, fact, fact_hash, embedding, ctx, embedder, similar, decision, view=view)
    elif op == "REINFORCE":
        assert target is not None
        applied = _reinforce(conn, fact, target, ctx, decision, counted=counted, view=view)
    elif op == "UPDATE" and decision.strategy == "supersede":
        assert target is not None
        applied = _supersede(conn, fact, fact_hash, embedding, target, ctx, embedder, decision)
        audit.update(old_content=target["content"], old_version=target["version"])
    elif op == "UPDATE":
        assert target is not None
        applied = _update_in_place(conn, fact, target, ctx, embedder, decision, counted=counted)
        audit.update(old_content=target["content"], old_version=target["version"])
    elif op == "DELETE" or fact.forget:
        applied = _delete(conn, fact, target, ctx, decision)
        audit.update(_delete_audit(applied, target, hard=hard))
    else:
        applied = AppliedFact(
            OperationResult(operation="NOOP", memory_id=decision.target_id, reasoning=decision.reasoning)
        )

    result = applied.result
    if op == "UPDATE":
        audit.update(
            merge_strategy=decision.strategy,
            new_content=result.content,
            new_version=target["version"] + 1 if target else None,
        )
    audit["memory_id"] = result.memory_id
    audit["latency_ms"] = int((time.perf_counter() - began) * 1000)
    insert_operation(conn, ctx.user_id, operation=result.operation, **audit)
    return applied


def _renames(fact: CandidateFact) -> bool:
    """A correction of someone's name: it renames them everywhere (`correct_name_everywhere`)."""
    return bool(fact.is_correction and fact.attribute == "name" and fact.subject and fact.value)


def _target(
    conn: Conn, decision: UpdateDecision, ctx: FactContext, view: NoteMemories | None
) -> tuple[dict[str, Any] | None, bool]:
    """The memory the decision changes, and whether the fact's source already counted a mention of it."""
    if decision.target_id is None:
        return None, False
    known = view.target(decision.target_id) if view is not None else None
    if known is not None:
        return known
    target = memory_repo.memory_to_change(conn, ctx.user_id, decision.target_id, source_id=ctx.source_id)
    return target, bool(target and target.pop("counted_by_source"))


def _add(
    conn: Conn,
    fact: CandidateFact,
    fact_hash: str,
    embedding: np.ndarray,
    ctx: FactContext,
    embedder: Embedder,
    similar: list[SimilarMemory],
    decision: UpdateDecision,
    *,
    view: NoteMemories | None = None,
) -> AppliedFact:
    columns = _columns_for(fact, fact_hash, embedding, ctx, embedder)
    if decision.new_content and decision.new_content != fact.content:
        columns["content"] = decision.new_content
        columns["content_hash"] = content_hash(decision.new_content)
        columns["embedding"] = embedder.embed_one(decision.new_content)
    row = memory_repo.insert_memory(conn, ctx.user_id, columns)
    memory_repo.insert_version(
        conn, ctx.user_id, row, operation="ADD", strategy=None, changed_by=decision.model
    )
    related = next(
        (
            m
            for m in similar
            if m.similarity >= EXTENDS_SIMILARITY
            and fact.subject
            and m.subject
            and m.subject.lower() == fact.subject.lower()
        ),
        None,
    )
    if related is not None:
        memory_repo.insert_relation(
            conn, ctx.user_id, row["id"], related.id, "extends", confidence=related.similarity
        )
    entities = view.entities if view is not None else None
    entity_ids = link_graph(conn, fact, row, ctx, may_have_claims=False, entities=entities)
    return AppliedFact(
        OperationResult(
            operation="ADD", memory_id=row["id"], reasoning=decision.reasoning, content=row["content"]
        ),
        entity_ids,
        written=row,
    )


def evidence_within(evidence: str | None, level: str) -> str | None:
    """The sentence a fact was read from, unless it says more than a memory at `level` may show (by the
    order reads apply a ceiling in): "Rosalind is my friend", read again from "Rosalind started
    chemotherapy", must not carry the chemotherapy to every read that shows the friendship."""
    if not evidence or SENSITIVITY_ORDER[sensitivity_of(evidence)[1]] <= SENSITIVITY_ORDER.get(level, 0):
        return evidence
    return None


def _reinforce(
    conn: Conn,
    fact: CandidateFact,
    target: dict[str, Any],
    ctx: FactContext,
    decision: UpdateDecision,
    *,
    counted: bool,
    view: NoteMemories | None = None,
) -> AppliedFact:
    added = evidence_within(fact.evidence, target["sensitivity_level"])
    evidence = cap_evidence("; ".join(e for e in (added, target["evidence"]) if e))
    changes: dict[str, Any] = {
        "evidence": evidence,
        "provenance": memory_repo.merge_provenance(
            target["provenance"], [p.model_dump() for p in fact.provenance]
        ),
    }
    if not counted:  # one mention per note (module docstring)
        changes.update(
            confidence=min(1.0, round(target["confidence"] + REINFORCE_STEP, 3)),
            last_reinforced_at=datetime.now(ctx.observed_at.tzinfo),
            mention_count=target["mention_count"] + 1,
        )
    row = memory_repo.change_memory(conn, ctx.user_id, target, changes)
    entity_ids = link_graph(
        conn, fact, row, ctx,
        may_have_claims=view is None or view.has_claims(row["id"]),
        entities=view.entities if view is not None else None,
    )  # fmt: skip
    return AppliedFact(
        OperationResult(
            operation="REINFORCE", memory_id=row["id"], reasoning=decision.reasoning, content=row["content"]
        ),
        entity_ids,
        written=row,
    )


def _update_in_place(
    conn: Conn,
    fact: CandidateFact,
    target: dict[str, Any],
    ctx: FactContext,
    embedder: Embedder,
    decision: UpdateDecision,
    *,
    counted: bool,
) -> AppliedFact:
    new_content = decision.new_content or fact.content
    metadata = dict(target["metadata"] or {})
    for key in ("subject", "attribute", "value"):
        if getattr(fact, key):
            metadata[key] = getattr(fact, key)
    changes: dict[str, Any] = {
        "content": new_content,
        "content_hash": content_hash(new_content),
        "embedding": embedder.embed_one(new_content),
        "embedding_model": embedder.model,
        "version": target["version"] + 1,
        "confidence": max(target["confidence"], clamp_confidence(fact.confidence)),
        "evidence": cap_evidence("; ".join(e for e in (fact.evidence, target["evidence"]) if e)),
        "provenance": memory_repo.merge_provenance(
            target["provenance"], [p.model_dump() for p in fact.provenance]
        ),
        "metadata": metadata,
        "last_reinforced_at": datetime.now(ctx.observed_at.tzinfo),
    }
    if not counted:
        changes["mention_count"] = target["mention_count"] + 1
    if decision.strategy == "replace" and fact.attribute == "name" and fact.value:
        changes["name"] = fact.value
    if fact.sensitivity_level != "normal" and target["sensitivity_level"] == "normal":
        changes["sensitivity_level"] = fact.sensitivity_level
    row = memory_repo.update_memory(conn, ctx.user_id, target["id"], changes)
    assert row is not None
    memory_repo.insert_version(
        conn, ctx.user_id, row, operation="UPDATE", strategy=decision.strategy, changed_by=decision.model
    )
    entity_ids = link_graph(conn, fact, row, ctx, replace_claims=decision.strategy == "replace")
    return AppliedFact(
        OperationResult(
            operation="UPDATE",
            memory_id=row["id"],
            strategy=decision.strategy,
            reasoning=decision.reasoning,
            content=new_content,
        ),
        entity_ids,
    )


def _supersede(
    conn: Conn,
    fact: CandidateFact,
    fact_hash: str,
    embedding: np.ndarray,
    target: dict[str, Any],
    ctx: FactContext,
    embedder: Embedder,
    decision: UpdateDecision,
) -> AppliedFact:
    """A life change: the old fact becomes history (not wrong, just past); the new one is current."""
    columns = _columns_for(fact, fact_hash, embedding, ctx, embedder)
    if decision.new_content and decision.new_content != fact.content:
        columns.update(
            content=decision.new_content,
            content_hash=content_hash(decision.new_content),
            embedding=embedder.embed_one(decision.new_content),
        )
    columns.update(
        supersedes_id=target["id"],
        parent_id=target["id"],
        root_id=target["root_id"] or target["id"],
        version=target["version"] + 1,
        provenance=memory_repo.merge_provenance(target["provenance"], columns["provenance"]),
        mention_count=1,
    )
    new_row = memory_repo.insert_memory(conn, ctx.user_id, columns)
    retired: dict[str, Any] = {
        "status": "superseded",
        "is_historical": True,
        # never before it became true: a note observed earlier than the memory it replaces (an import
        # out of order, or two concurrent writes of one user) ends it where it began
        "valid_to": max(ctx.observed_at, target["valid_from"] or ctx.observed_at),
        "superseded_by": new_row["id"],
    }
    if decision.corrects:  # a value said to be wrong never held: kept for the record, no history to search
        retired["metadata"] = {**(target["metadata"] or {}), CORRECTED_METADATA: True}
    memory_repo.update_memory(conn, ctx.user_id, target["id"], retired)
    memory_repo.insert_version(
        conn, ctx.user_id, new_row, operation="UPDATE", strategy="supersede", changed_by=decision.model
    )
    memory_repo.insert_relation(
        conn, ctx.user_id, new_row["id"], target["id"], "supersedes", evidence=cap_evidence(fact.evidence)
    )
    entity_ids = link_graph(conn, fact, new_row, ctx, retired=[target["id"]], may_have_claims=False)
    return AppliedFact(
        OperationResult(
            operation="UPDATE",
            memory_id=new_row["id"],
            strategy="supersede",
            reasoning=decision.reasoning,
            previous_memory_id=target["id"],
            content=new_row["content"],
        ),
        entity_ids,
        superseded_content=target["content"],
    )


def _delete_audit(applied: AppliedFact, target: dict[str, Any] | None, *, hard: bool) -> dict[str, Any]:
    """A DELETE's audit fields: ids only (every memory a forget request removed), never content."""
    memory_id = applied.result.memory_id
    if applied.result.operation != "DELETE" or memory_id is None:
        return {}
    return {
        "hard_delete": hard,
        "deleted_snapshot": {"id": str(memory_id)}
        | ({"memory_type": target["memory_type"]} if target is not None else {}),
        "affected_memory_ids": applied.forgotten or [memory_id],
    }


def _delete(
    conn: Conn, fact: CandidateFact, target: dict[str, Any] | None, ctx: FactContext, decision: UpdateDecision
) -> AppliedFact:
    if fact.forget:
        # One fact, or every memory of a topic with its pronoun follow-ups (engram.pipeline.topic_forget).
        hard_target = target["id"] if target is not None and decision.operation == "DELETE" else None
        ids = forget_request(conn, ctx.user_id, fact, hard_target, request_source=ctx.source_id)
        if not ids:
            return AppliedFact(OperationResult(operation="NOOP", reasoning=decision.reasoning))
        result = OperationResult(
            operation="DELETE", memory_id=ids[0], reasoning="deleted at the user's request"
        )
        return AppliedFact(result, forgotten=ids)
    assert target is not None
    if decision.hard_delete:
        forget_row(conn, ctx.user_id, target["id"], request_source=ctx.source_id)
        reasoning = "deleted at the user's request"
    else:
        archive_row(conn, ctx.user_id, target, at=ctx.observed_at)
        reasoning = decision.reasoning
    return AppliedFact(OperationResult(operation="DELETE", memory_id=target["id"], reasoning=reasoning))


def _true_since(fact: CandidateFact, ctx: FactContext) -> datetime:
    """When what the fact states began: its effective date, a past event date, or when it was said."""
    if fact.effective_from is not None:
        return fact.effective_from
    if fact.event_date is not None and fact.event_date <= ctx.observed_at:
        return fact.event_date
    return ctx.observed_at
