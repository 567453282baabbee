"""The labelled change set on the LLM path: each case's extraction and decision as a good model records
them, replayed through the real Anthropic SDK (tests/scenarios/test_llm_path.py's local server), and the
pipeline must execute them the same way: a change supersedes the prior memory with the new
subject/attribute/value, a control supersedes nothing. The prompts must state the change rules."""

from __future__ import annotations

import json
import uuid
from typing import Any

from tests.scenarios.conftest import Engram
from tests.scenarios.test_change_detection import AFTER, BEFORE, CASES, _same
from tests.scenarios.test_llm_path import RecordedAnthropic, claude, fact  # noqa: F401 - the fixture

CHANGE_RULES = (
    "value is the NEW state",
    "Changes of third parties count the same as the user's",
    "An ending with no new state has an ending value",
)
DECISION_RULES = ("supersedes the current memory, for the user and for anyone else alike",)


def _record_case(recorded: RecordedAnthropic, case: dict[str, Any]) -> None:
    old, new = case["old"], case["new"]
    for prior in case["prior"]:
        scope = {"subject": old["subject"], "attribute": old["attribute"], "value": "before"} if old else {}
        recorded.extraction(fact(prior, **scope))
        recorded.tool("add_memory", {"content": prior, "reasoning": "new information"})
    if new is None:
        recorded.extraction(fact(case["note"]))
        recorded.tool("add_memory", {"content": case["note"], "reasoning": "not a change of anything stored"})
        return
    recorded.extraction(fact(case["note"], **new))
    recorded.tool(
        "update_memory",
        {
            "memory_id": "1",
            "new_content": case["note"],
            "merge_strategy": "supersede",
            "reasoning": "changed",
        },
    )


def _run(engram: Engram, case: dict[str, Any]) -> tuple[list[dict], dict[str, dict]]:
    for prior in case["prior"]:
        engram.note(prior, when=BEFORE)
    engram.note(case["note"], when=AFTER)
    superseded = engram.memories(status="superseded")
    active = {m["id"]: m for m in engram.memories()}
    return superseded, active


def test_the_change_set_on_the_llm_path(engram: Engram, claude: RecordedAnthropic) -> None:  # noqa: F811
    wrong = []
    for case in CASES:
        _record_case(claude, case)
        superseded, active = _run(Engram(engram.api, f"llm-change-{uuid.uuid4().hex[:10]}"), case)
        if case["new"] is None:
            if superseded:
                wrong.append((case["id"], "a control superseded"))
            continue
        new = active.get(superseded[0]["superseded_by"], {}) if len(superseded) == 1 else {}
        metadata = new.get("metadata", {})
        if not all(_same(metadata.get(k), case["new"][k]) for k in ("subject", "attribute", "value")):
            wrong.append((case["id"], superseded, metadata))
    assert not claude.responses, "every recorded answer was asked for"
    assert not wrong, wrong
    extraction_prompts, decision_prompts = json.dumps(claude.requests[0]), json.dumps(claude.requests[1])
    for rule in CHANGE_RULES:
        assert rule in extraction_prompts, rule
    for rule in DECISION_RULES:
        assert rule in decision_prompts, rule
