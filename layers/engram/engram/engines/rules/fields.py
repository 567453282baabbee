"""The fields of a fact that are read off its clause: memory type, layer, importance, confidence, category,
and its text (dates made absolute, the speaker named, tidy punctuation)."""

from __future__ import annotations

import re

from engram.engines.rules.drafts import (
    CONFIDENCE_ASSISTANT,
    CONFIDENCE_ASSISTANT_HEDGED,
    CONFIDENCE_EXPLICIT,
    CONFIDENCE_HEARSAY,
    CONFIDENCE_HEDGED,
    CONFIDENCE_REMEMBER,
    CONTENT_MAX_CHARS,
    Slot,
    TurnContext,
)
from engram.engines.rules.slots import _object_after
from engram.engines.rules.values import tentative
from engram.language.attributes import PREFERENCE
from engram.language.cues import (
    ACTION,
    DECISION,
    EVENT_WORDS,
    GOAL,
)
from engram.language.lexicons import (
    ALLERGY_TERMS,
    ATTRIBUTE_CATEGORIES,
    CATEGORY_LEXICONS,
    EMERGENCY_TERMS,
    HIGH_IMPORTANCE_ATTRIBUTES,
    LOSS_TERMS,
    MILESTONE_TERMS,
    SMALL_EVENT_TERMS,
    STRONG_PREFERENCE,
    TRAVEL_VERBS,
    TRIVIAL_TERMS,
)
from engram.language.temporal import TemporalInfo
from engram.language.text import (
    FAMILY_RELATIONS,
    PARTNER_RELATIONS,
    SOCIAL_RELATIONS,
    WORK_RELATIONS,
    SpottedEntity,
    rewrite_first_person,
    words,
)
from engram.models import ProvenanceEntry


def _memory_type(text: str, slot: Slot | None, temporal: TemporalInfo, procedure: bool, intro: bool) -> str:
    if procedure:
        return "procedure"
    decision = DECISION.search(text)
    if decision and not tentative(text, decision.start()):
        return "decision"
    attribute = slot.attribute.split(":")[0] if slot else ""
    if attribute in ("preference", "allergy", "favorite"):
        return "preference"
    if intro:
        return "entity"
    if slot is not None and attribute not in ("birthday",):
        return "fact"
    goal = GOAL.search(text)
    past_wish = goal and re.search(r"\b(?:wanted|planned|hoped|tried|needed)\b", text[: goal.end()], re.I)
    if (
        goal
        and not past_wish
        and (
            temporal.tense != "past" or re.search(r"\b(?:going|gonna|want|plan|hope)\b", goal.group(0), re.I)
        )
    ):
        return "goal"
    preference = PREFERENCE.search(text)
    if preference and (
        _object_after(text, preference.end())
        or re.match(
            r"\s+(?:it\s+)?(?:when|how|that|being|having|getting)\b", text[preference.end() :], re.IGNORECASE
        )
    ):
        return "preference"
    action = ACTION.search(text)
    if (
        action
        and temporal.tense == "past"
        and not re.search(
            r"\b(?:got|get|was|were|been|being|is|are)\s+$", text[: action.start()], re.IGNORECASE
        )
    ):
        return "action"  # "got cancelled" happened to them, it is not something they did
    if (
        temporal.event_date
        or temporal.recurrence
        or (EVENT_WORDS.search(text) and temporal.tense == "future")
    ):
        return "event"
    return "fact"


def _layer(memory_type: str, temporal: TemporalInfo) -> str:
    if memory_type == "procedure":
        return "procedural"
    if memory_type in ("event", "action") and temporal.event_date is not None:
        return "episodic"
    return "semantic"


def _has_family(text: str) -> bool:
    return any(word in FAMILY_RELATIONS or word in PARTNER_RELATIONS for word in words(text))


