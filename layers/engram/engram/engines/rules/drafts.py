"""The working types of the rules extractor: a clause's subject and slot, a draft fact, a turn's context.

Also the confidence scale the extractor assigns and whether a name is one of the conversation's speakers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from engram.engines.ports import TurnInput
from engram.models import ActionRecord, CandidateFact, ChangeDetected, DecisionRecord

MODEL = "rules-v1"
USER_SUBJECT = "user"
CONTENT_MAX_CHARS = 2000  # CandidateFact.content's limit

# How sure the extractor is of what it read, by how it was said.
CONFIDENCE_EXPLICIT = 0.8  # a plain statement by the user
CONFIDENCE_REMEMBER = 1.0  # "remember that ...": the user asked for it
CONFIDENCE_HEDGED = 0.5  # "I think", "maybe", "probably"
CONFIDENCE_HEARSAY = 0.7  # "Marcus told me he ...": explicit, but second hand
CONFIDENCE_ASSISTANT = 0.5  # an assistant's tool summary: inferred
CONFIDENCE_ASSISTANT_HEDGED = 0.4
CONFIDENCE_INFERRED = 0.4  # derived by us (a person merely mentioned becomes an entity memory)


@dataclass
class Slot:
    """The subject/attribute/value a clause states, plus the life change it announces, if any."""

    subject: str
    attribute: str
    value: str | None
    change_type: str | None = None  # job | location | relationship | status | name ...
    old_value: str | None = None
    historical: bool = False
    other_person: str | None = None  # the partner in a relationship slot


@dataclass
class Subject:
    """Who a clause is about: the owner (the user or the named speaker), a named person or a relative."""

    key: str  # the `subject` stored on the fact
    is_owner: bool
    person: str | None = None  # a person's name when the subject is one
    relation: str | None = None
    owner: str = "user"  # the user or the named speaker, whoever the clause is about


@dataclass
class Draft:
    """A candidate fact with the side records (change, decision, action) that travel with it."""

    fact: CandidateFact
    change: ChangeDetected | None = None
    decision: DecisionRecord | None = None
    action: ActionRecord | None = None
    topics: set[str] = field(default_factory=set)  # domain tags for preference topic matching
    turn_index: int = 0


@dataclass
class TurnContext:
    turn: TurnInput
    index: int
    speaker: str | None  # a named speaker, else None (the app's user)
    is_assistant: bool
    observed_at: datetime
    source_id: str
    known_people: frozenset[str]
    speakers: frozenset[str]
    last_person: str | None = None
    question: str | None = None  # the other speaker's question this turn answers, if it follows one
    belongings: frozenset[str] = frozenset()  # words of what the known facts call the user's (`known`)
    # medicines the known facts give a dose of, and who takes each (`medicines.known_medicines`)
    medicines: dict[str, str] = field(default_factory=dict)
    drafts: list[Draft] = field(default_factory=list)

    @property
    def owner(self) -> str:
        return self.speaker or USER_SUBJECT


def is_speaker(name: str, speakers: frozenset[str]) -> bool:
    """A speaker of the conversation, by name or by a short form of it ("Mel" for Melanie, "Jo" for Joanna):
    the other speaker addressed by a nickname is not a new person they know."""
    lowered = name.lower()
    return name in speakers or (
        len(lowered) >= 2 and " " not in lowered and any(s.lower().startswith(lowered) for s in speakers)
    )
