"""Turning a request's note or messages into turns: who said what, when, and which turns count.

Assistant turns are context the user did not say; they enter extraction only when the client asks
(`include_assistant`) AND the turn reads like a summary of a tool's results, so the
assistant's own speculation never reinforces itself into memory.
"""

from __future__ import annotations

import re
from datetime import datetime

from engram.engines.ports import TurnInput
from engram.models import AnalyzeRequest

TOOL_SUMMARY_CUES = re.compile(
    r"\b(found|i see|there (?:are|is|were|was) \d+|"
    r"your (?:calendar|email|emails|inbox|schedule|account|statement|"
    r"order|orders|bank|files?|messages?|flight|booking|reservation)|based on your|according to|"
    r"(?:shows|lists|contains) (?:that|\d+)|search(?:ed)? (?:your|returned)|results? (?:show|for))\b",
    re.IGNORECASE,
)
MAX_RECENT_MESSAGES = 10


def looks_like_tool_summary(text: str) -> bool:
    return bool(TOOL_SUMMARY_CUES.search(text))


def request_turns(request: AnalyzeRequest, observed_at: datetime) -> list[TurnInput]:
    """All turns of the request in order (a note is one user turn said at `observed_at`)."""
    if request.content is not None:
        return [TurnInput(content=request.content, role="user", timestamp=observed_at)]
    assert request.messages is not None
    return [
        TurnInput(
            content=m.content,
            role=m.role,
            name=m.name,
            timestamp=m.timestamp or observed_at,
            message_id=m.id,
            user_id=m.user_id,
        )
        for m in request.messages
    ]


def extractable(turns: list[TurnInput], include_assistant: bool) -> tuple[list[TurnInput], int]:
    """The turns facts may come from, and how many assistant turns were let in."""
    kept: list[TurnInput] = []
    assistant_included = 0
    for turn in turns:
        if turn.role == "user":
            kept.append(turn)
        elif turn.role == "assistant" and include_assistant and looks_like_tool_summary(turn.content):
            kept.append(turn)
            assistant_included += 1
    return kept, assistant_included


def turn_to_state(turn: TurnInput) -> dict:
    return {
        "role": turn.role,
        "name": turn.name,
        "content": turn.content[:2000],
        "timestamp": turn.timestamp.isoformat() if turn.timestamp else None,
        "id": turn.message_id,
    } | ({"user_id": turn.user_id} if turn.user_id else {})


def turn_from_state(item: dict) -> TurnInput:
    stamp = item.get("timestamp")
    return TurnInput(
        content=item.get("content") or "",
        role=item.get("role") or "user",
        name=item.get("name"),
        timestamp=datetime.fromisoformat(stamp) if stamp else None,
        message_id=item.get("id"),
        user_id=item.get("user_id"),
    )


def rolling_summary(previous: str, fact_contents: list[str], max_chars: int = 1500) -> str:
    """Offline summary of a conversation so far: the newest extracted facts win the space."""
    lines = [line for line in previous.splitlines() if line.strip()] + [f"- {c}" for c in fact_contents]
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        if used + len(line) + 1 > max_chars:
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join(reversed(kept))
