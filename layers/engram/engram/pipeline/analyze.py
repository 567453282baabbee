"""`POST /v1/analyze`: store the source first, then extract (phase 1), then decide per fact (phase 2).

Nothing the user sent is lost: the (redacted) source row is committed before any model runs. With
`"async": false` everything happens inline and the response lists the operations; otherwise an
`extract` job is queued and the response lists it (`GET /v1/jobs/{id}`). An idempotency key makes a
retried request return the first response and write nothing twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from uuid import UUID

from aws_lambda_powertools.metrics import MetricUnit

from engram.config import get_settings
from engram.db.connection import Conn, Database, get_database
from engram.db.repositories import context as context_repo
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import sources as source_repo
from engram.db.repositories.jobs import completed_job_results, count_open_jobs_for_source
from engram.db.repositories.preferences import get_preferences
from engram.domain.jobs import Job, NewJob
from engram.engines.factory import get_decider, get_extractor
from engram.engines.ports import Decider, ExtractionInput, KnownFact, TurnInput
from engram.errors import DecisionFailed, ExtractionFailed, NotFound
from engram.jobs.port import JobTransaction
from engram.jobs.queue import get_job_queue
from engram.language.forgetting import REDACTED
from engram.language.privacy import matches_topics, redact_model
from engram.models import AnalyzeRequest, CandidateFact, ExtractionResult, MemoryPreferences
from engram.observability import logger, metrics
from engram.pipeline import conversation, shared_sources
from engram.pipeline.update import AppliedFact, FactContext, apply_fact, apply_facts_together, evidence_within
from engram.providers.base import Embedder
from engram.providers.spaces import user_embedder
from engram.ranking import DEFAULT_MAX_CHARS, rank_facts

if TYPE_CHECKING:
    import numpy as np

PATTERN_WINDOW_DAYS = 14
PATTERN_MIN_SOURCES = 3
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")


# --- request -> stored source ------------------------------------------------------------------------


def _aware(moment: datetime | None) -> datetime | None:
    if moment is None:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def observation_time(request: AnalyzeRequest, now: datetime) -> datetime:
    """When the content was said: the source's document date, else the first message's timestamp."""
    if request.source and request.source.document_date:
        return _aware(request.source.document_date) or now
    for message in request.messages or []:
        if message.timestamp:
            return _aware(message.timestamp) or now
    return now


def _drop_never_store(text: str, topics: list[str]) -> str:
    if not topics:
        return text
    kept = [s for s in _SENTENCES.split(text) if s.strip() and not matches_topics(s, topics)]
    return " ".join(kept)


# Keys and ids the client uses to find things again: kept whole when clean, a digest when they held a
# secret, so two different values never collide once redacted.
# Member user ids (a message's speaker, a shared source's participants) are identifiers too: they were
# checked against the team before redaction and must still name those members after it.
ANALYZE_IDENTIFIERS = frozenset(
    {"idempotency_key", "id", "external_id", "conversation_id", "user_id", "participants"}
)


def redact_request(request: AnalyzeRequest) -> tuple[AnalyzeRequest, list[str]]:
    """The request with secrets out of every text field it has, before anything is written anywhere.

    Content and message contents (assistant turns too), speaker names, source type, tags,
    participants and ids all pass the privacy filter; a speaker name that held a secret is dropped
    (it would otherwise become a person in the graph).
    """
    return redact_model(request, identifiers=ANALYZE_IDENTIFIERS, dropped=("name",))


def redact_turns(turns: list[TurnInput], prefs: MemoryPreferences) -> list[TurnInput]:
    """Never-store sentences out of already-redacted turns (`redact_request` took the secrets)."""
    return [replace(turn, content=_drop_never_store(turn.content, prefs.never_store)) for turn in turns]


def _raw_content(request: AnalyzeRequest, turns: list[TurnInput]) -> dict[str, Any]:
    if request.content is not None:
        return {"kind": "note", "content": turns[0].content}
    return {"kind": "conversation", "messages": [conversation.turn_to_state(t) for t in turns]}


def _source_text(turns: list[TurnInput]) -> str:
    return "\n".join(f"{t.name}: {t.content}" if t.name else t.content for t in turns if t.content)


@dataclass
class AnalyzeOutcome:
    status_code: int
    body: dict[str, Any]


def analyze(user_id: str, request: AnalyzeRequest, *, now: datetime | None = None) -> AnalyzeOutcome:
    db = get_database()
    now = now or datetime.now(UTC)
    observed_at = observation_time(request, now)
    # Read, redacted and stored in one transaction: what the user sent is kept before any processing.
    with db.user_transaction(user_id) as conn:
        prefs = get_preferences(conn, user_id)
        participants = shared_sources.admit(conn, user_id, request)
        request, secret_kinds = redact_request(request)
        turns = redact_turns(conversation.request_turns(request, observed_at), prefs)
        fields = _source_fields(request, turns, participants, observed_at)
        source, created = source_repo.insert_source(conn, user_id, fields)
    if secret_kinds:
        logger.info("secrets redacted before storage", extra={"kinds": secret_kinds})
    if not created:
        return _replay(source)
    # The other participants' extractions are queued before the caller's runs: theirs never depend on it.
    shared = get_job_queue().submit(shared_sources.participant_jobs(source["id"], participants, user_id))
    outcome = _process(db, user_id, request, source)
    if shared:
        outcome.body["shared_with"] = [j.user_id for j in shared]
    return outcome


def _source_fields(
    request: AnalyzeRequest, turns: list[TurnInput], participants: list[str], observed_at: datetime
) -> dict[str, Any]:
    spec = request.source
    return {
        "source_type": spec.type if spec else ("conversation" if request.messages else "note"),
        "context_type": spec.context_type if spec else None,
        "external_id": spec.external_id if spec else None,
        "team_id": spec.team_id if spec else None,
        "participants": participants or (spec.participants if spec else []),
        "tags": spec.tags if spec else [],
        "conversation_id": spec.conversation_id if spec else None,
        "document_date": observed_at,
        "started_at": observed_at,
        "ended_at": max((t.timestamp for t in turns if t.timestamp), default=None),
        "raw_content": _raw_content(request, turns) | {"include_assistant": request.include_assistant},
        "content": _source_text(turns),
        "idempotency_key": request.idempotency_key,
    }


def _process(db: Database, user_id: str, request: AnalyzeRequest, source: dict[str, Any]) -> AnalyzeOutcome:
    """The caller's own extraction of a stored source: queued, or inline."""
    if request.run_async:
        jobs = get_job_queue().submit(
            # Default attempts: a worker that died mid-job is retried (the job applies its effects once);
            # an extraction that failed after the extractor's own retry is not (`ExtractionFailed`).
            [NewJob(user_id=user_id, job_type="extract", payload={}, source_id=source["id"])]
        )
        body = {"source_id": str(source["id"]), "status": "queued", "jobs": [_job_ref(j) for j in jobs]}
        with db.user_transaction(user_id) as conn:
            source_repo.mark_source(conn, user_id, source["id"], "raw", response=body)
        return AnalyzeOutcome(202, body)

    try:
        body = process_source(db, user_id, source["id"])
    except ExtractionFailed as exc:
        return AnalyzeOutcome(
            502,
            {
                "error": {"code": exc.code, "message": exc.message},
                "source_id": str(source["id"]),
                "status": "failed",
            },
        )
    return AnalyzeOutcome(200 if body["status"] == "extracted" else 202, body)


