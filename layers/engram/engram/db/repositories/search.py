"""Hybrid retrieval: vector, full-text, name, entity and one-hop graph candidates in one statement.

A prologue round trip first learns the query's lexemes and what it names (`_prologue`), so the statement
plans only the signals that have something to rank. Each signal is its own CTE that ranks a bounded
candidate list (the vector one through compact copies of the user's vectors on the `(user_id, status)`
btree, re-scored at full precision: `vector_index`) and carries the re-ranker's columns of its rows; the outer
query groups the union into one row per candidate with every rank. The results' full rows come after
ranking (`result_rows`), with their access recorded in the same statement.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories import user_vector_indexes, vector_index
from engram.db.repositories.memories import MEMORY_COLUMNS
from engram.db.repositories.search_visibility import (
    DATED,
    SearchFilters,
    predicate_for,
    visibility_needs,
    visibility_params,
)
from engram.language.question_roles import roles_said
from engram.language.question_slots import QuestionSlots, question_slots

if TYPE_CHECKING:
    import numpy as np

_SIMILARITY = sql.SQL(vector_index.similarity_sql("m.embedding", "%(emb)s"))

_WORD = re.compile(r"[\w'’.-]+")
# Words that are never a name on their own (a name that is one of them still matches as part of a run).
_NOT_NAMES = frozenset(
    {
        "the", "and", "for", "with", "what", "when", "where", "who", "how", "did", "does", "was", "were",
        "has", "have", "had", "about", "from", "that", "this", "your", "you", "are", "not", "any", "all",
        "can", "will", "would", "could", "should", "there", "their", "them", "they", "then", "than", "into",
        "onto", "over",
    }
)  # fmt: skip

# An entity the query names is a signal only while it is specific: when most memories mention it (the
# user's partner, the other person of a long conversation), "mentions X" ranks nothing.
SPECIFIC_ENTITY_MAX_MEMORIES = 40
# A term in at most this many of the user's active memories is rare: all its matches are read (see fts).
DF_CAP = 500
# The columns of a candidate the re-ranker reads (`engram.retrieval.search.rank_candidates`).
_RERANK_COLUMNS = ("importance_score", "created_at", "last_reinforced_at", "access_count", "past")
_RERANK = sql.SQL(", ".join(_RERANK_COLUMNS))
# `past`: no longer true (superseded, or historical): a search that includes history still ranks what is
# true now first (`engram.retrieval.search`).
# What is no longer true: superseded or historical. A memory archived because it expired (visible to a
# search that reads what expired, `SearchFilters.reads_expired`) was true until then, as before cleanup.
_PAST = "(m.status = 'superseded' OR m.is_historical) AS past"
MAX_TERMS = 12  # a pasted paragraph is not a query: its dozen rarest distinct terms are enough


@dataclass(frozen=True, slots=True)
class Candidate:
    """One memory a signal found, with what the re-ranker reads: each signal's rank (None when that
    signal did not return it; 1 is best) and the cosine similarity to the query (None unless the vector
    signal found it or `with_similarity` asked for every candidate's)."""

    id: UUID
    importance_score: float
    created_at: datetime
    last_reinforced_at: datetime | None
    access_count: int
    similarity: float | None
    vector_rank: int | None
    fts_rank: int | None
    name_rank: int | None
    entity_rank: int | None
    graph_rank: int | None
    past: bool = False
    slot_rank: int | None = None  # the newest memory answering a slot the question asks for (`slot_rules`)
    # an older memory of such a slot, followed by a newer one of the same subject: its rank among them
    stale_rank: int | None = None
    period_rank: int | None = None  # a memory of the period the question names, the nearest first

    @property
    def stale(self) -> bool:
        return self.stale_rank is not None

    def rank(self, signal: str) -> int | None:
        """The rank `signal` ("vector", "fts", "name", "entity", "graph", "slot", "stale", "period") gave
        this memory."""
        return getattr(self, f"{signal}_rank")  # type: ignore[no-any-return]


@dataclass
class TermReads:
    """Which of the query's terms full text reads, and what each weighs (`term_reads`)."""

    rare: list[str] = field(default_factory=list)  # every match read
    sampled: str | None = None  # a common term, `sample_cap` of its matches read
    sample_cap: int = 0
    weights: dict[str, float] = field(default_factory=dict)  # every term kept, read or not: its IDF


def idf(df: int, corpus: int) -> float:
    """BM25's inverse document frequency of a term in `df` of `corpus` memories."""
    corpus = max(corpus, df, 1)
    return math.log(1 + (corpus - df + 0.5) / (df + 0.5))


def term_reads(lexemes: list[str], dfs: list[int], corpus: int, wanted: int) -> TermReads:
    """Full text's plan: the rarest terms' matches are the candidates, as many as `wanted`.

    A candidate's score is the sum of the IDF of the query terms it contains. Reading the rarest terms'
    matches first finds the best-scoring memories first: a memory only a more common term would have
    found scores at most that term's weight, below every candidate already found by a rarer one
    (unless it holds several common terms at once). So terms are taken in order of document frequency
    while fewer than `wanted` candidates are known: a rare term (df <= DF_CAP) in full, then at most one
    common term as a sample of what is still wanted (its matches all weigh the same). Every kept term
    weighs in on every candidate that contains it. A term no active memory contains is dropped; of a
    long query the rarest MAX_TERMS are kept."""
    present = sorted(
        (df, position, lexeme)
        for position, (lexeme, df) in enumerate(zip(lexemes, dfs, strict=True))
        if df > 0
    )[:MAX_TERMS]
    plan = TermReads(weights={lexeme: idf(df, corpus) for df, _, lexeme in present})
    remaining = wanted
    for df, _, lexeme in present:
        if remaining <= 0:
            break
        if df <= DF_CAP:
            plan.rare.append(lexeme)
            remaining -= df
        else:
            plan.sampled, plan.sample_cap = lexeme, remaining
            break
    return plan


M_COLUMNS = sql.SQL(", ").join(sql.SQL(f"m.{c.strip()}") for c in MEMORY_COLUMNS.split(","))


# --- the hybrid statement, piece by piece ------------------------------------------------------------------
# Each signal is a CTE over `{allowed}` (`visible_predicate`) that carries the re-ranker's columns of its rows
# (`_RERANK_COLUMNS`): the candidates then need no second look at their rows.

_FEATURES = sql.SQL(", ".join([*(f"m.{column}" for column in _RERANK_COLUMNS[:-1]), _PAST]))

# --- vector parts (`vector_index`): the user's nearest by compact copies, re-scored with the full vectors -
# The default visibility reads only what the (user_id, status) btree holds, so the first stage reads no
# table row; the candidates' full vectors and re-ranker columns are read for `%(vec_candidates)s` rows.
_VECTOR_CTE = sql.SQL(
    """vec_near AS MATERIALIZED ({near}),
            vec AS (
                SELECT m.id, m.embedding <=> %(emb)s AS distance, {features},
                       row_number() OVER (ORDER BY m.embedding <=> %(emb)s) AS rank
                FROM memories m WHERE m.user_id = %(uid)s AND m.id IN (SELECT id FROM vec_near)
                ORDER BY m.embedding <=> %(emb)s LIMIT %(k)s)"""
)
# Within a name/entity/graph match, nearer meaning first (a name alone says nothing about the rest): by the
# compact copies, which are in the row; the full vector of every match would be read out of line.
_NEARER_FIRST = sql.SQL(vector_index.bits_distance("m", "%(emb)s"))
# --- end of the vector parts ----------------------------------------------------------------------------

# BM25-like: any query term may match (OR), and each matched term counts by its rarity among the user's
# memories (IDF; Postgres' ts_rank has none, so "Caroline", in every memory of her conversations, would
# weigh as much as "pottery"). Each term's document frequency comes from the user's term dictionary
# (`memory_terms`, sql/0006, in the prologue); the candidates are the matches of the rarest terms, read
# through the GIN index until there are enough (`term_reads`; `engram_term_matches`, sql/0021: RLS would
# otherwise forbid the index), with what is read of them, so no candidate is looked up twice. Every term
# weighs in on each candidate containing it. Of candidates of equal score the shorter ranks first (fewer
# lexemes: the denser match, as BM25's length norm would have it), never the order a query plan read them
# in. Letting ties share a rank instead cost LOCOMO (hash) .763 -> .748: docs/benchmarks.md.
_FTS_CTES = sql.SQL(
    """weighed AS MATERIALIZED (
                    SELECT plainto_tsquery('simple', w.lex) AS q, w.idf
                    FROM unnest(%(weighed)s::text[], %(weights)s::float8[]) AS w(lex, idf)),
                fts_scores AS MATERIALIZED (
                    SELECT m.id, {features}, length(m.tsv) AS size,
                           (SELECT sum(w.idf) FROM weighed w WHERE m.tsv @@ w.q) AS score
                    FROM engram_term_matches(%(rare)s, %(cap)s, %(sampled)s, %(sample_cap)s, %(statuses)s) m
                    WHERE {allowed}),
                fts AS (
                    SELECT id, {rerank}, row_number() OVER (ORDER BY score DESC, size, id) AS rank
                    FROM fts_scores ORDER BY score DESC, size, id LIMIT %(k)s)"""
)

# Memories named like a run of the query's words (`_prologue`), the better named first.
_NAME_CTE = sql.SQL(
    """nm AS (
                SELECT m.id, {features}, row_number() OVER (ORDER BY n.score DESC, {tiebreak}) AS rank
                FROM unnest(%(name_ids)s::uuid[], %(name_scores)s::float8[]) AS n(memory_id, score)
                JOIN memories m ON m.id = n.memory_id
                WHERE {allowed}
                ORDER BY n.score DESC, {tiebreak} LIMIT %(k)s)"""
)

# Memories linked to an entity the query names (the better named first), or to a graph neighbour of one
# (the stronger tie first).
_LINKED_CTE = sql.SQL(
    """{name} AS (
                SELECT m.id, {features},
                       row_number() OVER (ORDER BY max(e.weight) DESC, min({tiebreak})) AS rank
                FROM unnest({ids}::uuid[], {weights}::float8[]) AS e(id, weight)
                JOIN memory_entities me ON me.entity_id = e.id
                JOIN memories m ON m.id = me.memory_id
                WHERE {allowed}
                GROUP BY m.id ORDER BY max(e.weight) DESC, min({tiebreak}) LIMIT %(k)s)"""
)
_LINKED_SIGNALS = (("entity", "ent"), ("hop", "graph"))  # (mention kind, CTE)

# Memories whose stored subject/attribute/value answer the slot the question asks for
# (`engram.language.question_slots`): "where do I work?" finds "I joined Acme" by its attribute
# `employer`. Within one subject and kind of attribute (the part before ':': relationship:<one person>
# and relationship:<another> are one slot; owns:phone and phone are one) the newest active memory is the
# current answer; the older ones, and those a newer one superseded (read when the search reads history),
# are `stale`. The end of one place ("left Doyle Electrical") is no newer
# holder than the place the user had already told of moving to: it answers only when nothing else does.
_SLOT_CTE = sql.SQL(
    """slot_matches AS (
                SELECT m.id, {features}, m.status = 'active' AND row_number() OVER (
                           PARTITION BY lower(m.metadata->>'subject'), split_part(
                               regexp_replace(m.metadata->>'attribute', '^owns:', ''), ':', 1)
                           ORDER BY m.status <> 'active', coalesce(m.metadata->>'value', '') ~* '^left ',
                                    m.created_at DESC, m.id
                       ) = 1 AS latest
                FROM memories m
                WHERE {allowed} AND m.status IN ('active', 'superseded') AND m.metadata ? 'attribute'
                  AND EXISTS (
                      SELECT 1 FROM unnest(%(slot_patterns)s::text[], %(slot_values)s::text[],
                                           %(slot_any)s::bool[]) AS r(pattern, value_re, any_subject)
                      WHERE m.metadata->>'attribute' ILIKE r.pattern
                        AND (r.value_re = '' OR coalesce(m.metadata->>'value', '') ~* r.value_re)
                        AND (r.any_subject OR lower(m.metadata->>'subject') = ANY(%(slot_subjects)s::text[])))
                LIMIT %(k)s),
            slot AS (
                SELECT id, {rerank}, latest,
                       row_number() OVER (ORDER BY latest DESC, created_at DESC, id) AS rank
                FROM slot_matches)"""
)

_NEWER_FIRST = sql.SQL("-extract(epoch FROM m.created_at)")

# Memories of the period the question names ("where was I in March 2026?", "what was going on with Rafa
# in the summer of 2023?"): what happened then, or was told then, the nearest to the query first.
_PERIOD_CTE = sql.SQL(
    """period AS (
                SELECT m.id, {features}, row_number() OVER (ORDER BY {tiebreak}) AS rank
                FROM memories m
                WHERE {allowed} AND """
    + DATED
    + """ >= %(period_start)s::timestamptz AND """
    + DATED
    + """ < %(period_end)s::timestamptz
                ORDER BY {tiebreak} LIMIT %(k)s)"""
)


def _hits(cte: str, *, distance: str = "NULL::float8") -> sql.Composed:
    """One signal's candidates as rows of the `hits` union, the signal named like its CTE."""
    return sql.SQL("SELECT id, {signal} AS signal, rank, {distance} AS distance, {rerank} FROM {cte}").format(
        signal=sql.Literal(cte), distance=sql.SQL(distance), rerank=_RERANK, cte=sql.Identifier(cte)
    )


def _slot_hits() -> sql.Composed:
    """The slot signal's rows: the current answers as `slot`, the older ones as `stale`."""
    return sql.SQL(
        "SELECT id, CASE WHEN latest THEN 'slot' ELSE 'stale' END AS signal, rank, NULL::float8 AS distance, "
        "{rerank} FROM slot"
    ).format(rerank=_RERANK)


def _rank_of(signal: str) -> sql.Composed:
    return sql.SQL("min(rank) FILTER (WHERE signal = {})").format(sql.Literal(signal))


# One row per candidate with every signal's rank: a single hash aggregate. Only what the re-ranker reads:
# the results' full rows come after ranking (`result_rows`), so the ~100 candidates that are not returned
# cost no content, JSON or row decoding.
_HYBRID = sql.SQL(
    """
        WITH {ctes},
        hits AS ({hits}),
        candidates AS MATERIALIZED (
            SELECT id, {vec} AS vector_rank, {fts} AS fts_rank,
                   {nm} AS name_rank, {ent} AS entity_rank,
                   {graph} AS graph_rank, {slot} AS slot_rank, {stale} AS stale_rank,
                   {period} AS period_rank, min(distance) AS distance, {carried}
            FROM hits GROUP BY id)
        SELECT c.id, c.importance_score, c.created_at, c.last_reinforced_at, c.access_count, c.past,
               {similarity} AS similarity,
               c.vector_rank, c.fts_rank, c.name_rank, c.entity_rank, c.graph_rank, c.slot_rank, c.stale_rank,
               c.period_rank
        FROM candidates c
    """
)
_CARRIED = sql.SQL(
    ", ".join([*(f"min({column}) AS {column}" for column in _RERANK_COLUMNS[:-1]), "bool_or(past) AS past"])
)

# A vector candidate's similarity comes from its distance, computed once. Another candidate's is only
# computed when a threshold needs it (each costs reading a 6 KB vector out of line); the results' are
# filled in after ranking (`result_rows`).
_SIMILARITY_OF_EVERY_CANDIDATE = sql.SQL(
    """(SELECT CASE WHEN m.embedding IS NULL THEN 0 ELSE {similarity} END
                          FROM memories m WHERE m.id = c.id)"""
).format(similarity=_SIMILARITY)
_SIMILARITY_OF_VECTOR_HITS = sql.SQL(
    "CASE WHEN c.distance = 'NaN'::float8 THEN 0 ELSE 1 - c.distance END"  # NULL: not a vec hit
)


@dataclass
class HybridPlan:
    """The signals the hybrid statement ranks, by the name of their CTE (`vec`, `fts`, `nm`, `ent`,
    `graph`, `slot`, in that order), and the values they read beyond the visibility's."""

    ctes: tuple[str, ...] = ()
    params: dict[str, Any] = field(default_factory=dict)


def plan_signals(
    signals: set[str],
    *,
    has_embedding: bool,
    reads: TermReads | None,
    mentions: dict[str, list[tuple[Any, float]]],
    slots: QuestionSlots | None = None,
    period: tuple[datetime, datetime] | None = None,
) -> HybridPlan:
    """The signals that have something to rank: the vector one with an embedding, full text when `reads`
    reads some term (`term_reads`), the name, entity and graph ones for what the query names
    (`_prologue`), and the slot one for the stored attributes it asks for (`question_slots`). Pure:
    which CTEs and their parameters, nothing read."""
    ctes: list[str] = []
    params: dict[str, Any] = {}
    if "vector" in signals and has_embedding:
        ctes.append("vec")
    if "fts" in signals and reads is not None and (reads.rare or reads.sampled):
        params |= {"rare": reads.rare, "cap": len(reads.rare) * (DF_CAP + 1), "sampled": reads.sampled,
                   "sample_cap": reads.sample_cap, "weighed": list(reads.weights),
                   "weights": list(reads.weights.values())}  # fmt: skip
        ctes.append("fts")
    if mentions.get("name"):
        ids, scores = zip(*mentions["name"], strict=True)
        params |= {"name_ids": list(ids), "name_scores": list(scores)}
        ctes.append("nm")
    for kind, cte in _LINKED_SIGNALS:
        if mentions.get(kind):
            ids, weights = zip(*mentions[kind], strict=True)
            params |= {f"{cte}_ids": list(ids), f"{cte}_weights": list(weights)}
            ctes.append(cte)
    if slots:
        params |= {"slot_subjects": list(slots.subjects),
                   "slot_patterns": [rule.pattern for rule in slots.rules],
                   "slot_values": [rule.value for rule in slots.rules],
                   "slot_any": [rule.any_subject for rule in slots.rules]}  # fmt: skip
        ctes.append("slot")
    if period is not None:
        params |= {"period_start": period[0], "period_end": period[1]}
        ctes.append("period")
    return HybridPlan(tuple(ctes), params)


def _signal_cte(cte: str, pieces: dict[str, sql.Composable], dims: int | None = None) -> sql.Composed:
    if cte == "vec":
        near = vector_index.nearest_ids("m", "{allowed}", "%(emb)s", "%(vec_candidates)s", hnsw_dims=dims)
        return _VECTOR_CTE.format(near=sql.SQL(near).format(**pieces), **pieces)
    if cte == "fts":
        return _FTS_CTES.format(**pieces)
    if cte == "nm":
        return _NAME_CTE.format(**pieces)
    if cte == "slot":
        return _SLOT_CTE.format(**pieces)
    if cte == "period":
        return _PERIOD_CTE.format(**pieces)
    names = {"name": sql.Identifier(cte), "ids": sql.Placeholder(f"{cte}_ids"),
             "weights": sql.Placeholder(f"{cte}_weights")}  # fmt: skip
    return _LINKED_CTE.format(**pieces, **names)


@functools.lru_cache(maxsize=256)
def hybrid_statement(
    ctes: tuple[str, ...],
    visibility: tuple[bool, ...],
    *,
    has_embedding: bool,
    with_similarity: bool,
    hnsw_dims: int | None = None,
) -> str:
    """The whole statement over the planned CTEs (at least one; `plan_signals`) and the visibility the
    filters need (`visibility_needs`), one row per candidate; with `hnsw_dims`, the vector signal reads
    the user's own HNSW index (`vector_index.nearest_ids`).

    Composed once per shape of request, and kept as text: the pieces are fixed SQL and our own names
    (every value is a parameter), so no connection's encoding or quoting changes it; and a connection
    wrapped to read the statement (EXPLAIN in the vector-path test and bench_scale) gets text."""
    pieces: dict[str, sql.Composable] = {
        "allowed": predicate_for(visibility),
        "features": _FEATURES,
        "rerank": _RERANK,
        "tiebreak": _NEARER_FIRST if has_embedding else _NEWER_FIRST,
    }
    if not has_embedding:
        similarity: sql.Composable = sql.SQL("0")
    elif with_similarity:
        similarity = _SIMILARITY_OF_EVERY_CANDIDATE
    else:
        similarity = _SIMILARITY_OF_VECTOR_HITS
    return _HYBRID.format(
        ctes=sql.SQL(", ").join(_signal_cte(cte, pieces, hnsw_dims) for cte in ctes),
        hits=sql.SQL(" UNION ALL ").join(
            _slot_hits()
            if cte == "slot"
            else _hits(cte, distance="distance" if cte == "vec" else "NULL::float8")
            for cte in ctes
        ),
        **{
            signal: _rank_of(signal)
            for signal in ("vec", "fts", "nm", "ent", "graph", "slot", "stale", "period")
        },
        carried=_CARRIED,
        similarity=similarity,
    ).as_string()


def hybrid_candidates(
    conn: Conn,
    user_id: str,
    *,
    query: str,
    embedding: np.ndarray | None,
    filters: SearchFilters,
    signals: set[str],
    per_signal: int = 100,
    corpus_size: int = 1,
    with_similarity: bool = False,
    period: tuple[datetime, datetime] | None = None,
    hnsw_ef_search: int | None = None,
) -> list[Candidate]:
    """Candidate memories with each signal's rank (NULL when the signal did not return it) and their
    cosine similarity to the query: for every candidate with `with_similarity`, otherwise for the vector
    signal's candidates only (NULL for the others). `period` [start, end) is the one the query names,
    if any: its memories are candidates too (the `period` signal).

    With `hnsw_ef_search`, a search of active memories only reads the user's own HNSW index, if ready
    (`user_vector_indexes`), that deep; any other by the compact copies (`vector_index`).

    `corpus_size` is the user's active memory count (`count_active_memories`, cached by the caller):
    the N of the IDF, which need not be exact to rank."""
    import numpy as np

    lexemes, dfs, mentions = _prologue(conn, user_id, query, signals, name_cap=per_signal * 4)
    has_embedding = embedding is not None
    plan = plan_signals(
        signals,
        has_embedding=has_embedding,
        reads=term_reads(lexemes, dfs, corpus_size, wanted=per_signal) if "fts" in signals else None,
        mentions=mentions,
        # Reading the question's words for what it asks is lexical: it comes with full text.
        slots=question_slots(query) if "fts" in signals else None,
        period=period,
    )
    if not plan.ctes:
        return []
    hnsw_dims = None
    # The user's HNSW index holds active rows: a search that reads what the cleanup archived because it
    # expired finds those through its other signals (full text, names, a period), not by their vectors.
    if "vec" in plan.ctes and hnsw_ef_search is not None and not filters.include_historical:
        hnsw_dims = user_vector_indexes.ready_index(conn, user_id, ef_search=hnsw_ef_search)
    statement = hybrid_statement(
        plan.ctes,
        visibility_needs(filters),
        has_embedding=has_embedding,
        with_similarity=with_similarity,
        hnsw_dims=hnsw_dims,
    )
    params = (
        visibility_params(user_id, filters)
        | plan.params
        | {
            "query": query,
            "emb": np.asarray(embedding, dtype=np.float32) if embedding is not None else None,
            "k": per_signal,
            # Through the user's index the distances are exact: the k nearest are the candidates.
            "vec_candidates": per_signal if hnsw_dims is not None else vector_index.candidates(per_signal),
        }
    )
    return [Candidate(**row) for row in conn.execute(statement, params).fetchall()]


_MENTION_KINDS = (("name", "name"), ("entity", "entity"), ("graph", "hop"))

# The query's distinct lexemes (english stemming, stop words dropped, contractions read as memories'
# are: sql/0028), in order of appearance.
LEXEMES_SQL = sql.SQL(
    """SELECT coalesce(array_agg(lex ORDER BY pos), '{}') FROM (
                  SELECT lex, min(p) AS pos
                  FROM unnest(to_tsvector('english', engram_plain_text(%(query)s)))
                       AS t(lex, positions, weights),
                       unnest(positions) p
                  GROUP BY lex) x"""
)
_NO_LEXEMES = sql.SQL("SELECT '{}'::text[]")

# Each lexeme's document frequency among the user's active memories (`memory_terms`), over `lx.lexemes`.
DFS_SQL = sql.SQL(
    """(SELECT coalesce(array_agg(coalesce(t.df, 0) ORDER BY l.ord), '{}')
                    FROM unnest(lx.lexemes) WITH ORDINALITY AS l(lex, ord)
                    LEFT JOIN memory_terms t ON t.user_id = %(uid)s AND t.lexeme = l.lex) AS dfs"""
)

_PROLOGUE = sql.SQL(
    """SELECT lx.lexemes,
                   {dfs},
                   mentions.*
            FROM ({lexemes}) AS lx(lexemes),
                 (SELECT coalesce(array_agg(kind), '{{}}') AS kinds, coalesce(array_agg(id), '{{}}') AS ids,
                         coalesce(array_agg(weight), '{{}}') AS weights
                  FROM engram_query_mentions(%(query)s, %(grams)s, %(cap)s, %(specific)s, %(kinds)s,
                                             %(roles)s)
                  WHERE %(kinds)s <> '{{}}') mentions"""
)
# Its two texts (with and without the query's lexemes), rendered once; as text for the reason given in
# `hybrid_candidates`.
_PROLOGUES = {
    reads_terms: _PROLOGUE.format(
        lexemes=LEXEMES_SQL if reads_terms else _NO_LEXEMES,
        dfs=DFS_SQL,
    ).as_string()
    for reads_terms in (True, False)
}


def _prologue(
    conn: Conn,
    user_id: str,
    query: str,
    signals: set[str],
    *,
    name_cap: int,
) -> tuple[list[str], list[int], dict[str, list[tuple[Any, float]]]]:
    """What the hybrid statement is built from, in one round trip: the query's lexemes (`query_terms`)
    with their document frequencies among the user's active memories (`memory_terms`, sql/0006), and
    what the query names (`engram_query_mentions`, sql/0007): `name` (memory id, trigram score) for
    memories named like a run of its words, `entity` (entity id, word similarity) for specific entities
    whose name is among its words, `hop` (entity id, strength) for their specific graph neighbours.

    Most queries name nothing the user has a node or a name for, and then the hybrid statement leaves
    those signals out: planning them costs more than finding out, which is one call of a
    function whose plans are made once per connection."""
    kinds = [kind for signal, kind in _MENTION_KINDS if signal in signals]
    row = conn.execute(
        _PROLOGUES["fts" in signals],
        {
            "uid": user_id,
            "query": query,
            "grams": name_grams(query),
            "cap": name_cap,
            "specific": SPECIFIC_ENTITY_MAX_MEMORIES,
            "kinds": kinds,
            "roles": roles_said(query),
        },
    ).fetchone()
    assert row is not None  # an aggregate always returns its row
    found: dict[str, list[tuple[Any, float]]] = {}
    for kind, id_, weight in zip(row["kinds"], row["ids"], row["weights"], strict=True):
        found.setdefault(kind, []).append((id_, float(weight)))
    return list(row["lexemes"]), list(row["dfs"]), found


_RESULT_ROWS = sql.SQL(
    """{with_access}
        SELECT {columns}, {similarity} AS similarity
        FROM memories m {no_flush}
        WHERE m.user_id = %(uid)s AND m.id = ANY(%(ids)s)"""
)


@functools.lru_cache(maxsize=4)
def _result_rows_statement(similarity: bool, tracked: bool) -> str:
    """`result_rows`' statement: with the similarity of `%(sim_ids)s` or none, with the access of
    `%(tracked)s` recorded or not. Composed once per combination, as text (see `hybrid_statement`)."""
    pieces: dict[str, sql.Composable] = {
        "with_access": sql.SQL(""),
        "columns": M_COLUMNS,
        "similarity": sql.SQL("NULL::float8"),
        "no_flush": sql.SQL(""),
    }
    if similarity:
        pieces["similarity"] = sql.SQL(
            "CASE WHEN m.id = ANY(%(sim_ids)s) AND m.embedding IS NOT NULL THEN {} END"
        ).format(_SIMILARITY)
    if tracked:
        pieces["with_access"] = sql.SQL(
            "WITH {}, touched AS ({} AND x.id = ANY(%(tracked)s) RETURNING 1)"
        ).format(_NO_FLUSH_CTE, _ACCESS_UPDATE)
        pieces["no_flush"] = sql.SQL(", no_flush")
    return _RESULT_ROWS.format(**pieces).as_string()


def result_rows(
    conn: Conn,
    user_id: str,
    ids: list[Any],
    *,
    embedding: np.ndarray | None = None,
    similarity_of: list[Any] | None = None,
    tracked: list[Any] | None = None,
    now: datetime | None = None,
) -> dict[Any, dict[str, Any]]:
    """Full rows of ranked results, by id (one that vanished meanwhile is simply absent), in one round
    trip with what the results still need: the cosine `similarity` of those in `similarity_of` (NULL for
    the others), and the access of those in `tracked` recorded (`record_access`). Rows are read as they
    were before this access."""
    import numpy as np

    if not ids:
        return {}
    if tracked and now is None:
        raise ValueError("recording access needs `now`")
    params: dict[str, Any] = {
        "uid": user_id,
        "ids": list(ids),
        "emb": np.asarray(embedding, dtype=np.float32) if embedding is not None else None,
        "sim_ids": list(similarity_of or []),
        "tracked": list(tracked or []),
        "now": now,
    }
    statement = _result_rows_statement(embedding is not None and bool(similarity_of), bool(tracked))
    rows = conn.execute(statement, params).fetchall()
    return {row["id"]: row for row in rows}


def name_grams(query: str, limit: int = 30) -> list[str]:
    """Runs of one to three words of the query, lowercased: the strings a name in it could equal."""
    words = [w for w in _WORD.findall(query.lower())]
    grams: list[str] = []
    for n in (3, 2, 1):
        for i in range(len(words) - n + 1):
            run = words[i : i + n]
            if n == 1 and (len(run[0]) < 3 or run[0] in _NOT_NAMES):
                continue
            gram = " ".join(run)
            if gram not in grams:
                grams.append(gram)
    return grams[-limit:]


_QUERY_TERMS = sql.SQL("SELECT ({}) AS terms").format(LEXEMES_SQL)


def query_terms(conn: Conn, query: str) -> list[str]:
    """The query's distinct lexemes (english stemming, stop words dropped), in order of appearance."""
    row = conn.execute(_QUERY_TERMS, {"query": query}).fetchone()
    return list(row["terms"]) if row else []


def count_active_memories(conn: Conn, user_id: str) -> int:
    row = conn.execute(
        "SELECT count(*) AS n FROM memories WHERE user_id = %s AND status = 'active'", (user_id,)
    ).fetchone()
    return int(row["n"]) if row else 0


# Retrieval strengthens what it returns: counts, salience boosted more after longer gaps (the
# spacing effect), decay slowed likewise, and the candidate -> active -> core (10+) state ladder. The SET
# list over alias `x`, with `%(now)s`: memories here, graph nodes, edges and sources in explore.
SPACED_ACCESS = sql.SQL(
    """
        access_count = x.access_count + 1,
        recall_frequency = x.recall_frequency + 1,
        last_recall_interval = CASE WHEN x.last_accessed_at IS NULL THEN NULL
            ELSE greatest(0, extract(epoch FROM (%(now)s - x.last_accessed_at)) / 86400)::int END,
        salience = least(1.0, x.salience + 0.05 * (1 + ln(1 + coalesce(
            extract(epoch FROM (%(now)s - x.last_accessed_at)) / 86400, 0)))),
        decay_gradient = least(10.0, x.decay_gradient * (1 + 0.1 * least(1.0, coalesce(
            extract(epoch FROM (%(now)s - x.last_accessed_at)) / 86400 / 30, 0)))),
        state = CASE WHEN x.state = 'archived' THEN x.state
                     WHEN x.recall_frequency + 1 >= 10 THEN 'core' ELSE 'active' END,
        last_accessed_at = %(now)s"""
)
# The caller adds the ids (`AND x.id = ANY(...)`).
_ACCESS_UPDATE = sql.SQL("UPDATE memories x SET {} WHERE x.user_id = %(uid)s").format(SPACED_ACCESS)
# Read paths (search, recall, timeline, special queries) write nothing but access counters: their commit
# need not wait for the WAL flush (this transaction only). A crash can lose the last fraction of a
# second of access counts, never a memory.
_NO_FLUSH_CTE = sql.SQL("no_flush AS (SELECT set_config('synchronous_commit', 'off', true))")
_RECORD_ACCESS = sql.SQL("WITH {} {} AND x.id = ANY(%(ids)s) AND (SELECT true FROM no_flush)").format(
    _NO_FLUSH_CTE, _ACCESS_UPDATE
)


def record_access(conn: Conn, user_id: str, ids: list[Any], now: datetime) -> None:
    """Record that the memories `ids` were retrieved (see `_ACCESS_UPDATE`), from a read path's
    transaction, whose commit then does not wait for the WAL flush (`_NO_FLUSH_CTE`)."""
    if not ids:
        return
    conn.execute(_RECORD_ACCESS, {"uid": user_id, "ids": list(ids), "now": now})
