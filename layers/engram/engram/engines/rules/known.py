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
from engram.engines.rules.drafts import Slot, TurnContext
from engram.engines.rules.slots import _slot_of, _subject_of
from engram.language.phrases import NAME
from engram.language.text import normalise_text, spot_entities

# "Oskar is my friend", "Kenji is someone I know", "a cat named Pickles", "My cat is called Juniper"
_INTRODUCED = re.compile(
    rf"^(?P<name>{NAME})\s+is\s+(?:my|our|someone|a\s+project|\w+'s)\b|\b(?:named|called)\s+(?P<pet>{NAME})"
    rf"|\b(?:my|our)\s+[a-z\-]+\s+(?P<rel>{NAME})\b"
)


def known_names(inp: ExtractionInput) -> frozenset[str]:
    """Names of people and pets the known facts introduce (cheap: one regex per fact, no entity spotting)."""
    names: set[str] = set()
    for fact in [*inp.established_facts, *inp.recent_observations]:
        for match in _INTRODUCED.finditer(fact.content):
            name = match.group("name") or match.group("pet") or match.group("rel")
            if name:
                names.add(name)
    return frozenset(names)


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