def _replay(source: dict[str, Any]) -> AnalyzeOutcome:
    """A retried request: the first response if there is one, else where the first one stands."""
    if source["response"]:
        return AnalyzeOutcome(200, source["response"] | {"idempotent_replay": True})
    return AnalyzeOutcome(
        202,
        {"source_id": str(source["id"]), "status": source["processing_status"], "idempotent_replay": True},
    )


def _job_ref(job: Job) -> dict[str, Any]:
    return {"id": str(job.id), "job_type": job.job_type, "status": job.status}


# --- phase 1 and 2 for a stored source -----------------------------------------------------------------


def _known(rows: list[dict[str, Any]]) -> tuple[list[KnownFact], list[KnownFact]]:
    facts = [KnownFact(r["content"], r["confidence"], r["learned_at"]) for r in rows]
    ranked = rank_facts(facts, DEFAULT_MAX_CHARS)
    return [f for f in ranked if f.confidence >= 0.6], [f for f in ranked if f.confidence < 0.6]


def _missing(known: list[KnownFact], rows: list[dict[str, Any]]) -> list[KnownFact]:
    """The facts of `rows` that `known` does not hold yet."""
    held = {fact.content for fact in known}
    return [
        KnownFact(r["content"], r["confidence"], r["learned_at"]) for r in rows if r["content"] not in held
    ]


