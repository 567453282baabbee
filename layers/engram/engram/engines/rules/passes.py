"""Passes over a whole extraction: the user's preferences, entity memories, duplicates and old values."""

from __future__ import annotations

import re

from engram.engines.ports import ExtractionInput, TurnInput
from engram.engines.rules.drafts import (
    CONFIDENCE_INFERRED,
    Draft,
    TurnContext,
    is_speaker,
)
from engram.engines.rules.slots import _slot_of
from engram.engines.rules.subjects import _subject_of
from engram.language.lexicons import (
    HEALTH_AS_FIELD,
    sensitivity_of,
)
from engram.language.others_ties import OthersTie, may_tell_a_tie, others_ties
from engram.language.text import (
    FAMILY_RELATIONS,
    ONE_HOLDER_TIES,
    PARTNER_RELATIONS,
    PARTNER_TIES,
    WORK_RELATIONS,
    matches_topic,
    normalise_text,
    spot_entities,
)
from engram.models import (
    SENSITIVITY_LEVELS,
    CandidateFact,
    EntityMention,
)


def _apply_preferences(drafts: list[Draft], inp: ExtractionInput) -> list[Draft]:
    """The user's preferences: disabled types and never-store topics dropped, sensitive topics marked."""
    preferences = inp.preferences
    enabled = set(preferences.enabled_categories)
    kept: list[Draft] = []
    for draft in drafts:
        fact = draft.fact
        texts = (
            fact.content,
            fact.evidence,
            fact.category,
            fact.name,
            *draft.topics,
            *(e.name for e in fact.entities),
        )
        if not fact.forget:
            if fact.memory_type not in enabled:
                continue
            if any(matches_topic(topic, *texts) for topic in preferences.never_store):
                continue
        if fact.sensitivity_level == "normal":
            topical = [HEALTH_AS_FIELD.sub(" ", t) if isinstance(t, str) else t for t in texts]
            if any(matches_topic(topic, *topical) for topic in preferences.auto_mark_sensitive):
                fact.sensitivity_level = "sensitive"
            elif preferences.default_sensitivity_level != "normal":
                fact.sensitivity_level = preferences.default_sensitivity_level
        kept.append(draft)
    return kept


def _stated_ties(drafts: list[Draft]) -> None:
    """A tie the note states ("Dr. Whitlock is my supervisor") is how that person relates to the user in
    every fact of the note that mentions them: the title in "Dr. Whitlock studies sea urchins" suggests
    a doctor, and the last word on a person's tie is the one the graph keeps."""
    stated = {
        d.fact.name.lower(): d.fact.value
        for d in drafts
        if d.fact.attribute == "relation" and d.fact.name and d.fact.value and d.fact.subject == d.fact.name
    }
    for draft in drafts:
        fact = draft.fact
        for mention in fact.entities:
            tie = stated.get(mention.name.lower())
            if tie and mention.relationship != tie:
                mention.relationship = tie
        tie = stated.get((fact.name or "").lower())
        if tie and fact.attribute != "relation":
            fact.relationship = tie


def ties_told(turns: list[TurnInput], known_people: frozenset[str]) -> list[tuple[OthersTie, int]]:
    """The ties between two people other than the user the turns state ("Priya's husband Dev", "Bethan's
    son Theo"), each with the index of the turn that said it."""
    told: list[tuple[OthersTie, int]] = []
    for index, turn in enumerate(turns):
        if turn.role != "user" or not may_tell_a_tie(turn.content):
            continue
        text = normalise_text(turn.content)
        told.extend((tie, index) for tie in others_ties(text, spot_entities(text, known_people)))
    return told


