"""What the temporal grammar returns: one resolved date phrase, and everything temporal about a clause."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class DateMention:
    """One resolved date phrase of a clause.

    `value` is the start of the period the phrase names and `last` its final second; `role` says what
    the date means for the memory ("event", "start" = effective_from, "end" = expires_at). `label` is the
    absolute form appended to the memory text (None when the phrase is already absolute with a year).
    """

    start: int
    end: int
    text: str
    value: datetime
    last: datetime
    granularity: str  # time | day | week | weekend | month | season | year
    role: str = "event"
    label: str | None = None
    has_time: bool = False


@dataclass
class TemporalInfo:
    """Everything temporal about one clause (see module docstring)."""

    tense: str = "present"  # past | present | future
    mentions: list[DateMention] = field(default_factory=list)
    event_date: datetime | None = None
    effective_from: datetime | None = None
    expires_at: datetime | None = None
    is_historical: bool = False
    recurrence: dict[str, Any] | None = None

    def annotate(self, text: str) -> str:
        """`text` with each relative mention's absolute label appended in parentheses after it.

        "went to a support group yesterday" -> "went to a support group yesterday (7 May 2023)". Mentions
        are located in `text` by their own words, so the text may have been edited before the mention.
        """
        out = text
        for mention in sorted(self.mentions, key=lambda m: m.start, reverse=True):
            if not mention.label:
                continue
            index = out.find(mention.text)
            if index < 0 or mention.label in out:  # "next tues (feb 10)": the day is written once
                continue
            insert_at = index + len(mention.text)
            out = f"{out[:insert_at]} ({mention.label}){out[insert_at:]}"
        return out
