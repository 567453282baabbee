"""The sections of explore's `gather` statement: one group of CTEs per kind of hit, composed once.

Every section has the same three steps. `<kind>_sims`: per hit and query, the best similarity, inherited
from what the hit is linked to (the query's nearest memories in `mem_hits`, or the sources and storylines
below it) or found by the hit's own embedding (`_similar`). `<kind>_text`: the text terms that match it,
prefiltered (substring, trigram) for Python to score. `<kind>_cand`: the union of both, with what scoring
and the answer read, hidden rows left out (`explore_visibility`), best first up to its cap.

The pieces read `q` (qi, emb, threshold), `terms` (term, pattern, regex), `hidden_sources` and the
parameters of `gather`.
"""

from __future__ import annotations

from psycopg import sql

from engram.db.repositories.explore_visibility import (
    EDGE_ALLOWED,
    NOTE_LIVE,
    edge_description,
    entity_allowed,
    source_hidden,
    storyline_hidden,
)
from engram.db.repositories.search_visibility import DEFAULT_VISIBLE, VISIBLE
from engram.db.repositories.source_access import EXPLORED, explored_rows
from engram.db.repositories.vector_index import candidates_sql, nearest_ids, similarity_sql


def _similar(table: str, alias: str, column: str, where: str) -> sql.Composed:
    """Per query, the rows of `table` nearest to it by their own embedding (at or above its threshold)."""
    return sql.SQL(
        """
        SELECT h.id, q.qi, h.sim FROM q CROSS JOIN LATERAL (
            SELECT {alias}.id, {similarity} AS sim FROM {table} {alias}
            WHERE {where} AND {column} IS NOT NULL
            ORDER BY {column} <=> q.emb LIMIT %(k)s) h
        WHERE h.sim >= q.threshold AND h.sim >= %(floor)s"""
    ).format(
        alias=sql.Identifier(alias),
        similarity=sql.SQL(similarity_sql(f"{alias}.{column}", "q.emb")),
        table=sql.Identifier(table),
        where=sql.SQL(where),
        column=sql.Identifier(alias, column),
    )


def _sims(name: str, *found: sql.Composable) -> sql.Composed:
    """`name`: the best similarity per hit and query over the ways `found` reached it."""
    return sql.SQL(
        """{name} AS MATERIALIZED (
        SELECT id, qi, max(sim) AS sim FROM ({found}) u
        GROUP BY id, qi)"""
    ).format(name=sql.Identifier(name), found=sql.SQL(" UNION ALL ").join(found))


def _sims_json(cte: str) -> sql.Composed:
    """Per hit, its similarities as {"<query index>": similarity} and the best of them."""
    return sql.SQL(
        """(SELECT id, jsonb_object_agg(qi, round(sim::numeric, 4)) AS sims, max(sim) AS best
               FROM {cte} GROUP BY id)"""
    ).format(cte=sql.Identifier(cte))


# The query embeddings' nearest visible memories, found once: the other kinds inherit their similarity.
# Vector part (`vector_index`): per query, the nearest by compact copies under the default visibility (explore
# asks for nothing else), re-scored with the full vectors under the whole one.
# A user with a ready HNSW index of their own is read through it (`memories_section(dims)`): exact distances,
# so the k nearest are the candidates.
def memories_section(hnsw_dims: int | None = None) -> sql.Composed:
    """The memories' section, by compact copies or (with `hnsw_dims`) through the user's own index."""
    limit = candidates_sql("%(k)s") if hnsw_dims is None else "%(k)s"
    return sql.SQL(
        """mem_hits AS MATERIALIZED (
        SELECT h.id, q.qi, h.sim, h.source_id, h.provenance
        FROM q CROSS JOIN LATERAL (
            SELECT m.id, m.source_id, m.provenance, {similarity} AS sim
            FROM memories m WHERE {visible} AND m.id IN ({near})
            ORDER BY m.embedding <=> q.emb LIMIT %(k)s) h
        WHERE h.sim >= q.threshold AND h.sim >= %(floor)s)"""
    ).format(
        similarity=sql.SQL(similarity_sql("m.embedding", "q.emb")),
        visible=VISIBLE,
        near=sql.SQL(nearest_ids("m", "{}", "q.emb", limit, hnsw_dims=hnsw_dims)).format(DEFAULT_VISIBLE),
    )


