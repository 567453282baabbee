"""Search in a table shared by thousands of users: every user size at once, as a real tenant mix.

One `memories` table holds a long tail of users (50 to 1,000 memories each) beside a few large ones
(10,000 each) and one very large one (50,000), their rows interleaved on disk as users write over time.
Memories are bulk loaded straight into the table (binary COPY, secondary indexes dropped and rebuilt from
their own definitions, then VACUUM ANALYZE) with clustered "topic" vectors (normalised topic centroid +
noise, 1,536 dimensions, as `bench_scale --vectors topics`), so nearest neighbours mean something.
Per class of user size it measures:

* search latency p50/p95 in-process (`engram.retrieval.search.search_in`, limit 10, all signals, with
  the query's own vector) and through HTTP (`POST /v1/search` on the local `engram serve` app; it embeds
  the query with the offline embedder, so HTTP measures latency only);
* recall@10 of the vector signal against an exact full-precision scan of the user's vectors;
* the plan of the vector candidates (EXPLAIN (ANALYZE, BUFFERS) of the statement search sends);

and the load time, the database size and the machine's load average while it measured (the machine is
shared: the load says what else ran).

After loading, the users at or over `ENGRAM_VECTOR_INDEX_MIN_MEMORIES` (default 5,000: the large users and
the biggest) get their own HNSW index, as the nightly `vector_index` jobs would build it
(`engram.lifecycle.vector_indexes.converge_user_index`); the report gives each build's time and size. A
reused data dir keeps its indexes (their figures are those of the first build).

    python -m bench.bench_tenants --quick      # 50,000 memories (what `make bench` runs)
    python -m bench.bench_tenants              # full: 1,000,000 memories, ~2,700 users

`--design` names the vector design the running code implements, and the benchmark checks it: `user-hnsw`
(this code: a binary-quantized copy of each vector scanned through the user's btree, then re-scored, and
for users with many memories an HNSW index of their own), `bits` (the code before per-user indexes) or
`hnsw` (the design before that: an HNSW index over the table, taken for a user who holds a large share of
it, with an exact scan for the others). On this code `--design bits` measures the same data with every
user searched by the compact copies (the users' own indexes, if the data dir holds any, left unread).
To measure `hnsw` on the same data, run the benchmark with the code before the change first on the path
(see docs/benchmarks.md):

    git archive <commit> layers/engram sql | tar -x -C /tmp/engram-hnsw
    PYTHONPATH=/tmp/engram-hnsw/layers/engram python -m bench.bench_tenants --design hnsw --memories 200000

The data lives under .engram/bench-tenants-<design>/ and is removed at the end unless `--keep`.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from bench.bench_scale import (
    COPY_COLUMNS,
    COPY_TYPES,
    DIM,
    TOPICS,
    Corpus,
    LoadStats,
    Query,
    cpu_speed,
    drop_secondary_indexes,
    http_latencies,
    rebuild_indexes,
    recall_at_10,
    summary,
    table_sizes,
    time_in_process,
    vec_cte_section,
    vector_candidates,
    write_memories,
)

TARGET_IN_PROCESS_MS = 20.0
TARGET_HTTP_MS = 30.0
TAIL = (50, 1000)  # the long tail's sizes, log-uniform
SMALL_POOL = 30  # topics a user of the tail writes about; a user of 5,000 or more writes about all
CHUNK = 5000


@dataclass
class Mix:
    """Who holds how many memories: (user, memories) per user, the largest first."""

    users: list[tuple[str, int]]

    @classmethod
    def build(cls, total: int, biggest: int, large: int, large_users: int, seed: int) -> Mix:
        users = [("t-biggest", biggest)] + [(f"t-large{i:02d}", large) for i in range(large_users)]
        rest = total - biggest - large * large_users
        rng = np.random.default_rng([seed, 1])
        lo, hi = np.log(TAIL[0]), np.log(TAIL[1])
        while rest >= TAIL[0]:
            n = min(rest, int(np.exp(rng.uniform(lo, hi))))
            if rest - n < TAIL[0]:
                n = rest
            users.append((f"t-tail{len(users):05d}", n))
            rest -= n
        return cls(users)

    def classes(self) -> dict[str, list[int]]:
        """Indexes of the users of each size class, named with its sizes."""
        out: dict[str, list[int]] = {}
        for label, lo, hi in (("tail", 0, 200), ("tail", 201, 1000), ("large", 1001, 10**9)):
            members = [i for i, (_, n) in enumerate(self.users) if lo <= n <= hi and i > 0]
            if members:
                sizes = [self.users[i][1] for i in members]
                out[f"{label} {min(sizes):,}-{max(sizes):,}" if min(sizes) != max(sizes) else
                    f"{label} {sizes[0]:,}"] = members  # fmt: skip
        out[f"biggest {self.users[0][1]:,}"] = [0]
        return out


def topic_pools(mix: Mix, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Each user's topics, most frequent first (padded to TOPICS), and how many of them are theirs."""
    pools = np.zeros((len(mix.users), TOPICS), dtype=np.int32)
    sizes = np.zeros(len(mix.users), dtype=np.int32)
    for index, (_, n) in enumerate(mix.users):
        rng = np.random.default_rng([seed, index])
        own = rng.permutation(TOPICS) if n >= 5000 else rng.choice(TOPICS, SMALL_POOL, replace=False)
        pools[index, : len(own)] = own
        sizes[index] = len(own)
    return pools, sizes


