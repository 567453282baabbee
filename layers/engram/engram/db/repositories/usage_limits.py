"""request_counts and model_token_usage: the per-user request windows and the daily model-token ledger.

Both are written as the login role (`Database.system_transaction()`), like the worker's claim: the gate
counts a request before any user transaction exists, and a model call's tokens are added for the user
the call was made for. Every statement still names its user.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from engram.db.connection import Conn

ROUTE_CLASSES = ("read", "write", "admin")


@dataclass(frozen=True)
class RequestCount:
    """The caller's requests in the current window of a route class (this one included), when that
    window ends, and the model tokens the caller spent today (0 unless asked for)."""

    requests: int
    window_ends: datetime
    tokens_today: int
    now: datetime


def count_request(
    conn: Conn, user_id: str, route_class: str, window_seconds: int, *, with_tokens: bool
) -> RequestCount:
    """Count one request of `route_class` in the fixed window of `window_seconds` it falls in.

    One statement: the user's row is created on first sight (the counter references it), a new window
    restarts the count at 1, the current one adds 1; today's tokens come along when `with_tokens`. The
    row lock serialises only this user's concurrent requests of this class.
    """
    row = conn.execute(
        """
        WITH clock AS (
            SELECT now() AS now,
                   to_timestamp(floor(extract(epoch FROM now()) / %(w)s) * %(w)s) AS window_start
        ),
        known AS (INSERT INTO users (id) VALUES (%(uid)s) ON CONFLICT (id) DO NOTHING)
        INSERT INTO request_counts AS c (caller, route_class, window_start, requests)
        SELECT %(uid)s, %(cls)s, clock.window_start, 1 FROM clock
        ON CONFLICT (caller, route_class) DO UPDATE
        SET requests = CASE WHEN c.window_start = excluded.window_start THEN c.requests + 1 ELSE 1 END,
            window_start = excluded.window_start
        RETURNING c.requests,
                  c.window_start + make_interval(secs => %(w)s) AS window_ends,
                  (SELECT now FROM clock) AS now,
                  CASE WHEN %(tokens)s THEN (
                      SELECT u.input_tokens + u.output_tokens FROM model_token_usage u
                      WHERE u.user_id = %(uid)s AND u.day = (now() AT TIME ZONE 'UTC')::date)
                  END AS tokens_today
        """,
        {"uid": user_id, "cls": route_class, "w": window_seconds, "tokens": with_tokens},
    ).fetchone()
    assert row is not None
    return RequestCount(row["requests"], row["window_ends"], int(row["tokens_today"] or 0), row["now"])


@dataclass(frozen=True)
class TokensToday:
    """The model tokens a user spent in the current UTC day, by the database's clock."""

    tokens: int
    now: datetime


def tokens_today(conn: Conn, user_id: str) -> TokensToday:
    row = conn.execute(
        """
        SELECT coalesce((SELECT input_tokens + output_tokens FROM model_token_usage
                         WHERE user_id = %s AND day = (now() AT TIME ZONE 'UTC')::date), 0) AS tokens,
               now() AS now
        """,
        (user_id,),
    ).fetchone()
    assert row is not None
    return TokensToday(int(row["tokens"]), row["now"])


def add_tokens(conn: Conn, user_id: str, input_tokens: int, output_tokens: int) -> None:
    """Add one model call's tokens to the user's row of the current UTC day."""
    conn.execute(
        """
        WITH known AS (INSERT INTO users (id) VALUES (%(uid)s) ON CONFLICT (id) DO NOTHING)
        INSERT INTO model_token_usage AS u (user_id, day, input_tokens, output_tokens, calls)
        VALUES (%(uid)s, (now() AT TIME ZONE 'UTC')::date, %(inp)s, %(out)s, 1)
        ON CONFLICT (user_id, day) DO UPDATE
        SET input_tokens = u.input_tokens + excluded.input_tokens,
            output_tokens = u.output_tokens + excluded.output_tokens,
            calls = u.calls + 1
        """,
        {"uid": user_id, "inp": max(input_tokens, 0), "out": max(output_tokens, 0)},
    )
