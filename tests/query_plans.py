"""Reading the plan the planner chooses for search's hybrid statement, through search's own code path."""

from __future__ import annotations

from typing import Any


class ExplainingConnection:
    """Forwards to the connection, but EXPLAINs the hybrid statement instead of running it.

    Search is run unchanged against this stand-in connection, so the plan read is the one the
    real statement with the real parameters gets; the statement itself returns no rows.
    """

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.plan: list[str] = []

    def execute(self, sql: str, params: Any = None) -> Any:
        if sql.lstrip().startswith("WITH"):
            cursor = self.conn.execute("EXPLAIN " + sql, params)
            self.plan = [r["QUERY PLAN"] for r in cursor.fetchall()]
            return self.conn.execute("SELECT 1 WHERE false")
        return self.conn.execute(sql, params)
