"""The similar memories of many facts at once: what a note's facts are decided on (`NoteMemories`).

`find_similar_many` is `memories.find_similar` (plus `current_tie_holders`) for several facts in one
statement; `compare_memory` says how one memory stands to each fact, which is how a memory the note
added joins what its later facts found without their search being run again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import user_vector_indexes, vector_index
from engram.db.repositories.memories import (
    HOLDS_A_TIE,
    MEMORY_COLUMNS,
    counted_by_source_sql,
    shares_scope_sql,
    similar_candidates_sql,
)

if TYPE_CHECKING:
    import numpy as np

_M_COLUMNS = ", ".join(f"m.{c.strip()}" for c in MEMORY_COLUMNS.split(","))


@dataclass(frozen=True)
class SimilarProbe:
    """What one fact looks for among the user's memories: `find_similar`'s arguments, and the one-person
    ties whose current holders are offered too (`current_tie_holders`)."""

    embedding: np.ndarray
    subject: str | None = None
    attribute: str | None = None
    name: str | None = None
    content_hash: str | None = None
    ties: Sequence[str] = ()


def _probe_params(i: int, probe: SimilarProbe) -> dict[str, Any]:
    import numpy as np

    return {
        f"emb{i}": np.asarray(probe.embedding, dtype=np.float32),
        f"subject{i}": probe.subject,
        f"attribute{i}": probe.attribute,
        f"name{i}": probe.name,
        f"hash{i}": probe.content_hash,
        f"ties{i}": list(probe.ties),
    }


def find_similar_many(
    conn: Conn,
    user_id: str,
    probes: Sequence[SimilarProbe],
    *,
    source_id: UUID | None,
    k: int = 10,
    hnsw_ef_search: int | None = None,
) -> list[list[dict[str, Any]]]:
    """For each probe, in one statement, the rows `find_similar` finds (with `similarity`, most similar
    first), then those of `current_tie_holders` (`similarity` None, newest first) — duplicates included:
    the caller offers a holder only when it is not already similar. Each row carries `counted_by_source`
    (`memory_to_change`) and `has_claims` (whether the memory states edges): what the write path needs to
    change the memory without reading it again. With `hnsw_ef_search`, the nearest come through the user's
    own HNSW index if they have a ready one (`user_vector_indexes`)."""
    if not probes:
        return []
    hnsw_dims = None
    if hnsw_ef_search is not None:
        hnsw_dims = user_vector_indexes.ready_index(conn, user_id, ef_search=hnsw_ef_search)
    # One part per probe, its values as parameters: the database computes what it derives of the probe's
    # vector (its compact copy) once, when planning, rather than once per row it compares. The parts run
    # once (MATERIALIZED), whatever the planner guesses of a table that grew since it was last analyzed,
    # and each memory's row is made once however many facts found it.
    parts, params = [], {"uid": user_id, "k": k, "candidates": vector_index.candidates(k), "src": source_id}
    for i, probe in enumerate(probes):
        candidates = similar_candidates_sql(
            f"%(emb{i})s",
            f"%(subject{i})s",
            f"%(attribute{i})s",
            f"%(name{i})s",
            f"%(hash{i})s",
            hnsw_dims=hnsw_dims,
        )
        similarity = vector_index.similarity_sql("embedding", f"%(emb{i})s")
        parts.append(
            f"""SELECT {i} AS i, 0 AS part, id, CASE WHEN embedding IS NULL THEN 0 ELSE {similarity} END
                FROM memories WHERE user_id = %(uid)s AND id IN ({candidates})"""
        )
        if probe.ties:
            parts.append(
                f"""(SELECT {i}, 1, id, NULL::float8 FROM memories
                     WHERE user_id = %(uid)s AND {HOLDS_A_TIE.format(ties=f"%(ties{i})s")}
                     ORDER BY created_at DESC, id DESC LIMIT 5)"""
            )
        params |= _probe_params(i, probe)
    query = f"""
        WITH offered (i, part, id, similarity) AS MATERIALIZED ({" UNION ALL ".join(parts)}),
        found AS MATERIALIZED (
            SELECT {_M_COLUMNS}, {counted_by_source_sql("m")} AS counted_by_source,
                   EXISTS (SELECT 1 FROM memory_edge_claims c
                           WHERE c.user_id = %(uid)s AND c.memory_id = m.id) AS has_claims
            FROM memories m WHERE m.user_id = %(uid)s AND m.id IN (SELECT id FROM offered)
        )
        SELECT o.i, o.similarity, f.* FROM offered o JOIN found f ON f.id = o.id
        ORDER BY o.i, o.part, o.similarity DESC, f.created_at DESC, f.id DESC"""
    found: list[list[dict[str, Any]]] = [[] for _ in probes]
    for row in conn.execute(query, params).fetchall():
        found[row.pop("i")].append(row)
    return found


def compare_memory(
    conn: Conn, user_id: str, memory_id: UUID, probes: Sequence[SimilarProbe], *, k: int = 10
) -> tuple[list[dict[str, Any]], bool]:
    """How the memory stands to each probe, as `find_similar_many` would see it: its `similarity`, whether it
    shares the probe's scope (`shares`, with `sharing`: how many other active memories do, up to k) and
    whether it holds one of the probe's ties (`holds`); and whether every probe's k nearest, before this
    memory, were chosen among all the user's other active memories with a vector, k of them at least (they
    are no more than the candidates `vector_index` re-scores): then this memory changes them only by
    joining them."""
    values, params = [], {"uid": user_id, "id": memory_id, "k": k, "enough": vector_index.candidates(k) + 1}
    for i, probe in enumerate(probes):
        values.append(
            f"({i}, %(emb{i})s::vector, %(subject{i})s::text, %(attribute{i})s::text, %(name{i})s::text, "
            f"%(hash{i})s::text, %(ties{i})s::text[])"
        )
        params |= _probe_params(i, probe)
    similarity = vector_index.similarity_sql("m.embedding", "p.emb")
    shares = shares_scope_sql("m", "p.subject", "p.attribute", "p.fact_name", "p.hash")
    others = shares_scope_sql("s", "p.subject", "p.attribute", "p.fact_name", "p.hash")
    rows = conn.execute(
        f"""SELECT p.i, CASE WHEN m.embedding IS NULL THEN 0 ELSE {similarity} END AS similarity,
                   m.status = 'active' AND {shares} AS shares, {HOLDS_A_TIE.format(ties="p.ties")} AS holds,
                   CASE WHEN m.status = 'active' AND {shares} THEN (
                       SELECT count(*) FROM (SELECT 1 FROM memories s
                                             WHERE s.user_id = %(uid)s AND s.status = 'active'
                                               AND s.id <> m.id AND {others} LIMIT %(k)s) x
                   ) END AS sharing,
                   CASE WHEN m.embedding_bits IS NOT NULL THEN (
                       SELECT count(*) FROM (SELECT 1 FROM memories n
                                             WHERE n.user_id = %(uid)s AND n.status = 'active'
                                               AND n.embedding_bits IS NOT NULL AND n.id <> m.id
                                             LIMIT %(enough)s) x
                   ) END AS ranked
            FROM (VALUES {", ".join(values)}) AS p (i, emb, subject, attribute, fact_name, hash, ties)
            JOIN memories m ON m.user_id = %(uid)s AND m.id = %(id)s
            ORDER BY p.i""",
        params,
    ).fetchall()
    ranked = rows[0]["ranked"] if rows else None
    return rows, ranked is not None and k <= ranked < vector_index.candidates(k)
