"""What the user already told us, read back from the known facts extraction is given: the names of the
people and pets in their life, and the current subject/attribute/value of each known fact.

A change often names someone only once it is news ("Oskar is a paramedic now", "Pickles passed away"):
a name the user introduced before is a person (or pet) again, though no name list knows it. And a
change that leaves something unsaid ("we broke up", "Walter passed away") is completed from what is
known: whom "we" were dating, where Walter lived and whom he was married to.
"""

from __future__ import annotations

import re

from engram.engines.ports import ExtractionInput, TurnInput
from engram.engines.rules.drafts import Draft, Slot, TurnContext
from engram.engines.rules.slots import UNFILED_BELONGING, _slot_of
from engram.engines.rules.subjects import _subject_of
from engram.language.attributes import STATUS_RELATION
from engram.language.belongings import names_same_thing
from engram.language.changes import DEATH_ENDING, DEATH_VALUE, no_longer_has
from engram.language.phrases import NAME
from engram.language.text import normalise_text, spot_entities
from engram.language.text.vocabulary import PARTNER_TIES, PET_WORDS, RELATION_WORDS
from engram.language.text.words import STOPWORDS
from engram.models import CandidateFact, ChangeDetected, EntityMention

# "Oskar is my friend", "Theo is Bethan's son", "Kenji is someone I know", "a cat named Pickles", "My cat
# is called Juniper"; not "Dance is my passion" or "Dance is Gina's stress fix": after "is my" only a
# relationship or a pet makes a name of someone (else every later "Dance practice ..." knew a Dance).
_TIE = "|".join(sorted((re.escape(w) for w in (*RELATION_WORDS, *PET_WORDS)), key=len, reverse=True))
_INTRODUCED = re.compile(
    rf"^(?P<name>{NAME})\s+is\s+(?:someone|a\s+project|(?:my|our|\w+'s)\s+(?:[a-z\-]+\s+)?(?:{_TIE})s?\b)"
    rf"|\b(?:named|called)\s+(?P<pet>{NAME})|\b(?:my|our)\s+[a-z\-]+\s+(?P<rel>{NAME})\b"
)


def known_names(inp: ExtractionInput) -> frozenset[str]:
    """Names of people and pets the user's graph holds and the known facts introduce (cheap: one regex
    per fact, no entity spotting)."""
    names: set[str] = set(inp.known_people)
    for fact in [*inp.established_facts, *inp.recent_observations]:
        for match in _INTRODUCED.finditer(fact.content):
            name = match.group("name") or match.group("pet") or match.group("rel")
            if name:
                names.add(name)
    return frozenset(names)


# "my food truck", "our new flat", "my own West African food truck": the words of what the user calls
# theirs, up to a stop word or punctuation ("my team under data platform" is a team); names and words
# that say which one rather than what (new, old, own, first) are left out.
_OWNED = re.compile(r"\b(?:my|our)\s+((?:[A-Za-z][a-z\-]*\s*){1,5})")
_WHICH_ONE = frozenset(
    ("new", "old", "own", "first", "second", "last", "next", "current", "little", "big", "best", "favourite")
)


def known_belongings(inp: ExtractionInput) -> frozenset[str]:
    """The words of the things the known facts call the user's ("my food truck": food, truck), so that a
    later note about "the truck" is about the user's life, though it names no person and says no "I"."""
    words: set[str] = set()
    for fact in [*inp.established_facts, *inp.recent_observations]:
        for match in _OWNED.finditer(fact.content):
            for word in match.group(1).split():
                if word.lower() in STOPWORDS:
                    break
                if word.islower() and word not in _WHICH_ONE:
                    words.add(word)
    return frozenset(words)


def known_slots(inp: ExtractionInput) -> list[Slot]:
    """The subject/attribute/value of every known fact that states one, most relevant first."""
    ctx = TurnContext(
        turn=TurnInput(content=""),
        index=0,
        speaker=None,
        is_assistant=False,
        observed_at=inp.observed_at,
        source_id=inp.source_id,
        known_people=known_names(inp),
        speakers=frozenset(),
    )
    slots: list[Slot] = []
    for fact in [*inp.established_facts, *inp.recent_observations]:
        text = normalise_text(fact.content)
        subject = _subject_of(text, ctx, spot_entities(text, ctx.known_people))
        slot = _slot_of(text, subject) if subject is not None else None
        if slot is not None and slot.value and not slot.historical:
            slots.append(slot)
    return slots


# How an ending reads for each attribute a death closes.
_ENDED = {
    "location": "no longer lives in {value}",
    "employer": "no longer works at {value}",
    "school": "no longer studies at {value}",
    "job_title": "no longer works as {value}",
}
_PARTNER_STATES = ("dating", "engaged", "married", "living together")


def complete_changes(drafts: list[Draft], inp: ExtractionInput) -> list[Draft]:
    """Complete what a change leaves unsaid from the known facts (see the module docstring): a death ends
    the person's home, job, school and partner ties (or is a pet's, which the owner no longer has); "we
    broke up" names the partner the known facts say the subject was with."""
    deaths = [d for d in drafts if d.fact.attribute == "health_status" and d.fact.value == DEATH_VALUE]
    partnerless = [d for d in drafts if d.fact.attribute == "relationship" and d.change is not None]
    unfiled = [d for d in drafts if d.fact.attribute == UNFILED_BELONGING]
    if not deaths and not partnerless and not unfiled:
        return drafts
    known = known_slots(inp)
    out = list(drafts)
    for draft in unfiled:
        _file_belonging(draft, known)
    for draft in deaths:
        out.extend(_death_endings(draft, known))
    for draft in partnerless:
        _name_the_partner(draft, known)
    return out