def _stored_turns(source: dict[str, Any]) -> list[TurnInput]:
    raw = source["raw_content"] or {}
    if raw.get("kind") == "conversation":
        return [conversation.turn_from_state(m) for m in raw.get("messages", [])]
    return [TurnInput(content=raw.get("content") or source["content"], timestamp=source["document_date"])]


def keep_fact(fact: CandidateFact, prefs: MemoryPreferences) -> bool:
    """Preferences decide what may be stored; observations (inferred, < min) are kept as observations."""
    if "[redacted:" in fact.content:
        return False
    if fact.memory_type not in prefs.enabled_categories and not fact.forget:
        return False
    if not fact.forget and prefs.never_store and matches_topics(fact.content, prefs.never_store):
        return False
    return fact.forget or fact.source_type == "inferred" or fact.confidence >= prefs.min_confidence


@dataclass
class Extraction:
    """Phase 1's outcome for a stored source, before anything of it is written (`record_extraction`)."""

    source: dict[str, Any]
    result: ExtractionResult
    facts: list[CandidateFact]
    preferences: MemoryPreferences
    state: dict[str, Any] | None
    recent: list[TurnInput]
    turns: list[TurnInput]
    at: datetime

    @property
    def observed_at(self) -> datetime:
        return self.source["document_date"] or self.at


def extract_source(db: Database, user_id: str, source_id: UUID) -> Extraction:
    """Phase 1 for a stored source: read it and run the extractor; raises ExtractionFailed (after the
    extractor's one retry, with the source marked failed). Writes nothing else: `record_extraction`
    stores the outcome in the caller's transaction."""
    now = datetime.now(UTC)
    with db.user_transaction(user_id) as conn:
        source = source_repo.readable_source(conn, user_id, source_id)
        if source is None:
            raise NotFound("no such source", field="source_id")
        # Each processing cycle also drops the user's observations that went stale.
        stale = context_repo.delete_stale_observations(conn, user_id, now)
        prefs = get_preferences(conn, user_id)
        established, observations = _known(context_repo.known_facts(conn, user_id, now))
        established += _missing(established, context_repo.current_medications(conn, user_id))
        people = context_repo.known_people(conn, user_id)
        state = (
            context_repo.get_conversation_state(conn, user_id, source["conversation_id"])
            if source["conversation_id"]
            else None
        )
    if stale:
        metrics.add_metric(name="stale_deleted", unit=MetricUnit.Count, value=stale)
    include_assistant = bool((source["raw_content"] or {}).get("include_assistant"))
    all_turns = shared_sources.as_read_by(_stored_turns(source), user_id, source["user_id"])
    turns, assistant_included = conversation.extractable(all_turns, include_assistant)
    if assistant_included:
        metrics.add_metric(name="assistant_included", unit=MetricUnit.Count, value=assistant_included)
    recent = [conversation.turn_from_state(m) for m in (state or {}).get("recent_messages", [])]
    inp = ExtractionInput(
        source_id=str(source_id),
        turns=[t for t in turns if t.content.strip()],
        observed_at=source["document_date"] or now,
        source_type=source["source_type"],
        previous_message=recent[-1] if recent else None,
        recent_messages=recent[-conversation.MAX_RECENT_MESSAGES :],
        conversation_summary=(state or {}).get("rolling_summary", ""),
        established_facts=established,
        recent_observations=observations,
        known_people=people,
        preferences=prefs,
    )
    try:
        result = get_extractor().extract(inp) if inp.turns else ExtractionResult()
    except ExtractionFailed as exc:
        metrics.add_metric(name="poison", unit=MetricUnit.Count, value=1)
        with db.user_transaction(user_id) as conn:
            source_repo.mark_source(conn, user_id, source_id, "failed", error=exc.message, count_attempt=True)
        raise
    facts = [_evidence_at_its_level(f) for f in result.facts if keep_fact(f, prefs)]
    return Extraction(source, result, facts, prefs, state, recent, all_turns, now)


