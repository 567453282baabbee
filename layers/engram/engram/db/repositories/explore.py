"""Explore in three round trips: gather candidates, expand the chosen hits, record access.

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

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories import explore_details as details
from engram.db.repositories import user_vector_indexes
from engram.db.repositories.explore_sections import SECTION_ROWS, SECTIONS, memories_section
from engram.db.repositories.explore_visibility import HIDDEN_SOURCES, RelationshipFilter
from engram.db.repositories.search import SPACED_ACCESS

if TYPE_CHECKING:
    import numpy as np

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
SECTION_NAMES = ("entity", "source", "relationship", "storyline", "macro", "artifact")


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


_NO_QUERIES = sql.SQL("SELECT NULL::int, NULL::vector, NULL::real WHERE false")

_GATHER = sql.SQL("""
    WITH
    q(qi, emb, threshold) AS ({queries}),
    terms(term, pattern, regex) AS (
        SELECT * FROM unnest(%(terms)s::text[], %(patterns)s::text[], %(regexes)s::text[])),
    {hidden_sources},
    {sections}
    {rows}""")


@functools.lru_cache(maxsize=16)
def gather_statement(queries: int, hnsw_dims: int | None = None) -> str:
    """The gather statement for that many query embeddings: `q` holds one row per query (its index, its
    embedding `%(e<i>)s` and threshold `%(th<i>)s`). Composed once per count, as text (see
    `search.hybrid_statement`). With `hnsw_dims`, the memories are read through the user's own HNSW index
    (`explore_sections.memories_section`)."""
    rows = [
        sql.SQL("({}, {}::vector, {}::real)").format(
            sql.Literal(i), sql.Placeholder(f"e{i}"), sql.Placeholder(f"th{i}")
        )
        for i in range(queries)
    ]
    return _GATHER.format(
        queries=sql.SQL("VALUES ") + sql.SQL(", ").join(rows) if rows else _NO_QUERIES,
        hidden_sources=HIDDEN_SOURCES,
        sections=sql.SQL(",\n\n    ").join((memories_section(hnsw_dims), *SECTIONS[1:])),
        rows=SECTION_ROWS,
    ).as_string()


def gather_params(params: dict[str, Any], what: GatherInput) -> dict[str, Any]:
    """`gather_statement`'s parameters: the memory visibility in `params`, the edge filter, the text
    terms, each query's embedding and threshold, the caps."""
    import numpy as np

    queries: dict[str, Any] = {}
    for i, (emb, threshold) in enumerate(zip(what.embeddings, what.thresholds, strict=True)):
        queries |= {f"e{i}": np.asarray(emb, dtype=np.float32), f"th{i}": threshold}
    return (
        {"team": None}  # no team named: the caller's own sources and the shared ones they took part in
        | dict(params)
        | what.relationship_filter.params()
        | {
            "terms": what.terms,
            "patterns": what.patterns,
            "regexes": what.regexes,
            "k": NEAREST_MEMORIES,
            "floor": max(what.min_similarity, 1e-9),
        }
        | {f"cap_{name}": cap for name, cap in CAPS.items()}
        | queries
    )


def gather(
    conn: Conn, params: dict[str, Any], what: GatherInput, *, hnsw_ef_search: int | None = None
) -> dict[str, list[dict[str, Any]]]:
    """Candidates of every section with per-query similarities (`sims`: {"0": 0.41, ...}) and the text
    terms that matched them. `params` carries the memory visibility (`visibility_params`). With
    `hnsw_ef_search`, a user with a ready HNSW index of their own is read through it, when the
    visibility admits active memories alone."""
    hnsw_dims = None
    if hnsw_ef_search is not None and what.embeddings and params.get("statuses") == ["active"]:
        hnsw_dims = user_vector_indexes.ready_index(conn, params["uid"], ef_search=hnsw_ef_search)
    statement = gather_statement(len(what.embeddings), hnsw_dims)
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in SECTION_NAMES}
    for row in conn.execute(statement, gather_params(params, what)).fetchall():
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