def _death_endings(draft: Draft, known: list[Slot]) -> list[Draft]:
    fact = draft.fact
    dead = (fact.subject or "").lower()
    pet = next((s for s in known if s.attribute.startswith("pet:") and (s.value or "").lower() == dead), None)
    if pet is not None:  # "Pickles passed away": the owner's pet
        fact.subject, fact.attribute, fact.value = pet.subject, pet.attribute, no_longer_has(pet.value or "")
        draft.change = ChangeDetected(
            entity=pet.subject, change_type="status", old_value=pet.value, new_value=fact.value
        )
        return []
    endings: list[Draft] = []
    for slot in known:
        subject = slot.subject.lower()
        if subject == dead and (slot.attribute in _ENDED or slot.attribute.startswith("relationship:")):
            phrase = _ENDED.get(slot.attribute, "is no longer with {other}")
            said = phrase.format(value=slot.value, other=slot.attribute.split(":", 1)[-1])
            endings.append(_ending(draft, slot.subject, slot.attribute, f"{fact.subject} {said}", slot.value))
        elif slot.attribute.lower() == f"relationship:{dead}" and slot.value in _PARTNER_STATES:
            said = f"{slot.subject} is no longer with {fact.subject}"
            endings.append(_ending(draft, slot.subject, slot.attribute, said, slot.value))
    return endings


def _ending(draft: Draft, subject: str, attribute: str, said: str, old: str | None) -> Draft:
    fact = draft.fact.model_copy(deep=True)
    fact.content = f"{said}: {draft.fact.subject} passed away"
    fact.subject, fact.attribute, fact.value = subject, attribute, DEATH_ENDING
    fact.memory_type = "fact"
    change = ChangeDetected(entity=subject, change_type="status", old_value=old, new_value=DEATH_ENDING)
    return Draft(fact=fact, change=change, topics=set(draft.topics), turn_index=draft.turn_index)


def _name_the_partner(draft: Draft, known: list[Slot]) -> None:
    fact = draft.fact
    subject = (fact.subject or "").lower()
    partners = [
        s
        for s in known
        if s.subject.lower() == subject
        and s.attribute.startswith("relationship:")
        and s.value in _PARTNER_STATES
    ]
    names = {s.attribute.split(":", 1)[1] for s in partners}
    if subject == "user":  # "My boyfriend is Tyler", then "we're over"
        names |= _partners_by_tie(known)
    if not names:
        _turn_to_the_partner(draft, known)
        return
    if len(names) != 1:
        return  # more than one: which one is not ours to guess
    name = names.pop()
    fact.attribute = f"relationship:{name}"
    _mention_the_partner(fact, name, subject)


def _turn_to_the_partner(draft: Draft, known: list[Slot]) -> None:
    """ "Aditya proposed", "Gareth moved out and we're separating": the news is said of the partner, so
    it is the tie of the one the known facts say they are with ("I'm dating Aditya": the user's;
    "Priya is dating Tom", then "Tom proposed": Priya's)."""
    fact = draft.fact
    person = (fact.subject or "").lower()
    if re.search(
        rf"\b{re.escape(fact.subject or '')}['’]s\s+(?!(?:been|got|gone|finally|just)\b)\w", fact.content
    ):
        return  # "Pavel's parents got divorced": news of the partner's family, not of the partner
    holders = {
        s.subject
        for s in known
        if s.attribute.lower() == f"relationship:{person}" and s.value in _PARTNER_STATES
    }
    if person in {name.lower() for name in _partners_by_tie(known)}:
        holders.add("user")  # "My boyfriend is Callum"
    if len(holders) != 1:
        return
    holder, name = holders.pop(), fact.subject or ""
    fact.subject, fact.attribute = holder, f"relationship:{name}"
    if draft.change is not None:
        draft.change.entity = holder
    _mention_the_partner(fact, name, holder.lower())


def _partners_by_tie(known: list[Slot]) -> set[str]:
    """Those the known facts call the user's partner by a tie: "My boyfriend is Tyler"."""
    return {s.subject for s in known if s.attribute == "relation" and s.value in PARTNER_TIES}


def _mention_the_partner(fact: CandidateFact, name: str, subject: str) -> None:
    relation = STATUS_RELATION.get(fact.value or "") if subject == "user" else None
    mentioned = next((e for e in fact.entities if e.name == name), None)
    if mentioned is not None:
        if relation and mentioned.relationship in (None, *PARTNER_TIES):
            mentioned.relationship = relation  # "Tyler cheated ... we're over": Tyler is now an ex
        return
    fact.entities.append(
        EntityMention(name=name, kind="person", entity_type="person", relationship=relation, role="object")
    )


def _file_belonging(draft: Draft, known: list[Slot]) -> None:
    """ "I gave away my Brompton": the kind the user's own fact about the Brompton filed it under (its
    bike); a thing no known fact names ("we sold Acme") is no belonging we know of, and stays unscoped."""
    fact = draft.fact
    said = draft.change.old_value if draft.change and draft.change.old_value else ""
    owned = next(
        (
            s
            for s in known
            if s.subject.lower() == (fact.subject or "").lower()
            and s.value
            and not s.attribute.startswith(("relationship", "relation", "employer", "school", "location"))
            and names_same_thing(said, s.value)
        ),
        None,
    )
    if owned is None:
        fact.attribute, fact.value, draft.change = None, None, None
        return
    fact.attribute = owned.attribute
    if draft.change is not None:
        draft.change.old_value = owned.value
