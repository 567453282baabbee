"""Seed 004's explore in three round trips: gather candidates, expand the chosen hits, record access.

`gather` is one statement. The query embeddings find the user's nearest visible memories once
(`mem_hits`); entities, sources and relationship edges inherit the similarity of the memories linked to
them (today nothing else carries an embedding), and rows that do have their own embedding are searched
directly too. Storylines inherit from their sources and macros from their storylines. Text matches are
prefiltered here (substring, trigram) and scored in Python, where one string-similarity metric serves
every kind of hit. Each section comes back as `(section, jsonb)` rows, so the statement stays one round
trip whatever it finds.

Privacy follows the memories: an entity whose linked memories all sit above the caller's sensitivity
ceiling is hidden (its name alone would say "diabetes"), and so is a source that any such memory came
from, with the storylines, macros and artifacts built on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

import numpy as np

from engram.db.connection import Conn
from engram.db.repositories.search import SPACED_ACCESS, VISIBLE
from engram.db.repositories.vector_index import similarity_sql

# Candidates per section before Python scores them; per-query nearest memories.
NEAREST_MEMORIES = 100
CAPS = {
    "entities": 100,
    "sources": 100,
    "relationships": 100,
    "storylines": 30,
    "macros": 30,
    "artifacts": 30,
}
NOTES_PER_HIT = 10
NOTE_CHARS = 500
MENTIONED_NODES = 8
TOP_NODES_PER_KIND = 5
PREVIEW_SOURCES = 5
TOUCHING_EDGES = 300


def _rank(alias: str) -> str:
    return f"(CASE {alias}.sensitivity_level WHEN 'normal' THEN 0 WHEN 'sensitive' THEN 1 ELSE 2 END)"


def entity_allowed(alias: str) -> str:
    """An entity is shown unless every memory linked to it is above the ceiling (none linked: shown).

    Two EXISTS rather than one aggregate: each stops at its first row, so a node linked to thousands of
    memories costs two index probes, not a scan of its links."""
    return f"""(EXISTS (
            SELECT 1 FROM memory_entities pme JOIN memories pm ON pm.id = pme.memory_id
            WHERE pme.entity_id = {alias}.id AND {_rank("pm")} <= %(ceiling)s)
        OR NOT EXISTS (SELECT 1 FROM memory_entities pme WHERE pme.entity_id = {alias}.id))"""


# Sources any above-ceiling memory came from (its source_id or provenance), found once per statement:
# probing the memories per source would scan the user's memories once per candidate.
HIDDEN_SOURCES = f"""hidden_sources AS MATERIALIZED (
        SELECT pm.source_id AS id FROM memories pm
        WHERE pm.user_id = %(uid)s AND %(ceiling)s < 2 AND pm.source_id IS NOT NULL
          AND {_rank("pm")} > %(ceiling)s
        UNION
        SELECT (p->>'source_id')::uuid
        FROM memories pm CROSS JOIN LATERAL jsonb_array_elements(pm.provenance) p
        WHERE pm.user_id = %(uid)s AND %(ceiling)s < 2 AND {_rank("pm")} > %(ceiling)s
          AND p->>'source_id' ~ '^[0-9a-fA-F-]+$' AND length(p->>'source_id') = 36)"""


def source_hidden(alias: str) -> str:
    """A source is hidden when it is itself marked high, or any memory taken from it is above the ceiling
    (needs the `hidden_sources` CTE)."""
    return f"""((CASE {alias}.sensitivity WHEN 'high' THEN 1 ELSE 0 END) > %(ceiling)s
        OR {alias}.id IN (SELECT id FROM hidden_sources))"""


def storyline_hidden(alias: str) -> str:
    return f"""EXISTS (
        SELECT 1 FROM storyline_sources hss JOIN sources hs ON hs.id = hss.source_id
        WHERE hss.storyline_id = {alias}.id AND {source_hidden("hs")})"""


@dataclass
class RelationshipFilter:
    """Seed 004's relationship_filters; every bound is optional."""

    min_attitude: int | None = None
    max_attitude: int | None = None
    min_proximity: int | None = None
    max_proximity: int | None = None
    types: list[str] | None = None
    exclude_types: list[str] | None = None

    def params(self) -> dict[str, Any]:
        return {
            "min_att": self.min_attitude,
            "max_att": self.max_attitude,
            "min_prox": self.min_proximity,
            "max_prox": self.max_proximity,
            "rel_types": [t.lower() for t in self.types] if self.types else None,
            "rel_exclude": [t.lower() for t in self.exclude_types] if self.exclude_types else None,
        }


