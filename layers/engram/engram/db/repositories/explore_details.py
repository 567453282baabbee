"""The parts of explore's `expand` statement: what is shown about each kind of chosen hit, composed once.

Each part is a `SELECT '<section>', jsonb` over the ids of its kind (`%(node_ids)s`, `%(rel_ids)s`,
`%(source_ids)s`, `%(sl_ids)s`, `%(mc_ids)s`, `%(art_ids)s`), hidden rows left out
(`explore_visibility`; the statement provides `hidden_sources`).
"""

from __future__ import annotations

from psycopg import sql

from engram.db.repositories.explore_visibility import (
    EDGE_ALLOWED,
    NOTE_LIVE,
    edge_description,
    entity_allowed,
    source_hidden,
)
from engram.db.repositories.source_access import EXPLORED, explored_rows

NOTES_PER_HIT = 10
NOTE_CHARS = 500
MENTIONED_NODES = 8
TOP_NODES_PER_KIND = 5
PREVIEW_SOURCES = 5
TOUCHING_EDGES = 300


def _node_ref(alias: str) -> sql.Composed:
    """An entity (alias `alias`) as the answer refers to it."""
    return sql.SQL(
        """jsonb_build_object('entity_key', {a}.id, 'kind', {a}.kind, 'entity_type', {a}.entity_type,
                                  'name', {a}.name, 'description', {a}.description)"""
    ).format(a=sql.Identifier(alias))


def _notes(owner_column: str, owner: str) -> sql.Composed:
    """The newest live notes of one node or edge, each cut to NOTE_CHARS (a hit's `notes_snippets`)."""
    return sql.SQL(
        """coalesce((SELECT jsonb_agg(left(n.content, {chars}) ORDER BY n.date_added DESC, n.id)
        FROM (SELECT * FROM entity_notes n WHERE n.{owner_column} = {owner} AND {live}
              ORDER BY n.date_added DESC, n.id LIMIT {per_hit}) n), '[]'::jsonb)"""
    ).format(
        chars=sql.Literal(NOTE_CHARS),
        owner_column=sql.Identifier(owner_column),
        owner=sql.SQL(owner),
        live=NOTE_LIVE,
        per_hit=sql.Literal(NOTES_PER_HIT),
    )


NODE_NOTES = sql.SQL("""
        SELECT 'node_notes', jsonb_build_object('id', e.id, 'notes', {notes})
        FROM entities e WHERE e.user_id = %(uid)s AND e.id = ANY(%(node_ids)s::uuid[])""").format(
    notes=_notes("entity_id", "e.id")
)

# The filtered edges that touch a chosen node or matched directly (those first), with their endpoints'
# names; an edge to a hidden or merged entity is left out.
EDGES = sql.SQL("""
        SELECT 'edge', jsonb_build_object(
            'id', r.id, 'from_id', r.from_entity_id, 'to_id', r.to_entity_id, 'from_name', f.name,
            'to_name', t.name, 'kind', r.kind, 'relationship_type', r.relationship_type,
            'description', {description}, 'attitude', r.attitude, 'proximity', r.proximity,
            'salience', r.salience, 'state', r.state, 'strength', r.strength,
            'age_days', extract(epoch FROM %(now)s - greatest(r.valid_from, (
                SELECT max(em.created_at) FROM memories em
                WHERE em.id = ANY(r.evidence_memory_ids)))) / 86400,
            'notes', {notes})
        FROM (SELECT r.* FROM relationships r
              WHERE {edge_allowed}
                AND (r.id = ANY(%(rel_ids)s::uuid[]) OR r.from_entity_id = ANY(%(node_ids)s::uuid[])
                     OR r.to_entity_id = ANY(%(node_ids)s::uuid[]))
              ORDER BY r.id = ANY(%(rel_ids)s::uuid[]) DESC, r.strength DESC, r.valid_from DESC
              LIMIT {touching}) r
        JOIN entities f ON f.id = r.from_entity_id
        JOIN entities t ON t.id = r.to_entity_id
        WHERE f.merged_into IS NULL AND t.merged_into IS NULL
          AND {from_allowed} AND {to_allowed}""").format(
    notes=_notes("relationship_id", "r.id"),
    description=edge_description("r"),
    edge_allowed=EDGE_ALLOWED,
    touching=sql.Literal(TOUCHING_EDGES),
    from_allowed=entity_allowed("f"),
    to_allowed=entity_allowed("t"),
)

# The nodes a source mentions, and the storylines and macros it belongs to.
SOURCE_DETAILS = sql.SQL("""
        SELECT 'source_detail', jsonb_build_object(
            'id', s.id,
            'mentioned', coalesce((
                SELECT jsonb_agg({ref} ORDER BY e.salience DESC, e.last_mentioned_at DESC NULLS LAST)
                FROM (SELECT e.* FROM source_mentions sm JOIN entities e ON e.id = sm.entity_id
                      WHERE sm.source_id = s.id AND sm.user_id = %(uid)s
                        AND e.merged_into IS NULL AND NOT e.is_owner
                        AND {allowed}
                      ORDER BY e.salience DESC, e.last_mentioned_at DESC NULLS LAST
                      LIMIT {mentioned}) e), '[]'::jsonb),
            'storylines', coalesce((
                SELECT jsonb_agg(jsonb_build_object('storyline_id', sl.id, 'name', sl.name))
                FROM storyline_sources ss JOIN storylines sl ON sl.id = ss.storyline_id
                WHERE ss.source_id = s.id AND ss.user_id = %(uid)s), '[]'::jsonb),
            'macros', coalesce((
                SELECT jsonb_agg(DISTINCT jsonb_build_object('macro_id', mc.id, 'name', mc.name))
                FROM storyline_sources ss JOIN macro_storylines ms ON ms.storyline_id = ss.storyline_id
                JOIN macros mc ON mc.id = ms.macro_id
                WHERE ss.source_id = s.id AND ss.user_id = %(uid)s), '[]'::jsonb))
        FROM sources s WHERE {explored} AND s.id = ANY(%(source_ids)s::uuid[])""").format(
    ref=_node_ref("e"),
    allowed=entity_allowed("e"),
    mentioned=sql.Literal(MENTIONED_NODES),
    explored=sql.SQL(EXPLORED),
)