def _entity_memories(
    drafts: list[Draft], speakers: frozenset[str], others: list[tuple[OthersTie, int]] | None = None
) -> list[Draft]:
    """One entity memory per person, pet or project a kept fact mentions ("Emma is my sister").

    A person merely mentioned ("coffee with Marcus") gets an inferred, low-confidence memory that
    reinforcement strengthens when they keep coming up; an introduced one ("my sister Emma") is explicit.
    Someone told as another's partner or relative and as no tie of the user's (`others`) gets "Dev is
    Priya's husband", "Theo is Bethan's son" instead (`_tie_memories`).
    """
    introduced = {
        d.fact.name.lower()
        for d in drafts
        if d.fact.attribute == "relation" and d.fact.name and d.fact.subject
    }
    # each person once, by the first mention that says how they relate to the user, else the first:
    # "Moved out of Niamh's last night. It's over between us." makes Niamh an ex
    chosen: dict[str, tuple[EntityMention, CandidateFact, str | None, Draft]] = {}
    for draft in drafts:
        fact = draft.fact
        if fact.forget or fact.attribute == "name":
            continue
        owner = next((e.name for e in fact.entities if e.role == "subject" and e.name in speakers), None)
        for mention in fact.entities:
            lowered = mention.name.lower()
            if lowered in introduced or is_speaker(mention.name, speakers):
                continue
            if mention.kind != "person" and mention.entity_type not in ("pet", "project"):
                continue
            if lowered not in chosen or (mention.relationship and not chosen[lowered][0].relationship):
                chosen[lowered] = (mention, fact, owner, draft)
    tied = [
        (tie, index)
        for tie, index in others or []
        if (name := tie.other.lower()) not in introduced
        and not (name in chosen and chosen[name][0].relationship)
    ]
    ties = _tie_memories(drafts, tied)
    told = {d.fact.name.lower() for d in ties if d.fact.name}
    return ties + [_entity_memory(*picked) for name, picked in chosen.items() if name not in told]


def _tie_memories(drafts: list[Draft], others: list[tuple[OthersTie, int]]) -> list[Draft]:
    """ "Dev is Priya's husband", "Theo is Bethan's son": a tie between two people other than the user,
    as the holder's relationship slot (the graph's edge between them), from the note that said it in
    passing. A clause that states the tie itself ("Leila got engaged to her girlfriend Saoirse") already
    says it better."""
    stated = {
        ((d.fact.subject or "").lower(), d.fact.attribute.lower())
        for d in drafts
        if d.fact.attribute and d.fact.attribute.startswith("relationship:")
    }
    made = []
    for tie, turn_index in others:
        if (tie.holder.lower(), f"relationship:{tie.other.lower()}") in stated:
            continue
        said = [d for d in drafts if d.turn_index == turn_index and not d.fact.forget]
        source = next((d for d in said if tie.other in d.fact.content), said[0] if said else None)
        if source is None:
            continue
        memory = _tie_memory(tie, source)
        same = next((d for d in said if d.fact.content.lower() == memory.fact.content.lower()), None)
        if same is not None and not same.fact.attribute:  # the note said just that: "Theo is Bethan's son"
            same.fact.subject, same.fact.attribute, same.fact.value = (
                tie.holder,
                memory.fact.attribute,
                tie.value,
            )
            same.fact.entities = _with_mentions(same.fact.entities, memory.fact.entities)
        else:
            made.append(memory)
    return made


def _with_mentions(entities: list[EntityMention], more: list[EntityMention]) -> list[EntityMention]:
    """`entities` and those of `more` they lack, by name."""
    named = {e.name.lower() for e in entities}
    return [*entities, *(e for e in more if e.name.lower() not in named)]


def _tie_memory(tie: OthersTie, draft: Draft) -> Draft:
    """The other's entity memory, told as plainly as the note told it."""
    source = draft.fact
    if tie.said_as_a_noun:
        content = f"{tie.other} is {tie.holder}'s {tie.noun}"
    else:  # said by a verb: "Rhys and Cerys are dating"
        content = f"{tie.other} and {tie.holder} are {tie.value}"
    topics, sensitivity = sensitivity_of(content)
    fact = CandidateFact(
        content=content,
        name=tie.other,
        memory_type="entity",
        layer="semantic",
        category="family" if not tie.is_partner else "relationships",
        entity_type="person",
        importance="medium",
        confidence=source.confidence,
        source_type=source.source_type,
        evidence=source.evidence,
        sensitivity_level=max(sensitivity, source.sensitivity_level, key=SENSITIVITY_LEVELS.index),
        subject=tie.holder,
        attribute=f"relationship:{tie.other}",
        value=tie.value,
        entities=[
            EntityMention(name=tie.other, kind="person", entity_type="person", role="subject"),
            EntityMention(name=tie.holder, kind="person", entity_type="person", role="mention"),
        ],
        provenance=list(source.provenance),
    )
    return Draft(fact=fact, topics=topics, turn_index=draft.turn_index)