# Currently valid edges that pass the caller's filter (alias r): the candidate set before any scoring.
EDGE_ALLOWED = """
    r.user_id = %(uid)s AND r.valid_to IS NULL AND r.is_active
    AND (%(min_att)s::int IS NULL OR r.attitude >= %(min_att)s::int)
    AND (%(max_att)s::int IS NULL OR r.attitude <= %(max_att)s::int)
    AND (%(min_prox)s::int IS NULL OR r.proximity >= %(min_prox)s::int)
    AND (%(max_prox)s::int IS NULL OR r.proximity <= %(max_prox)s::int)
    AND (%(rel_types)s::text[] IS NULL OR lower(r.relationship_type) = ANY(%(rel_types)s::text[]))
    AND (%(rel_exclude)s::text[] IS NULL OR NOT lower(r.relationship_type) = ANY(%(rel_exclude)s::text[]))
"""

NOTE_LIVE = "(n.expires_at IS NULL OR n.expires_at > %(now)s)"
AGE = "extract(epoch FROM %(now)s - x.touched_at) / 86400"


@dataclass
class GatherInput:
    """What to look for: query embeddings with their thresholds, and text terms (lowercase)."""

    embeddings: list[np.ndarray] = field(default_factory=list)
    thresholds: list[float] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)  # LIKE patterns, escaped
    regexes: list[str] = field(default_factory=list)  # whole-word regexes (PostgreSQL ARE), escaped
    relationship_filter: RelationshipFilter = field(default_factory=RelationshipFilter)
    min_similarity: float = 0.0  # below this nothing counts as similar, whatever the query's threshold


def _similar(table: str, alias: str, column: str, where: str) -> str:
    """Per query, the rows of `table` nearest to it by their own embedding (at or above its threshold)."""
    return f"""
        SELECT h.id, q.qi, h.sim FROM q CROSS JOIN LATERAL (
            SELECT {alias}.id, {similarity_sql(f"{alias}.{column}", "q.emb")} AS sim FROM {table} {alias}
            WHERE {where} AND {alias}.{column} IS NOT NULL
            ORDER BY {alias}.{column} <=> q.emb LIMIT %(k)s) h
        WHERE h.sim >= q.threshold AND h.sim >= %(floor)s"""


def _sims_json(cte: str) -> str:
    return f"""(SELECT id, jsonb_object_agg(qi, round(sim::numeric, 4)) AS sims, max(sim) AS best
               FROM {cte} GROUP BY id)"""


