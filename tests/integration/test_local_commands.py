"""What `engram serve` and `engram demo` print: one clear line for a busy port, a demo story without
the service's JSON log lines in the middle of it."""

from __future__ import annotations

import io
import json
import logging
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.serve_process import clean_env


def test_serve_on_a_busy_port_says_so_once_and_exits_non_zero(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "engram.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
            + ["--data-dir", str(tmp_path / "data")],
            env=clean_env(),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert "Engram" not in done.stdout  # no banner announcing an address it cannot serve
    assert done.stderr.count("already in use") == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"http://127.0.0.1:{port}" in done.stderr and "--port" in done.stderr
    assert not (tmp_path / "data" / "pgdata" / "postmaster.pid").exists()  # its database stopped again


def test_the_demo_story_has_no_json_log_lines(
    db: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from aws_lambda_powertools.metrics import MetricUnit

    from engram.local.demo import run_demo
    from engram.observability import logger, metrics

    metrics.clear_metrics()  # counts of the tests before this one in the process: they are not the point
    for _ in range(99):  # the process's earlier work: one more count would print the metric's EMF line
        metrics.add_metric(name="ADD", unit=MetricUnit.Count, value=1)
    script = tmp_path / "week.json"
    notes = [
        {"when": "2026-03-02T08:30:00Z", "content": "Had coffee with Sarah, she works at Stripe."},
        {"when": "2026-03-03T08:30:00Z", "content": "My wifi password is hunter22."},  # logs a redaction
    ]
    script.write_text(json.dumps({"user_prefix": "demo-test", "notes": notes}))
    service_log = logging.getLogger(logger.service)  # the service logger, with its handler in place
    assert service_log.handlers
    logged = io.StringIO()
    streams = [(handler, handler.setStream(logged)) for handler in service_log.handlers]  # type: ignore[attr-defined]
    try:
        assert run_demo(script=script) == 0
        assert logged.getvalue() == "", logged.getvalue()
        logger.info("after the demo")  # the service logs as before once it ends
        assert "after the demo" in logged.getvalue()
    finally:
        for handler, stream in streams:
            handler.setStream(stream)  # type: ignore[attr-defined]
    story = capsys.readouterr().out
    assert "Had coffee with Sarah" in story and "What Engram knows now:" in story
    assert not [line for line in story.splitlines() if line.startswith("{")]
