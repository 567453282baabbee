"""Hierarchical memory: storylines over sources, macros over storylines, dirty descriptions.

Membership is set work and lives here: each sync is a few set-based statements over `source_mentions`
and the entity counters (`source_count`, `distinct_source_days`, kept exact by the write path), so a user
with 100,000 sources costs the same number of round trips as one with ten. Only the text of what
changed (names, descriptions) is written from Python, through `write_*` with one batched statement.

What "dirty" means for each row:
- a storyline is dirty when its sources changed (count or span) or its anchor's description is dirty;
- a macro is dirty when its storylines changed (set, counts or span) or one of them is dirty;
- an entity or relationship is dirty when a note was added (`entities.add_note`) or a merge touched it
  (a node's description is also kept current at every read: `descriptions`, migration 0012).

A text write clears a row's flag only if the row still looks as it did when its material was read
(same sources, same notes), so a note added while a model was writing is not lost: the row stays dirty
for the next run.

Time of a source: `coalesce(started_at, document_date, created_at)` (when it happened, as explore shows
it); its end: `coalesce(ended_at, ...)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from engram.db.connection import Conn, execute_counting

if TYPE_CHECKING:
    import numpy as np

SOURCE_START = "coalesce(s.started_at, s.document_date, s.created_at)"
SOURCE_END = "coalesce(s.ended_at, s.started_at, s.document_date, s.created_at)"

# Material read per dirty row for its text: enough to summarise, bounded whatever the row's size.
MEMORIES_PER_ROW = 8
NOTES_PER_ROW = 10
TOPICS_PER_STORYLINE = 2
MACRO_CHILDREN = 12

# Memories that may feed a description: active, current, and not above the default ceiling. A
# description is shown wherever its node is (explore, the entity API), whatever the caller's ceiling,
# so nothing sensitive or private may be summarised into it.
_MEMORY_USABLE = """m.status = 'active' AND m.sensitivity_level = 'normal'
    AND (m.expires_at IS NULL OR m.expires_at > %(now)s)"""
_NOTE_LIVE = "(n.expires_at IS NULL OR n.expires_at > %(now)s)"


@dataclass(frozen=True)
class Thresholds:
    """When a storyline and a macro are earned, plus how strongly a storyline must involve a macro's root."""

    storyline_min_sources: int = 5
    storyline_min_days: int = 3
    macro_min_storylines: int = 2
    macro_min_span_days: int = 30
    macro_min_shared_sources: int = 2

    def params(self) -> dict[str, int]:
        return {
            "sl_sources": self.storyline_min_sources,
            "sl_days": self.storyline_min_days,
            "mc_storylines": self.macro_min_storylines,
            "mc_span": self.macro_min_span_days,
            "mc_shared": self.macro_min_shared_sources,
        }


# --- storylines ------------------------------------------------------------------------------------------

_ELIGIBLE_ANCHOR = """e.user_id = %(uid)s AND NOT e.is_owner AND e.merged_into IS NULL
    AND e.state <> 'archived'
    AND e.source_count >= %(sl_sources)s AND e.distinct_source_days >= %(sl_days)s"""


