"""The app relevance set through HTTP: does search put the memory that answers a question first, and does a
threshold separate "nothing relevant is known" from a real answer?

Each scripted user (tests/relevance/users/) is loaded through `POST /v1/analyze` on the `engram serve`
stack (an embedded PostgreSQL in a temporary data dir, a free port, the job worker drained after each
user), then every question goes through `POST /v1/search` (limit 10, `explain: true`, threshold 0, so
every candidate is seen). Returned memories are matched to notes through provenance. Reported per kind
and overall: precision@1, MRR@5, nDCG@10, forbidden memories in the top 5, and for thresholds on
`relevance` and on `final_score` the share of no-answer questions left empty and of answerable ones
keeping an answer (tests/relevance/metrics.py defines each figure). Two sets run on the same stack and
are reported apart: `tuning` (tests/relevance/users/), which search is tuned on, and `holdout`
(tests/relevance/holdout/), which nobody tunes on, so the gap between the two says whether search
generalises beyond the histories it was tuned on; the held-out half's report gives its figures and not
its misses (read the figures, never the misses). `--out` writes the raw per-question results as JSON,
each record naming its set. Nothing is asserted (tests/relevance/test_relevance_set.py holds the floors).

    python -m bench.bench_relevance [--set tuning|holdout|all] [--embedder hash|minilm] [--quick]
                                    [--out results.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.local_stack import local_stack
from tests.http_client import ApiClient
from tests.relevance import metrics
from tests.relevance.harness import Loaded, ask_questions, load_history
from tests.relevance.model import History
from tests.relevance.relevance_set import HISTORIES, HOLDOUT, quick_histories

Record = dict[str, Any]
SETS = ("tuning", "holdout")


def usable_embedder(requested: str) -> tuple[str, str | None]:
    """The embedder to run with, and why it differs from the one requested (MiniLM may not load here)."""
    from engram.config import reset_settings
    from engram.providers.factory import get_embedder, reset_providers

    os.environ["ENGRAM_EMBEDDING_PROVIDER"] = requested
    reset_settings()
    reset_providers()
    try:
        get_embedder().embed_one("can the model load")
    except Exception as err:  # any failure to load means: run the offline default instead
        os.environ["ENGRAM_EMBEDDING_PROVIDER"] = "hash"
        reset_settings()
        reset_providers()
        return "hash", f"{requested} cannot be loaded on this machine ({err}); ran hash instead"
    return requested, None


@dataclass
class Run:
    records: list[Record]  # each carries "set": the name of the set its history belongs to
    loads: dict[str, list[Loaded]]  # set name -> its loaded histories
    embedder: str  # the one that ran
    note: str | None  # why it is not the one requested


def chosen_sets(which: str, quick: bool) -> dict[str, tuple[History, ...]]:
    """The histories of each set to run: `which` is tuning, holdout or all; `quick` is the tuning set's
    test-suite subset (the holdout has none, so nothing is ever tuned against a fast loop over it)."""
    if quick:
        return {"tuning": quick_histories()}
    sets = {"tuning": HISTORIES, "holdout": HOLDOUT}
    return {name: sets[name] for name in SETS if which in (name, "all")}


def run(sets: dict[str, tuple[History, ...]], embedder: str) -> Run:
    """Load every history of every set and ask its questions on one fresh local stack."""
    from engram.db.connection import get_database
    from engram.jobs.local_worker import LocalWorker
    from engram.language.temporal import warm_up
    from engram.lifecycle.cleanup import cleanup_user
    from engram.lifecycle.jobs import register_lifecycle_jobs
    from engram.pipeline.jobs import register_pipeline_jobs

    records: list[Record] = []
    loads: dict[str, list[Loaded]] = {name: [] for name in sets}
    with local_stack("engram-bench-relevance-") as port:
        used, note = usable_embedder(embedder)
        warm_up()
        register_pipeline_jobs()
        register_lifecycle_jobs()
        worker = LocalWorker(get_database())
        api = ApiClient("127.0.0.1", port)
        for name, histories in sets.items():
            for history in histories:
                user_id = f"relevance-{history.user}-{uuid.uuid4().hex[:8]}"
                loaded = load_history(
                    api,
                    history,
                    user_id,
                    drain=lambda: worker.run_until_idle(timeout=120),
                    maintain=lambda uid=user_id: cleanup_user(uid, datetime.now(UTC)),
                )
                loads[name].append(loaded)
                records += [record | {"set": name} for record in ask_questions(api, loaded)]
    return Run(records, loads, used, note)


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def ranking_table(records: list[Record]) -> list[str]:
    lines = ["| kind | questions | P@1 | MRR@5 | nDCG@10 | forbidden@5 |", "|---|---|---|---|---|---|"]
    groups = metrics.by_kind(records) | {"overall": records}
    for kind, rows in groups.items():
        figures = metrics.ranking(rows)
        if figures is None:
            continue
        lines.append(
            f"| {kind} | {figures.questions} | {figures.precision_at_1:.3f} | {figures.mrr_at_5:.3f} | "
            f"{figures.ndcg_at_10:.3f} | {_figure(figures.forbidden_at_5)} |"
        )
    return lines


def threshold_table(records: list[Record]) -> list[str]:
    lines = [
        "| t | relevance: no-answer empty | relevance: answer kept | final_score: no-answer empty "
        "| final_score: answer kept |",
        "|---|---|---|---|---|",
    ]
    sweeps = [metrics.sweep(records, field) for field in metrics.SCORE_FIELDS]
    for by_relevance, by_final in zip(*sweeps, strict=True):
        lines.append(
            f"| {by_relevance.threshold:.2f} | {by_relevance.empty:.3f} | {by_relevance.kept:.3f} | "
            f"{by_final.empty:.3f} | {by_final.kept:.3f} |"
        )
    for field in metrics.SCORE_FIELDS:
        best = metrics.best_cut(records, field)
        missing = sum(1 for r in records for h in r["hits"] if h.get(field) is None)
        lines.append(
            f"best threshold on {field}: t = {best.threshold:.2f}: no-answer empty {best.empty:.3f}, "
            f"answer kept {best.kept:.3f}" + (f" ({missing} hits carry no {field})" if missing else "")
        )
    return lines


def misses(records: list[Record], limit: int = 15) -> list[str]:
    """Answerable questions whose first hit is not an answer: the question and what came first."""
    lines = []
    for record in metrics.answerable(records):
        hits = record["hits"]
        if hits and hits[0]["label"] == "answer":
            continue
        first = f"{hits[0]['content']!r} ({hits[0]['label'] or 'other'})" if hits else "nothing"
        lost = "" if record["answer_notes_with_memories"] else " [answer notes kept no memory]"
        lines.append(f"- [{record['kind']}] {record['question']!r}: first {first}{lost}")
    return lines[:limit] + ([f"- ... {len(lines) - limit} more in --out"] if len(lines) > limit else [])


def silent_notes(loads: list[Loaded]) -> list[str]:
    """The notes none of whose memories survived extraction: questions they answer cannot be answered."""
    return [
        k for x in loads for k in (x.history.key(n.id) for n in x.history.notes) if not x.note_memories[k]
    ]


def report(name: str, records: list[Record], loads: list[Loaded], embedder: str) -> str:
    """One set's figures: its size, what extraction lost, latency, the tables and, but for the held-out
    half, the first misses."""
    notes = sum(len(x.history.notes) for x in loads)
    silent = silent_notes(loads)
    latencies = [r["latency_ms"] for r in records]
    lines = [
        f"app relevance set, {name} set, embedder {embedder}: {len(loads)} users, {notes} notes, "
        f"{len(records)} questions ({len(metrics.answerable(records))} answerable)",
        f"notes that kept no memory: {len(silent)}" + (f" ({', '.join(silent)})" if silent else ""),
        f"loading the notes (analyze, jobs drained): {sum(x.seconds for x in loads):.0f} s; "
        f"search latency through HTTP: p50 {statistics.median(latencies):.0f} ms, "
        f"max {max(latencies):.0f} ms",
        "",
        *ranking_table(records),
        "",
        *threshold_table(records),
    ]
    if name != "holdout":  # the held-out half is read by its figures, never its misses
        lines += ["", "first hit is not an answer:", *misses(records)]
    return "\n".join(lines)


def main(embedder: str = "hash", quick: bool = False, out: Path | None = None, which: str = "all") -> None:
    os.environ["POWERTOOLS_METRICS_DISABLED"] = "true"
    began = time.perf_counter()
    result = run(chosen_sets(which, quick), embedder)
    if result.note:
        print(result.note)
    for name, loads in result.loads.items():
        records = [r for r in result.records if r["set"] == name]
        print(report(name, records, loads, result.embedder), end="\n\n")
    print(f"whole run: {time.perf_counter() - began:.0f} s")
    if out is not None:
        body = {
            "embedder": result.embedder,
            "note": result.note,
            "quick": quick,
            "sets": list(result.loads),
            "notes_without_memory": {name: silent_notes(loads) for name, loads in result.loads.items()},
            "questions": result.records,
        }
        out.write_text(json.dumps(body, indent=1))
        print(f"raw results: {out}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_relevance",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--set",
        dest="which",
        choices=(*SETS, "all"),
        default="all",
        help="tuning (search is tuned on it), holdout (nobody tunes on it) or all (default), "
        "each reported apart",
    )
    parser.add_argument("--embedder", choices=("hash", "minilm"), default="hash", help="default hash")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="the test suite's subset of the tuning set: two users, ~30 questions",
    )
    parser.add_argument("--out", type=Path, help="write the raw per-question results as JSON here")
    args = parser.parse_args(argv)
    if args.quick and args.which == "holdout":
        parser.error("--quick is a subset of the tuning set; the holdout has none")
    return args


if __name__ == "__main__":
    args = parse_args()
    main(args.embedder, args.quick, args.out, args.which)