def _entity_memory(mention: EntityMention, source: CandidateFact, owner: str | None, draft: Draft) -> Draft:
    relation = mention.relationship
    possessive = "my" if owner is None else f"{owner}'s"
    if mention.entity_type == "pet" and relation is None:  # "her cat Mochi": someone else's
        content = f"{mention.name} is a pet {'I know' if owner is None else owner + ' knows'}"
    elif mention.entity_type == "pet":
        content = f"{mention.name} is {possessive} {relation}"
    elif mention.entity_type == "project":
        content = f"{mention.name} is a project" + (
            " I'm involved in" if owner is None else f" {owner} is involved in"
        )
    elif relation:
        content = f"{mention.name} is {possessive} {_new(relation, source)}{relation}"
    else:
        content = f"{mention.name} is someone {'I know' if owner is None else owner + ' knows'}"
    explicit = relation is not None or mention.entity_type in ("pet", "project")
    category = "pets" if mention.entity_type == "pet" else _relation_category(relation)
    topics, sensitivity = sensitivity_of(content)
    # Known only from what the source said, so held to the source's level: "Philippa is my neighbour",
    # read out of a secret about her debts, must not list her (or quote the secret as its evidence) at a
    # ceiling the secret itself is hidden by.
    sensitivity = max(sensitivity, source.sensitivity_level, key=SENSITIVITY_LEVELS.index)
    entities = [
        EntityMention(
            name=mention.name,
            kind=mention.kind,
            entity_type=mention.entity_type,
            relationship=relation,
            role="subject",
        )
    ]
    if owner:
        entities.append(EntityMention(name=owner, kind="person", entity_type="person", role="mention"))
    fact = CandidateFact(
        content=content,
        name=mention.name,
        memory_type="entity",
        layer="semantic",
        category=category,
        entity_type=mention.entity_type,
        relationship=relation,
        importance="high"
        if relation
        in (*FAMILY_RELATIONS.values(), *PARTNER_RELATIONS.values(), "partner", "spouse", "fiancé(e)")
        else ("medium" if explicit else "low"),
        confidence=source.confidence if explicit else CONFIDENCE_INFERRED,
        source_type=source.source_type if explicit else "inferred",
        evidence=source.evidence,
        sensitivity_level=sensitivity,
        subject=mention.name,
        attribute="relation",
        value=relation,
        entities=entities,
        provenance=list(source.provenance),
    )
    return Draft(fact=fact, topics=topics, turn_index=draft.turn_index)


# "I registered with a new GP called Dr. Okafor": the tie is a new one, which the derived statement keeps so
# that the decision on a tie one person holds at a time can retire the previous holder's.
_A_NEW_ONE = re.compile(r"\b(?:a|my|our)\s+new\b", re.IGNORECASE)


def _new(relation: str, source: CandidateFact) -> str:
    one_at_a_time = relation in ONE_HOLDER_TIES and relation not in PARTNER_TIES  # partners always move
    return "new " if one_at_a_time and _A_NEW_ONE.search(source.content) else ""


def _relation_category(relation: str | None) -> str:
    if relation is None:
        return "relationships"
    if relation in FAMILY_RELATIONS.values():
        return "family"
    if relation in WORK_RELATIONS.values():
        return "work"
    if relation in ("doctor", "therapist", "dentist", "psychiatrist", "counselor", "nurse"):
        return "health"
    return "relationships"


def _dedupe(drafts: list[Draft]) -> list[Draft]:
    seen: set[str] = set()
    out: list[Draft] = []
    for draft in drafts:
        key = ("forget:" if draft.fact.forget else "") + re.sub(
            r"\W+", " ", draft.fact.content.lower()
        ).strip()
        if key in seen:
            continue
        seen.add(key)
        out.append(draft)
    return out


def _fill_old_values(drafts: list[Draft], inp: ExtractionInput) -> None:
    """A change's old value from what is already known (established facts, recent observations)."""
    pending = [d for d in drafts if d.change and not d.change.old_value and d.fact.attribute]
    if not pending:
        return
    known: dict[tuple[str, str], str] = {}
    owner_ctx = TurnContext(
        turn=TurnInput(content=""),
        index=0,
        speaker=None,
        is_assistant=False,
        observed_at=inp.observed_at,
        source_id=inp.source_id,
        known_people=frozenset(),
        speakers=frozenset(),
    )
    for fact in [*inp.established_facts, *inp.recent_observations]:
        text = normalise_text(fact.content)
        entities = spot_entities(text)
        subject = _subject_of(text, owner_ctx, entities)
        slot = _slot_of(text, subject) if subject is not None else None
        if slot is not None and slot.value:
            known.setdefault((slot.subject.lower(), slot.attribute), slot.value)
    for draft in pending:
        assert draft.change is not None and draft.fact.attribute is not None
        old = known.get(((draft.fact.subject or "").lower(), draft.fact.attribute))
        if old and old != draft.fact.value:
            draft.change.old_value = old
