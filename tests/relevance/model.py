"""The shape of the relevance set: notes a user wrote, and questions with the notes that answer them.

A note becomes 0..n memories with rewritten text, so answers name notes, not memory texts: a returned
memory is matched to its note through its provenance (the analyze response's `source_id`).
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = (
    "work",
    "people",
    "food",
    "health",
    "plans",
    "places",
    "preferences",
    "history",
    "negation",
    "time_range",
    "said_about",
    "multi_hop",
    "lexical_gap",
    "no_answer",
)


@dataclass(frozen=True)
class Note:
    """One note a user sent to `POST /v1/analyze`, with the date it was written."""

    id: str
    date: str  # YYYY-MM-DD; sent as the source's document_date at 09:00 UTC
    text: str


@dataclass(frozen=True)
class Question:
    """A question an assistant asks of one user's memory.

    `answers` are the note ids whose memories answer it (empty for `no_answer`), `forbidden` the note
    ids whose memories must not be shown for it (a superseded fact when the question asks about now);
    `quick` marks the small subset the test suite runs.
    """

    kind: str
    text: str
    answers: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()
    quick: bool = False


@dataclass(frozen=True)
class History:
    user: str
    notes: tuple[Note, ...]
    questions: tuple[Question, ...]

    def key(self, note_id: str) -> str:
        return f"{self.user}/{note_id}"


def q(kind: str, text: str, answers: str = "", forbid: str = "", quick: bool = False) -> Question:
    """A question with space-separated note ids, so the data reads as a table."""
    return Question(kind, text, tuple(answers.split()), tuple(forbid.split()), quick)


def n(note_id: str, date: str, text: str) -> Note:
    return Note(note_id, date, text)
