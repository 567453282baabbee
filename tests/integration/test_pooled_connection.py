"""One server connection serving many users, as behind RDS Proxy: nothing of one user's request outlives
its transaction.

A Lambda execution environment keeps one connection across invocations, and RDS Proxy (transaction
pooling) hands one server connection to the transactions of many environments in turn: either way the
same PostgreSQL session runs user A's transaction, then user B's. Here the handlers of two functions
serve A and B alternately over the process's one connection (same backend pid throughout), and after
each transaction - committed, failed in SQL or failed in Python - the session holds no user, no role and
no setting of its own.
"""

from __future__ import annotations

import copy
import json

import psycopg
import pytest

from tests.integration.test_handlers import event, load_handler
from tests.lambda_context import FakeLambdaContext
from tests.memory_factory import add_memories


@pytest.fixture(autouse=True)
def lambda_environment(monkeypatch, db):
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "engram-test")
    monkeypatch.setenv("POWERTOOLS_TRACE_DISABLED", "true")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "EngramTest")


@pytest.fixture(scope="module")
def handlers():
    return {name: load_handler(name).lambda_handler for name in ("memories", "search")}


def as_user(name: str, user_id: str) -> dict:
    payload = copy.deepcopy(event(name))
    payload["requestContext"]["authorizer"]["jwt"]["claims"]["sub"] = user_id
    return payload


def session_state(conn) -> dict:
    """What the session carries between transactions (outside any transaction)."""
    assert conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
    return conn.execute(
        """SELECT pg_backend_pid() AS pid,
                  coalesce(current_setting('app.user_id', true), '') AS app_user,
                  current_user = session_user AS own_role,
                  (SELECT count(*) FROM pg_settings WHERE source = 'session') AS session_settings,
                  (SELECT count(*) FROM pg_prepared_statements) AS prepared"""
    ).fetchone()


def assert_clean(conn, pid: int) -> None:
    assert session_state(conn) == {
        "pid": pid,
        "app_user": "",
        "own_role": True,
        "session_settings": 0,
        "prepared": 0,
    }


def listed_contents(handlers, user_id: str) -> set[str]:
    response = handlers["memories"](as_user("memories_list.json", user_id), FakeLambdaContext())
    assert response["statusCode"] == 200, response["body"]
    return {memory["content"] for memory in json.loads(response["body"])["items"]}


def test_two_users_alternating_over_one_connection_see_only_their_own(db, handlers, user_id, other_user_id):
    add_memories(db, user_id, "Alex works at the lighthouse")
    add_memories(db, other_user_id, "Sam keeps bees on the roof")
    conn = db.connection()
    pid = session_state(conn)["pid"]

    for _ in range(2):
        assert listed_contents(handlers, user_id) == {"Alex works at the lighthouse"}
        assert_clean(conn, pid)
        assert listed_contents(handlers, other_user_id) == {"Sam keeps bees on the roof"}
        assert_clean(conn, pid)
        # the read path sets its own planner and index settings, transaction-local
        for user in (user_id, other_user_id):
            response = handlers["search"](as_user("search_post.json", user), FakeLambdaContext())
            assert response["statusCode"] == 200, response["body"]
            assert_clean(conn, pid)
    assert db.connection() is conn


def test_a_transaction_that_fails_leaves_no_user_behind(db, user_id, other_user_id):
    add_memories(db, user_id, "Alex's door code is 4411")
    conn = db.connection()
    pid = session_state(conn)["pid"]

    with pytest.raises(psycopg.errors.DivisionByZero), db.user_transaction(user_id) as tx:
        tx.execute("SELECT 1 / 0")
    assert_clean(conn, pid)

    with pytest.raises(RuntimeError), db.user_transaction(user_id) as tx:
        assert tx.execute("SELECT count(*) AS n FROM memories").fetchone() == {"n": 1}
        raise RuntimeError("the handler failed halfway")
    assert_clean(conn, pid)

    # The next transaction on the same session is the other user's: row-level security shows none of
    # the first user's rows even to a query without its own `WHERE user_id`.
    with db.user_transaction(other_user_id) as tx:
        seen = tx.execute(
            "SELECT current_setting('app.user_id', true) AS app_user, current_user AS role,"
            " (SELECT count(*) FROM memories) AS memories, (SELECT count(*) FROM users) AS users"
        ).fetchone()
    assert seen == {"app_user": other_user_id, "role": "engram_app", "memories": 0, "users": 1}
    assert_clean(conn, pid)