def sync_storylines(conn: Conn, user_id: str, thresholds: Thresholds) -> dict[str, int]:
    """Make the user's storylines match the promotion rule exactly, with their sources and counts.

    One storyline per eligible anchor (5+ sources over 3+ days, not the owner, not merged or archived);
    a storyline whose anchor no longer qualifies (sources forgotten, node archived) goes, with its
    memberships. `storyline_sources` is the anchor's `source_mentions`. Counts and span are recomputed
    from the memberships; a storyline whose sources changed, or whose anchor is dirty, is marked dirty.
    """
    params: dict[str, Any] = {"uid": user_id} | thresholds.params()
    removed = execute_counting(
        conn,
        f"""DELETE FROM storylines sl WHERE sl.user_id = %(uid)s AND NOT EXISTS (
                SELECT 1 FROM entities e WHERE e.id = sl.anchor_entity_id AND {_ELIGIBLE_ANCHOR})""",
        params,
    )
    created = execute_counting(
        conn,
        f"""INSERT INTO storylines (user_id, anchor_entity_id, name, is_dirty)
            SELECT %(uid)s, e.id, e.name, true FROM entities e WHERE {_ELIGIBLE_ANCHOR}
            ON CONFLICT (user_id, anchor_entity_id) DO NOTHING""",
        params,
    )
    unlinked = execute_counting(
        conn,
        """DELETE FROM storyline_sources ss USING storylines sl
           WHERE ss.storyline_id = sl.id AND sl.user_id = %(uid)s AND ss.user_id = %(uid)s
             AND NOT EXISTS (SELECT 1 FROM source_mentions sm
                             WHERE sm.entity_id = sl.anchor_entity_id AND sm.source_id = ss.source_id)""",
        params,
    )
    linked = execute_counting(
        conn,
        """INSERT INTO storyline_sources (storyline_id, source_id, user_id)
           SELECT sl.id, sm.source_id, %(uid)s
           FROM storylines sl JOIN source_mentions sm ON sm.entity_id = sl.anchor_entity_id
           WHERE sl.user_id = %(uid)s AND sm.user_id = %(uid)s
           ON CONFLICT (storyline_id, source_id) DO NOTHING""",
        params,
    )
    dirtied = execute_counting(
        conn,
        f"""
        WITH agg AS (
            SELECT sl.id, count(ss.source_id)::int AS n, min({SOURCE_START}) AS started,
                   max({SOURCE_END}) AS last, a.is_dirty AS anchor_dirty
            FROM storylines sl
            JOIN entities a ON a.id = sl.anchor_entity_id
            LEFT JOIN storyline_sources ss ON ss.storyline_id = sl.id
            LEFT JOIN sources s ON s.id = ss.source_id
            WHERE sl.user_id = %(uid)s
            GROUP BY sl.id, a.is_dirty)
        UPDATE storylines sl SET
            source_count = agg.n, started_at = agg.started, last_source_at = agg.last, is_dirty = true
        FROM agg
        WHERE sl.id = agg.id AND (
            agg.anchor_dirty AND NOT sl.is_dirty
            OR (sl.source_count, sl.started_at, sl.last_source_at)
               IS DISTINCT FROM (agg.n, agg.started, agg.last))
        """,
        params,
    )
    flagged = _sync_flag(conn, user_id, "has_storyline", "storylines")
    return {
        "storylines_created": created,
        "storylines_removed": removed,
        "storyline_sources_added": linked,
        "storyline_sources_removed": unlinked,
        "storylines_dirtied": dirtied,
        "anchors_flagged": flagged,
    }


def _sync_flag(conn: Conn, user_id: str, column: str, table: str) -> int:
    """`entities.<column>` = "a row of <table> is anchored here", changed only where it differs (the
    touch trigger would otherwise rewrite every node's updated_at each night)."""
    return execute_counting(
        conn,
        f"""UPDATE entities e SET {column} = x.has
            FROM (SELECT e2.id, EXISTS (SELECT 1 FROM {table} t WHERE t.anchor_entity_id = e2.id) AS has
                  FROM entities e2 WHERE e2.user_id = %(uid)s) x
            WHERE e.id = x.id AND e.{column} IS DISTINCT FROM x.has""",
        {"uid": user_id},
    )


# --- macros ----------------------------------------------------------------------------------------------

