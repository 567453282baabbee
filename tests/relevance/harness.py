"""Run the relevance set through the HTTP API, as an app would: load each user's notes with
`POST /v1/analyze`, then ask every question with `POST /v1/search` and label what comes back.

A returned memory is matched to the notes it came from through its provenance (`source_id` is the
analyze response's `source_id` of a note), never by its text: extraction rewrites the words. Scores are
read defensively (a field the API does not return is recorded as null), so the runner works against
whatever `relevance` / `final_score` search returns. Searches see every memory: threshold 0 and the
highest sensitivity ceiling.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.http_client import ApiClient
from tests.relevance.model import History

SEARCH_LIMIT = 10
# The user's own assistant asks about the user's own life, health included: the set measures ranking over
# every memory, and the sensitivity ceiling (a separate policy, tested in tests/api) hides none of them.
SENSITIVITY_CEILING = "private"


@dataclass
class Loaded:
    """A history as the API stored it: which note each source is, and how many memories each note kept."""

    history: History
    user_id: str
    source_notes: dict[str, str] = field(default_factory=dict)  # source_id -> note key
    note_memories: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # note key -> count
    seconds: float = 0.0


def load_history(
    api: ApiClient,
    history: History,
    user_id: str,
    drain: Callable[[], object],
    maintain: Callable[[], object] | None = None,
) -> Loaded:
    """Analyze every note in date order, run the jobs they queued (`drain`), count each note's active
    memories through `GET /v1/memories` (what extraction kept), then run the nightly maintenance
    (`maintain`: the daily cleanup archives what expired), so questions see what a user would the day
    after, not only the moment the last note was written."""
    loaded = Loaded(history, user_id)
    began = time.perf_counter()
    for note in sorted(history.notes, key=lambda x: x.date):
        body = {"content": note.text, "source": {"document_date": f"{note.date}T09:00:00Z"}}
        response = api.post("/v1/analyze", body, user=user_id)
        if response.status not in (200, 202):
            raise RuntimeError(f"analyze {history.key(note.id)}: {response.status} {response.body}")
        loaded.source_notes[str(response.body["source_id"])] = history.key(note.id)
    drain()
    for memory in _all_memories(api, user_id):
        for key in notes_of(memory, loaded.source_notes):
            loaded.note_memories[key] += 1
    if maintain is not None:
        maintain()
    loaded.seconds = time.perf_counter() - began
    return loaded


def _all_memories(api: ApiClient, user_id: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        path = "/v1/memories?limit=200" + (f"&cursor={cursor}" if cursor else "")
        response = api.get(path, user=user_id)
        if response.status != 200:
            raise RuntimeError(f"list memories: {response.status} {response.body}")
        items += response.body["items"]
        cursor = response.body.get("next_cursor")
        if not cursor:
            return items


def notes_of(memory: dict[str, Any], source_notes: dict[str, str]) -> list[str]:
    """The note keys a memory came from, through its provenance."""
    keys = [source_notes.get(str(p.get("source_id"))) for p in memory.get("provenance") or []]
    return sorted({k for k in keys if k})


def score(hit: dict[str, Any], name: str) -> float | None:
    """A hit's score by name: the top-level field, else the one `explain` carries, else None."""
    value = hit.get(name)
    if value is None:
        value = (hit.get("explain") or {}).get(name)
    return float(value) if isinstance(value, int | float) else None


def ask_questions(api: ApiClient, loaded: Loaded) -> list[dict[str, Any]]:
    """One raw record per question: the question, its labels, and every hit with its scores."""
    history = loaded.history
    records = []
    for question in history.questions:
        answers = [history.key(i) for i in question.answers]
        forbidden = [history.key(i) for i in question.forbidden]
        body = {
            "query": question.text,
            "limit": SEARCH_LIMIT,
            "explain": True,
            "threshold": 0.0,
            "sensitivity_max": SENSITIVITY_CEILING,
        }
        began = time.perf_counter()
        response = api.post("/v1/search", body, user=loaded.user_id)
        latency = (time.perf_counter() - began) * 1000
        if response.status != 200:
            raise RuntimeError(f"search {question.text!r}: {response.status} {response.body}")
        hits = []
        for hit in response.body.get("results") or []:
            keys = notes_of(hit, loaded.source_notes)
            label = (
                "answer" if set(keys) & set(answers) else "forbidden" if set(keys) & set(forbidden) else ""
            )
            hits.append(
                {
                    "memory_id": hit.get("id"),
                    "content": hit.get("content"),
                    "notes": keys,
                    "label": label,
                    "similarity": score(hit, "similarity"),
                    "relevance": score(hit, "relevance"),
                    "final_score": score(hit, "final_score"),
                    "explain": hit.get("explain"),
                }
            )
        records.append(
            {
                "user": history.user,
                "kind": question.kind,
                "question": question.text,
                "answers": answers,
                "forbidden": forbidden,
                "answer_notes_with_memories": sum(1 for k in answers if loaded.note_memories.get(k)),
                "response_type": response.body.get("type"),
                "latency_ms": round(latency, 1),
                "hits": hits,
            }
        )
    return records
