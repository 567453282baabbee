"""The nodes a note's mentions may refer to, read for all of its facts at once.

Resolving a mention ("Sarah", a person) starts from the user's nodes of that kind with a like name
(`resolution_candidates`); a note names a handful of people and things, several of them in more than one
fact. The candidates of every name the note mentions are read in one statement, and a name's are read
again only when the note changed what they show: a node among them was resolved (its relationship, its
last mention and its counters change), a node was created or took a new spelling (any name may find it
now), or the candidates were cut at the limit (another node's new count may reorder which make it).
"""

from __future__ import annotations

from collections.abc import Iterable
from uuid import UUID

from engram.db.connection import Conn
from engram.db.repositories import entity_resolution as resolution_repo

LIMIT = 10  # `resolution_candidates`' limit

Name = tuple[str, str]  # (canonical name, kind)


class NoteEntities:
    """Candidates of the note's names (module docstring), current with what the note's facts wrote."""

    def __init__(self, conn: Conn, user_id: str, names: Iterable[Name]):
        self._conn, self._user_id = conn, user_id
        self._unread = list(dict.fromkeys(n for n in names if n[0]))  # a name of punctuation names nothing
        self._read: dict[Name, list[dict]] = {}

    def candidates(self, canonical: str, kind: str) -> list[dict]:
        name = (canonical, kind)
        if name not in self._read:
            names = [name, *(n for n in self._unread if n != name)]
            found = resolution_repo.resolution_candidates_many(self._conn, self._user_id, names, LIMIT)
            self._read |= dict(zip(names, found, strict=True))
            self._unread = []
        return self._read[name]

    def resolved(self, canonical: str, kind: str, entity_id: UUID) -> None:
        """The name was resolved to `entity_id` (an existing node touched, or a new one)."""
        node = next((c for c in self._read.get((canonical, kind), []) if c["id"] == entity_id), None)
        if node is None or (canonical != node["canonical_name"] and canonical not in (node["aliases"] or [])):
            self.forget()  # a new node, or a new spelling of one
        else:
            self.written([entity_id])

    def written(self, entity_ids: Iterable[UUID]) -> None:
        """These nodes changed: the names that found them, or were cut at the limit, are read again."""
        changed = set(entity_ids)
        self._read = {
            name: found
            for name, found in self._read.items()
            if len(found) < LIMIT and not changed.intersection(c["id"] for c in found)
        }

    def forget(self) -> None:
        """Anything may have changed (a node created or renamed elsewhere): every name is read again."""
        self._read = {}