# A macro is 2+ storylines spanning 30+ days anchored to a Person/Concept/Entity. Storylines
# are unique per anchor, so the storylines of a macro's root R are: R's own storyline, and every
# storyline whose sources mention R in at least `mc_shared` of them (R is part of that thread of
# activity, not a passing name). R qualifies with 2+ such storylines whose span (first source to last)
# is 30+ days. Two roots involved in each other's storylines would build the same macro twice, so a
# root whose storyline set is contained in another root's set is dropped in favour of the larger set;
# on equal sets the root with its own storyline, then more sources, then the smaller id wins.
_MACRO_CANDIDATES = """
    involved AS (
        SELECT sl.id AS storyline_id, sl.anchor_entity_id AS root, true AS own
        FROM storylines sl WHERE sl.user_id = %(uid)s
        UNION ALL
        SELECT ss.storyline_id, sm.entity_id, false
        FROM storyline_sources ss
        JOIN storylines sl ON sl.id = ss.storyline_id
        JOIN source_mentions sm ON sm.source_id = ss.source_id AND sm.entity_id <> sl.anchor_entity_id
        WHERE ss.user_id = %(uid)s
        GROUP BY ss.storyline_id, sm.entity_id
        HAVING count(*) >= %(mc_shared)s),
    grouped AS (
        SELECT i.root, array_agg(i.storyline_id ORDER BY i.storyline_id) AS ids, count(*) AS n,
               bool_or(i.own) AS own, max(r.source_count) AS root_sources
        FROM involved i
        JOIN storylines sl ON sl.id = i.storyline_id
        JOIN entities r ON r.id = i.root
        WHERE r.user_id = %(uid)s AND NOT r.is_owner AND r.merged_into IS NULL AND r.state <> 'archived'
        GROUP BY i.root
        HAVING count(*) >= %(mc_storylines)s
           AND max(sl.last_source_at) - min(sl.started_at) >= make_interval(days => %(mc_span)s)),
    kept AS (
        SELECT g.* FROM grouped g
        WHERE NOT EXISTS (
            SELECT 1 FROM grouped o
            WHERE o.root <> g.root AND o.ids @> g.ids
              AND (o.n, o.own, o.root_sources, g.root::text) > (g.n, g.own, g.root_sources, o.root::text)))
"""


def sync_macros(conn: Conn, user_id: str, thresholds: Thresholds) -> dict[str, int]:
    """Make the user's macros match the rule above, with their storylines and counts (run after
    `sync_storylines`, whose counts and dirty flags this reads).

    A macro whose root no longer qualifies goes; memberships follow the candidate sets; counts
    (storylines, distinct sources) and span are recomputed; a macro is marked dirty when its set, counts
    or span changed, or one of its storylines is dirty.
    """
    params: dict[str, Any] = {"uid": user_id} | thresholds.params()
    removed = execute_counting(
        conn,
        f"""WITH {_MACRO_CANDIDATES}
            DELETE FROM macros mc WHERE mc.user_id = %(uid)s
              AND mc.anchor_entity_id NOT IN (SELECT root FROM kept)""",
        params,
    )
    created = execute_counting(
        conn,
        f"""WITH {_MACRO_CANDIDATES}
            INSERT INTO macros (user_id, anchor_entity_id, name, is_dirty)
            SELECT %(uid)s, k.root, r.name, true FROM kept k JOIN entities r ON r.id = k.root
            ON CONFLICT (user_id, anchor_entity_id) DO NOTHING""",
        params,
    )
    changed = execute_counting(
        conn,
        f"""
        WITH {_MACRO_CANDIDATES},
        wanted AS (
            SELECT mc.id AS macro_id, unnest(k.ids) AS storyline_id
            FROM kept k JOIN macros mc ON mc.user_id = %(uid)s AND mc.anchor_entity_id = k.root),
        dropped AS (
            DELETE FROM macro_storylines ms WHERE ms.user_id = %(uid)s
              AND NOT EXISTS (SELECT 1 FROM wanted w
                              WHERE w.macro_id = ms.macro_id AND w.storyline_id = ms.storyline_id)
            RETURNING ms.macro_id),
        added AS (
            INSERT INTO macro_storylines (macro_id, storyline_id, user_id)
            SELECT macro_id, storyline_id, %(uid)s FROM wanted
            ON CONFLICT (macro_id, storyline_id) DO NOTHING
            RETURNING macro_id)
        UPDATE macros SET is_dirty = true
        WHERE user_id = %(uid)s AND id IN (SELECT macro_id FROM dropped UNION SELECT macro_id FROM added)
        """,
        params,
    )
    dirtied = execute_counting(
        conn,
        """
        WITH agg AS (
            SELECT mc.id, count(DISTINCT ms.storyline_id)::int AS n,
                   (SELECT count(DISTINCT ss.source_id) FROM macro_storylines m2
                    JOIN storyline_sources ss ON ss.storyline_id = m2.storyline_id
                    WHERE m2.macro_id = mc.id)::int AS sources,
                   min(sl.started_at) AS started, max(sl.last_source_at) AS last,
                   coalesce(bool_or(sl.is_dirty), false) AS child_dirty
            FROM macros mc
            LEFT JOIN macro_storylines ms ON ms.macro_id = mc.id
            LEFT JOIN storylines sl ON sl.id = ms.storyline_id
            WHERE mc.user_id = %(uid)s
            GROUP BY mc.id)
        UPDATE macros mc SET storyline_count = agg.n, total_source_count = agg.sources,
            started_at = agg.started, last_event_at = agg.last, is_dirty = true
        FROM agg
        WHERE mc.id = agg.id AND (
            agg.child_dirty AND NOT mc.is_dirty
            OR (mc.storyline_count, mc.total_source_count, mc.started_at, mc.last_event_at)
               IS DISTINCT FROM (agg.n, agg.sources, agg.started, agg.last))
        """,
        params,
    )
    flagged = _sync_flag(conn, user_id, "has_macro", "macros")
    return {
        "macros_created": created,
        "macros_removed": removed,
        "macro_memberships_changed": changed,
        "macros_dirtied": dirtied,
        "macro_roots_flagged": flagged,
    }


