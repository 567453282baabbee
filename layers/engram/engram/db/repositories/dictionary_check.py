"""The per-user search dictionaries recomputed from the memories, compared with the stored ones.

The triggers of `memories` keep `memory_names` and `memory_terms` exact in the transaction that changes
a memory; this is the independent recomputation a consistency check compares them with.
"""

from __future__ import annotations

from typing import Any

from engram.db.connection import Conn


def dictionary_differences(conn: Conn, user_id: str) -> dict[str, list[Any]]:
    """Rows the stored dictionaries hold that the memories do not give (`extra_*`) and the reverse
    (`missing_*`); all four empty when they agree."""
    names = """SELECT DISTINCT lower(name) AS name FROM memories
               WHERE user_id = %(uid)s AND name IS NOT NULL"""
    stored_names = "SELECT name FROM memory_names WHERE user_id = %(uid)s"
    terms = """SELECT l.lexeme, count(*)::int AS df
               FROM memories m CROSS JOIN LATERAL unnest(tsvector_to_array(m.tsv)) AS l(lexeme)
               WHERE m.user_id = %(uid)s AND m.status = 'active' GROUP BY l.lexeme"""
    stored_terms = "SELECT lexeme, df FROM memory_terms WHERE user_id = %(uid)s"
    params = {"uid": user_id}

    def rows(query: str) -> list[Any]:
        return [tuple(r.values()) for r in conn.execute(query, params).fetchall()]

    return {
        "extra_names": rows(f"{stored_names} EXCEPT {names}"),
        "missing_names": rows(f"{names} EXCEPT {stored_names}"),
        "extra_terms": rows(f"{stored_terms} EXCEPT {terms}"),
        "missing_terms": rows(f"{terms} EXCEPT {stored_terms}"),
    }
