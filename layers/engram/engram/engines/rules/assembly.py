"""The records that travel with a fact (entity mentions, its main entity, a life change, a decision, an
action and its outcome), and the two requests that are facts of their own: name corrections and forgets."""

from __future__ import annotations

import re

from engram.engines.ports import ExtractionInput
from engram.engines.rules.drafts import (
    CONFIDENCE_REMEMBER,
    USER_SUBJECT,
    Draft,
    Slot,
    Subject,
    TurnContext,
)
from engram.engines.rules.fields import _confidence, _provenance, _tidy
from engram.engines.rules.slots import _slot_of
from engram.engines.rules.subjects import _subject_of
from engram.language.attributes import STATUS_RELATION
from engram.language.cues import (
    DECISION_OVER,
    DECISION_REASON,
    FORGET_FRAMING,
    FORGET_TAIL,
    OUTCOME,
)
from engram.language.sentiment import sentiment_of
from engram.language.text import (
    PET_WORDS,
    SpottedEntity,
    normalise_text,
    rewrite_first_person,
    spot_entities,
)
from engram.models import (
    ActionRecord,
    CandidateFact,
    ChangeDetected,
    DecisionRecord,
    EntityMention,
    cap_evidence,
)


def _mentions(
    entities: list[SpottedEntity],
    subject: Subject | None,
    slot: Slot | None,
    ctx: TurnContext,
    text: str,
    memory_type: str,
) -> list[EntityMention]:
    out: list[EntityMention] = []
    seen: set[str] = set()
    if ctx.speaker:
        out.append(EntityMention(name=ctx.speaker, kind="person", entity_type="person", role="subject"))
        seen.add(ctx.speaker.lower())
    for entity in entities:
        if entity.name.lower() in seen:
            continue
        seen.add(entity.name.lower())
        role = "mention"
        if subject is not None and entity.name in (subject.person, subject.key):
            role = "subject"
        elif slot is not None and entity.name in (slot.value, slot.other_person, slot.old_value):
            role = "object"
        relationship = entity.relationship
        if slot is not None and slot.attribute == "relation" and slot.value and entity.name == slot.subject:
            relationship = slot.value  # "Dr. Patel is my dentist": the stated tie, not the title's
        owners_partner = slot is not None and slot.subject == ctx.owner and slot.other_person == entity.name
        if slot is not None and owners_partner and slot.attribute.startswith("relationship"):
            status_relation = STATUS_RELATION.get(slot.value or "")
            if slot.value != "dating" or relationship is None:
                relationship = status_relation or relationship  # "broke up" makes a girlfriend an ex
        kind = entity.kind if entity.kind in ("person", "concept", "entity") else "entity"
        entity_type = entity.entity_type
        if slot is not None and slot.other_person and entity.name == slot.other_person and kind != "person":
            # "My partner is Noor", "her name is Marisol": the clause says Noor is someone, though no
            # name list knows the name
            kind, entity_type = "person", "person"
            if slot.attribute == "relation":
                relationship = relationship or slot.value
        out.append(
            EntityMention(
                name=entity.name,
                kind=kind,
                entity_type=entity_type,  # type: ignore[arg-type]
                relationship=relationship,
                role=role,
            )
        )
    if slot is not None and slot.attribute.startswith("preference:"):
        concept = slot.attribute.split(":", 1)[1]
        if concept not in seen:
            out.append(EntityMention(name=concept, kind="concept", entity_type="concept", role="object"))
    return out


def _fill_identity(
    fact: CandidateFact,
    subject: Subject | None,
    slot: Slot | None,
    entities: list[SpottedEntity],
    ctx: TurnContext,
) -> None:
    """`name`, `entity_type`, `relationship`: the fact's main entity (its subject unless that is the user)."""
    if fact.subject and fact.subject != USER_SUBJECT:
        fact.name = fact.subject
    elif slot is not None and slot.value and any(e.name == slot.value for e in entities):
        fact.name = slot.value
    elif slot is not None and slot.other_person:
        fact.name = slot.other_person
    else:
        people = [e for e in entities if e.kind == "person"]
        fact.name = (people or entities)[0].name if (people or entities) else None
    main = next((e for e in entities if e.name == fact.name), None)
    if main is not None:
        fact.entity_type = main.entity_type
        fact.relationship = main.relationship
    elif subject is not None and subject.relation and not subject.is_owner:
        fact.entity_type = "pet" if subject.relation in PET_WORDS else "person"
        fact.relationship = subject.relation
    elif fact.name and ctx.speaker and fact.name == ctx.speaker:
        fact.entity_type = "person"
    if slot is not None and slot.attribute == "relation" and slot.value and fact.name == slot.subject:
        # "Dr. Patel is my dentist": the sentence says how they relate, whatever their title suggests.
        fact.relationship = slot.value


