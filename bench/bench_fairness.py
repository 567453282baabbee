"""Fairness between users: one user floods POST /v1/analyze while ten others work at a human pace.

The `engram serve` stack (an embedded PostgreSQL in a temporary data dir, the local HTTP app on a free
port, the local job worker), three phases of `--seconds` each on the offline rules engine:

1. the ten alone: each analyzes a short note, pauses, searches, pauses (about one request a second);
2. the same with a flooder that re-sends analyze from eight connections as fast as it is answered, and
   no per-user limits;
3. the same flood with per-user limits (`write` 20 and `read` 60 per 10-second window).

Reported: the ten's p50/p95 latency per phase and any refusal they got, the flooder's answers; the cost
of counting a request at the gate, in-process. Then the daily model-token budget, against a local
stand-in for the Anthropic Messages API (every call answers at once and costs 1,000 tokens): the flooder
queues analyses (`async`) until its budget of ten calls is spent, its remaining jobs are deferred (not
failed) while another user's analysis still runs; then the budget day is turned (its ledger row moved
back a day and its jobs made due: what midnight UTC does) until every deferred job has run. Nothing is
asserted.

    python -m bench.bench_fairness [--seconds 5] [--users 10]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.local_stack import local_stack
from tests.model_stand_in import MessagesApiStandIn

WINDOW_SECONDS = 10
LIMITS = {"ENGRAM_RATE_LIMIT_WRITE": "20", "ENGRAM_RATE_LIMIT_READ": "60", "ENGRAM_RATE_LIMIT_ADMIN": "10"}
FLOOD_CONNECTIONS = 8
PACE_SECONDS = 0.5  # a person's pause between two actions, jittered
TOKENS_PER_CALL = 1000
BUDGET_WINDOW_SECONDS = 2  # the budget phase's write limit: 8 per 2 s
BUDGET_CALLS = 10
PLACES = ["Lisbon", "Kyoto", "Denver", "Nairobi", "Toronto", "Berlin", "Austin", "Seattle"]
HOBBIES = ["hiking", "chess", "cello", "pottery", "climbing", "running", "painting", "yoga"]


def note(rng: random.Random) -> dict:
    text = (
        f"My friend {rng.choice(['Sarah', 'Ravi', 'Mei', 'Tom'])} moved to {rng.choice(PLACES)} and "
        f"started {rng.choice(HOBBIES)}. I want to visit in {rng.choice(['May', 'June', 'July'])}."
    )
    return {"content": text, "source": {"document_date": "2026-03-10T10:00:00Z"}}


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int, millis: float) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.latencies.append(millis)


class Client:
    def __init__(self, port: int, user: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.headers = {"Authorization": f"Bearer dev:{user}", "Content-Type": "application/json"}

    def send(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict, float]:
        start = time.perf_counter()
        self.conn.request(method, path, body=json.dumps(body) if body else None, headers=self.headers)
        response = self.conn.getresponse()
        payload = json.loads(response.read() or b"null")
        return response.status, payload, (time.perf_counter() - start) * 1000


def person(port: int, user: str, seed: int, stop: threading.Event, tally: Tally) -> None:
    rng, client = random.Random(seed), Client(port, user)
    while not stop.is_set():
        for method, path, body in (
            ("POST", "/v1/analyze", note(rng)),
            ("POST", "/v1/search", {"query": f"who moved to {rng.choice(PLACES)}?"}),
        ):
            status, _, millis = client.send(method, path, body)
            tally.add(status, millis)
            stop.wait(PACE_SECONDS * rng.uniform(0.5, 1.5))


def flooder(port: int, user: str, seed: int, stop: threading.Event, tally: Tally) -> None:
    """A runaway client: queues analyses (`async`) as fast as it is answered, whatever the answer."""
    rng, client = random.Random(seed), Client(port, user)
    while not stop.is_set():
        status, _, millis = client.send("POST", "/v1/analyze", note(rng) | {"async": True})
        tally.add(status, millis)


def run_phase(port: int, users: int, seconds: float, flood: str | None) -> tuple[Tally, Tally]:
    stop, people, flood_tally = threading.Event(), Tally(), Tally()
    threads = [
        threading.Thread(target=person, args=(port, f"person-{i}", i, stop, people)) for i in range(users)
    ]
    if flood:
        threads += [
            threading.Thread(target=flooder, args=(port, flood, 100 + i, stop, flood_tally))
            for i in range(FLOOD_CONNECTIONS)
        ]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    return people, flood_tally


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else 0.0


def configure(**variables: str) -> None:
    from engram.config import reset_settings
    from engram.providers.factory import reset_providers

    os.environ.update(variables)
    reset_settings()
    reset_providers()


def counting_cost(samples: int = 400) -> tuple[float, float]:
    """p50 and p95 of the gate's count of one request (a limit set, never reached), in-process, in
    microseconds."""
    from engram.lifecycle.fairness import admit_user

    configure(ENGRAM_RATE_LIMIT_READ=str(10 * samples))
    timings = []
    for _ in range(samples):
        start = time.perf_counter()
        admit_user("bench-cost", "read", lambda: False)
        timings.append((time.perf_counter() - start) * 1e6)
    return statistics.median(timings), percentile(timings, 95)


def cancel_backlog(user: str) -> int:
    """Cancel the user's queued jobs not started yet (a backlog nobody waits for); returns how many."""
    from engram.db.connection import get_database

    with get_database().system_transaction() as conn:
        return conn.execute(
            "UPDATE memory_jobs SET status = 'cancelled' WHERE user_id = %s AND status = 'pending'", (user,)
        ).rowcount


