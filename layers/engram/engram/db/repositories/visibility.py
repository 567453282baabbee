"""The sensitivity ceiling, written once: what a read may show of memories, entities, edges and their text.

Memories are the one source of truth, so everything derived from them is shown only as far as the
memories it came from are. Every read that returns memory text, entities or edges composes these
predicates (they read `%(ceiling)s`, the rank of the caller's ceiling, see `ceiling_rank`):

- a memory is visible when its level is at or below the ceiling (the search's own rule);
- an entity is visible when it is the user's own node, or nothing links a memory to it (it was made by
  an import, the API or a graph_update job, not read out of anything the user said), or at least one
  memory linked to it (`memory_entities`) is visible. A person known only from a sensitive memory is not
  listed at the normal ceiling: their name alone tells what the memory hides ("Dr. Okafor, oncologist");
- an edge is visible when both its ends are visible, and it has no evidence memories or at least one
  visible one (`relationships.evidence_memory_ids`; a deleted memory is no evidence either way);
- an edge's description is cut by the edge writer from the text of the memory being written, the latest
  one winning, and which evidence it came from is not recorded: an edge with any evidence memory above
  the ceiling shows no description. Entity descriptions need no such check: they are written from normal
  memories and notes only (`descriptions`, `hierarchy._MEMORY_USABLE`). Sentiment readings keep no
  text from a non-normal memory (`context` is withheld when written) and their numbers are left out
  above the ceiling like the memory;
- a note is written by the user (or a client) about a node or an edge; it is shown with its node or edge,
  unless it was taken from a source that any above-ceiling memory came from.

At the most private ceiling every predicate is true at once (`%(ceiling)s >= 2`), so the usual owner
reading everything pays nothing. Export is the user's own copy and applies none of this.
"""

from __future__ import annotations

from engram.db.connection import Conn
from engram.db.repositories.preferences import get_preferences

SENSITIVITY_ORDER = {"normal": 0, "sensitive": 1, "private": 2}
_TOP = max(SENSITIVITY_ORDER.values())


def ceiling_rank(conn: Conn, user_id: str, sensitivity_max: str | None = None) -> int:
    """The rank of the ceiling a read applies: the request's `sensitivity_max` when it gives one (it may
    raise or lower the default, as in search), else the user's default sensitivity level."""
    level = sensitivity_max or get_preferences(conn, user_id).default_sensitivity_level
    return SENSITIVITY_ORDER[level]


def level_rank(column: str) -> str:
    """The rank of a sensitivity-level column (`normal` 0, `sensitive` 1, `private` 2)."""
    return f"(CASE {column} WHEN 'normal' THEN 0 WHEN 'sensitive' THEN 1 ELSE 2 END)"


def level_visible(column: str) -> str:
    """A row whose sensitivity-level column is at or below the ceiling (a memory, or a profile item,
    which carries the level of the memory it was read from)."""
    return f"{level_rank(column)} <= %(ceiling)s"


def memory_visible(alias: str) -> str:
    """A memory (alias `alias`) at or below the ceiling."""
    return level_visible(f"{alias}.sensitivity_level")


def entity_visible(alias: str) -> str:
    """An entity row (alias `alias`) the ceiling lets a reader see (see the module docstring).

    Two EXISTS rather than one aggregate: each stops at its first row, so a node linked to thousands of
    memories costs two index probes, not a scan of its links."""
    return f"""(%(ceiling)s >= {_TOP} OR {alias}.is_owner
        OR NOT EXISTS (SELECT 1 FROM memory_entities vme WHERE vme.entity_id = {alias}.id)
        OR EXISTS (SELECT 1 FROM memory_entities vme JOIN memories vm ON vm.id = vme.memory_id
                   WHERE vme.entity_id = {alias}.id AND {memory_visible("vm")}))"""


def entity_id_visible(expression: str) -> str:
    """The entity whose id `expression` gives is visible (for a read that has the id, not the row)."""
    return f"""(%(ceiling)s >= {_TOP}
        OR EXISTS (SELECT 1 FROM entities ve WHERE ve.id = {expression} AND {entity_visible("ve")}))"""


def _evidence_above(alias: str) -> str:
    return f"""EXISTS (SELECT 1 FROM memories vm
                   WHERE vm.id = ANY({alias}.evidence_memory_ids) AND NOT {memory_visible("vm")})"""


def edge_evidence_visible(alias: str) -> str:
    """An edge (alias `alias`) whose evidence allows it: none above the ceiling, or some at or below it.
    Its ends are checked apart (`edge_visible`), for reads that have already checked them."""
    return f"""(%(ceiling)s >= {_TOP} OR NOT {_evidence_above(alias)}
        OR EXISTS (SELECT 1 FROM memories vm
                   WHERE vm.id = ANY({alias}.evidence_memory_ids) AND {memory_visible("vm")}))"""


def edge_visible(alias: str) -> str:
    """An edge (alias `alias`) the ceiling lets a reader see: its evidence allows it and both ends are
    visible."""
    ends = f"{entity_id_visible(f'{alias}.from_entity_id')} AND {entity_id_visible(f'{alias}.to_entity_id')}"
    return f"({edge_evidence_visible(alias)} AND {ends})"


def edge_description(alias: str) -> str:
    """An edge's description, or NULL when any of its evidence memories is above the ceiling (the text
    may have been cut from that memory)."""
    return f"""(CASE WHEN %(ceiling)s >= {_TOP} OR NOT {_evidence_above(alias)}
        THEN {alias}.description END)"""


def note_visible(alias: str) -> str:
    """A note (alias `alias`, `entity_notes`) not taken from a source any above-ceiling memory came from."""
    return f"""(%(ceiling)s >= {_TOP} OR {alias}.source_id IS NULL
        OR NOT EXISTS (SELECT 1 FROM memories vm
                       WHERE vm.user_id = {alias}.user_id AND NOT {memory_visible("vm")}
                         AND (vm.source_id = {alias}.source_id
                              OR vm.provenance @> jsonb_build_array(
                                     jsonb_build_object('source_id', {alias}.source_id::text)))))"""
