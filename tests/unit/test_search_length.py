"""The `length` term of final_score: more of the answer per character of a reader's budget."""

from __future__ import annotations

from engram.retrieval.search import LENGTH_WEIGHT, TYPICAL_CHARS, length_score


def test_a_shorter_memory_gains_and_a_longer_one_loses():
    assert length_score(40) > length_score(TYPICAL_CHARS) == 0 > length_score(240)


def test_the_term_is_bounded_so_it_only_moves_memories_of_close_scores():
    assert length_score(1) == LENGTH_WEIGHT
    assert length_score(100_000) == -LENGTH_WEIGHT
