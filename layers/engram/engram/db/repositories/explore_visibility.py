"""What explore may show: the caller's relationship filter, and privacy that follows the memories.

An entity whose linked memories all sit above the caller's sensitivity ceiling is hidden (its name alone
would say "diabetes"), and so is a source that any such memory came from, with the storylines, macros and
artifacts built on it. Each predicate is a piece of the explore statements (`explore_sections`,
`explore_details`) over the alias it is given, reading `%(uid)s` and `%(ceiling)s`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from psycopg import sql


def _rank(alias: str) -> sql.Composed:
    return sql.SQL(
        "(CASE {alias}.sensitivity_level WHEN 'normal' THEN 0 WHEN 'sensitive' THEN 1 ELSE 2 END)"
    ).format(alias=sql.Identifier(alias))


def entity_allowed(alias: str) -> sql.Composed:
    """An entity is shown unless every memory linked to it is above the ceiling (none linked: shown).

    Two EXISTS rather than one aggregate: each stops at its first row, so a node linked to thousands of
    memories costs two index probes, not a scan of its links."""
    return sql.SQL(
        """(EXISTS (
            SELECT 1 FROM memory_entities pme JOIN memories pm ON pm.id = pme.memory_id
            WHERE pme.entity_id = {alias}.id AND {rank} <= %(ceiling)s)
        OR NOT EXISTS (SELECT 1 FROM memory_entities pme WHERE pme.entity_id = {alias}.id))"""
    ).format(alias=sql.Identifier(alias), rank=_rank("pm"))


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


# Currently valid edges that pass the caller's filter (alias r): the candidate set before any scoring.
EDGE_ALLOWED = sql.SQL("""
    r.user_id = %(uid)s AND r.valid_to IS NULL AND r.is_active
    AND (%(min_att)s::int IS NULL OR r.attitude >= %(min_att)s::int)
    AND (%(max_att)s::int IS NULL OR r.attitude <= %(max_att)s::int)
    AND (%(min_prox)s::int IS NULL OR r.proximity >= %(min_prox)s::int)
    AND (%(max_prox)s::int IS NULL OR r.proximity <= %(max_prox)s::int)
    AND (%(rel_types)s::text[] IS NULL OR lower(r.relationship_type) = ANY(%(rel_types)s::text[]))
    AND (%(rel_exclude)s::text[] IS NULL OR NOT lower(r.relationship_type) = ANY(%(rel_exclude)s::text[]))
""")

# A note (alias n) that has not expired.
NOTE_LIVE = sql.SQL("(n.expires_at IS NULL OR n.expires_at > %(now)s)")