_DETAILS = {
    "node_notes": details.NODE_NOTES,
    "edge": details.EDGES,
    "source_detail": details.SOURCE_DETAILS,
    "storyline_detail": details.STORYLINE_DETAILS,
    "macro_detail": details.MACRO_DETAILS,
    "artifact_detail": details.ARTIFACT_DETAILS,
}


@functools.lru_cache(maxsize=64)
def expand_statement(parts: tuple[str, ...]) -> str:
    """The expand statement with those parts (`_DETAILS`; at least one), each row `(section, data)`.
    Composed once per combination, as text (see `search.hybrid_statement`)."""
    return (
        sql.SQL("WITH {} SELECT section, data FROM ({}) AS parts(section, data)")
        .format(HIDDEN_SOURCES, sql.SQL(" UNION ALL ").join(_DETAILS[part] for part in parts))
        .as_string()
    )


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
    parts = tuple(
        name
        for name, wanted in (
            ("node_notes", node_ids),
            ("edge", [*node_ids, *relationship_ids]),
            ("source_detail", source_ids),
            ("storyline_detail", storyline_ids),
            ("macro_detail", macro_ids),
            ("artifact_detail", artifact_ids),
        )
        if wanted
    )
    out: dict[str, list[dict[str, Any]]] = {}
    if not parts:
        return out
    params = (
        {"team": None}
        | dict(params)
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
    statement = expand_statement(parts)
    for row in conn.execute(statement, params).fetchall():
        out.setdefault(row["section"], []).append(row["data"])
    return out


# --- access ------------------------------------------------------------------------------------------------

# Retrieval strengthens what it returns, more after a longer gap (the spacing effect), the same
# rule as memories (`db.repositories.search.SPACED_ACCESS`). Storylines and macros have no
# last_accessed_at column, so they get the boost of a retrieval without a measurable gap.
_UNSPACED = sql.SQL("""
        access_count = x.access_count + 1,
        recall_frequency = x.recall_frequency + 1,
        salience = least(1.0, x.salience + 0.05),
        state = CASE WHEN x.state = 'archived' THEN x.state
                     WHEN x.recall_frequency + 1 >= 10 THEN 'core' ELSE 'active' END""")

# The tables whose hits explore returns, each with how retrieval strengthens them.
_ACCESSED = (
    ("entities", SPACED_ACCESS),
    ("relationships", SPACED_ACCESS),
    ("sources", SPACED_ACCESS),
    ("storylines", _UNSPACED),
    ("macros", _UNSPACED),
)
_UPDATE = sql.SQL(
    "{name} AS (UPDATE {table} x SET {assignments} "
    "WHERE x.user_id = %(uid)s AND x.id = ANY({ids}::uuid[]) RETURNING 1)"
)


@functools.lru_cache(maxsize=32)
def _access_statement(tables: tuple[int, ...]) -> str:
    """One UPDATE per table of `_ACCESSED` at those positions (ids in `%(ids<position>)s`), in one
    statement. Composed once per combination, as text (see `search.hybrid_statement`)."""
    updates: list[sql.Composable] = []
    counts: list[sql.Composable] = []
    for i in tables:
        table, assignments = _ACCESSED[i]
        name = sql.Identifier(f"u{i}")
        updates.append(
            _UPDATE.format(
                name=name,
                table=sql.Identifier(table),
                assignments=assignments,
                ids=sql.Placeholder(f"ids{i}"),
            )
        )
        counts.append(sql.SQL("(SELECT count(*) FROM {})").format(name))
    return (
        sql.SQL("WITH {} SELECT {}")
        .format(sql.SQL(", ").join(updates), sql.SQL(" + ").join(counts))
        .as_string()
    )


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
    """Record the retrieval of the hits explore returned, every table in one statement."""
    hits = (entity_ids, relationship_ids, source_ids, storyline_ids, macro_ids)
    tables = tuple(i for i, ids in enumerate(hits) if ids)
    if not tables:
        return
    params: dict[str, Any] = {"uid": user_id, "now": now} | {
        f"ids{i}": [str(x) for x in hits[i]] for i in tables
    }
    conn.execute(_access_statement(tables), params)
