"""Per-user HNSW indexes on `memories` and their record (`user_vector_indexes`, sql/0018).

A user with many active memories gets an HNSW index of their own, partial on their user id and on active
rows, over the vectors of their dimension (`vector_index.hnsw_expression`): their searches then read a
few hundred index entries instead of scanning every compact copy (`vector_index`). When to build or drop
one is `engram.lifecycle.vector_indexes`; this module is the SQL.

Building and dropping run `CREATE/DROP INDEX CONCURRENTLY`, which cannot run inside a transaction: those
functions take a connection in autocommit with no transaction open, as the login role (the owner of
`memories`). The record is read and written in the user's transaction like any user data.
"""

from __future__ import annotations

import secrets
from typing import Any

from psycopg import sql

from engram.db.connection import Conn
from engram.db.repositories.vector_index import hnsw_expression

# HNSW build parameters (pgvector's defaults): the graph's links per node and the candidate list while
# inserting. Measured on 10,000 topic vectors of 1,536 dimensions (bench_tenants): ef_construction 128
# doubled the build (9-11 s -> 19 s) for recall@10 .958 -> .965 at ef_search 200; a deeper search
# (ef_search 400: .99) is the cheaper lever.
HNSW_M = 16
HNSW_EF_CONSTRUCTION = 64


def new_index_name() -> str:
    """A fresh name for a user's index: not derived from the user id (any text up to 128 characters,
    where an identifier holds 63 bytes), so the record is what ties the two."""
    return f"memories_uvec_{secrets.token_hex(12)}"


def ready_index(conn: Conn, user_id: str, *, ef_search: int) -> int | None:
    """The dimension of the user's ready index, or None (then search scans the compact copies).

    With an index, the same statement sets the transaction's HNSW scan: `ef_search` candidates, and an
    iterative scan (relaxed order: the caller re-sorts by exact distance) that goes on past them when the
    statement's other conditions filter some out."""
    row = conn.execute(
        """SELECT dims, set_config('hnsw.ef_search', %(ef)s, true),
                  set_config('hnsw.iterative_scan', 'relaxed_order', true)
           FROM user_vector_indexes WHERE user_id = %(uid)s AND state = 'ready'""",
        {"uid": user_id, "ef": str(ef_search)},
    ).fetchone()
    return None if row is None else int(row["dims"])


def record(conn: Conn, user_id: str) -> dict[str, Any] | None:
    """The user's record, with its age in seconds (`age_s`), or None."""
    return conn.execute(  # type: ignore[no-any-return]
        """SELECT *, extract(epoch FROM now() - created_at)::float8 AS age_s
           FROM user_vector_indexes WHERE user_id = %s""",
        (user_id,),
    ).fetchone()


def vector_dims(conn: Conn, user_id: str) -> tuple[int, str | None] | None:
    """The dimension (and model) the user's vectors have: their embedding space's, or for a user never
    pinned to one (rows loaded in bulk) that of one of their active vectors; None without vectors."""
    row = conn.execute(
        """SELECT coalesce(u.embedding_dim, (SELECT vector_dims(m.embedding) FROM memories m
                                             WHERE m.user_id = u.id AND m.status = 'active'
                                               AND m.embedding IS NOT NULL LIMIT 1)) AS dims,
                  u.embedding_model AS model
           FROM users u WHERE u.id = %s""",
        (user_id,),
    ).fetchone()
    if row is None or row["dims"] is None:
        return None
    return int(row["dims"]), row["model"]


def active_vectors(conn: Conn, user_id: str, dims: int) -> int:
    """How many of the user's active memories carry a vector of `dims` dimensions (what an index holds)."""
    row = conn.execute(
        """SELECT count(*) AS n FROM memories
           WHERE user_id = %s AND status = 'active' AND vector_dims(embedding) = %s""",
        (user_id, dims),
    ).fetchone()
    return int(row["n"]) if row else 0


def start_build(conn: Conn, user_id: str, index_name: str, dims: int, model: str | None) -> bool:
    """Record that `index_name` is being built for the user; False when the user already has a record
    (another job is building or holds one)."""
    row = conn.execute(
        """INSERT INTO user_vector_indexes (user_id, index_name, embedding_model, dims)
           VALUES (%s, %s, %s, %s) ON CONFLICT (user_id) DO NOTHING RETURNING user_id""",
        (user_id, index_name, model, dims),
    ).fetchone()
    return row is not None


def mark_ready(
    conn: Conn, user_id: str, index_name: str, *, rows: int, size_bytes: int, build_ms: int
) -> bool:
    """The build of `index_name` finished: searches may use it. False if the record moved on meanwhile
    (the user re-embedded or was forgotten)."""
    row = conn.execute(
        """UPDATE user_vector_indexes
           SET state = 'ready', rows_at_build = %s, size_bytes = %s, build_ms = %s, built_at = now()
           WHERE user_id = %s AND index_name = %s AND state = 'building' RETURNING user_id""",
        (rows, size_bytes, build_ms, user_id, index_name),
    ).fetchone()
    return row is not None


