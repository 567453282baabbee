"""`POST /v1/feedback`: the user's verdict on a memory or on a recall.

Note feedback on a memory changes it, in ONE transaction with the feedback row, so the row is
never stored without its effect (or the effect without the row):

- approve: confidence +0.1 (at most 1.0), reinforced now, a `candidate` becomes `active`;
- reject: confidence -0.2; below the 0.3 floor the memory is archived instead (and audited as a soft
  DELETE), its confidence stored at the floor because the column's CHECK keeps it in 0.3-1.0;
- edit: exactly what `PUT /v1/memories/{id}` does (a new version, audited);
- comment: the feedback row only.

Approve, reject and edit need an active memory (409 otherwise: there is nothing to strengthen or
fix in a row that is already history); a comment can be left on any memory.

Recall feedback teaches retrieval, in the same transaction as its row: the memories a
helpful recall used gain salience (+0.1) and a little confidence (+0.05), a `candidate` becomes
`active`; an unhelpful recall costs them salience (-0.15) and confidence (-0.05, never below the
floor). A `correction` is what the user says is true instead: it enters the write path as a new
explicit note (`POST /v1/analyze`), so it supersedes, updates or adds exactly as if the user had said
it, and the response carries that analysis.

Note feedback on an entity note (`note_id`) is recorded only.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal
from uuid import UUID

from pydantic import BaseModel

from engram.db.connection import Conn, get_database
from engram.db.repositories import feedback as feedback_repo
from engram.db.repositories import memories as memory_repo
from engram.errors import Conflict, NotFound
from engram.language.privacy import redact_model
from engram.models import CONFIDENCE_MAX, CONFIDENCE_MIN, AnalyzeRequest, FeedbackRequest, Memory, SourceSpec
from engram.pipeline.analyze import analyze
from engram.pipeline.edits import apply_user_edit, archive_memory, to_memory
from engram.providers.spaces import user_embedder

APPROVE_STEP = 0.1
REJECT_STEP = 0.2
HELPFUL_SALIENCE, HELPFUL_CONFIDENCE = 0.1, 0.05
UNHELPFUL_SALIENCE, UNHELPFUL_CONFIDENCE = -0.15, -0.05

FeedbackEffect = Literal[
    "confidence_raised",
    "confidence_lowered",
    "archived",
    "edited",
    "recorded",
    "salience_raised",
    "salience_lowered",
]


class FeedbackResult(BaseModel):
    """What the feedback did; `memory` is the memory as it now is (null for notes and recalls)."""

    feedback_id: UUID
    memory: Memory | None = None
    effect: FeedbackEffect
    adjusted: list[dict[str, Any]] | None = None  # recall: each memory's new salience/confidence/state
    correction: dict[str, Any] | None = None  # recall: the analysis of the correction


def record_feedback(user_id: str, request: FeedbackRequest) -> FeedbackResult:
    """Store the feedback and apply its effect (see the module docstring)."""
    request, _ = redact_model(request)  # comment, new content, query and correction alike
    if request.kind == "recall":
        return _record_recall(user_id, request)
    if request.note_id is not None:
        return _record_note(user_id, request, request.note_id)
    assert request.memory_id is not None and request.action is not None  # FeedbackRequest guarantees it
    new_content = request.new_content
    embedder = user_embedder(user_id)
    # Embed before the transaction: a slow provider must not hold the memory's row lock.
    embedding = embedder.embed_one(new_content) if new_content is not None else None
    with get_database().user_transaction(user_id) as conn:
        target = memory_repo.get_memory(conn, user_id, request.memory_id, for_update=True)
        if target is None:
            raise NotFound("no such memory", field="memory_id")
        effect: FeedbackEffect
        row: dict[str, Any]
        if request.action == "comment":
            row, effect = target, "recorded"
        elif request.action == "edit":
            assert new_content is not None
            row = apply_user_edit(
                conn,
                user_id,
                target,
                {"content": new_content},
                embedding=embedding,
                embedding_model=embedder.model,
                field="memory_id",
            )
            effect = "edited"
        elif request.action == "approve":
            row, effect = _approve(conn, user_id, _active(target)), "confidence_raised"
        else:
            row, effect = _reject(conn, user_id, _active(target))
        feedback_id = feedback_repo.insert_feedback(
            conn,
            user_id,
            kind="note",
            action=request.action,
            memory_id=request.memory_id,
            comment=request.comment,
            new_content=new_content,
        )
    return FeedbackResult(feedback_id=feedback_id, memory=to_memory(row), effect=effect)


def _active(target: dict[str, Any]) -> dict[str, Any]:
    if target["status"] != "active":
        status = target["status"]
        raise Conflict(f"only active memories take this feedback; this one is {status}", field="memory_id")
    return target


def _approve(conn: Conn, user_id: str, target: dict[str, Any]) -> dict[str, Any]:
    changes: dict[str, Any] = {
        "confidence": round(min(CONFIDENCE_MAX, target["confidence"] + APPROVE_STEP), 3),
        "last_reinforced_at": datetime.now(UTC),
    }
    if target["state"] == "candidate":
        changes["state"] = "active"
    row = memory_repo.update_memory(conn, user_id, target["id"], changes)
    assert row is not None  # locked above
    return row


def _reject(conn: Conn, user_id: str, target: dict[str, Any]) -> tuple[dict[str, Any], FeedbackEffect]:
    # Rounded first: the column is a float4, and 0.7 read back minus two steps must land on 0.3, not
    # a hair below it.
    lowered = round(target["confidence"] - REJECT_STEP, 3)
    if lowered < CONFIDENCE_MIN:
        archived = archive_memory(
            conn, user_id, target, reasoning="rejected by the user", extra={"confidence": CONFIDENCE_MIN}
        )
        return archived, "archived"
    row = memory_repo.update_memory(conn, user_id, target["id"], {"confidence": lowered})
    assert row is not None  # locked above
    return row, "confidence_lowered"


def _record_note(user_id: str, request: FeedbackRequest, note_id: UUID) -> FeedbackResult:
    with get_database().user_transaction(user_id) as conn:
        if not feedback_repo.entity_note_exists(conn, user_id, note_id):
            raise NotFound("no such note", field="note_id")
        feedback_id = feedback_repo.insert_feedback(
            conn,
            user_id,
            kind="note",
            action=request.action,
            note_id=note_id,
            comment=request.comment,
            new_content=request.new_content,
        )
    return FeedbackResult(feedback_id=feedback_id, effect="recorded")


def _record_recall(user_id: str, request: FeedbackRequest) -> FeedbackResult:
    """Store the verdict and apply it to the memories it names; a correction is then analyzed.

    Only ids of the caller's own memories are kept: a recall can name nothing else, and dropping
    the rest (rather than refusing) says nothing about whether they exist.
    """
    helpful = bool(request.helpful)
    with get_database().user_transaction(user_id) as conn:
        memory_ids = memory_repo.owned_memory_ids(conn, user_id, request.memory_ids)
        correction = request.correction
        feedback_id = feedback_repo.insert_feedback(
            conn,
            user_id,
            kind="recall",
            query=request.query,
            memory_ids=memory_ids,
            helpful=request.helpful,
            correction=correction,
            comment=request.comment,
        )
        adjusted = feedback_repo.apply_recall_verdict(
            conn,
            user_id,
            memory_ids,
            salience_delta=HELPFUL_SALIENCE if helpful else UNHELPFUL_SALIENCE,
            confidence_delta=HELPFUL_CONFIDENCE if helpful else UNHELPFUL_CONFIDENCE,
            confidence_floor=CONFIDENCE_MIN,
        )
    analysis = None
    if correction:
        # After the verdict committed: a correction the model cannot read must not undo the verdict.
        outcome = analyze(
            user_id,
            AnalyzeRequest(
                content=correction,
                source=SourceSpec(type="feedback"),
                idempotency_key=f"feedback:{feedback_id}",
            ),
        )
        analysis = outcome.body
    effect: FeedbackEffect = "recorded"
    if adjusted:
        effect = "salience_raised" if helpful else "salience_lowered"
    return FeedbackResult(
        feedback_id=feedback_id,
        effect=effect,
        adjusted=[{k: str(v) if k == "id" else v for k, v in row.items()} for row in adjusted],
        correction=analysis,
    )
