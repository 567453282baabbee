"""Questions about someone named by a path through others ("what does my sister's husband do?") asked
about that person by name, found in the user's graph: the user's sister, then her partner.

The graph holds who is whose partner, child or sibling as the user told it ("Leila got engaged to
Saoirse"); the memories that answer the question name the person ("Saoirse got the job at the gallery")
and hold none of the path's words. Searching by the name lets every signal that reads names (full text,
the name and entity signals, whose question it is) find them. When the graph does not hold the whole path
the question is searched as it was asked. The user's own partner asked about ("what does my boyfriend do
for a living?") is a path of one step, read with the name said with the tie ("my boyfriend Ben"): memories
say both ("Ben is a carpenter", "Ben is my partner").
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories.kin import people_tied
from engram.language.question_kin import KinPath, Step, asks_whom, kin_path, own_partner

# A path said in the singular may still lead to a few people (two sisters, each married): the question
# is read with the names of the most strongly tied, at most this many.
MAX_NAMES = 3


def with_kin_named(conn: Conn, user_id: str, query: str) -> str:
    """`query` with its path through others replaced by the names it leads to ("who is Tom?" when only
    who that is is asked), the user's own partner named with the tie ("my husband Alwyn"), or as it was."""
    path = kin_path(query) or own_partner(query)
    if path is None:
        return query
    people = _people_on(conn, user_id, path)
    if not people:
        return query
    names = " and ".join(str(p["name"]) for p in people[:MAX_NAMES])
    if asks_whom(query, path):  # "what is my brother-in-law's name?": the memories that say who he is
        return f"who is {names}?"
    if path.said_with_name:  # "what is my husband's hobby?" as "what is my husband Alwyn's hobby?"
        return query[: path.end] + " " + names + query[path.end :]
    return query[: path.start] + names + query[path.end :]


def _people_on(conn: Conn, user_id: str, path: KinPath) -> list[dict[str, Any]]:
    """The people at the end of the first of `path`'s ways the graph holds whole."""
    if path.own:  # the user told the tie by its own word: "my son-in-law Jonas"
        direct = people_tied(conn, user_id, None, path.own, ())
        if direct:
            return direct
    for steps in path.paths:
        found = _walk(conn, user_id, steps)
        if found:
            return found
    return []


def _walk(conn: Conn, user_id: str, steps: tuple[Step, ...]) -> list[dict[str, Any]]:
    ids: list[UUID] | None = None  # the user's own node
    rows: list[dict[str, Any]] = []
    for step in steps:
        rows = people_tied(conn, user_id, ids, step.forward, step.backward)
        if not rows:
            return []
        ids = [row["id"] for row in rows]
    return rows
