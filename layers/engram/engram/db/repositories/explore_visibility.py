"""What explore may show: the caller's relationship filter, and privacy that follows the memories.

Entities, edges and edge descriptions follow the one rule of `visibility` (an entity whose linked
memories all sit above the caller's sensitivity ceiling is hidden: its name alone would say "diabetes";
so is an edge whose evidence all is). A source that any such memory came from is hidden too, with the
storylines, macros and artifacts built on it. Each predicate is a piece of the explore statements
(`explore_sections`, `explore_details`) over the alias it is given, reading `%(uid)s` and `%(ceiling)s`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from psycopg import sql

from engram.db.repositories import visibility


def _rank(alias: str) -> sql.SQL:
    return sql.SQL(visibility.level_rank(f"{alias}.sensitivity_level"))


def entity_allowed(alias: str) -> sql.SQL:
    """An entity the ceiling shows (`visibility.entity_visible`)."""
    return sql.SQL(visibility.entity_visible(alias))


def edge_description(alias: str) -> sql.SQL:
    """An edge's description as far as the ceiling shows it (`visibility.edge_description`)."""
    return sql.SQL(visibility.edge_description(alias))


# Sources any above-ceiling memory came from (its source_id or provenance), found once per statement:
# probing the memories per source would scan the user's memories once per candidate.
HIDDEN_SOURCES = sql.SQL(
    """hidden_sources AS MATERIALIZED (
        SELECT pm.source_id AS id FROM memories pm
        WHERE pm.user_id = %(uid)s AND %(ceiling)s < 2 AND pm.source_id IS NOT NULL
          AND {rank} > %(ceiling)s
        UNION
        SELECT (p->>'source_id')::uuid
        FROM memories pm CROSS JOIN LATERAL jsonb_array_elements(pm.provenance) p
        WHERE pm.user_id = %(uid)s AND %(ceiling)s < 2 AND {rank} > %(ceiling)s
          AND p->>'source_id' ~ '^[0-9a-fA-F-]+$' AND length(p->>'source_id') = 36)"""
).format(rank=_rank("pm"))


def source_hidden(alias: str) -> sql.Composed:
    """A source is hidden when it is itself marked high, or any memory taken from it is above the ceiling
    (needs the `hidden_sources` CTE)."""
    return sql.SQL(
        """((CASE {alias}.sensitivity WHEN 'high' THEN 1 ELSE 0 END) > %(ceiling)s
        OR {alias}.id IN (SELECT id FROM hidden_sources))"""
    ).format(alias=sql.Identifier(alias))


def storyline_hidden(alias: str) -> sql.Composed:
    return sql.SQL(
        """EXISTS (
        SELECT 1 FROM storyline_sources hss JOIN sources hs ON hs.id = hss.source_id
        WHERE hss.storyline_id = {alias}.id AND {hidden})"""
    ).format(alias=sql.Identifier(alias), hidden=source_hidden("hs"))


@dataclass
class RelationshipFilter:
    """Which relationship edges explore may return (`relationship_filters`); every bound is optional."""

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


# Currently valid edges that pass the caller's filter and whose evidence the ceiling allows (alias r): the
# candidate set before any scoring. Their ends are checked where they are joined.
EDGE_ALLOWED = sql.SQL("""
    r.user_id = %(uid)s AND r.valid_to IS NULL AND r.is_active AND {evidence}
    AND (%(min_att)s::int IS NULL OR r.attitude >= %(min_att)s::int)
    AND (%(max_att)s::int IS NULL OR r.attitude <= %(max_att)s::int)
    AND (%(min_prox)s::int IS NULL OR r.proximity >= %(min_prox)s::int)
    AND (%(max_prox)s::int IS NULL OR r.proximity <= %(max_prox)s::int)
    AND (%(rel_types)s::text[] IS NULL OR lower(r.relationship_type) = ANY(%(rel_types)s::text[]))
    AND (%(rel_exclude)s::text[] IS NULL OR NOT lower(r.relationship_type) = ANY(%(rel_exclude)s::text[]))
""").format(evidence=sql.SQL(visibility.edge_evidence_visible("r")))

# A note (alias n) that has not expired and the ceiling shows.
NOTE_LIVE = sql.SQL("((n.expires_at IS NULL OR n.expires_at > %(now)s) AND {visible})").format(
    visible=sql.SQL(visibility.note_visible("n"))
)