def pick_topics(
    rng: np.random.Generator, pools: np.ndarray, sizes: np.ndarray, owners: np.ndarray
) -> np.ndarray:
    """A Zipf-like topic per row from its owner's pool (inverse CDF per pool size)."""
    ranks = np.empty(len(owners), dtype=np.int64)
    u = rng.random(len(owners))
    for size in np.unique(sizes[owners]):
        weights = 1.0 / np.arange(1, size + 1) ** 0.8
        cdf = np.cumsum(weights / weights.sum())
        rows = sizes[owners] == size
        ranks[rows] = np.minimum(np.searchsorted(cdf, u[rows]), size - 1)
    return pools[owners, ranks]


def load(url: str, corpus: Corpus, mix: Mix, seed: int, log: Any) -> LoadStats:
    """Every user's memories in one shuffled stream (a user's rows spread over the whole table, as when
    users write at the same time), through one binary COPY with the secondary indexes dropped."""
    import psycopg
    from pgvector.psycopg import register_vector

    stats = LoadStats()
    rng = np.random.default_rng(seed + 1)
    pools, sizes = topic_pools(mix, seed)
    owners = rng.permutation(np.repeat(np.arange(len(mix.users)), [n for _, n in mix.users]))
    names = [u for u, _ in mix.users]
    now = datetime.now(UTC)
    with psycopg.connect(url, autocommit=True) as conn:
        register_vector(conn)
        conn.execute("INSERT INTO users (id) SELECT unnest(%s::text[]) ON CONFLICT DO NOTHING", (names,))
        indexes = drop_secondary_indexes(conn)
        began_copy = time.perf_counter()
        with (
            conn.cursor() as cur,
            cur.copy(f"COPY memories ({COPY_COLUMNS}) FROM STDIN (FORMAT BINARY)") as copy,
        ):
            copy.set_types(COPY_TYPES)
            for start in range(0, len(owners), CHUNK):
                began = time.perf_counter()
                chunk = owners[start : start + CHUNK]
                topics = pick_topics(rng, pools, sizes, chunk)
                texts, subjects = corpus.sentences(rng, topics)
                vectors = corpus.embed(rng, texts, topics)
                stats.generate_s += time.perf_counter() - began
                write_memories(
                    copy, rng, [names[i] for i in chunk], texts, subjects, vectors, "topics-bench", now
                )
                stats.rows = start + len(chunk)
                if stats.rows % 100_000 < CHUNK:
                    log(f"  loaded {stats.rows:,}/{len(owners):,} rows")
        stats.copy_s = time.perf_counter() - began_copy - stats.generate_s
        stats.index_s = rebuild_indexes(conn, indexes, len(owners), log)
        began = time.perf_counter()
        conn.execute("VACUUM ANALYZE memories")
        conn.execute("VACUUM ANALYZE users")
        stats.vacuum_s = time.perf_counter() - began
        stats.sizes = table_sizes(conn)
    return stats


