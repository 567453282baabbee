"""The people one tie away from a set of people in the user's graph, for questions that name someone by a
path through others ("my sister's husband": language.question_kin)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any
from uuid import UUID

from engram.db.connection import Conn

# How many people one step may lead to: a path names one person or a family's few, never a crowd.
STEP_LIMIT = 5

# An edge's type is taken whole ("married_to") or by its last word ("older_sister" is a sister).
_TIED = """(r.relationship_type = ANY(%(types)s)
           OR regexp_replace(r.relationship_type, '^.*_', '') = ANY(%(types)s))"""

# Where a step starts: the user's own node (its partial unique index), or the people the last step reached.
_FROM_OWNER = "SELECT id FROM entities WHERE user_id = %(uid)s AND is_owner"
_FROM_PEOPLE = "SELECT unnest(%(ids)s::uuid[]) AS id"
_STEP = """
    WITH src AS ({start}),
    tied AS (
        SELECT r.to_entity_id AS id, r.strength
        FROM relationships r
        WHERE r.user_id = %(uid)s AND r.is_active AND r.valid_to IS NULL
          AND r.from_entity_id IN (SELECT id FROM src) AND {forward}
        UNION ALL
        SELECT r.from_entity_id, r.strength
        FROM relationships r
        WHERE r.user_id = %(uid)s AND r.is_active AND r.valid_to IS NULL
          AND r.to_entity_id IN (SELECT id FROM src) AND {backward})
    SELECT e.id, e.name, max(t.strength)::float8 AS strength
    FROM tied t JOIN entities e ON e.id = t.id
    WHERE e.user_id = %(uid)s AND e.merged_into IS NULL AND NOT e.is_owner AND e.kind = 'person'
      AND e.id NOT IN (SELECT id FROM src)
    GROUP BY e.id, e.name
    ORDER BY strength DESC, e.name
    LIMIT %(limit)s
"""


_STEPS = {
    from_owner: _STEP.format(
        start=_FROM_OWNER if from_owner else _FROM_PEOPLE,
        forward=_TIED.replace("types", "forward"),
        backward=_TIED.replace("types", "backward"),
    )
    for from_owner in (True, False)
}


def people_tied(
    conn: Conn,
    user_id: str,
    ids: list[UUID] | None,
    forward: Collection[str],
    backward: Collection[str],
) -> list[dict[str, Any]]:
    """The people (id, name, strength) with a current tie to one of `ids` (the user's own node when None)
    whose edge from them has a type of `forward`, or whose edge to them a type of `backward`."""
    params = {
        "uid": user_id,
        "ids": ids,
        "forward": sorted(forward),
        "backward": sorted(backward),
        "limit": STEP_LIMIT,
    }
    return conn.execute(_STEPS[ids is None], params).fetchall()