# --- material for the text of dirty rows -------------------------------------------------------------------


def usable_memories(link: str) -> str:
    """The most telling usable memories behind a row (`link` joins `memories m` to it): the surest and
    most repeated first, then the newest."""
    return f"""coalesce((
        SELECT jsonb_agg(x.content ORDER BY x.rank)
        FROM (SELECT m.content, row_number() OVER (
                  ORDER BY m.confidence DESC, m.mention_count DESC,
                           coalesce(m.event_date, m.document_date, m.created_at) DESC, m.id) AS rank
              FROM memories m WHERE {link} AND {_MEMORY_USABLE}
              ORDER BY rank LIMIT {MEMORIES_PER_ROW}) x), '[]'::jsonb)"""


def node_memories(alias: str) -> str:
    """`usable_memories` of the node `alias` (through its memory links)."""
    return usable_memories(
        f"m.id IN (SELECT me.memory_id FROM memory_entities me WHERE me.entity_id = {alias}.id)"
    )


def told_relationship(alias: str) -> str:
    """The node `alias`'s tie to the user as a description may show it: not when only memories above
    normal sensitivity state it ("Dana is my therapist", marked sensitive, keeps "therapist" out of her
    description as it keeps the memory out)."""
    stated = f"""SELECT 1 FROM memory_entities me JOIN memories m ON m.id = me.memory_id
                  WHERE me.entity_id = {alias}.id AND m.user_id = {alias}.user_id AND m.status = 'active'
                    AND m.metadata->>'attribute' = 'relation'
                    AND lower(m.metadata->>'value') = lower({alias}.relationship)"""
    return f"""CASE WHEN EXISTS ({stated} AND m.sensitivity_level <> 'normal')
                     AND NOT EXISTS ({stated} AND m.sensitivity_level = 'normal')
                THEN NULL ELSE {alias}.relationship END"""


def live_notes(owner: str) -> str:
    return f"""coalesce((
        SELECT jsonb_agg(x.content ORDER BY x.date_added DESC, x.id)
        FROM (SELECT n.content, n.date_added, n.id FROM entity_notes n
              WHERE {owner} AND {_NOTE_LIVE}
              ORDER BY n.date_added DESC, n.id LIMIT {NOTES_PER_ROW}) x), '[]'::jsonb)"""


