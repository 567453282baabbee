"""Daily cleanup of one user's memory: expired, trivial and ephemeral rows, stale observations, old notes.

- expired: an active memory with `expires_at <= now` is archived (its validity ends at `expires_at`).
- trivial: `importance_score < 0.1`, unchanged for 90 days and not accessed in 30 -> archived.
- ephemeral (`ttl_policy = ephemeral`, a hard expiry from creation): episodic and working memories after
  30 days, semantic and procedural ones after 90 -> archived; ephemeral entities after 90 days and
  ephemeral sources after 30 -> state archived.
- observations: `confidence < 0.6`, not reinforced for 180 days -> deleted (audited, ids only).
- notes: entity and relationship notes with `expires_at <= now` -> deleted.
- concepts: memories whose search concepts were never derived (written before the column existed, or
  cleared by a lexicon change) get them, a bounded batch per run.

`keep_forever` rows are never touched by any rule. Every rule fires at its boundary (`<=`), one
set-based statement per rule, all rules in one transaction per user, so a failed run changes nothing.

History is kept: archiving never deletes (an export still has archived memories, and an event archived
because its date passed stays on the timeline, which is derived from the memories). Only a deleted
observation leaves the timeline with its row; how many of them were on it is counted in
`observation_timeline_events_deleted`.
"""

from __future__ import annotations

import os
from datetime import datetime
from uuid import UUID

from aws_lambda_powertools import Logger
from aws_lambda_powertools.metrics import MetricUnit, single_metric
from aws_lambda_powertools.metrics.functions import is_metrics_disabled
from pydantic import BaseModel

from engram.db.connection import Database, get_database
from engram.db.repositories import entities as entity_repo
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import maintenance as repo
from engram.db.repositories import memories as memory_repo
from engram.graph.edge_sync import resync_user_edges
from engram.observability import METRICS_NAMESPACE, SERVICE

# A child logger with keys per call (`extra=`): this runs in the local worker thread beside HTTP threads.
logger = Logger(service=SERVICE, child=True)

CLEANUP_STEP = "cleanup"


class CleanupResult(BaseModel):
    """Rows each rule changed for one user."""

    expired_archived: int = 0
    trivial_archived: int = 0
    ephemeral_archived: int = 0
    ephemeral_entities_archived: int = 0
    ephemeral_sources_archived: int = 0
    observations_deleted: int = 0
    observation_timeline_events_deleted: int = 0
    notes_deleted: int = 0
    concepts_derived: int = 0

    @property
    def total(self) -> int:
        changed = self.model_dump()
        return sum(changed.values()) - self.observation_timeline_events_deleted - self.concepts_derived


def cleanup_user(
    user_id: str, now: datetime, db: Database | None = None, *, job_id: UUID | None = None
) -> CleanupResult:
    """Run every cleanup rule for `user_id` as of `now` in one transaction; log and emit the counts.

    Idempotent: a second run at the same `now` finds nothing left to do. `job_id` (a `cleanup` job):
    the run is recorded on the job in the same transaction, and a second run of that job returns the
    first run's counts (a rerun at the same `now` would otherwise report zeros).
    """
    database = db or get_database()
    with database.user_transaction(user_id) as conn:
        if job_id is not None:
            recorded = jobs_repo.claim_job_effects(conn, user_id, job_id, CLEANUP_STEP)
            if recorded is not None:
                return CleanupResult.model_validate(recorded)
        expired = repo.archive_expired_memories(conn, user_id, now)
        trivial = repo.archive_trivial_memories(conn, user_id, now)
        ephemeral = repo.archive_ephemeral_memories(conn, user_id, now)
        nodes = repo.archive_ephemeral_nodes(conn, user_id, now)
        observations = repo.delete_stale_observations(conn, user_id, now)
        if expired or trivial or ephemeral or observations["deleted"]:
            resync_user_edges(conn, user_id, at=now)  # archived memories' edges end with them
        notes = entity_repo.delete_expired_notes(conn, user_id, now)
        concepts = memory_repo.derive_missing_concepts(conn, user_id)
        result = CleanupResult(
            expired_archived=expired,
            trivial_archived=trivial,
            ephemeral_archived=ephemeral,
            ephemeral_entities_archived=nodes["entities"],
            ephemeral_sources_archived=nodes["sources"],
            observations_deleted=observations["deleted"],
            observation_timeline_events_deleted=observations["timeline_events"],
            notes_deleted=notes,
            concepts_derived=concepts,
        )
        if job_id is not None:
            jobs_repo.record_job_effects(conn, user_id, job_id, CLEANUP_STEP, result.model_dump())
    counts = result.model_dump()
    logger.info("cleanup done", extra={"task": "cleanup", "now": now.isoformat(), **counts})
    # `stale_deleted` is the write path's metric for the same stale-observation rule: one dashboard for both.
    emit_counts(
        "cleanup",
        {**{f"cleanup_{k}": v for k, v in counts.items()}, "stale_deleted": observations["deleted"]},
    )
    return result


def emit_counts(task: str, counts: dict[str, int]) -> None:
    """EMF counts (non-zero only) with the task as dimension, written at once (`single_metric`), so they
    work in the local worker thread as in Lambda. A metrics hiccup never fails maintenance."""
    if is_metrics_disabled():
        return
    namespace = os.environ.get("POWERTOOLS_METRICS_NAMESPACE") or METRICS_NAMESPACE
    for name, value in counts.items():
        if not value:
            continue
        try:
            with single_metric(name=name, unit=MetricUnit.Count, value=value, namespace=namespace) as metric:
                metric.add_dimension(name="task", value=task)
        except Exception:  # noqa: BLE001
            logger.debug("metric emission failed", extra={"metric": name})
