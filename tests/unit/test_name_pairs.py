"""Entity resolution measured on a labelled set of name pairs (tests/data/name_pairs.tsv, more than 200
pairs written from name shapes: numbered series, near names, one differing token, case, diacritics,
titles, possessives, spacing, legal forms, a given name alone, learned nicknames).

Each pair runs the resolver's decision (`choose`) with the known name as the one candidate node, the
way `resolution_candidates` would offer it. Merging two different things loses data, so precision of
"same" must stay at or above 0.99; the recall floor is the measured figure (docs/design.md quotes both).
"""

from __future__ import annotations

from tests.name_pairs import load_pairs, resolved_by_choose, score

MIN_PAIRS = 200
MIN_PRECISION = 0.99
MIN_RECALL = 0.90  # measured 0.908: the misses are the data file's last section, and a short typo


def test_the_labelled_set_is_large_and_mixed():
    pairs = load_pairs()
    assert len(pairs) >= MIN_PAIRS
    assert sum(p.same for p in pairs) >= 80 and sum(not p.same for p in pairs) >= 80
    assert len({(p.mention, p.known, bool(p.aliases)) for p in pairs}) == len(pairs)  # no repeats


def test_precision_and_recall_of_same_on_the_labelled_pairs():
    result = score(load_pairs(), resolved_by_choose)
    print(f"name pairs: precision {result.precision:.3f} recall {result.recall:.3f}")
    assert result.precision >= MIN_PRECISION, [(p.mention, p.known) for p in result.false_merges]
    assert result.recall >= MIN_RECALL, [(p.mention, p.known) for p in result.misses]


def test_every_number_or_differing_name_token_labelled_different_stays_apart():
    """Not only on average: no pair that differs in a number is merged."""
    numbered = [p for p in load_pairs() if not p.same and any(ch.isdigit() for ch in p.mention + p.known)]
    assert len(numbered) >= 40
    assert [p for p in numbered if resolved_by_choose(p)] == []