def _top_nodes(kind: str) -> sql.Composed:
    """A storyline's (alias sl) most mentioned visible nodes of one kind across its sources."""
    return sql.SQL("""coalesce((
                SELECT jsonb_agg(x.node ORDER BY x.n DESC)
                FROM (SELECT {ref} AS node, count(*) AS n
                      FROM storyline_sources ss JOIN source_mentions sm ON sm.source_id = ss.source_id
                      JOIN entities e ON e.id = sm.entity_id
                      WHERE ss.storyline_id = sl.id AND e.kind = {kind} AND e.merged_into IS NULL
                        AND NOT e.is_owner AND {allowed}
                      GROUP BY e.id ORDER BY count(*) DESC, max(e.salience) DESC
                      LIMIT {n}) x), '[]'::jsonb)""").format(
        ref=_node_ref("e"),
        kind=sql.Literal(kind),
        allowed=entity_allowed("e"),
        n=sql.Literal(TOP_NODES_PER_KIND),
    )


# A storyline's anchor, top people / entities / concepts and its newest visible sources.
STORYLINE_DETAILS = sql.SQL("""
        SELECT 'storyline_detail', jsonb_build_object(
            'id', sl.id, 'anchor', {anchor},
            'top_people', {people}, 'top_entities', {entities},
            'top_concepts', {concepts},
            'previews', coalesce((
                SELECT jsonb_agg(p ORDER BY p->>'sort' DESC)
                FROM (SELECT jsonb_build_object(
                          'entity_key', s.id, 'summary', s.summary, 'content', left(s.content, 600),
                          'started_at', coalesce(s.started_at, s.document_date, s.created_at),
                          'context_type', s.context_type,
                          'sort', coalesce(s.started_at, s.document_date, s.created_at)) AS p
                      FROM storyline_sources ss JOIN sources s ON s.id = ss.source_id
                      WHERE ss.storyline_id = sl.id AND NOT {hidden}
                      ORDER BY coalesce(s.started_at, s.document_date, s.created_at) DESC
                      LIMIT {previews}) x), '[]'::jsonb))
        FROM storylines sl JOIN entities a ON a.id = sl.anchor_entity_id
        WHERE {explored} AND sl.id = ANY(%(sl_ids)s::uuid[])""").format(
    explored=sql.SQL(explored_rows("sl")),
    anchor=_node_ref("a"),
    people=_top_nodes("person"),
    entities=_top_nodes("entity"),
    concepts=_top_nodes("concept"),
    hidden=source_hidden("s"),
    previews=sql.Literal(PREVIEW_SOURCES),
)

# A macro's anchor and its storylines, the latest first.
MACRO_DETAILS = sql.SQL("""
        SELECT 'macro_detail', jsonb_build_object(
            'id', mc.id, 'anchor', {anchor},
            'storylines', coalesce((
                SELECT jsonb_agg(jsonb_build_object(
                    'storyline_id', sl.id, 'name', sl.name, 'description', sl.description,
                    'source_count', sl.source_count, 'started_at', sl.started_at,
                    'last_source_at', sl.last_source_at) ORDER BY sl.last_source_at DESC NULLS LAST)
                FROM macro_storylines ms JOIN storylines sl ON sl.id = ms.storyline_id
                WHERE ms.macro_id = mc.id), '[]'::jsonb))
        FROM macros mc JOIN entities a ON a.id = mc.anchor_entity_id
        WHERE {explored} AND mc.id = ANY(%(mc_ids)s::uuid[])""").format(
    anchor=_node_ref("a"), explored=sql.SQL(explored_rows("mc"))
)

# The visible nodes an artifact's source mentions.
ARTIFACT_DETAILS = sql.SQL("""
        SELECT 'artifact_detail', jsonb_build_object(
            'id', ar.id,
            'related', coalesce((
                SELECT jsonb_agg({ref} ORDER BY e.salience DESC)
                FROM (SELECT e.* FROM source_mentions sm JOIN entities e ON e.id = sm.entity_id
                      WHERE sm.source_id = ar.source_id AND e.merged_into IS NULL AND NOT e.is_owner
                        AND {allowed}
                      ORDER BY e.salience DESC LIMIT {mentioned}) e), '[]'::jsonb))
        FROM artifacts ar WHERE ar.user_id = %(uid)s AND ar.id = ANY(%(art_ids)s::uuid[])""").format(
    ref=_node_ref("e"),
    allowed=entity_allowed("e"),
    mentioned=sql.Literal(MENTIONED_NODES),
)
