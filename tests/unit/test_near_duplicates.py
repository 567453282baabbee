"""The in-memory near-duplicate search against brute force: every pair it returns is truly at or above
the threshold, and it finds (nearly) every pair brute force finds, for dense, zero-padded and sparse
(hash-embedder) vectors alike."""

from __future__ import annotations

import numpy as np
import pytest

from engram.lifecycle.near_duplicates import near_pairs
from engram.providers.embeddings.hash import HashEmbedder

THRESHOLD = 0.85


def brute_force(vectors: np.ndarray, threshold: float) -> set[tuple[int, int]]:
    unit = vectors.astype(np.float32)
    unit /= np.maximum(np.linalg.norm(unit, axis=1, keepdims=True), 1e-12)
    sims = unit @ unit.T
    left, right = np.nonzero(np.triu(sims >= threshold, k=1))
    return set(zip(left.tolist(), right.tolist(), strict=True))


def found(vectors: np.ndarray, threshold: float = THRESHOLD) -> set[tuple[int, int]]:
    pairs = near_pairs(vectors, threshold)
    assert np.all(pairs.left < pairs.right)
    assert np.all(np.diff(pairs.similarity) <= 0), "most similar first"
    return set(zip(pairs.left.tolist(), pairs.right.tolist(), strict=True))


def clustered(n: int, dim: int, rng: np.random.Generator, *, padded_to: int | None = None) -> np.ndarray:
    """Topic clusters (members ~0.5 apart), 2% of rows a close paraphrase of another, a few exact copies."""
    topics = rng.standard_normal((max(1, n // 40), dim)).astype(np.float32)
    topics /= np.linalg.norm(topics, axis=1, keepdims=True)
    noise = rng.standard_normal((n, dim)).astype(np.float32) / np.sqrt(dim)
    x = topics[rng.integers(0, len(topics), n)] + noise
    twins = rng.choice(n, size=n // 50, replace=False)
    x[twins[: len(twins) // 2]] = x[twins[len(twins) // 2 :]] + 0.3 * rng.standard_normal(
        (len(twins) // 2, dim)
    ).astype(np.float32) / np.sqrt(dim)
    x[:3] = x[3:6]  # exact copies
    if padded_to:
        x = np.pad(x, ((0, 0), (0, padded_to - dim)))
    return x


@pytest.mark.parametrize(
    ("dim", "padded_to"),
    [(1536, None), (384, 1536)],
    ids=["dense-1536", "minilm-zero-padded"],
)
def test_finds_what_brute_force_finds_and_nothing_below_it(dim: int, padded_to: int | None) -> None:
    vectors = clustered(4000, dim, np.random.default_rng(7), padded_to=padded_to).astype(np.float16)
    truth = brute_force(vectors, THRESHOLD)
    got = found(vectors)
    assert len(truth) >= 40
    assert got <= truth, "a pair below the threshold was returned"
    assert len(got) >= 0.97 * len(truth)


def test_sparse_hash_vectors_of_paraphrases() -> None:
    """The offline embedder's vectors are sparse and signed: the sketch must still see repeats."""
    rng = np.random.default_rng(3)
    words = ["coffee", "tea", "hiking", "tennis", "piano", "guitar", "denver", "boston", "paris", "dog"]
    sentences = [
        f"my {rng.choice(words)} and the {rng.choice(words)} near {rng.choice(words)} {i}"
        for i in range(1500)
    ]
    sentences += [s + " again" for s in sentences[:60]]  # near-repeats of the first 60
    vectors = np.asarray(HashEmbedder(dimension=1536).embed(sentences), dtype=np.float32)
    truth = brute_force(vectors, THRESHOLD)
    got = found(vectors)
    assert got <= truth
    assert len(truth) >= 60 and len(got) >= 0.97 * len(truth)


def test_seeded_and_small_inputs() -> None:
    vectors = clustered(600, 64, np.random.default_rng(1))
    first, second = near_pairs(vectors, THRESHOLD), near_pairs(vectors, THRESHOLD)
    assert np.array_equal(first.left, second.left) and np.array_equal(first.right, second.right)
    assert len(near_pairs(vectors[:1], THRESHOLD)) == 0
    assert len(near_pairs(np.zeros((5, 16), dtype=np.float32), THRESHOLD)) == 0  # zero vectors match nothing
    two = np.array([[1.0, 0.0], [1.0, 0.01]], dtype=np.float32)
    assert found(two) == {(0, 1)}
