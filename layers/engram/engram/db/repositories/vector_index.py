"""How a user's nearest memories are found: a compact copy of every vector, scanned for the user alone.

One table holds every user's memories, and a lookup only ever wants the nearest among one user's rows.
An index over the whole table (HNSW) serves that badly under a filter that keeps one user's rows: it
scans deep and still misses, and the exact scan the planner falls back to reads each row's full vector,
stored out of line (TOAST, 6 KB at 1,536 dimensions). So each memory carries `embedding_bits`, one bit
per dimension (the sign; sql/0016), which the database computes from the vector itself: it is never
stale, whatever writes the row. The btree on (user_id, status) carries it with the columns the default
visibility reads, so ranking the user's rows by Hamming distance (`<~>`) reads only that index. The
best `candidates(k)` by Hamming distance are then re-scored with the full vectors, which puts the true
nearest first: a sign bit per dimension keeps the angle between two vectors to within a few degrees.

`nearest_ids` is that first stage as SQL, for the vector CTEs of search, explore and the write path.
"""

from __future__ import annotations

# Re-scored candidates per wanted row, and at least this many: reading a full vector costs as much as
# Hamming-ranking some fifty compact ones, and a user with fewer memories than this is re-scored whole,
# i.e. searched exactly.
CANDIDATES_PER_ROW = 8
MIN_CANDIDATES = 400


def candidates(k: int) -> int:
    """How many of the nearest by Hamming distance are re-scored with the full vectors for a top `k`."""
    return max(k * CANDIDATES_PER_ROW, MIN_CANDIDATES)


def candidates_sql(k: str) -> str:
    """`candidates` of the SQL expression `k`."""
    return f"greatest({k} * {CANDIDATES_PER_ROW}, {MIN_CANDIDATES})"


def nearest_ids(alias: str, allowed: str, query: str, limit: str) -> str:
    """The ids of the rows of `memories` (as `alias`) that satisfy `allowed`, nearest to the vector
    expression `query` by Hamming distance between sign bits, at most `limit` of them.

    Read from the (user_id, status) btree alone when `allowed` reads only what it holds."""
    return f"""SELECT {alias}.id FROM memories {alias}
               WHERE {allowed} AND {alias}.embedding_bits IS NOT NULL
               ORDER BY {alias}.embedding_bits <~> {query_bits(query)} LIMIT {limit}"""


def query_bits(query: str) -> str:
    """The sign bits of the vector expression `query`, comparable with `embedding_bits`."""
    return f"binary_quantize({query})::bit varying"


def similarity_sql(left: str, right: str) -> str:
    """Cosine similarity of two vector expressions, 0 where it is undefined.

    A featureless text ("\u0011", "...") embeds as the zero vector, and pgvector's cosine distance to
    it is NaN: NaN compares greater than every threshold and cannot be written as JSON (an audit row
    failed to insert, a 500). Such a text is similar to nothing."""
    return f"COALESCE(NULLIF(1 - ({left} <=> {right}), 'NaN'::float8), 0)"
