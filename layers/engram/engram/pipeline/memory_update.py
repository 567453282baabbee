"""`POST /v1/memory-update`: phase 2 for one fact the client extracted itself.

The fact passes the same privacy filter as analyzed content before anything is stored, every text
field of it, not only its content.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from engram.db.connection import get_database
from engram.db.repositories.preferences import get_preferences
from engram.db.repositories.sources import get_source
from engram.engines.factory import get_decider
from engram.errors import NotFound
from engram.language.privacy import PLACEHOLDER_MARK, redact_model
from engram.models import CandidateFact, MemoryUpdateRequest, OperationResult
from engram.pipeline.analyze import keep_fact
from engram.pipeline.update import FactContext, apply_fact
from engram.providers.spaces import user_embedder


def redact_fact(fact: CandidateFact) -> CandidateFact:
    """The fact with secrets out of every text field (content, evidence, value, subject, outcome,
    recurrence ...); an entity whose name held a secret is dropped rather than linked, and provenance
    message ids that held one become digests (they only have to stay distinct)."""
    fact, _ = redact_model(fact, identifiers=("source_id", "message_ids"))
    entities = [entity for entity in fact.entities if PLACEHOLDER_MARK not in entity.name]
    if len(entities) != len(fact.entities):
        fact = fact.model_copy(update={"entities": entities})
    return fact


def update_memory_from_fact(user_id: str, request: MemoryUpdateRequest) -> dict[str, Any]:
    db = get_database()
    fact = redact_fact(request.candidate_fact)
    observed_at = request.observed_at or datetime.now(UTC)
    if observed_at.tzinfo is None:
        observed_at = observed_at.replace(tzinfo=UTC)
    with db.user_transaction(user_id) as conn:
        prefs = get_preferences(conn, user_id)
        if request.source_id is not None and get_source(conn, user_id, request.source_id) is None:
            raise NotFound("no such source", field="source_id")
    if not keep_fact(fact, prefs):
        result = OperationResult(
            operation="NOOP", reasoning="not stored: secret, disabled category or never-store topic"
        )
        return result.model_dump(mode="json", exclude_none=True)
    embedder = user_embedder(user_id, db=db)
    ctx = FactContext(
        user_id=user_id,
        observed_at=observed_at,
        source_id=request.source_id,
        document_date=observed_at,
        preferences=prefs,
    )
    applied = apply_fact(
        db,
        fact,
        embedder.embed_one(fact.content),
        ctx,
        decider=get_decider(),
        embedder=embedder,
        extra_similar_ids=list(request.similar_memories),
    )
    return applied.result.model_dump(mode="json", exclude_none=True)
