"""Cleanup and decay as set-based statements: one statement per rule, scoped to one user.

Each function takes the caller's `user_transaction` and a frozen `now` (the schedule's instant, or a
test's), so a rule fires at exactly the same instant whether it runs in Lambda, from the CLI or in a
test, and a rerun of the same job sees the same boundaries.

**Which clock says "idle".** `updated_at` is rewritten by a trigger on every UPDATE — access
bookkeeping, archiving, and this module's own decay steps. Measured from `updated_at`, a weekly decay
would reset its own idle clock and fire once per grace period instead of once a week, and trivial
memories touched by decay would never look "untouched for 90 days". So the clocks here are the
columns that only real use moves:

- a memory was last *changed* at the latest of `created_at`, `last_reinforced_at` (reinforcement and
  in-place updates set it) and its newest `memory_versions` row (every ADD/UPDATE/EDIT writes one);
- it was last *used* at `last_accessed_at` (search, recall and explore set it);
- an entity was last mentioned at `last_mentioned_at`; a relationship was last co-mentioned when it was
  recorded or when the newest memory in its evidence was created or reinforced (`upsert_edge` appends
  each new piece of evidence).

**Idempotency of decay.** Decay steps are multiplicative, so a rerun (a redelivered job, a second
`engram maintenance run decay`) must not apply a step twice: each step stamps the row's `metadata`
(`importance_decayed_at`, `salience_decayed_at`, `strength_decayed_at`) and a row takes a step only if
its stamp is at least `DECAY_MIN_SPACING` old — less than the weekly period, so a schedule that runs an
hour late one week still decays the next.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from engram.db.connection import Conn
from engram.db.repositories.timeline import TITLE_CHARS
from engram.language.happenings import happening_kind
from engram.ranking import ESTABLISHED_CONFIDENCE, OBSERVATION_WINDOW_DAYS

# --- rules: cleanup, decay, salience, relationship strength ---------------------------------------------

TRIVIAL_SCORE = 0.1  # importance_score below this is "trivial" for cleanup
TRIVIAL_UNCHANGED = timedelta(days=90)
TRIVIAL_UNUSED = timedelta(days=30)
OBSERVATION_MAX_AGE = timedelta(days=OBSERVATION_WINDOW_DAYS)
# Ephemeral memories expire hard: 30 days if episodic, 90 if semantic. The working layer is session
# memory, shorter lived than episodic, so it takes the episodic limit; procedural knowledge is
# semantic-like.
EPHEMERAL_EPISODIC = timedelta(days=30)
EPHEMERAL_SEMANTIC = timedelta(days=90)

# importance level -> (idle time before decay starts, weekly multiplier); critical never decays.
IMPORTANCE_DECAY: dict[str, tuple[timedelta, float]] = {
    "high": (timedelta(days=90), 0.95),
    "medium": (timedelta(days=30), 0.90),
    "low": (timedelta(days=14), 0.85),
    "trivial": (timedelta(days=7), 0.80),
}
IMPORTANCE_FLOOR = 0.05
RECENT_ACCESS = timedelta(days=7)  # accessed this recently: spared by every decay step

# Salience: weekly retention for a never-recalled row with decay_gradient 1 (see salience_decay()).
SALIENCE_WEEKLY_RETENTION = 0.90
SALIENCE_IDLE = timedelta(days=7)
SALIENCE_ARCHIVE_BELOW = 0.01
CONFIDENT_CANDIDATE = 0.9  # confident candidates (>= 0.9) do not decay; doubtful ones decay faster
CORE_RECALLS = 10

# Relationship strength (0-1): fades once an edge goes unmentioned, never below a floor.
STRENGTH_IDLE = timedelta(days=30)
STRENGTH_WEEKLY_RETENTION = 0.95
STRENGTH_FLOOR = 0.1

DECAY_MIN_SPACING = timedelta(days=6)

# --- shared SQL fragments -------------------------------------------------------------------------------

_MEMORY_CHANGED = """greatest(m.created_at, m.last_reinforced_at,
    (SELECT v.created_at FROM memory_versions v WHERE v.memory_id = m.id ORDER BY v.version DESC LIMIT 1))"""
_MEMORY_IDLE_SINCE = f"greatest({_MEMORY_CHANGED}, m.last_accessed_at)"
_ENTITY_IDLE_SINCE = "greatest(e.created_at, e.last_mentioned_at, e.last_accessed_at)"
_EDGE_LAST_CO_MENTION = """greatest(r.recorded_at, (
    SELECT max(greatest(em.created_at, em.last_reinforced_at)) FROM memories em
    WHERE em.user_id = r.user_id AND em.id = ANY(r.evidence_memory_ids)))"""
_EDGE_IDLE_SINCE = f"greatest({_EDGE_LAST_CO_MENTION}, r.last_accessed_at)"


def _not_recently_accessed(alias: str) -> str:
    return f"({alias}.last_accessed_at IS NULL OR {alias}.last_accessed_at <= %(now)s - %(recent)s)"


def _stamp_due(alias: str, key: str) -> str:
    return f"""({alias}.metadata->>'{key}' IS NULL
        OR ({alias}.metadata->>'{key}')::timestamptz <= %(now)s - %(spacing)s)"""


def _stamp(alias: str, key: str) -> str:
    return f"{alias}.metadata || jsonb_build_object('{key}', %(now)s::timestamptz)"


def salience_stability(alias: str) -> str:
    """The spacing effect as SQL: how many times slower than baseline a row's salience fades.

    stability = decay_gradient
                x (1 + ln(1 + recall_frequency))           -- recalled often
                x (1 + ln(1 + last_recall_interval / 7))   -- recalled at long (growing) intervals
                x (confidence / 0.9 for candidates)        -- unconfirmed, doubtful nodes fade faster

    `record_access` raises decay_gradient by up to 10% per recall, more after a longer gap, so a
    history of spaced recalls keeps compounding; massed recalls (interval 0) add only the frequency term.
    """
    return f"""(greatest({alias}.decay_gradient, 0.1)
        * (1 + ln(1 + {alias}.recall_frequency))
        * (1 + ln(1 + greatest(coalesce({alias}.last_recall_interval, 0), 0) / 7.0))
        * CASE WHEN {alias}.state = 'candidate'
               THEN least(1.0, {alias}.confidence / {CONFIDENT_CANDIDATE}::real) ELSE 1.0 END)"""


def salience_decay(alias: str) -> str:
    """new salience = salience x 0.90 ^ (1 / stability): one weekly step, gentler the more stable."""
    return f"({alias}.salience * power({SALIENCE_WEEKLY_RETENTION}, 1.0 / {salience_stability(alias)}))"


def _params(user_id: str, now: datetime, **extra: Any) -> dict[str, Any]:
    return {"uid": user_id, "now": now, "recent": RECENT_ACCESS, "spacing": DECAY_MIN_SPACING, **extra}


def _count(conn: Conn, statement: str, params: dict[str, Any]) -> int:
    row = conn.execute(statement, params).fetchone()
    assert row is not None
    return int(row["n"])


# Soft delete as `archive_row` does it: status and state archived, validity closed (never before it
# began, an earlier end kept), the reason on the row and a DELETE audit row (ids only).
def _archive_memories(where: str, *, reason: str, valid_to: str = "%(now)s::timestamptz") -> str:
    return f"""
        WITH archived AS (
            UPDATE memories m SET
                status = 'archived', state = 'archived',
                valid_to = coalesce(m.valid_to, greatest({valid_to}, coalesce(m.valid_from, {valid_to}))),
                metadata = m.metadata || jsonb_build_object(
                    'archived_reason', '{reason}', 'archived_at', %(now)s::timestamptz)
            WHERE m.user_id = %(uid)s AND m.status = 'active' AND m.ttl_policy <> 'keep_forever'
              AND {where}
            RETURNING m.id, m.version
        ),
        audit AS (
            INSERT INTO memory_operations (user_id, operation, memory_id, hard_delete, model, reasoning,
                                           old_version, affected_memory_ids)
            SELECT %(uid)s, 'DELETE', a.id, false, 'maintenance', %(reasoning)s, a.version, ARRAY[a.id]
            FROM archived a
            RETURNING 1
        )
        SELECT count(*) AS n FROM archived"""


# --- cleanup --------------------------------------------------------------------------------------------


def archive_expired_memories(conn: Conn, user_id: str, now: datetime) -> int:
    """Active memories whose `expires_at` has come (`<= now`) are archived. Their validity ends when they
    expired, not when cleanup noticed."""
    return _count(
        conn,
        _archive_memories(
            "m.expires_at IS NOT NULL AND m.expires_at <= %(now)s", reason="expired", valid_to="m.expires_at"
        ),
        _params(user_id, now, reasoning="cleanup: expired"),
    )


def archive_trivial_memories(conn: Conn, user_id: str, now: datetime) -> int:
    """Trivial memories: importance_score < 0.1, unchanged for 90 days and unused for 30 -> archived."""
    return _count(
        conn,
        _archive_memories(
            f"""m.importance_score < %(score)s::real
                AND {_MEMORY_CHANGED} <= %(now)s - %(unchanged)s
                AND (m.last_accessed_at IS NULL OR m.last_accessed_at <= %(now)s - %(unused)s)""",
            reason="trivial",
        ),
        _params(
            user_id,
            now,
            reasoning="cleanup: trivial and unused",
            score=TRIVIAL_SCORE,
            unchanged=TRIVIAL_UNCHANGED,
            unused=TRIVIAL_UNUSED,
        ),
    )


def archive_ephemeral_memories(conn: Conn, user_id: str, now: datetime) -> int:
    """`ttl_policy = ephemeral` is a hard expiry from creation: 30 days for episodic (and working) memories,
    90 for semantic (and procedural) ones, used or not."""
    return _count(
        conn,
        _archive_memories(
            """m.ttl_policy = 'ephemeral'
               AND m.created_at <= %(now)s - CASE WHEN m.layer IN ('episodic', 'working')
                                                  THEN %(episodic)s ELSE %(semantic)s END""",
            reason="ephemeral",
        ),
        _params(
            user_id,
            now,
            reasoning="cleanup: ephemeral ttl",
            episodic=EPHEMERAL_EPISODIC,
            semantic=EPHEMERAL_SEMANTIC,
        ),
    )


def archive_ephemeral_nodes(conn: Conn, user_id: str, now: datetime) -> dict[str, int]:
    """Ephemeral graph nodes (semantic: 90 days) and sources (episodic: 30 days) go to state archived.

    One statement; the owner node and merged nodes are never touched."""
    row = conn.execute(
        """
        WITH ent AS (
            UPDATE entities e SET state = 'archived'
            WHERE e.user_id = %(uid)s AND e.ttl_policy = 'ephemeral' AND e.state <> 'archived'
              AND NOT e.is_owner AND e.merged_into IS NULL AND e.created_at <= %(now)s - %(semantic)s
            RETURNING 1
        ),
        src AS (
            UPDATE sources s SET state = 'archived'
            WHERE s.user_id = %(uid)s AND s.ttl_policy = 'ephemeral' AND s.state <> 'archived'
              AND s.created_at <= %(now)s - %(episodic)s
            RETURNING 1
        )
        SELECT (SELECT count(*) FROM ent) AS entities, (SELECT count(*) FROM src) AS sources
        """,
        _params(user_id, now, episodic=EPHEMERAL_EPISODIC, semantic=EPHEMERAL_SEMANTIC),
    ).fetchone()
    assert row is not None
    return {"entities": int(row["entities"]), "sources": int(row["sources"])}


def delete_stale_observations(conn: Conn, user_id: str, now: datetime) -> dict[str, int]:
    """Observations (confidence < 0.6) not reinforced for 180 days (`<= now - 180d`) are deleted.

    The same definition of an observation as the write path's per-cycle sweep and the extraction
    window (`engram.ranking`). In one statement: the rows go (versions, relations and entity links by
    cascade), graph edges drop them from their evidence (the edges themselves fade by decay), the
    entities they mentioned get exact mention counts, and each deletion is audited with ids only.
    Returns `deleted` and `timeline_events`: how many of them were on the timeline (which is derived
    from the memories, so they left it with their row; reported so it is not silent).
    """
    row = conn.execute(
        """
        WITH doomed AS (
            SELECT m.id, m.version, m.memory_type FROM memories m
            WHERE m.user_id = %(uid)s AND m.confidence < %(established)s AND m.ttl_policy <> 'keep_forever'
              AND coalesce(m.last_reinforced_at, m.created_at) <= %(now)s - %(max_age)s
            FOR UPDATE
        ),
        ids AS (SELECT coalesce(array_agg(id), '{}'::uuid[]) AS a FROM doomed),
        pruned AS (
            UPDATE relationships r SET evidence_memory_ids = ARRAY(
                SELECT u.e FROM unnest(r.evidence_memory_ids) WITH ORDINALITY AS u(e, i)
                WHERE u.e <> ALL(ids.a) ORDER BY u.i)
            FROM ids
            WHERE r.user_id = %(uid)s AND r.evidence_memory_ids && ids.a
            RETURNING 1
        ),
        counters AS (
            UPDATE entities e SET mention_count = (
                SELECT count(*) FROM memory_entities me
                WHERE me.entity_id = e.id AND me.memory_id <> ALL(ids.a))
            FROM ids
            WHERE e.user_id = %(uid)s
              AND e.id IN (SELECT me.entity_id FROM memory_entities me WHERE me.memory_id = ANY(ids.a))
            RETURNING 1
        ),
        audit AS (
            INSERT INTO memory_operations (user_id, operation, memory_id, hard_delete, deleted_snapshot,
                                           model, reasoning, old_version, affected_memory_ids)
            SELECT %(uid)s, 'DELETE', d.id, true,
                   jsonb_build_object('id', d.id, 'memory_type', d.memory_type), 'maintenance',
                   'cleanup: observation older than 180 days', d.version, ARRAY[d.id]
            FROM doomed d
            RETURNING 1
        ),
        gone AS (
            DELETE FROM memories m USING ids WHERE m.user_id = %(uid)s AND m.id = ANY(ids.a)
            RETURNING m.memory_type, left(m.content, %(title_chars)s) AS content,
                      m.event_date IS NOT NULL AS dated, m.supersedes_id IS NOT NULL AS supersedes,
                      m.recurrence IS NOT NULL AS recurring
        )
        SELECT (SELECT count(*) FROM gone) AS deleted,
               (SELECT coalesce(jsonb_agg(to_jsonb(g)), '[]'::jsonb) FROM gone g) AS gone,
               (SELECT count(*) FROM pruned) + (SELECT count(*) FROM counters)
               + (SELECT count(*) FROM audit) AS side_effects
        """,
        _params(
            user_id,
            now,
            established=ESTABLISHED_CONFIDENCE,
            max_age=OBSERVATION_MAX_AGE,
            title_chars=TITLE_CHARS,
        ),
    ).fetchone()
    assert row is not None
    on_timeline = sum(
        happening_kind(
            g["memory_type"],
            g["content"],
            dated=g["dated"],
            supersedes=g["supersedes"],
            recurring=g["recurring"],
        )
        is not None
        for g in row["gone"]
    )
    return {"deleted": int(row["deleted"]), "timeline_events": on_timeline}


# --- decay ----------------------------------------------------------------------------------------------


def decay_importance(conn: Conn, user_id: str, now: datetime) -> int:
    """Importance, one weekly step: high x0.95 after 90 days idle, medium x0.90 after 30, low x0.85
    after 14, trivial x0.80 after 7; critical never; floor 0.05; accessed within 7 days spared."""
    grace = " ".join(f"WHEN '{level}' THEN %(grace_{level})s" for level in IMPORTANCE_DECAY)
    factor = " ".join(f"WHEN '{level}' THEN {rate}" for level, (_, rate) in IMPORTANCE_DECAY.items())
    params = _params(user_id, now, floor=IMPORTANCE_FLOOR, levels=list(IMPORTANCE_DECAY))
    params.update({f"grace_{level}": idle for level, (idle, _) in IMPORTANCE_DECAY.items()})
    return _count(
        conn,
        f"""
        WITH decayed AS (
            UPDATE memories m SET
                importance_score = greatest(%(floor)s, m.importance_score * CASE m.importance {factor} END),
                metadata = {_stamp("m", "importance_decayed_at")}
            WHERE m.user_id = %(uid)s AND m.status = 'active' AND m.ttl_policy <> 'keep_forever'
              AND m.importance = ANY(%(levels)s) AND m.importance_score > %(floor)s::real
              AND {_MEMORY_IDLE_SINCE} <= %(now)s - CASE m.importance {grace} END
              AND {_not_recently_accessed("m")}
              AND {_stamp_due("m", "importance_decayed_at")}
            RETURNING 1
        )
        SELECT count(*) AS n FROM decayed""",
        params,
    )


SalienceTable = Literal["memories", "entities", "relationships"]


@dataclass(frozen=True)
class _SalienceScope:
    alias: str
    rows: str  # which of the user's rows take the step at all
    idle_since: str  # the clock "idle 7+ days" is measured on


_SALIENCE_SCOPES: dict[SalienceTable, _SalienceScope] = {
    # Critical memories keep their salience, and so does what the user asked to keep forever.
    "memories": _SalienceScope(
        "m",
        "m.status = 'active' AND m.state <> 'archived' AND m.ttl_policy <> 'keep_forever'"
        " AND m.importance <> 'critical'",
        _MEMORY_IDLE_SINCE,
    ),
    # Graph nodes idle (not mentioned, not retrieved); never the owner's node or one merged into another.
    "entities": _SalienceScope(
        "e",
        "e.state <> 'archived' AND e.ttl_policy <> 'keep_forever'"
        " AND NOT e.is_owner AND e.merged_into IS NULL",
        _ENTITY_IDLE_SINCE,
    ),
    # Only currently valid edges: closed edges are history.
    "relationships": _SalienceScope("r", "r.valid_to IS NULL AND r.state <> 'archived'", _EDGE_IDLE_SINCE),
}


def decay_salience(conn: Conn, user_id: str, now: datetime, table: SalienceTable) -> int:
    """One weekly salience step (`salience_decay`) for the user's rows of `table` idle 7+ days; confident
    candidates are spared, and so is what `_SALIENCE_SCOPES` leaves out for that table."""
    scope = _SALIENCE_SCOPES[table]
    a = scope.alias
    return _count(
        conn,
        f"""
        WITH decayed AS (
            UPDATE {table} {a} SET salience = {salience_decay(a)},
                                  metadata = {_stamp(a, "salience_decayed_at")}
            WHERE {a}.user_id = %(uid)s AND {scope.rows} AND {a}.salience > 0
              AND NOT ({a}.state = 'candidate' AND {a}.confidence >= %(confident)s::real)
              AND {scope.idle_since} <= %(now)s - %(idle)s
              AND {_not_recently_accessed(a)}
              AND {_stamp_due(a, "salience_decayed_at")}
            RETURNING 1
        )
        SELECT count(*) AS n FROM decayed""",
        _params(user_id, now, idle=SALIENCE_IDLE, confident=CONFIDENT_CANDIDATE),
    )


def decay_relationship_strength(conn: Conn, user_id: str, now: datetime) -> int:
    """Relationship strength: x0.95 a week once an edge has gone 30 days without a co-mention, floor 0.1.

    `upsert_edge` raises it again on the next co-mention (a fifth of the gap to 1)."""
    return _count(
        conn,
        f"""
        WITH decayed AS (
            UPDATE relationships r SET
                strength = greatest(%(floor)s, r.strength * %(retention)s),
                metadata = {_stamp("r", "strength_decayed_at")}
            WHERE r.user_id = %(uid)s AND r.valid_to IS NULL AND r.strength > %(floor)s::real
              AND {_EDGE_LAST_CO_MENTION} <= %(now)s - %(idle)s
              AND {_stamp_due("r", "strength_decayed_at")}
            RETURNING 1
        )
        SELECT count(*) AS n FROM decayed""",
        _params(user_id, now, idle=STRENGTH_IDLE, retention=STRENGTH_WEEKLY_RETENTION, floor=STRENGTH_FLOOR),
    )


# State ladder: candidate -> active (retrieved at least once) -> core (10+ retrievals) ->
# archived (salience < 0.01). Never demoted otherwise; keep_forever rows are never moved.
_NEXT_STATE = f"""CASE
    WHEN {{a}}.salience < %(archive_below)s::real AND {{archivable}} THEN 'archived'
    WHEN {{a}}.recall_frequency >= {CORE_RECALLS} THEN 'core'
    WHEN {{a}}.recall_frequency >= 1 AND {{a}}.state = 'candidate' THEN 'active'
    ELSE {{a}}.state END"""


def _state_counts(row: dict[str, Any] | None) -> dict[str, int]:
    assert row is not None
    return {k: int(row[k]) for k in ("active", "core", "archived")}


def transition_memory_states(conn: Conn, user_id: str, now: datetime) -> dict[str, int]:
    """Memories climb the ladder; one falling below salience 0.01 is archived as `archive_row` would
    (status too, so it leaves search), unless it is critical."""
    nxt = _NEXT_STATE.format(a="x", archivable="x.importance <> 'critical'")
    row = conn.execute(
        f"""
        WITH moved AS (
            UPDATE memories m SET
                state = n.state,
                status = CASE WHEN n.state = 'archived' THEN 'archived' ELSE m.status END,
                valid_to = CASE WHEN n.state = 'archived'
                    THEN coalesce(m.valid_to, greatest(%(now)s::timestamptz, coalesce(m.valid_from, %(now)s)))
                    ELSE m.valid_to END,
                metadata = CASE WHEN n.state = 'archived' THEN m.metadata || jsonb_build_object(
                    'archived_reason', 'salience', 'archived_at', %(now)s::timestamptz) ELSE m.metadata END
            FROM (SELECT x.id, {nxt} AS state FROM memories x
                  WHERE x.user_id = %(uid)s AND x.status = 'active' AND x.state <> 'archived'
                    AND x.ttl_policy <> 'keep_forever') n
            WHERE m.id = n.id AND m.user_id = %(uid)s AND n.state <> m.state
            RETURNING m.id, m.version, n.state
        ),
        audit AS (
            INSERT INTO memory_operations (user_id, operation, memory_id, hard_delete, model, reasoning,
                                           old_version, affected_memory_ids)
            SELECT %(uid)s, 'DELETE', mv.id, false, 'maintenance', 'decay: salience below 0.01', mv.version,
                   ARRAY[mv.id]
            FROM moved mv WHERE mv.state = 'archived'
            RETURNING 1
        )
        SELECT count(*) FILTER (WHERE state = 'active') AS active,
               count(*) FILTER (WHERE state = 'core') AS core,
               count(*) FILTER (WHERE state = 'archived') AS archived
        FROM moved""",
        _params(user_id, now, archive_below=SALIENCE_ARCHIVE_BELOW),
    ).fetchone()
    return _state_counts(row)


def transition_entity_states(conn: Conn, user_id: str, now: datetime) -> dict[str, int]:
    """Graph nodes climb the same ladder; an archived node keeps its edges and links (history)."""
    nxt = _NEXT_STATE.format(a="e", archivable="true")
    row = conn.execute(
        f"""
        WITH moved AS (
            UPDATE entities e SET state = {nxt}
            WHERE e.user_id = %(uid)s AND e.state <> 'archived' AND e.ttl_policy <> 'keep_forever'
              AND NOT e.is_owner AND e.merged_into IS NULL AND e.state <> {nxt}
            RETURNING e.state
        )
        SELECT count(*) FILTER (WHERE state = 'active') AS active,
               count(*) FILTER (WHERE state = 'core') AS core,
               count(*) FILTER (WHERE state = 'archived') AS archived
        FROM moved""",
        _params(user_id, now, archive_below=SALIENCE_ARCHIVE_BELOW),
    ).fetchone()
    return _state_counts(row)


def transition_relationship_states(conn: Conn, user_id: str, now: datetime) -> dict[str, int]:
    """Currently valid edges climb the same ladder; archiving an edge does not end it (`valid_to`)."""
    nxt = _NEXT_STATE.format(a="r", archivable="true")
    row = conn.execute(
        f"""
        WITH moved AS (
            UPDATE relationships r SET state = {nxt}
            WHERE r.user_id = %(uid)s AND r.valid_to IS NULL AND r.state <> 'archived' AND r.state <> {nxt}
            RETURNING r.state
        )
        SELECT count(*) FILTER (WHERE state = 'active') AS active,
               count(*) FILTER (WHERE state = 'core') AS core,
               count(*) FILTER (WHERE state = 'archived') AS archived
        FROM moved""",
        _params(user_id, now, archive_below=SALIENCE_ARCHIVE_BELOW),
    ).fetchone()
    return _state_counts(row)


# --- fan-out --------------------------------------------------------------------------------------------


def list_user_ids(conn: Conn, *, after: str | None, limit: int) -> list[str]:
    """One page of user ids in id order after `after` (keyset; a system transaction: crosses users)."""
    rows = conn.execute(
        """SELECT id FROM users WHERE (%(after)s::text IS NULL OR id > %(after)s::text)
           ORDER BY id LIMIT %(limit)s""",
        {"after": after, "limit": limit},
    ).fetchall()
    return [r["id"] for r in rows]
