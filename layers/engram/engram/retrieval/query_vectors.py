"""The two vectors a search embeds its query into.

A sentence model's embedding of "What activities does Melanie partake in?" is mostly "Melanie": every
memory that names her lies close to it, whatever else it says ("Melanie is swamped with the kids &
work", "Melanie: Life's about learning and exploring"), and a memory that answers in other words
("Melanie is off to go swimming with the kids") sits behind dozens of them, outside the candidates
the vector signal returns. Names have signals of their own (name, entity, graph) and their own
evidence in the relevance, so the vector signal searches by the query's embedding less
`NAME_DISCOUNT` of its names' embedding: memory embeddings are unit vectors, so the cosine order to
that vector is the order of similarity to the query minus `NAME_DISCOUNT` times similarity to the
names. The memory's `similarity` (and the relevance's meaning evidence, and the threshold that reads
it) stays the cosine to the query itself (`QueryVectors.meaning`).

LOCOMO dev with MiniLM at 1,800 characters: recall .813 -> .818, multi-hop .683 -> .698, full hit
.742 -> .751; the app relevance set unchanged (docs/benchmarks.md). The offline hash embedder is
lexical: a name is a few character n-grams like any word's, and discounting them lost recall (.761 ->
.757), so with it both vectors are the query's embedding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engram.retrieval.transform import names_in

if TYPE_CHECKING:
    import numpy as np

    from engram.providers.base import Embedder

# Chosen on the similarity order alone before any search ran (LOCOMO dev, MiniLM: the evidence memory
# among the 50 nearest for multi-hop questions .764 -> .808 at 0.3, .774 at 0.5, .730 at 0.7).
NAME_DISCOUNT = 0.3
# Embedders whose similarity is lexical: names are words to them.
_LEXICAL = frozenset(("hash",))


@dataclass(frozen=True)
class QueryVectors:
    """`meaning`: the query's embedding, what `similarity` is measured against; `search`: what the vector
    signal finds candidates by (the same array when the query names nobody)."""

    meaning: np.ndarray
    search: np.ndarray


def query_vectors(embedder: Embedder, queries: Sequence[str]) -> list[QueryVectors]:
    """Each query's vectors, in one call to the embedder for all of them and their names."""
    names = [_named(query) if embedder.name not in _LEXICAL else "" for query in queries]
    named = [text for text in names if text]
    vectors = embedder.embed([*queries, *named])
    out: list[QueryVectors] = []
    next_name = len(queries)
    for index, text in enumerate(names):
        meaning = vectors[index]
        if not text:
            out.append(QueryVectors(meaning, meaning))
            continue
        out.append(QueryVectors(meaning, _discounted(meaning, vectors[next_name])))
        next_name += 1
    return out


def query_vector(embedder: Embedder, query: str) -> QueryVectors:
    return query_vectors(embedder, [query])[0]


def _named(query: str) -> str:
    """The names the query says, once each ("Melanie", "Caroline"); not "my sister", which is a tie the
    graph resolves, not a name a memory repeats."""
    return " ".join(dict.fromkeys(name for name in names_in(query) if not name.startswith("my ")))


def _discounted(query: np.ndarray, names: np.ndarray) -> np.ndarray:
    import numpy as np

    vector = query - NAME_DISCOUNT * names
    norm = float(np.linalg.norm(vector))
    return (vector / norm).astype(np.float32) if norm else query
