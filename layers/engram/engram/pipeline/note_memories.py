"""What a note's facts see of the user's memories while they are applied in one transaction.

Each fact of a note is decided on the memories as the facts before it left them (`apply_facts_together`).
Asking the database for every fact costs a round trip each: its similar memories, then the memory its
operation changes. Instead the similar memories of all the facts still to apply are read in one statement
(`find_similar_many`, with what changing a memory needs: whether this note already counted it, whether
it states edges), and kept current with the note's own writes where this view knows them exactly:

- a reinforcement changes only values computed here (confidence, mentions, evidence, provenance, when it
  was last reinforced), never which memories a later fact finds nor how similar they are: the view takes
  the computed row in place of the stored one;
- a NOOP writes no memory;
- a new memory changes no other memory; how it stands to each later fact is asked of the database
  (`compare_memory`: one small statement, however many facts are left). Less similar than all the fact
  found, it is not among its nearest; then it joins what the fact found if it shares the fact's scope
  and fewer than k other memories do, and otherwise changes nothing. Where it may be among the fact's
  nearest (as similar as one found, or the nearest were not chosen among all the user's memories), or
  holds a tie the fact asks about, that fact's search is run again;
- any other operation (a memory updated, superseded, archived or deleted, a forget request, a name
  correction) may change what the later facts find: the view forgets what it read, and the facts left
  are read again, together, when the next one is decided.

How many facts one statement reads: all of them at first; after a change made facts read in advance be
read again, one, then twice as many with each read that no change spoiled. A note of new things (each
fact a new memory the next ones may find) then costs one read a fact, as reading each fact alone
would, instead of reading the facts left again after every one of them.

Rows are read after the transaction took the user's memory-write lock (`user_transaction(...,
memory_writes=True)`), which every change of the user's memories takes: nothing else changes them
until the note commits, so a row read here is the row a later read would return.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from engram.config import get_settings
from engram.db.connection import Conn
from engram.db.repositories import memories as memory_repo
from engram.db.repositories import similar_batch
from engram.graph.edges import edges_for_fact
from engram.language.text import ONE_HOLDER_TIES, same_place_ties
from engram.models import CandidateFact, SimilarMemory
from engram.pipeline.note_entities import Name, NoteEntities

if TYPE_CHECKING:
    import numpy as np

K = 10  # the nearest memories a fact is offered (`find_similar`'s k)
# Operations whose writes the view follows (module docstring); any other one makes it read again.
_FOLLOWED = frozenset({"REINFORCE", "NOOP", "ADD"})
_FLAGS = ("similarity", "counted_by_source", "has_claims")


def holder_ties(fact: CandidateFact) -> list[str]:
    """The one-person ties whose current holders are offered to the decision on `fact`: "Dr. Whitlock is my
    new supervisor" is decided knowing who the supervisor was."""
    tie = (fact.value or "").lower() if fact.attribute == "relation" else ""
    return sorted(same_place_ties(tie)) if tie in ONE_HOLDER_TIES else []


def similar_probe(fact: CandidateFact, fact_hash: str, embedding: np.ndarray) -> similar_batch.SimilarProbe:
    return similar_batch.SimilarProbe(
        embedding=embedding,
        subject=fact.subject,
        attribute=fact.attribute,
        name=fact.name if fact.memory_type == "entity" else None,
        content_hash=fact_hash,
        ties=holder_ties(fact),
    )


@dataclass(frozen=True)
class _Found:
    """One memory a fact found, and how similar (None for a tie holder found as such)."""

    id: UUID
    similarity: float | None