def dirty_entities(conn: Conn, user_id: str, now: datetime, limit: int) -> list[dict[str, Any]]:
    """Dirty nodes (oldest change first) with their live notes and best usable memories, and the number
    of notes seen (the write's guard)."""
    return conn.execute(
        f"""
        SELECT e.id, e.kind, e.entity_type, e.name, e.is_owner, {told_relationship("e")} AS relationship,
               e.description,
               (SELECT count(*) FROM entity_notes n WHERE n.entity_id = e.id)::int AS note_count,
               {live_notes("n.entity_id = e.id")} AS notes,
               {node_memories("e")} AS memories
        FROM entities e
        WHERE e.user_id = %(uid)s AND e.is_dirty AND e.merged_into IS NULL
        ORDER BY e.updated_at, e.id
        LIMIT %(limit)s
        """,
        {"uid": user_id, "now": now, "limit": limit},
    ).fetchall()


def dirty_relationships(conn: Conn, user_id: str, now: datetime, limit: int) -> list[dict[str, Any]]:
    """Dirty edges with both endpoints' names, live notes and the usable memories that evidence them."""
    return conn.execute(
        f"""
        SELECT r.id, r.relationship_type, r.valid_to, f.name AS from_name, f.is_owner AS from_owner,
               t.name AS to_name, t.is_owner AS to_owner,
               (SELECT count(*) FROM entity_notes n WHERE n.relationship_id = r.id)::int AS note_count,
               {live_notes("n.relationship_id = r.id")} AS notes,
               {usable_memories("m.id = ANY(r.evidence_memory_ids)")} AS memories
        FROM relationships r
        JOIN entities f ON f.id = r.from_entity_id
        JOIN entities t ON t.id = r.to_entity_id
        WHERE r.user_id = %(uid)s AND r.is_dirty
        ORDER BY r.updated_at, r.id
        LIMIT %(limit)s
        """,
        {"uid": user_id, "now": now, "limit": limit},
    ).fetchall()


# Words of a source that may name its topic: capitalised runs ("Y Combinator", "Lisbon") not at the start
# of a sentence (where every word is capitalised). Captured group 1.
_PROPER_RUN = r"(?:[^.!?[:space:]])[[:space:]]+([A-Z][[:alnum:]&'-]*(?:[[:space:]]+[A-Z][[:alnum:]&'-]*)*)"