MEMORIES = memories_section()

# The anchor entity of a storyline or macro (alias a), as the answer shows it.
_ANCHOR = sql.SQL("""jsonb_build_object(
                                  'id', a.id, 'kind', a.kind, 'entity_type', a.entity_type, 'name', a.name,
                                  'description', a.description, 'salience', a.salience, 'state', a.state,
                                  'last_accessed_at', a.last_accessed_at, 'is_owner', a.is_owner,
                                  'touched_at', coalesce(a.last_mentioned_at, a.created_at)) AS anchor""")

ENTITIES = sql.SQL(
    """{sims},
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
        LEFT JOIN {sims_json} s ON s.id = e.id
        LEFT JOIN ent_text t ON t.id = e.id
        WHERE e.user_id = %(uid)s AND e.merged_into IS NULL AND NOT e.is_owner AND {allowed}
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST, e.salience DESC
        LIMIT %(cap_entities)s)"""
).format(
    sims=_sims(
        "ent_sims",
        sql.SQL("""
            SELECT me.entity_id AS id, mh.qi, mh.sim
            FROM mem_hits mh JOIN memory_entities me ON me.memory_id = mh.id"""),
        _similar("entities", "e", "embedding", "e.user_id = %(uid)s"),
    ),
    sims_json=_sims_json("ent_sims"),
    allowed=entity_allowed("e"),
)

# A source is also a text match when it mentions a text-matched entity (`src_ment`).
SOURCES = sql.SQL(
    """{sims},
    src_text AS MATERIALIZED (
        SELECT s.id, array_agg(DISTINCT t.term) AS terms,
               array_agg(DISTINCT t.term) FILTER (
                   WHERE lower(s.content) ~ t.regex OR lower(coalesce(s.summary, '')) ~ t.regex) AS word_terms
        FROM sources s JOIN terms t ON (
            lower(s.content) LIKE t.pattern OR lower(coalesce(s.summary, '')) LIKE t.pattern
            OR EXISTS (SELECT 1 FROM unnest(s.keywords || s.tags) kw
                       WHERE lower(kw) LIKE t.pattern OR t.term <%% lower(kw)))
        WHERE {explored}
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
        LEFT JOIN {sims_json} ss ON ss.id = s.id
        LEFT JOIN src_text st ON st.id = s.id
        LEFT JOIN src_ment sm ON sm.id = s.id
        WHERE {explored} AND NOT {hidden}
        ORDER BY (st.id IS NOT NULL OR sm.id IS NOT NULL) DESC, ss.best DESC NULLS LAST,
                 coalesce(s.ended_at, s.started_at, s.document_date, s.created_at) DESC
        LIMIT %(cap_sources)s)"""
).format(
    explored=sql.SQL(EXPLORED),
    sims=_sims(
        "src_sims",
        sql.SQL("""
            SELECT x.id, mh.qi, mh.sim
            FROM mem_hits mh CROSS JOIN LATERAL (
                SELECT mh.source_id AS id WHERE mh.source_id IS NOT NULL
                UNION
                SELECT (p->>'source_id')::uuid FROM jsonb_array_elements(mh.provenance) p
                WHERE p->>'source_id' ~ '^[0-9a-fA-F-]+$' AND length(p->>'source_id') = 36) x"""),
        _similar("sources", "s", "embedding", EXPLORED),
    ),
    sims_json=_sims_json("src_sims"),
    hidden=source_hidden("s"),
)

