"""`engram demo`: a scripted week of notes sent through the real HTTP API, then what Engram made of it.

It starts the same stack as `engram serve` on a free local port, posts each note as a fresh demo user
(so runs never mix), and prints what was learned, superseded and forgotten, and the insights.
"""

from __future__ import annotations

import http.client
import json
import logging
import socket
import threading
import time
import uuid
from pathlib import Path
from typing import Any

DEMO_FILE = Path(__file__).resolve().parents[4] / "events" / "demo_week.json"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Client:
    def __init__(self, port: int, user: str):
        self.port, self.user = port, user

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Authorization": f"Bearer dev:{self.user}", "Content-Type": "application/json"}
        conn.request(method, path, body=payload, headers=headers)
        response = conn.getresponse()
        data = response.read()
        conn.close()
        return response.status, json.loads(data) if data else None


def run_demo(data_dir: Path | None = None, script: Path = DEMO_FILE) -> int:
    from engram.observability import SERVICE, metrics

    # The service's INFO logs are JSON lines for a log pipeline ("secrets redacted before storage"): in
    # the middle of the demo's story they are noise. Warnings and errors still show.
    service_log = logging.getLogger(SERVICE)
    level = service_log.level
    service_log.setLevel(max(level, logging.WARNING))
    # Powertools prints a metric's EMF line to stdout once it holds 100 values: counts the process
    # gathered before the demo (its caller's own work) would land in the middle of the story.
    metrics.clear_metrics()
    try:
        return _run(data_dir, script)
    finally:
        service_log.setLevel(level)
        metrics.clear_metrics()


def _run(data_dir: Path | None, script: Path) -> int:
    import uvicorn

    from engram.api.app import build_local_app
    from engram.config import get_settings
    from engram.language.temporal import warm_up
    from engram.local.runtime import start_local_runtime

    runtime = start_local_runtime(data_dir)
    warm_up()
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(build_local_app(), host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        settings = get_settings()
        plan = json.loads(script.read_text())
        user = f"{plan.get('user_prefix', 'demo')}-{uuid.uuid4().hex[:8]}"
        client = _Client(port, user)
        print(
            f"Engram demo as user {user!r} (llm: {settings.resolved_llm_provider}, "
            f"embeddings: {settings.resolved_embedding_provider})\n"
        )
        insights: list[dict] = []
        for note in plan["notes"]:
            status, body = client.call(
                "POST", "/v1/analyze", {"content": note["content"], "source": {"document_date": note["when"]}}
            )
            print(f"[{note['when'][:10]}] {note['content']}")
            if status >= 400:
                print(f"    ! {status} {body}")
                continue
            for operation in body.get("operations", []):
                label = operation["operation"] + (
                    f"/{operation['strategy']}" if operation.get("strategy") else ""
                )
                print(f"    {label:<17} {operation.get('content') or operation.get('reasoning', '')}")
            for insight in body.get("insights", []):
                print(f"    * {insight['message']}")
                insights.append(insight)
        _, active = client.call("GET", "/v1/memories?limit=200&include_historical=true")
        _, superseded = client.call("GET", "/v1/memories?status=superseded&limit=200")
        print("\nWhat Engram knows now:")
        for memory in sorted(active["items"], key=lambda m: m["created_at"]):
            flags = [memory["memory_type"]]
            if memory["sensitivity_level"] != "normal":
                flags.append(memory["sensitivity_level"])
            if memory["is_historical"]:
                flags.append("historical")
            if memory["recurrence"]:
                flags.append(f"every {memory['recurrence'].get('day') or memory['recurrence'].get('type')}")
            if memory["effective_from"]:
                flags.append(f"from {memory['effective_from'][:10]}")
            print(f"  - {memory['content']}  [{', '.join(flags)}; confidence {memory['confidence']:.2f}]")
        print("\nSuperseded (kept as history):")
        for memory in superseded["items"]:
            print(f"  - {memory['content']}  (until {memory['valid_to'][:10]})")
        if not superseded["items"]:
            print("  (none)")
        print("\nInsights:")
        for insight in insights or [{"message": "(none)"}]:
            print(f"  - {insight['message']}")
        return 0
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        runtime.stop()