def dirty_storylines(conn: Conn, user_id: str, now: datetime, limit: int) -> list[dict[str, Any]]:
    """Dirty storylines with their anchor, span, source types, topics and the anchor's material.

    Topics are what the storyline's sources keep coming back to besides the anchor: other nodes they
    mention and proper names in their text, each counted once per source, kept from 2 sources up. A
    topic never comes from a high-sensitivity source, a source any non-normal memory was taken from, or
    a node linked to a non-normal memory (a storyline name is shown at every ceiling)."""
    return conn.execute(
        f"""
        WITH dirty AS (
            SELECT sl.* FROM storylines sl WHERE sl.user_id = %(uid)s AND sl.is_dirty
            ORDER BY sl.updated_at, sl.id LIMIT %(limit)s),
        clean_sources AS (
            SELECT ss.storyline_id, s.id, s.content, s.source_type
            FROM dirty d JOIN storyline_sources ss ON ss.storyline_id = d.id
            JOIN sources s ON s.id = ss.source_id
            WHERE s.sensitivity <> 'high'
              AND NOT EXISTS (SELECT 1 FROM memories pm WHERE pm.source_id = s.id
                              AND pm.sensitivity_level <> 'normal')),
        terms AS (
            SELECT cs.storyline_id, e.name AS term, cs.id AS source_id
            FROM clean_sources cs JOIN source_mentions sm ON sm.source_id = cs.id
            JOIN entities e ON e.id = sm.entity_id
            JOIN dirty d ON d.id = cs.storyline_id
            WHERE e.id <> d.anchor_entity_id AND NOT e.is_owner AND e.merged_into IS NULL
              AND NOT EXISTS (SELECT 1 FROM memory_entities me JOIN memories pm ON pm.id = me.memory_id
                              WHERE me.entity_id = e.id AND pm.sensitivity_level <> 'normal')
            UNION ALL
            SELECT cs.storyline_id, p.run[1], cs.id
            FROM clean_sources cs CROSS JOIN LATERAL regexp_matches(cs.content, %(proper)s, 'g') AS p(run)),
        topics AS (
            SELECT t.storyline_id, min(t.term) AS term, count(DISTINCT t.source_id) AS n
            FROM terms t JOIN dirty d ON d.id = t.storyline_id JOIN entities a ON a.id = d.anchor_entity_id
            WHERE length(t.term) >= 2 AND lower(t.term) <> lower(a.name)
              AND lower(t.term) <> a.canonical_name AND NOT lower(t.term) = ANY(a.aliases)
            GROUP BY t.storyline_id, lower(t.term)
            HAVING count(DISTINCT t.source_id) >= 2)
        SELECT d.id, d.source_count, d.started_at, d.last_source_at,
               a.id AS anchor_id, a.kind AS anchor_kind, a.entity_type AS anchor_type, a.name AS anchor_name,
               a.relationship AS anchor_relationship, a.description AS anchor_description,
               coalesce((SELECT jsonb_object_agg(x.source_type, x.n) FROM (
                   SELECT s.source_type, count(*) AS n FROM storyline_sources ss
                   JOIN sources s ON s.id = ss.source_id WHERE ss.storyline_id = d.id
                   GROUP BY s.source_type) x), '{{}}'::jsonb) AS source_types,
               coalesce((SELECT jsonb_agg(x.term ORDER BY x.n DESC, x.term) FROM (
                   SELECT term, n FROM topics WHERE topics.storyline_id = d.id
                   ORDER BY n DESC, term LIMIT {TOPICS_PER_STORYLINE}) x), '[]'::jsonb) AS topics,
               {live_notes("n.entity_id = a.id")} AS notes,
               {node_memories("a")} AS memories
        FROM dirty d JOIN entities a ON a.id = d.anchor_entity_id
        ORDER BY d.updated_at, d.id
        """,
        {"uid": user_id, "now": now, "limit": limit, "proper": _PROPER_RUN},
    ).fetchall()


def dirty_macros(conn: Conn, user_id: str, limit: int) -> list[dict[str, Any]]:
    """Dirty macros with their root and their storylines (name, description, counts, span), oldest first."""
    return conn.execute(
        f"""
        SELECT mc.id, mc.storyline_count, mc.total_source_count, mc.started_at, mc.last_event_at,
               a.id AS anchor_id, a.kind AS anchor_kind, a.name AS anchor_name,
               a.description AS anchor_description,
               coalesce((SELECT jsonb_agg(x.j ORDER BY x.started_at NULLS LAST, x.id) FROM (
                   SELECT sl.id, sl.started_at, jsonb_build_object(
                       'id', sl.id, 'anchor_id', sl.anchor_entity_id, 'anchor_name', sa.name,
                       'name', sl.name, 'description', sl.description, 'source_count', sl.source_count,
                       'started_at', sl.started_at, 'last_source_at', sl.last_source_at) AS j
                   FROM macro_storylines ms JOIN storylines sl ON sl.id = ms.storyline_id
                   JOIN entities sa ON sa.id = sl.anchor_entity_id
                   WHERE ms.macro_id = mc.id
                   ORDER BY sl.source_count DESC, sl.id LIMIT {MACRO_CHILDREN}) x), '[]'::jsonb) AS storylines
        FROM macros mc JOIN entities a ON a.id = mc.anchor_entity_id
        WHERE mc.user_id = %(uid)s AND mc.is_dirty
        ORDER BY mc.updated_at, mc.id
        LIMIT %(limit)s
        """,
        {"uid": user_id, "limit": limit},
    ).fetchall()


# --- writing text ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextWrite:
    """New text for one row, with the guard value read with its material (note or source count)."""

    id: UUID
    description: str
    embedding: np.ndarray
    guard: int
    name: str | None = None
    previous: str | None = None  # a node's description when its material was read


