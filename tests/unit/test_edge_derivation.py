"""The rule that turns memories' claims into edges: closings, endings, merges, and no dependence on the
order the claims are read in (the write path reads a few, a rebuild reads them all)."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, datetime

from engram.graph.derivation import Claim, derive_edges

ME, FIGMA, LINEAR, SARAH, DAN, ALEX = (uuid.uuid4() for _ in range(6))
_ids = itertools.count(1)


def _at(month: int) -> datetime:
    return datetime(2026, month, 1, tzinfo=UTC)


def claim(src, dst, rtype, since, *, until=None, ends=False, memory=None, kind="engages_with") -> Claim:
    return Claim(
        claim_id=next(_ids), memory_id=memory or uuid.uuid4(), from_id=src, to_id=dst, kind=kind,
        relationship_type=rtype, ends=ends, strength=0.6, attitude=None, proximity=None, describes=True,
        since=since, until=until, content=f"{rtype} since {since:%B}",
    )  # fmt: skip


def _spans(edges) -> set[tuple]:
    return {(e.from_id, e.to_id, e.relationship_type, e.valid_from.month, e.valid_to and e.valid_to.month)
            for e in edges}  # fmt: skip


def test_a_later_employer_closes_the_earlier_one_whatever_order_they_are_read_in():
    claims = [claim(ME, FIGMA, "works_at", _at(1)), claim(ME, LINEAR, "works_at", _at(3))]
    expected = {(ME, FIGMA, "works_at", 1, 3), (ME, LINEAR, "works_at", 3, None)}
    assert _spans(derive_edges(claims)) == expected
    assert _spans(derive_edges(reversed(claims))) == expected


def test_an_ending_closes_only_what_began_before_it():
    claims = [
        claim(ME, FIGMA, "works_at", _at(1)),
        claim(ME, FIGMA, "works_at", _at(4), ends=True),
        claim(ME, FIGMA, "works_at", _at(6)),  # back at Figma in June: a new span, a second edge
    ]
    assert _spans(derive_edges(claims)) == {(ME, FIGMA, "works_at", 1, 4), (ME, FIGMA, "works_at", 6, None)}


def test_a_superseded_memory_ends_its_edge_where_the_memory_ended():
    claims = [claim(ME, FIGMA, "works_at", _at(1), until=_at(2))]
    assert _spans(derive_edges(claims)) == {(ME, FIGMA, "works_at", 1, 2)}


def test_two_memories_saying_the_same_make_one_stronger_edge_with_both_as_evidence():
    first, second = claim(ME, FIGMA, "works_at", _at(1)), claim(ME, FIGMA, "works_at", _at(2))
    [edge] = derive_edges([first, second])
    [alone] = derive_edges([first])
    assert set(edge.evidence) == {first.memory_id, second.memory_id}
    assert edge.strength > alone.strength
    assert edge.description == second.content  # the newest evidence describes it


def test_a_partner_tie_closes_when_either_partner_starts_another():
    claims = [
        claim(SARAH, DAN, "dating", _at(1), kind="has_relationship_with"),
        claim(ALEX, DAN, "married_to", _at(5), kind="has_relationship_with"),  # said from Dan's other side
    ]
    spans = _spans(derive_edges(claims))
    sarah_dan = next(s for s in spans if {s[0], s[1]} == {SARAH, DAN})
    assert sarah_dan[3:] == (1, 5)


def test_someone_else_at_the_same_employer_closes_nothing():
    claims = [claim(SARAH, FIGMA, "works_at", _at(1)), claim(DAN, FIGMA, "works_at", _at(2))]
    assert all(e.valid_to is None for e in derive_edges(claims))


def test_being_named_together_stays_true_after_the_memory_is_retired():
    [edge] = derive_edges([claim(SARAH, DAN, "knows", _at(1), until=_at(2), kind="connected_to")])
    assert edge.valid_to is None


def test_what_a_memory_replaced_never_closes_it_whatever_its_dates():
    old_memory, new_memory = uuid.uuid4(), uuid.uuid4()
    imported = claim(ME, FIGMA, "works_at", _at(9), until=_at(9), memory=old_memory)  # recorded in September
    imported = Claim(**{**imported.__dict__, "superseded_by": new_memory})
    change = claim(ME, LINEAR, "works_at", _at(6), memory=new_memory)  # a note dated June replaced it
    assert _spans(derive_edges([imported, change])) == {
        (ME, FIGMA, "works_at", 9, 9),
        (ME, LINEAR, "works_at", 6, None),
    }
