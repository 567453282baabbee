"""The database connection: lazily opened, reopened when broken, one per thread.

A Lambda execution environment runs one request at a time, so "one per thread" is one connection
per environment there; locally the HTTP server's threads and the queue worker each get their own.
`prepare_threshold=None` because RDS Proxy pins sessions that hold server-side prepared statements
and because cached plans ignore later `SET enable_*`.

Every transaction that touches user data goes through `user_transaction(user_id)`: it switches to
the `engram_app` role and sets `app.user_id`, so row-level security confines the transaction to that
user even if a query forgets its own `WHERE user_id`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import lru_cache
from typing import Any, TypeAlias

import psycopg
from pgvector.psycopg import register_vector
from psycopg.rows import dict_row

from engram.db.conninfo import resolve_conninfo
from engram.errors import DatabaseUnavailable, ValidationFailed
from engram.models import MAX_USER_ID_LENGTH

# Every connection returns rows as dicts (column name -> value).
Conn: TypeAlias = psycopg.Connection[dict[str, Any]]


class Database:
    """Thread-local lazily opened connections to one PostgreSQL database."""

    def __init__(self, conninfo: str | Callable[[], str]):
        self._conninfo = conninfo
        self._local = threading.local()
        self._lock = threading.Lock()
        self._all: list[Conn] = []
        # Bumped by `reconnect_all()`; a thread's connection opened under an older value is replaced.
        self._generation = 0

    def _resolve_conninfo(self) -> str:
        return self._conninfo() if callable(self._conninfo) else self._conninfo

    def _open(self) -> Conn:
        try:
            conn = psycopg.connect(
                self._resolve_conninfo(),
                autocommit=True,
                prepare_threshold=None,
                row_factory=dict_row,
                connect_timeout=10,
                application_name="engram",
            )
        except psycopg.OperationalError as exc:
            raise DatabaseUnavailable("the database is not reachable") from exc
        # Before the first migration the vector extension does not exist yet.
        try:
            with suppress(psycopg.ProgrammingError):
                register_vector(conn)
        except psycopg.OperationalError as exc:  # the server went away between connecting and this
            conn.close()
            raise DatabaseUnavailable("the database is not reachable") from exc
        with self._lock:
            self._all.append(conn)
        return conn

    def connection(self) -> Conn:
        """This thread's connection, reopened if the server closed it or it broke mid-transaction."""
        conn: Conn | None = getattr(self._local, "conn", None)
        stale = getattr(self._local, "generation", None) != self._generation
        if conn is not None and (conn.closed or conn.broken or stale):
            self._forget(conn)
            conn = None
        if conn is None:
            generation = self._generation
            conn = self._open()
            self._local.conn, self._local.generation = conn, generation
        return conn

    def reconnect_all(self) -> None:
        """Every thread replaces its connection at its next use (called after the server restarted).

        A connection to a server that died looks healthy until it is used; without this, each thread's
        first request after a restart would fail on it. Each thread closes its own connection:
        psycopg connections are not closed under another thread's feet."""
        with self._lock:
            self._generation += 1

    def replace(self, conn: Conn) -> Conn:
        """A new connection for this thread in place of `conn`, found closed by the server (a restart,
        RDS Proxy's idle timeout): for a caller whose first statement ran outside a transaction."""
        self._forget(conn)
        return self.connection()

    def _forget(self, conn: Conn) -> None:
        with self._lock:
            if conn in self._all:
                self._all.remove(conn)
        if not conn.closed:
            conn.close()
        self._local.conn = None

    @contextmanager
    def system_transaction(self) -> Iterator[Conn]:
        """A transaction as the login role: migrations, the worker's claim, schedule fan-out."""
        conn = self.connection()
        try:
            with conn.transaction():
                yield conn
        except psycopg.OperationalError as exc:
            self._forget(conn)
            raise DatabaseUnavailable("the database connection was lost") from exc

    @contextmanager
    def user_transaction(self, user_id: str, *, memory_writes: bool = False) -> Iterator[Conn]:
        """A transaction confined by row-level security to `user_id` (created on first sight).

        `memory_writes`: the transaction will lock memory rows before it changes memories (a fact's
        execution), so it takes the user's memory-write lock first (`engram_lock_memory_writes`): the one
        every change of the user's memories takes anyway, taken later by a trigger. Taken first, two
        writers of one user wait for each other at the start instead of deadlocking in the middle."""
        check_user_id(user_id)
        conn = self._begun(user_id, memory_writes)
        try:
            try:
                yield conn
            except BaseException:
                if not conn.closed and not conn.broken:
                    conn.rollback()
                raise
            conn.commit()
        except (psycopg.errors.TransactionRollback, psycopg.errors.DeadlockDetected) as exc:
            # a deadlock or serialization failure: the transaction is gone, the connection is fine
            raise DatabaseUnavailable("the database could not complete this request; retry it") from exc
        except psycopg.OperationalError as exc:
            self._forget(conn)
            raise DatabaseUnavailable("the database connection was lost") from exc

    def _begun(self, user_id: str, memory_writes: bool) -> Conn:
        """This thread's connection with a user transaction begun on it.

        A connection the server closed meanwhile (a restart, RDS Proxy's idle timeout on a Lambda
        environment that slept) looks healthy until used. Nothing has run when BEGIN fails, so a fresh
        connection is tried once before the request is answered 503."""
        for attempt in (1, 2):
            conn = self.connection()
            try:
                # BEGIN travels in the same round trip as the scoping statements: a transaction opened by
                # `conn.transaction()` inside a pipeline would keep the whole transaction in pipeline mode.
                # Code inside may still use `conn.transaction()`: it becomes a savepoint.
                with conn.pipeline():
                    conn.execute("BEGIN")
                    conn.execute("SET LOCAL ROLE engram_app")
                    conn.execute("SELECT set_config('app.user_id', %s, true)", (user_id,))
                    conn.execute("INSERT INTO users (id) VALUES (%s) ON CONFLICT (id) DO NOTHING", (user_id,))
                    if memory_writes:
                        conn.execute("SELECT engram_lock_memory_writes()")
                return conn
            except psycopg.OperationalError as exc:
                lost = conn.closed or conn.broken
                self._forget(conn)
                if not lost or attempt == 2:
                    raise DatabaseUnavailable("the database connection was lost") from exc
            except BaseException:
                if not conn.closed and not conn.broken:
                    conn.rollback()
                raise
        raise AssertionError("unreachable")

    def close_thread_connection(self) -> None:
        """Close this thread's connection, if it opened one (a short-lived thread, e.g. a job's heartbeat,
        so its connection does not outlive it)."""
        conn: Conn | None = getattr(self._local, "conn", None)
        if conn is not None:
            self._forget(conn)

    def ping(self) -> bool:
        try:
            with self.system_transaction() as conn:
                conn.execute("SELECT 1")
            return True
        except (DatabaseUnavailable, psycopg.Error):
            return False

    def close(self) -> None:
        with self._lock:
            conns, self._all = self._all, []
        for conn in conns:
            if not conn.closed:
                conn.close()
        self._local = threading.local()