# Only the edges the caller's filter lets through (`edges`) are candidates.
RELATIONSHIPS = sql.SQL(
    """edges AS NOT MATERIALIZED (SELECT r.* FROM relationships r WHERE {edge_allowed}),
    {sims},
    rel_text AS MATERIALIZED (
        SELECT r.id, array_agg(DISTINCT t.term) AS terms
        FROM edges r JOIN terms t ON (
            lower(r.relationship_type) LIKE t.pattern
            OR t.term <%% lower(replace(r.relationship_type, '_', ' '))
            OR lower(coalesce({description}, '')) LIKE t.pattern
            OR EXISTS (SELECT 1 FROM entity_notes n
                       WHERE n.relationship_id = r.id AND {note_live} AND lower(n.content) LIKE t.pattern))
        GROUP BY r.id),
    rel_cand AS MATERIALIZED (
        SELECT ids.id, s.sims, coalesce(t.terms, ARRAY[]::text[]) AS terms
        FROM (SELECT id FROM rel_sims UNION SELECT id FROM rel_text) ids
        LEFT JOIN {sims_json} s ON s.id = ids.id
        LEFT JOIN rel_text t ON t.id = ids.id
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST
        LIMIT %(cap_relationships)s)"""
).format(
    edge_allowed=EDGE_ALLOWED,
    description=edge_description("r"),
    sims=_sims(
        "rel_sims",
        sql.SQL("""
            SELECT r.id, mh.qi, mh.sim
            FROM edges r JOIN mem_hits mh ON mh.id = ANY(r.evidence_memory_ids)"""),
        _similar("edges", "r", "relation_embedding", "true"),
    ),
    note_live=NOTE_LIVE,
    sims_json=_sims_json("rel_sims"),
)

STORYLINES = sql.SQL(
    """{sims},
    sl_text AS MATERIALIZED (
        SELECT sl.id, array_agg(DISTINCT t.term) AS terms
        FROM storylines sl JOIN terms t ON (
            lower(sl.name) LIKE t.pattern OR t.term <%% lower(sl.name)
            OR lower(coalesce(sl.description, '')) LIKE t.pattern
            OR sl.anchor_entity_id IN (SELECT id FROM ent_text))
        WHERE {explored}
        GROUP BY sl.id),
    sl_cand AS MATERIALIZED (
        SELECT sl.id, sl.name, sl.description, sl.source_count, sl.started_at, sl.last_source_at,
               sl.salience, sl.state, coalesce(sl.last_source_at, sl.created_at) AS touched_at,
               s.sims, coalesce(t.terms, ARRAY[]::text[]) AS terms,
               {anchor}
        FROM (SELECT id FROM sl_sims UNION SELECT id FROM sl_text) ids
        JOIN storylines sl ON sl.id = ids.id
        JOIN entities a ON a.id = sl.anchor_entity_id
        LEFT JOIN {sims_json} s ON s.id = sl.id
        LEFT JOIN sl_text t ON t.id = sl.id
        WHERE {explored} AND {anchor_allowed} AND NOT {hidden}
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST, sl.salience DESC
        LIMIT %(cap_storylines)s)"""
).format(
    explored=sql.SQL(explored_rows("sl")),
    sims=_sims(
        "sl_sims",
        sql.SQL("""
            SELECT ss.storyline_id AS id, s.qi, s.sim
            FROM src_sims s JOIN storyline_sources ss ON ss.source_id = s.id"""),
        _similar("storylines", "sl", "embedding", explored_rows("sl")),
    ),
    anchor=_ANCHOR,
    sims_json=_sims_json("sl_sims"),
    anchor_allowed=entity_allowed("a"),
    hidden=storyline_hidden("sl"),
)