class NoteMemories:
    """The note's view of the user's memories (module docstring), fact by fact, in order."""

    def __init__(
        self,
        conn: Conn,
        user_id: str,
        source_id: UUID | None,
        probes: Sequence[similar_batch.SimilarProbe],
        names: Iterable[Name],
    ):
        """`probes`: what each fact looks for; `names`: the names its mentions resolve (`NoteEntities`)."""
        self._conn, self._user_id, self._source_id = conn, user_id, source_id
        self.entities = NoteEntities(conn, user_id, names)
        self._probes = list(probes)
        self._found: dict[int, list[_Found]] = {}  # what each fact not yet applied finds
        self._window, self._spoiled = len(self._probes), False  # how many facts a read covers
        self._rows: dict[UUID, dict[str, Any]] = {}  # every memory found, as it is now
        self._added: list[tuple[int, UUID]] = []  # memories the note added, not yet compared

    def similar(self, index: int) -> list[SimilarMemory]:
        """What fact `index` finds, as the facts before it left the memories: the similar ones, most similar
        first, then the tie holders that are not among them."""
        for after, memory_id in self._added:
            self._join(after, memory_id)
        self._added = []
        if index not in self._found:
            self._window = 1 if self._spoiled else min(2 * self._window, len(self._probes))
            self._spoiled = False
            self._read([i for i in range(index, len(self._probes)) if i not in self._found][: self._window])
        found = self._found[index]
        similar = [self._offer(f) for f in found if f.similarity is not None]
        known = {f.id for f in found if f.similarity is not None}
        return [*similar, *(self._offer(f) for f in found if f.similarity is None and f.id not in known)]

    def target(self, memory_id: UUID) -> tuple[dict[str, Any], bool] | None:
        """The row of a memory offered to the current fact, and whether this note already counted a
        mention of it (`memory_to_change`); None for a memory the view did not read."""
        row = self._rows.get(memory_id)
        if row is None:
            return None
        return {k: v for k, v in row.items() if k not in _FLAGS}, row["counted_by_source"]

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
        self._found.pop(index, None)
        if operation not in _FOLLOWED or fact.forget or renamed or (written is None and operation != "NOOP"):
            self._spoiled = self._spoiled or any(i > index for i in self._found)
            self._found, self._rows, self._added = {}, {}, []
            self.entities.forget()
            return
        if written is None:
            return  # a NOOP
        before = self._rows.get(written["id"], {"counted_by_source": False, "has_claims": False})
        self._rows[written["id"]] = {
            **written,
            # an operation of the note's source now names the memory, or the source added it
            "counted_by_source": before["counted_by_source"] or self._source_id is not None,
            "has_claims": before["has_claims"] or bool(edges_for_fact(fact)),
        }
        if operation == "ADD":
            self._added.append((index, written["id"]))

    def _offer(self, found: _Found) -> SimilarMemory:
        return memory_repo.to_similar(self._rows[found.id] | {"similarity": found.similarity})

    def _read(self, indices: list[int]) -> None:
        """Read what these facts find, in one statement."""
        found = similar_batch.find_similar_many(
            self._conn,
            self._user_id,
            [self._probes[i] for i in indices],
            source_id=self._source_id,
            k=K,
            hnsw_ef_search=get_settings().vector_index_ef_search,
        )
        for index, rows in zip(indices, found, strict=True):
            self._found[index] = [_Found(r["id"], r["similarity"]) for r in rows]
            for row in rows:
                self._rows[row["id"]] = row

    def _join(self, after: int, memory_id: UUID) -> None:
        """The memory added by fact `after` joins what the facts after it found, or has them search again."""
        later = sorted(i for i in self._found if i > after)
        if not later:
            return
        standing, nearest_known = similar_batch.compare_memory(
            self._conn, self._user_id, memory_id, [self._probes[i] for i in later], k=K
        )
        for index, stand in zip(later, standing, strict=True):
            joined = _joined(self._found[index], memory_id, stand, nearest_known=nearest_known)
            if joined is None:
                del self._found[index]
                self._spoiled = True
            else:
                self._found[index] = joined


def _joined(
    found: list[_Found], memory_id: UUID, stand: dict[str, Any], *, nearest_known: bool
) -> list[_Found] | None:
    """What a fact finds once `memory_id` exists (`stand`: how it stands to the fact), or None when only
    its search can say (module docstring)."""
    similar = [f.similarity for f in found if f.similarity is not None]
    similarity = stand["similarity"]
    # Less similar than every memory found, it is not among the k nearest (all of them were found).
    if stand["holds"] or not nearest_known or not similar or similarity >= min(similar):
        return None
    if not stand["shares"]:
        return found
    if stand["sharing"] >= K:
        return None  # which k of those sharing the fact's scope is the database's to say
    place = next((n for n, s in enumerate(similar) if s < similarity), len(similar))
    return [*found[:place], _Found(memory_id, similarity), *found[place:]]
