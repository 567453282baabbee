"""Change detection measured end to end on a labelled set (tests/scenarios/change_sentences.json).

Each case is its own user: the prior notes go through POST /v1/analyze, then the change note. A case
counts as a found change when the memory stating the prior (its subject and attribute) is superseded
by a memory with the expected new subject/attribute/value; any supersede in a control, or of the wrong
memory, or to the wrong value, is a false alarm. docs/design.md ("Change detection") quotes the numbers.
"""

from __future__ import annotations

import json
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.http_client import ApiClient

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "change_sentences.json").read_text())[
    "cases"
]
BEFORE, AFTER = "2026-03-01T10:00:00Z", "2026-03-10T10:00:00Z"
MIN_RECALL, MIN_PRECISION = 0.90, 0.95


def _note(api: ApiClient, user: str, content: str, when: str) -> None:
    response = api.post("/v1/analyze", {"content": content, "source": {"document_date": when}}, user=user)
    assert response.status in (200, 202), (response.status, response.body)


def _memories(api: ApiClient, user: str, status: str) -> list[dict[str, Any]]:
    response = api.get(f"/v1/memories?limit=200&status={status}", user=user)
    assert response.status == 200, response.body
    return response.body["items"]


def _same(a: str | None, b: str | None) -> bool:
    return (a or "").strip().lower() == (b or "").strip().lower()


def run_case(api: ApiClient, case: dict[str, Any]) -> tuple[bool, bool, list[str]]:
    """(superseded anything, superseded the right memory with the right new fact, what it did)."""
    user = f"change-{uuid.uuid4().hex[:12]}"
    for prior in case["prior"]:
        _note(api, user, prior, BEFORE)
    _note(api, user, case["note"], AFTER)
    superseded = _memories(api, user, "superseded")
    active = {m["id"]: m for m in _memories(api, user, "active")}
    right = False
    seen = []
    for old in superseded:
        new = active.get(old["superseded_by"] or "", {})
        old_md, new_md = old["metadata"], new.get("metadata", {})
        seen.append(f"{old['content']!r} -> {new.get('content')!r} {new_md}")
        if case["old"] is None:
            continue
        if _same(old_md.get("subject"), case["old"]["subject"]) and _same(
            old_md.get("attribute"), case["old"]["attribute"]
        ):
            right = right or all(
                _same(new_md.get(k), case["new"][k]) for k in ("subject", "attribute", "value")
            )
    return bool(superseded), right, seen


def test_change_detection_precision_and_recall(api: ApiClient) -> None:
    positives = [c for c in CASES if c["old"] is not None]
    controls = [c for c in CASES if c["old"] is None]
    assert len(positives) >= 150 and len(controls) >= 40
    began = time.perf_counter()
    with ThreadPoolExecutor(max_workers=4) as pool:
        outcomes = list(pool.map(lambda case: run_case(api, case), CASES))
    elapsed = time.perf_counter() - began
    found = sum(right for (_, right, _), case in zip(outcomes, CASES, strict=True) if case["old"])
    predicted = sum(any_ for any_, _, _ in outcomes)
    recall, precision = found / len(positives), found / max(predicted, 1)
    misses = [
        f"{case['id']}: {case['note']!r} -> {seen or 'nothing superseded'}"
        for (any_, right, seen), case in zip(outcomes, CASES, strict=True)
        if (case["old"] is not None and not right) or (case["old"] is None and any_)
    ]
    print(
        f"\nchange detection (rules): {len(positives)} changes, {len(controls)} controls, "
        f"precision {precision:.3f}, recall {recall:.3f}, {elapsed:.1f}s\n" + "\n".join(misses)
    )
    assert recall >= MIN_RECALL, misses
    assert precision >= MIN_PRECISION, misses