MACROS = sql.SQL(
    """{sims},
    mc_text AS MATERIALIZED (
        SELECT mc.id, array_agg(DISTINCT t.term) AS terms
        FROM macros mc JOIN terms t ON (
            lower(mc.name) LIKE t.pattern OR t.term <%% lower(mc.name)
            OR lower(coalesce(mc.description, '')) LIKE t.pattern
            OR mc.anchor_entity_id IN (SELECT id FROM ent_text))
        WHERE {explored}
        GROUP BY mc.id),
    mc_cand AS MATERIALIZED (
        SELECT mc.id, mc.name, mc.description, mc.storyline_count, mc.total_source_count, mc.started_at,
               mc.last_event_at, mc.salience, mc.state,
               coalesce(mc.last_event_at, mc.created_at) AS touched_at,
               s.sims, coalesce(t.terms, ARRAY[]::text[]) AS terms,
               {anchor}
        FROM (SELECT id FROM mc_sims UNION SELECT id FROM mc_text) ids
        JOIN macros mc ON mc.id = ids.id
        JOIN entities a ON a.id = mc.anchor_entity_id
        LEFT JOIN {sims_json} s ON s.id = mc.id
        LEFT JOIN mc_text t ON t.id = mc.id
        WHERE {explored} AND {anchor_allowed}
          AND NOT EXISTS (SELECT 1 FROM macro_storylines hms JOIN storylines hsl ON hsl.id = hms.storyline_id
                          WHERE hms.macro_id = mc.id AND {storyline_hidden})
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST, mc.salience DESC
        LIMIT %(cap_macros)s)"""
).format(
    explored=sql.SQL(explored_rows("mc")),
    sims=_sims(
        "mc_sims",
        sql.SQL("""
            SELECT ms.macro_id AS id, s.qi, s.sim
            FROM sl_sims s JOIN macro_storylines ms ON ms.storyline_id = s.id"""),
        _similar("macros", "mc", "embedding", explored_rows("mc")),
    ),
    anchor=_ANCHOR,
    sims_json=_sims_json("mc_sims"),
    anchor_allowed=entity_allowed("a"),
    storyline_hidden=storyline_hidden("hsl"),
)

# Artifacts are found by their own embedding only (nothing links memories to them).
ARTIFACTS = sql.SQL(
    """{sims},
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
        LEFT JOIN {sims_json} s ON s.id = ar.id
        LEFT JOIN art_text t ON t.id = ar.id
        WHERE ar.user_id = %(uid)s AND (CASE ar.sensitivity WHEN 'high' THEN 1 ELSE 0 END) <= %(ceiling)s
          AND NOT EXISTS (SELECT 1 FROM sources hs WHERE hs.id = ar.source_id AND {source_hidden})
        ORDER BY (t.id IS NOT NULL) DESC, s.best DESC NULLS LAST, ar.created_at DESC
        LIMIT %(cap_artifacts)s)"""
).format(
    sims=_sims("art_sims", _similar("artifacts", "ar", "embedding", "ar.user_id = %(uid)s")),
    sims_json=_sims_json("art_sims"),
    source_hidden=source_hidden("hs"),
)

# Days since the hit last changed in the world (alias x, its `touched_at`).
_AGE = sql.SQL("extract(epoch FROM %(now)s - x.touched_at) / 86400")

# Every section's candidates as `(section, data, age_days)` rows: one round trip whatever is found.
SECTION_ROWS = sql.SQL(
    """
    SELECT 'entity' AS section, to_jsonb(x) AS data, {age} AS age_days FROM ent_cand x
    UNION ALL SELECT 'source', to_jsonb(x), {age} FROM src_cand x
    UNION ALL SELECT 'relationship', to_jsonb(x), NULL FROM rel_cand x
    UNION ALL SELECT 'storyline', to_jsonb(x), {age} FROM sl_cand x
    UNION ALL SELECT 'macro', to_jsonb(x), {age} FROM mc_cand x
    UNION ALL SELECT 'artifact', to_jsonb(x), {age} FROM art_cand x
    """
).format(age=_AGE)

# In the order the statement needs them: each may read the ones before it.
SECTIONS = (MEMORIES, ENTITIES, SOURCES, RELATIONSHIPS, STORYLINES, MACROS, ARTIFACTS)