def _importance(text: str, memory_type: str, slot: Slot | None, remember: bool, topics: set[str]) -> str:
    if remember or LOSS_TERMS.search(text) or EMERGENCY_TERMS.search(text) or ALLERGY_TERMS.search(text):
        return "critical"
    attribute = slot.attribute.split(":")[0] if slot else ""
    if (
        memory_type in ("decision", "goal")
        or (slot is not None and slot.change_type)
        or attribute in HIGH_IMPORTANCE_ATTRIBUTES
        or topics & {"health", "breakup"}
        or (memory_type in ("event", "action", "entity") and _has_family(text))
        or (memory_type == "event" and MILESTONE_TERMS.search(text))
    ):
        return "high"
    if TRIVIAL_TERMS.match(text):
        return "trivial"
    if memory_type == "preference" and not STRONG_PREFERENCE.search(text):
        return "low"
    if (
        memory_type == "event"
        and SMALL_EVENT_TERMS.search(text)
        and not EVENT_WORDS.search(SMALL_EVENT_TERMS.sub("", text))
    ):
        return "low"
    return "medium"


def _confidence(ctx: TurnContext, remember: bool, hedged: bool, hearsay: bool) -> float:
    if ctx.is_assistant:
        return CONFIDENCE_ASSISTANT_HEDGED if hedged else CONFIDENCE_ASSISTANT
    if remember:
        return CONFIDENCE_REMEMBER
    if hedged:
        return CONFIDENCE_HEDGED
    if hearsay:
        return CONFIDENCE_HEARSAY
    return CONFIDENCE_EXPLICIT


def _category(
    text: str,
    memory_type: str,
    slot: Slot | None,
    topics: set[str],
    temporal: TemporalInfo,
    entities: list[SpottedEntity],
) -> str:
    if topics & {"health", "medical", "mental health"}:
        return "health"
    if topics & {"death"}:
        return "family" if _has_family(text) else "relationships"
    if "financial" in topics:
        return "finance"
    if temporal.recurrence:
        return "recurring"
    if memory_type == "goal":
        return "goals"
    if slot is not None:
        attribute = slot.attribute.split(":")[0]
        if attribute in ATTRIBUTE_CATEGORIES:
            return ATTRIBUTE_CATEGORIES[attribute]
    if any(e.entity_type == "place" for e in entities) and TRAVEL_VERBS.search(text):
        return "travel"
    tokens = set(words(text))
    if tokens & set(FAMILY_RELATIONS):
        return "family"
    if tokens & (set(PARTNER_RELATIONS) | set(SOCIAL_RELATIONS)):
        return "relationships"
    if tokens & set(WORK_RELATIONS):
        return "work"
    for name, pattern in CATEGORY_LEXICONS:
        if pattern.search(text):
            return name
    if memory_type == "preference":
        return "preferences"
    if any(e.kind == "person" for e in entities):
        return "relationships"
    return "other"


def _content(text: str, temporal: TemporalInfo, ctx: TurnContext) -> str:
    """The memory text: dates made absolute, the speaker named, tidy punctuation."""
    content = temporal.annotate(text)
    if ctx.speaker:
        content = rewrite_first_person(content, ctx.speaker)
    return _tidy(content)


_ANAPHORIC_START = re.compile(
    r"^(?:it|it's|its|that|that's|this|they|they're|those|these|there|some)\b", re.IGNORECASE
)


def _answering(content: str, ctx: TurnContext) -> str:
    """ "It was amazing" answering "How was New York?" keeps the question: it says what "it" is."""
    if ctx.question and _ANAPHORIC_START.match(content):
        return f"{content} (answering: {ctx.question})"
    return content


def _attributed(content: str, ctx: TurnContext) -> str:
    """A named speaker's memory names them: "We explored the coast" -> "Melanie: We explored the coast".

    First-person singular is already rewritten to the name; "we", "it" and "that" clauses would otherwise
    leave no trace of who said them, and search could not tell one speaker's memories from the other's.
    """
    speaker = ctx.speaker
    if not speaker or ctx.is_assistant or re.search(rf"\b{re.escape(speaker)}\b", content, re.IGNORECASE):
        return content
    return f"{speaker}: {content}"


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    text = text.rstrip(" ,;:.-")
    if text and text[0].islower() and not re.match(r"^i[A-Z]", text):
        text = text[0].upper() + text[1:]
    if len(text) > CONTENT_MAX_CHARS:  # the model's limit; a run-on paste keeps its first 2000 characters
        text = text[: CONTENT_MAX_CHARS - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"
    return text or "(empty)"


def _provenance(ctx: TurnContext) -> ProvenanceEntry:
    message_ids = [ctx.turn.message_id] if ctx.turn.message_id else []
    return ProvenanceEntry(source_id=ctx.source_id, message_ids=message_ids)