def execute_counting(conn: Conn, query: Any, params: Any = None) -> int:
    """Run a statement and return how many rows it changed.

    The write path runs its transaction pipelined, and a pipelined cursor learns its row count only
    when the pipeline syncs: `rowcount` reads -1 before. A nested pipeline block syncs when it ends;
    outside a pipeline it costs what a plain execute does. Repositories count rows only through this."""
    with conn.pipeline():
        cursor = conn.execute(query, params)
    return cursor.rowcount


def executemany_counting(conn: Conn, query: Any, params_seq: Any) -> int:
    """One statement run with many parameter sets; the rows all of them changed. psycopg sends them in a
    pipeline of its own and sums the counts, which it cannot do inside the caller's pipeline: not for
    the write path's pipelined transaction."""
    with conn.cursor() as cursor:
        cursor.executemany(query, params_seq)
        return max(cursor.rowcount, 0)


def check_user_id(user_id: str) -> None:
    if not isinstance(user_id, str) or not user_id or len(user_id) > MAX_USER_ID_LENGTH:
        raise ValidationFailed("user id must be 1-128 characters", field="user_id")


@lru_cache(maxsize=1)
def get_database() -> Database:
    """The process-wide database, resolved from settings when first used."""
    return Database(resolve_conninfo)


def reset_database() -> None:
    if get_database.cache_info().currsize:
        get_database().close()
    get_database.cache_clear()