def make_queries(corpus: Corpus, mix: Mix, members: list[int], n: int, seed: int) -> list[Query]:
    """Fresh sentences (not stored) about a topic each user writes about, shortened, with their vectors."""
    rng = np.random.default_rng(seed)
    pools, sizes = topic_pools(mix, corpus.seed)
    owners = np.asarray([members[i % len(members)] for i in rng.permutation(max(n, len(members)))[:n]])
    topics = pick_topics(rng, pools, sizes, owners)
    out = []
    for owner, topic in zip(owners, topics, strict=True):
        text = corpus.sentences(rng, np.asarray([topic]))[0][0]
        words = text.split()
        text = " ".join(words[: max(4, len(words) // 2)]) + "?"  # questions are shorter than memories
        out.append(Query(mix.users[owner][0], text, corpus.embed(rng, [text], np.asarray([topic]))[0]))
    return out


class LoadWatch:
    """The 1-minute load average, sampled every few seconds while the benchmark measures."""

    def __init__(self, every: float = 5.0) -> None:
        self.samples: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(every,), daemon=True)

    def _run(self, every: float) -> None:
        while not self._stop.is_set():
            self.samples.append(os.getloadavg()[0])
            self._stop.wait(every)

    def __enter__(self) -> LoadWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def describe(self) -> str:
        s = self.samples or [os.getloadavg()[0]]
        return f"min {min(s):.2f}, mean {sum(s) / len(s):.2f}, max {max(s):.2f} ({len(s)} samples)"


@dataclass
class ClassResult:
    users: int
    memories: str
    in_process: dict[str, float] = field(default_factory=dict)
    vector_alone: dict[str, float] = field(default_factory=dict)
    http: dict[str, float] = field(default_factory=dict)
    recall: float = 0.0
    plan: list[str] = field(default_factory=list)


@dataclass
class IndexBuild:
    """One user's own HNSW index: its rows, build time and size (as recorded when it was built)."""

    user: str
    rows: int
    build_s: float
    size_mb: float
    reused: bool


def running_design() -> str:
    """The vector design of the engram code that runs: `hnsw` when its search still switches users to an
    HNSW index, `user-hnsw` when users with many memories get an index of their own, else `bits`."""
    from engram.db.repositories import vector_index

    if hasattr(vector_index, "SWITCH"):
        return "hnsw"
    return "user-hnsw" if hasattr(vector_index, "hnsw_expression") else "bits"


def without_user_indexes() -> None:
    """`--design bits` on code with per-user indexes: every search scans the compact copies as if no user
    had an index (whatever the data dir holds), the same data measured both ways."""
    from engram.db.repositories import user_vector_indexes

    user_vector_indexes.ready_index = lambda *args, **kwargs: None  # type: ignore[assignment]


def build_user_indexes(log: Any) -> list[IndexBuild]:
    """The users' own HNSW indexes the nightly schedule would have built (one `vector_index` job each, run
    here in turn), with the time and size of each build."""
    from engram.config import get_settings
    from engram.db.connection import get_database
    from engram.db.repositories import user_vector_indexes as repo
    from engram.lifecycle.vector_indexes import STALE_BUILD_S, converge_user_index

    db = get_database()
    with db.system_transaction() as conn:
        users = repo.users_to_converge(
            conn, min_memories=get_settings().vector_index_min_memories, stale_building_s=STALE_BUILD_S
        )
        users += [r["user_id"] for r in conn.execute("SELECT user_id FROM user_vector_indexes").fetchall()]
    builds = []
    for user in sorted(set(users)):
        result = converge_user_index(user, db=db)
        with db.user_transaction(user) as conn:
            record = repo.record(conn, user)
        if record is None or record["state"] != "ready":
            log(f"  {user}: {result}")
            continue
        builds.append(IndexBuild(user, record["rows_at_build"], record["build_ms"] / 1000,
                                 record["size_bytes"] / 2**20, result.get("action") != "built"))  # fmt: skip
        log(f"  index of {user}: {record['rows_at_build']:,} rows, {record['build_ms'] / 1000:.1f} s, "
            f"{record['size_bytes'] / 2**20:.0f} MB{' (reused)' if builds[-1].reused else ''}")  # fmt: skip
    return builds


META_TABLE = "CREATE TABLE IF NOT EXISTS bench_tenants_meta (mix jsonb, seed int, stats jsonb)"


def load_or_reuse(url: str, corpus: Corpus, mix: Mix, seed: int, log: Any) -> tuple[LoadStats, bool]:
    """Load the mix, or reuse a data dir (`--keep`) that already holds the same one."""
    import json

    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(META_TABLE)
        meta = conn.execute("SELECT mix, seed, stats FROM bench_tenants_meta").fetchone()
    if meta and [tuple(x) for x in meta[0]] == mix.users and meta[1] == seed:
        log("reusing the load")
        return LoadStats(**meta[2]), True
    if meta:
        raise SystemExit("the data dir holds a different load; use another --keep dir")
    log(f"loading {sum(n for _, n in mix.users):,} memories of {len(mix.users):,} users ...")
    stats = load(url, corpus, mix, seed, log)
    with psycopg.connect(url, autocommit=True) as conn:
        values = (json.dumps(mix.users), seed, json.dumps(vars(stats)))
        conn.execute("INSERT INTO bench_tenants_meta VALUES (%s, %s, %s)", values)
    return stats, False


def measure(
    args: argparse.Namespace, corpus: Corpus, mix: Mix, log: Any
) -> tuple[dict[str, ClassResult], str]:
    """Per class: in-process and HTTP latency, recall@10, the vector candidates' plan; and the load average
    over all of it."""
    import uvicorn

    from bench.locomo import free_port
    from engram.api.app import build_local_app

    queries = {
        name: make_queries(corpus, mix, members, args.queries, args.seed + 11 + i)
        for i, (name, members) in enumerate(mix.classes().items())
    }
    results = {
        name: ClassResult(len(members), f"{sum(mix.users[i][1] for i in members) // len(members):,}")
        for name, members in mix.classes().items()
    }
    log("warming up ...")
    for qs in queries.values():
        time_in_process(qs, "topics")
    with LoadWatch() as watch:
        for name, qs in queries.items():
            log(f"measuring {name} ...")
            results[name].in_process = summary(time_in_process(qs, "topics"))
            results[name].vector_alone = summary(time_in_process(qs, "topics", signals={"vector"}))
            results[name].recall = recall_at_10(qs[: args.recall_queries])
            results[name].plan = vector_candidates(qs[0], exact=False, explain=True)
        biggest = queries[next(reversed(queries))][0]
        every = {"vector", "fts", "name", "entity", "graph"}
        all_signals = vec_cte_section(vector_candidates(biggest, exact=False, explain=True, signals=every))
        server = uvicorn.Server(uvicorn.Config(build_local_app(), port=free_port(), log_level="warning",
                                               lifespan="off"))  # fmt: skip
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            while not server.started:
                time.sleep(0.02)
            for name, qs in queries.items():
                http_latencies(server.config.port, qs[:10])  # warm-up
                results[name].http = summary(http_latencies(server.config.port, qs))
        finally:
            server.should_exit = True
            thread.join(timeout=10)
    results[f"{next(reversed(queries))}, all signals"] = ClassResult(1, "", plan=all_signals)
    return results, watch.describe()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m bench.bench_tenants",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--memories", type=int, default=1_000_000, help="memories in all")
    p.add_argument("--biggest", type=int, default=50_000, help="memories of the one biggest user")
    p.add_argument("--large", type=int, default=10_000, help="memories of each large user")
    p.add_argument("--large-users", type=int, default=10, help="number of large users")
    p.add_argument("--quick", action="store_true", help="50,000 memories: 10,000 + 2 x 5,000 + the tail")
    p.add_argument(
        "--design",
        choices=["user-hnsw", "bits", "hnsw"],
        default="user-hnsw",
        help="the design the running code has",
    )
    p.add_argument("--queries", type=int, default=100, help="timed queries per class")
    p.add_argument("--recall-queries", type=int, default=30, help="queries per class for recall@10")
    p.add_argument("--seed", type=int, default=7, help="random seed of the synthetic data")
    p.add_argument("--keep", default=None, help="data dir to keep (and reuse when it holds the same load)")
    args = p.parse_args(argv)
    if args.quick:
        args.memories, args.biggest, args.large, args.large_users, args.queries = 50_000, 10_000, 5_000, 2, 50
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ["POWERTOOLS_METRICS_DISABLED"] = "true"  # the local stack never flushes metrics
    os.environ["ENGRAM_EMBEDDING_PROVIDER"] = "hash"
    os.environ.pop("ENGRAM_DATABASE_URL", None)

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    from engram.local.runtime import ensure_runtime_dir, start_local_runtime

    if running_design() == "user-hnsw" and args.design == "bits":
        without_user_indexes()
    elif running_design() != args.design:
        raise SystemExit(f"the engram code on the path implements `{running_design()}`, not `{args.design}`")
    ensure_runtime_dir()
    root = Path(args.keep or f".engram/bench-tenants-{args.design}").resolve()
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True, exist_ok=True)
    mix = Mix.build(args.memories, args.biggest, args.large, args.large_users, args.seed)
    corpus = Corpus(args.seed, "topics")
    runtime = start_local_runtime(root)
    try:
        began = time.perf_counter()
        stats, reused = load_or_reuse(runtime.database_url, corpus, mix, args.seed, log)
        log(f"  ready in {time.perf_counter() - began:.0f} s")
        builds = []
        if args.design == "user-hnsw":
            log("building the per-user HNSW indexes ...")
            builds = build_user_indexes(log)
        speed = cpu_speed()
        results, load_average = measure(args, corpus, mix, log)
        report(args, mix, stats, reused, results, load_average, (speed, cpu_speed()), builds)
    finally:
        runtime.stop()
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


