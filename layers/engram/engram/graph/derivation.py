"""Relationship edges as a function of the memories: one rule, used by the write path for the edges a
change touches and by a full rebuild for all of them, so the two cannot disagree.

Each memory carries the edges its fact states (its *claims*: "Me works_at Linear", ends resolved to
nodes when it was written). A claim holds while its memory does: from when the memory's statement
became true (`since`) until the memory was superseded or archived (`until`, open while it is active).
From the claims alone:

- an ending claim ("left Stripe", "we broke up") closes the matching edge of its subject at its time;
- in an exclusive group (one employer, one home, one partner at a time) an edge closes when a later
  one of the same subject begins ("joined Linear" closes "works at Figma"); partner ties are mutual,
  so either partner's new tie closes it;
- what remains per (from, to, type) is merged into edges where the spans overlap: a `valid_from` /
  `valid_to`, the memories that are its evidence, a strength that grows with each statement (each
  closes a fifth of the gap to 1; a reinforced memory counts once per time it was said), and the
  newest evidence's attitude, proximity and text as its description.

A forgotten memory has no claims (they go with it), so nothing it said survives as an edge.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from engram.graph.edges import CO_MENTION_TYPES, EXCLUSIVE_GROUPS, SYMMETRIC_TYPES

STRENGTH_STEP = 0.2  # each further piece of evidence closes a fifth of the gap to 1
MAX_EVIDENCE = 50  # the latest memories an edge lists as its evidence (the count keeps growing)
DESCRIPTION_CHARS = 300


@dataclass(frozen=True)
class Claim:
    """One edge a memory states, with what the derivation needs of the memory itself."""

    claim_id: int
    memory_id: UUID
    from_id: UUID
    to_id: UUID
    kind: str
    relationship_type: str
    ends: bool
    strength: float
    attitude: int | None
    proximity: int | None
    describes: bool
    since: datetime
    until: datetime | None
    content: str
    mentions: int = 1  # how often the memory was stated (a reinforcement strengthens its edges)
    superseded_by: UUID | None = None  # the memory that replaced this one, if any

    @property
    def pair(self) -> tuple[UUID, UUID]:
        """The edge's ends; a mutual tie is the same edge whichever partner said it."""
        if self.relationship_type in SYMMETRIC_TYPES:
            first, second = sorted((self.from_id, self.to_id), key=str)
            return first, second
        return self.from_id, self.to_id

    @property
    def group(self) -> tuple[str, ...]:
        return EXCLUSIVE_GROUPS.get(self.relationship_type, (self.relationship_type,))

    @property
    def order(self) -> tuple[datetime, int]:
        return self.since, self.claim_id


@dataclass(frozen=True)
class DerivedEdge:
    from_id: UUID
    to_id: UUID
    kind: str
    relationship_type: str
    valid_from: datetime
    valid_to: datetime | None
    evidence: tuple[UUID, ...]
    evidence_count: int
    strength: float
    attitude: int | None
    proximity: int | None
    description: str | None

    @property
    def started_at(self) -> datetime | None:
        return None if self.relationship_type in CO_MENTION_TYPES else self.valid_from


@dataclass
class _Span:
    claim: Claim
    start: datetime
    end: datetime | None


def derive_edges(claims: Iterable[Claim]) -> list[DerivedEdge]:
    """Every edge the claims make, history included, in a stable order."""
    openings: list[_Span] = []
    endings: list[Claim] = []
    for claim in claims:
        if claim.ends:
            endings.append(claim)
        else:
            # being named together stays true when the memory that said it is retired
            lasting = claim.until is None or claim.relationship_type in CO_MENTION_TYPES
            end = None if lasting or claim.until is None else max(claim.since, claim.until)
            openings.append(_Span(claim, claim.since, end))
    _close_exclusive(openings)
    _apply_endings(openings, endings)
    by_edge: dict[tuple[UUID, UUID, str], list[_Span]] = defaultdict(list)
    for span in openings:
        by_edge[(*span.claim.pair, span.claim.relationship_type)].append(span)
    edges = [edge for key in sorted(by_edge, key=str) for edge in _merge(by_edge[key])]
    return edges


