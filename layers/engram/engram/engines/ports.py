"""The two seams of the write path, each with an LLM implementation and an offline rules one.

Both implementations receive exactly the same inputs, so the rest of the pipeline (storage,
reinforcement, execution, audit) never knows which one ran.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from engram.models import CandidateFact, ExtractionResult, MemoryPreferences, SimilarMemory, UpdateDecision


@dataclass(frozen=True)
class TurnInput:
    """One message of the content being analysed (a note is one turn with role `user`)."""

    content: str
    role: str = "user"
    name: str | None = None  # the speaker; None = the app's user
    timestamp: datetime | None = None
    message_id: str | None = None
    user_id: str | None = None  # in a team's shared source: the member who said it


@dataclass(frozen=True)
class KnownFact:
    """An existing memory shown to extraction as context (established fact or recent observation)."""

    content: str
    confidence: float
    learned_at: datetime | None = None


@dataclass
class ExtractionInput:
    """Everything phase 1 (extraction) sees: the new turns, their context, preferences, known facts.

    `turns` are the NEW content to extract from (already privacy-redacted and assistant-gated);
    `previous_message`, `recent_messages` and `conversation_summary` are context only: nothing is
    extracted from them. `observed_at` is when the content was said, so "yesterday" and "next
    month" resolve against it, never against today.
    """

    source_id: str
    turns: list[TurnInput]
    observed_at: datetime
    source_type: str = "note"
    previous_message: TurnInput | None = None
    recent_messages: list[TurnInput] = field(default_factory=list)
    conversation_summary: str = ""
    established_facts: list[KnownFact] = field(default_factory=list)
    recent_observations: list[KnownFact] = field(default_factory=list)
    # The people and pets the user's graph knows by name: "Kuba's had tummy pains" is about someone in
    # the user's life though the note says no "my son".
    known_people: list[str] = field(default_factory=list)
    preferences: MemoryPreferences = field(default_factory=MemoryPreferences)


class Extractor(Protocol):
    """Phase 1. Returns candidate facts with provenance; raises ExtractionFailed when it cannot."""

    name: str

    def extract(self, inp: ExtractionInput) -> ExtractionResult: ...


class Decider(Protocol):
    """Phase 2. Picks one operation for `fact` given the user's most similar memories (best first).

    Exact or near-exact duplicates never reach the decider: they are reinforced in code first.
    Must only ever target ids present in `similar` (unknown ids are rejected, never guessed).
    """

    name: str
    # Decides in-process, without a model call: the pipeline may then decide a note's facts inside one
    # write transaction (a model call must never hold the user's write lock).
    local: bool

    def decide(
        self, fact: CandidateFact, similar: list[SimilarMemory], observed_at: datetime
    ) -> UpdateDecision: ...
