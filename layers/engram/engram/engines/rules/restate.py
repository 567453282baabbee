"""The fact a rewritten memory states in its own slot: a user edit ("I work at Linden Studio") or an
imported line ("Hedda works at Equinor Wind") carries no extraction, yet the graph and the profile are
derived from the memory's subject/attribute/value. The offline grammar reads the text again (no model
call: it is the user's own wording, and an edit must not wait on or pay for a model)."""

from __future__ import annotations

from datetime import UTC, datetime

from engram.engines.ports import ExtractionInput, TurnInput
from engram.engines.rules.extractor import RulesExtractor
from engram.models import CandidateFact


def restate(content: str, subject: str | None = None, attribute: str | None = None) -> CandidateFact | None:
    """The fact `content` states: the one in the memory's slot (`subject`/`attribute`) when it has one,
    else the only slotted fact the text states; None when the text states none, or several."""
    now = datetime.now(UTC)
    facts = (
        RulesExtractor()
        .extract(
            ExtractionInput(
                source_id="restate", turns=[TurnInput(role="user", content=content)], observed_at=now
            )
        )
        .facts
    )
    slotted = [f for f in facts if f.attribute and f.value and f.memory_type != "entity"]
    if subject and attribute:
        same = [f for f in slotted if _same(f.subject, subject) and _same(f.attribute, attribute)]
        return same[0] if len(same) == 1 else None
    return slotted[0] if len(slotted) == 1 else None


def _same(a: str | None, b: str | None) -> bool:
    return (a or "").strip().lower() == (b or "").strip().lower()