def _change(slot: Slot | None, is_correction: bool) -> ChangeDetected | None:
    if slot is None or not slot.change_type or slot.historical:
        return None
    return ChangeDetected(
        entity=slot.subject,
        change_type=slot.change_type,
        old_value=slot.old_value,
        new_value=slot.value,
        is_correction=is_correction,
    )


def _decision_record(text: str, content: str) -> DecisionRecord:
    over = DECISION_OVER.search(text)
    reason = DECISION_REASON.search(text)
    alternatives = [_tidy(over.group("b"))] if over else []
    decision = content
    if reason:
        cut = content.lower().find(reason.group(0).lower()[:20])
        decision = _tidy(content[:cut]) if cut > 0 else content
    return DecisionRecord(
        decision=decision,
        context=_tidy(reason.group("why")) if reason else None,
        alternatives_considered=alternatives,
    )


def _attach_outcome(draft: Draft, text: str, content: str) -> None:
    match = OUTCOME.search(text)
    outcome = None
    if match:
        outcome = next(
            (match.group(g) for g in ("outcome", "outcome2", "outcome3", "outcome4") if match.group(g)), None
        )
    outcome = _tidy(outcome) if outcome else None
    if outcome:
        outcome = outcome[0].lower() + outcome[1:] if not outcome[:2].isupper() else outcome
    outcome_sentiment = sentiment_of(outcome) if outcome else None
    action = content
    if outcome and match:
        action = _tidy(text[: match.start()])
    draft.fact.outcome = outcome
    draft.fact.outcome_sentiment = outcome_sentiment
    draft.action = ActionRecord(action=action, outcome=outcome, outcome_sentiment=outcome_sentiment)


def _name_correction(old: str, new: str, sentence: str, ctx: TurnContext) -> None:
    """ "Actually it's spelled Michael, not Mike": subject = the old form, attribute name, value = the new."""
    content = f"{old} is actually spelled {new}"
    fact = CandidateFact(
        content=content,
        name=new,
        memory_type="fact",
        category="other",
        importance="medium",
        confidence=_confidence(ctx, False, False, False),
        source_type="inferred" if ctx.is_assistant else "explicit",
        evidence=cap_evidence(sentence),
        subject=old,
        attribute="name",
        value=new,
        is_correction=True,
        entities=[EntityMention(name=new, kind="person", entity_type="person", role="subject")],
        provenance=[_provenance(ctx)],
    )
    draft = Draft(fact=fact, turn_index=ctx.index)
    draft.change = ChangeDetected(
        entity=old, change_type="name", old_value=old, new_value=new, is_correction=True
    )
    ctx.drafts.append(draft)


def _forget(what: str, sentence: str, ctx: TurnContext, inp: ExtractionInput) -> None:
    """A forget request becomes one `forget=True` fact describing what to forget (and nothing else)."""
    target = FORGET_FRAMING.sub("", what.strip()).strip()
    target = FORGET_TAIL.sub("", target).strip(" ,.")
    if not target or target.lower() in ("it", "that", "this", "what i said", "everything i said"):
        if ctx.drafts:
            ctx.drafts.pop()  # "... Actually, forget that.": the user retracted what they just said
            return
        previous = inp.previous_message
        if previous is None or previous.role != "user":
            return
        target = normalise_text(previous.content)
    if "[redacted:" in target.lower():
        target = re.sub(r"\[redacted:[^\]]*\]", "", target).strip() or "a secret"
    entities = spot_entities(target, ctx.known_people)
    subject = _subject_of(target, ctx, entities)
    slot = _slot_of(target, subject) if subject is not None else None
    content = rewrite_first_person(target, ctx.speaker) if ctx.speaker else target
    fact = CandidateFact(
        content=_tidy(content),
        memory_type="fact",
        importance="medium",
        confidence=CONFIDENCE_REMEMBER,
        source_type="explicit",
        evidence=cap_evidence(sentence),
        subject=slot.subject if slot else None,
        attribute=slot.attribute if slot else None,
        value=slot.value if slot else None,
        forget=True,
        entities=_mentions(entities, subject, slot, ctx, target, "fact"),
        provenance=[_provenance(ctx)],
    )
    people = [e.name for e in entities if e.kind == "person"]
    fact.name = people[0] if people else None
    ctx.drafts.append(Draft(fact=fact, turn_index=ctx.index))