def _subjects(claim: Claim) -> tuple[UUID, ...]:
    """Whose one-at-a-time slot the claim fills: its subject's, or both partners' for a mutual tie."""
    return claim.pair if claim.relationship_type in SYMMETRIC_TYPES else (claim.from_id,)


def _close_exclusive(spans: list[_Span]) -> None:
    """A span ends where a later span of the same subject and group, to another end or of another type,
    begins (the newest employer is the current one)."""
    slots: dict[tuple[UUID, tuple[str, ...]], list[_Span]] = defaultdict(list)
    for span in spans:
        if span.claim.relationship_type in EXCLUSIVE_GROUPS:
            for subject in _subjects(span.claim):
                slots[(subject, span.claim.group)].append(span)
    for slot in slots.values():
        slot.sort(key=lambda s: s.claim.order)
        for i, span in enumerate(slot):
            key = (span.claim.pair, span.claim.relationship_type)
            later = next(
                (
                    o
                    for o in slot[i + 1 :]
                    if (o.claim.pair, o.claim.relationship_type) != key
                    # what this memory replaced never closes it, however its dates fall (an import
                    # recorded today, superseded by a note dated last month)
                    and o.claim.superseded_by != span.claim.memory_id
                ),
                None,
            )
            if later is not None and (span.end is None or later.start < span.end):
                span.end = max(span.start, later.start)


def _apply_endings(spans: list[_Span], endings: list[Claim]) -> None:
    """An ending closes the spans of the same ends (any type of its group) that began by its time."""
    by_pair: dict[tuple[UUID, UUID], list[Claim]] = defaultdict(list)
    for ending in endings:
        by_pair[ending.pair].append(ending)
    for span in spans:
        for ending in by_pair.get(span.claim.pair, ()):
            if span.claim.relationship_type not in ending.group or ending.since < span.start:
                continue
            if span.end is None or ending.since < span.end:
                span.end = ending.since


def _merge(spans: list[_Span]) -> list[DerivedEdge]:
    """Overlapping spans of one (from, to, type) are one edge; a gap between them makes two."""
    spans.sort(key=lambda s: (s.start, s.claim.claim_id))
    runs: list[list[_Span]] = []
    run_end: datetime | None = None
    for span in spans:
        if runs and (run_end is None or span.start <= run_end):
            runs[-1].append(span)
            run_end = None if run_end is None or span.end is None else max(run_end, span.end)
        else:
            runs.append([span])
            run_end = span.end
    return [_edge(run) for run in runs]


def _edge(run: list[_Span]) -> DerivedEdge:
    claims = sorted((s.claim for s in run), key=lambda c: c.order)
    newest = claims[-1]
    memories = list(dict.fromkeys(c.memory_id for c in claims))
    ends = [s.end for s in run]
    strength = max(c.strength for c in claims)
    statements = sum({c.memory_id: max(1, c.mentions) for c in claims}.values())
    for _ in range(min(statements, 60) - 1):  # past 60 the strength no longer moves at 4 decimals
        strength += STRENGTH_STEP * (1 - strength)
    described = [c for c in claims if c.describes]
    first, second = claims[0].from_id, claims[0].to_id  # a mutual tie is stored as it was first said
    return DerivedEdge(
        from_id=first,
        to_id=second,
        kind=newest.kind,
        relationship_type=newest.relationship_type,
        valid_from=min(s.start for s in run),
        valid_to=None if any(e is None for e in ends) else max(e for e in ends if e is not None),
        evidence=tuple(memories[-MAX_EVIDENCE:]),
        evidence_count=len(memories),
        strength=round(min(1.0, strength), 6),
        attitude=next((c.attitude for c in reversed(claims) if c.attitude is not None), None),
        proximity=next((c.proximity for c in reversed(claims) if c.proximity is not None), None),
        description=described[-1].content[:DESCRIPTION_CHARS] if described else None,
    )
