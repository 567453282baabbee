"""Consolidation preview at scale: planted near-duplicates among 10,000 and 100,000 memories of one user.

For each size, a fresh embedded PostgreSQL gets one user's memories by binary COPY (secondary indexes
dropped first and rebuilt from their own definitions, then VACUUM ANALYZE). Vectors are 1,536-dimension
topic centroids + noise (2,000 topics; two memories of one topic sit near cosine 0.5, far below the
threshold), and 1% of the memories get a planted paraphrase: the same vector + small noise (cosine
~0.97). Everything else is a planted distinct memory. Then, through the real code path (engram_app role,
row-level security, `user_transaction`):

* the candidate search alone: the user's vectors read once
  (`db.repositories.consolidation.active_vectors`) and searched in memory
  (`lifecycle.near_duplicates.near_pairs`), and
* the whole preview (`lifecycle.consolidation.preview`, limit 1000: pairs, groups, briefs, entities),

are timed, and precision/recall of the planted pairs are computed from every pair the search returns.

    python -m bench.bench_consolidation            # 10k and 100k
    python -m bench.bench_consolidation --quick    # 10k only (what `make bench` runs)
    python -m bench.bench_consolidation --sizes 50000

Target: a 100k preview in under 10 s.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from bench.bench_scale import drop_secondary_indexes

DIM = 1536
TOPICS = 2000
USER = "consolidation-bench"
TARGET_100K_S = 10.0
TYPES = ["fact", "event", "preference", "goal"]


def load(url: str, n: int, planted_share: float, seed: int, log) -> tuple[set[frozenset], dict[str, float]]:
    """COPY `n` memories (1% of them planted paraphrases of another); returns the planted pairs."""
    import psycopg
    from pgvector.psycopg import register_vector

    rng = np.random.default_rng(seed)
    centroids = rng.standard_normal((TOPICS, DIM)).astype(np.float32)
    centroids /= np.linalg.norm(centroids, axis=1, keepdims=True)
    n_planted = int(n * planted_share)
    n_base = n - n_planted
    ids = [uuid.UUID(bytes=rng.bytes(16), version=4) for _ in range(n)]
    types = rng.choice(TYPES, size=n_base)
    twins = rng.choice(n_base, size=n_planted, replace=False)  # the memory each paraphrase repeats
    planted = {frozenset((ids[int(b)], ids[n_base + i])) for i, b in enumerate(twins)}
    now = datetime.now(UTC)
    times: dict[str, float] = {}
    with psycopg.connect(url, autocommit=True) as conn:
        register_vector(conn)
        conn.execute("INSERT INTO users (id) VALUES (%s) ON CONFLICT DO NOTHING", (USER,))
        indexes = drop_secondary_indexes(conn)
        began = time.perf_counter()
        base_vectors = np.empty((n_base, DIM), dtype=np.float32)
        with (
            conn.cursor() as cur,
            cur.copy(
                "COPY memories (id, user_id, content, memory_type, importance_score, mention_count,"
                " embedding, created_at) FROM STDIN (FORMAT BINARY)"
            ) as copy,
        ):
            copy.set_types(["uuid", "text", "text", "text", "float4", "int4", "vector", "timestamptz"])
            for start in range(0, n_base, 5000):
                size = min(5000, n_base - start)
                topic = rng.integers(0, TOPICS, size)
                noise = rng.standard_normal((size, DIM)).astype(np.float32) / np.sqrt(DIM)
                v = centroids[topic] + noise * rng.uniform(0.6, 1.2, (size, 1)).astype(np.float32)
                v /= np.linalg.norm(v, axis=1, keepdims=True)
                base_vectors[start : start + size] = v
                for i in range(size):
                    j = start + i
                    created = now - timedelta(days=float(rng.uniform(0, 730)))
                    copy.write_row(
                        (ids[j], USER, f"memory {j} about topic {topic[i]}", types[j], 0.5, 1, v[i], created)
                    )
            for i, b in enumerate(twins):
                v = base_vectors[b] + rng.standard_normal(DIM).astype(np.float32) * (0.25 / np.sqrt(DIM))
                v /= np.linalg.norm(v)
                copy.write_row(
                    (
                        ids[n_base + i],
                        USER,
                        f"memory {int(b)} again, in other words",
                        types[b],
                        0.5,
                        1,
                        v,
                        now,
                    )
                )
        times["copy"] = time.perf_counter() - began
        conn.execute("SET maintenance_work_mem = '2GB'")
        began = time.perf_counter()
        for name, definition in sorted(indexes, key=lambda x: "hnsw" in x[1]):
            log(f"  building {name} ...")
            t = time.perf_counter()
            conn.execute(definition)
            times[f"index {name}"] = time.perf_counter() - t
        conn.execute("VACUUM ANALYZE memories")
        times["indexes + vacuum"] = time.perf_counter() - began
    return planted, times


def measure(planted: set[frozenset], repeats: int) -> dict[str, float]:
    from engram.db.connection import get_database
    from engram.db.repositories.consolidation import active_vectors
    from engram.lifecycle.consolidation import preview
    from engram.lifecycle.consolidation_models import ConsolidateRequest
    from engram.lifecycle.near_duplicates import near_pairs

    db = get_database()
    read_s, search_s, preview_s = [], [], []
    found: set[frozenset] = set()
    result = None
    for _ in range(repeats):
        began = time.perf_counter()
        with db.user_transaction(USER) as conn:
            table = active_vectors(conn, USER)
        read_s.append(time.perf_counter() - began)
        began = time.perf_counter()
        near = near_pairs(table.vectors, 0.85)
        search_s.append(time.perf_counter() - began)
        found = {frozenset((table.id(i), table.id(j))) for i, j in zip(near.left, near.right, strict=True)}
        del table
        began = time.perf_counter()
        result = preview(USER, ConsolidateRequest(limit=1000))
        preview_s.append(time.perf_counter() - began)
    hits = len(found & planted)
    return {
        "read s": min(read_s),
        "search s": min(search_s),
        "preview s": min(preview_s),
        "pairs found": len(found),
        "planted": len(planted),
        "precision": hits / len(found) if found else 1.0,
        "recall": hits / len(planted) if planted else 1.0,
        "preview pairs": result.count if result else 0,
    }


def run_size(n: int, args: argparse.Namespace, log) -> dict:
    from engram.local.runtime import start_local_runtime

    root = Path(tempfile.mkdtemp(prefix=f"engram-consolidation-{n}-"))
    runtime = start_local_runtime(root)
    try:
        log(f"loading {n:,} memories into {root} ...")
        planted, times = load(runtime.database_url, n, args.planted, args.seed, log)
        log("measuring ...")
        return {"n": n, "load": times, **measure(planted, args.repeats)}
    finally:
        from engram.config import reset_settings
        from engram.db.connection import reset_database

        reset_database()
        runtime.stop()
        os.environ.pop("ENGRAM_DATABASE_URL", None)  # the next size starts its own database
        reset_settings()
        shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.bench_consolidation",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--quick", action="store_true", help="10,000 memories only")
    p.add_argument(
        "--sizes", type=int, nargs="+", default=[10_000, 100_000], help="memory counts (default 10000 100000)"
    )
    p.add_argument("--planted", type=float, default=0.01, help="share of memories that are paraphrases")
    p.add_argument("--repeats", type=int, default=2, help="timed runs per size (the best is reported)")
    p.add_argument("--seed", type=int, default=11, help="random seed of the synthetic data")
    args = p.parse_args(argv)
    if args.quick:
        args.sizes = [10_000]
    os.environ["POWERTOOLS_METRICS_DISABLED"] = "true"
    os.environ.pop("ENGRAM_DATABASE_URL", None)

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    from engram.local.runtime import ensure_runtime_dir

    ensure_runtime_dir()
    rows = [run_size(n, args, log) for n in args.sizes]
    from bench.locomo import code_version

    print(f"## Consolidation preview: planted near-duplicates ({DIM} dims, {os.cpu_count()} CPUs)\n")
    print(f"Code: {code_version()}.\n")
    print(
        "| memories | planted pairs | read vectors s | search s | whole preview s | pairs found | precision "
        "| recall |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['n']:,} | {r['planted']:,} | {r['read s']:.2f} | {r['search s']:.2f} "
            f"| {r['preview s']:.2f} "
            f"| {r['pairs found']:,} | {r['precision']:.3f} | {r['recall']:.3f} |"
        )
    print()
    for r in rows:
        load_s = ", ".join(
            f"{k} {v:.1f} s" for k, v in r["load"].items() if not k.startswith("index memories_")
        )
        print(f"Load of {r['n']:,}: {load_s}.")
    big = next((r for r in rows if r["n"] == 100_000), None)
    if big:
        verdict = "meets" if big["preview s"] < TARGET_100K_S else "misses"
        seconds = big["preview s"]
        print(f"\nTarget: 100k preview in under {TARGET_100K_S:.0f} s: **{verdict}** ({seconds:.1f} s).")
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
