"""The calibrated relevance reads evidence that does not depend on the other candidates."""

from __future__ import annotations

from engram.retrieval.relevance import Evidence, meaning, relevance, word_coverage


def test_a_query_word_no_memory_holds_weighs_the_most():
    # "dog" is in no memory (df 0), "name" in many: a memory with "name" covers little of the question
    assert word_coverage(["dog", "name"], [0, 40], 200, {"name"}) < 0.3
    assert word_coverage(["dog", "name"], [0, 40], 200, {"dog", "name"}) == 1.0
    assert word_coverage([], [], 200, set()) == 0.0


def test_similarity_is_rescaled_from_the_embedders_floor():
    assert meaning(0.02, "hash") == 0.0 and meaning(None, "hash") == 0.0
    assert meaning(0.9, "hash") == 1.0
    assert meaning(0.15, "minilm") == 0.0 < meaning(0.15, "hash")


def test_evidence_adds_up_but_nothing_is_no_relevance():
    nothing = Evidence(similarity=0.0, words=0.0, slot=False, named=False)
    words = Evidence(similarity=0.0, words=1.0, slot=False, named=False)
    both = Evidence(similarity=0.5, words=1.0, slot=False, named=True)
    assert relevance(nothing, "hash") == 0.0
    assert 0.85 <= relevance(words, "hash") < relevance(both, "hash") <= 1.0
    assert relevance(Evidence(similarity=None, words=0.0, slot=True, named=False), "hash") >= 0.5