def report(
    args: argparse.Namespace,
    mix: Mix,
    stats: LoadStats,
    reused: bool,
    results: dict[str, ClassResult],
    load_average: str,
    speed: tuple[float, float],
    builds: list[IndexBuild] | None = None,
) -> None:
    from bench.locomo import code_version

    print(
        f"## Tenant mix: {args.memories:,} memories of {len(mix.users):,} users ({DIM} dims, topic vectors, "
        f"design `{args.design}`, {os.cpu_count()} CPUs)\n"
    )
    print(f"Code: {code_version()}.\n")
    index_s = sum((stats.index_s or {}).values())
    total = stats.generate_s + stats.copy_s + index_s + stats.vacuum_s
    print(
        f"Load{' (reused; times of the original load)' if reused else ''}: {total:.0f} s in all: generate "
        f"{stats.generate_s:.0f} s, binary COPY {stats.copy_s:.0f} s "
        f"({stats.rows / max(stats.copy_s, 1e-9):,.0f} rows/s), indexes {index_s:.0f} s ("
        + ", ".join(f"{k} {v:.0f} s" for k, v in (stats.index_s or {}).items())
        + f"), VACUUM ANALYZE {stats.vacuum_s:.0f} s.\n"
    )
    print("Sizes: " + ", ".join(f"{k} {v}" for k, v in (stats.sizes or {}).items()) + ".\n")
    if builds:
        by_size: dict[int, list[IndexBuild]] = {}
        for b in builds:
            by_size.setdefault(b.rows, []).append(b)
        print(
            f"Per-user HNSW indexes: {len(builds)} users, built one after another in "
            f"{sum(b.build_s for b in builds):.0f} s"
            + (" (reused: times of the first build)" if all(b.reused for b in builds) else "")
            + "; per index: "
            + "; ".join(
                f"{rows:,} rows {min(b.build_s for b in bs):.1f}-{max(b.build_s for b in bs):.1f} s, "
                f"{sum(b.size_mb for b in bs) / len(bs):.0f} MB"
                for rows, bs in sorted(by_size.items())
            )
            + ".\n"
        )
    print(f"Load average (1 min) while measuring: {load_average}. Machine speed before / after: "
          f"{speed[0]:.2f} / {speed[1]:.2f} s for a fixed Python loop (lower is faster).\n")  # fmt: skip
    print(
        "| class | users | memories each | in-process p50 | p95 | vector alone p50 | p95 | HTTP p50 | p95 "
        "| recall@10 |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    worst_in, worst_http = 0.0, 0.0
    for name, r in results.items():
        if not r.in_process:
            continue
        worst_in, worst_http = max(worst_in, r.in_process["p95"]), max(worst_http, r.http["p95"])
        print(
            f"| {name} | {r.users:,} | {r.memories} | {r.in_process['p50']:.1f} | "
            f"{r.in_process['p95']:.1f} | {r.vector_alone['p50']:.1f} | {r.vector_alone['p95']:.1f} | "
            f"{r.http['p50']:.1f} | {r.http['p95']:.1f} | {r.recall:.3f} |"
        )
    verdict = "meets" if worst_in <= TARGET_IN_PROCESS_MS and worst_http <= TARGET_HTTP_MS else "misses"
    print(
        f"\n{args.queries} queries per class (ms, limit 10, all signals); recall over {args.recall_queries}. "
        f"Targets p95 <= {TARGET_IN_PROCESS_MS:.0f} ms in-process and <= {TARGET_HTTP_MS:.0f} ms through "
        f"HTTP for every class: **{verdict}** (worst {worst_in:.1f} / {worst_http:.1f} ms).\n"
    )
    for name, r in results.items():
        kind = "vector part of all signals" if not r.in_process else "vector signal alone"
        print(f"### Plan: {name.removesuffix(', all signals')} ({kind}, EXPLAIN (ANALYZE, BUFFERS))\n")
        print("```\n" + "\n".join(r.plan) + "\n```\n")


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