def write_entity_descriptions(conn: Conn, user_id: str, writes: Sequence[TextWrite], model: str) -> int:
    """Descriptions and embeddings (description + notes) of nodes, written only where the material is
    what was read: no note added or removed (else the row stays dirty), and neither stale now nor
    described again by a read since (`engram.graph.descriptions`: the row keeps that text and its dirty
    mark for the next run). Returns rows cleared."""
    return _write(
        conn,
        """UPDATE entities e SET description = %(text)s, embedding = %(emb)s, embedding_model = %(model)s,
               is_dirty = (SELECT count(*) FROM entity_notes n WHERE n.entity_id = e.id) <> %(guard)s
           WHERE e.user_id = %(uid)s AND e.id = %(id)s AND e.is_dirty
             AND NOT e.description_stale AND e.description IS NOT DISTINCT FROM %(previous)s
           RETURNING NOT e.is_dirty AS cleared""",
        user_id,
        writes,
        model,
    )


def write_relationship_descriptions(conn: Conn, user_id: str, writes: Sequence[TextWrite], model: str) -> int:
    """Relation embeddings of edges (their summary with the notes), guarded on their note count like
    nodes. The edge's `description` stays what its memories say (`engram.graph.derivation`): a second
    text for it could disagree with them."""
    return _write(
        conn,
        """UPDATE relationships r SET relation_embedding = %(emb)s, relation_embedding_model = %(model)s,
               is_dirty = (SELECT count(*) FROM entity_notes n WHERE n.relationship_id = r.id) <> %(guard)s
           WHERE r.user_id = %(uid)s AND r.id = %(id)s AND r.is_dirty
           RETURNING NOT r.is_dirty AS cleared""",
        user_id,
        writes,
        model,
    )


def write_storylines(conn: Conn, user_id: str, writes: Sequence[TextWrite], model: str) -> int:
    """Name, description and its embedding; clean only if the source count is still the one summarised
    and the anchor's description is no longer dirty."""
    return _write(
        conn,
        """UPDATE storylines sl SET name = %(name)s, description = %(text)s, embedding = %(emb)s,
               embedding_model = %(model)s,
               is_dirty = sl.source_count <> %(guard)s
                   OR (SELECT a.is_dirty FROM entities a WHERE a.id = sl.anchor_entity_id)
           WHERE sl.user_id = %(uid)s AND sl.id = %(id)s AND sl.is_dirty
           RETURNING NOT sl.is_dirty AS cleared""",
        user_id,
        writes,
        model,
    )


def write_macros(conn: Conn, user_id: str, writes: Sequence[TextWrite], model: str) -> int:
    """Name, description and its embedding; clean only if the storyline count is unchanged and none of
    its storylines is dirty."""
    return _write(
        conn,
        """UPDATE macros mc SET name = %(name)s, description = %(text)s, embedding = %(emb)s,
               embedding_model = %(model)s,
               is_dirty = mc.storyline_count <> %(guard)s OR EXISTS (
                   SELECT 1 FROM macro_storylines ms JOIN storylines sl ON sl.id = ms.storyline_id
                   WHERE ms.macro_id = mc.id AND sl.is_dirty)
           WHERE mc.user_id = %(uid)s AND mc.id = %(id)s AND mc.is_dirty
           RETURNING NOT mc.is_dirty AS cleared""",
        user_id,
        writes,
        model,
    )


def _write(conn: Conn, statement: str, user_id: str, writes: Sequence[TextWrite], model: str) -> int:
    import numpy as np

    if not writes:
        return 0
    with conn.cursor() as cur:
        cur.executemany(
            statement,
            [
                {
                    "uid": user_id,
                    "id": w.id,
                    "name": w.name,
                    "text": w.description,
                    "emb": np.asarray(w.embedding, dtype=np.float32),
                    "model": model,
                    "guard": w.guard,
                    "previous": w.previous,
                }
                for w in writes
            ],
            returning=True,
        )
        cleared = 0
        while True:
            row = cur.fetchone()
            if row is not None and row["cleared"]:
                cleared += 1
            if not cur.nextset():
                break
    return cleared
