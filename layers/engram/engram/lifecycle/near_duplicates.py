"""Near-duplicate pairs among one user's vectors: an inverted-file search in numpy over one fetch.

Why not a self-join over an HNSW index: every memory pays one index lookup (even on a sign-bit index
with the bits stored inline), so a user with 100,000 memories waits minutes. Reading the user's vectors
once (as halfvec, `db.repositories.consolidation.active_vectors`) and searching them in memory is an
order of magnitude cheaper:

1. a count sketch (each dimension added, with a random sign, into one of `SKETCH_DIMS` buckets) gives
   every vector a short summary whose dot products estimate the true cosine, in one pass over the data;
2. spherical k-means on a coarser sketch splits the vectors into cells of ~`CELL_SIZE`; each vector
   lives in its nearest cell and looks into its `probes` nearest cells;
3. inside a cell, one matrix product scores every (visitor, member) by the sketch; a vector keeps its
   `neighbours` best members above `threshold - margin`. The sketch estimates a cosine c like a
   correlation from `SKETCH_DIMS` samples: its error is ~(1 - c^2) / sqrt(SKETCH_DIMS), ~0.017 at
   c = 0.85, for dense vectors and for the hash embedder's sparse ones alike, so the margin is five of
   those (0.087 at 0.85) — a true duplicate is not dropped for an unlucky sketch, and the many memories
   of one topic (cosine ~0.5) are not re-checked for nothing;
4. only those candidates get the exact cosine of the float vectors, and the threshold is applied to it.

The work is O(n x cell size) matrix products, never a Python loop over pairs. What it can miss, a pair
in cells neither probes, is measured by `bench/bench_consolidation.py` (recall of planted
pairs) and by the brute-force comparison in `tests/unit/test_near_duplicates.py`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SKETCH_DIMS = 256  # screening sketch: cosine error ~(1 - c^2) / 16
COARSE_DIMS = 64  # cell assignment needs less precision than screening
CELL_SIZE = 128  # vectors per cell: balances assignment (n x cells) against screening (n x cell size)
PROBES = 8  # cells each vector looks into: on clustered vectors, 3 miss a few planted pairs and 8 none
NEIGHBOURS = 8
MARGIN_SIGMAS = 5.0
MIN_MARGIN = 0.05
KMEANS_ROUNDS = 3
CHUNK = 16_384  # rows per block when a pass would otherwise allocate n x dims floats at once


@dataclass(frozen=True)
class NearPairs:
    """Pairs of row indexes `(left < right)` with their exact cosine, most similar first."""

    left: np.ndarray
    right: np.ndarray
    similarity: np.ndarray

    def __len__(self) -> int:
        return len(self.left)


def _buckets(size: int, parts: int) -> np.ndarray:
    """Start offsets splitting `size` columns into `parts` runs of near-equal length (for reduceat)."""
    return np.linspace(0, size, parts, endpoint=False).astype(np.int64)


def _unit_rows(x: np.ndarray) -> np.ndarray:
    """Rows scaled to length 1 as float32 (zero rows stay zero); any float dtype or byte order in."""
    x = x.astype(np.float32)
    norms = np.sqrt(np.einsum("ij,ij->i", x, x))[:, None]
    norms[norms == 0] = 1.0
    x /= norms
    return x


def count_sketch(vectors: np.ndarray, dims: int, rng: np.random.Generator) -> np.ndarray:
    """Unit rows of `dims` columns whose dot products estimate the cosine of the rows of `vectors`.

    Each input row is normalised, its columns shuffled and randomly signed (a fixed permutation and sign
    flips change no cosine), and runs of adjacent columns summed: a count sketch, a block at a time, so
    no float32 copy of all the vectors is ever held. Without the shuffle, zero-padded embeddings
    (MiniLM's 384 dims in 1,536) would leave most sketch columns empty.
    """
    d = vectors.shape[1]
    order = rng.permutation(d)
    signs = rng.choice(np.array([-1.0, 1.0], dtype=np.float32), size=d)
    starts = _buckets(d, min(dims, d))
    out = np.empty((len(vectors), len(starts)), dtype=np.float32)
    for start in range(0, len(vectors), CHUNK):
        block = _unit_rows(np.take(vectors[start : start + CHUNK], order, axis=1))
        block *= signs
        out[start : start + CHUNK] = np.add.reduceat(block, starts, axis=1)
    return _unit_rows(out)


def _assign(points: np.ndarray, centroids: np.ndarray, probes: int) -> np.ndarray:
    """Each point's `probes` nearest centroids by cosine, nearest first: (n, probes).

    Repeated argmax, not argpartition: for the 1-3 probes asked it is several times faster."""
    probes = min(probes, len(centroids))
    out = np.empty((len(points), probes), dtype=np.int64)
    for start in range(0, len(points), CHUNK):
        scores = points[start : start + CHUNK] @ centroids.T
        rows = np.arange(len(scores))
        for p in range(probes):
            best = np.argmax(scores, axis=1)
            out[start + rows, p] = best
            scores[rows, best] = -np.inf
    return out


def kmeans(points: np.ndarray, cells: int, rng: np.random.Generator) -> np.ndarray:
    """Spherical k-means centroids, trained on a sample (cells only need to be roughly even)."""
    sample = points[rng.choice(len(points), size=min(len(points), 20 * cells), replace=False)]
    centroids = sample[rng.choice(len(sample), size=cells, replace=False)].copy()
    for _ in range(KMEANS_ROUNDS):
        order, at = _group(_assign(sample, centroids, 1)[:, 0], cells)
        filled = at[1:] > at[:-1]  # an empty cell keeps its old centroid
        sums = np.add.reduceat(sample[order], at[:-1][filled], axis=0)
        centroids[filled] = _unit_rows(sums)
    return centroids


def _group(keys: np.ndarray, cells: int) -> tuple[np.ndarray, np.ndarray]:
    """Row indexes sorted by key and the offsets of each key's run: rows of cell c = order[at[c]:at[c+1]]."""
    order = np.argsort(keys, kind="stable")
    at = np.searchsorted(keys[order], np.arange(cells + 1))
    return order, at


def _screen(
    sketch: np.ndarray, probes: np.ndarray, cells: int, floor: float, neighbours: int
) -> tuple[np.ndarray, np.ndarray]:
    """Candidate (visitor, member) pairs: each visitor's best `neighbours` above `floor` by the sketch."""
    members, member_at = _group(probes[:, 0], cells)
    flat_visitor = np.repeat(np.arange(len(probes)), probes.shape[1])
    visitors, visitor_at = _group(probes.ravel(), cells)
    visitors = flat_visitor[visitors]
    found_v: list[np.ndarray] = []
    found_m: list[np.ndarray] = []
    found_s: list[np.ndarray] = []
    for cell in range(cells):
        m = members[member_at[cell] : member_at[cell + 1]]
        v = visitors[visitor_at[cell] : visitor_at[cell + 1]]
        if len(m) == 0 or len(v) == 0:
            continue
        scores = sketch[v] @ sketch[m].T
        scores[v[:, None] == m[None, :]] = -1.0  # a vector is not its own duplicate
        hit = scores >= floor
        if np.count_nonzero(hit) <= neighbours * len(v):  # usual: few above the floor, keep them all
            rows, cols = np.nonzero(hit)
            found_v.append(v[rows])
            found_m.append(m[cols])
            found_s.append(scores[rows, cols])
            continue
        if len(m) > neighbours:  # a dense cell: each visitor's best `neighbours` only
            best = np.argpartition(-scores, neighbours - 1, axis=1)[:, :neighbours]
            scores = np.take_along_axis(scores, best, axis=1)
            cols = m[best]
        else:
            cols = np.broadcast_to(m, scores.shape)
        hit = scores >= floor
        found_v.append(np.broadcast_to(v[:, None], scores.shape)[hit])
        found_m.append(cols[hit])
        found_s.append(scores[hit])
    if not found_v:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    v, m, s = np.concatenate(found_v), np.concatenate(found_m), np.concatenate(found_s)
    # A visitor saw up to `probes` cells: keep its best `neighbours` over all of them.
    order = np.lexsort((-s, v))
    v, m = v[order], m[order]
    first = np.searchsorted(v, v, side="left")
    rank = np.arange(len(v)) - first
    keep = rank < neighbours
    left, right = np.minimum(v[keep], m[keep]), np.maximum(v[keep], m[keep])
    pairs = np.unique(np.stack([left, right], axis=1), axis=0)
    return pairs[:, 0], pairs[:, 1]


def _exact(vectors: np.ndarray, left: np.ndarray, right: np.ndarray) -> np.ndarray:
    out = np.empty(len(left), dtype=np.float32)
    for start in range(0, len(left), CHUNK):
        a = _unit_rows(vectors[left[start : start + CHUNK]])
        b = _unit_rows(vectors[right[start : start + CHUNK]])
        out[start : start + CHUNK] = np.einsum("ij,ij->i", a, b)
    return out


def near_pairs(
    vectors: np.ndarray,
    threshold: float,
    *,
    neighbours: int = NEIGHBOURS,
    probes: int = PROBES,
    margin: float | None = None,
    seed: int = 0,
) -> NearPairs:
    """Pairs of rows of `vectors` (n x d, any float dtype) whose cosine is >= `threshold`.

    Seeded, so one preview and the merge that follows it see the same pairs for the same data.
    """
    n = len(vectors)
    empty = NearPairs(np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.float32))
    if n < 2:
        return empty
    rng = np.random.default_rng(seed)
    sketch = count_sketch(vectors, SKETCH_DIMS, rng)
    cells = max(1, n // CELL_SIZE)
    if cells == 1:
        probe = np.zeros((n, 1), dtype=np.int64)
    else:
        coarse = _unit_rows(np.add.reduceat(sketch, _buckets(sketch.shape[1], COARSE_DIMS), axis=1))
        probe = _assign(coarse, kmeans(coarse, cells, rng), probes)
    if margin is None:
        margin = max(MIN_MARGIN, MARGIN_SIGMAS * (1 - threshold**2) / np.sqrt(sketch.shape[1]))
    left, right = _screen(sketch, probe, cells, threshold - margin, neighbours)
    if len(left) == 0:
        return empty
    similarity = _exact(vectors, left, right)
    keep = similarity >= threshold
    left, right, similarity = left[keep], right[keep], similarity[keep]
    order = np.argsort(-similarity, kind="stable")
    return NearPairs(left[order], right[order], similarity[order])
