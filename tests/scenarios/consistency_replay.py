"""A local Anthropic Messages API that answers the consistency stories from recorded tool calls.

`consistency_recordings.json` holds, per note, what a good model returns: the `record_memories` call
(its facts, changes) and, per fact, the decision tool it calls; per recall question, the answers of
`decide_memory_search` and `search_queries`. The real SDK talks to this server
(ANTHROPIC_BASE_URL), so the whole LLM path runs. Requests are answered by what they ask, not in
order: an extraction by the note in its messages, a decision by the candidate's content. A decision
names its target by a word of the memory (`"target": "Brightwave"`), and the server turns it into the
number the prompt listed that memory under, as a model reading the prompt would; when no listed memory
carries the word, the model could not have chosen it, and the recorded fallback (add) is answered.

Fields a model sends the same way for every fact (importance, confidence, source_type, sensitivity,
message_refs) are filled in when a recording leaves them out, and entities may be written as
[name, entity_type] or [name, entity_type, relationship]; the server sends the full tool input.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.model_stand_in import LocalMessagesApi

RECORDINGS = Path(__file__).with_name("consistency_recordings.json")
FACT_DEFAULTS = {
    "memory_type": "fact",
    "importance": "high",
    "confidence": 0.9,
    "source_type": "explicit",
    "sensitivity_level": "normal",
    "message_refs": [1],
}
PERSON_TYPES = {"person"}
LISTED = re.compile(r"^\[(\d+)\] \([^\n]*\)\n\s+(.*)$", re.M)
CANDIDATE = re.compile(r"^content: (.*)$", re.M)


def _entity(raw: list[str] | dict) -> dict:
    if isinstance(raw, dict):
        return raw
    name, entity_type, *rest = raw
    entity = {
        "name": name,
        "kind": "person" if entity_type in PERSON_TYPES else "entity",
        "entity_type": entity_type,
        "role": "mention",
    }
    if rest:
        entity["relationship"] = rest[0]
    return entity


def _fact(raw: dict) -> dict:
    fact = FACT_DEFAULTS | {k: v for k, v in raw.items() if k != "decide"}
    fact["entities"] = [_entity(e) for e in raw.get("entities", [])]
    return fact


class Recordings:
    def __init__(self, path: Path = RECORDINGS):
        data = json.loads(path.read_text())
        self.notes: dict[str, dict] = data["notes"]
        self.questions: dict[str, dict] = data["questions"]  # recall: needs_search and the queries
        self.decisions: dict[str, dict] = {}
        for recording in self.notes.values():
            for fact in recording["facts"]:
                assert fact["content"] not in self.decisions, f"fact recorded twice: {fact['content']}"
                self.decisions[fact["content"]] = fact.get("decide", {"tool": "add_memory"})
        self.unrecorded: list[str] = []  # requests no recording answered (reported by the test)

    def extraction(self, text: str) -> dict:
        matches = [note for note in self.notes if note in text]
        if not matches:
            self.unrecorded.append(f"extraction: {text[-200:]}")
            return {"facts": []}
        recording = self.notes[max(matches, key=len)]
        return {
            "facts": [_fact(f) for f in recording["facts"]],
            "changes_detected": recording.get("changes", []),
            "decisions": [],
            "actions": [],
        }

    def question(self, tool: str, prompt: str) -> dict:
        asked = prompt.rsplit("\n", 1)[-1].strip()
        recorded = self.questions.get(asked)
        if recorded is None:
            self.unrecorded.append(f"{tool}: {asked}")
            recorded = {"needs_search": True, "queries": [asked]}
        if tool == "decide_memory_search":
            return {"needs_search": recorded["needs_search"], "reasons": ["asks about the user's life"]}
        return {"queries": recorded["queries"]}

    def decision(self, prompt: str) -> tuple[str, dict]:
        candidate = CANDIDATE.search(prompt)
        content = candidate.group(1).strip() if candidate else ""
        listed = {int(n): text for n, text in LISTED.findall(prompt)}
        recorded = self.decisions.get(content)
        if recorded is None:
            self.unrecorded.append(f"decision: {content}")
            return "add_memory", {"content": content, "reasoning": "not recorded: new information"}
        tool = recorded["tool"]
        reasoning = recorded.get("reasoning", "recorded decision")
        if tool == "add_memory":
            return tool, {"content": content, "reasoning": reasoning}
        target = recorded["target"].lower()
        number = next((n for n, text in sorted(listed.items()) if target in text.lower()), None)
        if number is None:
            if tool == "no_operation":
                return tool, {"reasoning": reasoning}
            return "add_memory", {"content": content, "reasoning": f"{reasoning}; nothing listed to change"}
        if tool == "update_memory":
            strategy = recorded.get("strategy", "supersede")
            new = recorded.get("content", content)
            args = {"memory_id": str(number), "new_content": new, "merge_strategy": strategy}
            return tool, args | {"reasoning": reasoning}
        if tool == "delete_memory":
            return tool, {
                "memory_id": str(number),
                "hard_delete": recorded.get("hard", False),
                "reasoning": reasoning,
            }
        return tool, {"existing_memory_id": str(number), "reasoning": reasoning}


def _message(tool: str, arguments: dict) -> dict:
    return {
        "id": "msg_recorded",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": [{"type": "tool_use", "id": "toolu_recorded", "name": tool, "input": arguments}],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 900, "output_tokens": 120},
    }


def _summary(text: str) -> dict:
    """What a good model writes for "Summarize what you remember about X": the current facts, in a
    sentence, and nothing of what used to be true (the prompt lists that apart)."""
    known = text.split("What used to be true:")[0]
    lines = [line[2:].strip() for line in known.splitlines() if line.startswith("- ")]
    return {
        "id": "msg_recorded",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-6",
        "content": [{"type": "text", "text": "You told me: " + "; ".join(lines) + "."}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 300, "output_tokens": 60},
    }


def _user_text(body: dict) -> str:
    parts = []
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, str):
            parts.append(content)
        else:
            parts.extend(block.get("text", "") for block in content or [] if isinstance(block, dict))
    return "\n".join(parts)


class ReplayServer(LocalMessagesApi):
    """Serves `Recordings` on a free local port until `close`."""

    def __init__(self, recordings: Recordings):
        self.recordings = recordings
        super().__init__()

    def reply(self, body: dict[str, Any]) -> tuple[int, dict]:
        return 200, self.answer(body)

    def answer(self, body: dict[str, Any]) -> dict:
        text = _user_text(body)
        if body.get("tool_choice", {}).get("name") == "record_memories":
            return _message("record_memories", self.recordings.extraction(text))
        tools = [t.get("name") for t in body.get("tools", [])]
        if tools in (["decide_memory_search"], ["search_queries"]):
            return _message(tools[0], self.recordings.question(tools[0], text))
        if not tools and text.startswith("Summarize what you remember about "):
            return _summary(text)
        if "<candidate>" not in text:
            self.recordings.unrecorded.append(f"request with tools {tools}: {text[:300]}")
            return _message("no_operation", {"reasoning": "not recorded"})
        return _message(*self.recordings.decision(text))
