"""Offline write throughput: POST /v1/analyze of ~100-word notes on the rules provider and hash embedder.

Reports analyze latency p50/p95 through HTTP (the `engram serve` stack on an embedded PostgreSQL in a
temporary data dir, on a free port; one client by default, `--clients N` users writing at once, each
sending its notes one after another), facts stored per second, and the rules
extraction time in-process. Then, in-process for another user (`IN_PROCESS_NOTES` notes, the first
`WARM_NOTES` not counted): milliseconds per note, and the statements sent and results read back (each a
wait on the database) per note. The notes are generated from a fixed seed; most of their ten candidate
facts repeat earlier ones and reinforce a memory. The providers are whatever settings resolve: without
API keys, `rules` and `hash`. Nothing is asserted.

    python -m bench.bench_write_path [--notes 120] [--clients 1]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import psycopg

from bench.local_stack import local_stack

IN_PROCESS_NOTES, WARM_NOTES = 60, 15

PEOPLE = ["Sarah", "Marcus", "Priya", "Tom", "Elena", "Jon", "Aisha", "Diego", "Mei", "Noah"]
PLACES = ["Seattle", "Lisbon", "Denver", "Austin", "Kyoto", "Berlin", "Toronto", "Nairobi"]
ACTIVITIES = ["hiking", "running", "climbing", "cooking", "painting", "swimming", "chess", "yoga"]
COMPANIES = ["Stripe", "Notion", "Figma", "Shopify", "Airbnb", "Canva"]


def note(rng: random.Random) -> str:
    p1, p2 = rng.sample(PEOPLE, 2)
    place, activity, company = rng.choice(PLACES), rng.choice(ACTIVITIES), rng.choice(COMPANIES)
    n = rng.randint(2, 9)
    return (
        f"Had lunch with {p1} today at a small place near the office. {p1} told me they are thinking about "
        f"leaving {company} because the team keeps changing. I love {activity} and I want to do it {n} times "
        f"a month this year. Starting next month I'm going to visit {place} with my partner. "
        f"{p2} recommended "
        f"a book about habits and I decided to read it before the trip. I have team standup every Monday at "
        f"9am, which is fine, but the Thursday planning meeting runs too long. We shipped the new onboarding "
        f"flow yesterday and users loved it. Note {rng.randint(1, 10_000)}."
    )


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


@dataclass
class ClientRun:
    """What one client (one user, one connection, sequential requests) saw."""

    latencies: list[float] = field(default_factory=list)
    facts: int = 0
    operations: Counter[str] = field(default_factory=Counter)


def run_client(port: int, user: str, texts: list[str]) -> ClientRun:
    run = ClientRun()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": f"Bearer dev:{user}", "Content-Type": "application/json"}
    for i, text in enumerate(texts):
        body = json.dumps(
            {"content": text, "source": {"document_date": f"2026-03-{1 + i % 28:02d}T09:00:00Z"}}
        )
        start = time.perf_counter()
        conn.request("POST", "/v1/analyze", body=body, headers=headers)
        response = conn.getresponse()
        payload = json.loads(response.read())
        run.latencies.append((time.perf_counter() - start) * 1000)
        assert response.status == 200, payload
        run.facts += len(payload["facts"])
        run.operations.update(op["operation"] for op in payload["operations"])
    conn.close()
    return run


def extraction_times(texts: list[str]) -> list[float]:
    from datetime import UTC, datetime

    from engram.engines.ports import ExtractionInput, TurnInput
    from engram.engines.rules.extractor import RulesExtractor

    extractor = RulesExtractor()
    times = []
    for text in texts[:50]:
        start = time.perf_counter()
        extractor.extract(
            ExtractionInput(
                source_id="b", turns=[TurnInput(text)], observed_at=datetime(2026, 3, 1, tzinfo=UTC)
            )
        )
        times.append((time.perf_counter() - start) * 1000)
    return times


class CountingCursor(psycopg.Cursor[Any]):
    """Counts what the connection sends and what it waits for (class-wide: one in-process run at a time)."""

    statements = 0
    reads = 0

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:  # type: ignore[override]
        CountingCursor.statements += 1
        return super().execute(query, params, **kwargs)

    def fetchone(self) -> Any:
        CountingCursor.reads += 1
        return super().fetchone()

    def fetchall(self) -> Any:
        CountingCursor.reads += 1
        return super().fetchall()


def in_process(texts: list[str]) -> tuple[float, float, float]:
    """Milliseconds, statements and results read back per note, applied in-process (no HTTP)."""
    from engram.db.connection import get_database
    from engram.models import AnalyzeRequest
    from engram.pipeline.analyze import analyze

    get_database().connection().cursor_factory = CountingCursor  # type: ignore[assignment]
    times = []
    for i, text in enumerate(texts):
        if i == WARM_NOTES:
            CountingCursor.statements = CountingCursor.reads = 0
        request = AnalyzeRequest.model_validate(
            {
                "content": text,
                "source": {"document_date": f"2026-03-{1 + i % 28:02d}T09:00:00Z"},
                "async": False,
            }
        )
        start = time.perf_counter()
        analyze("bench-in-process", request)
        times.append((time.perf_counter() - start) * 1000)
    counted = len(texts) - WARM_NOTES
    return (
        statistics.median(times[WARM_NOTES:]),
        CountingCursor.statements / counted,
        CountingCursor.reads / counted,
    )


def main(notes: int = 120, clients: int = 1) -> None:
    """`clients` users write at once, each sending `notes` notes one after another."""
    from engram.language.temporal import warm_up

    with local_stack("engram-bench-write-") as port:
        warm_up()
        rng = random.Random(7)
        texts = [[note(rng) for _ in range(notes)] for _ in range(clients)]
        words = statistics.mean(len(t.split()) for client in texts for t in client)
        began = time.perf_counter()
        with ThreadPoolExecutor(clients) as pool:
            runs = list(pool.map(lambda i: run_client(port, f"bench-writer-{i}", texts[i]), range(clients)))
        total = time.perf_counter() - began
        extraction = extraction_times(texts[0])
        per_note_ms, statements, reads = in_process([note(rng) for _ in range(IN_PROCESS_NOTES)])
    latencies = [ms for run in runs for ms in run.latencies]
    facts, operations = sum(r.facts for r in runs), sum((r.operations for r in runs), Counter[str]())
    sent = notes * clients
    print(
        f"offline write path (rules + hash), {sent} notes of ~{words:.0f} words, "
        f"{clients} client(s) (one user each) sending one note after another"
    )
    print("| measure | value |")
    print("|---|---|")
    print(f"| analyze p50 (HTTP) | {statistics.median(latencies):.1f} ms |")
    print(f"| analyze p95 (HTTP) | {percentile(latencies, 95):.1f} ms |")
    print(f"| rules extraction p50 (in-process) | {statistics.median(extraction):.1f} ms |")
    print(f"| candidate facts per note | {facts / sent:.1f} |")
    print(f"| facts processed per second | {facts / total:.0f} |")
    print(f"| notes per second | {sent / total:.1f} |")
    print(f"| operations | {', '.join(f'{k} {v}' for k, v in sorted(operations.items()))} |")
    print(f"| in-process per note (median) | {per_note_ms:.1f} ms |")
    print(f"| statements per note | {statements:.1f} |")
    print(f"| results read back per note | {reads:.1f} |")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_write_path",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--notes", type=int, default=120, help="notes each client analyzes (default 120)")
    parser.add_argument("--clients", type=int, default=1, help="users writing at once (default 1)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse_args()
    main(args.notes, args.clients)
