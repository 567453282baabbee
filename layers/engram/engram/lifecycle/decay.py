"""Weekly decay of one user's memory and graph: importance, salience, states, relationship strength.

Each step below is one set-based statement; all run in one transaction per user, in this order:

1. **Importance** (memories): one weekly step once a memory has been idle — not changed and not accessed —
   for its level's grace period: high 90 days x0.95, medium 30 x0.90, low 14 x0.85, trivial 7 x0.80;
   critical never; floor 0.05; anything accessed in the last 7 days is spared.
2. **Salience** (memories, entities, relationships) after 7 idle days, with the spacing effect:

       stability = decay_gradient x (1 + ln(1 + recall_frequency)) x (1 + ln(1 + last_recall_interval / 7))
                   [x confidence / 0.9 while still a candidate]
       salience  = salience x 0.90 ^ (1 / stability)

   A never-recalled row (stability 1) loses 10% a week; one recalled 5 times, the last time after a
   3-week gap, with a gradient grown to 1.3 by those spaced recalls, has stability ~ 1.3 x 2.8 x 2.4
   ~ 8.6 and loses about 1.2%. Confident candidates (>= 0.9) do not decay; critical memories do not.
3. **Relationship strength**: x0.95 a week once an edge has gone 30 days without a co-mention, floor 0.1
   (`upsert_edge` raises it again by a fifth of the gap to 1 on the next one).
4. **States** (memories, entities, relationships): candidate -> active (retrieved at least once) ->
   core (10+ retrievals) -> archived (salience < 0.01). An archived memory leaves search (status archived,
   validity closed, audited); an archived node or edge keeps its links and history.

`keep_forever` rows and the owner's node are never touched. A rerun at the same `now` is a no-op (see
`engram.db.repositories.maintenance` on the per-row stamps).
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from pydantic import BaseModel

from engram.db.connection import Database, get_database
from engram.db.repositories import jobs as jobs_repo
from engram.db.repositories import maintenance as repo
from engram.lifecycle.cleanup import emit_counts, logger

DECAY_STEP = "decay"


class DecayResult(BaseModel):
    """Rows each step changed for one user."""

    importance_decayed: int = 0
    memory_salience_decayed: int = 0
    entity_salience_decayed: int = 0
    relationship_salience_decayed: int = 0
    relationship_strength_decayed: int = 0
    memories_to_active: int = 0
    memories_to_core: int = 0
    memories_archived: int = 0
    entities_to_active: int = 0
    entities_to_core: int = 0
    entities_archived: int = 0
    relationships_to_active: int = 0
    relationships_to_core: int = 0
    relationships_archived: int = 0


def decay_user(
    user_id: str, now: datetime, db: Database | None = None, *, job_id: UUID | None = None
) -> DecayResult:
    """Run every decay step for `user_id` as of `now` in one transaction; log and emit the counts.

    `job_id` (a `decay` job): the run is recorded on the job in the same transaction, and a second run
    of that job returns the first run's counts without running the steps again (the per-row stamps
    already keep a row from decaying twice within their spacing; the record keeps the job's result).
    """
    database = db or get_database()
    with database.user_transaction(user_id) as conn:
        if job_id is not None:
            recorded = jobs_repo.claim_job_effects(conn, user_id, job_id, DECAY_STEP)
            if recorded is not None:
                return DecayResult.model_validate(recorded)
        importance = repo.decay_importance(conn, user_id, now)
        memory_salience = repo.decay_salience(conn, user_id, now, "memories")
        entity_salience = repo.decay_salience(conn, user_id, now, "entities")
        edge_salience = repo.decay_salience(conn, user_id, now, "relationships")
        strength = repo.decay_relationship_strength(conn, user_id, now)
        # After the salience steps, so a row that just fell below 0.01 is archived in the same run.
        memories = repo.transition_memory_states(conn, user_id, now)
        entities = repo.transition_entity_states(conn, user_id, now)
        edges = repo.transition_relationship_states(conn, user_id, now)
        result = DecayResult(
            importance_decayed=importance,
            memory_salience_decayed=memory_salience,
            entity_salience_decayed=entity_salience,
            relationship_salience_decayed=edge_salience,
            relationship_strength_decayed=strength,
            memories_to_active=memories["active"],
            memories_to_core=memories["core"],
            memories_archived=memories["archived"],
            entities_to_active=entities["active"],
            entities_to_core=entities["core"],
            entities_archived=entities["archived"],
            relationships_to_active=edges["active"],
            relationships_to_core=edges["core"],
            relationships_archived=edges["archived"],
        )
        if job_id is not None:
            jobs_repo.record_job_effects(conn, user_id, job_id, DECAY_STEP, result.model_dump())
    counts = result.model_dump()
    logger.info("decay done", extra={"task": "decay", "now": now.isoformat(), **counts})
    emit_counts("decay", {f"decay_{k}": v for k, v in counts.items()})
    return result
