"""What a note's facts see of the user's memories while they are applied in one transaction.

Each fact of a note is decided on the memories as the facts before it left them (`apply_facts_together`).
Asking the database for every fact costs a round trip each: its similar memories, then the memory its
operation changes. Instead the similar memories of all the facts still to apply are read in one statement
(`find_similar_many`, with what changing a memory needs: whether this note already counted it, whether
it states edges), and kept current with the note's own writes where this view knows them exactly:

- a reinforcement changes only values computed here (confidence, mentions, evidence, provenance, when it
  was last reinforced), never which memories a later fact finds nor how similar they are, so the view
  takes the computed row in place of the stored one;
- a NOOP writes no memory;
- any other operation (a memory added, updated, superseded, archived or deleted, a forget request, a name
  correction) may change what the later facts find, so the view forgets what it read and the facts left
  are read again, together, when the next one is decided.

Rows are read after the transaction took the user's memory-write lock (`user_transaction(...,
memory_writes=True)`), which every change of the user's memories takes: nothing else changes them
until the note commits, so a row read here is the row a later read would return.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

import numpy as np

from engram.db.connection import Conn
from engram.db.repositories import memories as memory_repo
from engram.graph.edges import edges_for_fact
from engram.language.text import ONE_HOLDER_TIES, same_place_ties
from engram.models import CandidateFact, SimilarMemory

# Operations whose writes the view follows (module docstring); any other one makes it read again.
_FOLLOWED = frozenset({"REINFORCE", "NOOP"})


def holder_ties(fact: CandidateFact) -> list[str]:
    """The one-person ties whose current holders are offered to the decision on `fact`: "Dr. Whitlock is my
    new supervisor" is decided knowing who the supervisor was."""
    tie = (fact.value or "").lower() if fact.attribute == "relation" else ""
    return sorted(same_place_ties(tie)) if tie in ONE_HOLDER_TIES else []


def similar_probe(fact: CandidateFact, fact_hash: str, embedding: np.ndarray) -> memory_repo.SimilarProbe:
    return memory_repo.SimilarProbe(
        embedding=embedding,
        subject=fact.subject,
        attribute=fact.attribute,
        name=fact.name if fact.memory_type == "entity" else None,
        content_hash=fact_hash,
        ties=holder_ties(fact),
    )


def offered(rows: Sequence[dict[str, Any]]) -> list[SimilarMemory]:
    """The memories offered to a fact's decision, from `find_similar_many`'s rows for it: the similar ones,
    then the tie holders that are not among them."""
    similar = [memory_repo.to_similar(r) for r in rows if r["similarity"] is not None]
    known = {m.id for m in similar}
    holders = [memory_repo.to_similar(r) for r in rows if r["similarity"] is None]
    return [*similar, *(m for m in holders if m.id not in known)]


class NoteMemories:
    """The note's view of the user's memories (module docstring), fact by fact, in order."""

    def __init__(
        self,
        conn: Conn,
        user_id: str,
        source_id: UUID | None,
        probes: Sequence[memory_repo.SimilarProbe],
    ):
        self._conn, self._user_id, self._source_id = conn, user_id, source_id
        self._probes = list(probes)
        self._similar: dict[int, list[SimilarMemory]] = {}
        self._rows: dict[UUID, dict[str, Any]] = {}

    def similar(self, index: int) -> list[SimilarMemory]:
        """What fact `index` finds, as the facts before it left the memories."""
        if index not in self._similar:
            self._read_from(index)
        return self._similar[index]

    def target(self, memory_id: UUID) -> tuple[dict[str, Any], bool] | None:
        """The row of a memory offered to the current fact, and whether this note already counted a
        mention of it (`memory_to_change`); None for a memory the view did not read."""
        row = self._rows.get(memory_id)
        if row is None:
            return None
        memory = {k: v for k, v in row.items() if k not in ("counted_by_source", "has_claims", "similarity")}
        return memory, row["counted_by_source"]

    def has_claims(self, memory_id: UUID) -> bool:
        """Whether the memory may state edges (True when the view does not know)."""
        row = self._rows.get(memory_id)
        return row is None or row["has_claims"]

    def applied(
        self,
        index: int,
        fact: CandidateFact,
        operation: str,
        written: dict[str, Any] | None,
        *,
        renamed: bool,
    ) -> None:
        """Fact `index` was executed: take in what it wrote, or forget what was read (module docstring)."""
        if operation not in _FOLLOWED or fact.forget or renamed:
            self._similar = {i: s for i, s in self._similar.items() if i <= index}
            self._rows = {}
            return
        if written is None:
            return  # a NOOP
        before = self._rows[written["id"]]
        row = {
            **written,
            "similarity": None,
            # an operation of the note's source now names the memory (`memory_to_change`)
            "counted_by_source": before["counted_by_source"] or self._source_id is not None,
            "has_claims": before["has_claims"] or bool(edges_for_fact(fact)),
        }
        self._rows[written["id"]] = row
        for later, similar in self._similar.items():
            if later > index:
                self._similar[later] = [
                    memory_repo.to_similar(row | {"similarity": m.similarity}) if m.id == row["id"] else m
                    for m in similar
                ]

    def _read_from(self, index: int) -> None:
        """Read what every fact from `index` on finds, in one statement."""
        found = memory_repo.find_similar_many(
            self._conn, self._user_id, self._probes[index:], source_id=self._source_id
        )
        for offset, rows in enumerate(found):
            self._similar[index + offset] = offered(rows)
            for row in rows:
                self._rows[row["id"]] = row