def gather(conn: Conn, params: dict[str, Any], what: GatherInput) -> dict[str, list[dict[str, Any]]]:
    """Candidates of every section with per-query similarities (`sims`: {"0": 0.41, ...}) and the text
    terms that matched them. `params` carries the memory visibility (`visibility_params`)."""
    params = (
        dict(params)
        | what.relationship_filter.params()
        | {
            "terms": what.terms,
            "patterns": what.patterns,
            "regexes": what.regexes,
            "k": NEAREST_MEMORIES,
            "floor": max(what.min_similarity, 1e-9),
        }
        | {f"cap_{name}": cap for name, cap in CAPS.items()}
    )
    if what.embeddings:
        values = []
        for i, (emb, threshold) in enumerate(zip(what.embeddings, what.thresholds, strict=True)):
            params[f"e{i}"] = np.asarray(emb, dtype=np.float32)
            params[f"th{i}"] = threshold
            values.append(f"({i}, %(e{i})s::vector, %(th{i})s::real)")
        q_values = "VALUES " + ", ".join(values)
    else:
        q_values = "SELECT NULL::int, NULL::vector, NULL::real WHERE false"
    sql = f"""
    WITH
    q(qi, emb, threshold) AS ({q_values}),
    terms(term, pattern, regex) AS (
        SELECT * FROM unnest(%(terms)s::text[], %(patterns)s::text[], %(regexes)s::text[])),
    {HIDDEN_SOURCES},
    mem_hits AS MATERIALIZED (
        SELECT h.id, q.qi, h.sim, h.source_id, h.provenance
        FROM q CROSS JOIN LATERAL (
            SELECT m.id, m.source_id, m.provenance, {similarity_sql("m.embedding", "q.emb")} AS sim
            FROM memories m WHERE {VISIBLE} AND m.embedding IS NOT NULL
            ORDER BY m.embedding <=> q.emb LIMIT %(k)s) h
        WHERE h.sim >= q.threshold AND h.sim >= %(floor)s),

    ent_sims AS MATERIALIZED (
        SELECT id, qi, max(sim) AS sim FROM (
            SELECT me.entity_id AS id, mh.qi, mh.sim
            FROM mem_hits mh JOIN memory_entities me ON me.memory_id = mh.id
            UNION ALL {_similar("entities", "e", "embedding", "e.user_id = %(uid)s")}) u
        GROUP BY id, qi),
    ent_text AS MATERIALIZED (
        SELECT e.id, array_agg(DISTINCT t.term) AS terms
        FROM entities e JOIN terms t ON (
            t.term <%% e.canonical_name OR e.canonical_name %% t.term OR lower(e.name) LIKE t.pattern
            OR EXISTS (SELECT 1 FROM unnest(e.aliases) a
                       WHERE lower(a) LIKE t.pattern OR t.term <%% lower(a)))
        WHERE e.user_id = %(uid)s AND e.merged_into IS NULL AND NOT e.is_owner
        GROUP BY e.id),
    ent_cand AS MATERIALIZED (
        SELECT e.id, e.kind, e.entity_type, e.name, e.canonical_name, e.aliases, e.description, e.salience,
               e.state, e.last_accessed_at, coalesce(e.last_mentioned_at, e.created_at) AS touched_at,
               s.sims, coalesce(t.terms, ARRAY[]::text[]) AS terms
        FROM (SELECT id FROM ent_sims UNION SELECT id FROM ent_text) ids
        JOIN entities e ON e.id = ids.id
        LEFT JOIN {_sims_json("ent_sims")} s ON s.id = e.id
        LEFT JOIN ent_text t ON t.id = e.id
        WHERE e.user_id = %(uid)s AND e.merged_into IS NULL AND NOT e.is_owner AND {entity_allowed("e")}
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST, e.salience DESC
        LIMIT %(cap_entities)s),

    src_sims AS MATERIALIZED (
        SELECT id, qi, max(sim) AS sim FROM (
            SELECT x.id, mh.qi, mh.sim
            FROM mem_hits mh CROSS JOIN LATERAL (
                SELECT mh.source_id AS id WHERE mh.source_id IS NOT NULL
                UNION
                SELECT (p->>'source_id')::uuid FROM jsonb_array_elements(mh.provenance) p
                WHERE p->>'source_id' ~ '^[0-9a-fA-F-]+$' AND length(p->>'source_id') = 36) x
            UNION ALL {_similar("sources", "s", "embedding", "s.user_id = %(uid)s")}) u
        GROUP BY id, qi),
    src_text AS MATERIALIZED (
        SELECT s.id, array_agg(DISTINCT t.term) AS terms,
               array_agg(DISTINCT t.term) FILTER (
                   WHERE lower(s.content) ~ t.regex OR lower(coalesce(s.summary, '')) ~ t.regex) AS word_terms
        FROM sources s JOIN terms t ON (
            lower(s.content) LIKE t.pattern OR lower(coalesce(s.summary, '')) LIKE t.pattern
            OR EXISTS (SELECT 1 FROM unnest(s.keywords || s.tags) kw
                       WHERE lower(kw) LIKE t.pattern OR t.term <%% lower(kw)))
        WHERE s.user_id = %(uid)s
        GROUP BY s.id),
    src_ment AS MATERIALIZED (
        SELECT sm.source_id AS id, array_agg(DISTINCT sm.entity_id) AS entity_ids
        FROM ent_text et JOIN source_mentions sm ON sm.entity_id = et.id
        WHERE sm.user_id = %(uid)s
        GROUP BY sm.source_id),
    src_cand AS MATERIALIZED (
        SELECT s.id, s.summary, left(s.content, 600) AS content, s.context_type, s.source_type, s.started_at,
               s.ended_at, s.keywords, s.tags, s.salience, s.state, s.last_accessed_at,
               coalesce(s.ended_at, s.started_at, s.document_date, s.created_at) AS touched_at,
               ss.sims, coalesce(st.terms, ARRAY[]::text[]) AS terms,
               coalesce(st.word_terms, ARRAY[]::text[]) AS word_terms,
               coalesce(sm.entity_ids, ARRAY[]::uuid[]) AS via_entities
        FROM (SELECT id FROM src_sims UNION SELECT id FROM src_text UNION SELECT id FROM src_ment) ids
        JOIN sources s ON s.id = ids.id
        LEFT JOIN {_sims_json("src_sims")} ss ON ss.id = s.id
        LEFT JOIN src_text st ON st.id = s.id
        LEFT JOIN src_ment sm ON sm.id = s.id
        WHERE s.user_id = %(uid)s AND NOT {source_hidden("s")}
        ORDER BY (st.id IS NOT NULL OR sm.id IS NOT NULL) DESC, ss.best DESC NULLS LAST,
                 coalesce(s.ended_at, s.started_at, s.document_date, s.created_at) DESC
        LIMIT %(cap_sources)s),

    edges AS NOT MATERIALIZED (SELECT r.* FROM relationships r WHERE {EDGE_ALLOWED}),
    rel_sims AS MATERIALIZED (
        SELECT id, qi, max(sim) AS sim FROM (
            SELECT r.id, mh.qi, mh.sim FROM edges r JOIN mem_hits mh ON mh.id = ANY(r.evidence_memory_ids)
            UNION ALL {_similar("edges", "r", "relation_embedding", "true")}) u
        GROUP BY id, qi),
    rel_text AS MATERIALIZED (
        SELECT r.id, array_agg(DISTINCT t.term) AS terms
        FROM edges r JOIN terms t ON (
            lower(r.relationship_type) LIKE t.pattern
            OR t.term <%% lower(replace(r.relationship_type, '_', ' '))
            OR lower(coalesce(r.description, '')) LIKE t.pattern
            OR EXISTS (SELECT 1 FROM entity_notes n
                       WHERE n.relationship_id = r.id AND {NOTE_LIVE} AND lower(n.content) LIKE t.pattern))
        GROUP BY r.id),
    rel_cand AS MATERIALIZED (
        SELECT ids.id, s.sims, coalesce(t.terms, ARRAY[]::text[]) AS terms
        FROM (SELECT id FROM rel_sims UNION SELECT id FROM rel_text) ids
        LEFT JOIN {_sims_json("rel_sims")} s ON s.id = ids.id
        LEFT JOIN rel_text t ON t.id = ids.id
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST
        LIMIT %(cap_relationships)s),

    sl_sims AS MATERIALIZED (
        SELECT id, qi, max(sim) AS sim FROM (
            SELECT ss.storyline_id AS id, s.qi, s.sim
            FROM src_sims s JOIN storyline_sources ss ON ss.source_id = s.id
            UNION ALL {_similar("storylines", "sl", "embedding", "sl.user_id = %(uid)s")}) u
        GROUP BY id, qi),
    sl_text AS MATERIALIZED (
        SELECT sl.id, array_agg(DISTINCT t.term) AS terms
        FROM storylines sl JOIN terms t ON (
            lower(sl.name) LIKE t.pattern OR t.term <%% lower(sl.name)
            OR lower(coalesce(sl.description, '')) LIKE t.pattern
            OR sl.anchor_entity_id IN (SELECT id FROM ent_text))
        WHERE sl.user_id = %(uid)s
        GROUP BY sl.id),
    sl_cand AS MATERIALIZED (
        SELECT sl.id, sl.name, sl.description, sl.source_count, sl.started_at, sl.last_source_at,
               sl.salience, sl.state, coalesce(sl.last_source_at, sl.created_at) AS touched_at,
               s.sims, coalesce(t.terms, ARRAY[]::text[]) AS terms,
               jsonb_build_object('id', a.id, 'kind', a.kind, 'entity_type', a.entity_type, 'name', a.name,
                                  'description', a.description, 'salience', a.salience, 'state', a.state,
                                  'last_accessed_at', a.last_accessed_at, 'is_owner', a.is_owner,
                                  'touched_at', coalesce(a.last_mentioned_at, a.created_at)) AS anchor
        FROM (SELECT id FROM sl_sims UNION SELECT id FROM sl_text) ids
        JOIN storylines sl ON sl.id = ids.id
        JOIN entities a ON a.id = sl.anchor_entity_id
        LEFT JOIN {_sims_json("sl_sims")} s ON s.id = sl.id
        LEFT JOIN sl_text t ON t.id = sl.id
        WHERE sl.user_id = %(uid)s AND {entity_allowed("a")} AND NOT {storyline_hidden("sl")}
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST, sl.salience DESC
        LIMIT %(cap_storylines)s),

    mc_sims AS MATERIALIZED (
        SELECT id, qi, max(sim) AS sim FROM (
            SELECT ms.macro_id AS id, s.qi, s.sim
            FROM sl_sims s JOIN macro_storylines ms ON ms.storyline_id = s.id
            UNION ALL {_similar("macros", "mc", "embedding", "mc.user_id = %(uid)s")}) u
        GROUP BY id, qi),
    mc_text AS MATERIALIZED (
        SELECT mc.id, array_agg(DISTINCT t.term) AS terms
        FROM macros mc JOIN terms t ON (
            lower(mc.name) LIKE t.pattern OR t.term <%% lower(mc.name)
            OR lower(coalesce(mc.description, '')) LIKE t.pattern
            OR mc.anchor_entity_id IN (SELECT id FROM ent_text))
        WHERE mc.user_id = %(uid)s
        GROUP BY mc.id),
    mc_cand AS MATERIALIZED (
        SELECT mc.id, mc.name, mc.description, mc.storyline_count, mc.total_source_count, mc.started_at,
               mc.last_event_at, mc.salience, mc.state,
               coalesce(mc.last_event_at, mc.created_at) AS touched_at,
               s.sims, coalesce(t.terms, ARRAY[]::text[]) AS terms,
               jsonb_build_object('id', a.id, 'kind', a.kind, 'entity_type', a.entity_type, 'name', a.name,
                                  'description', a.description, 'salience', a.salience, 'state', a.state,
                                  'last_accessed_at', a.last_accessed_at, 'is_owner', a.is_owner,
                                  'touched_at', coalesce(a.last_mentioned_at, a.created_at)) AS anchor
        FROM (SELECT id FROM mc_sims UNION SELECT id FROM mc_text) ids
        JOIN macros mc ON mc.id = ids.id
        JOIN entities a ON a.id = mc.anchor_entity_id
        LEFT JOIN {_sims_json("mc_sims")} s ON s.id = mc.id
        LEFT JOIN mc_text t ON t.id = mc.id
        WHERE mc.user_id = %(uid)s AND {entity_allowed("a")}
          AND NOT EXISTS (SELECT 1 FROM macro_storylines hms JOIN storylines hsl ON hsl.id = hms.storyline_id
                          WHERE hms.macro_id = mc.id AND {storyline_hidden("hsl")})
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST, mc.salience DESC
        LIMIT %(cap_macros)s),

    art_sims AS MATERIALIZED (
        SELECT id, qi, max(sim) AS sim
        FROM ({_similar("artifacts", "ar", "embedding", "ar.user_id = %(uid)s")}) u
        GROUP BY id, qi),
    art_text AS MATERIALIZED (
        SELECT ar.id, array_agg(DISTINCT t.term) AS terms
        FROM artifacts ar JOIN terms t ON (
            lower(coalesce(ar.title, '')) LIKE t.pattern OR lower(ar.content) LIKE t.pattern)
        WHERE ar.user_id = %(uid)s
        GROUP BY ar.id),
    art_cand AS MATERIALIZED (
        SELECT ar.id, ar.title, left(ar.content, 600) AS content, ar.artifact_type, ar.source_id,
               ar.created_at,
               ar.created_at AS touched_at, s.sims, coalesce(t.terms, ARRAY[]::text[]) AS terms
        FROM (SELECT id FROM art_sims UNION SELECT id FROM art_text) ids
        JOIN artifacts ar ON ar.id = ids.id
        LEFT JOIN {_sims_json("art_sims")} s ON s.id = ar.id
        LEFT JOIN art_text t ON t.id = ar.id
        WHERE ar.user_id = %(uid)s AND (CASE ar.sensitivity WHEN 'high' THEN 1 ELSE 0 END) <= %(ceiling)s
          AND NOT EXISTS (SELECT 1 FROM sources hs WHERE hs.id = ar.source_id AND {source_hidden("hs")})
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST, ar.created_at DESC
        LIMIT %(cap_artifacts)s)

    SELECT 'entity' AS section, to_jsonb(x) AS data, {AGE} AS age_days FROM ent_cand x
    UNION ALL SELECT 'source', to_jsonb(x), {AGE} FROM src_cand x
    UNION ALL SELECT 'relationship', to_jsonb(x), NULL FROM rel_cand x
    UNION ALL SELECT 'storyline', to_jsonb(x), {AGE} FROM sl_cand x
    UNION ALL SELECT 'macro', to_jsonb(x), {AGE} FROM mc_cand x
    UNION ALL SELECT 'artifact', to_jsonb(x), {AGE} FROM art_cand x
    """
    out: dict[str, list[dict[str, Any]]] = {
        k: [] for k in ("entity", "source", "relationship", "storyline", "macro", "artifact")
    }
    for row in conn.execute(sql, params).fetchall():
        data = row["data"]
        data["age_days"] = float(row["age_days"]) if row["age_days"] is not None else None
        out[row["section"]].append(data)
    return out


