"""The offline hash embedder: what every user without API keys searches with."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engram.providers.base import Embedder, embed_nonblank, fit_to_dimension
from engram.providers.embeddings.hash import MODEL, HashEmbedder, stem

LAYER = Path(__file__).resolve().parents[2] / "layers" / "engram"


def cosine(embedder: HashEmbedder, a: str, b: str) -> float:
    va, vb = embedder.embed([a, b])
    return float(va @ vb)


@pytest.fixture
def embedder() -> HashEmbedder:
    return HashEmbedder(1536)


def test_hash_embedder_implements_the_embedder_port(embedder: HashEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    assert (embedder.name, embedder.model, embedder.dimension) == ("hash", "hash-v1", 1536)


def test_same_text_gives_identical_vector_in_two_instances(embedder: HashEmbedder) -> None:
    other = HashEmbedder(1536)

    assert np.array_equal(
        embedder.embed_one("I moved to Lisbon in May"), other.embed_one("I moved to Lisbon in May")
    )


def test_vectors_do_not_change_between_processes(embedder: HashEmbedder) -> None:
    # Python's hash() is salted per process; stored vectors must survive a restart.
    script = (
        "import json; from engram.providers.embeddings.hash import HashEmbedder; "
        "print(json.dumps(HashEmbedder(64).embed_one('My sister Ana lives in Porto').tolist()))"
    )
    env = {**os.environ, "PYTHONPATH": str(LAYER), "PYTHONHASHSEED": "12345"}

    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)

    expected = HashEmbedder(64).embed_one("My sister Ana lives in Porto")
    assert np.array_equal(np.asarray(json.loads(out.stdout), dtype=np.float32), expected)


def test_vectors_match_the_values_recorded_for_hash_v1() -> None:
    # Stored rows say "hash-v1": if this fails you changed the features, so bump MODEL (re-embed job).
    vector = HashEmbedder(16).embed_one("Hiking trips in the mountains with my dog, every Sunday!")

    assert MODEL == "hash-v1"
    assert np.allclose(vector, HASH_V1_RECORDED, atol=1e-4)


HASH_V1_RECORDED = [
    0.1603, -0.1704, -0.0785, -0.8225, -0.2388, 0.1142, -0.1791, -0.068,
    0.2033, 0.086, -0.1642, -0.2421, -0.0167, 0.0, 0.1291, -0.068,
]  # fmt: skip


def test_rows_are_float32_unit_vectors_of_the_configured_size(embedder: HashEmbedder) -> None:
    vectors = embedder.embed(["I love hiking", "My tax return is due in April", "ok"])

    assert vectors.shape == (3, 1536)
    assert vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)


def test_blank_text_gives_an_all_zero_row_in_place(embedder: HashEmbedder) -> None:
    vectors = embedder.embed(["coffee", "", "   \n", "tea"])

    assert not vectors[1].any() and not vectors[2].any()
    assert np.isclose(np.linalg.norm(vectors[0]), 1.0) and np.isclose(np.linalg.norm(vectors[3]), 1.0)
    assert not embedder.embed([]).size


def test_a_sentence_of_only_stopwords_still_gets_a_vector(embedder: HashEmbedder) -> None:
    assert np.isclose(np.linalg.norm(embedder.embed_one("it is what it is")), 1.0)


def test_batching_does_not_change_a_vector(embedder: HashEmbedder) -> None:
    texts = [f"note number {i} about project {i % 7}" for i in range(1200)]  # spans several internal batches

    batch = embedder.embed(texts)

    assert np.array_equal(batch[0], embedder.embed_one(texts[0]))
    assert np.array_equal(batch[1100], embedder.embed_one(texts[1100]))


def test_hiking_is_closer_to_hiking_trips_than_to_a_tax_return(embedder: HashEmbedder) -> None:
    assert cosine(embedder, "I love hiking", "hiking trips in the mountains") > cosine(
        embedder, "I love hiking", "my tax return"
    )


def test_a_paraphrase_with_shared_words_beats_an_unrelated_sentence(embedder: HashEmbedder) -> None:
    memory = "User works at Google as a software engineer"

    paraphrase = cosine(embedder, memory, "The user is a software engineer employed at Google")
    unrelated = cosine(embedder, memory, "The user's favourite colour is green")

    assert paraphrase > unrelated + 0.3


def test_inflections_of_a_word_share_its_stem() -> None:
    assert stem("hiking") == stem("hikes") == stem("hiked") == stem("hike")
    assert stem("running") == stem("runs") == "run"
    assert stem("cities") == stem("city")
    assert stem("spring") == "spring" and stem("falling") == "fall"  # no over-stripping


def test_inflected_query_finds_the_memory(embedder: HashEmbedder) -> None:
    memory = "She hiked the Pyrenees last summer"

    assert cosine(embedder, "hiking", memory) > cosine(
        embedder, "hiking", "She visited her parents last summer"
    )


def test_a_misspelt_query_still_finds_the_memory_through_character_trigrams(embedder: HashEmbedder) -> None:
    memories = [
        "User has a dentist appointment on Friday",
        "User's favourite restaurant is the Italian place on Main Street",
        "User drives a blue Toyota",
    ]

    scores = embedder.embed(memories) @ embedder.embed_one("resturant")

    assert int(np.argmax(scores)) == 1 and scores[1] > 0


# --- the padding helper every embedder shares ----------------------------------------------------------


def test_padding_to_the_stored_size_keeps_cosine_similarity() -> None:
    rng = np.random.default_rng(7)
    native = rng.normal(size=(2, 384)).astype(np.float32)
    expected = native[0] @ native[1] / (np.linalg.norm(native[0]) * np.linalg.norm(native[1]))

    padded = fit_to_dimension(native, 1536)

    assert padded.shape == (2, 1536) and not padded[:, 384:].any()
    assert np.isclose(padded[0] @ padded[1], expected, atol=1e-6)


def test_padding_refuses_vectors_larger_than_the_stored_size() -> None:
    with pytest.raises(ValueError):
        fit_to_dimension(np.ones((1, 2048), dtype=np.float32), 1536)


def test_embed_nonblank_never_sends_blank_texts_to_the_provider() -> None:
    seen: list[list[str]] = []

    def native(texts: list[str]) -> np.ndarray:
        seen.append(texts)
        return np.ones((len(texts), 4), dtype=np.float32)

    vectors = embed_nonblank(["a", " ", "b"], 8, native)

    assert seen == [["a", "b"]]
    assert not vectors[1].any() and np.isclose(np.linalg.norm(vectors[2]), 1.0)