def _evidence_at_its_level(fact: CandidateFact) -> CandidateFact:
    """A fact derived from a more sensitive sentence ("Rosalind is someone I know" from "Rosalind started
    chemotherapy") keeps no copy of it: its evidence would show what its level hides."""
    evidence = evidence_within(fact.evidence, fact.sensitivity_level)
    return fact if evidence == fact.evidence else fact.model_copy(update={"evidence": evidence})


def record_extraction(conn: Conn, user_id: str, extraction: Extraction) -> None:
    """Phase 1's writes, in the caller's transaction: the source is processed, the conversation's
    rolling state has taken in its turns (once: a second call would append them again)."""
    source, result, state = extraction.source, extraction.result, extraction.state
    source_repo.mark_source(
        conn, user_id, source["id"], "processed", count_attempt=True, summary=result.summary
    )
    if source["conversation_id"]:
        all_turns = extraction.turns
        merged = [*extraction.recent, *all_turns][-conversation.MAX_RECENT_MESSAGES :]
        context_repo.save_conversation_state(
            conn,
            user_id,
            source["conversation_id"],
            rolling_summary=result.summary
            or conversation.rolling_summary(
                (state or {}).get("rolling_summary", ""), [f.content for f in extraction.facts]
            ),
            recent_messages=[conversation.turn_to_state(t) for t in merged],
            last_message_id=all_turns[-1].message_id if all_turns else None,
            last_processed_at=extraction.at,
            added_messages=len(all_turns),
        )


def process_source(db: Database, user_id: str, source_id: UUID) -> dict[str, Any]:
    """Extract, then apply each fact inline; returns the response (a request with `"async": false`)."""
    extraction = extract_source(db, user_id, source_id)
    embedder, decider = user_embedder(user_id, db=db), get_decider()
    facts = extraction.facts
    embeddings = list(embedder.embed([f.content for f in facts])) if facts else []
    ctx = FactContext(
        user_id=user_id,
        observed_at=extraction.observed_at,
        source_id=source_id,
        document_date=extraction.source["document_date"],
        preferences=extraction.preferences,
    )
    if decider.local:
        # One transaction records the extraction, applies every fact and stores the response (the
        # pipelined statements travel together): a note lands whole, or stays stored to be processed again.
        with db.user_transaction(user_id, memory_writes=True) as conn, conn.pipeline():
            record_extraction(conn, user_id, extraction)
            applied, undecided = apply_facts_together(
                conn, facts, embeddings, ctx, decider=decider, embedder=embedder
            )
            if not undecided:
                body = _finalize_in(
                    conn, user_id, source_id, ctx.observed_at, extraction.result, facts, applied, []
                )
        metrics.add_metric(name="success", unit=MetricUnit.Count, value=1)
        if not undecided:
            return body
    else:
        with db.user_transaction(user_id) as conn:
            record_extraction(conn, user_id, extraction)
        metrics.add_metric(name="success", unit=MetricUnit.Count, value=1)
        applied, undecided = _apply_one_by_one(db, facts, embeddings, ctx, decider, embedder)
    jobs = (
        get_job_queue().submit(_retry_jobs(user_id, source_id, ctx.observed_at, undecided))
        if undecided
        else []
    )
    return finalize_source(db, user_id, source_id, ctx.observed_at, extraction.result, facts, applied, jobs)


def _retry_jobs(
    user_id: str, source_id: UUID, observed_at: datetime, facts: list[CandidateFact]
) -> list[NewJob]:
    """Never drop a fact: one the decider could not decide gets its own job, retried with backoff and
    visible if it fails."""
    return [
        NewJob(
            user_id=user_id,
            job_type="update",
            source_id=source_id,
            payload={"fact": fact.model_dump(mode="json"), "observed_at": observed_at.isoformat()},
            scheduled_for=datetime.now(UTC) + timedelta(seconds=get_settings().job_backoff_seconds),
        )
        for fact in facts
    ]