def prepare_vector_search(conn: Conn, ef_search: int) -> None:
    conn.execute(
        "SELECT set_config('hnsw.ef_search', %s, true),"
        " set_config('hnsw.iterative_scan', 'relaxed_order', true)",
        (str(ef_search),),
    )


# --- expand -------------------------------------------------------------------------------------------------

_NODE_REF = """jsonb_build_object('entity_key', {a}.id, 'kind', {a}.kind, 'entity_type', {a}.entity_type,
                                  'name', {a}.name, 'description', {a}.description)"""


def _notes(owner_column: str, owner: str) -> str:
    """The newest live notes of one node or edge, each cut to NOTE_CHARS (seed 004 notes_snippets)."""
    return f"""coalesce((SELECT jsonb_agg(left(n.content, {NOTE_CHARS}) ORDER BY n.date_added DESC, n.id)
        FROM (SELECT * FROM entity_notes n WHERE n.{owner_column} = {owner} AND {NOTE_LIVE}
              ORDER BY n.date_added DESC, n.id LIMIT {NOTES_PER_HIT}) n), '[]'::jsonb)"""


def expand(
    conn: Conn,
    params: dict[str, Any],
    *,
    node_ids: Sequence[UUID | str],
    relationship_ids: Sequence[UUID | str],
    source_ids: Sequence[UUID | str],
    storyline_ids: Sequence[UUID | str],
    macro_ids: Sequence[UUID | str],
    artifact_ids: Sequence[UUID | str],
    relationship_filter: RelationshipFilter,
) -> dict[str, list[dict[str, Any]]]:
    """Everything shown about the chosen hits, in one statement: notes of the nodes; the filtered edges
    that touch them or matched directly (with endpoint names and notes); the nodes mentioned in sources
    and their storyline/macro parents; storyline anchors, top nodes and previews; macro children."""
    params = (
        dict(params)
        | relationship_filter.params()
        | {
            "node_ids": [str(i) for i in node_ids],
            "rel_ids": [str(i) for i in relationship_ids],
            "source_ids": [str(i) for i in source_ids],
            "sl_ids": [str(i) for i in storyline_ids],
            "mc_ids": [str(i) for i in macro_ids],
            "art_ids": [str(i) for i in artifact_ids],
        }
    )
    parts: list[str] = []
    ref_e, ref_a = _NODE_REF.format(a="e"), _NODE_REF.format(a="a")
    if node_ids:
        parts.append(f"""
        SELECT 'node_notes', jsonb_build_object('id', e.id, 'notes', {_notes("entity_id", "e.id")})
        FROM entities e WHERE e.user_id = %(uid)s AND e.id = ANY(%(node_ids)s::uuid[])""")
    if node_ids or relationship_ids:
        parts.append(f"""
        SELECT 'edge', jsonb_build_object(
            'id', r.id, 'from_id', r.from_entity_id, 'to_id', r.to_entity_id, 'from_name', f.name,
            'to_name', t.name, 'kind', r.kind, 'relationship_type', r.relationship_type,
            'description', r.description, 'attitude', r.attitude, 'proximity', r.proximity,
            'salience', r.salience, 'state', r.state, 'strength', r.strength,
            'age_days', extract(epoch FROM %(now)s - greatest(r.valid_from, (
                SELECT max(em.created_at) FROM memories em
                WHERE em.id = ANY(r.evidence_memory_ids)))) / 86400,
            'notes', {_notes("relationship_id", "r.id")})
        FROM (SELECT r.* FROM relationships r
              WHERE {EDGE_ALLOWED}
                AND (r.id = ANY(%(rel_ids)s::uuid[]) OR r.from_entity_id = ANY(%(node_ids)s::uuid[])
                     OR r.to_entity_id = ANY(%(node_ids)s::uuid[]))
              ORDER BY r.id = ANY(%(rel_ids)s::uuid[]) DESC, r.strength DESC, r.valid_from DESC
              LIMIT {TOUCHING_EDGES}) r
        JOIN entities f ON f.id = r.from_entity_id
        JOIN entities t ON t.id = r.to_entity_id
        WHERE f.merged_into IS NULL AND t.merged_into IS NULL
          AND {entity_allowed("f")} AND {entity_allowed("t")}""")
    if source_ids:
        parts.append(f"""
        SELECT 'source_detail', jsonb_build_object(
            'id', s.id,
            'mentioned', coalesce((
                SELECT jsonb_agg({ref_e} ORDER BY e.salience DESC, e.last_mentioned_at DESC NULLS LAST)
                FROM (SELECT e.* FROM source_mentions sm JOIN entities e ON e.id = sm.entity_id
                      WHERE sm.source_id = s.id AND e.merged_into IS NULL AND NOT e.is_owner
                        AND {entity_allowed("e")}
                      ORDER BY e.salience DESC, e.last_mentioned_at DESC NULLS LAST
                      LIMIT {MENTIONED_NODES}) e), '[]'::jsonb),
            'storylines', coalesce((
                SELECT jsonb_agg(jsonb_build_object('storyline_id', sl.id, 'name', sl.name))
                FROM storyline_sources ss JOIN storylines sl ON sl.id = ss.storyline_id
                WHERE ss.source_id = s.id), '[]'::jsonb),
            'macros', coalesce((
                SELECT jsonb_agg(DISTINCT jsonb_build_object('macro_id', mc.id, 'name', mc.name))
                FROM storyline_sources ss JOIN macro_storylines ms ON ms.storyline_id = ss.storyline_id
                JOIN macros mc ON mc.id = ms.macro_id
                WHERE ss.source_id = s.id), '[]'::jsonb))
        FROM sources s WHERE s.user_id = %(uid)s AND s.id = ANY(%(source_ids)s::uuid[])""")
    if storyline_ids:
        top = """coalesce((
                SELECT jsonb_agg(x.node ORDER BY x.n DESC)
                FROM (SELECT {ref} AS node, count(*) AS n
                      FROM storyline_sources ss JOIN source_mentions sm ON sm.source_id = ss.source_id
                      JOIN entities e ON e.id = sm.entity_id
                      WHERE ss.storyline_id = sl.id AND e.kind = '{kind}' AND e.merged_into IS NULL
                        AND NOT e.is_owner AND {allowed}
                      GROUP BY e.id ORDER BY count(*) DESC, max(e.salience) DESC
                      LIMIT {n}) x), '[]'::jsonb)"""
        tops = {
            kind: top.format(ref=ref_e, kind=kind, allowed=entity_allowed("e"), n=TOP_NODES_PER_KIND)
            for kind in ("person", "entity", "concept")
        }
        parts.append(f"""
        SELECT 'storyline_detail', jsonb_build_object(
            'id', sl.id, 'anchor', {ref_a},
            'top_people', {tops["person"]}, 'top_entities', {tops["entity"]},
            'top_concepts', {tops["concept"]},
            'previews', coalesce((
                SELECT jsonb_agg(p ORDER BY p->>'sort' DESC)
                FROM (SELECT jsonb_build_object(
                          'entity_key', s.id, 'summary', s.summary, 'content', left(s.content, 600),
                          'started_at', coalesce(s.started_at, s.document_date, s.created_at),
                          'context_type', s.context_type,
                          'sort', coalesce(s.started_at, s.document_date, s.created_at)) AS p
                      FROM storyline_sources ss JOIN sources s ON s.id = ss.source_id
                      WHERE ss.storyline_id = sl.id AND NOT {source_hidden("s")}
                      ORDER BY coalesce(s.started_at, s.document_date, s.created_at) DESC
                      LIMIT {PREVIEW_SOURCES}) x), '[]'::jsonb))
        FROM storylines sl JOIN entities a ON a.id = sl.anchor_entity_id
        WHERE sl.user_id = %(uid)s AND sl.id = ANY(%(sl_ids)s::uuid[])""")
    if macro_ids:
        parts.append(f"""
        SELECT 'macro_detail', jsonb_build_object(
            'id', mc.id, 'anchor', {ref_a},
            'storylines', coalesce((
                SELECT jsonb_agg(jsonb_build_object(
                    'storyline_id', sl.id, 'name', sl.name, 'description', sl.description,
                    'source_count', sl.source_count, 'started_at', sl.started_at,
                    'last_source_at', sl.last_source_at) ORDER BY sl.last_source_at DESC NULLS LAST)
                FROM macro_storylines ms JOIN storylines sl ON sl.id = ms.storyline_id
                WHERE ms.macro_id = mc.id), '[]'::jsonb))
        FROM macros mc JOIN entities a ON a.id = mc.anchor_entity_id
        WHERE mc.user_id = %(uid)s AND mc.id = ANY(%(mc_ids)s::uuid[])""")
    if artifact_ids:
        parts.append(f"""
        SELECT 'artifact_detail', jsonb_build_object(
            'id', ar.id,
            'related', coalesce((
                SELECT jsonb_agg({ref_e} ORDER BY e.salience DESC)
                FROM (SELECT e.* FROM source_mentions sm JOIN entities e ON e.id = sm.entity_id
                      WHERE sm.source_id = ar.source_id AND e.merged_into IS NULL AND NOT e.is_owner
                        AND {entity_allowed("e")}
                      ORDER BY e.salience DESC LIMIT {MENTIONED_NODES}) e), '[]'::jsonb))
        FROM artifacts ar WHERE ar.user_id = %(uid)s AND ar.id = ANY(%(art_ids)s::uuid[])""")
    out: dict[str, list[dict[str, Any]]] = {}
    if not parts:
        return out
    union = " UNION ALL ".join(parts)
    statement = f"WITH {HIDDEN_SOURCES} SELECT section, data FROM ({union}) AS parts(section, data)"
    for row in conn.execute(statement, params).fetchall():
        out.setdefault(row["section"], []).append(row["data"])
    return out


