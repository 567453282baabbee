"""How well a memory answers a query, as one number that means the same for every query: `relevance`.

The fused rank of the signals says which candidate is better than another for one query, not whether
any of them answers it: the best of five unrelated memories is still first. Relevance is built from
evidence that does not depend on the other candidates, each piece read as the chance it alone shows the
memory answers the query, combined as independent evidence (noisy-OR: 1 - product of the misses):

- **words**: the share of the query's content words (english stems, stop words out) the memory
  contains, each weighted by its rarity among the user's memories (IDF). A query word no memory
  contains weighs the most: "what is my dog's name?" over memories without a dog covers little;
- **meaning**: the embedding's cosine similarity, rescaled from the embedder's floor (unrelated texts)
  to where a paraphrase lies (`SIMILARITY_SCALE`): the offline hash embedder puts unrelated texts near 0,
  a sentence model around 0.15;
- **slot**: the memory stores the attribute the question asks for ("where do I work?" and an
  employer memory), a lexical gap the words cannot bridge;
- **named**: the memory carries a name or entity the query names.

`final_score` adds importance, recency and access on top of relevance; `threshold` applies to
relevance, so "no results" means nothing known answers the query. The weights and the default
threshold are set on the app relevance set (`tests/relevance/`, docs/benchmarks.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# (floor, full): cosine at or below `floor` is no evidence, at or above `full` as strong as it gets.
SIMILARITY_SCALE = {"hash": (0.05, 0.55), "semantic": (0.20, 0.65)}
WORDS_WEIGHT = 0.9
SLOT_WEIGHT = 0.6
NAMED_WEIGHT = 0.3


@dataclass(frozen=True)
class Evidence:
    """What one memory shows of one query (see module)."""

    similarity: float | None
    words: float
    slot: bool
    named: bool


def word_coverage(lexemes: Sequence[str], dfs: Sequence[int], corpus: int, matched: set[str]) -> float:
    """IDF-weighted share of the query's lexemes the memory contains (0 when the query has none)."""
    # The corpus size is a cached estimate: a word in (nearly) every memory still weighs a little.
    weights = [max(0.1, math.log((corpus + 1) / (df + 0.5)) + 1.0) for df in dfs]
    total = sum(weights)
    if total <= 0:
        return 0.0
    return sum(w for lex, w in zip(lexemes, weights, strict=True) if lex in matched) / total


def meaning(similarity: float | None, embedder: str) -> float:
    floor, full = SIMILARITY_SCALE["hash" if embedder == "hash" else "semantic"]
    if similarity is None or similarity <= floor:
        return 0.0
    return min(1.0, (similarity - floor) / (full - floor))


def relevance(evidence: Evidence, embedder: str) -> float:
    """The calibrated relevance (0-1) of the evidence (see module)."""
    miss = (
        (1.0 - WORDS_WEIGHT * evidence.words)
        * (1.0 - meaning(evidence.similarity, embedder))
        * (1.0 - (SLOT_WEIGHT if evidence.slot else 0.0))
        * (1.0 - (NAMED_WEIGHT if evidence.named else 0.0))
    )
    return round(1.0 - miss, 4)
