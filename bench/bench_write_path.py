"""Offline write throughput: POST /v1/analyze of ~100-word notes on the rules provider and hash embedder.

Reports analyze latency p50/p95 through HTTP (the `engram serve` stack on an embedded PostgreSQL in a
temporary data dir, on a free port, one sequential client), facts stored per second, and the rules
extraction time in-process. The notes are generated from a fixed seed; most of their ten candidate facts
repeat earlier ones and reinforce a memory. The providers are whatever settings resolve: without API keys,
`rules` and `hash`. Nothing is asserted.

    python -m bench.bench_write_path [--notes 120]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import time

from bench.local_stack import local_stack

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


def main(notes: int = 120) -> None:
    from engram.language.temporal import warm_up

    with local_stack("engram-bench-write-") as port:
        warm_up()
        rng = random.Random(7)
        texts = [note(rng) for _ in range(notes)]
        words = statistics.mean(len(t.split()) for t in texts)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Authorization": "Bearer dev:bench-writer", "Content-Type": "application/json"}
        latencies: list[float] = []
        facts = 0
        operations: dict[str, int] = {}
        began = time.perf_counter()
        for i, text in enumerate(texts):
            body = json.dumps(
                {"content": text, "source": {"document_date": f"2026-03-{1 + i % 28:02d}T09:00:00Z"}}
            )
            start = time.perf_counter()
            conn.request("POST", "/v1/analyze", body=body, headers=headers)
            response = conn.getresponse()
            payload = json.loads(response.read())
            latencies.append((time.perf_counter() - start) * 1000)
            assert response.status == 200, payload
            facts += len(payload["facts"])
            for op in payload["operations"]:
                operations[op["operation"]] = operations.get(op["operation"], 0) + 1
        total = time.perf_counter() - began
        conn.close()

        from datetime import UTC, datetime

        from engram.engines.ports import ExtractionInput, TurnInput
        from engram.engines.rules.extractor import RulesExtractor

        extractor = RulesExtractor()
        extraction = []
        for text in texts[:50]:
            start = time.perf_counter()
            extractor.extract(
                ExtractionInput(
                    source_id="b", turns=[TurnInput(text)], observed_at=datetime(2026, 3, 1, tzinfo=UTC)
                )
            )
            extraction.append((time.perf_counter() - start) * 1000)

    print(f"offline write path (rules + hash), {notes} notes of ~{words:.0f} words, one client, sequential")
    print("| measure | value |")
    print("|---|---|")
    print(f"| analyze p50 (HTTP) | {statistics.median(latencies):.1f} ms |")
    print(f"| analyze p95 (HTTP) | {percentile(latencies, 95):.1f} ms |")
    print(f"| rules extraction p50 (in-process) | {statistics.median(extraction):.1f} ms |")
    print(f"| candidate facts per note | {facts / notes:.1f} |")
    print(f"| facts processed per second | {facts / total:.0f} |")
    print(f"| notes per second | {notes / total:.1f} |")
    print(f"| operations | {', '.join(f'{k} {v}' for k, v in sorted(operations.items()))} |")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_write_path",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--notes", type=int, default=120, help="notes to analyze (default 120)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    main(parse_args().notes)