def _apply_one_by_one(
    db: Database,
    facts: list[CandidateFact],
    embeddings: list[np.ndarray],
    ctx: FactContext,
    decider: Decider,
    embedder: Embedder,
) -> tuple[list[AppliedFact], list[CandidateFact]]:
    """Each fact decided outside a transaction (a model call) and written in its own."""
    applied: list[AppliedFact] = []
    undecided: list[CandidateFact] = []
    for fact, embedding in zip(facts, embeddings, strict=True):
        try:
            applied.append(apply_fact(db, fact, embedding, ctx, decider=decider, embedder=embedder))
        except DecisionFailed as exc:
            logger.warning("decision failed; queued as a job", extra={"error_code": exc.code})
            undecided.append(fact)
    return applied, undecided


def finalize_source(
    db: Database,
    user_id: str,
    source_id: UUID,
    observed_at: datetime,
    result: ExtractionResult,
    facts: list[CandidateFact],
    applied: list[AppliedFact],
    pending_jobs: list[Job],
) -> dict[str, Any]:
    """The analyze response (stored for idempotent replays) with the insights of this source."""
    with db.user_transaction(user_id) as conn:
        return _finalize_in(conn, user_id, source_id, observed_at, result, facts, applied, pending_jobs)


def _finalize_in(
    conn: Conn,
    user_id: str,
    source_id: UUID,
    observed_at: datetime,
    result: ExtractionResult,
    facts: list[CandidateFact],
    applied: list[AppliedFact],
    pending_jobs: list[Job],
) -> dict[str, Any]:
    insights = _insights(conn, user_id, applied, observed_at)
    body: dict[str, Any] = {
        "source_id": str(source_id),
        "status": "processed" if pending_jobs else "extracted",
        "facts": [_fact_view(f) for f in facts],
        "operations": [a.result.model_dump(mode="json", exclude_none=True) for a in applied],
        "changes_detected": [c.model_dump() for c in result.changes_detected],
        "decisions": [d.model_dump() for d in result.decisions],
        "actions": [a.model_dump() for a in result.actions],
        "insights": insights,
    }
    if pending_jobs:
        body["jobs"] = [_job_ref(j) for j in pending_jobs]
    source_repo.mark_source(
        conn, user_id, source_id, "processed" if pending_jobs else "extracted", response=body
    )
    return body


def _fact_view(fact: CandidateFact) -> dict[str, Any]:
    if fact.forget:
        # The response is stored with the source: what the user asked to forget is not repeated in it.
        return {"content": REDACTED, "memory_type": fact.memory_type, "forget": True}
    return fact.model_dump(mode="json", exclude_none=True, exclude={"entities"}) | {
        "entities": [e.model_dump(exclude_none=True) for e in fact.entities]
    }


def _insights(
    conn: Any, user_id: str, applied: list[AppliedFact], observed_at: datetime
) -> list[dict[str, Any]]:
    """Pattern insights: an entity in 3+ sources of the 14 days up to this one; each supersede, plainly."""
    insights: list[dict[str, Any]] = []
    for item in applied:
        if item.result.strategy == "supersede" and item.superseded_content:
            insights.append(
                {
                    "type": "update",
                    "memory_id": str(item.result.memory_id),
                    "previous_memory_id": str(item.result.previous_memory_id),
                    "previous": item.superseded_content,
                    "current": item.result.content,
                    "message": f"Updated: {item.superseded_content} -> {item.result.content}",
                }
            )
    entity_ids = list(dict.fromkeys(e for item in applied for e in item.entity_ids))
    since = observed_at - timedelta(days=PATTERN_WINDOW_DAYS)
    for row in source_repo.count_recent_sources_mentioning(conn, user_id, entity_ids, since, observed_at):
        if row["sources"] >= PATTERN_MIN_SOURCES:
            insights.append(
                {
                    "type": "pattern",
                    "entity": row["name"],
                    "entity_id": str(row["entity_id"]),
                    "mentions": row["sources"],
                    "message": f"{row['name']} has been on your mind lately",
                }
            )
    return insights


# --- job handlers (registered by engram.pipeline.jobs) ----------------------------------------------------


EXTRACT_STEP = "extract"


