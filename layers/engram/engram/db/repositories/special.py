"""Reads behind the special queries (self/entity summaries, relationships, periods, goals).

Every listing applies the same visibility rules as standard search (`hybrid_candidates`): the user, status,
historical flag, expiry, not-yet-effective, memory types, importance floor, sensitivity ceiling and the
optional event/document date window. Each statement is composed with search's own predicate (`VISIBLE`),
so the two cannot drift apart; `test_special_queries` checks both paths hide the same sensitive memory.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Literal, LiteralString
from uuid import UUID

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories.search import M_COLUMNS
from engram.db.repositories.search_visibility import VISIBLE, SearchFilters, visibility_params
from engram.db.repositories.visibility import SENSITIVITY_ORDER, edge_evidence_visible
from engram.language.names import any_names_agree
from engram.language.question_slots import same_relations
from engram.language.text.vocabulary import ONE_HOLDER_TIES

# When a memory "happened" for period questions: the event it describes, else when it was said, else stored.
HAPPENED_AT = sql.SQL("coalesce(m.event_date, m.document_date, m.created_at)")

# Trigram similarity a misspelt name needs ("Marc" -> "marcus" 0.5, "Marcos" 0.4); pg_trgm's default 0.3
# would also read "work" as "network".
FUZZY_NAME_SIMILARITY = 0.4

_ORDERS = {
    "importance": sql.SQL("m.importance_score DESC, m.confidence DESC, m.created_at DESC"),
    "date_asc": sql.SQL("{} ASC, m.created_at ASC").format(HAPPENED_AT),
    "date_desc": sql.SQL("{} DESC, m.created_at DESC").format(HAPPENED_AT),
}
Order = Literal["importance", "date_asc", "date_desc"]


_EDGE_EVIDENCE = sql.SQL(edge_evidence_visible("r"))


@functools.lru_cache(maxsize=32)
def _statement(template: LiteralString, order: Order | None = None) -> str:
    """A statement over memories `m` with the pieces every listing shares: `{columns}` (a memory's
    columns), `{visible}` (search's visibility predicate, `visibility_params`), `{happened_at}`,
    `{evidence}` (an edge `r` whose evidence the ceiling allows), and `{order}` when given. Composed once
    per template, as text (see `search.hybrid_statement`)."""
    pieces = {"order": _ORDERS[order]} if order else {}
    statement = sql.SQL(template).format(
        columns=M_COLUMNS, visible=VISIBLE, happened_at=HAPPENED_AT, evidence=_EDGE_EVIDENCE, **pieces
    )
    return statement.as_string()


# Words every goal statement shares ("my goal is to", "I want to", "this year"): an action completes a goal
# only through a word that says *what* the goal is about.
GOAL_FILLER_WORDS = (
    "goal goals want wish hope plan try aim achieve become get start learn make take go finally someday "
    "year month week day time improve work better more less really first new need would like love"
)
# An action that reports a finished thing (Postgres ARE, matched case-insensitively).
COMPLETION_CUE = (
    r"\m(finished|completed|complete|achieved|accomplished|ran|did it|done|passed|reached|hit|made it|won|"
    r"graduated|earned|got|bought|became|learned|learnt|launched|published|crossed|nailed|succeeded)\M"
)


def list_visible(
    conn: Conn, user_id: str, filters: SearchFilters, *, order: Order = "importance", limit: int = 50
) -> list[dict[str, Any]]:
    """The memories search may show, in `order`, with `happened_at` (the date period questions use)."""
    params = visibility_params(user_id, filters) | {"limit": limit}
    return conn.execute(
        _statement(
            """SELECT {columns}, {happened_at} AS happened_at FROM memories m
            WHERE {visible} ORDER BY {order} LIMIT %(limit)s""",
            order=order,
        ),
        params,
    ).fetchall()


def count_visible(conn: Conn, user_id: str, filters: SearchFilters) -> int:
    row = conn.execute(
        _statement("SELECT count(*) AS n FROM memories m WHERE {visible}"),
        visibility_params(user_id, filters),
    ).fetchone()
    return int(row["n"]) if row else 0


def people_in_memories(conn: Conn, user_id: str, filters: SearchFilters, *, limit: int = 8) -> list[dict]:
    """People linked to memories the caller may see, most mentioned first (a name never leaks from a
    memory above the sensitivity ceiling)."""
    params = visibility_params(user_id, filters) | {"limit": limit}
    return conn.execute(
        _statement("""
        SELECT e.id, e.name, e.relationship, e.mention_count, count(DISTINCT m.id) AS visible_mentions
        FROM memories m
        JOIN memory_entities me ON me.memory_id = m.id
        JOIN entities e ON e.id = me.entity_id AND e.user_id = m.user_id
        WHERE {visible} AND e.kind = 'person' AND NOT e.is_owner AND e.merged_into IS NULL
        GROUP BY e.id, e.name, e.relationship, e.mention_count
        ORDER BY e.mention_count DESC, visible_mentions DESC, e.name
        LIMIT %(limit)s
        """),
        params,
    ).fetchall()


# The entity's tie to the user was stated and no longer holds: every memory stating it is superseded or
# historical ("Dr. Pryce is my doctor" after "Dr. Okafor is my new doctor").
_TIE_ENDED = """(EXISTS (SELECT 1 FROM memory_entities me JOIN memories m ON m.id = me.memory_id
                        WHERE me.entity_id = e.id AND m.user_id = %(uid)s
                          AND m.metadata->>'attribute' = 'relation')
                AND NOT EXISTS (SELECT 1 FROM memory_entities me JOIN memories m ON m.id = me.memory_id
                                WHERE me.entity_id = e.id AND m.user_id = %(uid)s
                                  AND m.metadata->>'attribute' = 'relation'
                                  AND m.status = 'active' AND NOT m.is_historical))"""


# A memory the user has not forgotten: active, superseded, or archived only because it expired.
_NOT_FORGOTTEN = "(m.status <> 'archived' OR m.metadata->>'archived_reason' = 'expired')"
# When the entity was last told to hold a tie: of the holders of a tie one person holds at a time ("my
# boss"), the last told holds it now, though the write path could not tell the first one's had ended.
_TIE_TOLD_AT = f"""(SELECT max(coalesce(m.document_date, m.created_at))
                  FROM memory_entities me JOIN memories m ON m.id = me.memory_id
                  WHERE me.entity_id = e.id AND m.user_id = %(uid)s AND m.metadata->>'attribute' = 'relation'
                    AND {_NOT_FORGOTTEN})"""
# A memory linked to the entity holds every word of the question's qualifier ("at Calder & Moss").
_TOLD_WITH = f"""coalesce(%(topic)s::text IS NOT NULL AND EXISTS (
                    SELECT 1 FROM memory_entities me JOIN memories m ON m.id = me.memory_id
                    WHERE me.entity_id = e.id AND m.user_id = %(uid)s AND {_NOT_FORGOTTEN}
                      AND m.tsv @@ plainto_tsquery('english', %(topic)s)), false)"""


def resolve_entity(
    conn: Conn,
    user_id: str,
    canonical: str | None,
    *,
    relationship: str | None = None,
    topic: str | None = None,
    former: bool = False,
) -> dict[str, Any] | None:
    """The entity a query names: exact canonical name or alias first, then the user's `relationship`
    ("my sister"), then the closest trigram match of at least FUZZY_NAME_SIMILARITY that the token rule
    accepts (`names_agree`: a question about Project 2 or Dan is not answered with Project 1 or Dana);
    of two holders of the tie, one a memory tells with all of `topic`'s words first ("my boss at Calder &
    Moss"), then one whose tie has ended last ("my doctor" after a new one), then of a tie one person
    holds at a time the last told to hold it, then the most mentioned; asked about a `former` holder ("my
    old boss"), the ended and the first told come first."""
    if not canonical and not relationship:
        return None
    rows = conn.execute(
        f"""
        SELECT e.id, e.name, e.canonical_name, e.kind, e.entity_type, e.relationship, e.mention_count,
               e.sentiment_average, e.first_mentioned_at, e.last_mentioned_at, e.aliases,
               coalesce(e.canonical_name = %(canon)s OR %(canon)s = ANY(e.aliases), false) AS exact,
               coalesce(lower(e.relationship) = ANY(%(rels)s::text[]), false) AS by_tie
        FROM entities e
        WHERE e.user_id = %(uid)s AND e.merged_into IS NULL AND NOT e.is_owner
          AND ((%(canon)s::text IS NOT NULL
                AND (e.canonical_name = %(canon)s OR %(canon)s = ANY(e.aliases)
                     OR (e.canonical_name %% %(canon)s
                         AND similarity(e.canonical_name, %(canon)s) >= %(fuzzy)s)))
               OR lower(e.relationship) = ANY(%(rels)s::text[]))
        ORDER BY exact DESC, by_tie DESC, coalesce(similarity(e.canonical_name, %(canon)s), 0) DESC,
                 (lower(e.relationship) = %(rel)s) DESC NULLS LAST, {_TOLD_WITH} DESC,
                 {_TIE_ENDED} {"DESC" if former else "ASC"},
                 (CASE WHEN %(one_holder)s THEN {_TIE_TOLD_AT} END) {"ASC" if former else "DESC"} NULLS LAST,
                 e.mention_count DESC
        LIMIT 10
        """,
        {
            "uid": user_id,
            "canon": canonical,
            "rel": relationship,
            "fuzzy": FUZZY_NAME_SIMILARITY,
            "rels": sorted(same_relations(relationship)) if relationship else [],
            "topic": topic,
            "one_holder": (relationship or "").lower() in ONE_HOLDER_TIES,
        },
    ).fetchall()
    for row in rows:
        exact, by_tie = row.pop("exact"), row.pop("by_tie")
        if (
            exact
            or by_tie
            or (
                canonical
                and any_names_agree(
                    canonical,
                    [row["canonical_name"], *(row["aliases"] or [])],
                    person=row["kind"] == "person",
                )
            )
        ):
            return row
    return None


def entities_with_visible_memories(
    conn: Conn, user_id: str, filters: SearchFilters, entity_ids: Sequence[UUID]
) -> set[UUID]:
    """The entities that at least one memory the caller may see is linked to. An entity known only from
    memories above the sensitivity ceiling is not shown at all: its name and relationship ("Dr. Lee",
    "therapist") would tell what the ceiling hides."""
    if not entity_ids:
        return set()
    params = visibility_params(user_id, filters) | {"ids": list(entity_ids)}
    rows = conn.execute(
        _statement("""
            SELECT DISTINCT me.entity_id FROM memory_entities me JOIN memories m ON m.id = me.memory_id
            WHERE me.user_id = %(uid)s AND me.entity_id = ANY(%(ids)s) AND {visible}"""),
        params,
    ).fetchall()
    return {row["entity_id"] for row in rows}


def memories_about(
    conn: Conn,
    user_id: str,
    filters: SearchFilters,
    subjects: Sequence[tuple[UUID | None, str]],
    *,
    require_all: bool = False,
    limit: int = 50,
) -> list[dict[str, Any]]:
    """Memories about the subjects: linked to the subject's entity (when resolved) or naming it (the
    memory's `name`, or every word of the name in the text).

    With `require_all`, a memory must concern every subject ("Tom and Emma"); otherwise one is enough.
    Current memories come first, then by importance and date.
    """
    if not subjects:
        return []
    params = visibility_params(user_id, filters) | {
        "eids": [entity_id for entity_id, _ in subjects],
        "names": [name.lower() for _, name in subjects],
        "needed": len(subjects) if require_all else 1,
        "limit": limit,
    }
    return conn.execute(
        _statement("""
        WITH subject AS (
            SELECT s.i, s.name, e.entity_id
            FROM unnest(%(names)s::text[]) WITH ORDINALITY AS s(name, i)
            JOIN unnest(%(eids)s::uuid[]) WITH ORDINALITY AS e(entity_id, i) ON e.i = s.i
        ), hits AS (
            SELECT memory_id, count(DISTINCT i) AS n FROM (
                SELECT me.memory_id, s.i
                FROM subject s JOIN memory_entities me ON me.entity_id = s.entity_id AND me.user_id = %(uid)s
                UNION
                SELECT m.id, s.i
                FROM subject s JOIN memories m
                  ON m.user_id = %(uid)s
                 AND (lower(m.name) = s.name OR m.tsv @@ plainto_tsquery('english', s.name))
            ) x
            GROUP BY memory_id
        )
        SELECT {columns}, {happened_at} AS happened_at
        FROM hits h JOIN memories m ON m.id = h.memory_id
        WHERE {visible} AND h.n >= %(needed)s
        ORDER BY (m.is_historical OR m.status <> 'active'), m.importance_score DESC, {happened_at} DESC
        LIMIT %(limit)s
        """),
        params,
    ).fetchall()


def graph_connections(
    conn: Conn,
    user_id: str,
    filters: SearchFilters,
    entity_ids: Sequence[UUID],
    *,
    between_only: bool,
    limit: int = 20,
) -> list[dict[str, Any]]:
    """Current edges of the relationships table touching the entities (only among them if `between_only`).

    Both ends must be linked to a memory the caller may see, so an edge never names someone known only
    from memories above the sensitivity ceiling, and its evidence must allow it (`visibility`).
    """
    if not entity_ids:
        return []
    params = visibility_params(user_id, filters) | {
        "ids": list(entity_ids),
        "between": between_only,
        "limit": limit,
    }
    return conn.execute(
        _statement("""
        WITH visible AS (
            SELECT DISTINCT me.entity_id FROM memory_entities me JOIN memories m ON m.id = me.memory_id
            WHERE me.user_id = %(uid)s AND {visible}
        )
        SELECT fe.name AS from_name, te.name AS to_name, r.relationship_type, r.kind, r.strength
        FROM relationships r
        JOIN entities fe ON fe.id = r.from_entity_id
        JOIN entities te ON te.id = r.to_entity_id
        WHERE r.user_id = %(uid)s AND r.is_active AND r.valid_to IS NULL
          AND (r.from_entity_id = ANY(%(ids)s) OR r.to_entity_id = ANY(%(ids)s))
          AND (NOT %(between)s OR (r.from_entity_id = ANY(%(ids)s) AND r.to_entity_id = ANY(%(ids)s)))
          AND r.from_entity_id IN (SELECT entity_id FROM visible)
          AND r.to_entity_id IN (SELECT entity_id FROM visible) AND {evidence}
        ORDER BY r.strength DESC, r.updated_at DESC
        LIMIT %(limit)s
        """),
        params,
    ).fetchall()


def co_mentions(
    conn: Conn,
    user_id: str,
    filters: SearchFilters,
    entity_ids: Sequence[UUID],
    *,
    between_only: bool,
    to_kind: str | None = None,
    limit: int = 20,
) -> list[dict[str, Any]]:
    """Entities (of `to_kind`, when given) named in the same visible memories as the given ones, with
    how many memories they share.

    The write path links every entity a memory names, so co-mention is the connection we always have,
    even before relationship edges exist.
    """
    if not entity_ids:
        return []
    params = visibility_params(user_id, filters) | {
        "ids": list(entity_ids),
        "between": between_only,
        "kind": to_kind,
        "limit": limit,
    }
    return conn.execute(
        _statement("""
        SELECT fe.name AS from_name, te.name AS to_name, te.kind AS to_kind, count(DISTINCT m.id) AS shared
        FROM memory_entities a
        JOIN memory_entities b ON b.memory_id = a.memory_id AND b.entity_id <> a.entity_id
        JOIN memories m ON m.id = a.memory_id
        JOIN entities fe ON fe.id = a.entity_id
        JOIN entities te ON te.id = b.entity_id AND te.merged_into IS NULL AND NOT te.is_owner
        WHERE a.user_id = %(uid)s AND a.entity_id = ANY(%(ids)s) AND {visible}
          AND (%(kind)s::text IS NULL OR te.kind = %(kind)s)
          AND (NOT %(between)s OR (b.entity_id = ANY(%(ids)s) AND a.entity_id::text < b.entity_id::text))
        GROUP BY fe.name, te.name, te.kind
        ORDER BY shared DESC, te.name
        LIMIT %(limit)s
        """),
        params,
    ).fetchall()


def entity_sentiment_points(
    conn: Conn, user_id: str, entity_id: UUID, ceiling: str, *, limit: int = 200
) -> list[dict[str, Any]]:
    """An entity's sentiment readings, oldest first; readings from memories above the ceiling are left out."""
    rows = conn.execute(
        """
        SELECT sh.sentiment, sh.created_at AS at, sh.memory_id
        FROM sentiment_history sh
        LEFT JOIN memories m ON m.id = sh.memory_id
        WHERE sh.user_id = %(uid)s AND sh.entity_id = %(eid)s
          AND (m.id IS NULL
               OR (CASE m.sensitivity_level WHEN 'normal' THEN 0 WHEN 'sensitive' THEN 1 ELSE 2 END)
                  <= %(ceiling)s)
        ORDER BY sh.created_at DESC
        LIMIT %(limit)s
        """,
        {"uid": user_id, "eid": entity_id, "ceiling": SENSITIVITY_ORDER[ceiling], "limit": limit},
    ).fetchall()
    return rows[::-1]


def memory_sentiment_points(
    conn: Conn,
    user_id: str,
    filters: SearchFilters,
    topic: str | None,
    *,
    category: str | None = None,
    limit: int = 200,
) -> list[dict[str, Any]]:
    """Visible memories that carry a sentiment, oldest first: all of them, or those mentioning `topic`
    (words or name) or filed under `category`."""
    params = visibility_params(user_id, filters) | {"topic": topic, "category": category, "limit": limit}
    rows = conn.execute(
        _statement("""
        SELECT {columns}, {happened_at} AS happened_at
        FROM memories m
        WHERE {visible} AND m.sentiment IS NOT NULL
          AND (%(topic)s::text IS NULL OR m.tsv @@ plainto_tsquery('english', %(topic)s)
               OR lower(m.name) = lower(%(topic)s) OR m.category = %(category)s)
        ORDER BY {happened_at} DESC
        LIMIT %(limit)s
        """),
        params,
    ).fetchall()
    return rows[::-1]


def goal_completions(
    conn: Conn, user_id: str, filters: SearchFilters, goal_ids: Sequence[UUID]
) -> dict[UUID, dict[str, Any]]:
    """For each goal, the first visible action or event, stated and happening no earlier than the goal,
    about the same person, that reports finishing something (COMPLETION_CUE) and shares a content word
    with it beyond goal phrasing (GOAL_FILLER_WORDS, numbers, words under 3 letters): "I ran my first
    marathon" completes "My goal is to run a marathon" through "marathon"; "Arnel got his visa, leaving
    in September" completes no goal of the user's to ask for leave."""
    if not goal_ids:
        return {}
    params = visibility_params(user_id, filters) | {
        "goals": list(goal_ids),
        "filler": GOAL_FILLER_WORDS,
        "cue": COMPLETION_CUE,
        "types": None,
    }
    rows = conn.execute(
        _statement("""
        WITH g AS (
            SELECT id, tsv, coalesce(document_date, created_at) AS stated_at,
                   lower(coalesce(metadata->>'subject', 'user')) AS subject
            FROM memories WHERE user_id = %(uid)s AND id = ANY(%(goals)s)
        ), filler AS (
            SELECT tsvector_to_array(to_tsvector('english', %(filler)s)) AS words
        )
        SELECT DISTINCT ON (g.id) g.id AS goal_id, m.id, m.content, {happened_at} AS happened_at
        FROM g CROSS JOIN filler f
        JOIN memories m ON m.user_id = %(uid)s AND m.memory_type IN ('action', 'event')
        WHERE {visible}
          AND coalesce(m.document_date, m.created_at) >= g.stated_at AND {happened_at} >= g.stated_at
          AND lower(coalesce(m.metadata->>'subject', 'user')) = g.subject
          AND m.content ~* %(cue)s
          AND EXISTS (
              SELECT 1 FROM unnest(tsvector_to_array(g.tsv)) AS w(word)
              WHERE w.word = ANY(tsvector_to_array(m.tsv)) AND NOT w.word = ANY(f.words)
                AND length(w.word) > 2 AND w.word !~ '^[0-9]+$')
        ORDER BY g.id, {happened_at} ASC
        """),
        params,
    ).fetchall()
    return {row["goal_id"]: row for row in rows}