def mark_dropping(conn: Conn, user_id: str) -> bool:
    """Searches stop using the user's index from this transaction's commit (its vectors are about to
    change space); the `vector_index` job drops it. True if the user had one."""
    row = conn.execute(
        "UPDATE user_vector_indexes SET state = 'dropping' WHERE user_id = %s RETURNING user_id", (user_id,)
    ).fetchone()
    return row is not None


def forget_record(conn: Conn, user_id: str, index_name: str) -> None:
    """Remove the record of `index_name` (after the index itself was dropped)."""
    conn.execute(
        "DELETE FROM user_vector_indexes WHERE user_id = %s AND index_name = %s", (user_id, index_name)
    )


def index_name_of(conn: Conn, user_id: str) -> str | None:
    row = conn.execute("SELECT index_name FROM user_vector_indexes WHERE user_id = %s", (user_id,)).fetchone()
    return None if row is None else str(row["index_name"])


# --- DDL: autocommit, no transaction open, as the owner of `memories` ------------------------------------


def build_index(conn: Conn, index_name: str, user_id: str, dims: int, *, memory: str) -> None:
    """CREATE INDEX CONCURRENTLY the user's partial HNSW index (writes go on meanwhile), with
    `memory` as maintenance_work_mem for it."""
    conn.execute(sql.SQL("SET maintenance_work_mem = {}").format(sql.Literal(memory)))
    try:
        conn.execute(
            sql.SQL(
                """CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON memories
                   USING hnsw (({expression}) halfvec_cosine_ops) WITH (m = {m}, ef_construction = {ef})
                   WHERE user_id = {uid} AND status = 'active'"""
            ).format(
                name=sql.Identifier(index_name),
                expression=sql.SQL(hnsw_expression("memories", dims)),
                m=sql.Literal(HNSW_M),
                ef=sql.Literal(HNSW_EF_CONSTRUCTION),
                uid=sql.Literal(user_id),
            )
        )
    finally:
        conn.execute("RESET maintenance_work_mem")


def drop_index(conn: Conn, index_name: str) -> None:
    """DROP INDEX CONCURRENTLY, if it exists (a build that died leaves an invalid one)."""
    conn.execute(sql.SQL("DROP INDEX CONCURRENTLY IF EXISTS {}").format(sql.Identifier(index_name)))


def index_size(conn: Conn, index_name: str) -> int:
    row = conn.execute("SELECT pg_relation_size(to_regclass(%s)) AS size", (index_name,)).fetchone()
    return int(row["size"] or 0) if row else 0


# --- across users: the schedule, as the login role -------------------------------------------------------


def users_to_converge(conn: Conn, *, min_memories: int, stale_building_s: int) -> list[str]:
    """Users whose index needs a `vector_index` job, in one set-based statement: over `min_memories`
    active vectors without a record; a record to drop (`dropping`, or a `building` one older than
    `stale_building_s`, whose build died); a ready index of another dimension than the user's space, or
    of a user now under half the threshold."""
    rows = conn.execute(
        """WITH counts AS (
               SELECT user_id, count(*) AS n FROM memories
               WHERE status = 'active' AND embedding_bits IS NOT NULL
               GROUP BY user_id HAVING count(*) >= %(half)s)
           SELECT u.id AS user_id FROM users u
           LEFT JOIN counts c ON c.user_id = u.id
           LEFT JOIN user_vector_indexes x ON x.user_id = u.id
           WHERE (x.user_id IS NULL AND c.n >= %(min)s)
              OR x.state = 'dropping'
              OR (x.state = 'building' AND x.created_at < now() - make_interval(secs => %(stale)s))
              OR (x.state = 'ready'
                  AND (coalesce(c.n, 0) < %(half)s OR x.dims <> coalesce(u.embedding_dim, x.dims)))
           ORDER BY u.id""",
        {"min": min_memories, "half": max(min_memories // 2, 1), "stale": stale_building_s},
    ).fetchall()
    return [r["user_id"] for r in rows]


def orphan_indexes(conn: Conn) -> list[str]:
    """Per-user indexes no record names (their user was forgotten and the drop after it did not run)."""
    rows = conn.execute(
        """SELECT c.relname FROM pg_catalog.pg_index i
           JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid
           WHERE i.indrelid = 'memories'::regclass AND c.relname LIKE 'memories\\_uvec\\_%%'
             AND NOT EXISTS (SELECT 1 FROM user_vector_indexes x WHERE x.index_name = c.relname)"""
    ).fetchall()
    return [r["relname"] for r in rows]
