"""Deterministic feature-hashing embedder: the offline default, no model and no network.

Every user without API keys searches with these vectors, so the features aim at what lexical search
needs: a word matches its inflections ("hiking", "hikes", "hiked" share a stem feature), word order
counts a little (bigrams), and typos or unseen word forms still overlap through character 3-grams.
Features are hashed with blake2b (Python's `hash()` is salted per process and would change every vector
on restart) into N signed buckets and the row is L2-normalised, so cosine = dot product.

Changing any feature, weight or the tokeniser changes the vectors: bump `MODEL` so the re-embed job
migrates stored rows.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence

import numpy as np

from engram.providers.base import fit_to_dimension

MODEL = "hash-v1"

# Relative weights per feature kind. Words carry the meaning; bigrams reward shared phrases; the
# character 3-grams of one word share a fixed budget so long words do not drown short ones.
WORD_WEIGHT = 1.0
BIGRAM_WEIGHT = 0.5
CHAR_BUDGET = 0.6

# Small on purpose: a long list would drop words that matter in memories (negations "not"/"no"/"never"
# stay features, since "likes X" and "does not like X" must not look identical).
STOPWORDS = frozenset(
    """
    a an the and or but if then so of to in on at by for with from into onto about as is am are was were
    be been being do does did have has had i me my mine we us our you your yours he him his she her it its
    they them their this that these those there here what which who whom how when where why will would
    shall should can could may might must just very also too than really
    """.split()  # noqa: SIM905 - a word list reads better as prose than as 90 quoted items
)

_VOWELS = re.compile(r"[aeiouy]")
_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_CACHE_LIMIT = 200_000
_BATCH = 512


def stem(word: str) -> str:
    """A light suffix stemmer: enough to merge plural and -ing/-ed forms, never a full Porter stemmer.

    Trailing "e" is dropped last so "hike", "hikes", "hiking" and "hiked" all become "hik". A suffix is
    only removed when a vowel remains ("spring" and "shed" keep their letters).
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ing") and len(word) >= 6 and _VOWELS.search(word[:-3]):
        word = _undouble(word[:-3])
    elif word.endswith("ed") and len(word) >= 5 and not word.endswith("eed") and _VOWELS.search(word[:-2]):
        word = _undouble(word[:-2])
    elif word.endswith("xes") and len(word) >= 5:
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    # "running" -> "runn" -> "run", but "falling" keeps "fall", "missed" keeps "miss", "adding" keeps "add".
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


def _feature_hash(feature: str) -> int:
    """8 bytes of blake2b as an unsigned 64-bit int: the same on every process, platform and restart."""
    return int.from_bytes(hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest(), "little")


class _FeatureTable:
    """Per-process memo of token -> hashed features, so each distinct word is hashed once.

    Hashes are independent of N (the bucket is taken modulo N later), so one table serves every dimension.
    """

    def __init__(self) -> None:
        self._tokens: dict[str, tuple[str, bool, list[int], list[float]]] = {}
        self._bigrams: dict[tuple[str, str], int] = {}

    def token(self, token: str) -> tuple[str, bool, list[int], list[float]]:
        """(stem, is_stopword, feature hashes, feature weights) for one lowercased token."""
        entry = self._tokens.get(token)
        if entry is not None:
            return entry
        if len(self._tokens) > _CACHE_LIMIT:
            self._tokens.clear()
        stemmed = stem(token)
        hashes = [_feature_hash("w:" + stemmed)]
        weights = [WORD_WEIGHT]
        padded = f"#{stemmed}#"
        grams = [padded[i : i + 3] for i in range(len(padded) - 2)]
        if grams:
            weight = CHAR_BUDGET / math.sqrt(len(grams))
            hashes.extend(_feature_hash("c:" + gram) for gram in grams)
            weights.extend([weight] * len(grams))
        entry = (stemmed, token in STOPWORDS, hashes, weights)
        self._tokens[token] = entry
        return entry

    def bigram(self, left: str, right: str) -> int:
        key = (left, right)
        value = self._bigrams.get(key)
        if value is None:
            if len(self._bigrams) > _CACHE_LIMIT:
                self._bigrams.clear()
            value = self._bigrams[key] = _feature_hash(f"b:{left} {right}")
        return value


_TABLE = _FeatureTable()


class HashEmbedder:
    """Feature-hashing embedder (see module docstring); safe to share between threads.

    The shared memo is a plain dict: a race at worst hashes a word twice, with the same result.
    """

    name = "hash"
    model = MODEL

    def __init__(self, dimension: int) -> None:
        if dimension < 8:
            raise ValueError("hash embeddings need at least 8 dimensions")
        self.dimension = dimension

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Shape (len(texts), N), float32, unit rows; blank or featureless text gives an all-zero row."""
        if len(texts) <= _BATCH:
            return self._embed_batch(texts)
        # Bounded batches keep the dense float64 scratch array small (a few MB) for large re-embeds.
        return np.concatenate(
            [self._embed_batch(texts[i : i + _BATCH]) for i in range(0, len(texts), _BATCH)]
        )

    def _embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        all_hashes: list[int] = []
        all_weights: list[float] = []
        rows: list[int] = []
        for row, text in enumerate(texts):
            hashes, weights = self._features(text)
            all_hashes.extend(hashes)
            all_weights.extend(weights)
            rows.extend([row] * len(hashes))
        if not all_hashes:
            return np.zeros((len(texts), self.dimension), dtype=np.float32)
        hashed = np.fromiter(all_hashes, dtype=np.uint64, count=len(all_hashes))
        buckets = (hashed % np.uint64(self.dimension)).astype(np.int64)
        # The top bit picks the sign, so colliding features cancel on average instead of piling up.
        signs = np.where((hashed >> np.uint64(63)) == 1, -1.0, 1.0)
        values = np.asarray(all_weights, dtype=np.float64) * signs
        flat = np.asarray(rows, dtype=np.int64) * self.dimension + buckets
        dense = np.bincount(flat, weights=values, minlength=len(texts) * self.dimension)
        return fit_to_dimension(dense.reshape(len(texts), self.dimension), self.dimension)

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    @staticmethod
    def _features(text: str) -> tuple[list[int], list[float]]:
        tokens = _TOKEN.findall(text.lower().replace("\u2019", "'"))
        if not tokens:
            return [], []
        entries = [_TABLE.token(token.replace("'", "")) for token in tokens]
        content = [entry for entry in entries if not entry[1]]
        # A sentence made only of stopwords ("it is what it is") still deserves a vector.
        kept = content or entries
        hashes: list[int] = []
        weights: list[float] = []
        for _, _, entry_hashes, entry_weights in kept:
            hashes.extend(entry_hashes)
            weights.extend(entry_weights)
        # Bigrams over content words: "credit card" should match "credit card" more than "card credit".
        for (left, *_), (right, *_) in zip(kept, kept[1:], strict=False):
            hashes.append(_TABLE.bigram(left, right))
            weights.append(BIGRAM_WEIGHT)
        return hashes, weights
