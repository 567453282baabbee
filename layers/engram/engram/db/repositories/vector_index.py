"""How a user's nearest memories are found: a compact copy of every vector, scanned for the user alone.

One table holds every user's memories, and a lookup only ever wants the nearest among one user's rows.
An index over the whole table (HNSW) serves that badly under a filter that keeps one user's rows: it
scans deep and still misses, and the exact scan the planner falls back to reads each row's full vector,
stored out of line (TOAST, 6 KB at 1,536 dimensions). So each memory carries `embedding_bits`, which of
its dimensions are positive and which negative (two bits per dimension; sql/0016), computed by the
database from the vector itself: it is never stale, whatever writes the row. The btree on
(user_id, status) carries it with the columns the default visibility reads, so ranking the user's rows
by Jaccard distance between those bit sets (`<%>`) reads only that index. The best `candidates(k)` are
then re-scored with the full vectors, which puts the true nearest first.

`nearest_ids` is that first stage as SQL, for the vector parts of search, explore and the write path.

That scan is linear in the user's memory count. A user with many active memories gets an HNSW index of
their own (`user_vector_indexes`, sql/0018): partial on their user id and on active rows, over
`hnsw_expression`. For such a user `nearest_ids(..., hnsw_dims=N)` orders by that expression instead; the
planner proves the index's predicate from the statement's own `user_id = $1` (planned with its values:
statements are never prepared here) and reads a few hundred index entries, whose distances are exact, so
the caller asks for `k` rows rather than `candidates(k)`.
"""

from __future__ import annotations

# Re-scored candidates per wanted row, and at least this many: reading a full vector costs as much as
# ranking some fifty compact ones, and a user with fewer memories than this is re-scored whole, i.e.
# searched exactly.
CANDIDATES_PER_ROW = 8
MIN_CANDIDATES = 400


def candidates(k: int) -> int:
    """How many of the nearest by their compact copies are re-scored with the full vectors for a top `k`."""
    return max(k * CANDIDATES_PER_ROW, MIN_CANDIDATES)


def candidates_sql(k: str) -> str:
    """`candidates` of the SQL expression `k`."""
    return f"greatest({k} * {CANDIDATES_PER_ROW}, {MIN_CANDIDATES})"


def nearest_ids(alias: str, allowed: str, query: str, limit: str, *, hnsw_dims: int | None = None) -> str:
    """The ids of the rows of `memories` (as `alias`) that satisfy `allowed`, nearest to the vector
    expression `query` by their compact copies, at most `limit` of them.

    Read from the (user_id, status) btree alone when `allowed` reads only what it holds.

    With `hnsw_dims` (the user has a ready index of that dimension: `user_vector_indexes.ready_index`),
    the nearest by full-precision distance through that index, among active rows only: only for a caller
    whose `allowed` admits active rows alone, and whose user id is a value of the statement."""
    if hnsw_dims is not None:
        return f"""SELECT {alias}.id FROM memories {alias}
                   WHERE {allowed} AND {alias}.status = 'active'
                   ORDER BY {hnsw_expression(alias, hnsw_dims)} <=> ({query})::vector::halfvec
                   LIMIT {limit}"""
    return f"""SELECT {alias}.id FROM memories {alias}
               WHERE {allowed} AND {alias}.embedding_bits IS NOT NULL
               ORDER BY {bits_distance(alias, query)} LIMIT {limit}"""


def hnsw_expression(alias: str, dims: int) -> str:
    """What a per-user HNSW index holds of each row, and what a search through it orders by (the two
    must be the same expression): the vector when it has `dims` dimensions, else NULL (left out of the
    index: a re-embed may switch the user to another dimension while the index still exists), at half
    precision. Half precision halves the graph (78 MB -> 39 MB for 10,000 vectors of 1,536 dimensions)
    and the memory a search reads, for the same recall@10 (measured .985 either way at ef_search 400,
    bench_tenants' topic vectors); the candidates are re-sorted at full precision. HNSW indexes
    `halfvec` up to 4,000 dimensions (`vector` only up to 2,000)."""
    n = int(dims)
    return f"(CASE WHEN vector_dims({alias}.embedding) = {n} THEN {alias}.embedding END)::halfvec({n})"


# The largest dimension pgvector's HNSW indexes as halfvec.
HNSW_MAX_DIMS = 4000


def bits_distance(alias: str, query: str) -> str:
    """The distance between the compact copy of `alias`'s vector and that of the vector expression
    `query`: Jaccard between their sets of (dimension, sign), as sql/0016 computes the copy. (Hamming
    would rank a sparse vector, with few signs set, near everything.)"""
    negated = f"{query} - {query} - {query}"
    bits = f"binary_quantize({query})::bit varying || binary_quantize({negated})::bit varying"
    return f"{alias}.embedding_bits <%%> ({bits})"  # `<%>`, spelled for a statement with parameters


def similarity_sql(left: str, right: str) -> str:
    """Cosine similarity of two vector expressions, 0 where it is undefined.

    A featureless text ("\u0011", "...") embeds as the zero vector, and pgvector's cosine distance to
    it is NaN: NaN compares greater than every threshold and cannot be written as JSON (an audit row
    failed to insert, a 500). Such a text is similar to nothing."""
    return f"COALESCE(NULLIF(1 - ({left} <=> {right}), 'NaN'::float8), 0)"