# --- access ------------------------------------------------------------------------------------------------

# Seed 004: retrieval strengthens what it returns, more after a longer gap (the spacing effect), the same
# rule as memories (`db.repositories.search.SPACED_ACCESS`). Storylines and macros have no
# last_accessed_at column, so they get the boost of a retrieval without a measurable gap.
_UNSPACED = """
        access_count = x.access_count + 1,
        recall_frequency = x.recall_frequency + 1,
        salience = least(1.0, x.salience + 0.05),
        state = CASE WHEN x.state = 'archived' THEN x.state
                     WHEN x.recall_frequency + 1 >= 10 THEN 'core' ELSE 'active' END"""


def record_access(
    conn: Conn,
    user_id: str,
    now: datetime,
    *,
    entity_ids: Sequence[UUID | str] = (),
    relationship_ids: Sequence[UUID | str] = (),
    source_ids: Sequence[UUID | str] = (),
    storyline_ids: Sequence[UUID | str] = (),
    macro_ids: Sequence[UUID | str] = (),
) -> None:
    """One UPDATE per table with returned hits, all in one statement."""
    tables = [
        ("entities", entity_ids, SPACED_ACCESS),
        ("relationships", relationship_ids, SPACED_ACCESS),
        ("sources", source_ids, SPACED_ACCESS),
        ("storylines", storyline_ids, _UNSPACED),
        ("macros", macro_ids, _UNSPACED),
    ]
    params: dict[str, Any] = {"uid": user_id, "now": now}
    updates: list[str] = []
    for i, (table, ids, assignments) in enumerate(tables):
        if not ids:
            continue
        params[f"ids{i}"] = [str(x) for x in ids]
        updates.append(
            f"u{i} AS (UPDATE {table} x SET {assignments} "
            f"WHERE x.user_id = %(uid)s AND x.id = ANY(%(ids{i})s::uuid[]) RETURNING 1)"
        )
    if not updates:
        return
    names = [u.split(" ", 1)[0] for u in updates]
    counts = " + ".join(f"(SELECT count(*) FROM {n})" for n in names)
    conn.execute(f"WITH {', '.join(updates)} SELECT {counts}", params)
