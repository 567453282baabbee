"""Personalized PageRank on small graphs whose answers are known in closed form or by a dense solve."""

from __future__ import annotations

import numpy as np
import pytest

from engram.graph.ppr import personalized_pagerank


def _dense_ppr(n: int, src, dst, weight, seeds, damping: float) -> np.ndarray:
    """The textbook answer: r = (1 - d) (I - d P^T)^-1 p, with dangling rows sent to the seeds."""
    a = np.zeros((n, n))
    for s, t, w in zip(src, dst, weight, strict=True):
        a[s, t] += w
        a[t, s] += w
    p = np.zeros(n)
    p[list(seeds)] = 1.0 / len(seeds)
    degree = a.sum(axis=1)
    transition = np.where(degree[:, None] > 0, a / np.where(degree == 0, 1, degree)[:, None], p[None, :])
    r = (1 - damping) * np.linalg.solve(np.eye(n) - damping * transition.T, p)
    return r / r.sum()


def test_star_seeded_at_the_centre_matches_the_closed_form():
    # Given a star: centre 0 and k leaves. Centre: r0 = (1-d) + d * sum(leaves); leaf: d * r0 / k.
    k, d = 5, 0.85
    src, dst = np.zeros(k, dtype=int), np.arange(1, k + 1)
    # When
    result = personalized_pagerank(k + 1, src, dst, np.ones(k), [0], damping=d, max_iterations=500)
    # Then r0 = 1 / (1 + d) and every leaf gets an equal share of the rest
    assert result.converged
    assert result.scores[0] == pytest.approx(1 / (1 + d), abs=1e-7)
    assert np.allclose(result.scores[1:], d / (1 + d) / k, atol=1e-7)


def test_a_leaf_seed_ranks_above_the_other_leaves_but_below_the_hub_it_hangs_from():
    # Every walk from the seed passes through the centre, and the other leaves share what is left.
    result = personalized_pagerank(5, np.zeros(4, dtype=int), np.arange(1, 5), np.ones(4), [3])
    order = np.argsort(-result.scores)
    assert list(order[:2]) == [0, 3]
    assert np.allclose(result.scores[[1, 2, 4]], result.scores[1])


def test_the_seed_cluster_outranks_a_cluster_joined_by_one_weak_edge():
    # Given two 5-cliques joined by one weak edge (4 - 5)
    a = [(i, j) for i in range(5) for j in range(i + 1, 5)]
    b = [(i + 5, j + 5) for i, j in a]
    edges = [*a, *b, (4, 5)]
    src, dst = np.array([e[0] for e in edges]), np.array([e[1] for e in edges])
    weight = np.array([1.0] * (len(a) + len(b)) + [0.05])
    # When seeded in the first cluster
    scores = personalized_pagerank(10, src, dst, weight, [0]).scores
    # Then every node of the seed's cluster outranks every node of the other
    assert scores[:5].min() > scores[5:].max()
    assert scores[5] == scores[5:].max(), "the bridge's far end is the best of the other cluster"


def test_matches_the_dense_solution_on_a_random_weighted_graph():
    rng = np.random.default_rng(3)
    n = 40
    src, dst = rng.integers(0, n, 120), rng.integers(0, n, 120)
    keep = src != dst
    src, dst = src[keep], dst[keep]
    weight = rng.uniform(0.1, 1.0, src.size)
    seeds = [0, 7]
    result = personalized_pagerank(
        n, src, dst, weight, seeds, damping=0.8, tolerance=1e-12, max_iterations=1000
    )
    assert np.allclose(result.scores, _dense_ppr(n, src, dst, weight, seeds, 0.8), atol=1e-9)


def test_isolated_nodes_earn_nothing_and_an_isolated_seed_keeps_everything():
    # Node 3 has no edges and is not a seed; seed 4 has no edges either.
    result = personalized_pagerank(5, np.array([0, 1]), np.array([1, 2]), np.array([1.0, 1.0]), [4])
    assert result.scores[4] == pytest.approx(1.0)
    assert result.scores[:4].sum() == pytest.approx(0.0)


def test_parallel_edges_add_up_like_one_stronger_edge():
    single = personalized_pagerank(3, np.array([0, 0]), np.array([1, 2]), np.array([0.6, 0.3]), [0]).scores
    doubled = personalized_pagerank(
        3, np.array([0, 0, 0]), np.array([1, 1, 2]), np.array([0.3, 0.3, 0.3]), [0]
    ).scores
    assert np.allclose(single, doubled)


def test_scores_sum_to_one_and_the_iteration_cap_is_reported():
    src, dst = np.arange(0, 50), np.arange(1, 51)  # a long path converges slowly
    capped = personalized_pagerank(51, src, dst, np.ones(50), [0], damping=0.99, max_iterations=5)
    assert capped.iterations == 5 and not capped.converged
    assert capped.scores.sum() == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"damping": 1.0}, "damping"),
        ({"damping": 0.0}, "damping"),
        ({"seeds": []}, "seed"),
        ({"seeds": [9]}, "out of range"),
    ],
)
def test_invalid_arguments_are_refused(kwargs, message):
    args = {"seeds": [0], **kwargs}
    seeds = args.pop("seeds")
    with pytest.raises(ValueError, match=message):
        personalized_pagerank(3, np.array([0]), np.array([1]), np.array([1.0]), seeds, **args)