def run_extract_job(user_id: str, job: Job) -> dict[str, Any]:
    """Phase 1 of a queued source, applied once however often the job runs.

    The extractor runs outside any transaction (a model call holds no locks); then one transaction
    claims the job's `extract` step, records the extraction (source processed, conversation state),
    inserts one `update` job per fact — or, with no fact, writes the source's final response — and
    records the child jobs' ids on the job. A rerun finds the step recorded: it neither extracts nor
    queues again, and re-announces the recorded children still pending (the first run may have died
    between its commit and its announcement; announcing twice is harmless, consumers start a job once).
    """
    assert job.source_id is not None
    db, queue = get_database(), get_job_queue()
    with db.user_transaction(user_id) as conn:
        recorded = jobs_repo.recorded_job_effects(conn, user_id, job.id, EXTRACT_STEP)
    if recorded is None:
        extraction = extract_source(db, user_id, job.source_id)
        with queue.transaction(user_id) as tx:
            recorded = jobs_repo.claim_job_effects(tx.conn, user_id, job.id, EXTRACT_STEP)
            if recorded is None:
                recorded = _queue_updates(tx, user_id, job, extraction)
                jobs_repo.record_job_effects(tx.conn, user_id, job.id, EXTRACT_STEP, recorded)
                metrics.add_metric(name="success", unit=MetricUnit.Count, value=1)
                return {"status": recorded["status"], "update_jobs": len(recorded["job_ids"])}
    # Applied by an earlier run: announce what it queued and is still waiting.
    with db.user_transaction(user_id) as conn:
        children = jobs_repo.get_jobs(conn, user_id, [UUID(j) for j in recorded["job_ids"]])
    queue.dispatch([j for j in children if j.status == "pending"])
    return {"status": recorded["status"], "update_jobs": len(recorded["job_ids"])}


def _queue_updates(tx: JobTransaction, user_id: str, job: Job, extraction: Extraction) -> dict[str, Any]:
    """The extract job's writes, in its claiming transaction; returns what the job records."""
    assert job.source_id is not None
    record_extraction(tx.conn, user_id, extraction)
    observed_at = extraction.observed_at
    children = tx.submit(
        [
            NewJob(
                user_id=user_id,
                job_type="update",
                source_id=job.source_id,
                payload={"fact": fact.model_dump(mode="json"), "observed_at": observed_at.isoformat()},
            )
            for fact in extraction.facts
        ]
    )
    if not children:
        _finalize_in(
            tx.conn, user_id, job.source_id, observed_at, extraction.result, extraction.facts, [], []
        )
    return {"status": "processed" if children else "extracted", "job_ids": [str(j.id) for j in children]}


def run_update_job(user_id: str, job: Job) -> dict[str, Any]:
    db = get_database()
    fact = CandidateFact.model_validate(job.payload["fact"])
    observed_at = datetime.fromisoformat(job.payload["observed_at"])
    with db.user_transaction(user_id) as conn:
        prefs = get_preferences(conn, user_id)
    embedder = user_embedder(user_id, db=db)
    ctx = FactContext(
        user_id=user_id,
        observed_at=observed_at,
        source_id=job.source_id,
        job_id=job.id,
        document_date=observed_at,
        preferences=prefs,
    )
    applied = apply_fact(
        db, fact, embedder.embed_one(fact.content), ctx, decider=get_decider(), embedder=embedder
    )
    if job.source_id is not None:
        _finalize_when_last(db, user_id, job, applied, observed_at)
    return applied.result.model_dump(mode="json", exclude_none=True)


def _finalize_when_last(
    db: Database, user_id: str, job: Job, applied: AppliedFact, observed_at: datetime
) -> None:
    """The last update job of a source writes the source's final response (with all operations)."""
    assert job.source_id is not None
    with db.user_transaction(user_id) as conn:
        if count_open_jobs_for_source(conn, user_id, job.source_id, exclude_job_id=job.id):
            return
        done = completed_job_results(conn, user_id, job.source_id, "update")
    # Operations of earlier jobs come from their stored results; this job's is the last.
    operations = [*done, applied.result.model_dump(mode="json", exclude_none=True)]
    with db.user_transaction(user_id) as conn:
        insights = _insights(conn, user_id, [applied], observed_at)
        source_repo.mark_source(
            conn,
            user_id,
            job.source_id,
            "extracted",
            response={
                "source_id": str(job.source_id),
                "status": "extracted",
                "operations": operations,
                "insights": insights,
            },
        )
