"""When a user's nearest-vector search goes through the HNSW index whatever the planner estimates.

The planner costs the exact path (the user's rows through a btree, then a sort by distance) as if a
distance were cheap, but each one fetches a 6 KB vector stored out of line: for a user holding half of
all memories it chooses the exact scan, several times slower than HNSW. A user who holds at
least `min memories` and at least `min share` of all memories (`pg_class.reltuples`) therefore gets
sorting switched off (SET LOCAL) before the statement that orders by distance: HNSW returns rows in
order, so it is the one path left without a sort. A user with a small share keeps the planner's exact
scan: a filter that keeps few rows makes HNSW scan deep and miss (for a user with 1% of the rows, HNSW
is both slower and incomplete, even with iterative scans).

`SWITCH` is a SQL expression over `%(vi_mine)s`, `%(vi_at_least)s` and `%(vi_share)s` (`switch_params`):
it must run in a statement before the one it is for (a setting changed inside a statement does not
change that statement's plan), and evaluates to 'off' when it switched, NULL otherwise. What runs
after it in the same transaction sorts as usual only once the setting is restored.
"""

from __future__ import annotations

from typing import Any

SWITCH = """CASE WHEN %(vi_mine)s >= %(vi_at_least)s
                  AND %(vi_mine)s >= %(vi_share)s * (SELECT reltuples FROM pg_class
                                                     WHERE oid = 'public.memories'::regclass)
                 THEN set_config('enable_sort', 'off', true) END"""

RESTORE = "SELECT set_config('enable_sort', 'on', true)"


def similarity_sql(left: str, right: str) -> str:
    """Cosine similarity of two vector expressions, 0 where it is undefined.

    A featureless text ("\u0011", "...") embeds as the zero vector, and pgvector's cosine distance to
    it is NaN: NaN compares greater than every threshold and cannot be written as JSON (an audit row
    failed to insert, a 500). Such a text is similar to nothing."""
    return f"COALESCE(NULLIF(1 - ({left} <=> {right}), 'NaN'::float8), 0)"


# The dimensions the memories' HNSW index covers (sql/0015_embedding_spaces.sql): a vector column of no
# fixed size is indexed per dimension, through an expression the statement must repeat to use the index.
INDEXED_DIMENSIONS = frozenset({1536})


def nearest_sql(column: str, query: str, dimension: int | None) -> tuple[str, str]:
    """(distance, predicate) for ordering `column` by cosine distance to `query`, a vector of `dimension`.

    For an indexed dimension the distance is the HNSW index's expression (NULL for a vector of another
    size), so the index can answer it. The predicate keeps the rows of that dimension: a vector of
    another one cannot be compared (a user's rows are all of the user's dimension, so it removes
    nothing). None: any dimension."""
    if dimension is None:
        return f"{column} <=> {query}", "true"
    size = int(dimension)
    if size in INDEXED_DIMENSIONS:
        indexed = f"(CASE WHEN vector_dims({column}) = {size} THEN {column} END)::vector({size})"
        return f"{indexed} <=> {query}::vector({size})", "true"
    return f"{column} <=> {query}", f"vector_dims({column}) = {size}"


def switch_params(rule: tuple[int, int, float] | None) -> dict[str, Any]:
    """`rule` = (the user's active memories, min memories, min share); None never switches."""
    mine, at_least, share = rule or (0, 1, 1.0)
    return {"vi_mine": mine, "vi_at_least": at_least, "vi_share": share}