def request_limits(port: int, users: int, seconds: float) -> None:
    configure(ENGRAM_RATE_LIMIT_WINDOW_SECONDS=str(WINDOW_SECONDS), **LIMITS)
    cost = counting_cost()
    rows = []
    for label, flood, limited in (
        ("the ten alone", None, True),
        ("with the flood, no per-user limits", "flooder-unlimited", False),
        ("with the flood, per-user limits", "flooder-limited", True),
    ):
        configure(**{name: (value if limited else "0") for name, value in LIMITS.items()})
        people, flood_tally = run_phase(port, users, seconds, flood)
        # Without limits the flood leaves a backlog that would keep the worker busy through the next
        # phase: counted, then cancelled (nobody waits for it).
        backlog = cancel_backlog(flood) if flood and not limited else 0
        rows.append((label, people, flood_tally, backlog))
    drained = wait_for(lambda: set(jobs_of("flooder-limited")) <= {"completed"}, timeout=60)
    processed = jobs_of("flooder-limited")
    print(
        f"fairness: {users} people (analyze + search, ~{PACE_SECONDS} s pauses), {seconds:.0f} s per phase;"
    )
    print(
        f"the flood: queued analyses from {FLOOD_CONNECTIONS} connections; limits per {WINDOW_SECONDS} s "
        f"window: write {LIMITS['ENGRAM_RATE_LIMIT_WRITE']}, read {LIMITS['ENGRAM_RATE_LIMIT_READ']}"
    )
    print(
        "| phase | the ten: requests | p50 | p95 | their refusals | flood: 202 | flood: 429 | backlog left |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for label, people, flood_tally, backlog in rows:
        refused = sum(n for status, n in people.statuses.items() if status >= 400)
        print(
            f"| {label} | {len(people.latencies)} | {statistics.median(people.latencies):.0f} ms "
            f"| {percentile(people.latencies, 95):.0f} ms | {refused} "
            f"| {flood_tally.statuses[202]} | {flood_tally.statuses[429]} | {backlog} |"
        )
    outcome = ", ".join(f"{k} {v}" for k, v in processed.items())
    print(f"with limits: every job of the accepted analyses processed ({outcome}), {drained:.1f} s after")
    print(
        f"counting a request at the gate (in-process, a limit set): p50 {cost[0]:.0f} us, "
        f"p95 {cost[1]:.0f} us"
    )


def jobs_of(user: str) -> Counter[str]:
    """The user's jobs by status; pending jobs not due yet count as `deferred`."""
    from engram.db.connection import get_database

    with get_database().system_transaction() as conn:
        rows = conn.execute(
            """SELECT status, (status = 'pending' AND scheduled_for > now()) AS waiting, count(*) AS n
               FROM memory_jobs WHERE user_id = %s GROUP BY 1, 2""",
            (user,),
        ).fetchall()
    return Counter({("deferred" if r["waiting"] else r["status"]): r["n"] for r in rows})


def wait_for(settled: Callable[[], bool], timeout: float = 30.0) -> float:
    began = time.monotonic()
    while not settled() and time.monotonic() - began < timeout:
        time.sleep(0.1)
    return time.monotonic() - began


def token_budget(port: int) -> None:
    from engram.db.connection import get_database

    stand_in = MessagesApiStandIn(TOKENS_PER_CALL)
    configure(
        ENGRAM_RATE_LIMIT_WINDOW_SECONDS=str(BUDGET_WINDOW_SECONDS),
        ENGRAM_RATE_LIMIT_WRITE="8",
        ENGRAM_MODEL_BUDGET_DAILY=str(TOKENS_PER_CALL * BUDGET_CALLS),
        **stand_in.environment(),
    )
    user, stop, tally = "flooder-budget", threading.Event(), Tally()
    thread = threading.Thread(target=flooder, args=(port, user, 7, stop, tally))
    thread.start()
    time.sleep(3)
    stop.set()
    thread.join()
    wait_for(lambda: not (jobs_of(user).keys() & {"pending", "processing"}))
    spent = jobs_of(user)
    # The flooder's next inline analysis, in a fresh window: the budget refuses it, not the write limit.
    time.sleep(BUDGET_WINDOW_SECONDS - time.time() % BUDGET_WINDOW_SECONDS + 0.1)
    other, _, _ = Client(port, "person-0").send("POST", "/v1/analyze", note(random.Random(1)))
    refused, answer, _ = Client(port, user).send("POST", "/v1/analyze", note(random.Random(2)))
    days = 0
    while "deferred" in jobs_of(user) and days < 10:
        days += 1
        with get_database().system_transaction() as conn:  # the next UTC day, as midnight brings it
            conn.execute("UPDATE model_token_usage SET day = day - 1 WHERE user_id = %s", (user,))
            conn.execute(
                "UPDATE memory_jobs SET scheduled_for = now() WHERE user_id = %s AND status = 'pending'",
                (user,),
            )
        wait_for(lambda: not (jobs_of(user).keys() & {"pending", "processing"}))
    done = jobs_of(user)
    stand_in.close()
    print(f"daily model-token budget: {BUDGET_CALLS} calls' worth; the flooder queued analyses for 3 s")
    print("| measure | value |")
    print("|---|---|")
    print(
        f"| queued analyses accepted (202) / refused (429) | {tally.statuses[202]} / {tally.statuses[429]} |"
    )
    print(f"| jobs once the budget was spent | {', '.join(f'{k} {v}' for k, v in sorted(spent.items()))} |")
    print(f"| another user's inline analysis meanwhile | {other} |")
    print(f"| the flooder's inline analysis meanwhile | {refused} {answer['error']['code']} |")
    print(
        f"| jobs after the budget day turned {days} times | "
        f"{', '.join(f'{k} {v}' for k, v in sorted(done.items()))} |"
    )


def main(seconds: float = 5.0, users: int = 10) -> None:
    from engram.jobs.local_worker import LocalWorker
    from engram.language.temporal import warm_up
    from engram.pipeline.jobs import register_pipeline_jobs

    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "1")
    with local_stack("engram-bench-fairness-") as port:
        warm_up()
        register_pipeline_jobs()
        worker = LocalWorker(poll_interval=0.1)
        worker.start()
        try:
            request_limits(port, users, seconds)
            print()
            token_budget(port)
        finally:
            worker.stop()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_fairness",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each phase (default 5)")
    parser.add_argument("--users", type=int, default=10, help="people working normally (default 10)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse_args()
    main(args.seconds, args.users)
